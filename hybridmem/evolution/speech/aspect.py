"""A feeling read by its aspect: about a particular now, or characterizing the speaker.

"This coffee tastes burnt, gross", "终于下班了，累瘫", "the meetings today were the worst" are
episodic: a feeling about one thing at one moment, a mood that memory must not keep. "Early
meetings are the worst", "Crowds wear me out", "I get nervous on flights", "每次坐飞机都紧张",
"坐久了腰疼" are characterizing: the same kind of feeling, said of a *kind* of thing or in a
habitual aspect, and so a standing fact about the speaker. Hidden as a mood, it is a lost fact
(the first-day misses of issue 38: "我有腰椎间盘突出，坐久了腰疼", "Early meetings are the
worst, afternoons suit me much better").

The feeling word does not tell the two apart (the same "the worst", the same 累); the clause
shape does not either (a statement followed by a feeling is the commonest shape of a mood, see
docs/benchmarks.md, "Colloquial changes, a fifth blind set"). What does is linguistic
genericity and aspect, read here from closed grammatical classes only:

* **Characterizing** (:data:`CHARACTERIZING`): a generic subject, i.e. a bare plural or a
  gerund heading a clause with a present-tense predicate ("Packed buses stress me out",
  "Sitting all day gives me…"); the inchoative "get" in the simple present ("I get nervous");
  a generic "when I …" in the present; Chinese 一到…就 and 每当; the conditional-result
  aspect V久了 / V多了 followed by its result (站久了脚疼, 喝多了心慌); the superlative of a
  kind (最 + a predicate, 最近/最后 excluded: "开长会最磨人了"); frequency adverbs
  (:data:`FREQUENCY`), and the 一…就 construction and English plural time nouns ("on
  Sundays") of :data:`hybridmem.evolution.speech.volition.HABITUAL`.
* **Episodic** (:data:`EPISODIC`): deictic time (today, tonight, yesterday, last night, just
  now, finally, again; 今天, 刚才, 终于, 又, 这次…), a past predicate ("was", "got"), a
  progressive one with an object ("is killing me"), the Chinese progressive (正在, 一直在), an
  interjection heading the utterance. These place the feeling in its moment and always win.
* **A particular** (:data:`PARTICULAR`): a demonstrative or definite subject (this, these,
  those, a sentence-initial "the"; 这/那 with a noun, not 这种 "this kind"), a 得-complement
  (吵得我头疼: the result of one event). It blocks the generic-subject reading, but not an
  explicit habitual marker ("this job always stresses me" states a standing fact).

The closed classes used (time deixis, demonstratives, auxiliaries and copulas, object
pronouns, aspect particles) are grammar, not words of the examples; the one open-looking list
is the words that keep 最, 总 and 得 inside another word (最近, 总算, 觉得), which are the
lexical exceptions of three function characters.

Not here: the impersonal experiencer 让人 ("排长队最让人抓狂"). It makes the *experiencer*
generic, not the stimulus, and a Chinese bare noun names a particular as often as a kind
("结果真让人难过": this result). Read as characterizing it turned four moods of speech-act dev
batch 12 into preferences.
"""

from __future__ import annotations

import re

from hybridmem.evolution.speech import volition
from hybridmem.evolution.speech.lexicon import _family, normalise

# Determiners, pronouns (with "things", "stuff": general nouns used as a pronoun of the
# situation, "things are crazy at work") and wh-words that make a clause's first word no bare
# noun.
_NOT_BARE = (
    r"(?:the|this|that|these|those|my|our|your|his|her|their|its|i|we|you|he|she|they|it"
    r"|things|stuff"
    r"|there|here|what|which|who|how|why|a|an|some|all|both|no|so|and|but|also|just|finally"
    r"|ugh|omg|oh|man|wow|yes|well|thanks|sorry|please|is|was|does|do|did|has)"
)
# Function words ending in -s that head no noun phrase ("was", "always"), and words of _NOT_BARE.
_NOT_HEAD = _NOT_BARE[:-1] + r"|was|has|does|always|perhaps|sometimes|unless|plus|thus|yes)"
# What follows a bare plural subject as its present-tense predicate: a copula or auxiliary,
# a frequency adverb, or any verb with an object pronoun ("wear me out", "suit me").
_PRESENT_PREDICATE = (
    r"(?:are|aren't|can|can't|don't|do|always|never|usually|often|really|just|tend"
    r"|[a-z]+ (?:me|my|us|our)\b)"
)

