"""Whether an agent's text says a figure the task requires (``communicate_info``).

τ²-bench and τ-bench v1 look for the figure as a substring of the agent's text (commas
removed, any case), so "12" is said by any mention of "2025-12-08"; their domains keep that
rule. In the domains we write a figure is said only as whole tokens: a token is a run of
letters and digits, joined by single inner ``- . / : _ '`` (a date, an id, an amount, a time
are one token each), or a letter grade (``B+``, ``C-``: a letter A-F and its sign), so "12" is
not said inside "2025-12-08", "T5921" or "112", nor "B+" by "B-". Numbers are compared by
value: 26 = 26.0 = 26.00, and 1,350 = 1350 (commas are removed first).
"""

import re
from decimal import Decimal

TOKEN = re.compile(r"(?<![a-z0-9])[a-f][+-](?![a-z0-9+-])|[a-z0-9]+(?:[-./:_'][a-z0-9]+)*")
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text.lower().replace(",", ""))


def _same(said: str, wanted: str) -> bool:
    if said == wanted:
        return True
    return bool(NUMBER.fullmatch(said) and NUMBER.fullmatch(wanted)) and Decimal(said) == Decimal(wanted)


def says(text: str, figure: str, whole_tokens: bool = True) -> bool:
    """Whether ``text`` says ``figure``: as whole tokens, or (``whole_tokens=False``, the
    originals' rule) as a substring of the text with its commas removed."""
    if not whole_tokens:
        return figure.lower() in text.lower().replace(",", "")
    wanted = tokens(figure)
    if not wanted:  # nothing but punctuation: only the text itself can say it
        return figure.lower() in text.lower()
    said = tokens(text)
    width = len(wanted)
    return any(all(map(_same, said[start : start + width], wanted)) for start in range(len(said) - width + 1))
