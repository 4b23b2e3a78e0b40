"""Paraphrases: a new memory that says what a live sibling says, in other words.

The design notes' automatic merging (自动合并): "I live in Leeds." and, later under the same
task, "The user is based in Leeds." are one memory said twice. :mod:`repeats` merges only
exact and near-exact repeats (the same terms); a paraphrase shares the meaning, not the words.
It reinforces the node it restates as a repeat does (one more mention, one more provenance
entry: when, from which source and session), so the node carries its mention count and its
sources instead of a second copy.

When two texts are one memory, by two tests that must both hold:

* **the meaning**: the pair model shipped for the engine's embedder
  (:mod:`hybridmem.evolution.slots.pairs`, fitted on the labelled attribute groups of
  ``benchmarks/evolution_models/data/attribute_pairs.jsonl``) reads the pair as the same value
  said again (``same_value`` holds the majority of its calibrated probability). No similarity
  threshold is chosen here: the model's own decision rule is used, and
  ``benchmarks/evolution_models/paraphrase_eval.py`` measures it on the dev halves and the
  blind groups. An embedder with no shipped model merges no paraphrase (only repeats);
* **no change stated**: a newcomer that announces a change ("moved to", "now", 离职, 改到:
  :func:`hybridmem.evolution.slots.pairs.states_change`) or a value holding again ("again",
  又用回: :func:`~hybridmem.evolution.slots.pairs.says_again`) is a new value, never a
  restatement;
* **the values** (the guard): every value word of the newcomer (numbers, dates, times, names,
  places: :func:`hybridmem.evolution.slots.pairs.words`) is among the node's. Two prices, two
  dates or two names are two memories however close their vectors; a newcomer that adds a
  value (a street to a city) is written as its own node, so merging never drops a detail.
  In Chinese a thing counts as a value too: a common noun of the newcomer
  (:func:`hybridmem.lexical.zh_nouns`) that the node's text does not hold. The pair model
  read "民宿的床单送古城外面一家洗衣房洗" as a restatement of "我在大理古城开了一家民宿"
  (the places and the count agree), and the laundry was merged away. English has no
  part-of-speech tagger here; in both languages a newcomer that says the node word for word
  and goes on (:func:`extends`: "I drink coffee every morning" -> "... with oat milk") adds a
  detail and is kept as its own node. An English newcomer that rephrases and
  adds a common noun in one go is still not seen;
* **the order of a value's parts**
  (:func:`~hybridmem.evolution.write.value_order.in_order`): parts said as one value (joined
  by a symbol, 日/月/年, 1-2-3-4, year-month-day, or numbers and value words with nothing
  between, 3月5日) that the node names too must come in the node in the same order.
  日期写成日/月/年 names only characters 日期按年月日写 holds, and 搬家公司3月5日来 only
  numbers and words 搬家公司5月3日来 holds: the parts are the same, the value is another, and
  merging lost the newer format.

Only statements of a value are merged: the node types in ``conflict_types`` (facts and
preferences), what the pair model was fitted on. Episodes and conversation turns are not: two
turns that say alike are two things said (a repeat within minutes still merges as a repeat).
The same scope as a repeat otherwise: same user and agent, same node type, same parent, a live
sibling that is not sensitive (a sealed text is never compared) and not a challenger awaiting
confirmation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

import numpy as np

from hybridmem import lexical
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core import NodeChange, PlanRequest
from hybridmem.evolution.slots import pairs as pair_embed
from hybridmem.evolution.write.repeats import reinforce, within_window
from hybridmem.evolution.write.value_order import in_order
from hybridmem.models import MemoryNode

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z][A-Za-z'-]*")


def _names(text: str) -> list[str]:
    """Capitalised Latin words after the text's first word: names ("Mr. Novak", which the
    pair model's sentence rule reads as a sentence start after "Mr.")."""
    return [w for w in _LATIN.findall(text)[1:] if w[0].isupper() and w != "I"]


def value_words(text: str) -> frozenset[str]:
    """The value words of ``text`` (see the module docstring)."""
    return frozenset(w for w, value in pair_embed.words(text) if value)