CHARACTERIZING = _family(
    "generic",
    (
        (
            "en-bare-plural",
            r"(?:^|[,.;!:]\s*)(?!" + _NOT_BARE + r"\b)(?:(?!" + _NOT_HEAD + r"\b)[a-z-]+ ){0,2}"
            r"(?!" + _NOT_HEAD + r"\b)[a-z-]+[^s\W]s " + _PRESENT_PREDICATE,
        ),
        (
            "en-gerund",
            # Not a subjectless "feeling …" / "loving …" (I'm feeling, I'm loving), nor words
            # in -ing that are no gerund (during, thing, morning).
            r"(?:^|[,.;!:]\s*)(?!feeling\b|loving\b|hating\b|during\b|bring\b|[a-z]*thing\b"
            r"|morning\b|evening\b)[a-z]{2,}ing\b[^,.;!?]{0,40}?"
            r"\b(?:is|isn't|[a-z]+s (?:me|my)\b)",
        ),
        ("en-get", r"\bi (?:always |usually |often |just |really )?get (?!it\b|that\b|why\b)"),
        (
            "en-when",
            r"\bwhen(?:ever)? i(?:'m| am)?\b(?! (?:was|got|had|went|did|saw|came|[a-z]+ed)\b)",
        ),
        ("zh-yi-dao", r"一到[^\s,.;!?]{1,6}就|每当"),
        ("zh-result", r"[\u4e00-\u9fff](?:久|多)了(?![\s,.;!?~吧吗呢啊呀]|$)"),
        # 最 after its subject in its own clause ("开长会最磨人了"); heading a clause, its topic is
        # the clause before, one event ("孩子发烧一整夜，最让人揪心").
        ("zh-superlative", r"(?<=[\u4e00-\u9fff])最(?!近|后|终|初|早|晚|好是|多|少)"),
    ),
)

# Frequency adverbs: a habitual aspect. Read here rather than through volition.HABITUAL because
# there "every" / 每 also count as the distributive quantifier ("every one is wrong", 每个都
# 不对: every member of one particular set), and its generic weekday counts a bare 周末 / 周日,
# which Chinese, with no number marking, uses as often for the coming one. The words after
# 总 that make it another word (总算 "finally", 总共 "in all") are its lexical exceptions.
FREQUENCY = _family(
    "frequency",
    (
        (
            "en",
            r"\b(?:always|usually|normally|generally|typically|often|never|whenever|each time"
            r"|tend to|in general|all my life|ever since|since i was)\b"
            r"|\b(?:every|most) (?:time|times|day|days|night|nights|morning|mornings|evening"
            r"|evenings|week|weekend|weekends|month|year|[a-z]+day|[a-z]+days)\b",
        ),
        (
            "zh",
            r"一直(?!在)|" + volition.ZH_ZONG + r"|老是|向来|一向|从来|从小|动不动"
            r"|每(?:次|回|天|晚|周|年|个?月|逢|当|到|个?星期|个?礼拜|早|个?周末)|一般|通常|平时"
            r"|平常|经常|常常|往往|再也",
        ),
    ),
)

EPISODIC = _family(
    "episode",
    (
        (
            "en-time",
            r"\b(?:today|tonight|yesterday|last night|this (?:morning|afternoon|evening|week"
            r"|weekend|time|year)|right now|just now|at the moment|finally|again|so far|rn)\b",
        ),
        (
            "en-past",
            r"\b(?:was|were|got|had|went|did|came|made)\b"
            r"|\b(?:is|are|am|'m|'re) [a-z]+ing (?:me|my|us)\b",
        ),
        ("en-interjection", r"^(?:ugh|argh|omg|wow|oh|man|sigh|yay|phew|whoa)\b"),
        (
            "zh-time",
            r"今天|今晚|今儿|昨天|昨晚|前天|刚才|刚刚|刚(?!好|需)|终于|总算|又|这次|这回|这会儿?|此刻|现在"
            r"|眼下|上次|那次|这一?周|这个?周末",
        ),
        ("zh-interjection", r"^[唉哎哇呜啊]"),
        # The progressive (正在, 一直在 + a verb): ongoing now, not a habit.
        ("zh-progressive", r"(?:正|一直)在"),
    ),
)

PARTICULAR = _family(
    "particular",
    (
        ("en-demonstrative", r"\b(?:this|these|those)\b|^(?:the|that)\b"),
        # 这/那 + a noun or a classifier; not 这种/那种 ("this kind of": a kind), not the
        # conjunction 那 (那就, 那我) nor 这么/这样 (degree, manner).
        ("zh-demonstrative", r"(?<!我)[这那](?![种类样么儿里边就我你他她])"),
        # A 得-complement: the result of one event (吵得我头疼); not 得 inside a word (觉得,
        # 记得, 值得…) nor the modal 得 (还得, 都得).
        ("zh-de", r"(?<![我你他她们还就也总非都又只觉记懂舍值显晓认免使懒难获不])得(?![了到])"),
    ),
)

FAMILIES = (CHARACTERIZING, FREQUENCY, EPISODIC, PARTICULAR)


def characterizing(
    generic: tuple[str, ...],
    habitual: tuple[str, ...],
    episodic: tuple[str, ...],
    particular: tuple[str, ...],
) -> bool:
    """True when a feeling is said of a kind of thing or in habitual aspect, so it is a
    standing fact about the speaker rather than a mood.

    ``generic``, ``episodic``, ``particular``: the fired cues of :data:`CHARACTERIZING`,
    :data:`EPISODIC`, :data:`PARTICULAR`; ``habitual``: those of :data:`FREQUENCY`, and the
    一…就 construction and English plural time nouns of
    :data:`hybridmem.evolution.speech.volition.HABITUAL`. Anything placing the feeling in its
    moment wins; a particular subject (a demonstrative, a 得-complement) yields only to an
    explicit habitual marker.
    """
    if episodic:
        return False
    if habitual:
        return True
    return bool(generic) and not particular


