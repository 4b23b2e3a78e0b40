"""A Chroma server's failure of a moment is tried again; a lasting one is reported, saying how
often it was tried.

On a server, a compacting erasure rebuilds the collection (delete, then create under the same
name) while other processes write to it. Their calls meet the collection gone, which
``chroma run`` (chromadb 1.5) reports from its write path as ``Error in compaction: Error
getting collection with segments: Collection [...] does not exist``, or half deleted
(``Missing metadata segment``); a moment later the name finds the new one. Here the server's
answer is replayed in front of a real server's collection; the pauses between tries are
counted, not waited.
"""

from __future__ import annotations

import uuid
from typing import Any

import numpy as np
import pytest
from chromadb.errors import InternalError, InvalidArgumentError

from hybridmem.errors import IndexUnavailableError
from hybridmem.index import chroma
from hybridmem.index.chroma import ChromaIndex

pytestmark = pytest.mark.server

COMPACTION = (
    "Error in compaction: Error getting collection with segments: "
    "Collection [571fb18e-7bd9-4847-8e04-0d13077cba0b] does not exist."
)


class Failing:
    """A real collection whose calls fail with ``error`` while ``budget[0]`` lasts (shared by
    the handles a reopen makes)."""

    def __init__(self, real: Any, budget: list[int], error: Exception) -> None:
        self.real, self.budget, self.error = real, budget, error

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.real, name)

        def call(**kwargs: Any) -> Any:
            if self.budget[0]:
                self.budget[0] -= 1
                raise self.error
            return method(**kwargs)

        return call


def failing(monkeypatch, index: ChromaIndex, failures: int, error: Exception) -> None:
    """The next ``failures`` calls of ``index`` fail, also through the handle a reopen by
    name gets from the server."""
    budget = [failures]
    index.collection = Failing(index.collection, budget, error)  # type: ignore[assignment]
    reopen = index.client.get_or_create_collection

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        return Failing(reopen(*args, **kwargs), budget, error)

    monkeypatch.setattr(index.client, "get_or_create_collection", wrapped)


@pytest.fixture
def pauses(monkeypatch) -> list[float]:
    waited: list[float] = []
    monkeypatch.setattr(chroma, "pause", waited.append)
    return waited


@pytest.fixture
def index(chroma_srv) -> ChromaIndex:
    return ChromaIndex(
        server=chroma_srv,
        collection=f"t-{uuid.uuid4().hex[:12]}",
        embedder_name="hash",
        dimension=4,
    )


def upsert_one(index: ChromaIndex) -> None:
    index.upsert(["n1"], np.ones((1, 4), dtype=np.float32), [{"user_id": "u"}])


@pytest.mark.parametrize("message", [COMPACTION, "Error in compaction: Missing metadata segment"])
def test_a_compaction_failure_of_a_moment_is_tried_again(index, pauses, message, monkeypatch):
    failing(monkeypatch, index, 2, InternalError(message))
    upsert_one(index)
    assert pauses == list(chroma.RETRY_PAUSES[:2])
    assert index.get_ids() == {"n1"}


def test_a_lasting_failure_says_how_often_it_was_tried(index, pauses, monkeypatch):
    failing(monkeypatch, index, 99, InternalError(COMPACTION))
    with pytest.raises(IndexUnavailableError) as caught:
        upsert_one(index)
    tries = len(chroma.RETRY_PAUSES) + 1
    assert f"Chroma upsert failed (tried {tries} times over 1.8 s)" in str(caught.value)
    assert "Error in compaction" in str(caught.value)
    assert pauses == list(chroma.RETRY_PAUSES)


def test_a_refused_call_is_not_tried_again(index, pauses, monkeypatch):
    failing(monkeypatch, index, 1, InvalidArgumentError("bad metadata"))
    with pytest.raises(IndexUnavailableError, match=r"^Chroma upsert failed: bad metadata"):
        upsert_one(index)
    assert pauses == []