def values_agree(new_text: str, old_text: str) -> bool:
    """The guard: the newcomer names no value the node does not. Numbers are compared as
    numbers ("5月3日" and "5月 3日" segment differently, "1,200" is "1200"); a Chinese value
    word counts as named when the node's text holds it (segmentation differs by context)."""
    numbers = Counter(n.replace(",", "") for n in _NUMBER.findall(new_text))
    if not numbers <= Counter(n.replace(",", "") for n in _NUMBER.findall(old_text)):
        return False  # "5月3日" / "5月5日": one 5 each, but 5 twice is not in the node
    old_tokens = {t.casefold() for t in _LATIN.findall(old_text)}
    if any(t.casefold() not in old_tokens for t in _names(new_text)):
        return False
    theirs = value_words(old_text)
    folded = old_text.casefold()
    for word in value_words(new_text):
        if _NUMBER.search(word) or word in theirs:
            continue
        if not (_CJK.search(word) and word in folded):
            return False
    if not all(noun in folded for noun in lexical.zh_nouns(new_text)):
        return False
    return in_order(new_text, old_text) and not extends(new_text, old_text)


def extends(new_text: str, old_text: str) -> bool:
    """Whether the newcomer says the node word for word and goes on: the node's content terms,
    in their order, run unbroken through the newcomer's, and the newcomer has more ("I drink
    coffee every morning" -> "... with oat milk"). A restatement says the same in other words
    or another order (搬家公司5月3日来 -> 5月3日搬家公司会来); a newcomer that repeats the node
    and continues adds a detail, and merging it would drop that detail. This reads no part of
    speech, so it also covers English, where no tagger tells a common noun."""
    old = [lexical.light_stem(t) for t in lexical.terms(old_text)]
    new = [lexical.light_stem(t) for t in lexical.terms(new_text)]
    if not old or len(new) <= len(old):
        return False
    return any(new[i : i + len(old)] == old for i in range(len(new) - len(old) + 1))


def pick_paraphrase(
    request: PlanRequest,
    siblings: Sequence[MemoryNode],
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    cfg: EvolutionConfig,
    model: pair_embed.PairModel | None,
    same_standing: Callable[[MemoryNode], bool] | None = None,
) -> MemoryNode | None:
    """The live sibling ``request`` paraphrases, if any: the most probable restatement that
    ``same_standing`` accepts (asked of restatements only, most probable first: a standing
    statement restates no mood held back, a mood no standing statement; see ``repeats``)."""
    # (``pairs.model_for`` gives a model only for the engine's own embedder and dimension)
    if model is None or request.vector is None or request.node_type not in cfg.conflict_types:
        return None
    if pair_embed.announces_value(request.content):
        # "I left Shunda, now I dispatch at Global Freight" announces a new value: never a
        # restatement of the old one (the pair model read that pair as one value). A value
        # said to hold again ("The Northgate pool again, Riverside was always packed")
        # returns from the value in between, whose words it often holds: read as its
        # restatement, it was folded into the very value it leaves.
        return None
    close = [
        n
        for n in siblings
        if n.node_type == request.node_type
        and not n.sensitive
        and n.metadata.get("awaiting") != "confirmation"
        and values_agree(request.content, n.content)
        and within_window(n, request.created_at, request.node_type, cfg)
    ]
    if not close:
        return None
    vectors = vectors_of([n.id for n in close])
    restated: list[tuple[float, int, MemoryNode]] = []
    for n, node in enumerate(close):
        vec = vectors.get(node.id)
        if vec is None:
            continue
        reading = pair_embed.read(model, request.vector, request.content, vec, node.content)
        if reading.restates:
            restated.append((-reading.same_value, n, node))  # the first of equals, as before
    for _, _, node in sorted(restated, key=lambda r: r[:2]):
        if same_standing is None or same_standing(node):
            return node
    return None


def reinforce_paraphrase(node: MemoryNode, request: PlanRequest) -> NodeChange:
    """The change a paraphrase makes to the node it restates: a repeat's reinforcement,
    with the reason saying it was said in other words."""
    change = reinforce(node, request)
    mentions = change.values["metadata"]["mentions"]
    return replace(change, reason=f"restated in other words ({mentions} mentions)")