# --- About one occasion -------------------------------------------------------------------
#
# "Today I'm having tea instead", "Took the bus this morning, my bike had a flat", 今天就喝茶吧,
# 今早下大雨，打车去的公司: a statement placed on one occasion by deictic time (a day or a part
# of one, "this time"), which leaves the speaker's standing habit in place. A change said with
# the same time word is not one ("From today on I take the train", 从今天开始我坐地铁, "I
# moved to Leeds today", 今天起不喝奶茶了): the time word there is the start of a state that
# outlasts the occasion. The three classes below are grammar: deictic time adverbials of a
# bounded occasion, the start-point constructions that turn one into the onset of a state, and
# the aspect that makes a state outlast the occasion (frequency and habitual aspect, the
# adverbs of persistence and the iterative "again"/又 a move back is said with, the present
# "now"/现在 a change is said with, and the verbs of a change of state). Not in the last class:
# "instead", 换 — replacing something on one occasion is what a one-off remark does. "This
# week", "this weekend", 这周末, 本周 name one bounded occasion as "today" does; a weekend habit
# is said with a frequency or a plural ("every weekend", "on weekends", 每个周末, 周末都),
# which FREQUENCY and the habitual markers read, or starts at one (从这周末开始: ONSET). Inside
# such a span a plural of the times of day or the weekdays counts the days of that span, not
# of every week ("I'm working nights this week", "doing mornings this weekend": SPAN).

OCCASION = _family(
    "occasion",
    (
        (
            "en",
            r"\b(?:today|tonight|tomorrow|yesterday|last night|this (?:morning|afternoon|evening"
            r"|time|week|weekend)|for once|just this once)\b",
        ),
        (
            "zh",
            r"今天|今日|今晚|今早|今儿|昨天|昨晚|明天|明早|明晚|这次|这回|这一次"
            r"|(?:这|本)(?:个|一)?(?:周末|周|星期|礼拜)",
        ),
    ),
)

# The occasion as the start of a state: a start-point preposition before it, or an onset
# (起, 开始, "on", "onwards") after it.
ONSET = _family(
    "onset",
    (
        (
            "en",
            r"\b(?:from|starting|beginning|as of|since|effective) (?:today|tonight|tomorrow"
            r"|yesterday|this (?:morning|afternoon|evening|week|weekend))\b"
            r"|\b(?:today|tonight|tomorrow|this week|this weekend) (?:on|onwards?)\b",
        ),
        (
            "zh",
            r"(?:今天|今日|今晚|今儿|明天|昨天|(?:这|本)(?:个|一)?(?:周末|周|星期|礼拜))(?:开始|起)"
            r"|从(?:这|本)(?:个|一)?(?:周末|周|星期|礼拜)",
        ),
    ),
)

PERSISTENT = _family(
    "persistent",
    (
        (
            "en",
            r"\b(?:from now on|any ?more|no longer|these days|nowadays|now|for good|again"
            r"|lately)\b"
            r"|\b(?:moved|relocated|switched|quit|sold|retired|gave up|took up|became"
            r"|started|stopped|joined|left|changed|went (?:vegan|vegetarian))\b",
        ),
        (
            "zh",
            r"以后|往后|今后|从此|不再|再也|如今|现在|目前|最近|这阵子|又|已经"
            r"|搬|辞|离职|戒|退休|改成|换成|变成|改为|改到|换到|调到",
        ),
    ),
)


# The occasions that hold several days or parts of days: a plural time noun beside one of them
# ("nights", "Saturdays": ``volition.HABITUAL``'s generic times) counts within it.
SPAN = _family("span", (("en", r"\bthis (?:week|weekend)\b"),))
# The coming day, named: what is said of it is of an occasion still to come, planned or
# forecast ("Nervous about tomorrow", 明天要考试), not a state the speaker is in now.
TOMORROW = re.compile(r"\btomorrow\b|明天|明早|明晚|明儿")
_GENERIC_TIME = "habitual:en-generic-time"


def one_occasion(text: str) -> bool:
    """Whether ``text`` is about one occasion: a deictic time of a bounded occasion
    (:data:`OCCASION`) that starts no state (:data:`ONSET`), with nothing making what it says
    outlast the occasion (:data:`PERSISTENT`, :data:`FREQUENCY` and the habitual markers of
    :data:`hybridmem.evolution.speech.volition.HABITUAL`; a plural time noun inside a span of
    :data:`SPAN` is no habit). The writer keeps such a statement
    as a record of the occasion: it never takes a standing value's place."""
    norm = normalise(text)
    if not OCCASION.fired(norm) or ONSET.fired(norm) or PERSISTENT.fired(norm):
        return False
    habitual = volition.HABITUAL.fired(norm)
    if SPAN.fired(norm):
        habitual = tuple(name for name in habitual if name != _GENERIC_TIME)
    return not (FREQUENCY.fired(norm) or habitual)
