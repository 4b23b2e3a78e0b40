"""Literal strings a regular expression cannot match without: a cheap test before a search.

The speech-act classifier runs ~290 cue patterns on every new memory, and almost none of them
match a given sentence. Most patterns hold literal text that any match must contain ("what
if", "假如", one of "i'd" / "we'd"); when a sentence holds none of a pattern's literals the
search cannot succeed and is skipped. :func:`factors` reads those literals off the pattern's
parse tree and is deliberately conservative: it returns None (always search) for anything it
does not fully understand (flags, back-references, look-arounds are never used as evidence),
so skipping a search never changes what the classifier reports.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from typing import Any

import ahocorasick

# The standard library's own regex parser and its op codes (Python 3.11's sre_parse and
# sre_constants). They are private modules: a Python that moves them only loses the speed-up
# (factors() then returns None and every pattern is searched), never a result.
sre: Any
sre_parse: Any
_REPEATS: tuple[Any, ...]
try:
    sre = importlib.import_module("re._constants")
    sre_parse = importlib.import_module("re._parser")
    _REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT))
except (ImportError, AttributeError):  # pragma: no cover - present on 3.11-3.13
    sre = sre_parse = None
    _REPEATS = ()


def factors(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Literal strings at least one of which every match of ``pattern`` contains, or None
    when no such set is known (then the pattern must always be searched)."""
    if pattern.flags & re.IGNORECASE:
        return None
    found = _literals(pattern)
    return frozenset(found) if found is not None else None


def _literals(pattern: re.Pattern[str]) -> list[str] | None:
    """The literal strings (as written) one of which every match contains, or None."""
    if sre_parse is None or pattern.flags & re.VERBOSE:
        return None
    try:
        tree = sre_parse.parse(pattern.pattern, pattern.flags)
    except (re.error, TypeError, ValueError):  # pragma: no cover - compiled patterns parse
        return None
    found = _sequence(list(tree))
    if found is None or not all(found):
        return None
    return list(found)


def _sequence(items: Sequence[tuple[Any, Any]]) -> set[str] | None:
    """Necessary literals of a sequence: any one item's (a run of literal characters is one
    string); the most selective choice (longest shortest string, then fewest strings)."""
    choices: list[set[str]] = []
    run: list[str] = []
    for op, arg in items:
        if op is sre.LITERAL:
            run.append(chr(arg))
            continue
        if op in _REPEATS and arg[0] >= 1 and len(arg[2]) == 1 and arg[2][0][0] is sre.LITERAL:
            # A repeated character ("aw+x"): the run goes on through its first copies ("aw"),
            # and its last copy begins the next run ("wx").
            char = chr(arg[2][0][1])
            run.append(char * arg[0])
            choices.append({"".join(run)})
            run = [char]
            continue
        if run:
            choices.append({"".join(run)})
            run = []
        found = _item(op, arg)
        if found:
            choices.append(found)
    if run:
        choices.append({"".join(run)})
    if not choices:
        return None
    return max(choices, key=lambda c: (min(len(s) for s in c), -len(c)))


def _item(op: Any, arg: Any) -> set[str] | None:
    """Necessary literals of one non-literal item (None: none known)."""
    if op is sre.SUBPATTERN:
        _group, add_flags, del_flags, body = arg
        return None if add_flags or del_flags else _sequence(list(body))
    if op is sre.BRANCH:
        out: set[str] = set()
        for branch in arg[1]:
            found = _sequence(list(branch))
            if not found:
                return None  # a branch that may match without any literal
            out |= found
        return out
    if op in _REPEATS:
        low, _high, body = arg
        return _sequence(list(body)) if low >= 1 else None
    if op is getattr(sre, "ATOMIC_GROUP", None):
        return _sequence(list(arg))
    if op is sre.IN:
        # A class of listed characters ("[吗嘛]", or "a|b" as the parser folds it) matches
        # one of them; a negated class, a range or a category may match anything.
        chars = {chr(value) for kind, value in arg if kind is sre.LITERAL}
        return chars if chars and len(chars) == len(arg) else None
    return None  # other classes, any-char, anchors, look-arounds, back-references


FOLDS_ONTO_ASCII = frozenset("\u0130\u0131\u017f\u212a")
"""The non-ASCII characters a case-insensitive pattern matches with an ASCII letter (İ ı ſ and
the Kelvin sign): a text holding one is always searched."""


def _folds_plainly(char: str) -> bool:
    """ASCII or a CJK ideograph: case-insensitively it matches only itself and (ASCII) its
    other case, besides :data:`FOLDS_ONTO_ASCII`."""
    return char.isascii() or "\u3400" <= char <= "\u9fff"


def folded_factors(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """For a case-insensitive ``pattern``: lower-cased literals one of which the lower-cased
    text holds wherever the pattern matches, for a text without :data:`FOLDS_ONTO_ASCII`; None
    when no such set is known (a literal with other characters, whose case folding is not
    this simple)."""
    if not pattern.flags & re.IGNORECASE:
        return None
    found = _literals(pattern)
    if found is None:
        return None
    if not all(_folds_plainly(char) for factor in found for char in factor):
        return None
    return frozenset(factor.lower() for factor in found)


class FoldedTest:
    """Which of several case-insensitive patterns a text may match, by their
    :func:`folded_factors` found in one Aho-Corasick pass over the lower-cased text (a pattern
    none of whose literals is there cannot match; one without known literals always may)."""

    def __init__(self, patterns: Sequence[re.Pattern[str]]) -> None:
        self.factors = tuple(folded_factors(p) for p in patterns)
        self._automaton = ahocorasick.Automaton()
        for factor in sorted({f for fs in self.factors if fs for f in fs}):
            self._automaton.add_word(factor, factor)
        self._automaton.make_automaton()

    def possible(self, text: str) -> tuple[bool, ...]:
        """Per pattern: False when it cannot match ``text``."""
        if not FOLDS_ONTO_ASCII.isdisjoint(text) or not len(self._automaton):
            return (True,) * len(self.factors)
        present = {factor for _, factor in self._automaton.iter(text.lower())}
        return tuple(fs is None or not fs.isdisjoint(present) for fs in self.factors)
