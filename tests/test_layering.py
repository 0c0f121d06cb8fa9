"""The engine knows nothing of the UI: importing it must not import Textual or Rich."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_imports_no_textual_or_rich():
    code = (
        "import sys, pkgutil, importlib, battlechess_tui.engine as e, battlechess_tui.rules as r\n"
        "for pkg in (e, r):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "import battlechess_tui.engine.registry as reg\n"
        "[reg.make_variant(k) for k in reg.specs()]\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
