"""A message's own ``metadata`` (what a front end needs to give the message back as it came,
hybridmem.integrations.history) is kept on its buffer node, checked like any metadata."""

from __future__ import annotations

import pytest

from hybridmem.errors import InvalidArgumentError


def test_message_metadata_is_kept_on_its_buffer_node(mem):
    item = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]}
    mem.add_messages(
        [
            {
                "role": "user",
                "content": "I live in Hamburg.",
                "id": "m1",
                "metadata": {"item": item},
            },
            {"role": "assistant", "content": "Noted.", "id": "m2"},
        ],
        user_id="u1",
    )
    buffered = {n.source_id: n for n in mem.get_all(user_id="u1", node_type="message", status=None)}
    assert buffered["m1"].metadata["message_metadata"] == {"item": item}
    assert "message_metadata" not in buffered["m2"].metadata
    # Only the raw turn carries it: the memories extracted from it cite the message instead.
    [fact] = mem.get_all(user_id="u1", node_type="fact")
    assert fact.source_ids == ("m1",) and "message_metadata" not in fact.metadata


@pytest.mark.parametrize(
    ("metadata", "problem"),
    [
        ("not a dict", "metadata must be a dict"),
        ({"x": object()}, "metadata must be JSON-serialisable"),
    ],
)
def test_bad_message_metadata_names_the_message_and_writes_nothing(mem, metadata, problem):
    messages = [
        {"role": "user", "content": "fine"},
        {"role": "user", "content": "bad", "metadata": metadata},
    ]
    with pytest.raises(InvalidArgumentError, match=rf"messages\[1\]\.{problem}"):
        mem.add_messages(messages, user_id="u1")
    assert mem.get_all(user_id="u1") == []
