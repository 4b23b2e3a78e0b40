"""A want of the speaker's, read by its grammar: passing unless its aspect says it lasts.

"I want sushi tonight", "so wiped out, all I wanna do is sleep", "好想回家睡觉", "今晚不想做饭了"
are desires of the moment: memory must not keep them as tastes. "I always want the aisle
seat", "Whenever I'm stressed I want chocolate", "我一累就想吃甜的", "我不想周五下午开会" are
standing ones. What separates the two is not the thing wanted (the same sushi, the same
sleep) but the aspect of the clause: a want is habitual when a habitual or generic marker
says so, and momentary otherwise; a want placed in the future ("someday", "以后") is a wish,
a hypothetical. The earlier ``want`` cues of :mod:`~hybridmem.evolution.speech.discourse`
listed appetites ("craving", 想吃, 馋) and missed every other want ("I just want to sleep",
想回家, "could use a drink"); this module reads the construction instead.

Every pattern here is a closed grammatical class, not a list of wanted things:

* **Volitive modality of the speaker**: "I (…) want/wanna", conditional "I'd/I would love",
  "could use/do with", "feel like" + a non-clause, a subjectless "want …" at a clause head;
  Chinese 想 after 我 or at a clause head, with only deictic time words and adverbs between
  (not 我老婆想…: a third party's want is a fact about them). 想 in its other senses (想法,
  想起, 想到, 想通, 想象) is excluded. "need"/需要 is volitive only beside a now-marker: "I
  need a firm mattress" is a standing requirement, "need food asap" a momentary one; a need
  to *do* ("I need to leave at five today", 我今天需要加班) is an obligation, never here.
* **A request to the agent** ("I want to book…", 我想订…, 想问一下) is not a passing want:
  the existing rules decide it.
* **Habitual or generic aspect**: frequency adverbs (always, usually, never, every, whenever;
  一直, 总, 每, 一般, 平时, 从来, 习惯), the "一…就" (whenever) construction, and generic time:
  plural time nouns ("on Friday afternoons", "weekends") or a Chinese weekday without a
  deictic determiner (周五 but not 这周五/下周五).
* **Future time** (someday, one day, eventually, next year; 以后, 将来, 有一天, 明年).
* **Deictic now** (now, rn, asap, today, tonight; 现在, 此刻, 这会儿, 今天, 今晚), and the
  onset adverbs (suddenly, 突然, 忽然): a want that began at a moment.
* **A caused want**: "X makes me want", 得-complements ("堵得我想骂人"). Caused by an event
  (a 得-complement) or by a cause a demonstrative points at ("this heat makes me want ice
  cream") it is of that moment; caused by a generic one ("cold weather makes me want soup")
  it is a plain want.

* **One serving, a new state, a degree** (issue 38, fifth want session): a numeral and a
  container or meal measure word after the wanted verb (想喝两杯…, 需要一杯…), or the serving
  verb 来 with one (想来杯…, 来份, 来根) makes the want one
  episode, as a now does; the sentence-final 了 of a new state after a positive 想 (想家了,
  想吃…了) marks its onset, as 突然 does; the verb copied with a degree complement
  (想喝可乐想得不行) says how strongly it is felt now. In English, a hedge before a
  subjectless want ("kinda want a milkshake"), a subjectless "would love", and a clause joined
  by and/so/but with its own subject ("it's been a long week and I want a drink", read as a
  clause beside it, as one after a comma).

* **Intensity and exclusive focus** (issue 38, speech24): the English idioms of craving
  ("could murder a pizza", "I'd kill for a nap", "dying / gasping / desperate for", "I'd give
  anything for", "would hit the spot"), as the Chinese degree adverb on 想 (好想, 真想) already
  was, and a want with an exclusive focus ("I just want my bed", "all I want is…", 只想躺着):
  how strongly, or how solely, a want is felt says the speaker's state at that moment. "I
  fancy" is a plain want, and a Chinese want may follow two time words (今天中午想…).

* **One occasion** (issue 38, speech25): a time adverbial whose event a demonstrative or a
  deictic possessive picks out ("after that hike", "before this meeting", "after today's
  match"), a completed event heading a Chinese want (跑完步想…), the deictic near future
  (待会儿, 等会儿) and a bare part of the day heading the want (晚上想…, the day's coming one)
  place a want in its moment as a now does; the serving verb 来 with its measure word heading a
  clause (来碗热汤面吧, 来个肉夹馍) is a want of one serving with no want verb.

* **要 as a want** (issue 38, speech27): 要 heading the speaker's clause is "will", "must"
  and "want"; it is read as a want only beside a clause saying a state the speaker has reached
  (嗓子冒烟了，要喝冰水; 困得睁不开眼: :mod:`.yao`) and never with a now (今天要加班 is an
  obligation of today); alone (我要喝奶茶！, 我要考教师编。) it is left to the other rules.

A plain want of a thing ("I want a dog", "I want pizza") is read like any plain want: by its
aspect, never by the thing wanted (issue 38, fourth want session: the appetite cue "I want
<a thing>" of :mod:`~hybridmem.evolution.speech.discourse` hid standing wants as moods).

Written on the speech-act dev lines (batches 1-11) and on the label definitions; blind batch
12 was written before this module and read only through its aggregate figures.
"""

