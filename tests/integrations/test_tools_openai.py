"""The tool definitions and the OpenAI function-calling front end generated from them."""

from __future__ import annotations

import json
from types import SimpleNamespace

import jsonschema
import pytest

from hybridmem.errors import InvalidArgumentError, NodeNotFoundError
from hybridmem.integrations.openai_tools import OpenAIToolDispatcher, tool_schemas
from hybridmem.integrations.tools import TOOLS, ToolBox

EXPECTED = {
    "add_memory",
    "add_messages",
    "search_memory",
    "get_memory",
    "list_tasks",
    "set_active_task",
    "delete_memory",
    "update_memory",
    "list_memories",
}


def call(tool_id: str, name: str, arguments: dict | str) -> dict:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": tool_id, "type": "function", "function": {"name": name, "arguments": text}}


def test_schemas_are_valid_json_schema_and_accept_what_the_tools_accept():
    schemas = tool_schemas()
    assert {s["function"]["name"] for s in schemas} == EXPECTED
    for entry in schemas:
        assert entry["type"] == "function"
        fn = entry["function"]
        assert fn["description"]
        params = fn["parameters"]
        jsonschema.Draft202012Validator.check_schema(params)
        assert params["type"] == "object" and params["additionalProperties"] is False
    by_name = {s["function"]["name"]: s["function"]["parameters"] for s in schemas}
    good = {"query": "where do I live?", "top_k": 3, "where": {"k": {"$in": [1, 2]}}}
    jsonschema.validate(good, by_name["search_memory"])
    for bad in ({"top_k": 3}, {"query": "x", "top_k": 0}, {"query": "x", "colour": "red"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, by_name["search_memory"])
    assert tool_schemas(["search_memory"])[0]["function"]["name"] == "search_memory"
    with pytest.raises(InvalidArgumentError, match="unknown tools"):
        tool_schemas(["nope"])


def test_a_conversation_of_tool_calls_through_the_dispatcher(mem):
    d = OpenAIToolDispatcher(mem, user_id="u1")
    replies = d.run(
        {
            "role": "assistant",
            "tool_calls": [
                call("c1", "add_memory", {"content": "Plan the Lisbon trip", "node_type": "task"}),
                call(
                    "c2",
                    "add_memory",
                    {
                        "content": "The user lives in Berlin",
                        "node_type": "fact",
                        "metadata": {"src": "chat"},
                    },
                ),
            ],
        }
    )
    assert [r["tool_call_id"] for r in replies] == ["c1", "c2"]
    assert all(r["role"] == "tool" for r in replies)
    task = json.loads(replies[0]["content"])["memory"]
    fact = json.loads(replies[1]["content"])["memory"]
    assert task["node_type"] == "task"
    # A fact is about the user, not the task: it goes under the root (scoping.py).
    assert fact["parent_id"] == mem.root(user_id="u1").id

    asked = call("c3", "search_memory", {"query": "Berlin", "explain": True})
    found = json.loads(d.dispatch(asked)["content"])
    assert found["hits"][0]["id"] == fact["id"]
    assert "Berlin" in found["context"] and found["tokens"] > 0
    assert "breakdown" in found["hits"][0]
    filtered = d.call("search_memory", {"query": "Berlin", "where": {"src": "mail"}})
    assert filtered["hits"] == []

    tasks = d.call("list_tasks", {})
    assert tasks["active_task_id"] == task["id"]
    assert [t["active"] for t in tasks["tasks"]] == [True]
    second = d.call("add_memory", {"content": "Renew passport", "node_type": "task"})["memory"]
    assert d.call("list_tasks", {})["active_task_id"] == second["id"]
    d.call("set_active_task", {"node_id": task["id"]})
    assert mem.active_node(user_id="u1").id == task["id"]

    d.call("update_memory", {"node_id": fact["id"], "content": "The user lives in Porto"})
    assert d.call("get_memory", {"node_id": fact["id"]})["memory"]["content"].endswith("Porto")
    listed = d.call("list_memories", {"node_type": ["fact"]})["memories"]
    assert [m["id"] for m in listed] == [fact["id"]]
    assert d.call("delete_memory", {"node_id": fact["id"]}) == {"deleted": 1}
    gone = d.call("get_memory", {"node_id": fact["id"]})
    assert gone["error"]["type"] == "NodeNotFoundError"


@pytest.mark.parametrize(
    ("name", "arguments", "error", "text"),
    [
        ("add_memory", "{not json", "InvalidArgumentError", "not valid JSON"),
        ("add_memory", {"contents": "typo"}, "InvalidArgumentError", "content: Field required"),
        ("add_memory", {"content": "x", "importance": 2}, "InvalidArgumentError", "importance"),
        ("add_memory", {"content": "   "}, "EmptyContentError", "empty"),
        (
            "search_memory",
            {"query": "x", "where": {"k": {"$regex": "."}}},
            "InvalidArgumentError",
            "unknown operator",
        ),
        ("get_memory", {"node_id": "no-such-node"}, "NodeNotFoundError", "no-such-node"),
        ("launch_rockets", {}, "InvalidArgumentError", "unknown tool"),
        ("add_memory", "[1, 2]", "InvalidArgumentError", "JSON object"),
    ],
)
def test_bad_calls_come_back_as_tool_errors(mem, name, arguments, error, text):
    d = OpenAIToolDispatcher(mem, user_id="u1")
    reply = d.dispatch(call("c9", name, arguments))
    payload = json.loads(reply["content"])
    assert payload["error"]["type"] == error
    assert text in payload["error"]["message"]
    assert mem.get_all(user_id="u1") == []  # nothing was written


def test_the_user_is_fixed_by_the_dispatcher_not_the_model(mem):
    other = mem.add("u2's secret", node_type="fact", user_id="u2")
    d = OpenAIToolDispatcher(mem, user_id="u1")
    assert d.call("get_memory", {"node_id": other.id})["error"]["type"] == "NodeNotFoundError"
    assert "error" in d.call("add_memory", {"content": "x", "user_id": "u2"})
    assert d.call("search_memory", {"query": "secret"})["hits"] == []


def test_dispatch_accepts_sdk_shaped_objects(mem):
    d = OpenAIToolDispatcher(mem, user_id="u1")
    fn = SimpleNamespace(name="add_memory", arguments='{"content": "likes tea"}')
    message = SimpleNamespace(tool_calls=[SimpleNamespace(id="x1", function=fn)])
    [reply] = d.run(message)
    assert reply["tool_call_id"] == "x1"
    assert json.loads(reply["content"])["memory"]["content"] == "likes tea"
    assert d.run(SimpleNamespace(tool_calls=None)) == []


def test_toolbox_raises_typed_errors_for_library_callers(mem):
    box = ToolBox(mem, user_id="u1")
    assert {t.name for t in TOOLS} == EXPECTED
    with pytest.raises(NodeNotFoundError):
        box.call("get_memory", {"node_id": "missing"})
    with pytest.raises(InvalidArgumentError, match="node_id: Field required"):
        box.call("delete_memory", {})
