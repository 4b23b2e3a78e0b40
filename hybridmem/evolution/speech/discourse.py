"""Discourse cues of rules-v2: backchannels, venting, soft choices, wh-words that ask nothing.

The cues of :mod:`hybridmem.evolution.speech.lexicon` look at what a sentence says; these look
at how it is said, which is where rules-v1 went wrong on natural chat:

* **Filler**: an utterance made only of backchannel words ("ok", "got it, thanks", "嗯嗯",
  "收到，谢谢") says nothing to remember. The backchannel words are a closed class.
* **Venting**: an evaluation of one's own circumstances, not a statement of them. Recognised
  by its form, not by its topic: an insult or a derogatory demonstrative ("this stupid
  printer", "这破工作"), hyperbole ("driving me nuts", "kill me", "气得我…", "…够了",
  "讨厌死"), a subjectless outburst at the head of the sentence ("hate this job"), the
  "another X, another Y" lament, the correlative "谁爱干谁干".
* **Soft choice**: 还是 at the head of a clause means "after all" and, followed by a
  comparative evaluation (好/舒服/适合… 一点), states a choice ("还是深烘好一点"); only a 还是
  *between* two options asks. English: "X suits me better", "X is better for me after all".
* **Wh-words that ask nothing**: indefinites ("什么都吃", "哪儿都没去", "谁都没说"), wh-words
  embedded under a verb of knowing said by the speaker ("我忘了密码是多少", "我也不知道为什么").
"""

from __future__ import annotations

import re

from hybridmem.evolution.speech.lexicon import _LEAD, _family

_BACKCHANNEL_EN = (
    r"ok|okay|okey|k|kk|sure|sure thing|thanks|thank you|thx|ty|cheers|got it|gotcha|noted"
    r"|yeah|yea|yep|yup|yes|no|nope|nah|alright|all right|cool|nice|great|perfect|fine|lol"
    r"|lmao|haha\w*|hehe\w*|hmm+|mm+|uh huh|right|understood|will do|sounds good|that's all"
    r"|that's it|nothing else|np|no problem|no worries|bye|see you|good night|hi|hello|hey"
    r"|oh|ah|i see|makes sense|fair enough|okie|yes please|thanks a lot|much appreciated"
)
_BACKCHANNEL_ZH = (
    r"嗯+|恩+|哦+|噢+|喔+|唔|好+|好的|好吧|好嘞|好滴|好哒|行+|行吧|可以|可以的|收到|谢谢|谢啦|谢了"
    r"|多谢|感谢|知道了|明白了?|了解|懂了|哈+|嘿+|呵呵|嘻嘻|没(?:别的|事|问题)了?|没了|就这样吧?"
    r"|晚安|拜拜|对|对的|是的|嗯呢|ok|okay|好的呢|辛苦了|没事了"
)
_TOKEN = rf"(?:{_BACKCHANNEL_EN}|{_BACKCHANNEL_ZH})"
_FILLER = re.compile(rf"^{_TOKEN}(?:[\s,.!~]*{_TOKEN})*[\s,.!~]*$")


def is_filler(normalised: str) -> bool:
    """True when the (normalised) utterance is backchannel words and punctuation only."""
    return _FILLER.match(normalised) is not None


VENTING = _family(
    "vent",
    (
        (
            "en-insult",
            r"\b(?:jerk|idiot|moron|clown|useless|pathetic|stupid|dumb|damn|freaking|bloody"
            r"|crappy|lousy|godawful)\b",
        ),
        (
            "en-hyperbole",
            r"\bdriving me (?:nuts|crazy|insane|mad|up the wall|bananas)\b|\bkill me\b"
            r"|\b(?:sucking|sucks?|suck) the life\b|\bwant to (?:scream|cry|die|explode"
            r"|throw up|punch)\b|\bsick and tired\b|\bcan't take (?:it|this|much more)\b"
            r"|\b(?:had it|done) with\b|\benough is enough\b|\bover it\b",
        ),
        ("en-lament", r"\banother (\w+), another\b"),
        ("en-outburst", r"^" + _LEAD + r"(?:hate|despise|can't stand|cannot stand)\b"),
        ("zh-derogatory", r"这(?:个|份|家)?破|什么破|个破"),
        (
            "zh-hyperbole",
            r"(?:受|干|烦|听|看|忍|闹|吵|待|呆|做)够了|(?:气|吵|累|急|烦|愁|吓|冻|热|饿|困|疼|痛|忙)得我"
            r"|[\u4e00-\u9fff]死(?:我|这|那|他|她|人)|倒.{0,4}霉|脑壳疼|[要快]疯了|谁爱.{1,3}谁",
        ),
    ),
)

# 还是 at a clause head ("after all") followed by a comparative evaluation: a soft choice.
SOFT_CHOICE = _family(
    "pref",
    (
        (
            "zh-haishi-better",
            r"(?:^|[,.;!:]\s*|想了想|算了|我觉得|感觉|果然|看来|最后|最终)还是"
            r"(?!.{0,12}(?:帮|给我|你))[^?,]{0,14}"
            r"(?:好|舒服|合适|适合|方便|划算|靠谱|稳妥|习惯|顺手|踏实)(?:一点|一些|些|点|我)?",
        ),
        (
            "en-better-for-me",
            r"\b(?:suits?|works?|is|are|was|were|feels?) (?:\w+ )?better for me\b"
            r"|\bsuits me (?:\w+ )?better\b|\bthe better (?:choice|option|pick|bet) for me\b",
        ),
    ),
)

# An appetite of the moment: a craving with nothing making it a habit ("craving pancakes",
# 好馋火锅) is a passing want, an emotion, not a taste; with a habit marker ("always",
# "whenever I fly", 一般) it is a preference. A plain "I want <a thing>" is not here: it is
# read by evolution/speech/volition.py like any plain want, since "I want a dog" states a
# standing want as often as "I want sushi" a passing one, and only its aspect (a now, a state
# beside it) tells them apart. Written on speech-act dev batch 11 (issue 38).
WANT = _family(
    "want",
    (
        (
            "en-want",
            r"\bcraving\b|\bfancy an?\b|\bin the mood for\b"
            r"|\b(?:could|would) (?:really |so )?go for\b|\bgagging for\b|\ball i want\b",
        ),
        # 想 is read with its subject by evolution/speech/volition.py ("我妹想吃…" is a fact).
        ("zh-want", r"馋"),
        ("habit", r"\bwhenever\b|\bevery time\b|每次|每回"),
    ),
)

# Wh-words that ask nothing: indefinites and questions embedded under the speaker's knowing.
NON_QUESTION_WH = _family(
    "wh",
    (
        # "什么都吃", "什么菜都吃", "哪家都行", "谁都没说", "谁爱干谁干".
        (
            "zh-indefinite",
            r"(?:什么|哪|谁|怎么|多少|几)[^\s,.;!?:吗呢]{0,3}?(?:都|也)|谁.{1,3}谁",
        ),
        (
            "zh-embedded",
            r"(?:^|[我也不没都才就还终于已经])(?:知道|明白|清楚|记得|记不清|记不住|忘了|忘记"
            r"|搞懂|弄懂|搞明白|弄明白|想明白|学会|想起来?|发现|搞清楚|弄清楚|查到|看懂)",
        ),
    ),
)

FAMILIES = (VENTING, SOFT_CHOICE, NON_QUESTION_WH, WANT)