from __future__ import annotations

from hybridmem.evolution.speech import yao
from hybridmem.evolution.speech.labels import SpeechAct
from hybridmem.evolution.speech.lexicon import _ADVERBS, _LEAD, _family

# Time words and adverbs that may stand between 我 / a clause head and 想 (degree,
# focus and aspect adverbs: closed classes).
_ZH_TIME = (
    r"今晚|今天|今儿|现在|此刻|这会儿?|等会儿?|待会儿?|过会儿|眼下|这几天|晚上|中午|早上|以后"
    r"|将来|明年|今后"
    r"|(?:(?:这|下|本)个?)?(?:周|星期|礼拜)[一二三四五六日天末]"
)
_ZH_ADVERB = (
    r"好|真|真的|只|就|也|特别|很|超|超级|突然|有点|有些|还|还是|都|又|最|实在|太|挺|蛮|不|没"
    r"|更|贼|巨|老|总|一直|简直|是|可|倒|那么|多|从来|一向|向来|每次|每天|再也|忽然"
)
# The clause head before 想: the start, a clause break, 我, a 得-complement ("饿得想…"), or the
# consequent of 我一…就 ("我一累就想…").
_ZH_HEAD = (
    r"(?:(?:^|[,.;!:~\s]|我)一[^\s,.;!?:一]{1,4}就|^|[,.;!:~\s]|我|得)"
    r"(?:" + _ZH_TIME + r")*(?:" + _ZH_ADVERB + r")*"
)
# 想 in its other senses (thought, recall, imagine, figure out), 想 as "think" before a clause
# (a subject, an epistemic adverb or 是: 我想应该是周五, 我想他是对的), and wants that are
# requests.
_ZH_NOT_WANT = (
    r"法|念|象|像|起|到|通|明白|清楚|了想|不到|不通|必|过|开|不开|好了|问|请|咨询|了解|让你|麻烦"
    r"|订|预订|预约|取消|改签|退|查"
    r"|应该|应当|可能|大概|也许|恐怕|估计|是|我|他|她|它|大家|你(?!了)|[这那](?:是|样|么)"
    r"|[这那]个(?!周|星期|礼拜|月|晚上|早上|下午)"
)
# A want headed by a completed event (跑完步想…, 吃完饭就想…: issue 38, speech25): the verb's
# 完 at the clause head or after 我 (not 他吃完饭想…: another's want is a fact about them), at
# most a short object, no clause break, then 想 in its sense of wanting. The want is of that
# occasion (NOW reads it so) and this is its head (VOLITION). Not 完 inside a word (完全,
# 完美, 完成, 完整, 完善, 完蛋, 完毕).
_ZH_AFTER_EVENT = (
    r"(?:^|[,.;!:~\s]|我)[^\s,.;!?:~他她它你们]{1,3}完(?![全美成整善蛋毕])[^\s,.;!?:~]{0,3}?(?:"
    + _ZH_ADVERB
    + r")*想(?!"
    + _ZH_NOT_WANT
    + r")"
)
# The serving verb 来 with a measure word (its numeral may drop): one serving. 个 is the
# general classifier of a snack or a dish (来个煎饼); 来 inside a compound (后来, 本来, 起来,
# 回来…) serves nothing.
_ZH_SERVE = r"(?<![后本原起出过进回上下看未将从向带拿送])来(?:一|两|几|半)?[个杯碗瓶份根盘碟]"
# Requests to the agent said as a want ("I want to book a table"): left to the other rules.
_EN_TASKS = (
    r"book|cancel|order|reserve|schedule|reschedule|rebook|renew|unsubscribe|ask|know|check"
    r"|confirm|return|add|upgrade|pay|change (?:my|the)"
)
# Hedges that may stand before a subjectless want ("kinda want a milkshake"): those of the
# lexicon's momentary hedge cue, which reads them as a state of the moment.
_HEDGE = r"kinda|kind of|sort of"
_EN_WANT = r"(?:want|wanna)\b(?! you\b| to (?:" + _EN_TASKS + r")\b)"
# 总 "always", not inside another word (总算 "finally", 总共 "in all", 总之, 总部, 总结…): the
# habitual readers of this module and of :mod:`.aspect` share it.
ZH_ZONG = r"总(?!算|之|共|部|结|监|经理|统|数|额|体)"

