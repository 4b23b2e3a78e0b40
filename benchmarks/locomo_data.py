"""Loading LoCoMo conversations and normalising their evidence ids.

The released file has malformed evidence strings ("D8:6; D9:17", "D:11:26", "D30:05", bare "D",
space-separated lists) and a few ids that name no turn. Both are repaired or dropped here, once,
and counted, so every method is scored against the same, cleaned gold set.

Only ``conversation`` and ``qa`` are read: ``observation``, ``session_summary`` and
``event_summary`` are generated extras that would leak the answer structure.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

CATEGORY_NAMES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
"""LoCoMo category numbers as fixed by the official scorer (not the paper's prose order)."""

HEADLINE_CATEGORIES = (1, 2, 3, 4)

_SESSION_KEY = re.compile(r"session_(\d+)")
_EVIDENCE_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")
_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", re.I)
_MONTHS_ORDER = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTHS = {m: i + 1 for i, m in enumerate(_MONTHS_ORDER)}


@dataclass(frozen=True)
class Turn:
    """One utterance. ``content`` is what every method indexes (speaker, text, photo caption)."""

    dia_id: str
    speaker: str
    text: str
    content: str
    session: int
    index: int
    created_at: datetime


@dataclass(frozen=True)
class Session:
    """A dated session of a conversation."""

    number: int
    date_text: str
    date: datetime
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Question:
    """A QA item with normalised evidence (a set of ``dia_id`` that exist in the conversation)."""

    conversation_id: str
    number: int
    question: str
    category: int
    evidence: frozenset[str]


@dataclass(frozen=True)
class Conversation:
    """One LoCoMo sample: two speakers, dated sessions of turns, and its questions."""

    sample_id: str
    speaker_a: str
    speaker_b: str
    sessions: tuple[Session, ...]
    questions: tuple[Question, ...]

    @property
    def turns(self) -> tuple[Turn, ...]:
        """All turns in conversation order."""
        return tuple(t for s in self.sessions for t in s.turns)


@dataclass(frozen=True)
class EvidenceReport:
    """What normalisation changed, so the cleaned gold set is auditable."""

    repaired: tuple[tuple[str, str], ...]
    """(raw string, normalised ids joined by a space) for every string that needed repair."""
    dropped_ids: tuple[tuple[str, str], ...]
    """(conversation id, id) for ids that parse but name no turn, or do not parse at all."""
    skipped_questions: tuple[tuple[str, int, int], ...]
    """(conversation id, question number, category) of items left with no evidence."""


@dataclass(frozen=True)
class LocomoDataset:
    """The loaded file plus the normalisation report."""

    conversations: tuple[Conversation, ...]
    report: EvidenceReport


def parse_session_date(text: str) -> datetime:
    """Parse ``"1:56 pm on 8 May, 2023"`` into an aware UTC datetime."""
    match = _DATE.search(text)
    if match is None:
        raise ValueError(f"unrecognised LoCoMo session date: {text!r}")
    hour, minute, ampm, day, month, year = match.groups()
    h = int(hour) % 12 + (12 if ampm.lower() == "pm" else 0)
    return datetime(int(year), _MONTHS[month.lower()], int(day), h, int(minute), tzinfo=UTC)


def normalise_evidence(raw: Any) -> tuple[list[str], list[str]]:
    """Split and repair raw evidence strings.

    Returns ``(ids, unparseable)``: ids in canonical ``D<session>:<turn>`` form without leading
    zeros (order kept, duplicates removed), and the pieces that contain no id at all.
    """
    items = raw if isinstance(raw, list) else [raw]
    ids: list[str] = []
    bad: list[str] = []
    for item in items:
        text = str(item)
        found = _EVIDENCE_ID.findall(text)
        if not found:
            bad.append(text)
        for session, turn in found:
            canonical = f"D{int(session)}:{int(turn)}"
            if canonical not in ids:
                ids.append(canonical)
    return ids, bad


def turn_content(speaker: str, text: str, caption: str | None) -> str:
    """The indexed text of a turn: ``"Speaker: text [shares a photo of ...]"``."""
    content = f"{speaker}: {text.strip()}"
    if caption:
        # The caption is the only trace of a shared image; every method sees it alike.
        content += f" [shares {caption.strip()}]"
    return content


def load_locomo(
    path: Path, *, limit: int | None = None, questions_per_conversation: int | None = None
) -> LocomoDataset:
    """Load the LoCoMo JSON at ``path``.

    ``limit`` keeps the first conversations and ``questions_per_conversation`` the first
    (scorable) questions of each: slices for smoke runs.
    """
    samples = json.loads(Path(path).read_text(encoding="utf-8"))
    if limit is not None:
        samples = samples[:limit]
    repaired: list[tuple[str, str]] = []
    dropped: list[tuple[str, str]] = []
    skipped: list[tuple[str, int, int]] = []
    conversations = []
    for sample in samples:
        conv = sample["conversation"]
        sid = str(sample["sample_id"])
        sessions = _load_sessions(conv)
        known = {t.dia_id for s in sessions for t in s.turns}
        questions = []
        for number, qa in enumerate(sample["qa"]):
            raw = qa.get("evidence") or []
            ids, bad = normalise_evidence(raw)
            raw_list = raw if isinstance(raw, list) else [raw]
            if bad or any(not re.fullmatch(r"D[1-9]\d*:[1-9]\d*", str(r)) for r in raw_list):
                repaired.append((" | ".join(map(str, raw_list)), " ".join(ids)))
            dropped.extend((sid, b) for b in bad)
            dropped.extend((sid, i) for i in ids if i not in known)
            evidence = frozenset(i for i in ids if i in known)
            category = int(qa["category"])
            if not evidence:
                skipped.append((sid, number, category))
                continue
            questions.append(Question(sid, number, str(qa["question"]), category, evidence))
        if questions_per_conversation is not None:
            questions = questions[:questions_per_conversation]
        conversations.append(
            Conversation(
                sample_id=sid,
                speaker_a=str(conv["speaker_a"]),
                speaker_b=str(conv["speaker_b"]),
                sessions=sessions,
                questions=tuple(questions),
            )
        )
    report = EvidenceReport(tuple(repaired), tuple(dropped), tuple(skipped))
    return LocomoDataset(tuple(conversations), report)


def _load_sessions(conv: dict[str, Any]) -> tuple[Session, ...]:
    numbers = sorted(
        int(m.group(1))
        for key, value in conv.items()
        if (m := _SESSION_KEY.fullmatch(key)) and isinstance(value, list)
    )
    sessions = []
    for n in numbers:
        date_text = str(conv[f"session_{n}_date_time"])
        date = parse_session_date(date_text)
        turns = tuple(
            Turn(
                dia_id=str(t["dia_id"]),
                speaker=str(t["speaker"]),
                text=str(t["text"]),
                content=turn_content(str(t["speaker"]), str(t["text"]), t.get("blip_caption")),
                session=n,
                index=i,
                # One second per turn keeps the within-session order visible to recency.
                created_at=date + timedelta(seconds=i),
            )
            for i, t in enumerate(conv[f"session_{n}"])
        )
        sessions.append(Session(n, date_text, date, turns))
    return tuple(sessions)
