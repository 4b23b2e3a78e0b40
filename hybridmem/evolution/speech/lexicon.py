"""Cue lexicons of the rule-based speech-act classifier, compiled once at import.

Each cue is a named regular expression run on the normalised utterance (lower case, ASCII
punctuation, apostrophes restored in "dont"/"im"). The names are what a
:class:`~hybridmem.evolution.speech.labels.SpeechActResult` reports in ``cues``, so they are
short, stable and prefixed by the family they belong to. Which family wins is decided in
:mod:`hybridmem.evolution.speech.rules`; this module only says what each cue looks like.

Chinese cues run on characters rather than on jieba tokens: the markers that matter (吗, 假如,
要是, 帮我, 不是...) are fixed strings, regexes over characters are an order of magnitude faster
than segmenting, and segmentation errors on short casual chat would only add noise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hybridmem.evolution.speech import regex_factors, words

_CJK_CHAR = re.compile(r"[\u3400-\u9fff]")
_LATIN_CHAR = re.compile(r"[a-z]")
# Regex syntax that contains letters without matching them: escapes and named groups.
_REGEX_SYNTAX = re.compile(r"\\u[0-9a-f]{4}|\\[a-zA-Z]|\(\?P<\w+>|\(\?P=\w+\)")


@dataclass(frozen=True)
class Cue:
    """One named pattern; ``name`` is reported in results when ``pattern`` matches.

    ``latin``/``cjk`` say which scripts the pattern can match at all, so the classifier skips
    English patterns on Chinese text and the reverse (about twice as fast on one-script text).
    ``factors``: literal strings one of which any match contains (None: unknown), so a text
    holding none of them is not searched (:mod:`~hybridmem.evolution.speech.regex_factors`).
    """

    name: str
    pattern: re.Pattern[str]
    latin: bool
    cjk: bool
    factors: frozenset[str] | None = None

    def search(
        self, text: str, *, has_latin: bool, has_cjk: bool, present: frozenset[str] | None = None
    ) -> bool:
        """True when the pattern matches, skipping the search when no script can match or
        (``present``: the known factors ``text`` holds) none of its factors is there."""
        if not ((self.latin and has_latin) or (self.cjk and has_cjk)):
            return False
        if present is not None and self.factors is not None and self.factors.isdisjoint(present):
            return False
        if self.pattern.search(text) is None:
            return False
        return not has_cjk or words.cue_found(self.pattern, text, order=is_order(self.name))


@dataclass(frozen=True)
class CueFamily:
    """A group of cues that all point to the same decision in the rules."""

    name: str
    cues: tuple[Cue, ...]

    def fired(
        self,
        text: str,
        *,
        has_latin: bool = True,
        has_cjk: bool = True,
        present: frozenset[str] | None = None,
    ) -> tuple[str, ...]:
        """Names of the cues of this family that match ``text`` (``present``: see
        :meth:`Cue.search`)."""
        return tuple(
            cue.name
            for cue in self.cues
            if cue.search(text, has_latin=has_latin, has_cjk=has_cjk, present=present)
        )


def is_order(name: str) -> bool:
    """Whether the cue ``name`` says an order or a request to act (its family's prefix)."""
    return name.startswith(("ins:", "req:"))


def _cue(name: str, rx: str) -> Cue:
    literal = _REGEX_SYNTAX.sub("", rx)
    # A pattern with neither kind of literal (pure punctuation, "\\?") must run on any text.
    latin, cjk = bool(_LATIN_CHAR.search(literal)), bool(_CJK_CHAR.search(literal))
    if not latin and not cjk:
        latin = cjk = True
    pattern = re.compile(rx)
    return Cue(name, pattern, latin, cjk, regex_factors.factors(pattern))


def _family(name: str, table: tuple[tuple[str, str], ...]) -> CueFamily:
    return CueFamily(name, tuple(_cue(f"{name}:{key}", rx) for key, rx in table))


# Fillers that may precede a sentence-initial cue without changing the act ("ok so book...").
_LEAD = (
    r"(?:(?:hey|hi|ok|okay|so|and|but|also|oh|um|btw|honestly|hmm|well|actually|then|maybe"
    r"|perhaps|probably)[,\s]+)*"
)
# Clause start: beginning of text or after a clause break, then optional fillers.
_CLAUSE = r"(?:^|[,.;!?:]\s*)" + _LEAD
_SELF = r"(?:i|we|my|our|i'm|i've|i'd)"

# Adverbs allowed between "I" and a verb of liking ("I've always hated", "I really do like").
_ADVERBS = (
    r"(?:(?:really|kind of|kinda|sort of|always|never|just|absolutely|totally|truly|honestly"
    r"|also|still|genuinely|do|don't|do not|didn't|actually|pretty much|secretly) ){0,3}"
)
# Adjectives that turn a sentence-initial "how" into an exclamation ("how lovely").
_EXCLAIMED = (
    r"nice|awful|annoying|cool|sweet|lovely|sad|great|wonderful|terrible|funny|weird|rude"
    r"|embarrassing|beautiful|kind|stupid"
)
# Verbs that, at the start of a clause, make the clause an order to the agent.
_ACTION_VERBS = (
    r"book|cancel|order|remind|send|add|set|schedule|reserve|put|change|move|call|text|email"
    r"|find|get me|buy|pay|submit|forward|use|make sure|stop|pick|choose|keep|look up|show me"
    r"|list|note|save|turn|notify|let me know|tell me|give me|avoid|skip|update|delete|remove"
    r"|arrange|check|track|mute|plan|reply|write|draft|print|share|archive|rebook|renew|unsubscribe"
    r"|upload|transfer|fill|sign|ping|message|block|split|sort|remember|write down|note down"
    r"|jot down|default to|hold off|go ahead|double-check|confirm|reschedule|file|log|record"
    r"|clear|don't forget|bump|push|drop|wake me|pull up|dig up|look into|grab|fetch|pencil in"
    r"|sign me up|make a note|take a note|suggest|recommend|tell|ask|inform|warn|invite"
)
# Verbs that, after "don't"/"never" with no subject, still describe the user ("dont like X").
_USER_STATE_VERBS = (
    r"like|love|have|eat|drink|know|think|want|live|work|been|really|mind|care|need|smoke|wear"
    r"|own|remember|feel|get it|understand"
)

# A request for help, unless a third party is the one helping ("朋友帮我搬家" narrates).
_BANG_WO = (
    r"(?<![他她友事妈爸哥姐弟妹公婆])帮我|麻烦"
    r"|帮(?:个)?忙(?=.{0,3}(?:看|查|订|买|取消|处理|安排|弄|问|找|选))"
)

HYPOTHETICAL_STRONG = _family(
    "hyp",
    (
        ("what-if", r"\bwhat if\b"),
        ("suppose", r"\bsuppos(?:e|ing)\b"),
        ("imagine", r"\bimagine\b|\bpretend\b|\bin theory\b|\btheoretically\b"),
        ("hypothetically", r"\bhypothetical(?:ly)?\b"),
        ("lets-say", r"\blet's say\b|^" + _LEAD + r"say (?:i|we|my|our|that|the)\b"),
        # Subjunctive "were" marks an unreal condition whoever the subject is.
        (
            "counterfactual-if",
            r"\bif (?:i|we) (?:were|was|had)\b|\bif only\b|\bi wish\b"
            r"|\bif [\w' ]{1,20} (?:were|weren't)\b",
        ),
        # Only a condition on the user's own life: "I'd pick the train if it's short" is a taste.
        (
            "would-if",
            r"\b(?:i|we)'d\b.*\bif " + _SELF + r"\b|\bif " + _SELF + r"\b.*\b(?:i|we)'d\b"
            r"|\bwould\b.*\bif " + _SELF + r"\b|\bif " + _SELF + r"\b.*\bwould\b"
            r"|\bif\b.*\b(?:i|we)(?:'ll| will)\b",
        ),
        # "if I moved / took / quit": the past tense after "if" marks an unreal condition.
        (
            "if-past",
            r"\bif (?:i|we) (?:\w+ed|took|got|went|quit|left|sold|bought|became|made"
            r"|lost|did|didn't|could|won|gave|ran|chose|broke)\b",
        ),
        ("inverted-if", r"\bshould (?:i|we) ever\b|\bwere (?:i|we) to\b|^had (?:i|we) \w+ed\b"),
        (
            "assuming",
            r"\bassuming\b|\bin a world where\b|\bpicture (?:this|me|myself)\b"
            r"|\btoying with\b|\bplaying with the idea\b|\bi could see myself\b"
            r"|\bpart of me\b|\bweighing (?:up )?(?:whether|if)\b|\bdebating (?:whether|if)\b"
            r"|\bon the fence\b|\bi'm torn\b|\b(?:what|how) about (?:me|us) \w+ing\b"
            r"|\b(?:could|would|might) be (?:nice|fun|great|cool|good|interesting) to\b"
            r"|\bmight be worth\b|\bwhat would (?:my|i|we|our|life)\b|\bsome ?day\b"
            r"|\bone day\b(?! (?:after|before|later|earlier|ago|early|late|off))"
            r"|\bi(?:'d| would) love to\b"
            # A pull towards a choice not made ("half tempted to sell the piano"), a wish with
            # no subject ("wish I could..."), a tentative plan ("might be time to...").
            r"|\btempted to\b|^" + _LEAD + r"wish (?:i|we)\b"
            r"|\b(?:might|may|could) be time to\b",
        ),
        (
            "tentative",
            r"\bnot sure yet\b|\bnothing(?:'s)? decided\b|\bhaven't decided\b"
            r"|\bundecided\b|\bi may\b|还没决定|没想好|看情况|不一定|再说吧|还在犹豫|还早",
        ),
        ("might", r"\b(?:i|we) might\b"),
        (
            "maybe-i",
            r"\b(?:maybe|perhaps|possibly) (?:i|we)(?:'ll| will| should| could| might)\b"
            r"|\bbetter off\b",
        ),
        (
            "considering",
            r"\b(?:thinking|thought) (?:about|of)\b|\bconsidering\b"
            r"|\bthinking out loud\b|\bwould it be (?:crazy|smart|wise|silly|dumb|a good idea"
            r"|a bad idea|worth|better)\b",
        ),
        ("jiaru", r"假如|假设|假定|假使|倘若|设想|想象一下"),
        ("wanyi", r"万一"),
        ("yaoshi", r"要是"),
        ("ruguo-ne", r"如果.*呢[?.!\s]*$|的话.*呢[?.!\s]*$"),
        ("shuobuding", r"说不定|说不准|没准|搞不好|也许|或许"),
        (
            "kaolv",
            r"(?:我|在|正在|还在)考虑|考虑(?:要不要|一下要不要|是否)|在想要不要|想想要不要"
            r"|琢磨|寻思|纠结要不要|犹豫要不要|要不(?:我|咱|我们)|干脆.{0,10}算了|(?:我|也)想过"
            r"|(?:有点|真)想(?!哭|吐|死|笑|你|家)"
            r"|有可能(?:我|我们)|(?:我|我们)(?:有)?可能(?:会|要)",
        ),
        (
            "dengwo",
            r"等我.{1,12}(?:了|后|以后)?就|(?:想|打算|准备)等.{1,10}再|真要.{0,12}的话"
            r"|真(?:的)?去了.{0,8}的话",
        ),
        ("jiuhaole", r"就好了|该多好"),
    ),
)

# A condition on the user's own situation is a supposition; a condition on the world ("if it
# rains", "如果航班延误") is a practical question or a conditional instruction.
HYPOTHETICAL_CONDITIONAL = _family(
    "hyp",
    (
        ("if-self", r"^" + _LEAD + r"if " + _SELF + r"\b"),
        ("ruguo-self", r"如果.{0,3}(?:我|咱)"),
    ),
)

# Directives that make sense as the consequence of a condition ("if ..., remind me").
TRIGGERED_DIRECTIVE = _family(
    "ins",
    (
        (
            "trigger",
            r"\b(?:remind|notify|text|tell|email|call|ping|alert|message|wake) me\b"
            r"|\blet me know\b|提醒我|告诉我|通知我|叫我|喊我|跟我说",
        ),
        # "If I'm late, tell my manager": an imperative right after the condition.
        (
            "then-imperative",
            r",\s*(?:please |then |just )?(?:" + _ACTION_VERBS + r")\b"
            r"|就(?:帮我|给我|提醒|通知|告诉|取消|订)",
        ),
    ),
)

QUESTION_FORM = _family(
    "q",
    (
        ("mark", r"\?"),
        # Not a subordinate clause ("when I was...") nor an exclamation ("what a mess").
        (
            "wh-start",
            r"^" + _LEAD + r"(?:what|when|where|who|whose|which|why|how)\b"
            r"(?!\s+(?:i|we|you|he|she|they|it|a|an)\b)(?!\s+(?:" + _EXCLAIMED + r")\b)",
        ),
        ("be-start", r"^" + _LEAD + r"(?:is|are|was|were|does|has)\s+[a-z]"),
        (
            "inversion",
            r"^" + _LEAD + r"(?:is|are|am|was|were|do|does|did|can|could|will|would"
            r"|should|shall|have|has|had|may|isn't|aren't|wasn't|don't|doesn't|didn't|can't|won't"
            r"|haven't|hasn't|shouldn't|wouldn't|couldn't)\s+(?:i|you|we|it|he|she|they|my|the|this"
            r"|that|there|your|our|his|her|its|any)\b",
        ),
        (
            "any-idea",
            r"\bany (?:idea|clue|good|chance|way)\b|\bdo you (?:know|remember)\b"
            r"|\bi wonder\b",
        ),
        ("ma", r"[吗嘛]|么[?.!\s]*$"),
        ("ne", r"呢[?.!\s]*$"),
        (
            "zh-wh",
            r"(?<![没不])什么(?![都也])|(?<![不没])怎么|为什么|为啥|哪(?!怕)|谁"
            r"|几[点个次天号岁时月]|多少|多久|多长|多远|多大|是否",
        ),
        (
            "a-not-a",
            r"是不是|有没有|能不能|可不可以|会不会|要不要|好不好|行不行|对不对",
        ),
        # Any verb or adjective doubled around 不 (冷不冷, 开不开门); the rules keep it only where
        # the first character starts a word: 现在不在 holds 在不在 across 现在 | 不在.
        ("a-not-a-any", r"(?P<anota>[\u4e00-\u9fff])不(?P=anota)"),
        # "A 还是 B" asks; 还是 at a clause head ("after all") does not, nor "还是 X 吧" closing
        # a clause ("距离还是用公里吧。": a choice made, "let's go with X after all").
        (
            "zh-colloquial-wh",
            r"啥|咋|[^我你他她,.;!?:\s]还是(?!要|想|觉得|决定|喜欢|算了)"
            r"(?![^,.;!?，。；！？]*吧(?:[,.;!，。；！]|$))",
        ),
        ("le-mei", r"了没有?[?.!\s]*$|[^我也]不[?.!\s]*$"),
        ("ni-zhidao", r"你知道|你还记得|你记得"),
    ),
)

# Inside a question, asking the agent to *do* something makes the utterance an instruction.
POLITE_ACTION_REQUEST = _family(
    "req",
    (
        # At the start only: "could you book..." orders, "what would you recommend?" asks.
        (
            "can-you-act",
            r"^" + _LEAD + r"(?:please )?(?:can|could|would|will) you (?:please )?"
            r"(?:" + _ACTION_VERBS + r")\b|\bwould you mind\b",
        ),
        ("bang-wo", _BANG_WO),
        ("qing", r"请(?!问)"),
    ),
)

# ...unless what it asks is to tell or to look something up.
INFO_REQUEST = _family(
    "q",
    (
        (
            "tell-me",
            r"\b(?:can|could|would) you (?:please )?(?:tell me|check (?:if|whether)"
            r"|find out|look up|see (?:if|whether))\b",
        ),
        ("bang-wo-cha", r"帮我(?:查|看|问)"),
    ),
)

INSTRUCTION = _family(
    "ins",
    (
        (
            "imperative",
            _CLAUSE + r"(?:(?:please|pls|always|only|just|also|next time|from now on"
            r"|going forward|in future|in the future)[,\s]+)*(?:" + _ACTION_VERBS + r")\b",
        ),
        (
            "dont-verb",
            _CLAUSE + r"(?:please )?(?:don't|do not|never|no more)\s+"
            r"(?!" + _USER_STATE_VERBS + r")\w+",
        ),
        ("please", r"\bplease\b|\bpls\b"),
        (
            "me-directive",
            r"\b(?:remind|notify|text|tell|email|call|ping|alert|message|wake) me\b"
            r"|\blet me know\b",
        ),
        (
            "want-you-to",
            r"\bi (?:want|need) you to\b|\bi(?:'d| would) like you to\b"
            r"|\bmake sure\b",
        ),
        ("lets", r"^" + _LEAD + r"let's (?!say\b|pretend\b|imagine\b|suppose\b)\w+"),
        ("bang-wo", _BANG_WO + r"|^请(?!问)|请(?:把|帮|给|提醒|取消|预订|订|发)"),
        ("tixing-wo", r"提醒(?:一下)?我|告诉我|通知我|发给我|叫我|喊我"),
        ("jide", r"(?<![我你])记得|记一下|记住|记下来|备注一下"),
        (
            "bie",
            r"^(?:以后|今后|下次|再也)?(?:别|不要)(?!人|的)|别再|不要再|以后别|以后不要"
            r"|(?:你|先|千万|可)(?:别|不要)|你(?:先|赶紧|马上|直接)(?!别|不)",
        ),
        ("gei-wo", r"^给我|给我(?:发|订|列|找|推荐|安排|买|查|留)|^给.{1,6}(?:发|打|回|转)"),
        ("ba", r"^(?:你|你先|请你)?(?:把|订|取消|预订|预约|加上|删掉|设置)"),
        # Not after 我: "我以后都不吃辣了" describes the user, it orders nothing.
        (
            "yihou-dou",
            r"(?<!我)(?:以后|今后|每次|下次).{0,10}(?:都|就|一律|统一|优先|默认)"
            r"|(?<!我)(?:以后|今后|每次|下次).{0,8}(?:用|选|订|发|买|给|通知|联系|走)",
        ),
        ("rili", r"加到(?:我的)?日历"),
    ),
)

# "Give me X over Y any day" is imperative in form but states a taste; checked before orders.
PREFERENCE_IDIOM = _family(
    "pref",
    (
        ("over-any-day", r"\bover\b.{1,30}\bany day\b|比起.{1,12}(?:我)?更(?:喜欢|愿意|爱)"),
        # A bare "tea, not coffee" / "sparkling water, never still" names a standing choice.
        (
            "x-not-y",
            r"^(?!no\b|yes\b|ok\b|okay\b|well\b|oh\b|please\b)[a-z][a-z ]{1,20}, "
            r"(?:not|never) [a-z]",
        ),
        # Topic first, then the taste: "订酒店我喜欢带早餐的" (not "帮我订我喜欢的那家").
        (
            "zh-topic-taste",
            r"^(?!帮|请|麻烦|给)[^,]{1,8}我(?:最|更|比较|一般|通常)?"
            r"(?:喜欢|习惯|偏爱|偏好)",
        ),
    ),
)

# "Mad about tractors", "crazy about dogs": fondness of a kind of thing, a taste; "mad about
# the delay" (a particular: a determiner or a pronoun follows) stays a feeling.
_FOND_OF = (
    r" about (?!(?:the|this|that|these|those|it|what|how|being|having|my|your|his|her|our"
    r"|their|all)\b)"
)

LIKE_VERB = _family(
    "like",
    (
        (
            "en-like",
            r"\bi(?:'ve)? " + _ADVERBS + r"(?:like|love|enjoy|adore|dislike|hate|detest"
            r"|loathe|liked|loved|enjoyed|disliked|hated)\b|\bcan't stand\b",
        ),
        (
            "en-not-like",
            r"\bi (?:really )?(?:don't|do not|never) (?:really )?"
            r"(?:like|love|enjoy)\b",
        ),
        ("zh-like", r"喜欢|讨厌|受不了(?!了)|最爱|爱吃|爱喝|不爱|烦透了"),
        ("en-loving", r"^" + _LEAD + r"(?:loving|hating)\b"),
        ("en-fond", r"\b(?:mad|crazy|nuts|wild)" + _FOND_OF),
    ),
)

# The dislikes among the like/dislike verbs: a circumstance nobody chooses marks a dislike
# of it as a passing mood ("I hate rain"), not a liking of it ("I like the sound of rain").
DISLIKE = _family(
    "dislike",
    (
        (
            "en",
            r"\b(?:hate|hated|hating|dislike|disliked|detest|loathe|can't stand)\b"
            r"|\b(?:don't|do not|never) (?:really )?(?:like|love|enjoy)\b",
        ),
        ("zh", r"讨厌|受不了|烦|不爱|不喜欢"),
    ),
)

PREFERENCE = _family(
    "pref",
    (
        ("prefer", r"\bprefer(?:s|red)?\b|\bi'd rather\b|\brather than\b|\bgo-to\b"),
        ("favourite", r"\bfavou?rite\b"),
        ("fan", r"\bfan of\b|\bnot (?:really )?into\b|\bi'm (?:\w+ )?into\b"),
        (
            "any-day",
            r"\bany day\b|\bevery time\b|, always[.!]?$|\bwhenever possible\b"
            r"|\bi'm happiest\b",
        ),
        (
            "diet",
            r"\bi (?:don't|do not|never) (?:eat|drink|smoke)\b"
            r"|\b(?:vegetarian|vegan|pescatarian|teetotal|halal|kosher|lactose)\b",
        ),
        (
            "person",
            r"\bi'm (?:not )?(?:really )?(?:a|an|more of a) (?:[\w-]+ )?[\w-]+ person\b"
            r"|\b[\w-]+ person here\b"
            r"|\bi'm (?:really |quite |very )?(?:picky|fussy|particular|choosy)\b",
        ),
        (
            "go-for",
            r"\bi(?:'ll| will)? (?:\w+ )?(?:go for|opt for|stick to|stick with|lean towards"
            r"|only \w+|mostly \w+)\b|\bi don't care (?:much )?for\b"
            r"|\bi (?:\w+ )?(?:try to avoid|avoid|steer clear of)\b",
        ),
        ("matters", r"\bmatters? (?:more|most|a lot) to me\b|\b(?:more )?important to me\b"),
        (
            "choose-over",
            r"\bi(?:'d| would) (?:choose|pick|take|go for) [\w ]{1,20} over\b"
            r"|\bnot much of a\b",
        ),
        ("habit", r"\bi (?:usually|generally|normally|always|typically|tend to|mostly)\b"),
        ("for-me", r"\bfor me\b|\bmorning person\b|\bnight owl\b"),
        (
            "zh-prefer",
            r"偏好|偏爱|偏向|更愿意|宁愿|宁可|比起|更倾向|口味|看重|讲究|[猫狗].?派"
            r"|我是.{1,4}派",
        ),
        (
            "zh-habit",
            r"习惯|(?:^|我)(?:一般|平时|通常)|平时|我(?:都|每次都|一般都)要|我这(?:个)?人"
            r"|怕(?:冷|热|吵|辣)",
        ),
        ("zh-taste", r"去冰|少冰|少糖|半糖|无糖|微辣|不要葱|不要香菜"),
        ("zh-only", r"只(?:喝|吃|穿|用|坐|住|买|订)"),
        (
            "zh-diet",
            r"不吃|不喝|吃不了|吃不惯|喝不了|忌口|吃素|不太?能(?:吃|喝)"
            r"|(?:喝|吃).{0,6}不加",
        ),
        ("zh-interest", r"没(?:什么)?兴趣|不感兴趣|不感冒|感兴趣"),
    ),
)

# Markers that a like/dislike is a lasting trait rather than a passing mood.
STABLE = _family(
    "stable",
    (
        (
            "en",
            r"\balways\b|\bfrom now on\b|\bgenerally\b|\busually\b|\bin general\b"
            r"|\ball my life\b|\bever since\b|\bsince i was\b",
        ),
        ("zh", r"一直|从小|向来|从来|平时|一般|以后|今后|每次|一向"),
    ),
)

# A feeling given a recurring cause: a bare plural or habitual subject that makes the speaker
# feel something ("Snowy mornings make me happy", "Long drives relax me"), or 总是/总让/每当
# ("下雪的早晨总让我很开心"): a lasting disposition, unless something ties it to the moment.
DISPOSITION = _family(
    "disposition",
    (
        (
            "en",
            r"^(?!(?:the|this|that|these|those|my|our|your|his|her|their|its)\b)"
            r"(?:[a-z]+ ){0,2}[a-z]+s (?:always |usually |really |just )?"
            r"(?:make|leave|get) me (?:feel )?[a-z]+",
        ),
        ("zh", r"总(?:是|会)?让我|总是(?:很|特别|挺)|每当|一到.{1,6}就(?:会)?(?:很|特别)?"),
    ),
)

# Markers that tie an evaluation to this moment or this instance.
MOMENTARY = _family(
    "now",
    (
        (
            "en",
            r"\btoday\b|\btonight\b|\bright now\b|\bat the moment\b|\bthis (?:morning"
            r"|afternoon|evening|week|weekend|time)\b|\bagain\b|\bjust now\b|\bso much\b",
        ),
        # 越 A 越 B grows with the moment (越住越喜欢); 越 A 越好 ("the smellier the better")
        # is a standing criterion, not a moment.
        ("zh", r"今天|今晚|这会儿|此刻|刚才|刚刚|现在|这次|又|越.{1,3}越(?!好)"),
        ("demonstrative", r"\b(?:hate|love|like|dislike) (?:this|these|that|those)\b"),
        ("hedge", r"\bkind of\b|\bkinda\b|\bsort of\b|其实挺|有点"),
        (
            "interjection",
            r"^(?:ugh|argh|man|wow|omg|oh|sigh|yay|damn|gosh|ah|aw+|ha+)\b"
            r"|[唉哎哇]|啊[!.]?$|呀[!.]?$",
        ),
        ("intensifier", r"[好真](?:的)?(?:好)?(?:喜欢|讨厌|想|爱)"),
        # Circumstances nobody chooses: disliking them is a mood, not a preference to act on.
        (
            "circumstance",
            r"\b(?:rain|rainy|snow|heat|humidity|weather|traffic|mondays?|commute"
            r"|waiting|queues?|lines|crowds?|noise|deadlines?|boss|manager|landlord|cowork\w*"
            r"|colleagues?|neighbou?rs?|customers?|clients?|job|shifts?)\b|下雨|雨天|下雪|天气|堵车"
            r"|排队|周一|加班|通勤|老板|领导|房东|同事|邻居|客户|甲方",
        ),
    ),
)

# A word that is no preposition and does not follow one: what stands before it is no noun
# phrase's head ("bee" in "allergic to bee stings").
_PREPOSITION = r"(?:to|of|by|from|with|for|against|about)"
_NOT_AFTER_PREPOSITION = r"(?<!\bto )(?<!\bof )(?<!\bby )(?<!\bfrom )(?<!\bwith )(?<!\bfor )"

EMOTION = _family(
    "emo",
    (
        (
            "en-feeling",
            r"\b(?:tired|exhausted|exhausting|stressed|stressful|nervous|anxious"
            r"|worried|scared|excited|thrilled|happy|glad|sad|upset|angry|furious|annoyed"
            r"|annoying|frustrated|frustrating|overwhelmed|relieved|bored|lonely|homesick|miserable"
            r"|drained|burnt out|burned out|starving|freezing|cranky|grumpy|proud|grateful"
            r"|heartbroken|fed up|sick of|hungry|disappointed|disappointing|rough|brutal|unfair"
            r"|ridiculous|yikes|phew|whew)\b|\b(?:feeling|feel|i'm|so|kinda|bit) down\b"
            r"|\b(?:mad|crazy)\b(?!" + _FOND_OF + r")"
            r"|\b(?:good|bad|great|foul|terrible|awful) mood\b|\bnot in the mood\b"
            r"|\bso done\b|\bkilling (?:me|my)\b|\bcan't believe\b|^" + _LEAD + r"feeling\b"
            r"|\bi(?:'m)? feel(?:ing)?\b|\bfreaking out\b|\bgrowing on me\b|\brelief\b|\binsane\b"
            r"|\bsuch a (?:relief|pain|mess|joy|treat)\b|\bnot feeling (?:it|the)\b"
            r"|\b(?:dread|dreading|gutted|bummed|obsessed|jealous|envious|hilarious|pumped|stoked"
            r"|psyched|unreal|crying|lol|lmao|haha\w*|terribly|lucky|confusing)\b"
            r"|\bcan't wait\b|\blosing my mind\b|\bnot gonna lie\b|\bngl\b"
            r"|\bdr(?:ive|ives|ove|iving) me (?:nuts|mad|crazy|insane|up the wall|round the bend)\b"
            r"|\bcan't (?:deal with|cope with|bear)\b",
        ),
        # "so noisy", "really excited", "super pumped": an intensified adjective evaluates.
        (
            "en-intensified",
            r"(?<!\ba )(?<!\ban )(?<!\bthe )\b(?:so|soo+|super|really) "
            r"(?!(?:i|we|the|my|it|that|far|much|many|long|on|you|he|she|they|if|to|a|an)\b)"
            # "-thing", "-body", "-one" after "so" are pronouns of a clause ("I'm coeliac, so
            # nothing with wheat"), not an adjective it intensifies.
            r"(?![a-z]*(?:thing|body|one)\b)"
            r"[a-z]{3,}(?:y|ing|ed|ful|ous|ive|ble)\b",
        ),
        (
            "en-evaluation",
            r"\b(?:gross|awful|terrible|horrible|disgusting|amazing|awesome"
            r"|stunning|gorgeous|lovely|wonderful|incredible|knackered|shattered|wiped out"
            # "That bill stings" evaluates; "allergic to bee stings" names a noun, the object
            # of a preposition.
            r"|(?:^|" + _NOT_AFTER_PREPOSITION + r"\b(?!" + _PREPOSITION + r"\b)\w+ )stings"
            r"|fantastic|delicious|nightmare|waste of time|the worst|sucks|yuck)\b",
        ),
        (
            "en-interjection",
            r"^(?:ugh|argh|sigh|omg|yay|oof|ouch|yikes|meh|whoa|woohoo|hooray)\b"
            r"|^" + _LEAD + r"what an? \w+|^" + _LEAD + r"how (?:" + _EXCLAIMED + r")\b"
            r"|\b(?:best|worst) [\w ]{1,20}(?:ever|of my life|in ages)\b",
        ),
        (
            "zh-feeling",
            r"(?<!麻)烦|累(?!计)|崩溃|开心|高兴|难过|伤心|郁闷|焦虑|紧张|头疼|头大|心态|气坏|气炸"
            r"|气死|生气|感动|无聊|(?<![a-z])emo(?![a-z])|废了|软了|无语|哈哈|充实|想家|服了|醉了|麻了|失望|委屈|难受|害怕|担心|激动|兴奋|好想|想哭|闹心|心情|腰疼"
            r"|饿|美滋滋|烦躁|值了|爽|受不了了|成这样|[\u4e00-\u9fff]死(?:我)?了|折磨|疯了|倒霉"
            r"|折腾|难(?:喝|听|看|闻)|期待|心塞|笑死|舍不得|太棒|后悔|无奈|羡慕|尴尬|真香|太香了|慌"
            r"|幸福|舒服|憋屈|让人|超[好棒赞爽累烦]|[好真太]棒|头痛|喘不过气|松了一口气|肉疼"
            r"|一想到.{1,10}就|感觉(?:好|很|有点|超|特别)|^(?:好|真|太)(?![的吧了像久多几])",
        ),
        ("zh-evaluation", r"(?<!不)太.{1,4}了|也太|超级|好吃|难吃|糟糕|可恶|真让人|[唉哎]"),
    ),
)

NEGATION = _family(
    "neg",
    (
        # The "no..." words share one branch (the same matches as one alternative per word,
        # 2.5x faster: "no" is in "now", "know", "note", so this cue is searched often).
        ("en-not", r"\bno(?:t|body|thing| longer)?\b|\bnever\b|n't\b"),
        ("zh-bu", r"不(?![错过少久同管断然仅如只但])"),
        ("zh-mei", r"没(?!什么)|未"),
    ),
)

FAMILIES: tuple[CueFamily, ...] = (
    HYPOTHETICAL_STRONG,
    HYPOTHETICAL_CONDITIONAL,
    TRIGGERED_DIRECTIVE,
    QUESTION_FORM,
    POLITE_ACTION_REQUEST,
    INFO_REQUEST,
    INSTRUCTION,
    PREFERENCE_IDIOM,
    LIKE_VERB,
    DISLIKE,
    PREFERENCE,
    STABLE,
    DISPOSITION,
    MOMENTARY,
    EMOTION,
    NEGATION,
)

_PUNCTUATION = str.maketrans(
    {
        "？": "?",
        "！": "!",
        "，": ",",
        "。": ".",
        "；": ";",
        "：": ":",
        "\u2019": "'",
        "\u2018": "'",
        "`": "'",
        "、": ",",
    }
)
_CONTRACTION = re.compile(
    r"\b(don|didn|doesn|isn|aren|wasn|weren|haven|hasn|hadn|won|wouldn|shouldn|couldn|can)t\b"
)
_BARE_PRONOUN = re.compile(r"\b(i)(m|ve|ll)\b")
_SPACES = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Lower-case, map CJK punctuation to ASCII, restore apostrophes typed without them."""
    out = text.translate(_PUNCTUATION).lower()
    if _LATIN_CHAR.search(out):
        # Each pattern is tried only where its literal is (a scan in C): every contraction
        # stem ends in "n", so a match holds "nt"; a bare pronoun is "im", "ive" or "ill".
        if "nt" in out:
            out = _CONTRACTION.sub(r"\1't", out)
        if "im" in out or "ive" in out or "ill" in out:
            out = _BARE_PRONOUN.sub(r"\1'\2", out)
    # What _SPACES.sub(" ", out).strip() gives: split() and \s agree on whitespace (the same
    # Unicode test; enumerated in tests/evolution/test_speech_acts.py).
    return " ".join(out.split())


def scripts(text: str) -> tuple[bool, bool]:
    """Whether normalised ``text`` holds Latin letters and CJK characters."""
    return _LATIN_CHAR.search(text) is not None, _CJK_CHAR.search(text) is not None
