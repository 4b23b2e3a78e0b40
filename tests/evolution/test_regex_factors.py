"""The speech-act classifier skips a cue pattern when the text holds none of the literals every
match of it contains; skipping must never change what it reports."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.evolution_models.speech_eval import load_examples
from hybridmem.evolution.speech import lexicon as lex
from hybridmem.evolution.speech import rules
from hybridmem.evolution.speech.regex_factors import factors


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
        (r"oh|aw+", {"oh", "aw"}),  # a repeated character continues the run
        (r"xa{2,}y", {"xaa"}),
        (r"q+uit", {"quit"}),
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


def test_case_insensitive_ascii_and_cjk_match_only_their_case_or_the_listed_folds():
    """What :func:`folded_factors` relies on: a case-insensitive ASCII character matches no
    non-ASCII one besides ``FOLDS_ONTO_ASCII``, a CJK ideograph none besides itself."""
    from hybridmem.evolution.speech.regex_factors import FOLDS_ONTO_ASCII

    ascii_any = re.compile("[\x00-\x7f]", re.IGNORECASE)
    folds = {chr(c) for c in range(0x80, 0x110000) if ascii_any.match(chr(c))}
    assert folds == FOLDS_ONTO_ASCII
    cjk_any = re.compile("[\u3400-\u9fff]", re.IGNORECASE)
    assert not [c for c in range(0x110000) if cjk_any.match(chr(c)) and not 0x3400 <= c <= 0x9FFF]
    assert all(chr(c).lower() == chr(c).upper() == chr(c) for c in range(0x3400, 0xA000))


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"\b(?:Sugar|diet)\b", {"sugar", "diet"}),
        (r"喝.{0,2}(?:茶|Tea)", {"喝"}),
        (r"ab+c|[XY]z", {"ab", "z"}),  # per branch its most selective literal
        (r"café|tea", None),  # é folds in ways the test does not follow
        (r"\w+", None),
    ],
)
def test_folded_literals_of_case_insensitive_patterns(pattern, expected):
    from hybridmem.evolution.speech.regex_factors import folded_factors

    found = folded_factors(re.compile(pattern, re.IGNORECASE))
    assert found == (None if expected is None else frozenset(expected))
    assert folded_factors(re.compile(pattern)) is None  # case-sensitive: factors() applies


def _slot_texts() -> list[str]:
    import json

    from benchmarks.evolution_models.fitting import LABELLED as data

    texts = []
    for name in ("slot_changes.jsonl", "attribute_pairs.jsonl", "speech_acts.jsonl"):
        for line in (data / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                row = json.loads(line)
                texts += [v for v in row.values() if isinstance(v, str) and len(v) > 3]
    return texts


def _rules_agree(text: str) -> None:
    """The slot rules' literal test never rules out a rule that matches ``text``."""
    from hybridmem.evolution.slots import rules as slots

    possible = slots._RULE_LITERALS.possible(text)
    for (_, name, pattern), may in zip(slots._RULES, possible, strict=True):
        if pattern.search(text):
            assert may, (name, text)


def test_the_slot_rules_literal_test_rules_out_no_match_on_the_labelled_texts():
    from hybridmem.evolution.slots import rules as slots

    texts = _slot_texts()
    assert len(texts) > 1000
    assert all(f is not None for f in slots._RULE_LITERALS.factors)
    skipped = 0
    for text in texts:
        for variant in (text, text.upper(), text.swapcase(), text.title()):
            _rules_agree(variant)
            skipped += sum(not m for m in slots._RULE_LITERALS.possible(variant))
    assert skipped > len(texts)  # the test does rule rules out


_SLOT_WORDS = sorted({w for t in _slot_texts() for w in re.findall(r"\w+|[^\w\s]", t)})


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_SLOT_WORDS), min_size=1, max_size=14),
    st.booleans(),
    st.sampled_from(["lower", "upper", "swapcase", "title", "fold"]),
)
def test_the_slot_rules_literal_test_rules_out_no_match_on_recombined_words(words, joined, case):
    text = ("" if joined else " ").join(words)
    if case == "fold":  # characters a case-insensitive ASCII letter matches: always searched
        text = text.replace("s", "\u017f").replace("k", "\u212a").replace("i", "\u0131")
    else:
        text = getattr(text, case)()
    _rules_agree(text)