VOLITION = _family(
    "volition",
    (
        ("en-want", r"\bi(?:'d| would)? " + _ADVERBS + _EN_WANT),
        (
            "en-head",
            r"(?:^|[,.;!:]\s*)"
            + _LEAD
            + r"(?:(?:just|really|so|only|"
            + _HEDGE
            + r") )?"
            + _EN_WANT,
        ),
        # A want caused in the speaker ("cold weather makes me want soup"): the speaker is its
        # experiencer, as in 让我想 (read by zh-xiang through its 我). Caused by a cause a
        # demonstrative points at ("this heat makes me want ice cream"), it is of that instance.
        ("en-caused", r"\b(?:makes?|made|making) me (?:so |really |just )?" + _EN_WANT),
        (
            "en-caused-here",
            r"\b(?:this|that|these|those) (?:[a-z]+ ){0,2}(?:makes?|made|is making) me "
            r"(?:so |really |just )?" + _EN_WANT,
        ),
        (
            "en-would-love",
            # With its subject, or with none at a clause head ("would love a nap"): the
            # subject dropped as in "could use a drink".
            r"(?:\bi(?:'d| would) |(?:^|[,.;!:]\s*)"
            + _LEAD
            + r"(?:'d |would ))"
            + _ADVERBS
            + r"love\b"
            r"(?! (?:it|if|you|to have you)\b)",
        ),
        (
            "en-could-use",
            r"(?:^|[,.;!:]\s*|\bi )(?:really )?could (?:really |so )?(?:use|do with)\b",
        ),
        (
            "en-feel-like",
            r"(?:^|[,.;!:]\s*|\bi |\bi'm |\bnot )(?:really |so |totally )?(?:feel|feeling|feelin)"
            r" like (?!(?:i|i'm|you|he|she|it|we|they|the|this|that|my|your|our|his|her|their"
            r"|there|everyone|nobody|someone)\b)",
        ),
        ("zh-xiang", _ZH_HEAD + r"想(?!" + _ZH_NOT_WANT + r")"),
        # The English idioms of craving (issue 38, speech24), which say a want by its
        # intensity as the Chinese degree adverb does (好想, 真想: the lexicon's
        # now:intensifier): "could murder a pizza", "I'd kill for a nap", "dying for a
        # coffee", "gagging / gasping / desperate / itching for", "I'd give anything for",
        # "a cold lemonade would hit the spot". Hyperbole is not a lasting taste; a habitual
        # or future marker still reads them as a taste or a wish (volitive_act).
        (
            "en-crave",
            r"\bcould (?:really |so |totally |honestly )?murder\b"
            r"|(?:'d|\bwould) (?:really |totally |honestly )?(?:kill|give anything) for\b"
            r"|\bwhat i wouldn't give for\b"
            r"|\b(?:dying|gagging|gasping|desperate|itching) (?:for|to)\b"
            r"|\bwould (?:really |totally )?hit the spot\b",
        ),
        # A want with an exclusive focus ("I just want my bed", "all I want is a nap", 只想躺着):
        # nothing but this is wanted, which says the speaker's state at that moment, as the
        # idioms of craving do. Not of another (他只想…), not a request ("I just want to check").
        (
            "en-only",
            r"(?:\bi |^|[,.;!:]\s*)(?:just|only) " + _EN_WANT + r"|\ball i (?:really )?" + _EN_WANT,
        ),
        ("zh-only", r"(?<![他她它们你])只想(?!" + _ZH_NOT_WANT + r")"),
        ("zh-after-event", _ZH_AFTER_EVENT),
        # The serving verb 来 heading a clause with its measure word, the numeral dropped or
        # not (来碗热汤面吧, 来个肉夹馍就能活过来, 来根冰棍多好: issue 38, speech25): the
        # speaker's want of one serving with no want verb, as 想来杯… is with one. Read as the
        # serving it is by NOW (zh-serving), so of its moment unless a habit or a future says
        # otherwise.
        ("zh-serving-head", _ZH_HEAD + _ZH_SERVE),
        # "fancy" as a verb of wanting with the speaker as its subject ("I fancy Thai"): a
        # plain want, read by its aspect as "I want" is (not "fancy myself", a belief).
        ("en-fancy", r"\bi " + _ADVERBS + r"fancy\b(?! (?:myself|yourself|you|him|her|them)\b)"),
        # A want as the result of a 得-complement ("堵得我想骂人", "饿得想啃一整只鸡"): the
        # clause before 得 names the event that caused it, so it is of that moment, as a want
        # a demonstrative cause makes is ("this heat makes me want ice cream").
        # Not the modal 得 (我得想想, 还得想办法: must) nor 得 inside a word (觉得, 记得, 懒得).
        (
            "zh-de-result",
            yao.COMPLEMENT_DE + r"我?(?:" + _ZH_ADVERB + r")*想(?!想|一想|" + _ZH_NOT_WANT + r")",
        ),
        # A want with a degree complement of its own, the verb copied ("想喝冰可乐想得不行",
        # "想家想得睡不着"): how strongly it is felt now, a state, as a 得-complement is.
        ("zh-copied", r"想[^\s,.;!?:]{1,8}?想得"),
        (
            "en-need",
            r"\bi " + _ADVERBS + r"need\b(?! you\b| to\b)"
            r"|(?:^|[,.;!:]\s*)" + _LEAD + r"(?:really |just )?need\b(?! to\b)",
        ),
        # A need of one serving or one bout ("I need a walk", "need a hot shower", "need another
        # coffee"), not of a kind or a lasting thing said with a definite or a gerund ("I need
        # the practice", "I need waking up"): kept as a want beside another clause (NEED_ONE).
        (
            "en-need-one",
            r"(?:\bi |^|[,.;!:]\s*)(?:really |just |so )?need (?:a|an|another)\b",
        ),
        # A need of one bout in Chinese: a verbal classifier of one go (睡一觉, 歇一下, 躺一会儿)
        # or the delimitative reduplication ending its clause (歇歇, 出去走走; not the adverbs
        # 好好 / 天天 before a verb), after 需要.
        (
            "zh-need-bout",
            r"需要(?:好好|先|赶紧)?(?:[^\s,.;!?:~]{1,2}?一(?:下|觉|会儿?|趟)"
            r"|[^\s,.;!?:~]{0,2}?(?P<v>[^\s,.;!?:~])(?P=v)(?=[\s,.;!?:~吧了]|$))",
        ),
        # 要 heading the speaker's clause (我要喝奶茶, 要洗个热水澡): a want as often as "will"
        # or "must" (我明天要上班); read as a want only beside another clause and with no now
        # (YAO). Not 要 inside a word (要是, 要么, 要不, 要求…), not the prohibitive 不要 / 别要,
        # not the imminent 要…了 ending its clause (要下雨了, 我要睡觉了: "about to").
        (
            "zh-yao",
            _ZH_HEAD + r"(?<![不没别])要(?![是么不求紧点素命死好强害领闻账饭了的])"
            r"(?![^\s,.;!?:~]*了(?=\s*[,.;!?~…]|\s*$))",
        ),
        # A need of a thing (a numeral, a classifier), not of doing: 需要加班 is an obligation.
        ("zh-need", _ZH_HEAD + r"需要(?=[一两几个杯碗份点些张瓶块])"),
        # Not a want: the utterance holds another clause beside it (a clause break with words
        # on both sides), what places a want in its moment ("long day. I wanna go home").
        # A clause joined by and/so/but with its own "I" is a clause beside it too ("I'm
        # famished and I want a kebab"): the clauses are then read one by one, so a standing
        # fact beside the want keeps it ("I have two kids and I want a third").
        ("beside", r"\S\s*[,.;!?~…，。；！？]\s*\S"),
        ("beside-joined", r"\S\s+(?:and|so|but)\s+i\b"),
    ),
)
BESIDE = "volition:beside"
BESIDE_JOINED = "volition:beside-joined"
BESIDES = frozenset({BESIDE, BESIDE_JOINED})
"""Another clause beside the want, after a clause break or joined by and/so/but with its own
"I". The joined clause was read so for one session and taken out at its merge: "I have two kids
and I want a third" and "I'm a nurse and I want to become a midwife" lost the standing fact
beside the want (docs/benchmarks.md, the merged main of the seventh session). It is back since
each clause beside a want is read alone: the rules drop both cues when every clause beside the
want is a standing fact or an adverbial (:mod:`~hybridmem.evolution.speech.clauses`), which
keeps those two and reads "I'm famished and I want a kebab" as a mood."""
WANTS = frozenset(cue.name for cue in VOLITION.cues if cue.name not in BESIDES)
"""The cues that make a clause hold a want (every volition cue but the clause beside it)."""
PLAIN = frozenset(
    {
        "volition:en-want",
        "volition:en-head",
        "volition:en-caused",
        "volition:en-fancy",
        "volition:zh-xiang",
    }
)
"""The plain want (want/wanna, 想): of no aspect of its own, unlike the conditional "I'd love",
"could use" or "feel like", which wish for the moment."""
NEEDS = frozenset(
    {
        "volition:en-need",
        "volition:zh-need",
        "volition:en-need-one",
        "volition:zh-need-bout",
    }
)
"""Volitive only beside a now-marker (a need is as often a standing requirement)."""
NEED_ONE = frozenset({"volition:en-need-one", "volition:zh-need-bout"})
"""Needs of one serving or one bout: volitive beside another clause too, as a want is."""
YAO = yao.YAO
"""要, will / must / want: volitive only beside another clause and with no now (今天要加班
is an obligation of today; 嗓子冒烟了，要喝冰水 a want of the moment), and the rules keep it
only beside a clause of a state reached (:mod:`.yao`)."""

