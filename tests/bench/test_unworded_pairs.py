"""The labelled pairs of changes that share no word (``benchmarks/unworded_pairs``): how the
development colloquial files and first-day newcomers become labelled pairs in both languages,
and how a reading is scored and its threshold chosen."""

from __future__ import annotations

from benchmarks.first_day import EN, ZH
from benchmarks.unworded_pairs import (
    Pair,
    _best,
    _colloquial,
    _first_day,
    auc,
    counts,
    units,
)


def _labels(name: str, lang: str) -> dict[tuple[str, str], str]:
    store = next(s for s in _colloquial(name) if s.lang == lang)
    return {(store.texts[i], store.texts[j]): label for (i, j), label in store.labels.items()}


def test_a_move_back_is_a_change_of_the_value_in_between_not_of_the_first():
    for lang in ("en", "zh"):
        store = next(s for s in _colloquial("blind7") if s.lang == lang)
        back = [i for i, sc in enumerate(store.scenario) if "-back-" in sc][:3]
        first, between, again = back
        assert store.labels[(between, first)] == "change"
        assert store.labels[(again, between)] == "change"
        assert store.labels[(again, first)] == "skip"  # the same value as the first


def test_controls_and_repeats_are_labelled_apart_from_changes_in_both_languages():
    for lang in ("en", "zh"):
        labels = set(_labels("blind7", lang).values())
        assert {"change", "repeat", "control"} <= labels  # back / repeat / both
        assert "control" in set(_labels("blind8", lang).values())  # a one-off remark


def test_a_first_day_newcomer_gives_one_change_and_its_facts_as_other_attributes():
    for persona in (EN, ZH):
        store = _first_day("dev", persona)
        assert store.texts[0] == persona.old and store.texts[-1] == persona.new
        assert store.labels == {(len(store.texts) - 1, 0): "change"}
        assert len(set(store.scenario)) == len(store.texts)  # every fact its own attribute


def _pair(label: str, cos: float, *, nearest: bool = True, **kw: object) -> Pair:
    return Pair("f", "en", label, "new", "old", cos=cos, pair=cos, nearest=nearest, **kw)  # type: ignore[arg-type]


def test_units_are_nearest_pairs_the_shipped_writer_leaves_alone():
    linked = _pair("change", 0.9, anchor=True, change_word=True)
    vetoed = _pair("change", 0.3, anchor=True, change_word=True)
    far = _pair("other", 0.9, nearest=False)
    plain = _pair("change", 0.9)
    assert units([linked, vetoed, far, plain]) == [vetoed, plain]
    assert units([linked, vetoed, far, plain], "no shared word") == [plain]


def test_the_threshold_links_most_changes_net_of_false_links():
    pairs = [_pair("change", 0.9), _pair("change", 0.8), _pair("other", 0.85), _pair("other", 0.82)]
    (t,) = _best(pairs, ("cos",), "any")
    # Down to 0.8 it would link both changes and both false units: no net gain.
    assert counts(pairs, ("cos",), "any", (t,)) == {
        "change": 2,
        "change_linked": 1,
        "false": 2,
        "false_linked": 0,
    }
    assert _best([_pair("other", 0.9), _pair("change", 0.5)], ("cos",), "any") == (float("inf"),)
    assert auc(pairs, "cos") == 0.5  # 0.9 above both false units, 0.8 below both
