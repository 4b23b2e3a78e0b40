"""A first-day newcomer as data: what is said, in order, and what is asked.

Kept apart from :mod:`benchmarks.first_day` (the runner) so that the sets of newcomers
(``first_day_blind`` .. ``first_day_ninth``, the sealed probes) depend on the shape of a
newcomer only, and the runner can import every set without the sets importing it back.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Persona:
    """One language's first day: what is said, in order, and what is asked."""

    lang: str
    facts: tuple[tuple[str, str], ...]
    """(text, node type) of the ordinary facts and the preference, said first."""
    old: str
    new: str
    """The value said first and the change said later (same attribute)."""
    secrets: tuple[tuple[str, str], ...]
    """The sensitive memories: (text, a piece of it that must not reach the context of a
    question not about it)."""
    tasks: tuple[tuple[str, str], ...]
    """(task title, a note filed under it)."""
    questions: tuple[tuple[str, str], ...]
    """(question, a substring of the memory that answers it) about the user: asked from
    inside each task."""
    task_questions: tuple[tuple[str, str, int], ...]
    """(question, answer substring, the task it is asked from: the one it is about)."""
    changed: str
    """The question about the changed value."""
    about_secret: tuple[tuple[str, str], ...]
    """(question, the marker of the sensitive memory it is about): that memory first, no
    other sensitive memory in its hits or context."""
