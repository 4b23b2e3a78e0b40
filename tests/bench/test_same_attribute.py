"""The readings of "one attribute" for pairs sharing no word that the colloquial diagnosis of
issue 38 measured (benchmarks only, none shipped): what each reads, on both languages."""

from __future__ import annotations

from typing import Any

from benchmarks.same_attribute import negated, polarity, table, unique, without_values


def _pair(old: str, new: str, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "tag": "colloq5-style-en-0",
        "query": "q",
        "label": "right",
        "old": old,
        "new": new,
        "same_subject": True,
        "both_groups": False,
        "one_attribute": True,
        "pair_model": 0.3,
        "cos_old": 0.8,
        "cos_new": 0.7,
        "others": [0.6],
        "mutual_nearest": False,
    }
    base.update(extra)
    return base


def test_a_negator_before_a_naming_word_in_its_clause():
    assert "bold" in negated("No bold text, it feels like shouting.")
    # The negator is in another clause than the word: nothing negated there.
    assert "bold" not in negated("Bold the key points, no need to ask.")
    assert any("加粗" in w for w in negated("别加粗了，满屏黑字看着累。"))
    assert not negated("重点给我加粗。")
    # 不错 is an adjective, not a negator.
    assert not negated("这家理发店不错。")


def test_polarity_is_one_side_denying_a_shared_word():
    assert polarity(_pair("Bold the key points in your answers.", "No bold text, please."))
    assert polarity(_pair("重点给我加粗。", "别加粗了，满屏黑字看着累。"))
    # Both affirmative, or no shared naming word: no reading.
    assert not polarity(_pair("Bold the key points.", "Bold the headings too."))
    assert not polarity(_pair("I drink green tea.", "No coffee after lunch."))


def test_values_taken_out_in_both_languages():
    assert "Lufthansa" not in without_values("I fly Lufthansa when I can.")
    assert without_values("I fly Lufthansa when I can.").startswith("I fly")
    assert "fly" in without_values("I fly Lufthansa when I can.")
    assert "2" not in without_values("我每周2次去游泳。")


def test_the_table_counts_each_half_and_names_the_wrong_pairs():
    right = _pair("a", "b")
    wrong = _pair("c", "d", label="wrong", tag="first_day-third-en")
    other_subject = _pair("e", "f", same_subject=False)
    rows = table([right, wrong, other_subject], {"all": lambda p: True})
    by_half = {r["half"]: r for r in rows}
    # Half B holds colloq5 and first-day third; the pair about another person never fires.
    assert by_half["B"]["right"] == 1 and by_half["B"]["of_right"] == 2
    assert by_half["B"]["wrong"] == 1
    assert by_half["B"]["wrong_pairs"] == ["first_day-third-en: c -> d"]
    assert by_half["A"]["of_right"] == 0


def test_overlapping_dumps_count_each_pair_once():
    p = _pair("a", "b")
    assert unique([p, dict(p), _pair("a", "c")]) == [p, _pair("a", "c")]
