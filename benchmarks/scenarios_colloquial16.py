"""Remarks that name the user's value without asserting a new one, one-off remarks, changes
said with no change word and moves back with no cue, each told by a user with other facts
written first: sixteenth colloquial blind set.

Written for hybridmem by the issue-38 helper ``stale17`` (2026-12-06 19:35 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind15`` uses, and committed as
``benchmarks/data/colloquial_blind16.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word; the old is stale.
- ``back``: three values, the last a move back to the first (A, B, A) said with no word that
  says so; only the middle one is stale.
- ``oneoff``: controls, a habit and then a remark about one day: the habit answers, the remark
  above it counts as pollution.
- ``mention``: controls, a value and then a remark that names the value itself and asserts no
  new one: a remark about an occasion there, about a part of the thing, about someone else's
  act, or a plan for one day; the value answers, the remark above it counts as pollution.

As in the fourteenth set, every user has six other facts of their own written in the twelve
days before the first value (``BACKGROUND``, rotated).

``python -m benchmarks.scenarios_colloquial16 --dump benchmarks/data/colloquial_blind16.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind16.json`` splits it by language and kind (ids
``colloq16-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

Change = tuple[tuple[str, ...], str]
Remark = tuple[str, str, str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "My guitar gets restrung at Dawsons.",
                "Get the guitar restrung by the luthier on Cross Street next month.",
            ),
            "Where does the user get their guitar restrung?",
        ),
        (
            (
                "We get our heating oil from Certas.",
                "Heating oil from the farmers' co-op, they deliver on Tuesdays.",
            ),
            "Where does the user get heating oil?",
        ),
        (
            (
                "I get my contact lenses from Specsavers.",
                "Lenses through the Vision Direct subscription, the monthly box.",
            ),
            "Where does the user get contact lenses?",
        ),
        (
            (
                "Our septic tank is emptied by Gary.",
                "Septic tank done by the firm with the green tanker, once a year.",
            ),
            "Who empties the user's septic tank?",
        ),
        (
            (
                "My bike gets serviced at Halfords.",
                "Bike servicing at the little shop by the canal, Spokes.",
            ),
            "Where does the user get their bike serviced?",
        ),
        (
            (
                "Our Halloween pumpkins come from Tesco.",
                "Pumpkins from the pick-your-own farm at Wootton, the kids choose them.",
            ),
            "Where does the user get Halloween pumpkins?",
        ),
    ],
    "zh": [
        (
            ("吉他换弦去琴行找老赵。", "吉他换弦叫音乐学院那个小伙子弄，下个月。"),
            "用户的吉他找谁换弦？",
        ),
        (("隐形眼镜在宝岛眼镜店配。", "隐形眼镜在京东自营上买，按月囤。"), "用户在哪买隐形眼镜？"),
        (
            ("家里的桶装水订的是农夫山泉。", "桶装水叫楼下水站送，一次三桶。"),
            "用户家订哪家的桶装水？",
        ),
        (
            ("自行车在捷安特店保养。", "自行车保养去小区门口修车的老师傅那。"),
            "用户的自行车在哪保养？",
        ),
        (("年货在大润发置办。", "年货在山姆会员店网上下单，送到家。"), "用户在哪置办年货？"),
        (
            ("家里的空调请格力售后来清洗。", "空调清洗叫物业的电工师傅来做。"),
            "用户家空调找谁清洗？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I get my watch repaired at Ernest Jones.",
                "Watch repairs go to the old boy in the arcade.",
                "Watch to Ernest Jones for the strap, ready Friday.",
            ),
            "Where does the user get their watch repaired?",
        ),
        (
            (
                "Our horse is shod by Dave Pugh.",
                "The horse is shod by the farrier from the riding school.",
                "Dave Pugh doing the horse's shoes on Monday.",
            ),
            "Who shoes the user's horse?",
        ),
        (
            (
                "Our bird seed comes from the RSPB shop.",
                "Bird seed is the cheap sack from Wilko.",
                "RSPB seed in the feeders, the sunflower hearts.",
            ),
            "Where does the user get bird seed?",
        ),
        (
            (
                "I get my hair coloured by Leanne.",
                "Colour's done by Marco at the salon in town.",
                "Leanne doing my colour on Wednesday, the copper again.",
            ),
            "Who colours the user's hair?",
        ),
        (
            (
                "We let our holiday cottage through Sykes.",
                "The cottage lets go through Airbnb.",
                "Sykes handling the cottage bookings for summer.",
            ),
            "Which agency lets the user's holiday cottage?",
        ),
        (
            (
                "I run with the Harriers on Tuesdays.",
                "Tuesday runs are with the parkrun lot from work.",
                "Harriers on Tuesday, the hill reps.",
            ),
            "Who does the user run with on Tuesdays?",
        ),
    ],
    "zh": [
        (
            ("修表去亨得利。", "表拿到商场里那个修表摊修。", "表送亨得利换表带，周五取。"),
            "用户在哪修表？",
        ),
        (
            (
                "猫打疫苗去瑞鹏宠物医院。",
                "猫打疫苗在小区的流动兽医车上打。",
                "瑞鹏给猫打疫苗，周一约好了。",
            ),
            "用户的猫在哪打疫苗？",
        ),
        (
            ("鸟食在花鸟市场买。", "鸟食是网上买的大袋装。", "鸟食在花鸟市场买了两斤小米。"),
            "用户在哪买鸟食？",
        ),
        (
            (
                "染头发找阿芳做。",
                "头发在市中心那家店找托尼染。",
                "阿芳给我染头发，周三，还是栗色。",
            ),
            "用户找谁染头发？",
        ),
        (
            ("老家的房子托链家出租。", "老家房子挂在闲鱼上租。", "链家帮我租老家房子，暑假前。"),
            "用户老家的房子托谁出租？",
        ),
        (
            ("周二跟跑团一起跑步。", "周二跑步跟单位的同事一起。", "周二跟跑团跑，练坡。"),
            "用户周二跟谁跑步？",
        ),
    ],
}

ONEOFF: dict[str, list[Remark]] = {
    "en": [
        (
            "I take the dog out at six in the morning.",
            "Took the dog out at eight today, overslept.",
            "When does the user take the dog out?",
        ),
        (
            "I do the big shop at Aldi.",
            "Did the shop at Waitrose today, it was on the way.",
            "Where does the user do the big shop?",
        ),
        (
            "I walk the kids to school through the park.",
            "Took the kids along the main road today, the park gate was shut.",
            "Which way does the user walk the kids to school?",
        ),
        (
            "I read the paper over breakfast.",
            "Read the paper at lunch today, the kids were up early.",
            "When does the user read the paper?",
        ),
        (
            "I water the tomatoes in the evening.",
            "Watered the tomatoes at noon, they were wilting.",
            "When does the user water the tomatoes?",
        ),
        (
            "I do my stretches before bed.",
            "Did my stretches in the afternoon today, too tired later.",
            "When does the user do their stretches?",
        ),
    ],
    "zh": [
        ("每天早上六点遛狗。", "今天睡过头了，八点才遛的狗。", "用户每天什么时候遛狗？"),
        ("大采购在奥乐齐。", "今天顺路在盒马买的菜。", "用户在哪大采购？"),
        ("送孩子上学走公园那条路。", "今天公园门关了，走的大马路。", "用户送孩子上学走哪条路？"),
        ("早饭时看报纸。", "今天孩子起得早，午饭时才看的报。", "用户什么时候看报纸？"),
        ("傍晚给番茄浇水。", "番茄叶子都蔫了，中午浇了一次。", "用户什么时候给番茄浇水？"),
        ("睡前做拉伸。", "今天太累了，下午就把拉伸做了。", "用户什么时候做拉伸？"),
    ],
}

# (the value, a later remark that names the value and asserts no new one, question): an
# occasion there, a part of the thing, someone else's act, a plan for one day.
MENTION: dict[str, list[Remark]] = {
    "en": [
        (
            "My tax adviser is Mrs Okafor on Fenwick Street.",
            "Mrs Okafor's office had a fire alarm while I was dropping off receipts, "
            "we all stood outside.",
            "Who is the user's tax adviser?",
        ),
        (
            "Our pet insurance is with Petplan.",
            "Petplan's website has a new look, can't find anything.",
            "Who is the user's pet insurance with?",
        ),
        (
            "I get my tyres done at Kwik Fit.",
            "My brother-in-law started working at Kwik Fit last week.",
            "Where does the user get tyres fitted?",
        ),
        (
            "My choir rehearses at St Mary's church hall.",
            "Taking Mum to St Mary's church hall on Saturday for the jumble sale.",
            "Where does the user's choir rehearse?",
        ),
        (
            "I get my coffee beans from Union.",
            "Jo at work swears Union beans are too bitter.",
            "Which coffee beans does the user buy?",
        ),
        (
            "Our landline is with the Post Office.",
            "The Post Office line was down for three hours last night during the match.",
            "Who provides the user's landline?",
        ),
    ],
    "zh": [
        (
            "我的会计是事务所的周姐。",
            "今天去周姐那送发票，赶上消防演练，全在楼下站着。",
            "用户的会计是谁？",
        ),
        (
            "宠物保险是在平安买的。",
            "平安的手机App又改版了，什么都找不到。",
            "用户的宠物保险是哪家的？",
        ),
        ("换轮胎去途虎养车。", "我姐夫上周去途虎上班了。", "用户去哪换轮胎？"),
        ("合唱团在文化馆排练。", "周六带我妈去文化馆看书画展。", "用户的合唱团在哪排练？"),
        ("咖啡豆买的是三顿半。", "同事老说三顿半太酸。", "用户买什么咖啡豆？"),
        ("手机卡是联通的。", "昨晚看球的时候联通信号断了三个小时。", "用户的手机卡是哪家的？"),
    ],
}

# The user's other facts, on attributes no scenario here asks about; six of them, rotated,
# are written before each scenario's first value.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I'm a pharmacist at a Boots in Derby.",
        "My wife Claire teaches reception class.",
        "We live in a semi in Allestree.",
        "I'm lactose intolerant.",
        "Our daughter Evie is doing her GCSEs.",
        "I drive a blue Kia Ceed.",
        "I support Derby County.",
        "My birthday is on the 19th of October.",
        "I'm learning the ukulele.",
        "Our rabbit is called Biscuit.",
        "I play five-a-side on Monday nights.",
        "My dad lives in Matlock.",
    ),
    "zh": (
        "我在连锁药店当药剂师。",
        "我老婆是幼儿园老师。",
        "我们住在城东的一个老小区。",
        "我乳糖不耐受。",
        "女儿今年中考。",
        "我开一辆蓝色的起亚。",
        "我是国安的球迷。",
        "我生日是十月十九号。",
        "我在学尤克里里。",
        "家里的兔子叫饼干。",
        "每周一晚上踢五人制。",
        "我爸住在县城。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the sixteenth blind set, kinds in the order of the module docstring."""
    return with_mentions(
        "colloq16", 16, (("plain", PLAIN), ("back", BACK)), ONEOFF, MENTION, BACKGROUND
    )


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
