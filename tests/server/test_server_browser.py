"""The inspector in headless Chromium (Debian's package, driven by Playwright).

Two servers, each over its own copy of the story store: one without the encryption key (the
sensitive node must be masked) and one with it (retrieval needs the key while the scope holds an
encrypted node).
The tests assert what the page shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from hybridmem import HybridMemory, PrivacyConfig, generate_key
from hybridmem.server import create_app
from tests.server_support import (
    BOB_SECRET,
    NO_KEY,
    SCRIPT_TEXT,
    SECRET_TEXT,
    LiveServer,
    Story,
    build_story,
    chromium,
    live_server,
    story_clock,
)


class Site:
    """A story store (written with a key, 20 days ago) and the server in front of it."""

    def __init__(self, mem: HybridMemory, server: LiveServer, story: Story) -> None:
        self.mem = mem
        self.url = server.url
        self.story = story


@contextmanager
def site(path: Path, with_key: bool) -> Iterator[Site]:
    clock = story_clock()
    key = generate_key()
    story = build_story(path, clock, key)
    clock.advance(days=20)  # the toner order number has faded by now
    privacy = PrivacyConfig(key=key) if with_key else NO_KEY
    with (
        HybridMemory(path, embedder="hash", clock=clock, privacy=privacy) as mem,
        live_server(create_app(mem)) as server,
    ):
        yield Site(mem, server, story)


@pytest.fixture(scope="module")
def keyless(tmp_path_factory) -> Iterator[Site]:
    with site(tmp_path_factory.mktemp("keyless") / "store", with_key=False) as s:
        yield s


@pytest.fixture(scope="module")
def keyed(tmp_path_factory) -> Iterator[Site]:
    with site(tmp_path_factory.mktemp("keyed") / "store", with_key=True) as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda exc: errors.append(str(exc)))
    yield p
    context.close()
    assert errors == []  # no script error on any page


def test_users_tree_and_node_pages_are_linked(page, keyless: Site) -> None:
    story = keyless.story
    page.goto(keyless.url + "/")
    assert page.locator("#users a.user-link").all_inner_texts() == ["alice", "bob"]
    page.click("text=alice")
    page.wait_for_url("**/ui/users/alice")
    rows = page.locator("#tree tbody tr")
    assert rows.count() == keyless.mem.users()["alice"] == 12
    tree_text = page.locator("#tree").inner_text()
    assert "Finance returned the claim: the invoice scan is unreadable" in tree_text
    assert BOB_SECRET not in page.content()
    # The active path: root -> claim task -> "Next step" state, the state starred.
    active = page.locator("#tree tr.active")
    assert active.count() == 1 and active.get_attribute("data-node-id") == story.next_step
    assert "★" in active.inner_text() and "state" in active.inner_text()
    on_path = page.locator("#tree tr.on-path")
    assert on_path.count() == 3
    assert on_path.nth(1).get_attribute("data-node-id") == story.claim
    assert page.locator("#active-path li").count() == 3
    # Each row shows type, tier, status, lifecycle and weight.
    order_row = page.locator(f'#tree tr[data-node-id="{story.order_no}"]')
    cells = order_row.locator("td").all_inner_texts()
    assert cells[1:5] == ["event", "working", "active", "transient"]
    assert float(cells[5]) < 0.05
    page.click(f'#tree tr[data-node-id="{story.returned}"] a.node-link')
    expect(page.locator("#node-content")).to_have_text(
        "Finance returned the claim: the invoice scan is unreadable"
    )
    assert "add" in page.locator("#history").inner_text()


def test_sensitive_node_is_masked_without_the_key(page, keyless: Site) -> None:
    story = keyless.story
    page.goto(keyless.url + "/ui/users/alice")
    row = page.locator(f'#tree tr[data-node-id="{story.secret}"]')
    # Withheld until asked for (issue 38), which needs no key
    assert "[sensitive: withheld]" in row.inner_text()
    page.click("#sensitive-toggle")  # "show sensitive text": masked, the server has no key
    row = page.locator(f'#tree tr[data-node-id="{story.secret}"]')
    assert "[sensitive: encrypted, the server has no key]" in row.inner_text()
    assert "sensitive" in row.locator(".badge").inner_text()
    html = page.content()
    assert SECRET_TEXT not in html and "hmenc1" not in html
    page.click(f'#tree tr[data-node-id="{story.secret}"] a.node-link')
    assert page.locator("#node-content").inner_text() == "[sensitive: withheld]"
    page.click("#sensitive-toggle")
    expect(page.locator("#node-content .masked")).to_have_count(1)
    assert "without the key" in page.locator("main").inner_text()
    assert SECRET_TEXT not in page.content()


def test_script_in_a_memory_is_shown_as_text_and_never_runs(page, keyless: Site) -> None:
    story = keyless.story
    for path in ("/ui/users/alice", f"/ui/nodes/{story.script}?user=alice"):
        page.goto(keyless.url + path)
        assert SCRIPT_TEXT in page.locator("main").inner_text()
        assert page.evaluate("() => window.__pwned") is None
        # The only <script> element is the inspector's own file.
        assert page.evaluate("() => [...document.scripts].map(s => s.src)") == [
            keyless.url + "/static/inspector.js"
        ]


def test_quick_filter_hides_rows(page, keyless: Site) -> None:
    page.goto(keyless.url + "/ui/users/alice")
    page.fill("#tree-filter", "hotel")
    visible = page.locator("#tree tbody tr:visible")
    assert visible.count() == 2
    assert all("hotel" in t.lower() for t in visible.all_inner_texts())
    page.fill("#tree-filter", "")
    assert page.locator("#tree tbody tr:visible").count() == 12


def test_store_health_and_verify(page, keyless: Site) -> None:
    page.goto(keyless.url + "/ui/store")
    stats = keyless.mem.stats()
    assert page.locator("#h-nodes").inner_text() == str(stats.nodes)
    assert page.locator("#h-vectors").inner_text() == str(stats.vectors)
    assert page.locator("#h-pending").inner_text() == "0"
    assert page.locator("#h-checkpoint").inner_text() == "none yet"
    page.click("#run-verify")
    expect(page.locator("#verify-result")).to_have_text(re.compile(r"^clean:"))


def test_search_shows_each_features_share_as_a_bar(page, keyed: Site) -> None:
    story = keyed.story
    page.goto(keyed.url + "/ui/search?user=alice")
    page.fill("#query", "why was the claim returned? invoice")
    page.press("#query", "Enter")
    page.wait_for_url("**/ui/search?*q=*")
    first = page.locator("#hits li.hit").first
    assert first.get_attribute("data-node-id") == story.returned
    score = float(first.locator(".score").inner_text())
    rows = first.locator("tr.bar-row")
    shares = {
        rows.nth(i).get_attribute("data-feature"): float(rows.nth(i).get_attribute("data-share"))
        for i in range(rows.count())
    }
    assert {"similarity", "lexical", "importance", "recency"} <= shares.keys()
    assert sum(shares.values()) == pytest.approx(score, abs=1e-3)  # the shares add up
    top = max(shares, key=lambda f: shares[f])
    top_bar = first.locator(f'tr.bar-row[data-feature="{top}"] svg.fbar rect.fg')
    zero = [f for f, s in shares.items() if s == 0]
    assert top_bar.bounding_box()["width"] > 0
    if zero:
        zero_bar = first.locator(f'tr.bar-row[data-feature="{zero[0]}"] svg.fbar rect.fg')
        assert float(zero_bar.get_attribute("width")) == 0
    widths = [
        float(rows.nth(i).locator("rect.fg").get_attribute("width")) for i in range(rows.count())
    ]
    assert widths == sorted(widths, reverse=True)  # largest part first
    assert "invoice scan is unreadable" in page.locator("#context").inner_text()


def test_sensitive_node_is_shown_with_the_key(page, keyed: Site) -> None:
    story = keyed.story
    page.goto(keyed.url + f"/ui/nodes/{story.secret}?user=alice")
    # The key alone does not show it: the text is withheld until asked for (issue 38)
    assert page.locator("#node-content").inner_text() == "[sensitive: withheld]"
    assert SECRET_TEXT not in page.content()
    page.click("#sensitive-toggle")
    assert page.locator("#node-content").inner_text() == SECRET_TEXT


def test_maintenance_dry_run_says_what_would_go_and_why(page, keyed: Site) -> None:
    story = keyed.story
    before = keyed.mem.get(story.order_no, user_id="alice")
    page.goto(keyed.url + "/ui/maintenance?user=alice")
    row = page.locator("#maintenance tr.action-fade")
    assert row.count() == 1
    text = row.inner_text()
    assert "Order number 4711-XZ" in text and "weight" in text and "transient" in text
    assert "nothing was written" in page.locator("main").inner_text()
    after = keyed.mem.get(story.order_no, user_id="alice")
    assert (after.status, after.version) == (before.status, before.version) == ("active", 1)


def test_a_bad_request_shows_an_error_page(page, keyless: Site) -> None:
    page.goto(keyless.url + "/ui/nodes/no-such-node?user=alice")
    assert page.locator("h1").inner_text() == "404 · NodeNotFoundError"
    assert "no-such-node" in page.locator("#error-message").inner_text()


def test_login_and_logout_work_in_a_browser_and_a_foreign_page_cannot_log_in(
    browser, tmp_path
) -> None:
    """Issue 35: the login form refuses posts from other sites (Origin); the inspector's own
    form must still name its origin in a real browser (Referrer-Policy same-origin), and the
    stylesheet it loads needs the login like every route."""
    from hybridmem.server import AuthConfig

    token = "alice-token-0123456789abcdef"
    with (
        HybridMemory(tmp_path / "m", embedder="hash") as mem,
        live_server(create_app(mem, auth=AuthConfig({token: "alice"}))) as server,
    ):
        mem.add("Expense claim", node_type="task", user_id="alice")
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.url + "/ui/login")
        page.fill("input[name=token]", token)
        page.click("form.login button, form.login input[type=submit]")
        page.wait_for_url(server.url + "/")
        expect(page.locator("body")).to_contain_text("alice")
        assert page.request.get(server.url + "/static/style.css").status == 200  # the cookie
        page.click("form.logout button, form.logout input[type=submit]")
        page.wait_for_url(re.compile(r".*/ui/login$"))
        # Another site's page (a fresh tab: an opaque origin, not this server's) posting the
        # same form: refused, no cookie set.
        page = context.new_page()
        page.set_content(
            f'<form method="post" action="{server.url}/ui/login">'
            f'<input name="token" value="{token}"><button>go</button></form>'
        )
        page.click("button")
        expect(page.locator("body")).to_contain_text("another site")
        assert not [c for c in context.cookies() if c["name"] == "hybridmem_token"]
        context.close()
