"""The wheel carries every package and the variant data (a non-editable install must work)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_for_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "battlechess_tui").rglob("__init__.py")
    }
    assert found <= listed, f"add to pyproject.toml: {sorted(found - listed)}"
    assert config["package-dir"]["battlechess_tui.variants"] == "variants"


def test_variant_data_files_are_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["battlechess_tui.variants"]
    suffixes = {p.suffix for p in (ROOT / "variants").iterdir() if p.is_file()}
    assert suffixes <= {pattern.removeprefix("*") for pattern in patterns}
