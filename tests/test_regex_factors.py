"""The speech-act classifier skips a cue pattern when the text holds none of the literals every
match of it contains; skipping must never change what it reports."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hybridmem.evolution import speech_lexicon as lex
from hybridmem.evolution import speech_rules as rules
from hybridmem.evolution.regex_factors import factors
from hybridmem.evolution.speech_eval import load_examples


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"\bwhat if\b", {"what if"}),
        (r"\b(?:i|we)'d\b", {"'d"}),  # the longer of the necessary choices
        (r"要是|如果", {"要是", "如果"}),
        (r"假如|假设", {"假"}),  # Python's parser pulls the common prefix out of the branches
        # The most selective necessary choice: "fun" (3 letters) over "x"/"yz".
        (r"(?:x|yz) .* fun", {" fun"}),
        (r"ab{0,3}cd", {"cd"}),
        (r"(?:ab)+z?", {"ab"}),
        (r"(?=abc)x", {"x"}),  # look-arounds are never used as evidence
        (r"[ab]c?", {"a", "b"}),  # a class of listed characters: one of them
        (r"x|[吗嘛]|么$", {"x", "吗", "嘛", "么"}),
        (r"^(?:oh|ah)\b|[唉哎]", {"oh", "ah", "唉", "哎"}),
    ],
)
def test_literals_every_match_contains(pattern, expected):
    assert factors(re.compile(pattern)) == expected


@pytest.mark.parametrize(
    "pattern",
    [
        r"a|b?",  # one branch matches the empty string
        r"\d+",
        r"[^ab]c?",  # a negated class, a range, a category: any character
        r"[a-c]d?",
        r"[ab\d]c?",
        r"x|[ab-d]",
        r"(?i)what if",  # case-insensitive: a literal test would miss "What if"
        r"(?i:what) if x",  # a local flag: the group is not used, " if x" still is
        r"(a)\1",
    ],
)
def test_no_literal_claimed_where_a_match_may_lack_it(pattern):
    found = factors(re.compile(pattern))
    if pattern == r"(?i:what) if x":
        assert found == {" if x"}
    elif pattern == r"(a)\1":
        assert found == {"a"}
    else:
        assert found is None


def _every_pattern(text: str) -> rules._Cues:
    """The cues found by searching every pattern (no literal test)."""
    has_latin, has_cjk = lex.scripts(text)
    return rules._Cues(
        **{
            slot: family.fired(text, has_latin=has_latin, has_cjk=has_cjk)
            for slot, family in rules._SLOTS
        }
    )


def test_the_literal_test_changes_no_cue_on_the_labelled_utterances():
    texts = [lex.normalise(u.text) for u in load_examples()]
    assert len(texts) > 1000
    cues = [cue for _, family in rules._SLOTS for cue in family.cues]
    assert sum(cue.factors is not None for cue in cues) > 0.9 * len(cues)
    for text in texts:
        assert rules._Cues.match(text) == _every_pattern(text), text
        for cue in cues:  # every match holds one of its pattern's literals
            if cue.factors is not None and cue.pattern.search(text):
                assert any(f in text for f in cue.factors), (cue.name, text)


_WORDS = sorted(
    {w for u in load_examples() for w in re.findall(r"\w+|[^\w\s]", lex.normalise(u.text))}
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=14), st.booleans())
def test_the_literal_test_changes_no_cue_on_recombined_words(words, joined):
    text = ("" if joined else " ").join(words)
    assert rules._Cues.match(text) == _every_pattern(text)
