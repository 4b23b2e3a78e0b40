"""Sensitive memories only when asked: which sealed candidates a retrieval may return.

A memory added with ``sensitive=True`` (an IBAN, a diagnosis) is stored sealed, and it should
reach a prompt only when the question is about it. Priors cannot tell: a user-level fact gets
the same importance, recency and ``parent`` parts whatever the question, so before this rule an
IBAN was packed into the context of 19 of 22 ordinary questions (issue 38).

The rule has no tuned constant. A sensitive candidate is admitted when both channels that can
judge it say the question is about it:

- **Dense**: no ordinary candidate of the same query matches the question better, by the
  query's cosine similarity alone - its own relevance, none of the priors. When an ordinary
  memory is closer, the question is about that one. Several sensitive memories may pass
  together when the question names each (each beats every ordinary one: "my bank details?"
  with an IBAN and a BIC at the same bank).
- **Lexical**: the question shares a content word with the memory ("what is my *passport*
  number?", "which *bank account* ...?"), compared in memory on the plaintext the reader
  already holds: the lexical index keeps no terms of sealed content. A memory whose slot is
  the attribute the question asks about names it as a word would
  (:mod:`~hybridmem.retrieval.attributes`: a sealed home address in ``user.residence`` for
  "where do I live?"). A multilingual model's cosines are compressed into a band a few
  hundredths wide, so being ahead alone is weak evidence: with multilingual-e5 a passport
  number was 0.006-0.008 ahead of the best ordinary fact for "What do I do for a living?" and
  "How do I get to work?", questions sharing no word with it.

A shared word is not always enough (:mod:`~hybridmem.retrieval.shared_words`): when every
word the question shares with the memory only names the kind ("密码", "password", "药") or is an
ordinary candidate's too ("吃" of "我不吃香菜"), the question must name nothing else the memory
does not hold, question words and modals aside: "WiFi密码是多少？" shared "密码" with a sealed
bank PIN, "感冒了吃什么药好？" "吃" with a sealed pill, "What code do I need for the office
printer?" "code" with a key safe (benchmarks/sealed_probe.py: 18 questions with a sealed memory
in hits or context, 6 after). A shared word the question qualifies in its noun phrase by a
word the memory does not hold is no evidence either ("What's my library *card* number?" of a
bank card PIN, "my bank's phone number" of it), nor one in a postmodifier of a head the memory
does not hold ("the number of the locksmith who fixed the *key safe*", "*存折*上的利息怎么算？"),
nor a head whose postmodifier it does not hold ("the *safe* that the hotel gives guests").
A noun naming a number ("number", "digits", "数字", "号码", "号") is no such word for a memory
that states a number in digits: "What's the *number* for the garage door?" asks for what "The
code for the garage door keypad is 7731." holds (:func:`_closed_for`; sensitive_blind8).
And a question naming one kind is not about a memory stated as another, word or no word ("Is
my health insurance up to date?" of a national insurance number). The cost, on the blind
probe (benchmarks/sealed_probe_blind.py): questions about the memory that name something it
words otherwise ("Is my passport still valid next year?" of "expires 2031", "家门密码多少？" of
"门锁密码") are withheld. An ordinary memory filed as the value of the user's attribute the
question asks for (:func:`~hybridmem.retrieval.attributes.answering`) holds the question's words
through its slot, as a word would: "Remind me what my job is?" shares "job" with a sealed "I got
sacked from my last job..." and with no ordinary memory, as the train guard's job is named by
its slot alone; MiniLM put the sacking 0.08 closer (benchmarks/first_day_ninth.py, 2 leaks).

A word of the memory's own (held by no ordinary candidate, naming no kind) is not enough
either when the memory holds neither the question's *focus* nor the head of its wh-phrase
(:func:`~hybridmem.retrieval.shared_words.unheld_focus`): the focus is its last content word
outside the wh-phrase, its predicate or the head of what it asks about. "工商银行几点开门？" and
"国庆节银行放假吗？" shared 银行 with a sealed bank-card number, "我弟弟什么时候结婚？" 弟弟 with
his debt, "我爸的生日是哪天？" 我爸 with his prison past, "What's my brother-in-law's job?"
"brother" with his debt (benchmarks/sensitive_blind.py, multilingual-e5): each names
the memory's subject and asks about another thing of it; in English, what is said of a
wh-phrase subject, a passive's subject and an expletive it's predicate are read as well ("Has
the coach company been sent the numbers?" of a bank account number,
:mod:`~hybridmem.retrieval.asked_en`). So is a question saying the shared word is another
thing's: an English wh-head alone ("What *number* do I ring to book a GP appointment?") whose
modifier in the memory ("My *NHS* number") it does not name, naming other things and none of
the user's; a Chinese question opening with a 的-phrase the memory holds nothing of ("*乐乐的
扁桃体*要不要做手术？" of the user's own operation; benchmarks/sensitive_blind3.py). A Chinese
compound's head is not the compound (:mod:`~hybridmem.retrieval.compounds_zh`): a shared head
whose modifier the memory lacks is another thing ("买二手房*过户*要多久？" of the user's secret
transfer of a flat), and a 哪-phrase's head the memory holds alone does not say which
("林琳在*哪个学校*教书？" of "…还没跟学校说"; benchmarks/sensitive_blind2.py, 4.py). The cost
is a question about the memory whose focus the memory words otherwise ("保险柜怎么打开？" of
the safe's code, "What do I need to inject before I eat?" of "inject insulin before meals").
So is a Chinese question whose shared words only modify a compound's head the memory
holds nothing of ("*邻居家*狗老叫，咋跟人家说？" of a sealed quarrel with the neighbour
downstairs, :func:`~hybridmem.retrieval.compounds_zh.modifies_other`; sensitive_blind10).
Two Chinese words name nothing by their place: 钱 of 多少钱 is how much, and shares nothing
with a memory's "养老钱" (:func:`~hybridmem.retrieval.shared_words.amount_units`:
"旧手机回收能卖多少钱？"); and a verb whose object is a wh-phrase headed by the kind's word
is the kind's (:func:`~hybridmem.retrieval.shared_words.kind_verbs`): 吃 of
"失眠吃什么药好？" names no more than 药, and the question names 失眠, which a sealed
"我有躁郁症，一直在吃碳酸锂。" lacks (sensitive_blind9).

Where the embedder cannot read the question's or the memory's script (all-MiniLM-L6-v2 and
Chinese, :mod:`~hybridmem.retrieval.language`), its cosine is not enough even beside a shared
word: the memory must also hold more of the question's content words than any ordinary
candidate (:func:`_named_as_much`).

Where the question and the memory share no script (a Chinese question about an English IBAN,
"我的银行账号是多少？"), or the memory is read without the key (masked), words cannot be
compared and the dense channel decides alone, as before, for one memory at most: the closest
(asked in English about a Chinese home address, the Chinese salary account was ahead of every
ordinary memory too). A word with a digit (an ID, a PIN, "E39057712") is a code of no script.
A margin from the query's own spread was tried instead of words and withheld that IBAN (0.020
ahead of a field 0.062 wide).

A question about someone else ("What is my partner's address?", "我老婆欠房租吗？", by the
relation or name :func:`~hybridmem.retrieval.attributes.someone_named` reads, or an English
holder: "the address of my dentist", "my office's number", or an indefinite subject: "How much
tax does a forklift driver pay?") is not about a sealed memory in its
script that does not name them, whatever word they share or whatever slot evidence it has: the
user's own home address answered "my partner's address?" by "address" before
(benchmarks/sealed_probe.py), and "What's the address of my dentist?" by its slot.

Once admitted, a memory gets the lexical part of its plaintext, scored at query time and never
indexed (:func:`sealed_lexical`).

**By kind.** A question in the same script that names none of the memory's words may still
name the *kind* of private matter it asks for (:mod:`~hybridmem.retrieval.private_kinds`: a
health matter, a home address, a code, an identity number, money, by category words such as
"medication", "病", "parcel", "快递", "PIN", "证件"): "What medication am I on?" of "I'm on
sertraline, 50mg a day", "我有什么病？" of "我有抑郁症". Such a memory is admitted when it is
ahead of every ordinary candidate, its own kind is that one or unknown (a diagnosis stated by
its name alone), the question's words name no ordinary candidate, and the question asks
nothing beyond the kind that the memory does not hold, question words and the other closed
classes aside (啥, "ever"): "我的腰是什么毛病？" (about a slipped
disc, a memory multilingual-e5 did not even make a candidate) names "腰", so a sealed gout
diagnosis 0.03 ahead of everything stays out. These dense-only admissions (this one and the
other script's) share one place: the closest, of those stated as the kind asked when there
are any (one of unknown kind is only compatible: with MiniLM an NHS number was 0.002 closer to
"What illness am I being treated for?" than the diagnosis and was the one admitted). A
cross-script memory of another kind is withheld: a door code is no answer to "What is my home
address?" though it was the closest. And none passes beside a memory the question names by its
words: that one is what it asks about. "我做过什么手术？" admitted a sealed operation on 手术 and,
asking for a health matter, a sealed drug past of unknown kind by kind too, 0.006 ahead of every
ordinary memory with multilingual-e5 (benchmarks/first_day_ninth.py): the count of "one at
most" left out the memory admitted on its words.

Tried first, from structure alone: the sealed memory's lead over the best ordinary candidate
in units of the ordinary candidates' own spread (their standard deviation). On the five
first-day sets (benchmarks/first_day*.py, before this rule) no value separates: thirteen
withheld questions about a sealed memory put it ahead by 0.07 to 5.5 spreads (eleven under 3),
and "我的腰是什么毛病？", not about the sealed gout, by 3.3; in units of the gap between the two
best ordinary candidates the thirteen led by 0.04 to 58, the gout by 3.0.

The cost is a question about a sealed memory that names neither its words nor its kind, or
asks more than the kind ("How much do I make?", "How can the plumber let himself in?", "我脚疼是
什么毛病？" of gout): it is withheld unless the caller asks with ``include_sensitive=True``.
Erring that way keeps private text out of prompts that did not ask for it.

A candidate without a similarity (no query vector, no stored vector) is never admitted: there
is no evidence the question is about it. ``include_sensitive=True`` turns the rule off (the
caller asked for them).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from hybridmem.core.sealed import is_masked
from hybridmem.lexical import document_terms, light_stem, match_expression, stemmed_terms, terms
from hybridmem.models import MemoryNode
from hybridmem.retrieval.attributes import SLOT_KEY, agreed, someone_named
from hybridmem.retrieval.compounds_zh import modifies_other
from hybridmem.retrieval.function_words import function_word
from hybridmem.retrieval.generic_en import in_general
from hybridmem.retrieval.modifiers_zh import only_modifies
from hybridmem.retrieval.negated_zh import only_negated
from hybridmem.retrieval.places_en import only_where
from hybridmem.retrieval.private_kinds import (
    asked_kind,
    beyond_kind,
    compatible,
    memory_kinds,
    shares_word,
)
from hybridmem.retrieval.relatives_en import said_of_another
from hybridmem.retrieval.roles_zh import holders_words, incidental, swapped
from hybridmem.retrieval.shared_words import (
    amount_units,
    asks_else,
    closed_words,
    kind_verbs,
    qualified_otherwise,
    unheld_focus,
    weak,
)
from hybridmem.store import RetrievalReads

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
# Inflections the FTS5 porter stemmer folds too ("expires" / "expire", "accounts" /
# "account"); a light strip, as the two sides go through the same function.
# The holder an English question asks about when it is not the user: "the address of my
# dentist", "my office's phone number". What is asked is the holder's, so a sealed memory not
# naming the holder is not its answer, whatever word they share. An indefinite subject after
# the auxiliary is anyone of a kind, not the user ("How much tax does *a forklift driver*
# pay?"): its first word stands for it, as the noun's head cannot be told from the verb after
# it without a tagger. Closed classes: the auxiliaries and the indefinite article.
_HOLDER_EN = re.compile(
    r"\b(?i:of)\s+(?i:my|our)\s+([\w-]+)|\b(?i:my|our)\s+([\w-]+)['’]s\b"
    r"|\b(?i:do|does|did|can|could|will|would|should|is|are|was|were)\s+(?i:an?)\s+([\w-]+)"
)


def withheld(
    nodes: Mapping[str, MemoryNode],
    cosine: Mapping[str, float],
    query: str | None = None,
    lexical: Mapping[str, float] | None = None,
    dense_reads_cjk: bool = True,
    answers: Collection[str] = (),
) -> set[str]:
    """The sensitive candidates among ``nodes`` that the question is not about: those with no
    similarity, one below the best ordinary candidate's (``cosine``: raw similarity to the
    query by node id), or, given the ``query`` text, one sharing a script with the question
    but no content word and no ``lexical`` evidence (raw BM25 by id: a sealed memory has some
    only when its slot is the attribute the question asks about, see
    :mod:`~hybridmem.retrieval.attributes`) unless it is of the kind the question asks for
    (:func:`_asked_by_kind`), one in the question's script that does not name the someone else
    it asks about, and of those admitted on similarity alone (no script in common, or by
    kind) all but the closest, and all when a memory the question names by its words (or
    its slot) is admitted. ``dense_reads_cjk=False`` (an English-only embedder, e.g.
    all-MiniLM-L6-v2): where the question or the memory is Chinese, its cosine is noise, so
    it never admits alone (with MiniLM, "What is my home address?" got a Chinese salary-card number
    as the closest of Chinese memories all scored alike), nor with a word an ordinary one
    matches as well (:func:`_named_as_much`). ``answers``: the candidates filed as the value
    of the user's attribute the question asks for (:func:`~.attributes.answering`); an
    ordinary one holds the words the question shares with a sealed memory (:func:`_asks_other`)."""
    sealed = [i for i, n in nodes.items() if n.sensitive]
    if not sealed:
        return set()
    ordinary = [cosine[i] for i, n in nodes.items() if not n.sensitive and i in cosine]
    best = max(ordinary, default=None)
    out = {i for i in sealed if i not in cosine or (best is not None and cosine[i] < best)}
    if query is None:
        return out
    asked = stemmed_terms(query) - amount_units(query)
    kind = asked_kind(query)
    other = someone_named(query) or _holder(query)
    matched = {i for i, v in (lexical or {}).items() if v > 0}
    slotted = any(a in nodes and not nodes[a].sensitive for a in answers)
    unjudged: list[str] = []
    unnamed: list[str] = []
    for i in sealed:
        node = nodes[i]
        masked = is_masked(node.sensitive, node.content)
        words = frozenset() if masked else stemmed_terms(node.content)
        if _of_someone_else(other, asked, words, node):
            out.add(i)  # before any evidence: a slot's lexical match is the user's own
            continue
        if i in matched:
            continue
        if masked:
            unjudged.append(i)  # no key here: its words cannot be read, only its vector
            continue
        if not dense_reads_cjk and "cjk" in _scripts(asked) | _scripts(words):
            # Its cosine is noise: never enough alone, and a word in common must back it
            # (words alone admitted more: 我的, 密码 are shared by near questions too), one
            # that does not leave the question asking about another thing.
            if not asked & words or _asks_other(query, kind, node, asked, words, nodes, slotted):
                out.add(i)
            elif _named_as_much(asked, words, nodes):
                out.add(i)  # the words, which read the script, do not single it out
            continue
        if asked and words and not _scripts(asked) & _scripts(words):
            if compatible(kind, node, node.metadata.get(SLOT_KEY)):
                unjudged.append(i)
            else:  # a door code is no answer to "what is my home address?"
                out.add(i)
        elif not asked & words:
            out.add(i)
            unnamed.append(i)
        elif _asks_other(query, kind, node, asked, words, nodes, slotted):
            out.add(i)  # shares a word, asks about another thing ("WiFi密码是多少？")
    # On the similarity alone, the question is about one memory at most, and none when its
    # words name a sealed memory already admitted: that one is what it asks about.
    said = [i for i in sealed if i not in out and i not in unjudged]
    alone = [i for i in unjudged if i not in out]
    # The kind is the user's own only: "我老婆身体怎么样？" asks about the wife's health.
    closest = None if said else _closest_alone(nodes, cosine, query, kind, other, alone, unnamed)
    out |= set(unjudged)
    if closest is not None:
        out.discard(closest)
    return out


def _named_as_much(
    asked: frozenset[str], words: frozenset[str], nodes: Mapping[str, MemoryNode]
) -> bool:
    """Whether an ordinary candidate holds as many of the question's content words (``asked``)
    as the sealed memory (``words``) does: then the words do not say the question is about the
    sealed one rather than that one. The floor where the embedder cannot read the script, beside
    its cosine: all-MiniLM-L6-v2 put "家里存折的密码是139826。" 0.24 ahead of every ordinary
    memory for "家里谁要人照顾？" on the characters 家里 alone (first_day_tenth, zh B, leaked from
    both tasks), while the answer, "我婆婆中风了，住我家，我照顾着。", names 照顾 as the PIN
    names 家里. Counted, not BM25: a sealed text shorter than the answer outscored it on the one
    word each holds. A tie is no evidence for the sealed memory, and the rule errs toward
    withholding. The cosine floor stays: replaced by this one, a sealed "我年轻时被人拐卖过，
    后来自己逃出来的。" holding 自己 where no ordinary memory holds a word was shown for
    "这箱大米我自己扛上楼行不？" (benchmarks/sensitive_leaks.py)."""
    own = len(asked & words)
    return any(
        len(asked & stemmed_terms(n.content)) >= own
        for n in nodes.values()
        if not n.sensitive and not is_masked(n.sensitive, n.content)
    )


def _closest_alone(
    nodes: Mapping[str, MemoryNode],
    cosine: Mapping[str, float],
    query: str,
    kind: str | None,
    other: str | None,
    alone: list[str],
    unnamed: Sequence[str],
) -> str | None:
    """The one sealed memory the question is about on similarity alone, if any: the closest of
    ``alone`` (in another script, ahead of every ordinary candidate) and of those the question
    asks for by ``kind`` (:func:`_asked_by_kind`, only when it asks about no ``other``), of
    those stated as the kind when there are any. Only when no memory the question names by its
    words was admitted: "我做过什么手术？" admitted a sealed operation on 手术 and a drug past of
    unknown kind by kind beside it, 0.006 ahead of every ordinary memory (multilingual-e5,
    benchmarks/first_day_ninth.py). Every other one is withheld, not only the others stated as
    the kind: narrowing first let one of unknown kind in another script through beside the one
    asked for ("我工作系统的登录密码是什么？" of an English password brought "I have a
    non-molestation order against my ex." along)."""
    admitted = list(alone)
    if kind is not None and other is None:
        admitted += _asked_by_kind(nodes, cosine, query, kind, unnamed)
    if not admitted:
        return None
    return max(_stated_as(kind, admitted, nodes), key=lambda i: cosine[i])


def _asks_other(
    query: str,
    kind: str | None,
    node: MemoryNode,
    asked: frozenset[str],
    words: frozenset[str],
    nodes: Mapping[str, MemoryNode],
    slotted: bool = False,
) -> bool:
    """Whether a question sharing a word with the sealed ``node`` asks about something else
    (:mod:`~hybridmem.retrieval.shared_words`): it names a kind the memory is known to be
    another of, or every shared word names only the kind or is an ordinary candidate's too and
    the question names something the memory does not hold ("WiFi" of "WiFi密码是多少？").
    ``slotted``: an ordinary candidate is filed as the value of the user's attribute the
    question asks for; it holds the shared words through its slot, as a word would name it.
    "Remind me what my job is?" shares "job" with a sealed "I got sacked from my last job for
    fiddling my overtime." and only with it; the answer ("I'm a guard on the trains...") is
    named by its slot alone, and MiniLM put the sealed memory 0.08 closer
    (benchmarks/first_day_ninth.py)."""
    if not compatible(kind, node, node.metadata.get(SLOT_KEY)):
        return True
    shared = asked & words
    if swapped(query, node.content, shared):
        return True  # the same act, another's ("朋友欠我的钱…" of "我欠了朋友…")
    ordinary = {
        w
        for n in nodes.values()
        if not n.sensitive and not is_masked(n.sensitive, n.content)
        for w in stemmed_terms(n.content)
    }
    if slotted:
        ordinary |= shared  # the attribute the question names is the slotted memory's
    # A shared word the question qualifies otherwise ("library card"), one naming whose matter
    # it asks (someone the memory only mentions) or one saying only when ("这个月") singles out
    # nothing.
    closed = _closed_for(node.content)
    singles = shared - qualified_otherwise(query, shared, words, light_stem, closed, node.content)
    singles -= holders_words(query, node.content, singles) | incidental(query, singles)
    singles -= kind_verbs(query)  # "吃什么药": the kind's own verb names no more than the kind
    if not weak(query, singles, ordinary):
        return _focus_unheld(query, words, node.content)  # its own word, about another thing?
    if _names_else(query, asked, words, closed):
        return True
    # Every shared word is an ordinary memory's too and the question names no kind of private
    # matter: it names the thing both hold ("我的存折是哪儿的？" of a bank book and of its
    # sealed PIN), and nothing in it points at the secret rather than at the ordinary one.
    held = list(ordinary)
    return kind is None and bool(shared) and all(shares_word((w,), held) for w in shared)


def _focus_unheld(query: str, words: frozenset[str], memory: str = "") -> bool:
    """Whether the question's focus, its predicate or asked head, is a word the memory does not
    hold (:func:`~hybridmem.retrieval.shared_words.unheld_focus`): then the word they share is
    the subject or a modifier of something else ("国庆节银行放假吗？" of a bank-card number).
    Or, in English, whether the memory holds the shared words only as where its matter is and
    the question acts on that place's thing by a word the memory lacks
    (:func:`~hybridmem.retrieval.places_en.only_where`): "When should I prune the apple tree?"
    of ashes buried under it. Or whether the shared words are an English relative clause's act
    said of a subject the memory does not name
    (:func:`~hybridmem.retrieval.relatives_en.said_of_another`). Or, in Chinese, whether the
    memory holds the shared words only as modifiers of its subject's head and the question
    uses them otherwise, naming its own act (:func:`~.modifiers_zh.only_modifies`): "那几麻袋
    化肥帮我扛到仓库去？" of "茶厂仓库那把锁的密码是5063。". Or, in Chinese, whether the memory
    holds the shared words only inside a negation's scope, saying the thing did not happen, and
    the question, negating nothing and asking no kind, names something else
    (:func:`~.negated_zh.only_negated`): "电动车出了小事故怎么报保险？" of "…没报警也没走保险。".
    Or, in Chinese, whether the question holds the shared words only as a compound's modifiers
    of a head the memory lacks (:func:`~.compounds_zh.modifies_other`): "邻居家狗老叫，…" of a
    sealed quarrel with the neighbour.
    Or whether an English question asks
    about a kind of thing in general, naming something the memory lacks
    (:func:`~hybridmem.retrieval.generic_en.in_general`): "Which genetic tests do they offer
    pregnant women at the hospital?" of the user's own genetic test, "How do I report a
    pothole to the council?" of the user's own report, "Can you take paracetamol if you can't
    sleep?" of the user's own diazepam."""
    if unheld_focus(query, words, light_stem, _closed_word, memory) is not None:
        return True
    if said_of_another(query, words) or _in_general(query, words):
        return True
    beside = (
        only_where(query, words, memory)
        or only_modifies(query, words, memory)
        or only_negated(query, words, memory)
        or modifies_other(query, words)
    )
    return beside and bool(asks_else(query, stemmed_terms(query), words, _CLOSED))


def _in_general(query: str, words: frozenset[str]) -> bool:
    """Whether an English question about a kind in general (:func:`~.generic_en.in_general`)
    names a content word the memory's terms ``words`` lack: what it asks of the kind."""
    return in_general(query, words) and bool(_names_else(query, stemmed_terms(query), words))


def _names_else(
    query: str, asked: frozenset[str], words: frozenset[str], closed: frozenset[str] | None = None
) -> set[str]:
    """What the question names that the memory's terms ``words`` lack
    (:func:`~hybridmem.retrieval.shared_words.asks_else`), the closed classes aside as the
    question writes them: a question word ("啥", "哪家") or a light verb's form ("went", "got":
    "Where was that job I went for?", "How much debt has Jamal got?") names nothing else, as
    :func:`_named_beyond` reads it on the kind path. Read on the written word, not its stem:
    "evening" is cut to "even". ``closed``: the closed classes as the memory reads them
    (:func:`_closed_for`), :data:`_CLOSED` by default."""
    written = {light_stem(t) for t in terms(query) if _closed_word(t)}
    return asks_else(query, asked, words, _CLOSED if closed is None else closed) - written


def _closed_word(term: str) -> bool:
    """A closed-class term (:data:`_CLOSED`, :func:`~.function_words.function_word`)."""
    return term in _CLOSED or function_word(term)


def _asked_by_kind(
    nodes: Mapping[str, MemoryNode],
    cosine: Mapping[str, float],
    query: str,
    kind: str,
    unnamed: Sequence[str],
) -> list[str]:
    """The sealed memories a question of ``kind`` may ask for without naming them: those of
    ``unnamed`` (same script, no word shared) ahead of every ordinary candidate whose kind is
    not another (:mod:`~hybridmem.retrieval.private_kinds`) and that leave no word of the
    question unaccounted for - and none when the question's words name an ordinary candidate.
    "我的腰是什么毛病？" asks about "我有腰椎间盘突出，坐久了腰疼" although multilingual-e5 put
    "我有痛风" 0.03 closer; "我对什么药过敏？" about the penicillin allergy, not the sealed pill."""
    asked = stemmed_terms(query)
    if any(shares_word(asked, stemmed_terms(n.content)) for n in nodes.values() if not n.sensitive):
        return []
    best = max(
        (c for i, n in nodes.items() if not n.sensitive and (c := cosine.get(i)) is not None),
        default=None,
    )
    return [
        i
        for i in unnamed
        if i in cosine
        and (best is None or cosine[i] >= best)
        and compatible(kind, nodes[i], nodes[i].metadata.get(SLOT_KEY))
        and not _named_beyond(query, asked, stemmed_terms(nodes[i].content))
    ]


def _named_beyond(query: str, asked: frozenset[str], words: frozenset[str]) -> set[str]:
    """What the question names beyond the kind that the memory does not hold
    (:func:`~hybridmem.retrieval.private_kinds.beyond_kind`), question words and the other
    closed grammatical classes aside (:func:`~hybridmem.retrieval.function_words.function_word`,
    as :func:`~hybridmem.retrieval.shared_words.asks_else` sets them aside): "啥" of
    "我得过啥大病没有？" and "ever" of "Did I ever have a drug problem?" name nothing, and
    withheld a sealed cancer and a methadone programme (benchmarks/sealed_trace.py)."""
    return {
        w for w in beyond_kind(query, asked, words) if w not in _CLOSED and not function_word(w)
    }


def _stated_as(kind: str | None, admitted: list[str], nodes: Mapping[str, MemoryNode]) -> list[str]:
    """Of the memories ``admitted`` on similarity alone, those stated as the ``kind`` the
    question asks for, when there are any; else all. A memory whose kind is unknown is only
    compatible with the question, one stated as its kind is named by it: with MiniLM, "My NHS
    number is 485 777 3456." (no kind read) was 0.002 closer to "What illness am I being
    treated for?" than "I have prostate cancer and start radiotherapy in May." and was the one
    admitted (first_day_sixth, en B), a leak and a miss at once."""
    if kind is None:
        return admitted
    named = [i for i in admitted if kind in memory_kinds(nodes[i], nodes[i].metadata.get(SLOT_KEY))]
    return named or admitted


def _of_someone_else(
    other: str | None, asked: frozenset[str], words: frozenset[str], node: MemoryNode
) -> bool:
    """Whether the question asks about ``other`` (someone else, a holder), which the memory,
    in the question's script, does not name: "What is my partner's address?" shares "address"
    with the user's own sealed one, and the slot's lexical match gave "What's the address of
    my dentist?" the user's sealed home address."""
    return (
        other is not None
        and bool(_scripts(asked) & _scripts(words))
        and other.lower() not in node.content.lower()
    )


def _holder(query: str) -> str | None:
    """The word naming whose attribute an English question asks for when it is not the
    user's ("dentist" of "the address of my dentist?", "office" of "my office's number",
    "forklift" of "How much tax does a forklift driver pay?"), else None."""
    m = _HOLDER_EN.search(query)
    return (m.group(1) or m.group(2) or m.group(3)) if m else None


def _scripts(words: frozenset[str]) -> set[str]:
    """The scripts of content words: a word with a digit is a code (an ID, a PIN) and belongs to
    none, so "E39057712" in a Chinese memory does not make it comparable with an English
    question, nor an IBAN with a Chinese one."""
    out = set()
    for word in words:
        if _CJK.search(word):
            out.add("cjk")
        elif not any(c.isdigit() for c in word) and _LETTER.search(word):
            out.add("latin")
    return out


_CLOSED = closed_words(light_stem)
# The words naming a number itself, not what it is the number of. A memory stating one in
# digits ("The code for the garage door keypad is 7731.", "我手机锁屏密码是739152。") holds what
# they ask for, as it holds its kind's word: "What's the number for the garage door?" and
# "我手机解锁的数字是多少？" name nothing it lacks by them (sensitive_blind8: both withheld, the
# garage door read as another thing's by "number"). Closed: the number nouns of both languages.
_NUMBER_WORDS = frozenset(light_stem(w) for w in ("number", "numbers", "digit", "digits")) | {
    "数字",
    "号码",
    "号",
}


def _closed_for(memory: str) -> frozenset[str]:
    """The closed classes a question's words are read against for the sealed ``memory``:
    :data:`_CLOSED`, and the number nouns when the memory states a number in digits."""
    return _CLOSED | _NUMBER_WORDS if any(c.isdigit() for c in memory) else _CLOSED


def sealed_lexical(
    store: RetrievalReads,
    query: str,
    lexical_query: str | None,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    slot_map: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, float] | None:
    """``bm25`` (the raw BM25 of the candidates ``nodes``) with the sealed candidates' own, or
    None when none has any. A sealed memory's plaintext is not in the lexical index, so an
    admitted one scored without the lexical part a clear memory of the same text gets: its
    decrypted text (``node.content``, read with the key) is scored now against the index's
    statistics as if it were a row (``TreeStore.lexical_scores``), and no term of it is
    written. ``lexical_query``: the text the lexical channel read (the query without the
    speakers' names, see ``Retriever.refocus``), else ``query``. The result is read against
    the slots again (:func:`~hybridmem.retrieval.attributes.agreed`), as a clear memory's
    evidence is. A masked memory (no key) has no words to score."""
    texts = {
        i: document_terms(n.content)
        for i, n in nodes.items()
        if n.sensitive and i not in bm25 and not is_masked(n.sensitive, n.content)
    }
    match = match_expression(lexical_query or query) if texts else None
    if not match:
        return None
    # The clear matches are scored again with the sealed texts counted in (a word both hold
    # is commoner than the index alone says), so all compare as they would were all clear.
    scores = store.lexical_scores(match, {i: t for i, t in texts.items() if t}, list(bm25))
    if not any(i in scores for i in texts):
        return None
    merged = {**{i: v for i, v in bm25.items() if i not in scores}, **scores}
    moved = agreed(query, nodes, merged, slot_map)
    return merged if moved is None else moved
