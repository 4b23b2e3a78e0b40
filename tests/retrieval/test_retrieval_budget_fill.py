"""A token budget is filled: ``retrieve(..., token_budget=n)`` without ``top_k`` packs as many
memories as fit, not a fixed eight (a 1,000-token budget used to hold ~300 tokens of turns)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.cli import app
from hybridmem.errors import InvalidArgumentError
from hybridmem.server import create_app

QUESTION = "what did we say about the garden?"


@pytest.fixture
def garden(tmp_path: Path, clock: FakeClock) -> Iterator[HybridMemory]:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        for i in range(40):
            mem.add(f"Note {i} about the garden: bed {i} needs water.", user_id="u1")
            clock.advance(minutes=1)
        yield mem


def test_a_budget_without_top_k_is_filled(garden: HybridMemory) -> None:
    r = garden.retrieve(QUESTION, user_id="u1", token_budget=400, record_access=False)
    assert len(r.hits) > 8
    assert r.tokens <= 400
    # Full: the next memory would not have fitted.
    assert r.dropped_for_budget > 0


def test_without_a_budget_eight_hits_as_before(garden: HybridMemory) -> None:
    r = garden.retrieve(QUESTION, user_id="u1", record_access=False)
    assert len(r.hits) == 8


def test_an_explicit_top_k_still_caps_a_budget(garden: HybridMemory) -> None:
    r = garden.retrieve(QUESTION, user_id="u1", top_k=3, token_budget=400, record_access=False)
    assert len(r.hits) == 3


@pytest.mark.parametrize("bad", [0, -2, "5", 2.5, True])
def test_a_bad_top_k_is_named(garden: HybridMemory, bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="top_k"):
        garden.retrieve(QUESTION, user_id="u1", top_k=bad, token_budget=400)  # type: ignore[arg-type]


def test_rest_search_fills_the_budget(garden: HybridMemory) -> None:
    with TestClient(create_app(garden)) as client:
        body = {"query": QUESTION, "user_id": "u1", "token_budget": 400, "record_access": False}
        filled = client.post("/v1/search", json=body).json()
        capped = client.post("/v1/search", json={**body, "top_k": 3}).json()
        plain = client.post("/v1/search", json={"query": QUESTION, "user_id": "u1"}).json()
    assert len(filled["hits"]) > 8 and filled["tokens"] <= 400
    assert len(capped["hits"]) == 3
    assert len(plain["hits"]) == 8


def test_cli_search_fills_the_budget(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "m"
    with HybridMemory(path, embedder=HashEmbedder(128), clock=clock) as mem:
        for i in range(40):
            mem.add(f"Note {i} about the garden: bed {i} needs water.", user_id="u1")
    runner = CliRunner()
    base = ["search", QUESTION, "--db", str(path), "-u", "u1", "--read-only", "--json"]
    filled = runner.invoke(app, [*base, "--budget", "400"])
    plain = runner.invoke(app, base)
    assert filled.exit_code == 0, filled.output
    assert plain.exit_code == 0, plain.output
    assert len(json.loads(filled.stdout)["hits"]) > len(json.loads(plain.stdout)["hits"]) == 8
