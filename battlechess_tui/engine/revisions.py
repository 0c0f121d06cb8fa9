"""Rules revisions: each game's variant file gives its revision, one more for each change of the
rules that alters what a recorded game replays to (``changes``). A save records the revision it
was played under and replays under those rules: the rules keep each older behaviour behind a
small switch named by its rule and revision (``GC31_QUEEN_RECOVERY``), and nothing else
branches on revisions.
"""

from __future__ import annotations

from battlechess_tui.engine.spec import VariantSpec


def at_revision(spec: VariantSpec, revision: int) -> VariantSpec:
    """``spec`` as it was at ``revision`` (its changes after it dropped); ValueError for a
    revision the game never had."""
    if not 1 <= revision <= spec.revision:
        raise ValueError(
            f"it was played under {spec.name} rules revision {revision}; this battlechess "
            f"knows revisions 1 to {spec.revision}"
        )
    if revision == spec.revision:
        return spec
    kept = [c for c in spec.changes if c.revision <= revision]
    return spec.model_copy(update={"revision": revision, "changes": kept})


def is_revision_of(spec: VariantSpec, latest: VariantSpec) -> bool:
    """Whether ``spec`` is ``latest`` at an older revision (what a save of a shipped game
    played under older rules is built from)."""
    return 1 <= spec.revision <= latest.revision and at_revision(latest, spec.revision) == spec


def changed_since(spec: VariantSpec, revision: int) -> list[str]:
    """The rule ids changed after ``revision``, each once, in the order of the changes."""
    ids = (rule for c in spec.changes if c.revision > revision for rule in c.rules)
    return list(dict.fromkeys(ids))


def revision_line(spec: VariantSpec, revision: int) -> str | None:
    """The line a replay, a load or an analysis opens with for a game played under older
    rules ("played under Gladiator Chess rules revision 1; GC-31 has changed since"); None
    when ``revision`` is the newest."""
    changed = changed_since(spec, revision)
    if revision >= spec.revision or not changed:
        return None
    verb = "has" if len(changed) == 1 else "have"
    since = f"{', '.join(changed)} {verb} changed since"
    return f"played under {spec.name} rules revision {revision}; {since}"
