"""Sealed (encrypted) memories in the read commands: shown masked, never a refusal.

Without the key, one sensitive memory used to make ``tree`` and ``search`` exit 7 for all of
the user's memories. The read commands open the store with
``PrivacyConfig(mask_without_key=True)``: a sealed node's content reads as
:data:`hybridmem.core.sealed.MASKED`, everything else as usual, and the command ends with one
line on stderr saying how many memories were masked and how to supply the key (stderr, so
``--json`` output stays parseable). With a key configured nothing is masked; a wrong key still
exits 7.

Imported by the commands once the engine is loaded (``hybridmem --version`` stays light).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from hybridmem.cli.support import err_console
from hybridmem.config.privacy import KEY_ENV
from hybridmem.core.sealed import is_masked, is_sealed
from hybridmem.models import MemoryNode

if TYPE_CHECKING:
    from hybridmem.memory import HybridMemory


def count(nodes: Iterable[MemoryNode]) -> int:
    """How many of ``nodes`` (distinct ids) were read masked."""
    return len({n.id for n in nodes if is_masked(n.sensitive, n.content)})


def hint(masked: int) -> None:
    """One line on stderr when ``masked`` memories were shown masked (nothing otherwise)."""
    if masked <= 0:
        return
    are = "memory is" if masked == 1 else "memories are"
    err_console.print(
        f"note: {masked} {are} sealed (encrypted) and shown masked; set ${KEY_ENV} to the "
        "store's key to read them",
        markup=False,
        highlight=False,
    )


def opened(mem: HybridMemory, node: MemoryNode) -> MemoryNode:
    """``node`` with its content readable: rows read as stored (``inspect``) carry the
    ciphertext; this opens it with the key, or masks it without one."""
    if not (node.sensitive and is_sealed(node.content)):
        return node
    return replace(node, content=mem.get(node.id, user_id=node.user_id).content)
