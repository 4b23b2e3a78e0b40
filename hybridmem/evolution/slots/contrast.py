"""In a contrast, the clause after the contrastive conjunction states the value.

"A, but B" concedes A and asserts B: "I'm not much of a coffee person, but I'll have a green tea
most afternoons" is about tea, 我对咖啡没啥兴趣，就是每天下午要泡一壶普洱 about tea too. The slot
rules read a statement's category words in the rules' fixed order (diet, relationship, job,
coffee, tea, ...), not in the order said, so the conceded clause's word won whenever its rule
comes first. When the clause after the last contrastive conjunction holds a category word of
its own, its slot is the statement's; otherwise the whole statement is read as before (the
conceded clause may be the only one with a value: "I'm vegan now, but it's hard").

Closed class: English "but" (not "though" / "although", which open the conceded clause);
Chinese 但 / 但是 / 可是 / 不过 / 然而, and 就是 / 只是 opening a clause after a comma (a
conjunction there: 我不是什么老板，就是在菜市场卖豆腐的; inside a clause 就是 is the copula with
a focus adverb, 我就是老师, and is not read).
"""

from __future__ import annotations

import re

_BUT_EN = re.compile(r"(?:^|[\s,;])but\s", re.I)
_BUT_ZH = re.compile(r"(?:但是|但|可是|不过|然而|[，,；;]\s*(?:就是|只是))")


def after_contrast(text: str) -> str | None:
    """The part of ``text`` after its last contrastive conjunction, or None without one."""
    pattern = _BUT_ZH if re.search(r"[\u3400-\u9fff]", text) else _BUT_EN
    ends = [m.end() for m in pattern.finditer(text)]
    if not ends or not text[ends[-1] :].strip():
        return None
    return text[ends[-1] :]
