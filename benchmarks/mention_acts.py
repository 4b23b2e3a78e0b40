"""Someone else's act about the thing, told from the user's value said without "I" by the
verb's class and aspect (issue 38, helper stale18; a measurement program).

stale17's reading (:func:`benchmarks.mention_events.others_event`: no first-person word, a
subject of its own, an event's predicate) cut mention pollution on the blind sets and raised
stale: real changes are said in the third person too ("The car insurance went over to Direct
Line at renewal", 手机号上个月转到联通去了, "Derek retired and passed the accounts to his
partner"). What tells the two apart is not who the subject is but what the event does to the
attribute:

- **a transfer or a motion to a goal** (the verb class of giving, handing on, moving to,
  putting into a new holder or place) moves the attribute to a new value: English, a goal
  preposition after the verb ("to", "into", "onto"), or a verb of beginning ("started at",
  "began"); Chinese, a verb with a result or directional complement naming where the thing
  ends up (转到, 交给, 调到, 换成, 定在, 进了, 归…), or the disposal 把 that moves its object.
  Someone else's act about the thing leaves the user's value where it was: the value itself
  (or a part of it) acts or undergoes ("Nationwide opened a new branch", 永辉超市装了一排自助
  收银机, 中国人寿的董事长辞职了).
- **the aspect of a standing arrangement**: a passive with "get" is habitual ("The
  prescriptions get posted out by an online pharmacy"), no event, whatever its participle.

In Chinese the event reading is widened to the subject of one noun when the perfective 了
follows its verb and an object follows (永辉超市装了一排自助收银机): a topic the speaker
acts on ends its clause with the verb (咖啡戒了) and a topic moved by the speaker names its
goal (基金都转到天天基金了), which the transfer class now reads. The transfer check, not a
narrowing of the subject, keeps the speaker's topic-first changes out.

``scan``, ``marked``, ``play``, ``items`` as :mod:`benchmarks.mention_events`, with this
reading::

    python -m benchmarks.mention_acts marked benchmarks/data/colloquial_*.json
    python -m benchmarks.mention_acts play --json F benchmarks/data/colloquial_thirdperson_dev.json
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from itertools import pairwise

from benchmarks import evolution_scenarios, mention_events
from hybridmem.evolution.speech import aspect, volition
from hybridmem.evolution.speech.lexicon import normalise
from hybridmem.lexical import clause_pieces, pos_tags

# Prepositions of a goal: where a transfer or a motion puts its object (closed class).
_GOAL_EN = frozenset({"to", "into", "onto"})
# Aspectual verbs of beginning: a new state of the subject starts (closed class).
_BEGIN_EN = frozenset({"start", "starts", "started", "begin", "begins", "began", "begun"})
# The habitual passive: "get" + participle states an arrangement, not an event.
_GET_EN = frozenset({"get", "gets"})
_WORD_EN = re.compile(r"[a-z][a-z'’+-]*", re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")

# Result and directional complements that name where the moved thing ends up, and verbs of
# belonging and entering (closed classes of the grammar, not of any example).
_GOAL_COMPLEMENTS_ZH = ("到", "给", "成", "进", "回", "归")
_GOAL_VERBS_ZH = frozenset({"归", "进", "回", "给", "到"})
_DISPOSAL_ZH = "把"
# An agent's noun: a place word (家里, 村里: s) opening a clause is a locative topic, and a
# verb after it says what is there ("家里养了两只仓鼠"), nobody's act.
_AGENTS_ZH = ("n", "j", "nr", "ns", "nt", "nz", "l")
_NEGATION_ZH = frozenset({"不", "没", "没有", "别", "不再", "不用"})
_FUTURE_ZH = ("要", "会", "将", "打算", "准备")


def _verb_at_en(words: Sequence[str]) -> int | None:
    """The index of the first finite verb stale17's event reading finds: an auxiliary or a
    past form after a subject of one word or more."""
    for i, word in enumerate(words):
        if word in mention_events._AUX_EN or mention_events._past(word):
            return i
    return None


def transfer_en(clause: str) -> bool:
    """Whether an English clause moves its subject or object to a goal, or begins a state:
    a goal preposition or a verb of beginning after the first verb."""
    words = [w.lower() for w in _WORD_EN.findall(clause)]
    at = _verb_at_en(words)
    if at is None:
        return False
    return any(w in _GOAL_EN or w in _BEGIN_EN for w in words[at:])


def habitual_passive_en(clause: str) -> bool:
    """ "get"/"gets" + a participle: a standing arrangement."""
    words = [w.lower() for w in _WORD_EN.findall(clause)]
    return any(a in _GET_EN and mention_events._past(b) for a, b in pairwise(words))


def transfer_zh(clause: str) -> bool:
    """Whether a Chinese clause moves a thing to where it ends up: a verb with a goal
    complement (转到, 交给, 调到, 换成), 在 right after a verb (定在), a verb of belonging or
    entering (归, 进), or the disposal 把."""
    tokens = [(w, f) for w, f in pos_tags(clause) if f != "x" and w.strip()]
    for i, (word, flag) in enumerate(tokens):
        if word == _DISPOSAL_ZH:
            return True
        verbal = flag.startswith("v")
        if verbal and len(word) > 1 and word.endswith(_GOAL_COMPLEMENTS_ZH):
            return True
        if verbal and word in _GOAL_VERBS_ZH:
            return True
        if word == "在" and i > 0 and tokens[i - 1][1].startswith("v"):
            return True
    return False


WIDE_ZH = True
"""Whether the Chinese event reading takes a subject of one noun (:func:`_event_zh`); off,
stale17's Chinese reading with this module's exclusions (``--narrow``)."""


def _event_zh(clause: str) -> bool:
    """stale17's reading (a subject of two nouns, then the progressive or a closing 了), or
    a subject noun then the progressive 正在, or a subject noun, a verb, the perfective 了
    and an object after it."""
    if mention_events._event_zh(clause):
        return True
    if not WIDE_ZH:
        return False
    tokens = [(w, f) for w, f in pos_tags(clause) if f != "x" and w.strip()]
    if len(tokens) < 4 or any(w in _NEGATION_ZH for w, _ in tokens):
        return False
    if not tokens[0][1].startswith(_AGENTS_ZH):
        return False
    if any(w.startswith(_FUTURE_ZH) for w, _ in tokens[:4]):
        return False
    if tokens[1][0] == "正在":
        return True
    for i in range(1, len(tokens) - 1):
        if tokens[i][0] == "了" and tokens[i - 1][1].startswith("v"):
            return any(f != "x" for _, f in tokens[i + 1 :])
    return False


def an_act(text: str) -> bool:
    """Whether the first clause of ``text`` states an event of its own subject that moves
    nothing to a new holder or place, and no cue of a standing state is in the statement."""
    pieces = clause_pieces(text)
    if not pieces:
        return False
    clause = pieces[0]
    # A cue of a standing state anywhere in the statement: the first clause's event is the
    # occasion of a change the rest states ("Tony's shut down, the barber by the station
    # does it now"), not someone else's act left at that.
    norm = normalise(text)
    if aspect.PERSISTENT.fired(norm) or aspect.FREQUENCY.fired(norm):
        return False
    if volition.HABITUAL.fired(norm):
        return False
    if _CJK.search(text):
        return _event_zh(clause) and not transfer_zh(clause)
    return (
        mention_events._event_en(clause)
        and not transfer_en(clause)
        and not habitual_passive_en(clause)
    )


def others_act(text: str) -> bool:
    """Whether ``text`` is someone else's act about the thing: no value of the speaker's."""
    return mention_events.without_speaker(text) and an_act(text)


@contextmanager
def reading() -> Iterator[None]:
    """:mod:`benchmarks.mention_events` with this reading in place of stale17's."""
    original = mention_events.others_event
    mention_events.others_event = others_act  # type: ignore[assignment]
    try:
        yield
    finally:
        mention_events.others_event = original  # type: ignore[assignment]


