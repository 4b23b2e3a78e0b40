"""benchmarks.general_idf: a query word's IDF read from the general language (wordfreq), the
harness of a measured negative (the engine's BM25 is unchanged)."""

from __future__ import annotations

import pytest

from benchmarks import general_idf
from hybridmem.lexical import match_expression
from hybridmem.store import fts

pytest.importorskip("wordfreq")


@pytest.mark.parametrize(
    ("everyday", "topical", "name"),
    [("feel", "fever", "zorvexa"), ("非常", "发烧", "琪琪格")],
)
def test_the_general_language_expects_an_everyday_word_in_more_rows_than_a_topical_one(
    everyday: str, topical: str, name: str
) -> None:
    common = general_idf.expected_rows(everyday, 1000, 8.0)
    rare = general_idf.expected_rows(topical, 1000, 8.0)
    assert common > 3 * rare > 0
    assert general_idf.expected_rows(name, 1000, 8.0) == 0.0  # a word wordfreq does not list


@pytest.mark.parametrize("word", ["feel", "非常"])
def test_min_lowers_an_everyday_word_a_large_store_holds_rarely_and_keeps_a_name(
    word: str,
) -> None:
    store = general_idf.word_idf("store", word, 1, 100_000, 8.0)
    assert general_idf.word_idf("min", word, 1, 100_000, 8.0) < store
    assert general_idf.word_idf("min", "zorvexa", 1, 100_000, 8.0) == pytest.approx(store)
    # In a small store a matched word's own row already outnumbers the general language's.
    small = general_idf.word_idf("store", word, 1, 50, 8.0)
    assert general_idf.word_idf("min", word, 1, 50, 8.0) == pytest.approx(small)


def test_the_store_background_ranks_exactly_as_the_engine(mem) -> None:
    for text in (
        "I feel happy when my teacher praises my drawing.",
        "My dog had a fever last week and I was scared.",
        "我非常喜欢画画，老师夸了我。",
        "小狗发烧了，我很害怕。",
    ):
        mem.add(text, user_id="u1")
    conn = mem.store.conn
    rows = conn.execute(
        "SELECT n.id, f.rowid, f.terms FROM nodes_fts f JOIN nodes n ON n.rid = f.rowid"
    ).fetchall()
    for query in ("I feel scared, my dog has a fever", "我很害怕，小狗发烧了"):
        match = match_expression(query)
        assert match is not None
        phrases = fts.phrases_of(match)
        assert phrases is not None
        shipped = fts.rank(conn, phrases, rows)
        ours = general_idf.rank_with("store")(conn, phrases, rows)
        assert shipped is not None and ours is not None
        assert [i for i, _ in ours] == [i for i, _ in shipped]
        assert [s for _, s in ours] == pytest.approx([s for _, s in shipped])
    shipped_rank = fts.rank
    with general_idf.background_of("general"):
        assert fts.rank is not shipped_rank
    assert fts.rank is shipped_rank  # restored after the block


def test_rare_keeps_the_store_idf_of_a_word_rarer_than_the_average_and_drops_a_commoner_one():
    # madial24's ``rare`` background: a word in more rows than the store's words on average
    # (tokens over distinct terms) is incidental to any one memory.
    kept = general_idf.word_idf("rare", "fever", 2, 160, 8.0, mean_rows=2.9)
    assert kept == general_idf.word_idf("store", "fever", 2, 160, 8.0) > 1.0
    assert general_idf.word_idf("rare", "happy", 3, 160, 8.0, mean_rows=2.9) < 1e-5
