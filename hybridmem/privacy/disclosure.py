"""Sensitive memories in listings and reads outside a retrieval: withheld unless asked for.

Retrieval admits a sensitive memory only when the question is about it
(:mod:`hybridmem.retrieval.sensitive`). The other reads a front end offers (the MCP tree
resource and the tools ``list_memories`` / ``get_memory`` / ``list_tasks``, the REST API's
``GET /v1/memories``, ``/children``, ``/users/{u}/tree``, the inspector's pages, a LangGraph
store's items) carry no question, so they cannot tell; before this rule they gave every
sensitive memory's plaintext to whoever listed the user's memories, a model among them (issue
38). Here such a read shows a sensitive memory with its id, type and place in the tree, its text
replaced by :data:`WITHHELD`, unless the caller opted in (``include_sensitive=True``: the
application's choice, not a model's).

Every front end goes through :func:`withhold`, so they cannot drift apart. The Python facade's
own reads (``HybridMemory.get`` / ``get_all``) and the CLI are the user's and return the text,
as before.

In a store that seals every content (``PrivacyConfig(encrypt_all=True)``) every node is stored
as sensitive, and nothing tells a memory added with ``sensitive=True`` from the others; as in
retrieval (where no ordinary memory is then left to compare with), nothing is withheld there:
``seals_all``. Withholding every memory would make the listings useless.
"""

from __future__ import annotations

from dataclasses import replace

from hybridmem.models import MemoryNode

WITHHELD = "[sensitive: withheld]"
"""What a sensitive memory's content reads as in a listing or read that did not ask for it."""


def withhold(
    node: MemoryNode, include_sensitive: bool = False, *, seals_all: bool = False
) -> MemoryNode:
    """``node`` as a front end may show it: a sensitive node's content replaced by
    :data:`WITHHELD` unless ``include_sensitive`` or the store seals every content
    (``seals_all``: ``HybridMemory.encrypts_all``); any other node unchanged."""
    if include_sensitive or seals_all or not node.sensitive:
        return node
    return replace(node, content=WITHHELD)


def is_withheld(sensitive: bool, content: str | None) -> bool:
    """Whether content as shown is the :data:`WITHHELD` placeholder of a sensitive node."""
    return sensitive and content == WITHHELD


__all__ = ["WITHHELD", "is_withheld", "withhold"]
