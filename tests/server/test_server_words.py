"""The inspector speaks words: the op log as sentences, breadcrumbs and the search scope by
the nodes' text, each score feature explained beside its bar."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient

from hybridmem import HybridMemory
from hybridmem.server import create_app
from hybridmem.server.words import FEATURES, in_words


def test_ops_in_words():
    names = {"p": "“Trip”", "n": "“I moved to Hamburg.”"}

    def name(node_id: str) -> str:
        return names.get(node_id, node_id[-8:])

    add = {
        "parent_id": "p",
        "node_type": "fact",
        "conflict_group": "slot:user.residence",
        "decision": "coexist",
        "status": "active",
    }
    assert in_words("add", add, name) == (
        "added as fact under “Trip”, in value group user.residence (kept beside the current "
        "value, which is demoted)"
    )
    demote = {"action": "demote", "reason": "coexists with newer n"}
    assert in_words("evolve", demote, name) == "demote: coexists with newer n"
    newer = {"action": "demote", "reason": "coexists with newer " + "a" * 32}
    assert in_words("evolve", newer, name) == "demote: coexists with newer aaaaaaaa"
    assert in_words("move", {"from": "p", "to": "n"}, name) == (
        "moved from “Trip” to “I moved to Hamburg.”"
    )
    assert in_words("update", {"content": "Book the train", "importance": 0.9}, name) == (
        "changed content to “Book the train”, importance to 0.9"
    )
    assert in_words("delete", {"ids": ["x"], "subtree": True}, name) == (
        "deleted (with its subtree; 1 node)"
    )
    assert in_words("set_active", {}, name) == "became the active node"


def test_node_page_and_search_speak_words(tmp_path):
    with HybridMemory(tmp_path / "m", embedder="hash") as mem:
        trip = mem.add("Trip to Lisbon in May", node_type="task", user_id="u1")
        step = mem.add("Book the night train", user_id="u1", parent_id=trip.id)
        mem.update(step.id, content="Book the night train to Porto", user_id="u1")
        with TestClient(create_app(mem)) as client:
            page = client.get(f"/ui/nodes/{step.id}?user=u1").text
            # breadcrumbs by text, the id as a tooltip
            assert f'title="{trip.id}">Trip to Lisbon in May</a>' in page
            assert "added as event under “Trip to Lisbon in May”" in page
            assert "changed content to “Book the night train to Porto”" in page
            mem.add("I live in Berlin.", node_type="fact", user_id="u1")
            hamburg = mem.add("I moved to Hamburg.", node_type="fact", user_id="u1")
            values = client.get(f"/ui/nodes/{hamburg.id}?user=u1").text
            assert "demoted by newer “I moved to Hamburg.”" in values  # named, not an id
            search = client.get("/ui/search", params={"user": "u1", "q": "train"}).text
            assert (
                "scope: task" in search and ">Trip to Lisbon in May</a> and its subtree" in search
            )
            assert FEATURES["lexical"] in html.unescape(search)
