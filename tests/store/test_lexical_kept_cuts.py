"""``lexical.terms`` keeps the cuts of the texts it cut last: the same terms as a fresh cut,
in both languages, and a list of the caller's own each time."""

from __future__ import annotations

from hybridmem import lexical

TEXTS = (
    "I moved to Leeds last week and the commute is longer now.",
    "我上个月搬到杭州了，每天坐地铁上班。",
    "My sister 小周 teaches piano in 成都 on Saturdays.",
)


def test_a_kept_cut_is_the_fresh_cut_in_both_languages() -> None:
    lexical._kept_cut.cache_clear()
    for text in TEXTS:
        fresh = list(lexical._cut(text))
        assert lexical.terms(text) == fresh  # cut and kept
        assert lexical.terms(text) == fresh  # read back
    assert lexical._kept_cut.cache_info().hits == len(TEXTS)
    assert "杭州" in lexical.terms(TEXTS[1]) and "leeds" in lexical.terms(TEXTS[0])


def test_changing_the_returned_list_changes_no_later_cut() -> None:
    first = lexical.terms(TEXTS[0])
    first.append("planted")
    first[0] = "changed"
    again = lexical.terms(TEXTS[0])
    assert "planted" not in again and again[0] != "changed"
    assert again is not first


def test_a_long_text_is_cut_alike_and_not_kept() -> None:
    lexical._kept_cut.cache_clear()
    text = " ".join(TEXTS) * 20
    assert len(text) > lexical._KEPT_CUT_CHARS
    assert lexical.terms(text) == list(lexical._cut(text))
    assert lexical._kept_cut.cache_info().currsize == 0