@contextmanager
def evolution_only() -> Iterator[None]:
    """The colloquial runs with the ``evolution`` variant alone: the only one ``play`` counts
    (each variant is its own store and clock, so its figures are the same as in a full run)."""
    original = evolution_scenarios.variants

    def variants(pair_links: bool = False) -> tuple[evolution_scenarios.Variant, ...]:
        return tuple(v for v in original(pair_links) if v.name == "evolution")

    evolution_scenarios.variants = variants  # type: ignore[assignment]
    try:
        yield
    finally:
        evolution_scenarios.variants = original  # type: ignore[assignment]


def main(argv: Sequence[str] | None = None) -> int:
    """``mention_events``' command with this reading; ``--fast`` plays the ``evolution``
    variant alone, ``--narrow`` sets :data:`WIDE_ZH` off, ``--stale17`` keeps stale17's reading
    (for its figures on a new set)."""
    args = list(argv if argv is not None else sys.argv[1:])
    global WIDE_ZH
    fast = "--fast" in args
    WIDE_ZH = "--narrow" not in args
    ours = reading() if "--stale17" not in args else nullcontext()
    args = [a for a in args if a not in ("--fast", "--narrow", "--stale17")]
    with ours, evolution_only() if fast else nullcontext():
        return mention_events.main(args)


if __name__ == "__main__":
    raise SystemExit(main())
