"""Someone else's event about the user's value, told from the user's value said without "I"
by the role of what the remark shares with the older statement (issue 38, helper stale19; a
measurement program, the engine does not use it).

stale18's reading (:func:`benchmarks.mention_acts.others_act`: no first-person word, an event
of the first clause's own subject, no transfer or goal, no habitual passive, no standing cue)
reads the newer statement alone. It cannot tell "Gail's opened another bakery" (a remark: the
value acts on a thing of its own) from "Abel & Cole delivered the first veg box on Thursday"
(a change: a new holder acts on the user's attribute): both are a third party's event with no
goal. What tells them apart is **whose the subject is**, read against the older statement the
writer compares the remark with:

- the remark's subject (the words before its first verb; Chinese, the tokens before the first
  verb or preposition) names the **older statement's value** (a word they share that is not in
  the older statement's own subject, the attribute): the value itself, or a part or person of
  it, acts or undergoes ("Rosa's daughter graduated", 老李的儿子考上了大学): someone else's
  event, the user's value stays;
- the subject names nothing of the older statement (a new holder: "Megan's mum took over the
  Thursday ballet run", 师傅上门装了台海尔的热水器), or only its attribute (水电费的事老公包了,
  the older 家里的水电费一直是我在交): not read as a remark, the writer decides as before;
- ``--single``: and the remark is one clause: an old holder leaving and a new one acting is two
  events ("Mr Ellis emigrated, and Hannah Price took over the Monday lessons"), a remark is one;
- ``--english``: English remarks only. English states its subject before the verb, so the
  words before the first verb are who acts or undergoes; Chinese drops the speaker and fronts
  the topic, so the noun before the verb may be the object of the speaker's unsaid act
  (晚饭请了个钟点工阿姨做: the dinner is what the helper now cooks), and jieba's tags do not tell
  an agent from a topic (stale18's finding for its widened reading).

The older statements are the earlier facts and preferences of the same scenario (each
scenario is one user). ``marked`` lists what the reading marks (ids and statements for the
development files, counts and kinds for the blind ones); ``play`` is stale17's
(:func:`benchmarks.mention_events.play`) with this reading in place of stale17's::

    python -m benchmarks.mention_roles marked benchmarks/data/colloquial_*.json
    python -m benchmarks.mention_roles play --fast --json F benchmarks/data/colloquial_blind17.json
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path

from benchmarks import mention_acts, mention_events
from hybridmem.evolution.write.value_remarks import older_subject
from hybridmem.lexical import clause_pieces, pos_tags, stemmed_terms

_WORD_EN = re.compile(r"[a-z0-9][a-z0-9'’&+-]*", re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")

SINGLE = False
"""Whether the reading also asks the remark to be one clause (``--single``)."""
ENGLISH = False
"""Whether the reading holds for English remarks only (``--english``)."""


def _subject_zh(clause: str) -> str:
    """The tokens before the first verb or preposition (the subject or topic)."""
    out = []
    for word, flag in pos_tags(clause):
        if flag.startswith(("v", "p")):
            break
        out.append(word)
    return "".join(out)


def remark_subject(text: str) -> str:
    """The subject of the first clause of a later remark: the words before its first verb."""
    pieces = clause_pieces(text)
    if not pieces:
        return ""
    clause = pieces[0]
    if _CJK.search(clause):
        return _subject_zh(clause)
    words = _WORD_EN.findall(clause)
    at = mention_acts._verb_at_en([w.lower() for w in words])
    return " ".join(words[: at if at is not None else 0])


def names_value(remark: str, older: str) -> bool:
    """Whether the remark's subject names the older statement's value: a term they share that
    is not in the older statement's subject."""
    shared = stemmed_terms(remark_subject(remark)) & stemmed_terms(older)
    return bool(shared - stemmed_terms(older_subject(older)))


def role_act(remark: str, olders: Sequence[str]) -> bool:
    """stale18's reading, and the remark's subject names an older statement's value (with
    :data:`SINGLE`, the remark is one clause; with :data:`ENGLISH`, it is English)."""
    if not mention_acts.others_act(remark):
        return False
    if ENGLISH and _CJK.search(remark):
        return False
    if SINGLE and len(clause_pieces(remark)) > 1:
        return False
    return any(names_value(remark, older) for older in olders)


def scenario_marks(files: Sequence[Path]) -> Iterator[tuple[Path, str, str]]:
    """(file, scenario id, statement) for every fact or preference the reading holds for,
    against the earlier facts and preferences of its scenario."""
    for path in files:
        for sc in json.loads(path.read_text(encoding="utf-8")):
            nodes = sorted(
                (n for n in sc["nodes"] if n["node_type"] in ("fact", "preference")),
                key=lambda n: str(n["created_at"]),
            )
            for i, node in enumerate(nodes):
                if role_act(node["content"], [str(n["content"]) for n in nodes[:i]]):
                    yield path, str(sc["id"]), str(node["content"])


@contextmanager
def reading(files: Sequence[Path]) -> Iterator[None]:
    """:mod:`benchmarks.mention_events` marking the statements this reading holds for in
    ``files`` (read once, by content: the writer's mark sees one statement)."""
    held = {text for _path, _sid, text in scenario_marks(files)}
    original = mention_events.others_event
    mention_events.others_event = held.__contains__  # type: ignore[assignment]
    try:
        yield
    finally:
        mention_events.others_event = original  # type: ignore[assignment]


def main(argv: Sequence[str] | None = None) -> int:
    """``mention_events``' command (``marked``, ``play``) with this reading; ``--fast`` plays
    the ``evolution`` variant alone, ``--single`` asks for one clause, ``--english`` for an
    English remark."""
    args = list(argv if argv is not None else sys.argv[1:])
    global SINGLE, ENGLISH
    SINGLE = "--single" in args
    ENGLISH = "--english" in args
    fast = "--fast" in args
    args = [a for a in args if a not in ("--fast", "--single", "--english")]
    files = [Path(a) for a in args if a.endswith(".json") and Path(a).exists()]
    with reading(files), mention_acts.evolution_only() if fast else nullcontext():
        return mention_events.main(args)


if __name__ == "__main__":
    raise SystemExit(main())