HABITUAL = _family(
    "habitual",
    (
        (
            "en",
            r"\b(?:always|usually|normally|generally|typically|often|never|whenever|every"
            r"|each time|tend to|most days|most nights|from now on|in general|all my life"
            r"|ever since|since i was)\b",
        ),
        (
            "en-generic-time",
            r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\b(?:weekends|weeknights|weekdays"
            r"|mornings|afternoons|evenings|nights)\b",
        ),
        (
            "zh",
            r"一直|" + ZH_ZONG + r"|老是|向来|一向|从来|从小|每|一般|通常|平时|平常|习惯|经常|常常"
            r"|往往|再也",
        ),
        ("zh-yi-jiu", r"一[^\s,.;!?:一]{1,3}就"),
        ("zh-generic-day", r"(?<![这下上本今明个])(?:周|星期|礼拜)[一二三四五六日天末]"),
    ),
)

FUTURE = _family(
    "future",
    (
        (
            "en",
            r"\b(?:someday|some day|one day|eventually|in the future|in a few years"
            r"|when i retire|next (?:year|month|summer|spring|autumn|fall|winter))\b",
        ),
        ("zh", r"以后|将来|未来|有一天|总有一天|明年|今后|退休"),
    ),
)

NOW = _family(
    "deixis",
    (
        (
            "en",
            r"\b(?:now|rn|asap|atm|today|tonight|at the moment|this (?:morning|afternoon"
            r"|evening|weekend))\b",
        ),
        # The deictic near future (等会儿, 待会儿: "in a bit") is the moment's too.
        ("zh", r"现在|此刻|这会儿?|眼下|今天|今晚|今儿|等会儿?|待会儿?|过会儿"),
        # A want placed at one event (issue 38, speech25): a time adverbial whose event a
        # demonstrative or a deictic possessive picks out ("a foot rub after that hike", "a
        # coffee before this meeting", "after today's match"), or in Chinese a completed event
        # heading the want (跑完步想…, 吃完饭就想…): the want is of that occasion, as with a
        # now. A habitual marker still makes it a taste ("after a run I always want…",
        # 每次跑完步都想…: volitive_act); "before that I want…" (a clause follows) is no event.
        (
            "en-event",
            r"\b(?:after|before) (?:all )?(?:this|that|these|those|today's|tonight's"
            r"|yesterday's|last night's|this morning's)\b"
            r"(?! (?:i|i'm|i've|we|you|he|she|they|it)\b)",
        ),
        ("zh-after-event", _ZH_AFTER_EVENT),
        # A bare part of the day heading a want (晚上想…, 中午想吃…): with no habitual marker
        # (平时, 每天, 一般 read it as a habit) it is the day's coming one, as 今晚 is.
        (
            "zh-day-part",
            r"(?:^|[,.;!:~\s]|我)(?:早上|上午|中午|下午|晚上|夜里)我?(?:"
            + _ZH_ADVERB
            + r")*想(?!"
            + _ZH_NOT_WANT
            + r")",
        ),
        # Onset adverbs: the want began at a moment ("suddenly", 突然), an event, not a habit.
        ("onset", r"\b(?:suddenly|all of a sudden)\b|突然|忽然"),
        # The sentence-final 了 of a new state after a positive want ("想吃妈妈做的红烧肉了",
        # 想家了): the want has just begun, as with 突然. Not after 不/没/再 (我不想干了, a
        # standing change) nor 了 inside a word (了解).
        (
            "zh-onset-le",
            r"(?<![不没再])想(?!"
            + _ZH_NOT_WANT
            + r")[^\s,.;!?:~不没再]{1,12}?了(?=\s*[,.;!?~…]|\s*$)",
        ),
        # A want of one serving or one meal: a numeral and a container or meal measure word
        # after the wanted verb ("想喝两杯", 需要一杯咖啡), or 来 + a measure word, the serving
        # verb whose numeral may drop ("想来杯冰美式", 来份, 来根): one episode, not a taste.
        # Not the individual classifiers (一只狗, 一份工作, 一张桌子), and not a measure
        # character inside a word (听歌, 串门, 复盘, 洗碗, 一口气): hence the numeral.
        (
            "zh-serving",
            r"(?:想|需要)[^\s,.;!?:]{0,2}?(?:一|两|几|半)[大小整满]?[杯碗瓶罐顿盘碟](?!气)"
            r"|" + _ZH_SERVE,
        ),
    ),
)

FAMILIES = (VOLITION, HABITUAL, FUTURE, NOW)


def volitive_act(
    volition: tuple[str, ...],
    *,
    habitual: bool,
    future: bool,
    now: bool,
    taste: bool,
    state: bool = False,
) -> tuple[SpeechAct, str] | None:
    """The act of a clause with a want of the speaker's, or None when it has none.

    ``volition``: the fired cue names of :data:`VOLITION` (and of the appetite cues of
    :mod:`~hybridmem.evolution.speech.discourse`); ``habitual``: a habitual or generic marker
    or a recurring cause; ``future``: a future time; ``now``: a deictic now; ``taste``: a
    like/preference cue beside the want ("I'm picky about mattresses, I need a firm one");
    ``state``: a momentary state or feeling beside it ("I'm starving", 饿死了, an appetite cue).

    A plain want (:data:`PLAIN`) with none of these markers is left to the other rules (an
    assertion, as before this module): "I want to learn Spanish", "我想学日语" state a goal as
    often as a whim, and read as passing they were withheld from retrieval (kept as
    low-weight candidates), a goal forgotten the moment it was said. The moment is read from
    what places the want in it: a deictic now, a state of the speaker said with it, or another
    clause beside it ("long day. I wanna go home", "好累，好想回家").
    """
    beside = not BESIDES.isdisjoint(volition)
    kept_needs = NEED_ONE if beside else frozenset()
    wants = set(volition) - (set() if now else NEEDS - kept_needs) - BESIDES
    if now or not beside:
        wants.discard(YAO)
    if not wants:
        return None
    if future and not habitual:
        return SpeechAct.HYPOTHETICAL, "volition-future"
    if habitual:
        return SpeechAct.PREFERENCE, "stable-preference"
    if taste and not now:
        return SpeechAct.PREFERENCE, "preference"
    if wants <= PLAIN and not (now or state or BESIDES.intersection(volition)):
        return None
    return SpeechAct.EMOTION, "volition"
