"""The centres of :mod:`benchmarks.dense_rescoring`: which earlier questions each form
averages, and whose."""

from __future__ import annotations

import numpy as np

from benchmarks.dense_rescoring import _Asked, _centred


class _Store:
    """Stands for an engine: the patch keys its users' questions by the engine object."""


def _asked(mode: str, by_task: bool = False) -> _Asked:
    state = _Asked(mode=mode, by_task=by_task)
    state.engine = _Store()
    return state


def _ask(state: _Asked, user: str, task: str, vector: list[float]) -> np.ndarray | None:
    state.user, state.task, state.vector = user, task, np.asarray(vector, dtype=float)
    centre = state.centre()
    state.asked().append(state.vector)
    return centre


def _centre(state: _Asked, user: str, task: str, vector: list[float]) -> np.ndarray:
    centre = _ask(state, user, task, vector)
    assert centre is not None
    return centre


def test_a_first_question_has_no_centre_and_a_second_the_first():
    state = _asked("running")
    assert _ask(state, "u", "t", [1, 0, 0]) is None
    assert np.allclose(_centre(state, "u", "t", [0, 1, 0]), [1, 0, 0])


def test_asked_leaves_the_same_question_out_running_keeps_it():
    asked, running = _asked("asked"), _asked("running")
    for state in (asked, running):
        _ask(state, "u", "t", [1, 0, 0])
        _ask(state, "u", "t", [0, 1, 0])
    assert np.allclose(_centre(asked, "u", "t", [1, 0, 0]), [0, 1, 0])
    assert np.allclose(_centre(running, "u", "t", [1, 0, 0]), [0.5, 0.5, 0])


def test_users_and_with_by_task_tasks_do_not_share_a_centre():
    per_user, per_task = _asked("running"), _asked("running", by_task=True)
    for state in (per_user, per_task):
        _ask(state, "u", "a", [1, 0, 0])
        assert _ask(state, "v", "a", [0, 1, 0]) is None
    assert np.allclose(_centre(per_user, "u", "b", [0, 0, 1]), [1, 0, 0])
    assert _ask(per_task, "u", "b", [0, 0, 1]) is None


def test_centring_removes_what_every_question_shares():
    # Two statements equally near the raw query; the one along the direction all the user's
    # questions share loses once that shared direction is taken out.
    shared, topic = np.array([1.0, 0, 0]), np.array([0, 1.0, 0])
    query = (shared + topic) / np.linalg.norm(shared + topic)
    centre = shared * 0.9
    assert np.isclose(query @ shared, query @ topic)
    assert _centred(query, centre, topic) > _centred(query, centre, shared)
