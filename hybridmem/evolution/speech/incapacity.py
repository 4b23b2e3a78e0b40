"""A mood said as a negation: an ability or inclination denied on one occasion.

"Couldn't face breakfast this morning", "Can't switch off tonight", "Didn't fancy lunch
today", 今天早饭一口都吃不下, 昨晚翻来覆去根本睡不着, 今天手脚一直暖不过来: the rules read the
negation and label them NEGATION, which memory keeps like "I don't eat pork". What they deny
is not a fact of the world or a standing trait but the speaker's capacity or wish at one
moment: how the speaker was that morning, a passing state (docs/benchmarks.md, speech22 and
speech23: the commonest route of a mood into memory on the labelled dev lines).

Read from closed grammatical classes only, never from the verb denied:

* **a negated modal of ability or volition**: English "can't / cannot / couldn't" + a verb,
  "don't / didn't want / wanna / feel like / fancy"; Chinese the potential complement, a verb
  or adjective + 不 + a directional or result complement (吃不下, 睡不着, 暖不过来, 提不起, 搬不动:
  the form that says the action cannot reach its result), with jieba's flag of the word
  before 不 (or of the word 不 sits inside) telling the verb from a time word (今天不去:
  a plain negated plan, not read);
* **one occasion**, experienced, named in the clause of the denial
  (:func:`~hybridmem.evolution.speech.aspect.one_occasion`: today, tonight, last night,
  今天, 昨晚, 这次…, nothing making it outlast the occasion), not one still to come
  ("I can't come tomorrow", 明天来不了: a plan the agent needs).

Without the occasion the same form is a standing trait and stays a negation ("I can't swim",
"I can't stand horror films", 我吃不了辣); a denied event ("the bus didn't come today", 今天老板
不在) has no modal and stays a negation too.
"""

from __future__ import annotations

import re

from hybridmem import lexical
from hybridmem.evolution.speech import aspect
from hybridmem.evolution.speech.lexicon import normalise

# The negated modal of ability or volition (closed classes: the modals, the volitive verbs).
_NEGATED_MODAL_EN = re.compile(
    r"\b(?:can't|cant|cannot|can not|couldn't|couldnt|could not)\s+[a-z]"
    r"|\b(?:don't|dont|didn't|didnt|do not|did not)\s+(?:really\s+|even\s+)?"
    r"(?:want|wanna|feel like|fancy)\b"
)
# The potential complement's second part: directional and result complements (a closed class).
_POTENTIAL_ZH = re.compile(r"不(?:下|着|动|了|进|起|来|去|过|上|完|住|开|到|出|清|懂|惯)")


def occasion_incapacity(text: str) -> bool:
    """Whether ``text`` denies the speaker's ability or wish on one experienced occasion (the
    module docstring): read by the rules as a negation, it is a passing state."""
    norm = normalise(text)
    if aspect.TOMORROW.search(norm) or not aspect.one_occasion(norm):
        return False
    # The denial is of the occasion its own clause names: in 今天打车去的医院，腿伤了走不了路
    # the day holds an event and the clause beside it its reason, an injury.
    return any(
        aspect.OCCASION.fired(clause)
        and (bool(_NEGATED_MODAL_EN.search(clause)) or _potential_zh(clause))
        for clause in (normalise(piece) for piece in lexical.clause_pieces(text))
    )


def _potential_zh(text: str) -> bool:
    """A verb or adjective + 不 + a directional or result complement, by jieba's flags."""
    if not _POTENTIAL_ZH.search(text):
        return False
    tags = lexical.pos_tags(text)
    for i, (word, _flag) in enumerate(tags):
        at = word.find("不")
        if at < 0 or not _POTENTIAL_ZH.match(word[at:] + _next_word(tags, i)):
            continue
        if at > 0:
            # 不 inside one word (吃不下, 提不起): the word is the verb with its complement.
            return True
        # 不 heading its word (不, 不动): the word before is the verb (搬 | 不动, 暖 | 不 | 过来).
        if i > 0 and tags[i - 1][1].startswith(("v", "a")):
            return True
    return False


def _next_word(tags: list[tuple[str, str]], i: int) -> str:
    return tags[i + 1][0] if i + 1 < len(tags) else ""
