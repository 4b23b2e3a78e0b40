"""A question about someone's or something's attribute is not about the user's own sealed one
(issue 38): "What's the address of my dentist?" got the user's sealed home address through its
slot's lexical evidence (user.residence), which skipped the someone-else rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hybridmem.models import MemoryNode
from hybridmem.retrieval.sensitive import withheld

HOME = "I live at 14 Larkspur Close, Leeds LS6 2QT."


def _nodes(lunch: MemoryNode) -> dict[str, MemoryNode]:
    return {
        "s": replace(lunch, id="s", content=HOME, sensitive=True),
        "a": replace(lunch, id="a", content="My dentist is Dr Okafor on Otley Road."),
    }


@pytest.mark.parametrize(
    "question", ["What's the address of my dentist?", "What is my office's address?"]
)
def test_the_holders_attribute_is_not_the_users_sealed_one(
    lunch: MemoryNode, question: str
) -> None:
    nodes = _nodes(lunch)
    # The sealed home is ahead and has the slot's lexical evidence, as in the probe.
    assert withheld(nodes, {"s": 0.9, "a": 0.5}, question, {"s": 3.0}) == {"s"}


def test_the_users_own_attribute_still_gets_it(lunch: MemoryNode) -> None:
    nodes = _nodes(lunch)
    assert withheld(nodes, {"s": 0.9, "a": 0.5}, "What is my home address?", {"s": 3.0}) == set()
    # A holder the memory names is its own: "the number of my passport" of a passport memory.
    passport = {
        "s": replace(lunch, id="s", content="My passport number is E39057712.", sensitive=True),
        "a": nodes["a"],
    }
    assert withheld(passport, {"s": 0.9, "a": 0.5}, "What is the number of my passport?") == set()
