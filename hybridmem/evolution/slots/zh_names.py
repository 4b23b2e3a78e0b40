"""Chinese personal names as people say them: a surname, or 小/老/阿 before one (小周, 老陈).

jieba cuts such names apart or tags unknown words as names freely, so the slot rules
(:mod:`~hybridmem.evolution.slots.rules`) and the reading of other people
(:mod:`~hybridmem.evolution.slots.others`) recognise a name by how it starts and join what the
segmenter split, so one person has one key wherever the name stands.
"""

from __future__ import annotations

from collections.abc import Sequence

# jieba tags unknown words as names freely ("我老板喝咖啡…": 喝咖啡/nr); a name here is one that
# starts as Chinese names do: a common surname (the hundred commonest) or 小/老/阿 (小雨, 老陈).
NAME_START_ZH = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁"
    "任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫"
    "孔向汤小老阿"
)
NAME_PREFIXES_ZH = frozenset("小老阿")
SURNAMES_ZH = NAME_START_ZH - NAME_PREFIXES_ZH


def names_joined(tokens: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """``tokens`` with a familiar name jieba cut apart made one word again: 小/老/阿 and the
    surname after it (小 + 李, 老 + 张开 -> 老张 + 开), so the person has one key however the
    sentence around the name was cut ("我室友小周…" and "小周…" both say 小周)."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(tokens):
        word, flag = tokens[i]
        nxt = tokens[i + 1][0] if i + 1 < len(tokens) else ""
        if word in NAME_PREFIXES_ZH and nxt[:1] in SURNAMES_ZH:
            out.append((word + nxt[0], "nr"))
            if len(nxt) > 1:
                out.append((nxt[1:], tokens[i + 1][1]))
            i += 2
            continue
        out.append((word, flag))
        i += 1
    return out
