"""Chinese personal names as people say them: a surname, or 小/老/阿 before one (小周, 老陈);
and the words that name a person by relation or role (:data:`PERSON_ZH`, :data:`ROLE_ZH`).

jieba cuts such names apart or tags unknown words as names freely, so the slot rules
(:mod:`~hybridmem.evolution.slots.rules`) and the reading of other people
(:mod:`~hybridmem.evolution.slots.others`) recognise a name by how it starts and join what the
segmenter split, so one person has one key wherever the name stands.
"""

from __future__ import annotations

import re
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
        out.extend(_kin_split(word, flag))
        i += 1
    return out


def _kin_split(word: str, flag: str) -> list[tuple[str, str]]:
    """A word jieba made of the speaker and a kinship word (我姐, 我弟) or of two kinship words
    (爷爷奶奶, 叔叔阿姨) as its parts: the speaker and the person, or two people, each a word
    the subject is read from ("我姐和姐夫住在厦门" is the sister's home, not the speaker's)."""
    if len(word) < 2 or PERSON_ZH.fullmatch(word):
        return [(word, flag)]
    if word[0] == "我" and PERSON_ZH.fullmatch(word[1:]):
        return [("我", "r"), (word[1:], "n")]
    for cut in range(1, len(word)):
        first, second = word[:cut], word[cut:]
        # Two different words: a doubled one is one word (狗狗, 宝宝).
        if first != second and PERSON_ZH.fullmatch(first) and PERSON_ZH.fullmatch(second):
            return [(first, "n"), (second, "n")]
    return [(word, flag)]


# Kinship and social roles: a closed class ("我妹妹…", "我老板…" are about someone else).
PERSON_ZH = re.compile(
    # 爸妈, 老爸/老妈, 公婆, 岳父/岳母: the everyday words for parents and parents-in-law
    # ("我爸妈住在绍兴" was the user's residence; issue 38, first-day check).
    # 爹, the northern everyday word for father ("我爹以前是村里的电工" was the user's own job;
    # issue 38, the eighth first-day set asked with MiniLM).
    r"(?:爸妈|老爸|老妈|公婆|岳父|岳母|爸爸?|妈妈?|父母|父亲|母亲|爹妈|爹娘|老爹|爹|哥哥?|姐姐?|弟弟?|妹妹?"
    r"|爷爷|奶奶"
    r"|外公|外婆|老公|老婆|丈夫|妻子"
    # The rest of the closed class: in-laws, grandchildren, the parents' siblings and the
    # siblings' spouses ("我婆婆跟我们住在一起" is the mother-in-law's home, issue 38).
    r"|婆婆|公公|老伴儿?|爱人|孙子|孙女|外孙女?|伯伯|伯父|伯母|姑姑|姑妈|姑父|姨父|舅妈|嫂子"
    r"|姐夫|妹夫|弟媳|弟妹|女婿|儿媳妇?|侄子|侄女|外甥女?|未婚夫|未婚妻|前夫|前妻|继父|继母"
    r"|媳妇|儿子|女儿|孩子|娃|朋友|男朋友|女朋友|男友|女友|对象|同事|同学|室友|舍友|邻居|老板|领导"
    r"|上司|经理|老师|家人|亲戚|舅舅?|阿姨|姨妈|叔叔|婶婶|闺蜜|兄弟|表[哥姐弟妹]|堂[哥姐弟妹]|猫|狗"
    r"|组长|队友|客户|房东)"
)
# A person by the form of the noun: the agent suffixes of role nouns (会计师, 医生, 店员,
# 律师, 班长...), at least one character before them. Not 家/工/手, which also end words for
# places and things (老家, 手工, 拿手).
ROLE_ZH = re.compile(
    r"[\u4e00-\u9fff]{1,5}(?:师|员|生|医|长|官|士)|记者|老板|主管|经理|总监|编辑|主播|司机"
)
