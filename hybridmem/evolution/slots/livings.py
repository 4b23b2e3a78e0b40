"""A Chinese living stated by its verb: 当 + a role (我在驾校当教练), 卖 + a kind of goods
(在菜市场卖猪肉). The slot rules (:mod:`~hybridmem.evolution.slots.rules`) read it where the
occupation rule stands in their order; it reads jieba's words and tags, no word list of jobs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hybridmem.evolution.slots.zh_names import PERSON_ZH, ROLE_ZH

ASPECT_ZH = frozenset({"了", "着", "过"})
"""The aspect particles (a verb's 了/着/过)."""

# 当 serves as a role: 当 itself, with a result or aspect complement (当上, 当起, 当了), and the
# classifiers a role noun is counted with (当了一名护士).
_SERVE_ZH = frozenset({"当", "当上", "当起", "当了", "当过"})
_SERVE_FILLERS = frozenset({"了", "上", "起", "过", "一名", "一个", "个", "名", "一位"})
# Before 卖 in its clause, these make the sale a thing done to one object or only meant (把车卖了,
# 被人卖了, 想卖车): no living. Closed classes: the disposal and passive markers, modal verbs.
_NOT_A_TRADE = frozenset({"把", "被", "想", "要", "准备", "打算", "得", "想要"})
_ASPECT_AFTER_SALE = frozenset({"了", "过", "掉", "出", "完"})
_CLAUSE_END = frozenset("，,。；;！!？?、")


def lives_by(text: str, pos: Callable[[str], list[tuple[str, str]]]) -> bool:
    """A living stated by its verb, read by jieba's words (issue 38, the ninth first-day set):

    - **当 + a noun ending its clause**: 当 with a noun object is the copula-like "serve as"
      (我在驾校当教练, 又当起了厨师); jieba tags 当 anything (t, p, v), and the role noun need
      not end in an agent suffix (教练, 兵). Not a kinship noun (当妈妈了 is parenthood), not
      after 把 in the clause (把他当朋友: treat as), and not a noun another noun follows
      (当饭吃 has a verb after it; a compound's head is read, not its modifier), and not a
      role taken on counted occasions (每周三下午去社区当志愿者 is volunteering, not a living).
    - **卖 + a bare noun** (在菜市场卖猪肉, 在4S店卖车, 卖保险去了): selling a kind of goods,
      with no aspect marker, numeral, classifier or determiner, is a trade; a sale of one
      thing is perfective or determined (卖了旧手机, 把车卖了) or only meant (想卖车).
    """
    if _serves_as(text, pos):
        return True
    tokens = pos(text)
    for i, (word, _) in enumerate(tokens):
        clause = _clause_before(tokens, i)
        # A role held on counted occasions (每周三下午去社区当志愿者: 每, the distributive
        # determiner) is an activity taken up then, not one's position.
        occasional = any(w.startswith("每") for w in clause)
        if word in _SERVE_ZH and "把" not in clause and not occasional:
            j = i + 1
            while j < len(tokens) and tokens[j][0] in _SERVE_FILLERS:
                j += 1
            if j < len(tokens) and _role_object(tokens, j):
                return True
        sale = word == "卖" and i + 1 < len(tokens) and _bare_goods(tokens[i + 1])
        joined = word.startswith("卖") and len(word) > 1 and tokens[i][1].startswith("n")
        if (sale or joined) and not _NOT_A_TRADE & set(clause):
            return True
    return False


# 当 as the clause's verb: 当 with its complements or a classifier, then 2-6 characters ending the
# clause (a final particle aside); the words before it are read by _serves_as.
_SERVE_AS = re.compile(
    r"(?:^|(?<=[，,。；;！!？?、\s]))([^，,。；;！!？?、\s]*?)当(?:[了上起过]|一名|一个|个|名|一位)*"
    r"([^，,。；;！!？?、\s]{2,6}?)[了啦呢啊吧]?(?=$|[，,。；;！!？?、\s])"
)
# Right before 当, a preposition or 把 makes 当 part of another word or a "treat as" (住在当地,
# 把他当朋友); anywhere before it, 把 / 被 / 给 / 对 / 向 / 从 / 于 do.
_NOT_BEFORE_SERVE = frozenset({"在", "从", "于", "把", "被", "给", "对", "向", "跟", "和"})


def _serves_as(text: str, pos: Callable[[str], list[tuple[str, str]]]) -> bool:
    """当 + a noun phrase that ends its clause, read on the characters (issue 38, slots20):
    jieba glues 当 to the role's first character (当月|嫂: 我在厦门当月嫂 was the residence)
    or tags the role a name (保姆/nrt: 我现在当保姆 went to the slot model, the residence).
    The phrase after 当 is tagged alone: nouns, numerals, adjectives or distinguishing words
    ending in a noun (a name too: a person's name does not end a clause after 当), no kin
    noun as its head (当妈了 is parenthood). The words before 当 hold no verb and end in
    no preposition, so 当 is the verb there (当时我在上海, 吃当季水果, 住在当地 are not read)."""
    for m in _SERVE_AS.finditer(text):
        before = pos(m.group(1)) if m.group(1) else []
        if before and (before[-1][1].startswith("p") or before[-1][0] in _NOT_BEFORE_SERVE):
            continue
        # Another verb before 当 makes it a purpose or a want (去社区当志愿者, 想当医生), 每 a role
        # held on counted occasions (每周当志愿者), as in lives_by.
        if any(
            f.startswith("v") or w.startswith("每") or w in _NOT_BEFORE_SERVE - {"在", "和", "跟"}
            for w, f in before
        ):
            continue
        phrase = [(w, f) for w, f in pos(m.group(2)) if w.strip()]
        if not phrase or not all(f.startswith(("n", "m", "a", "b")) for _, f in phrase):
            continue
        head = phrase[-1][0]
        if not phrase[-1][1].startswith("n") or (
            len(head) > 1 and PERSON_ZH.fullmatch(head) and not ROLE_ZH.fullmatch(head)
        ):
            continue
        return True
    return False


def _clause_before(tokens: Sequence[tuple[str, str]], at: int) -> list[str]:
    out: list[str] = []
    for word, _ in reversed(tokens[:at]):
        if word in _CLAUSE_END:
            break
        out.append(word)
    return out


def _role_object(tokens: Sequence[tuple[str, str]], j: int) -> bool:
    """Whether the word at ``j`` is a noun that ends its phrase and names no kin."""
    word, flag = tokens[j]
    if not flag.startswith(("n", "vn")) or flag in ("nr", "ns", "nrt", "nrfg"):
        return False
    if PERSON_ZH.fullmatch(word) and not ROLE_ZH.fullmatch(word):
        return False
    nxt_word, nxt_flag = tokens[j + 1] if j + 1 < len(tokens) else ("。", "x")
    return nxt_word in _CLAUSE_END or nxt_word in ASPECT_ZH or nxt_flag == "x"


def _bare_goods(token: tuple[str, str]) -> bool:
    word, flag = token
    return word not in _ASPECT_AFTER_SALE and flag.startswith(("n", "vn")) and flag != "nr"
