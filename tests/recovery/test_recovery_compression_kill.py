"""SIGKILL in the middle of a compression leaves the old state or the new one (issue 32).

A child process runs maintenance over three finished tasks and kills itself with SIGKILL at a
deterministic point (no sleeps; :mod:`hybridmem.testing.compression_kill`): inside the second
task's compression, after its summary was added and before its members were archived; or just
after the compression committed, before the rest of maintenance. The parent reopens the store:
every task is either untouched (no summary, every member live) or compressed (a summary, every
member archived pointing at it), the stores agree (``verify``), and the next maintenance run
finishes the work, ending where a run never killed ends.
"""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.testing.compression_kill import USER, build, kill_during_compression, states


@pytest.mark.parametrize(("where", "expected"), [("inside", "old"), ("after", "new")])
def test_a_killed_compression_leaves_the_old_or_the_new_state(tmp_path, where, expected):
    path = tmp_path / "m"
    tasks = build(path)
    child = kill_during_compression(path, where)
    assert child.returncode == -9, child.stderr
    assert child.stdout.strip() == "killed"
    with HybridMemory(path, embedder="hash") as mem:
        assert mem.open_report.unclean_sessions == 1
        # One write unit for the user's compression: all three tasks move together.
        assert set(states(mem, tasks).values()) == {expected}
        assert mem.verify().clean
        mem.maintain(user_id=USER)
        assert set(states(mem, tasks).values()) == {"new"}
        assert mem.verify().clean
