"""An ``add_many`` leaves no reference cycles behind: its batch (nodes, answers, the
planner's closures) is freed by reference counting when the call returns, so a process
holding a model (~500k objects the cycle collector walks, 0.4-0.6 s a full collection) pays
no collection for the memory's writes."""

from __future__ import annotations

import gc

from hybridmem import HashEmbedder, HybridMemory
from tests.core.test_tree_writes import _story


def _cyclic_garbage(action) -> list[str]:
    """The hybridmem objects only the cycle collector would free after ``action()``."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        action()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found = [type(o).__module__ + "." + type(o).__qualname__ for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
    return sorted({name for name in found if name.startswith("hybridmem.")})


def test_a_batch_with_facts_repeats_and_changes_leaves_no_cycles(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(), clock=clock) as mem:
        # Warm: the root, the planner's labels.
        mem.add_many([{"content": "I live in Dublin.", "node_type": "fact"}], user_id="u1")
        story = [dict(i) for i in _story(2)]
        assert _cyclic_garbage(lambda: mem.add_many(story, user_id="u1")) == []
        # Again, over what is stored now: repeats, superseded values, similarity groups.
        again = [{k: v for k, v in i.items() if k not in ("id", "parent_id")} for i in story]
        assert _cyclic_garbage(lambda: mem.add_many(again, user_id="u1")) == []
        assert mem.verify().clean
