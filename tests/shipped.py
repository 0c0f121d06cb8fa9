"""The games the package ships (its own variant folder), apart from any plugin installed
beside it (``plugins/dice-move-chess``, which ``.ci/run`` installs). The tests of the package's
own data (the example saves, the old-saves corpus, the tables of revisions and calibrations)
are about these; an installed plugin's games are tested by the plugin's own tests, and by the
tests that take every game that plays."""

from __future__ import annotations

from battlechess_tui.engine.data_files import variants_dir
from battlechess_tui.engine.registry import specs
from battlechess_tui.engine.spec import VariantSpec


def shipped_specs() -> dict[str, VariantSpec]:
    """The shipped games' specs, by key, in menu order."""
    folder = variants_dir()
    return {key: spec for key, spec in specs().items() if (folder / f"{key}.toml").is_file()}
