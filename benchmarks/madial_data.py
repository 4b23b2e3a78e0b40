"""Loading MADial-Bench memory banks and dev dialogues.

The English memory file carries no ``user-id``; the Chinese one does, under the same memory ids
(the English bank is a translation of the same 160 memories). A memory without a user id
therefore takes the user of the same id in the sibling file; if no sibling names it, it goes to
every user's bank (retrieving from more memories can only make the task harder, never leak).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

LANGUAGES = ("en", "zh")
_SPEAKER_LINE = re.compile(r'^\s*<([^>]+)>\s*:\s*"?(.*?)"?\s*$', re.S)


@dataclass(frozen=True)
class Memory:
    """One memory of a user's bank."""

    id: str
    user_id: str | None
    time: datetime
    scene: str
    emotion: str
    event: str


@dataclass(frozen=True)
class Dialogue:
    """One test dialogue: the lines before the first ``test-turn`` form the query."""

    number: int
    user_id: str
    lines: tuple[str, ...]
    """Lines as ``"Name: text"``, ``<BOD>``/``<EOD>`` removed, indices as in the file minus 1."""
    test_turn: int
    """Index (into the file's list, which starts with ``<BOD>``) of the first recall turn."""
    relevant: frozenset[str]

    @property
    def context_lines(self) -> tuple[str, ...]:
        """The dialogue before the recall turn."""
        return self.lines[: self.test_turn - 1]


@dataclass(frozen=True)
class MadialDataset:
    """Memories and dialogues of one language."""

    language: str
    memories: tuple[Memory, ...]
    dialogues: tuple[Dialogue, ...]

    def bank(self, user_id: str) -> tuple[Memory, ...]:
        """The memories ``user_id`` can be answered from."""
        return tuple(m for m in self.memories if m.user_id in (user_id, None))


def _read_jsonl(path: Path) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _memory_users(path: Path) -> dict[str, str]:
    users: dict[str, str] = {}
    if path.is_file():
        for record in _read_jsonl(path):
            for mid, body in record.items():
                if isinstance(body, dict) and body.get("user-id") is not None:
                    users[str(mid)] = str(body["user-id"])
    return users


def parse_line(raw: str) -> str | None:
    """``'<Bart>: "Hi!"\\n'`` -> ``'Bart: Hi!'``; ``<BOD>``/``<EOD>`` -> ``None``."""
    text = raw.strip()
    if text in ("<BOD>", "<EOD>") or not text:
        return None
    match = _SPEAKER_LINE.match(text)
    if match is None:
        return text
    return f"{match.group(1)}: {match.group(2).strip()}"


def load_madial(data_dir: Path, language: str, *, limit: int | None = None) -> MadialDataset:
    """Load ``{language}-memory.jsonl`` and ``{language}-dialogue-dev.jsonl`` from ``data_dir``."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {language!r}")
    data_dir = Path(data_dir)
    sibling: dict[str, str] = {}
    for other in LANGUAGES:
        if other != language:
            sibling.update(_memory_users(data_dir / f"{other}-memory.jsonl"))
    memories = []
    for record in _read_jsonl(data_dir / f"{language}-memory.jsonl"):
        for mid, body in record.items():
            assert isinstance(body, dict)
            user = body.get("user-id")
            memories.append(
                Memory(
                    id=str(mid),
                    user_id=str(user) if user is not None else sibling.get(str(mid)),
                    time=datetime.fromisoformat(str(body["time"])).replace(tzinfo=UTC),
                    scene=str(body.get("scene", "")),
                    emotion=str(body.get("emotion", "")),
                    event=str(body["event"]),
                )
            )
    dialogues = []
    for number, record in enumerate(_read_jsonl(data_dir / f"{language}-dialogue-dev.jsonl")):
        raw_lines = record["dialogue"]
        assert isinstance(raw_lines, list)
        turns = record["test-turn"]
        assert isinstance(turns, list)
        relevant = record["relevant-id"]
        assert isinstance(relevant, list)
        lines = [parse_line(str(x)) for x in raw_lines[1:]]
        dialogues.append(
            Dialogue(
                number=number,
                user_id=str(record["user-id"]),
                lines=tuple(x if x is not None else "" for x in lines),
                test_turn=int(min(turns)),
                relevant=frozenset(str(r) for r in relevant),
            )
        )
    if limit is not None:
        dialogues = dialogues[:limit]
    return MadialDataset(language, tuple(memories), tuple(dialogues))
