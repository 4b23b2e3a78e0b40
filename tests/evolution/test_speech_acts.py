"""Behaviour of the speech-act filter, its bundled labelled set and its command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hybridmem.evolution as evolution
from benchmarks.evolution_models.speech_eval import (
    DATA_FILE,
    LabelledUtterance,
    bundled_data,
    evaluate,
    load_examples,
)
from hybridmem.errors import (
    EmptyContentError,
    HybridMemError,
    InvalidArgumentError,
    InvalidContentError,
    InvalidWeightError,
)
from hybridmem.evolution.speech.acts import (
    RuleBasedSpeechActClassifier,
    SpeechAct,
    SpeechActClassifier,
    SpeechActResult,
    classify,
    classify_many,
    detect_language,
)

REPO_ROOT = Path(__file__).resolve().parents[2]

# rules-v2 measured 745/750 = 0.993 on the dev split (the split it was tuned on; rules-v1:
# 662/663 before dev batch 7); the blind test batches score lower, see
# benchmarks/evolution_models/data/README.md. The floor sits a few points below, so a rule change
# that costs dev accuracy fails here while a one-sentence relabel does not.
DEV_ACCURACY_FLOOR = 0.95


@pytest.fixture(scope="module")
def clf() -> RuleBasedSpeechActClassifier:
    return RuleBasedSpeechActClassifier()


# --- the stories of the design note (sections 4.1, 4.2), in both languages -----------------


@pytest.mark.parametrize(
    "text",
    [
        "What if I moved to Chengdu?",
        "如果我搬到成都呢？",
        "如果我想转行做数据分析呢？",
        "what if I switched careers to data analysis?",
        "Suppose I took the job in Berlin",
        "要是我辞职了呢",
    ],
)
def test_hypotheticals_never_become_facts(clf, text):
    result = clf.classify(text)
    assert result.act is SpeechAct.HYPOTHETICAL
    assert not result.is_assertive


@pytest.mark.parametrize(
    "text",
    [
        "I kind of hate rain",
        "I hate rain",
        "我其实挺讨厌下雨的",
        "今天好烦",
        "ugh, I hate rain today",
    ],
)
def test_passing_emotions_are_not_preferences(clf, text):
    result = clf.classify(text)
    assert result.act is SpeechAct.EMOTION
    assert not result.is_assertive


def test_a_stability_marker_turns_a_dislike_into_a_preference(clf):
    assert clf.classify("I've always hated rain").act is SpeechAct.PREFERENCE
    assert clf.classify("我一直都讨厌下雨").act is SpeechAct.PREFERENCE


@pytest.mark.parametrize(
    "text", ["我换工作了，现在在城西上班", "I switched jobs, I work on the west side now"]
)
def test_a_change_of_state_is_an_assertion(clf, text):
    result = clf.classify(text)
    assert result.act is SpeechAct.ASSERTION
    assert result.is_assertive


@pytest.mark.parametrize("text", ["以后都选深烘焙", "I prefer dark roast from now on"])
def test_a_standing_choice_is_kept(clf, text):
    result = clf.classify(text)
    assert result.act in {SpeechAct.PREFERENCE, SpeechAct.INSTRUCTION}
    assert result.is_assertive


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("always notify me by SMS", SpeechAct.INSTRUCTION),
        ("以后别推荐辣的", SpeechAct.INSTRUCTION),
        ("If it rains tomorrow, remind me to take an umbrella", SpeechAct.INSTRUCTION),
        ("can you cancel my 3pm meeting?", SpeechAct.INSTRUCTION),
        ("I don't like cilantro", SpeechAct.PREFERENCE),
        ("我不吃香菜", SpeechAct.PREFERENCE),
        ("I don't have a car", SpeechAct.NEGATION),
        ("我已经不在城东上班了", SpeechAct.NEGATION),
        ("Do you know if the pharmacy is open on Sunday?", SpeechAct.QUESTION),
        ("如果航班延误了，酒店可以免费取消吗？", SpeechAct.QUESTION),
        ("明天会下雨吗", SpeechAct.QUESTION),
        ("how much did I spend on taxis last month", SpeechAct.QUESTION),
        # A condition on the user followed by an order is an order, not a supposition...
        ("If I'm late, tell my manager", SpeechAct.INSTRUCTION),
        ("如果我明天没回消息就提醒我", SpeechAct.INSTRUCTION),
        # ...but a supposition followed by a request for ideas stays a supposition.
        ("如果我去了北京工作，你帮我想想周末能干嘛", SpeechAct.HYPOTHETICAL),
        ("If I took the job, where would I live?", SpeechAct.HYPOTHETICAL),
        ("What would you recommend?", SpeechAct.QUESTION),
        ("Could you book a table for two at 7?", SpeechAct.INSTRUCTION),
        ("我妈帮我搬家了", SpeechAct.ASSERTION),  # someone else helped: narration
        ("我到家了", SpeechAct.ASSERTION),
        ("I moved to Chengdu one day after my birthday", SpeechAct.ASSERTION),
        ("What a mess, the movers scratched the table", SpeechAct.EMOTION),
        ("Give me a window seat over legroom any day", SpeechAct.PREFERENCE),
    ],
)
def test_priority_between_cues(clf, text, act):
    assert clf.classify(text).act is act


def test_questions_hypotheticals_emotions_fillers_are_the_only_non_assertive_acts():
    non_assertive = {
        act for act in SpeechAct if not SpeechActResult(act, 0.5, (), "en").is_assertive
    }
    assert non_assertive == {
        SpeechAct.QUESTION,
        SpeechAct.HYPOTHETICAL,
        SpeechAct.EMOTION,
        SpeechAct.FILLER,
    }


# --- the result object ------------------------------------------------------------------------


def test_result_explains_itself(clf):
    result = clf.classify("What if I moved to Chengdu?")
    assert "hyp:what-if" in result.cues
    assert "q:mark" in result.cues  # the losing reading is reported too
    assert 0.0 < result.confidence <= 1.0
    assert result.language == "en"


def test_competing_cues_lower_the_confidence(clf):
    plain = clf.classify("假如我明年去读MBA")
    contested = clf.classify("如果以后我搬去成都，你还能帮我找附近的健身房吗")
    assert contested.confidence < plain.confidence


@pytest.mark.parametrize(
    ("text", "lang"),
    [("今天好烦", "zh"), ("I hate rain", "en"), ("帮我book一下会议室", "mixed"), ("42?", "en")],
)
def test_language_detection(text, lang):
    assert detect_language(text) == lang
    assert classify(text).language == lang


@pytest.mark.parametrize("confidence", [-0.1, 1.01, float("nan")])
def test_result_rejects_confidence_outside_unit_interval(confidence):
    with pytest.raises(InvalidWeightError):
        SpeechActResult(SpeechAct.ASSERTION, confidence, (), "en")


def test_classifier_satisfies_the_protocol(clf):
    assert isinstance(clf, SpeechActClassifier)


# --- invalid input ----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [None, 42, b"bytes", ["list"]])
def test_non_text_is_rejected(clf, bad):
    with pytest.raises(InvalidContentError):
        clf.classify(bad)
    with pytest.raises(TypeError):  # the builtin idiom keeps working
        clf.classify(bad)


@pytest.mark.parametrize("bad", ["", "   ", "\n\t"])
def test_empty_text_is_rejected(clf, bad):
    with pytest.raises(EmptyContentError):
        clf.classify(bad)


def test_classify_many_keeps_order_and_fails_on_a_bad_item():
    results = classify_many(["明天会下雨吗", "I don't have a car"])
    assert [r.act for r in results] == [SpeechAct.QUESTION, SpeechAct.NEGATION]
    with pytest.raises(HybridMemError):
        classify_many(["fine", ""])


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1).filter(lambda s: s.strip()))
def test_any_text_gets_a_valid_deterministic_label(text):
    first = classify(text)
    assert first == classify(text)
    assert first.act in SpeechAct
    assert 0.0 <= first.confidence <= 1.0
    assert first.language in {"zh", "en", "mixed"}


# --- evaluation -------------------------------------------------------------------------------


class _AlwaysAssertion:
    def classify(self, text: str) -> SpeechActResult:
        return SpeechActResult(SpeechAct.ASSERTION, 1.0, (), "en")


def test_evaluate_counts_exactly():
    examples = [
        LabelledUtterance("a", "en", SpeechAct.ASSERTION, "dev"),
        LabelledUtterance("b", "en", SpeechAct.ASSERTION, "dev"),
        LabelledUtterance("c", "zh", SpeechAct.QUESTION, "dev"),
        LabelledUtterance("d", "zh", SpeechAct.EMOTION, "dev"),
    ]
    report = evaluate(_AlwaysAssertion(), examples, name="toy")
    assert (report.total, report.correct, report.accuracy) == (4, 2, 0.5)
    assertion = report.class_metrics(SpeechAct.ASSERTION)
    assert (assertion.support, assertion.predicted, assertion.correct) == (2, 4, 2)
    assert assertion.precision == 0.5
    assert assertion.recall == 1.0
    assert report.class_metrics(SpeechAct.QUESTION).recall == 0.0
    assert report.language_accuracy("en") == 1.0
    assert report.language_accuracy("zh") == 0.0
    a, q = report.labels.index(SpeechAct.ASSERTION), report.labels.index(SpeechAct.QUESTION)
    assert report.confusion[q][a] == 1
    assert sum(map(sum, report.confusion)) == 4
    assert {e.text for e in report.errors} == {"c", "d"}
    assert report.leak_rate == 1.0  # both non-assertive examples were called assertions
    payload = json.loads(json.dumps(report.to_dict()))
    assert payload["leak_rate"] == 1.0
    assert payload["per_class"]["assertion"]["precision"] == 0.5
    table = report.format_table()
    assert "toy" in table and "question" in table and "zh" in table


def test_evaluate_needs_examples(clf):
    with pytest.raises(InvalidArgumentError):
        evaluate(clf, [])


def test_dev_accuracy_stays_above_the_measured_floor(clf):
    report = evaluate(clf, load_examples(split="dev"), name="dev")
    assert report.accuracy >= DEV_ACCURACY_FLOOR, report.format_table()


# --- the bundled labelled set -----------------------------------------------------------------


def test_bundled_set_is_found_beside_its_evaluation():
    resource = bundled_data()
    assert resource.name == DATA_FILE
    assert resource.is_file()


def test_bundled_set_integrity():
    raw = bundled_data().read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(raw, 1):
        record = json.loads(line)
        assert set(record) == {"text", "lang", "act", "split"}, number
        assert record["lang"] in {"zh", "en"}, number
        assert record["split"] in {"dev", "test"}, number
        assert record["act"] in {a.value for a in SpeechAct}, number
        assert record["text"] == record["text"].strip() and record["text"], number
    examples = load_examples()
    assert len(examples) == len(raw) >= 300
    texts = [e.text.casefold() for e in examples]
    assert not [t for t, n in Counter(texts).items() if n > 1], "duplicate texts"
    per_class = Counter(e.act for e in examples)
    assert set(per_class) == set(SpeechAct)
    assert min(per_class.values()) >= 30, per_class
    zh_share = sum(e.lang == "zh" for e in examples) / len(examples)
    assert 0.4 <= zh_share <= 0.6
    test_share = sum(e.split == "test" for e in examples) / len(examples)
    assert test_share >= 0.4


def test_malformed_data_names_the_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    good = {"text": "hi", "lang": "en", "act": "assertion", "split": "dev"}
    bad = {**good, "act": "rumour"}
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(InvalidArgumentError, match="line 2"):
        load_examples(path)
    with pytest.raises(InvalidArgumentError):
        load_examples(split="train")  # type: ignore[arg-type]


# --- package surface and command line ---------------------------------------------------------


def test_exported_names_resolve():
    for name in evolution.__all__:
        assert getattr(evolution, name) is not None
    with pytest.raises(AttributeError):
        evolution.nope  # noqa: B018


def test_module_entry_point_prints_per_class_figures(tmp_path):
    out = tmp_path / "report.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.evolution_models.speech_acts",
            "--split",
            "dev",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "RuntimeWarning" not in proc.stderr
    for act in SpeechAct:
        assert act.value in proc.stdout
    assert "accuracy" in proc.stdout and "confusion" in proc.stdout
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert set(payload["dev"]["per_class"]) == {a.value for a in SpeechAct}


def test_every_cue_family_feeds_the_rules_and_cue_names_are_unique():
    from hybridmem.evolution.speech import aspect as speech_aspect
    from hybridmem.evolution.speech import discourse as speech_discourse
    from hybridmem.evolution.speech import lexicon as speech_lexicon
    from hybridmem.evolution.speech import rules as speech_rules
    from hybridmem.evolution.speech import volition as speech_volition

    families = (
        *speech_lexicon.FAMILIES,
        *speech_discourse.FAMILIES,
        *speech_volition.FAMILIES,
        *speech_aspect.FAMILIES,
    )
    slotted = [family for _, family in speech_rules._SLOTS]
    assert sorted(id(f) for f in slotted) == sorted(id(f) for f in families)
    names = [cue.name for family in families for cue in family.cues]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    ("text", "act"),
    [
        # Liking an unchosen circumstance with nothing tying it to the moment is a taste...
        ("Rainy days calm me down; I like the sound of rain.", SpeechAct.PREFERENCE),
        ("我喜欢听雨声睡觉。", SpeechAct.PREFERENCE),
        # ...disliking it is a mood, and so is liking it right now.
        ("I hate rain", SpeechAct.EMOTION),
        ("我讨厌堵车。", SpeechAct.EMOTION),
        ("I don't like snow at all.", SpeechAct.EMOTION),
        ("I kind of like the rain right now.", SpeechAct.EMOTION),
        ("今天早上的雪真好看，好喜欢。", SpeechAct.EMOTION),
        ("I've always loved thunderstorms.", SpeechAct.PREFERENCE),
    ],
)
def test_a_circumstance_makes_a_dislike_a_mood_not_a_liking(text, act):
    assert classify(text).act is act


@pytest.mark.parametrize(
    ("text", "act"),
    [
        # A feeling with a recurring cause and nothing tying it to now is a lasting trait...
        ("Crowds make me anxious.", SpeechAct.PREFERENCE),
        ("Long drives always make me sleepy.", SpeechAct.PREFERENCE),
        ("打雷总让我很紧张。", SpeechAct.PREFERENCE),
        ("每当下雨我就特别想睡觉。", SpeechAct.PREFERENCE),
        # ...one tied to this moment or to a particular cause is a mood.
        ("This snow makes me so happy today!", SpeechAct.EMOTION),
        ("my boss makes me furious", SpeechAct.EMOTION),
        ("The crowds today make me anxious.", SpeechAct.EMOTION),
        ("今天这个会开得我好累。", SpeechAct.EMOTION),
    ],
)
def test_a_feeling_with_a_recurring_cause_is_a_disposition(text, act):
    assert classify(text).act is act


@pytest.mark.parametrize(
    ("text", "act"),
    [
        # A pull towards a choice not made, a wish, a tentative plan: not facts.
        ("Sort of tempted to quit the choir.", SpeechAct.HYPOTHETICAL),
        ("Wish we could afford a bigger flat", SpeechAct.HYPOTHETICAL),
        ("Might be time to look for a new dentist", SpeechAct.HYPOTHETICAL),
        ("我有点想去学画画", SpeechAct.HYPOTHETICAL),
        ("真想换个工作", SpeechAct.HYPOTHETICAL),
        # A question without its mark, venting without a feeling word.
        ("Any clue where my passport is", SpeechAct.QUESTION),
        ("The noise upstairs is driving me crazy", SpeechAct.EMOTION),
        ("I can't cope with this heat", SpeechAct.EMOTION),
        ("那个客户把我气炸了", SpeechAct.EMOTION),
        # The facts beside them stay facts.
        ("I sing tenor in the choir.", SpeechAct.ASSERTION),
        ("我在学画画。", SpeechAct.ASSERTION),
    ],
)
def test_one_offs_said_without_the_usual_cues(text, act):
    assert classify(text).act is act


def _normalise_by_patterns(text: str) -> str:
    """``speech_lexicon.normalise`` as the three substitutions alone (no literal tests)."""
    from hybridmem.evolution.speech import lexicon as lex

    out = text.translate(lex._PUNCTUATION).lower()
    if lex._LATIN_CHAR.search(out):
        out = lex._CONTRACTION.sub(r"\1't", out)
        out = lex._BARE_PRONOUN.sub(r"\1'\2", out)
    return lex._SPACES.sub(" ", out).strip()


def test_whitespace_split_is_the_pattern_s_over_all_of_unicode():
    """normalise joins ``split()``'s words: the same as replacing ``\\s+`` runs and stripping
    only because both call the same characters whitespace, every one of them."""
    import re

    space = re.compile(r"\s")
    for code in range(sys.maxunicode + 1):
        c = chr(code)
        assert bool(space.match(c)) == c.isspace(), hex(code)


def test_normalise_equals_the_substitutions_alone():
    """The literal tests before each substitution change nothing: labelled utterances, the
    contractions and bare pronouns themselves, odd whitespace."""
    from benchmarks.evolution_models.speech_eval import load_examples
    from hybridmem.evolution.speech.lexicon import normalise

    texts = [u.text for u in load_examples()]
    texts += [
        "I dont know, I cant, we wont\tgo",
        "  Im sure ive said ill come\u3000\u00a0 ",
        "DONT  Stop,\nIM here \x1c",
        "我不知道 dont",
        "nt im ive ill",
        "ill be there",
        "ive been there",
        "im there",
        "cant",
    ]
    for text in texts:
        assert normalise(text) == _normalise_by_patterns(text), text


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("dontcawsihvelm 'İ\t\u3000\u00a0DNTIM,.")), max_size=40)
)
def test_normalise_equals_the_substitutions_alone_on_generated_text(text):
    from hybridmem.evolution.speech.lexicon import normalise

    assert normalise(text) == _normalise_by_patterns(text)


def test_retrieval_reads_the_same_assertive_acts_as_the_filter():
    """Retrieval tells standing statements from remarks by the act names the core keeps
    (it may not import the filter); they must be the filter's assertive acts."""
    from hybridmem.core.evolution_marks import ASSERTIVE_ACT_NAMES
    from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS

    assert {act.value for act in ASSERTIVE_ACTS} == ASSERTIVE_ACT_NAMES
