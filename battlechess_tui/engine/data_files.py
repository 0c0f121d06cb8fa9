"""Where the shipped variant data lives, and the rules pages beside it.

The data folder is ``variants/`` beside the package in a source checkout and
``battlechess_tui/variants`` inside an installed wheel.
"""

from __future__ import annotations

from pathlib import Path

from battlechess_tui.engine.spec import VariantSpec

_PACKAGE = Path(__file__).resolve().parent.parent


def variants_dir() -> Path:
    for candidate in (_PACKAGE / "variants", _PACKAGE.parent / "variants"):
        if (candidate / "classic.toml").is_file():
            return candidate
    raise FileNotFoundError("the variants data folder is missing from this installation")


def rules_text(spec: VariantSpec) -> str:
    """The Markdown rules shown in the app (a file in the data folder, or inline text)."""
    text = spec.rules_text
    if text.endswith(".md") and "\n" not in text:
        path = variants_dir() / text
        return path.read_text(encoding="utf-8") if path.is_file() else f"(missing {text})"
    return text
