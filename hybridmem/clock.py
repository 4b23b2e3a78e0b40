"""Time, injected.

Every time-dependent decision in hybridmem (recency, decay, lifecycles, snapshots) reads the
clock it was given, so tests and replays move time forward instead of sleeping.
All times are timezone-aware UTC datetimes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]
"""A zero-argument callable returning the current time as an aware UTC datetime."""


def system_clock() -> datetime:
    """The real wall clock, in UTC."""
    return datetime.now(UTC)


def ensure_utc(value: datetime) -> datetime:
    """Return ``value`` as an aware UTC datetime; naive datetimes are taken to be UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


class FakeClock:
    """A clock that only moves when told to. Ships in the package for tests and notebooks.

    >>> clock = FakeClock(datetime(2024, 1, 1, tzinfo=UTC))
    >>> clock.advance(days=3)
    """

    def __init__(self, start: datetime | None = None) -> None:
        self._now = ensure_utc(start or datetime(2024, 1, 1, 9, 0, tzinfo=UTC))
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, **delta: float) -> datetime:
        """Move time forward by ``timedelta(**delta)`` and return the new time."""
        step = timedelta(**delta)
        if step < timedelta(0):
            raise ValueError("FakeClock only moves forward")
        with self._lock:
            self._now += step
            return self._now

    def set(self, value: datetime) -> None:
        """Jump to ``value`` (which may not be earlier than now)."""
        value = ensure_utc(value)
        with self._lock:
            if value < self._now:
                raise ValueError("FakeClock only moves forward")
            self._now = value


def to_iso(value: datetime) -> str:
    """Serialise a datetime the way the store keeps it (UTC, ISO 8601, microseconds)."""
    return ensure_utc(value).isoformat(timespec="microseconds")


def from_iso(value: str) -> datetime:
    """Parse a timestamp written by :func:`to_iso`."""
    return ensure_utc(datetime.fromisoformat(value))
