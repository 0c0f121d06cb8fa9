"""Rule ids as links (issue 15): ``GC-14``, ``DD-18``, ``AR-5``... in refusals, the move log, the
lessons and the rules pages open the rules page at that rule.

In text drawn by the app (the message line, the move log, a lesson's step) each id gets a click
action, ``screen.open_rule('DD-18')``, which the table screens answer; in a rules page each id
becomes a Markdown link (``rule:DD-18``) that the page follows itself.
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

#: A rule id as the rules pages write them: two capitals, a dash, a number (``SC-3``).
RULE_ID = re.compile(r"(?<![A-Za-z0-9-])([A-Z]{2}-\d+)(?![0-9])")
#: The href of a rule id's link in a rules page.
RULE_HREF = "rule:"
#: Left alone: inline code (a typed example, not a citation), a Markdown link already made, and
#: headings (a section's title names the rules it holds; the contents list follows them).
_PROTECTED = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|^#+ .*$", re.MULTILINE)


def rule_ids(text: str) -> list[str]:
    """The rule ids ``text`` cites, in order, each once."""
    return list(dict.fromkeys(RULE_ID.findall(text)))


def click_action(rule: str) -> str:
    return f"screen.open_rule({rule!r})"


def link_rules(text: Text | str) -> Text:
    """``text`` with each rule id clickable (underlined; a click opens the rules there)."""
    out = Text(text) if isinstance(text, str) else text.copy()
    for m in RULE_ID.finditer(out.plain):
        style = Style(underline=True) + Style.from_meta({"@click": click_action(m.group(1))})
        out.stylize(style, m.start(1), m.end(1))
    return out


def markdown_links(markdown: str) -> str:
    """A rules page's Markdown with every rule id a link to its rule (``[DD-6](rule:DD-6)``);
    inline code, existing links and headings are left as they are."""
    out, last = [], 0
    for m in _PROTECTED.finditer(markdown):
        out.append(_linked(markdown[last : m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(_linked(markdown[last:]))
    return "".join(out)


def _linked(chunk: str) -> str:
    return RULE_ID.sub(lambda m: f"[{m.group(1)}]({RULE_HREF}{m.group(1)})", chunk)


def defines(source: str, rule: str) -> bool:
    """Does this piece of a rules page define ``rule`` (``- **DD-6** ...``), rather than cite
    it? The page writes each rule's id in bold where the rule is stated."""
    return f"**[{rule}]({RULE_HREF}{rule})**" in source or f"**{rule}**" in source
