"""What another person is reported to have said of themselves is their value, not the speaker's.

"Dave told me he's living in a van these days", "Mum rang to say she's moving to the coast",
听小李说他搬到郊区去了, 老王跟我说他现在住在乡下: the category word stands in the content of a
verb of saying or hearing, and that content's subject is a third person. The speaker is in the
sentence (the listener, "told me", 跟我说), so the subject tests of ``rules.about_speaker`` and
``bystanders.py`` (which keep a clause naming the speaker: "Dave promoted me") read it as the
speaker's own, and the rules filed the other person's home as the speaker's (slot_blind11,
slot_blind12). The content clause is dropped before the rules read the statement, from its
subject to the end of its clause; the saying part names no value. By grammar only:

- the verbs of saying and hearing are a closed class (say, tell, hear, mention, write, text;
  说, 讲, 告诉, 听说, 提到), with an optional listener and "that" (告诉我, "told us that");
- the content's subject is he / she / they or a name (a capitalised word other than "I" with a
  verb or 's after it, not a deictic: "said it's", "told me that's"); in Chinese 他 / 她 /
  他们 / 人家, a name, a kinship or role word (``bystanders.person_at``).

Only content holding a category word is dropped (what the rules would read as the speaker's):
other content is left to the rules and the slot model as before.

Kept: content whose subject is the speaker ("She said I could move into the flat", 他说我可以
搬过去), which may well be the speaker's own, and a saying verb with no subject after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hybridmem.evolution.slots.bystanders import person_at
from hybridmem.evolution.slots.zh_names import names_joined

Tagger = Callable[[str], list[tuple[str, str]]]
Reads = Callable[[str], object | None]

_CJK = re.compile(r"[\u3400-\u9fff]")
_SAYING_EN = (
    r"\b(?:say|says|said|saying|tell|tells|told|telling|hear|hears|heard|hearing"
    r"|mention|mentions|mentioned|write|writes|wrote|text|texts|texted)"
)
_LISTENER_EN = r"(?:\s+(?:me|us|him|her|them|everyone))?(?:\s+that)?\s+"
_DEICTIC_EN = r"(?:It|That|This|There|Here|What|Who|Where|How|Today|Everything|Nothing)\b"
_THIRD_EN = (
    r"(?:(?:he|she|they)\b|(?!I\b)(?!" + _DEICTIC_EN + r")[A-Z][a-z]+(?=['’](?:s|ve|d|ll)\b"
    r"|\s+(?:has|had|is|was|will|would|just|got|went|left|became|quit|took|\w+ed|\w+s)\b))"
)
# From the content's subject to the end of its clause (a comma, a semicolon, a sentence end).
_REPORTED_EN = re.compile(_SAYING_EN + _LISTENER_EN + r"(" + _THIRD_EN + r"[^,;.!?]*)")
_SAYING_ZH = frozenset({"说", "讲", "告诉", "听说", "提到", "说是"})
_LISTENER_ZH = frozenset({"我", "我们", "咱", "咱们", "俺"})
_CLAUSE_END_ZH = frozenset("，,；;。！!？?")


def reported_removed(text: str, tag: Tagger, reads: Reads) -> str:
    """``text`` without the content another person is reported to say of themselves, where
    ``reads`` (the rules' category-word scan) finds a category word in it."""
    if _CJK.search(text):
        return _removed_zh(text, tag, reads)

    def cut(m: re.Match[str]) -> str:
        return m.group(0) if reads(m.group(1)) is None else m.group(0)[: m.start(1) - m.start(0)]

    return _REPORTED_EN.sub(cut, text)


def _removed_zh(text: str, tag: Tagger, reads: Reads) -> str:
    tokens = names_joined(tag(text))
    kept: list[str] = []
    i = 0
    while i < len(tokens):
        word, flag = tokens[i]
        kept.append(word)
        i += 1
        if word not in _SAYING_ZH or not flag.startswith("v"):
            continue
        # 告诉我他…: the listener between the verb and the content.
        j = i + 1 if i < len(tokens) and tokens[i][0] in _LISTENER_ZH else i
        if j > i and person_at(tokens, i):
            j += 1  # 告诉我妈…: the listener is 我 + a kinship word
        if j < len(tokens) and tokens[j][0] not in _LISTENER_ZH and person_at(tokens, j):
            end = j
            while end < len(tokens) and tokens[end][0] not in _CLAUSE_END_ZH:
                end += 1
            if reads("".join(w for w, _ in tokens[j:end])) is not None:
                kept.extend(w for w, _ in tokens[i:j])
                i = end
    return "".join(kept)
