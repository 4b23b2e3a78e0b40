"""Shared by the server tests and the screenshot script: a story store, a live server, Chromium.

The server runs in a thread of the test process (uvicorn on 127.0.0.1, a free port) so the test
keeps the clock and the store; ``tests/server/test_server_process.py`` runs ``hybridmem serve`` as a
real subprocess instead.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hybridmem import FakeClock, HybridMemory, PrivacyConfig, generate_key
from hybridmem.server.runner import free_port, wait_healthy

CHROMIUM = os.environ.get("HYBRIDMEM_CHROMIUM", "/usr/bin/chromium")
"""Debian's chromium (.ci/system-deps installs it); the variable points elsewhere if needed."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCRIPT_TEXT = "<script>window.__pwned = 1</script> pasted from the ticket"
SECRET_TEXT = "IBAN DE89 3704 0044 0532 0130 00"
BOB_SECRET = "falcon launch code is 9921"
NO_KEY = PrivacyConfig(key_env="HYBRIDMEM_TEST_KEY_NOT_SET")
"""Privacy settings that find no key (the developer's $HYBRIDMEM_KEY must not leak in)."""


@dataclass(frozen=True)
class Story:
    """Ids of the story's nodes (alice's claim task, bob's project)."""

    claim: str
    returned: str
    next_step: str
    script: str
    hotel_task: str
    secret: str
    residence_old: str
    residence_new: str
    order_no: str
    bob_task: str
    bob_secret: str


def build_story(path: Path, clock: FakeClock, key: str | None = None) -> Story:
    """Write the story with ``key`` (a new one if None) and close the store."""
    key = key or generate_key()
    with HybridMemory(path, embedder="hash", clock=clock, privacy=PrivacyConfig(key=key)) as m:
        claim = m.add(
            "Expense claim #7: submitted, waiting for finance",
            node_type="task",
            user_id="alice",
            importance=0.8,
        )
        returned = m.add(
            "Finance returned the claim: the invoice scan is unreadable",
            parent_id=claim.id,
            user_id="alice",
            importance=0.9,
        )
        m.add("Scanned the invoice again at 600 dpi", parent_id=claim.id, user_id="alice")
        script = m.add(SCRIPT_TEXT, parent_id=claim.id, user_id="alice")
        next_step = m.add(
            "Next step: resubmit the claim with the new scan",
            node_type="state",
            parent_id=claim.id,
            user_id="alice",
        )
        hotel = m.add(
            "Book a hotel for the Berlin trip", node_type="task", user_id="alice", activate=False
        )
        m.add(
            "Hotel near the venue, under 150 EUR per night",
            parent_id=hotel.id,
            user_id="alice",
            node_type="preference",
        )
        old = m.add("I live in Shanghai.", node_type="fact", user_id="alice", parent_id=claim.id)
        clock.advance(days=1)
        new = m.add(
            "I live in Chengdu now.",
            node_type="fact",
            user_id="alice",
            parent_id=claim.id,
            slot="user.residence",
            confidence=0.95,
        )
        secret = m.add(SECRET_TEXT, user_id="alice", parent_id=claim.id, sensitive=True)
        order = m.add(
            "Order number 4711-XZ for the printer toner", user_id="alice", parent_id=hotel.id
        )
        bob_task = m.add("Project falcon", node_type="task", user_id="bob")
        bob_secret = m.add(BOB_SECRET, parent_id=bob_task.id, user_id="bob")
    return Story(
        claim.id,
        returned.id,
        next_step.id,
        script.id,
        hotel.id,
        secret.id,
        old.id,
        new.id,
        order.id,
        bob_task.id,
        bob_secret.id,
    )


class LiveServer:
    """uvicorn serving ``app`` on 127.0.0.1 in a daemon thread; ``stop()`` ends it."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self, timeout: float = 30.0) -> None:
        """Start and wait (bounded) until ``/v1/health`` answers."""
        self.thread.start()
        wait_healthy(self.url, timeout, alive=self.thread.is_alive)

    def stop(self) -> None:
        """Ask uvicorn to exit and join the thread."""
        self.server.should_exit = True
        self.thread.join(timeout=30)


@contextmanager
def live_server(app: Any) -> Iterator[LiveServer]:
    """A started :class:`LiveServer`, stopped on exit."""
    server = LiveServer(app)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (``.ci/system-deps`` installs it)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise RuntimeError(
            f"{CHROMIUM} is missing: run .ci/system-deps as root (apt-get install chromium)"
        )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def story_clock() -> FakeClock:
    """The clock the story is written with."""
    return FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))
