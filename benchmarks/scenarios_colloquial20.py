"""Colloquial value changes said with no change word, moves back to an earlier value, style
preferences replaced and remarks about someone else's change: twentieth colloquial blind set
(issue 38, helper stale21).

Written fresh by stale21 before any engine change, before reading the engine's readers and
without reading the nineteenth set's lines, on lives, attributes and wording of its own, and
committed as ``benchmarks/data/colloquial_blind20.json`` before anything was run on it. Six a
language of each kind:

- ``third`` (``natural_change``): a value, then its replacement said with no change word (no
  "switched", "now", "instead", 换, 改, 现在): the new value just in use ("The Riverford van
  drops the veg off on Thursdays"), often with the old one's end beside it (朗逸卖给了表弟);
  the newer value answers, the older is stale.
- ``back`` (``natural_change``): three values, the last a move back to the first (A, B, A)
  with no word that says so ("again", 又, 回); only the middle one is stale.
- ``style`` (``natural_change``): how the user likes a thing, then another way said plainly
  ("Steak well done please, no pink at all", 火锅必须特辣红油锅底); the older is stale.
- ``mention`` (``one_offs``): a value, then a remark about someone else's change that names
  the same thing ("Mum cancelled her Milk & More order", 表姐家的孩子也转到阳光幼儿园了),
  asserting no new value of the user's; the value answers, the remark is pollution.

Every user has six other facts of their own written first (as in blind14 and blind16..19),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial20 --dump
benchmarks/data/colloquial_blind20.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind20.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

THIRD: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "My physio is Anika at the Bridge Street clinic.",
                "Tomasz at the sports injury place on Carver Road does my knee, twice a week.",
            ),
            "Who is the user's physiotherapist?",
        ),
        (
            (
                "We buy our veg box from Hillside Farm.",
                "The Riverford van drops the veg off on Thursdays, a big box with loads of squash.",
            ),
            "Where does the user get their vegetable box from?",
        ),
        (
            (
                "I drive a silver Honda Jazz.",
                "Picked up the keys to a red Skoda Fabia on Saturday; the Jazz went to a dealer.",
            ),
            "Which car is the user driving?",
        ),
        (
            (
                "My piano teacher is Mrs Harding.",
                "Lessons with Mr Obi are Wednesdays at five, he's very strict about scales.",
            ),
            "Who gives the user piano lessons?",
        ),
        (
            (
                "The kids go to Little Acorns nursery.",
                "Sunflower Day Nursery took both kids from Monday, much closer to the station.",
            ),
            "Which nursery do the user's children attend?",
        ),
        (
            (
                "My current account is with Nationwide.",
                "My wages land in a Monzo account since March, the Nationwide card is cut up.",
            ),
            "Where does the user's salary get paid into?",
        ),
    ],
    "zh": [
        (
            ("我的牙医是口腔医院的王医生。", "牙齿归社区诊所的刘医生管，他下手轻。"),
            "用户看牙找哪位医生？",
        ),
        (
            ("我家宽带用的是电信。", "联通的师傅上周来装的光纤，一个月九十九。"),
            "用户家的网是哪家运营商装的？",
        ),
        (
            ("我上班坐二号线，早上挤得要命。", "每天早上骑电动车去公司，二十分钟就到。"),
            "用户每天怎么到公司？",
        ),
        (
            ("女儿的钢琴老师是周老师。", "女儿周六跟音乐学院的林老师上钢琴课。"),
            "用户女儿的钢琴老师是谁？",
        ),
        (
            ("我们家在盒马上买菜。", "楼下的朴朴超市半小时送到，菜都从那儿买。"),
            "用户家在哪儿买菜？",
        ),
        (
            ("我开的是一辆白色的大众朗逸。", "上个月提了辆比亚迪海豚，朗逸卖给了表弟。"),
            "用户开的是哪款车？",
        ),
    ],
}

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "Monday night is five-a-side football with the lads from work.",
                "Monday nights are badminton at the sports hall.",
                "Five-a-side on Monday night, scored twice.",
            ),
            "What does the user play on Monday nights?",
        ),
        (
            (
                "My hairdresser is Becky at Snip.",
                "Dani at Mane Street does my hair.",
                "Becky does my hair in her kitchen, she went freelance.",
            ),
            "Who cuts and styles the user's hair?",
        ),
        (
            (
                "Every summer we rent a place in Cornwall.",
                "Summer holiday was a fortnight in Crete this year.",
                "Cornwall for the summer, a cottage in Padstow for two weeks.",
            ),
            "Where does the user go on their summer holiday?",
        ),
        (
            (
                "I do all my reading on a Kindle.",
                "Paper books from the library for me, my eyes hate screens.",
                "Kindle Paperwhite charged and loaded for the train.",
            ),
            "Does the user read on paper or on a screen?",
        ),
        (
            (
                "My daughter's swimming lessons are at the Leisure Centre.",
                "Millie swims at the school pool on Saturdays.",
                "Millie's swimming is at the Leisure Centre, Saturday at nine.",
            ),
            "Where does the user's daughter have swimming lessons?",
        ),
        (
            (
                "I work from the office in Manchester.",
                "Working from the spare bedroom full time, the company gave up its floor.",
                "Desk at the Manchester office, Monday to Friday, on the 7:15 tram.",
            ),
            "Where does the user do their job from day to day?",
        ),
    ],
    "zh": [
        (
            (
                "我周末去城西的羽毛球馆打球。",
                "周末在小区的网球场打网球。",
                "周六上午在城西羽毛球馆打了两个小时球。",
            ),
            "用户周末做什么运动？",
        ),
        (
            (
                "我理发找小区门口的李师傅。",
                "头发是商场里一家店的Kevin给剪的。",
                "李师傅给我剪的头，十五块。",
            ),
            "用户找谁理发？",
        ),
        (
            (
                "我早饭吃包子喝豆浆。",
                "早饭是燕麦片加牛奶。",
                "早上楼下买两个包子一杯豆浆，吃着舒服。",
            ),
            "用户早上一般吃点啥？",
        ),
        (
            (
                "我在家附近的健身房锻炼。",
                "每天晚上在滨江跑五公里。",
                "晚上去家附近的健身房撸铁，一周四次。",
            ),
            "用户在哪儿锻炼？",
        ),
        (
            (
                "儿子在新东方学英语。",
                "儿子的英语是一个外教在线上教。",
                "儿子周末去新东方上英语课。",
            ),
            "用户儿子的英语在哪儿上课？",
        ),
        (
            (
                "我手机一直用华为的。",
                "手里拿的是一部iPhone 15。",
                "华为Mate 60到手，用着顺手。",
            ),
            "用户手里的手机是什么牌子？",
        ),
    ],
}

STYLE: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            ("I take my coffee black, no sugar.", "Flat white with oat milk for me, one sugar."),
            "What coffee does the user order?",
        ),
        (
            ("I like my steak rare.", "Steak well done please, no pink at all."),
            "How does the user like their steak cooked?",
        ),
        (
            (
                "I keep my hair long, past my shoulders.",
                "Hair's a short crop, number two at the sides.",
            ),
            "How does the user wear their hair?",
        ),
        (
            ("I write my notes with a fountain pen.", "Notes go straight into my phone, typed."),
            "How does the user take notes?",
        ),
        (
            ("I sleep with the window open.", "Window shut tight at night, the traffic is awful."),
            "Does the user sleep with the window open?",
        ),
        (
            (
                "I run in the mornings before work.",
                "Runs happen after dark, around nine, with a head torch.",
            ),
            "When does the user go running?",
        ),
    ],
    "zh": [
        (("我喝咖啡只喝美式，不加糖。", "咖啡要拿铁，多加一份奶。"), "用户喝咖啡喜欢怎么喝？"),
        (("我吃面喜欢吃硬一点的。", "面条煮得软软烂烂的最好吃。"), "用户吃面喜欢什么口感？"),
        (("我穿衣服喜欢黑白灰。", "衣柜里都是亮色，红的黄的最多。"), "用户穿衣服喜欢什么颜色？"),
        (("我记东西用手写，记在本子上。", "笔记全在电脑上打字记。"), "用户怎么记笔记？"),
        (("我睡觉要开着空调。", "晚上睡觉空调关掉，开窗吹风。"), "用户睡觉开不开空调？"),
        (("我吃火锅要清汤锅。", "火锅必须特辣红油锅底。"), "用户吃火锅要什么锅底？"),
    ],
}

MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "My GP is Dr Okafor at Riverside Surgery.",
            "Linda next door registered with Riverside Surgery after her doctor retired.",
            "Which doctor is the user registered with?",
        ),
        (
            "I get my hair cut at Ray's barbers on the high street.",
            "My brother started going to Ray's as well, he gave up on the Turkish place.",
            "Which barber does the user go to?",
        ),
        (
            "Milk & More leave two pints on our step.",
            "Mum cancelled her Milk & More order and buys from Aldi.",
            "Which company brings the user's milk?",
        ),
        (
            "I swim at the Ponds Forge pool.",
            "Dave from work has taken out a membership at Ponds Forge.",
            "Which swimming pool does the user use?",
        ),
        (
            "Admiral insure my Corsa.",
            "Jo's gone over to Direct Line for her car insurance.",
            "Which company is the user's car insured with?",
        ),
        (
            "My son plays rugby for the Old Boys under-twelves.",
            "His mate Harvey moved to the Old Boys under-twelves from Wharfedale.",
            "Which rugby club does the user's son play for?",
        ),
    ],
    "zh": [
        (
            "我看病去市中医院。",
            "隔壁王阿姨的老伴转到市中医院去住院了。",
            "用户看病去哪家医院？",
        ),
        ("我健身请的教练是小陈。", "同事也找小陈当教练了。", "用户健身跟哪个教练练？"),
        (
            "孩子在阳光幼儿园上学。",
            "表姐家的孩子也转到阳光幼儿园了。",
            "用户的孩子在哪个幼儿园？",
        ),
        ("我用的是移动的手机卡。", "我妈把号码转到电信了。", "用户用的是哪家的手机卡？"),
        (
            "我们家的保洁阿姨是张姐。",
            "楼上的邻居也请了张姐，每周去两次。",
            "用户家的保洁阿姨是谁？",
        ),
        ("我的车保险买的是平安。", "老公把他那辆车的保险换成了人保。", "用户的车保险是哪家的？"),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I was born in Aberdeen.",
        "I sing in a choir on Tuesday evenings.",
        "My partner's name is Rhys.",
        "Peanuts make my throat swell up.",
        "We have a tortoise called Gerald.",
        "I support Leicester City.",
        "My sister lives in Toronto.",
        "I'm knitting a jumper for my nephew.",
    ),
    "zh": (
        "我是湖南岳阳人。",
        "我在银行做柜员。",
        "我对花粉过敏。",
        "我爱人姓陈。",
        "家里养了两只鹦鹉。",
        "我舅舅住在昆明。",
        "我在学游泳。",
        "我喜欢下象棋。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twentieth blind set, kinds in the order of the module docstring."""
    kinds = (("third", THIRD), ("back", BACK), ("style", STYLE))
    return with_mentions("colloq20", 20, kinds, {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
