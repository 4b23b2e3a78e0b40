"""Whether a word a question shares with a sealed memory says the question is about it.

"WiFi密码是多少？" shares "密码" with a sealed bank PIN, "感冒了吃什么药好？" shares "吃" with
"我有高血压，每天早上吃一片氨氯地平。", "What is the wifi password at work?" shares "password"
with an online banking password: each shares a word and asks about something else (issue 38,
benchmarks/sealed_probe.py). What the shared word says depends on what it is:

- a word that names only the *kind* of private matter ("密码", "password", "code", "药", see
  :mod:`~hybridmem.retrieval.private_kinds`) says the question asks for a thing of that kind,
  not which one;
- a word an ordinary candidate holds too ("吃" of "我不吃香菜", "number" of "My gym membership
  number is 88213") does not single out the sealed memory among the user's memories.

When every shared word is of these (*weak*), the question is about the sealed memory only if it
asks nothing the memory does not hold: no other content word of it is missing from the memory,
but the kind's own words and the closed grammatical classes below. "WiFi", "宿舍", "门禁",
"感冒", "office printer" name the thing asked about, and the memory does not hold them;
"我的护照号是多少？" and "我什么时候该去复查？" leave only a question word and a modal. A shared
word that is neither (the memory's own "inject", "支付宝", "存折", "key safe") keeps the admission
it gave before.

A shared word the question qualifies, in its own noun phrase, by a word the memory does not hold
is of these too (:func:`qualified_otherwise`): "library *card* number" is not the "bank *card*"
of a sealed PIN, "bank's *phone* number" not its bank, "the *door* code for the *gym*" not the
key safe at the back door (benchmarks/sealed_probe_blind.py: 8 English near leaks, all through
such a word). Only English is phrased this way here: Chinese is not spaced, and a jieba term
already holds its compound ("工资卡", "饭卡"). Chinese is read by jieba's tags instead
(:mod:`~hybridmem.retrieval.roles_zh`): whose matter the question is, and a word that only says
when.

A postmodifier says which thing its head is, in both languages (:func:`postmodifiers`, and
:func:`~hybridmem.retrieval.roles_zh.de_phrases` for a Chinese 的-phrase, whose modifier comes
first). A shared word in it, under a head phrase the memory holds no word of, says which other
thing is asked about: "the number of the locksmith who fixed the *key safe*", "*存折*上的利息"
(benchmarks/sealed_probe_blind3.py: 6 English and 1 Chinese near leaks). A shared head whose
postmodifier holds a word the memory does not is another thing of that name: "the *safe* that
the hotel gives guests", "the *padlock* on the school gate". A relative clause whose subject
is the user ("the amount I owe on my credit card", "我在吃的药") or that states the memory's
own act ("我信用卡欠的钱") describes the memory's matter and is not read.

A question naming a kind the memory is known to be another of is not about it either, word or
no word: "Is my health insurance up to date?" shares "insurance" with a national insurance
number (an identity), as a door code is no answer to "what is my home address?".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import pairwise

from hybridmem.lexical import pos_tags, terms
from hybridmem.retrieval.asked_en import Subject, about_words, subject, wh_subject
from hybridmem.retrieval.compounds_zh import noun_runs, unanswered_which
from hybridmem.retrieval.private_kinds import kind_spans, kinds_named, shares_word
from hybridmem.retrieval.roles_zh import Postmodified, de_phrases, topic

# A postmodifier names whose or which thing its head is ("the code *for* the gym", "the number
# *of* the vet"): the two genitive-like prepositions and the determiners that may follow them,
# closed classes. A possessive joins its holder to what it holds ("my bank's phone number").
_OF = frozenset(["of", "for"])
_DETERMINERS = frozenset(
    ["the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that"]
)
# Prepositions and particles the lexical stop list keeps: no noun phrase holds one, so one ends
# a run ("my health insurance *up* to date"). A closed class.
_PREPOSITIONS = frozenset(
    [
        "up",
        "down",
        "out",
        "off",
        "over",
        "under",
        "away",
        "about",
        "into",
        "onto",
        "through",
        "around",
        "across",
        "along",
        "past",
        "after",
        "before",
        "since",
        "until",
        "without",
        "within",
        "between",
        "behind",
        "beside",
        "towards",
    ]
)
# Question words that determine a noun ("*which* card game", "*what* number bus").
_WH_DETERMINERS = frozenset(["what", "which", "whose"])
# What opens a postmodifier after a noun phrase, closed classes: the relative words; the
# subject of a reduced relative clause ("the wallet *I* bought", "the dog *my* sister
# adopted"), a personal pronoun or a possessive determiner (not an article: "give the kids
# the keys" has two objects); the locative prepositions.
_RELATIVE = frozenset(["who", "whom", "whose", "which", "that", "where"])
_SUBJECTS = frozenset(
    ["i", "we", "you", "he", "she", "they", "my", "our", "your", "his", "her", "their"]
)
_LOCATIVE = frozenset(["at", "in", "on", "from", "by"])
# A relative clause whose subject is the user ("the card *I* use", "the safe that *we* keep")
# describes the user's own thing, not another's: the first-person subject pronouns.
_OWN = frozenset(["i", "we"])
# The user's own possessive determiners: a thing a question names with one is the user's, which
# a sealed memory's thing may be.
_POSSESSORS = frozenset(["my", "our"])
# The next word, across spaces only; a clause ends at its punctuation.
_NEXT_WORD = re.compile(r"[ \t]+([^\W_]+)", re.UNICODE)
_CLAUSE_END = re.compile(r"[,;:.?!，；：。？！]")
_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b|(?<=s)['’](?=\s)")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)

# Closed grammatical classes a question is phrased with whatever it asks about: question and
# quantity words, modals and auxiliaries, adverbs of frequency and time, determiners of
# quantity. The lexical stop lists (hybridmem.lexical) already drop the commonest ones; these
# are the rest of the classes, both languages, not words of any topic.
_CLOSED_EN = frozenset(
    [
        "much",
        "many",
        "long",
        "often",
        "need",
        "needs",
        "ought",
        "usually",
        "normally",
        "generally",
        "always",
        "ever",
        "never",
        "still",
        "now",
        "currently",
        "again",
        "every",
        "each",
        "any",
        "some",
        "all",
    ]
)
_CLOSED_ZH = frozenset(
    [
        "多少",
        "几",
        "几个",
        "几次",
        "几点",
        "多久",
        "多长",
        "哪个",
        "哪些",
        "哪儿",
        "哪天",
        "什么时候",
        "时候",
        "如何",
        "怎样",
        "怎么样",
        "该",
        "应该",
        "应当",
        "需要",
        "可以",
        "必须",
        "平时",
        "平常",
        "一般",
        "通常",
        "经常",
        "常常",
        "总是",
        "一直",
        "现在",
        "目前",
        "每个",
        "每",
        "各",
    ]
)


# The Chinese interrogative determiners, which stay in place with the phrase they open ("欠了
# 多少钱", "什么问题"): a closed class.
_WH_ZH = frozenset(["什么", "啥", "多少", "几", "哪", "哪个", "哪些", "哪种", "哪家"])


# An English wh-phrase: "which" or "what" and the words up to the auxiliary inverted before the
# subject ("*Which antidepressant* do I take?"), closed classes.
_WH_EN = re.compile(
    r"\s*(?i:which|what)\s+([A-Za-z][\w\s-]*?)\s+"
    r"(?i:do|does|did|am|is|are|was|were|have|has|had|can|could|will|would|should)\b"
)


def closed_words(stem: Callable[[str], str]) -> frozenset[str]:
    """The closed-class words as ``stem`` cuts question terms (``"needs"`` -> ``"need"``)."""
    return frozenset(stem(w) for w in _CLOSED_EN) | _CLOSED_ZH


def weak(query: str, shared: Iterable[str], ordinary: Iterable[str]) -> bool:
    """Whether every word in ``shared`` (terms of ``query`` a sealed memory holds) names only a
    kind of private matter or is held by an ordinary candidate too (``ordinary``: the terms of
    the ordinary candidates): then no shared word singles the memory out."""
    held = list(ordinary)
    spans = kind_spans(query)
    return all(shares_word((word,), held) or _is_kind_word(word, spans) for word in shared)


def asks_else(
    query: str, asked: Iterable[str], words: Iterable[str], closed: frozenset[str]
) -> set[str]:
    """The terms of the question (``asked``) the memory's terms ``words`` do not hold, other
    than the question's kind words themselves and the ``closed`` classes: what else it is
    about. A word next to a kind word is counted: on the kind path it is part of the kind's
    phrase ("*mental* health", :func:`~hybridmem.retrieval.private_kinds.beyond_kind`), but
    here the memory already shares a word, and the neighbour says whose kind it is ("*WiFi*
    密码", "*office printer* code")."""
    held = list(words)
    spans = kind_spans(query)
    return {
        a
        for a in asked
        if a not in closed and not shares_word((a,), held) and not _is_kind_word(a, spans)
    }


def unheld_focus(
    query: str,
    words: Iterable[str],
    stem: Callable[[str], str],
    closed: Callable[[str], bool],
    memory: str = "",
) -> str | None:
    """The question's focus when the memory's terms ``words`` hold neither it nor the head of
    the question's wh-phrase, else None. The focus is the last content word outside the
    wh-phrase: in both languages what a question asks is said last, its predicate ("工商银行几点
    *开门*？", "我弟弟什么时候*结婚*？", "How much does Dev's brother *owe* us?") or the head of
    the phrase it asks about (noun phrases end in their head in both: "我爸的*生日*", "身份证
    *原件*", "my brother-in-law's *job*"); words of the ``closed`` classes (question words,
    modals: "哪天", "多少") and the question's own kind words ("*medication*", "密码", which
    the kind path reads) are passed over. The wh-phrase's head names what the answer is
    ("Which *antidepressant* do I take?", "吃什么抗抑郁的*药*"): held, it is asked about too.
    A word the question shares with a sealed memory names what it asks about only when the
    memory holds one of the two (a Chinese one also by a morpheme, :func:`_shares_morpheme`):
    the memory's "工商银行" and "弟弟" are the subjects, the possessors or the modifiers of
    other questions (benchmarks/sensitive_blind.py: 6 of 8 multilingual-e5 near leaks). A
    focus in a script the memory is not written in cannot be compared and is taken as held
    ("Pritchard太太家钥匙盒的密码是多少？" of "The key safe at Mrs Pritchard's is 4471.").

    English says last its object, not its predicate, and three readings of
    :mod:`~hybridmem.retrieval.asked_en` (closed classes, no tagger) say what such a question
    asks something of (benchmarks/sensitive_blind.py, sensitive_blind2.py: 4 of 4 English near
    leaks): a wh-phrase that is the subject is asked about by what is said of it, which the
    memory must hold a word of ("Which credit card *is best for holiday spending*?"); the
    subject of a passive, which it must hold a word of ("Has *the coach company* been sent the
    numbers?"); the predicate after an expletive it ("How much does it *cost* to renew a
    driving licence?"). Read more widely (an active subject, "there", any wh-phrase) they lost
    finds ("How does the dog walker get the key?", "Is there a court order against my ex?",
    "Which passport number should I put on the visa form?"; docs/benchmarks.md, helper
    sensitive20)."""
    # The head of a 的-phrase whose modifier states the memory's own act ("我信用卡欠的*钱*"
    # of "我信用卡欠了八万多") is the memory's matter, as a word it holds would be.
    mine = list(words)
    held = mine + [w for head, _, own in de_phrases(query, memory) if own for w in head]

    def holds(word: str) -> bool:
        return shares_word((word,), held) or _shares_morpheme(word, held)

    def content(word: str) -> bool:  # as the lexical channel cuts it, before and after the stem
        return bool(terms(word)) and not closed(word) and not closed(stem(word))

    english = subject(query, content)
    focus = _last_focus(query, mine, held, stem, closed)
    if focus is None:
        focus = (
            _other_topic(query, mine, memory, holds, closed)
            or _other_holder(query, memory, holds, stem, content)
            or unanswered_which(query, mine, memory, content)
        )
    if focus is not None or english is None:
        return focus
    return _unheld_subject(query, english, holds, stem, content)


def _other_topic(
    query: str,
    mine: list[str],
    memory: str,
    holds: Callable[[str], bool],
    closed: Callable[[str], bool],
) -> str | None:
    """The head of the 的-phrase a Chinese question opens with (:func:`~.roles_zh.topic`) when
    the memory holds no word or morpheme of it, modifier or head: the rest of the question,
    the memory's word among it, is said of another thing ("乐乐的扁桃体要不要做*手术*？" of "我子宫
    里长了肌瘤，下个月要做手术。": the son's tonsils, not the user's operation;
    benchmarks/sensitive_blind3.py). A phrase stating the memory's own act is its matter, and
    one in a script the memory is not written in cannot be compared."""
    found = topic(query, memory)
    if found is None:
        return None
    head, modifier, own = found
    named = [w for w in (*modifier, *head) if not closed(w)]
    if own or not named or any(holds(w) for w in named):
        return None
    return head[-1] if all(any(_same_script(w, t) for t in mine) for w in named) else None


def _other_holder(
    query: str,
    memory: str,
    holds: Callable[[str], bool],
    stem: Callable[[str], str],
    content: Callable[[str], bool],
) -> str | None:
    """What an English question names when its wh-phrase is the word it shares with the memory
    alone ("What *number* ..."), the memory's phrase modifies that word by words the question
    does not name ("My *NHS* number is ..."), and the rest of the question names things the
    memory holds none of and none of them the user's own (no "my", "our"): the asked word is
    then those things' ("What number do I ring to book a GP appointment?": the surgery's
    number; benchmarks/sensitive_blind3.py). The memory's modifier says which of the user's
    things the word is; a question naming neither it nor a thing of the user's asks the word of
    another. "Which number do I give the hospital for *my* cover?" names the user's own cover
    and keeps its health-insurance policy number (benchmarks/first_day_third.py)."""
    if not query.isascii():
        return None
    spans = kind_spans(query)

    def named(part: str) -> list[str]:  # its content words, stemmed
        return [stem(t) for t in terms(part) if content(t)]

    rest, wh = _wh_split(query)
    head = named(wh)
    if len(_WORD.findall(wh)) != 1 or len(head) != 1 or not holds(head[0]):
        return None  # no wh-head, one the question modifies ("Which passport number"), or not held
    modifiers = _modifiers(memory, head[0], stem, content)
    said = [w for w in named(rest) if not _is_kind_word(w, spans)]
    if not modifiers or set(named(query)) & set(modifiers) or not said or any(map(holds, said)):
        return None
    return None if _POSSESSORS.intersection(_WORD.findall(rest.lower())) else said[-1]


def _modifiers(
    memory: str, head: str, stem: Callable[[str], str], content: Callable[[str], bool]
) -> list[str]:
    """The content words (stems) before ``head`` in the memory's noun phrase holding it, one a
    determiner opens (:func:`_runs`): "nhs" of "My NHS number is 485 777 3456."."""
    for phrase, nominal, _ in _runs(_POSSESSIVE.sub("", memory.lower())):
        if not nominal:
            continue
        stems = [stem(w) for w in phrase]
        if head in stems:
            before = phrase[: stems.index(head)]
            return [stem(w) for w in before if content(w)]
    return []


def _last_focus(
    query: str,
    mine: list[str],
    held: list[str],
    stem: Callable[[str], str],
    closed: Callable[[str], bool],
) -> str | None:
    """The last content word outside the wh-phrase, unless the memory terms ``held`` hold it or
    the wh-phrase's head (:func:`unheld_focus`). In English a held wh-head is not enough when
    the rest of the question names things and the memory holds none of them: the rest says
    which one is asked for ("What *number* do I ring to book a GP appointment?" of an NHS
    number, "Which *credit card* is best for holiday spending?" of a partner's card debt),
    while "Which antidepressant do I take?" names nothing else (a light verb) and "What number
    is on my NHS card?" names the memory's NHS."""
    spans = kind_spans(query)
    english = query.isascii()

    def named(part: str) -> list[str]:  # its content words, last first
        out = []
        for term in reversed(terms(part)):
            word = stem(term)
            # A closed class as the lexical channel cuts the term, too: a light verb ("take",
            # "have") is no focus, and stemmed ("tak") it is no longer one of the class.
            if not (closed(word) or (english and closed(term)) or _is_kind_word(word, spans)):
                out.append(word)
        return out

    def kept(word: str) -> bool:  # held, or in a script the memory is not written in
        held_word = shares_word((word,), held) or _shares_morpheme(word, held)
        return held_word or not any(_same_script(word, w) for w in mine)

    rest, wh = _wh_split(query)
    head, said = named(wh)[:1], named(rest)
    if head and kept(head[0]):
        if wh_subject(query) and said and not any(kept(w) for w in said):
            return said[0]  # the predicate said of the wh-phrase names nothing of it
        return None
    return None if not said or kept(said[0]) else said[0]


def _unheld_subject(
    query: str,
    read: Subject,
    holds: Callable[[str], bool],
    stem: Callable[[str], str],
    content: Callable[[str], bool],
) -> str | None:
    """The subject of an English question (:func:`~.asked_en.subject`) when the memory holds
    none of it: what the question asks something of is then another thing, and the word it
    shares with the memory that thing's object or complement ("Has *the coach company* been
    sent the numbers?" of a bank account number). An expletive it or there stands for an act
    said after it, of anyone: the predicate after it is what is asked ("How much does it
    *cost* to renew a driving licence?"). A word in an "about" phrase names the question's
    topic, whatever its subject ("Does Ewa know *about* the payday loan?"); a pronoun is the
    user or someone said before, and is not read."""
    if read.kind == "expletive":
        first = stem(read.words[0]) if read.words else None
        return first if first is not None and not holds(first) else None
    spans = kind_spans(query)
    named = [w for w in map(stem, read.words) if not _is_kind_word(w, spans)]
    if read.kind != "np" or not read.passive or not named or any(holds(w) for w in named):
        return None  # the kind's own words ("code") the kind path reads
    if any(holds(stem(w)) for w in about_words(query, content)):
        return None
    return named[-1]


def _same_script(word: str, term: str) -> bool:
    """Whether ``term`` is written in ``word``'s script: Latin letters, or not ASCII (Chinese);
    a code of digits is of neither."""
    if word.isascii():
        return term.isascii() and any(c.isalpha() for c in term)
    return not term.isascii()


def _shares_morpheme(word: str, held: Iterable[str]) -> bool:
    """Whether a Chinese ``word`` shares a character, a morpheme, with a term of ``held``: a
    Chinese word is a compound of morphemes, and jieba cuts "号码" and "身份证号", "付款" and
    "支付宝" apart though each names the other's thing."""
    return not word.isascii() and any(c in term for c in word for term in held)


def _wh_split(query: str) -> tuple[str, str]:
    """``query`` without its wh-phrase, and the wh-phrase's words after the question word. A
    Chinese question word stays where its phrase stands, often last ("欠了*多少钱*", "查出了*什么
    问题*"): an interrogative determiner (:data:`_WH_ZH`) and the words after it up to a verb or
    punctuation, by jieba's tags. English fronts it, up to the inverted auxiliary ("*Which
    antidepressant* do I take?")."""
    if query.isascii():
        m = _WH_EN.match(query)
        return (query[m.end(1) :], m.group(1)) if m else (query, "")
    kept: list[str] = []
    phrase: list[str] = []
    inside = False
    for word, tag in pos_tags(query):
        if word in _WH_ZH:
            inside = True
            kept.append(" ")  # the question word itself is a closed class
            continue
        if inside and (tag.startswith("v") or tag == "x"):
            inside = False
        (phrase if inside else kept).append(word)
    return "".join(kept), " ".join(phrase)


def amount_units(query: str) -> frozenset[str]:
    """The money unit of a price or sum a Chinese question asks for: 钱 of "多少钱", which is
    how much, one question word, as "how much" is in English; 钱 there names no thing the
    question shares with a memory. "旧手机回收能卖*多少钱*？" asks the price of an old phone and
    shared only 钱 with a sealed "我偷偷把二十万养老钱借给邻居老刘搞投资…" (sensitive_blind9,
    multilingual-e5: a leak). A question naming the memory's sum by another word keeps it
    ("我跟朋友借了多少钱？" of "我欠了朋友五万块钱还没还。": 朋友)."""
    if query.isascii():
        return frozenset()
    pairs = pairwise(word for word, _ in pos_tags(query))
    return frozenset(word for before, word in pairs if before == "多少" and word == "钱")


def kind_verbs(query: str) -> frozenset[str]:
    """The Chinese verbs of ``query`` whose object is a wh-phrase headed by a word of the kind
    asked for (:func:`~hybridmem.retrieval.private_kinds.kind_spans`): "*吃*什么药", "*用*哪种
    药". The verb and its kind object are one phrase asking for a thing of the kind (take which
    medicine), as English's light verb is ("Which medication do I *take*?"): shared with a
    sealed memory it names no more than the kind's word does. "失眠吃什么药好？" shared 吃 with
    a sealed "我有躁郁症，一直在吃碳酸锂。" and asks about insomnia, which the memory does not
    hold (sensitive_blind9, multilingual-e5)."""
    if query.isascii():
        return frozenset()
    spans = kind_spans(query)
    if not spans:
        return frozenset()
    tags = pos_tags(query)
    out = set()
    for k, (word, _) in enumerate(tags[1:-1], start=1):
        verb, flag = tags[k - 1]
        if word not in _WH_ZH or not flag.startswith("v"):
            continue
        head = ""
        for after, tag in tags[k + 1 :]:
            if tag.startswith("v") or tag == "x":
                break
            if tag.startswith("n"):
                head = after
        if head and _is_kind_word(head, spans):
            out.add(verb)
    return frozenset(out)


def _is_kind_word(term: str, spans: Iterable[str]) -> bool:
    """Whether the question's term (a stem: "cod" of "code", "log" of "log in") is one of its
    kind words ``spans`` (:func:`~hybridmem.retrieval.private_kinds.kind_spans`) or a part of
    one; a Chinese term also when it holds one ("工资卡" holds "工资")."""
    if not term.isascii():
        return bool(kinds_named(term))
    return any(re.search(rf"\b{re.escape(term)}", span) for span in spans)


def qualified_otherwise(
    query: str,
    shared: Iterable[str],
    words: Iterable[str],
    stem: Callable[[str], str],
    closed: frozenset[str],
    memory: str = "",
) -> set[str]:
    """The ``shared`` terms (stems a sealed memory's terms ``words`` hold too) that an English
    question qualifies, in the noun phrase it names them in (:func:`phrases`), by a word the
    memory does not hold, the kind's own words and the ``closed`` classes aside: "card" of
    "What's my library card number?" against "My bank card PIN is 7305.". Such a word names
    another thing of the same name, so it does not single the memory out."""
    held = list(words)
    mine = set(shared)
    spans = kind_spans(query)

    def other(s: str) -> bool:  # a word of the question naming what the memory does not hold
        return s not in closed and not shares_word((s,), held) and not _is_kind_word(s, spans)

    out: set[str] = set()
    for phrase in phrases(query):
        stems = [stem(w) for w in phrase]
        if any(other(s) for s in stems):
            out |= mine.intersection(stems)
    # A postmodifier says which thing its head is. A word it holds that the memory does not
    # makes the head another thing of that name ("the *safe* that the hotel gives guests");
    # a head phrase the memory holds no word of makes the postmodifier's words someone else's
    # matter: they say which locksmith, not which safe ("the number of the locksmith who fixed
    # the *key safe*"). It may attach to any noun of its phrase, so one word of the memory's
    # there keeps them ("the key safe number by the back door", "the code that opens the key
    # safe", "the padlock that locks my storage unit").
    for head, modifier, own in [*postmodifiers(query), *de_phrases(query, memory)]:
        heads = [stem(w) for w in head]
        mods = [stem(w) for w in modifier]
        if any(other(s) for s in mods):
            out |= _within(mine, heads)
        if own:
            continue  # the user's own act: its words are the user's matter ("the amount I owe")
        if any(other(s) for s in heads) and not any(shares_word((s,), held) for s in heads):
            out |= _within(mine, mods)
    # A Chinese noun compound's head is another thing of that name when the memory lacks one of
    # its modifiers (二手房*过户*, :func:`~.compounds_zh.noun_runs`). Not the other way: a
    # modifier of a head the memory words otherwise is still the memory's (身份证号码 of
    # 身份证号: the reverse withheld that find on sensitive_blind and sealed_probe_blind).
    for head, modifier, _ in noun_runs(query):
        if any(other(s) for s in modifier):
            out |= _within(mine, head)
    return out


def _within(shared: set[str], words: list[str]) -> set[str]:
    """The ``shared`` terms among ``words``; a Chinese term also inside one (the lexical
    search cut gives "银行" of "招商银行")."""
    return {t for t in shared if t in words or (not t.isascii() and any(t in w for w in words))}


def postmodifiers(query: str) -> list[Postmodified]:
    """The English noun phrases of ``query`` (:func:`phrases`) that a postmodifier follows, each
    with the postmodifier's content words, lower case: a relative clause, opened by a relative
    word or, reduced, by its subject (a pronoun or a possessive determiner: "the wallet *I*
    bought", "the dog *my* sister adopted"), runs to the end of its clause; a locative
    prepositional phrase ("at", "in", "on", "from", "by" and a determiner) is the noun phrase
    it opens. "What's the number of the locksmith who fixed the key safe?" -> [(["number",
    "locksmith"], ["fixed", "key", "safe"], False)]; "the code for the padlock on the school
    gate" -> [(["code", "padlock"], ["school", "gate"], False)]. Only a phrase a determiner
    opens is read, as in :func:`phrases`: "What am I taking at night?" has none. A relative
    clause whose subject is the user ("the amount *I* owe", "the safe that *we* keep") is
    marked as the user's own (True): it says which of the user's things, not whose. The phrases
    inside a relative clause are its own, not heads."""
    text = _POSSESSIVE.sub("", query.lower())
    runs = _runs(text)
    out: list[Postmodified] = []
    inside = 0  # the end of the last relative clause read: its runs are its own, not heads
    for k, (words, nominal, end) in enumerate(runs):
        if not nominal or end <= inside:
            continue
        m = _NEXT_WORD.match(text, end)
        if m is None:
            continue
        word = m.group(1)
        if word in _RELATIVE or word in _SUBJECTS:
            clause = _CLAUSE_END.split(text[m.start(1) :], maxsplit=1)[0]
            inside = m.start(1) + len(clause)
            said = _WORD.findall(clause)
            modifier = [w for w in said if w.isascii() and terms(w)]
            if modifier:
                out.append((words, modifier, bool(_OWN.intersection(said[:2]))))
        elif word in _LOCATIVE and k + 1 < len(runs):
            after, opened, _ = runs[k + 1]
            tail = _NEXT_WORD.match(text, m.end(1))
            if opened and tail is not None and tail.group(1) in _DETERMINERS:
                out.append((words, after, False))
    return out


def phrases(query: str) -> list[list[str]]:
    """The English noun-phrase-like runs of ``query``, lower case: maximal runs of content words
    with only spaces or hyphens between, a possessive joining its holder to what it holds and
    "of"/"for" (with determiners) a postmodifier to its head: "What's my bank's phone number?"
    -> [["bank", "phone", "number"]], "the door code for the gym" -> [["door", "code",
    "gym"]]. Any other function word, punctuation or a Chinese word ends a run. A run is a noun
    phrase only when a determiner opens it; one that does not is read as a verb's, whose "for"
    or "of" starts another phrase ("What am I taking for depression?")."""
    return [words for words, _, _ in _runs(_POSSESSIVE.sub("", query.lower()))]


def _runs(text: str) -> list[tuple[list[str], bool, int]]:
    """The runs of :func:`phrases` in ``text`` (lower case, possessives taken out), each with
    whether a determiner opened it and where its last word ends."""
    out: list[tuple[list[str], bool, int]] = []
    run: list[str] = []
    nominal = False  # the run was opened by a determiner
    bridge = False  # inside "of/for the" after a nominal run: the next content word joins it
    prev = ""
    end = 0
    last = 0  # where the run's last word ends
    for m in _WORD.finditer(text):
        word = m.group()
        tight = not text[end : m.start()].strip(" -")
        end = m.end()
        content = word.isascii() and bool(terms(word)) and word not in _PREPOSITIONS
        if not tight or not word.isascii():
            run, bridge, prev = _close(out, run, nominal, last), False, ""
        if content:
            if not run:
                nominal = prev in _DETERMINERS or prev in _WH_DETERMINERS
            run.append(word)
            last = end
            bridge = False
        elif run and nominal and (word in _OF or (bridge and word in _DETERMINERS)):
            bridge = True
        else:
            run, bridge = _close(out, run, nominal, last), False
        prev = word
    _close(out, run, nominal, last)
    return out


def _close(
    out: list[tuple[list[str], bool, int]], run: list[str], nominal: bool, end: int
) -> list[str]:
    """Append ``run`` (with ``nominal`` and its ``end``) to ``out`` if it holds a word; a new
    empty run."""
    if run:
        out.append((run, nominal, end))
    return []
