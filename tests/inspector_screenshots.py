"""Screenshots of the inspector for docs/server.md: ``python -m tests.inspector_screenshots``.

Builds the test story (tests/server_support.py) in a temporary directory and serves it 20 days
after it was written (so maintenance has something to say) twice: without the encryption key
(the sensitive node is masked) and with it (retrieval needs the key while the scope holds an
encrypted node). Saves one PNG per page into ``docs/img/`` (or the folder given).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

from hybridmem import HybridMemory, PrivacyConfig, generate_key
from hybridmem.server import create_app
from tests.server_support import NO_KEY, build_story, chromium, live_server, story_clock

WITHOUT_KEY = (
    ("inspector-users.png", "/"),
    ("inspector-tree.png", "/ui/users/alice"),
    ("inspector-node-sensitive.png", "/ui/nodes/{secret}?user=alice&sensitive=1"),
    ("inspector-store.png", "/ui/store?verify=true"),
)
WITH_KEY = (
    ("inspector-node-history.png", "/ui/nodes/{residence_new}?user=alice"),
    ("inspector-search.png", "/ui/search?user=alice&q=" + quote("why was the claim returned?")),
    ("inspector-maintenance.png", "/ui/maintenance?user=alice"),
)


def main(out: Path) -> list[Path]:
    """Write every page's screenshot into ``out``; return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    key = generate_key()
    with tempfile.TemporaryDirectory(prefix="hm-shots-") as tmp, chromium() as browser:
        clock = story_clock()
        story = build_story(Path(tmp) / "store", clock, key)
        clock.advance(days=20)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        for privacy, pages in ((NO_KEY, WITHOUT_KEY), (PrivacyConfig(key=key), WITH_KEY)):
            with (
                HybridMemory(
                    Path(tmp) / "store", embedder="hash", clock=clock, privacy=privacy
                ) as mem,
                live_server(create_app(mem)) as server,
            ):
                for name, path in pages:
                    page.goto(server.url + path.format(**vars(story)))
                    target = out / name
                    page.screenshot(path=str(target), full_page=True)
                    written.append(target)
    return written


if __name__ == "__main__":
    for p in main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/img")):
        print(f"wrote {p}")
