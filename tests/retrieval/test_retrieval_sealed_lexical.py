"""An admitted sealed memory gets the lexical part of its score (issue 38): its plaintext is
not in the lexical index, so it used to be scored on similarity alone once admitted; its BM25
is now read from the decrypted text at query time, as if it were a row of the index, and it
ranks as a clear memory of the same text does. The index still holds none of its words."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory, lexical
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.store.records import Scope

FACTS = [
    "I live in Hamburg.",
    "My passport expires in March.",
    "I prefer a window seat on trains.",
    "My sister Anna lives in Munich.",
    "我喜欢喝绿茶。",
    "My bank is the Sparkasse in Hamburg.",
]
SECRET = "My IBAN at the Sparkasse is DE89370400440532013000."
SECRET_ZH = "我的招商银行卡密码是四位数。"


def _store(path: Path, sealed: bool) -> HybridMemory:
    clock = FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))
    mem = HybridMemory(
        path, embedder=HashEmbedder(64), clock=clock, privacy=PrivacyConfig(key=generate_key())
    )
    for text in FACTS:
        mem.add(text, node_type="fact", user_id="u")
        clock.advance(minutes=5)
    for text in (SECRET, SECRET_ZH):
        mem.add(text, node_type="fact", user_id="u", sensitive=sealed)
        clock.advance(minutes=5)
    return mem


@pytest.fixture
def pair(tmp_path: Path):
    sealed, clear = _store(tmp_path / "sealed", True), _store(tmp_path / "clear", False)
    yield sealed, clear
    sealed.close()
    clear.close()


def _ranked(mem: HybridMemory, question: str, **kw) -> list[tuple[str, float, float]]:
    res = mem.retrieve(question, user_id="u", top_k=20, record_access=False, **kw)
    return [(h.node.content, h.score, h.breakdown.parts["lexical"]) for h in res.hits]


@pytest.mark.parametrize(
    "question",
    [
        "what is my IBAN at the Sparkasse?",
        "which bank is my IBAN at?",
        "我的银行卡密码是什么？",
    ],
)
def test_a_sealed_memory_ranks_as_the_same_clear_memory(pair, question):
    sealed, clear = pair
    got = _ranked(sealed, question, include_sensitive=True)
    want = _ranked(clear, question, include_sensitive=True)
    assert [g[0] for g in got] == [w[0] for w in want]
    for g, w in zip(got, want, strict=True):
        assert g[1] == pytest.approx(w[1], abs=1e-9)
        assert g[2] == pytest.approx(w[2], abs=1e-9)
    secret = next(g for g in got if g[0] in (SECRET, SECRET_ZH) and g[2] > 0)
    assert secret[2] > 0  # the sealed memory's lexical part is there


def test_a_question_about_it_admits_it_with_its_lexical_part(pair):
    """Without include_sensitive, a question about the sealed memory admits it (the rule of
    retrieval/sensitive.py) and it scores as the clear one does."""
    sealed, clear = pair
    question = "what is my IBAN at the Sparkasse?"
    got = _ranked(sealed, question)
    want = _ranked(clear, question)
    assert got[0][0] == want[0][0] == SECRET
    assert got[0][1] == pytest.approx(want[0][1], abs=1e-9)
    assert got[0][2] > 0


def test_the_lexical_index_holds_no_sealed_word(pair):
    sealed, _ = pair
    for word in ("IBAN", "DE89370400440532013000", "招商银行"):
        expr = lexical.match_expression(word)
        assert expr is not None
        assert sealed.store.lexical_search(expr, Scope(user_id="u"), ["active"], 10) == []


def test_a_question_not_about_it_still_withholds_it(pair):
    sealed, _ = pair
    assert all(g[0] not in (SECRET, SECRET_ZH) for g in _ranked(sealed, "where do I live?"))
