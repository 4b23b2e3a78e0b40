"""Changes said with no change word, decisions, moves back with no cue, replaced style
preferences, and three controls where nothing changes: twelfth colloquial blind set.

Written for hybridmem by the issue-38 helper ``stale14`` (2026-12-06 11:15 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind11`` uses, and committed as
``benchmarks/data/colloquial_blind12.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word (an order for the future,
  or the new value just stated); the old is stale.
- ``decision``: a value and then a new one said as a decision ("ended up going with X",
  最后还是选了X, 定了); the old is stale.
- ``back``: three values, the last a move back to the first (A, B, A) said with no word that
  says so (no "again", "back", 又, 还是, 回) and naming only the value returned to; only the
  middle one is stale.
- ``style``: a preference about how the assistant should work for the user, replaced.
- ``repeat``: controls, a change and then the new value said again (X, A, A again): either
  statement of A is the answer and X is stale.
- ``oneoff``: controls, a habit and then a remark about one day: the habit answers, the
  remark above it counts as pollution.
- ``mention``: controls, a value and then a remark that only mentions the attribute's subject
  (the orchestra, the allotment) and states no value: the value answers, the remark above it
  counts as pollution.

``python -m benchmarks.scenarios_colloquial12 --dump benchmarks/data/colloquial_blind12.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind12.json`` splits it by language and kind (ids
``colloq12-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario

Change = tuple[tuple[str, ...], str]
Remark = tuple[str, str, str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We use Tesco's own cling film.",
                "Get the Bacofoil cling film with the slide cutter, it doesn't tangle.",
            ),
            "Which cling film does the user buy?",
        ),
        (
            (
                "Mr Hughes tunes our piano.",
                "Book Anna Kowalski for the piano tuning in March, she's the one we use.",
            ),
            "Who tunes the user's piano?",
        ),
        (
            (
                "We drink Perrier.",
                "Get San Pellegrino for the fridge, the big bottles.",
            ),
            "Which sparkling water does the user buy?",
        ),
        (
            (
                "My tyres get fitted at Halfords.",
                "Tyres go to the independent place on Mill Lane, Dave fits them.",
            ),
            "Where does the user get car tyres fitted?",
        ),
        (
            (
                "I buy my knitting wool at Hobbycraft.",
                "Order my yarn from Wool Warehouse online, they have all the colours.",
            ),
            "Where does the user buy knitting wool?",
        ),
        (
            (
                "We put sunflower hearts out for the birds.",
                "Put the fat balls out for the birds, the starlings love them.",
            ),
            "What does the user feed the garden birds?",
        ),
    ],
    "zh": [
        (
            ("保鲜膜用超市自有牌子的。", "保鲜膜给我买妙洁的，带滑刀那种，不粘手。"),
            "用户用什么保鲜膜？",
        ),
        (
            ("钢琴找琴行的张师傅调音。", "钢琴调音约李老师，三月份来。"),
            "用户的钢琴找谁调音？",
        ),
        (
            ("家里喝元气森林的气泡水。", "气泡水买屈臣氏苏打水，一箱一箱买。"),
            "用户家喝什么气泡水？",
        ),
        (
            ("轮胎在马牌专卖店换。", "轮胎拿到路口的老陈补胎店换，便宜实在。"),
            "用户的车在哪换轮胎？",
        ),
        (
            ("织毛衣的毛线在批发市场买。", "毛线在淘宝那家恒源祥店下单，颜色全。"),
            "用户在哪买毛线？",
        ),
        (
            ("阳台上给鸟喂小米。", "阳台鸟食放葵花籽，麻雀爱吃。"),
            "用户在阳台上给鸟喂什么？",
        ),
    ],
}

DECISION: dict[str, list[Change]] = {
    "en": [
        (
            (
                "The wedding reception is at the Old Barn.",
                "Ended up going with Hadley Manor for the reception, the Old Barn was too small.",
            ),
            "Where is the user's wedding reception?",
        ),
        (
            (
                "Tom's going to Kingsmead for secondary school.",
                "In the end we picked St Anne's for Tom, it's closer to home.",
            ),
            "Which secondary school is the user's son going to?",
        ),
        (
            (
                "Our mortgage is with Nationwide.",
                "Went with Halifax for the remortgage in the end, better rate.",
            ),
            "Who is the user's mortgage with?",
        ),
        (
            (
                "Summer holiday this year is Crete.",
                "We settled on the Algarve for the summer, the kids wanted beaches.",
            ),
            "Where is the user going on summer holiday?",
        ),
        (
            (
                "Kowalski Builders are doing our extension.",
                "Decided on Greenway Construction for the extension, their quote was fairer.",
            ),
            "Who is building the user's extension?",
        ),
        (
            (
                "The puppy's going to be called Biscuit.",
                "Settled on Maple for the puppy's name, the kids voted.",
            ),
            "What is the user's puppy called?",
        ),
    ],
    "zh": [
        (
            ("婚宴订在老饭店。", "婚宴最后还是选了香格里拉，老饭店太小。"),
            "用户的婚宴在哪办？",
        ),
        (
            ("儿子初中上实验中学。", "儿子初中最后定了外国语学校，离家近。"),
            "用户的儿子上哪所初中？",
        ),
        (
            ("房贷在建设银行办的。", "房贷最后选了招商银行，利率低。"),
            "用户的房贷在哪家银行？",
        ),
        (
            ("今年暑假去云南。", "暑假最后定了去新疆，孩子想看沙漠。"),
            "用户今年暑假去哪旅游？",
        ),
        (
            ("装修找的东易日盛。", "装修公司定了业之峰，报价实在。"),
            "用户家找哪家公司装修？",
        ),
        (
            ("小狗准备叫豆豆。", "小狗名字定了叫年糕，孩子们投票选的。"),
            "用户的小狗叫什么？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We buy Ben & Jerry's ice cream.",
                "Häagen-Dazs in the freezer, it was on offer.",
                "Ben & Jerry's in the freezer, the cookie dough one.",
            ),
            "Which ice cream does the user buy?",
        ),
        (
            (
                "I go climbing with Sam.",
                "Climbing's with Jess from work, Tuesdays.",
                "Climbing with Sam this week, he still belays best.",
            ),
            "Who does the user go climbing with?",
        ),
        (
            (
                "Our house red is Rioja.",
                "Malbec's the house red, the Argentinian one.",
                "Rioja's the house red, nothing beats it.",
            ),
            "What red wine does the user drink at home?",
        ),
        (
            (
                "We use Kikkoman soy sauce.",
                "Soy sauce is Lee Kum Kee, it was cheaper.",
                "Kikkoman soy sauce in the cupboard, the light one.",
            ),
            "Which soy sauce does the user use?",
        ),
        (
            (
                "My driving instructor is Gary.",
                "Driving lessons are with Priti from the AA.",
                "Driving lesson with Gary on Thursday, he's patient.",
            ),
            "Who is the user's driving instructor?",
        ),
        (
            (
                "My motorbike is serviced at Bike Stop.",
                "The motorbike service is at Ride On in town.",
                "Motorbike service booked at Bike Stop, Steve knows the bike.",
            ),
            "Where is the user's motorbike serviced?",
        ),
    ],
    "zh": [
        (
            ("冰淇淋买八喜。", "冰箱里放的哈根达斯，打折。", "冰淇淋买八喜，朗姆味的。"),
            "用户买什么冰淇淋？",
        ),
        (
            ("攀岩跟小林一起。", "攀岩这阵子跟同事阿杰去。", "攀岩跟小林，他保护得稳。"),
            "用户跟谁一起攀岩？",
        ),
        (
            ("家里喝张裕解百纳。", "家里的红酒是长城干红。", "红酒喝张裕解百纳，顺口。"),
            "用户家喝什么红酒？",
        ),
        (
            ("酱油用海天。", "酱油买的李锦记，超市打折。", "酱油用海天的，炒菜香。"),
            "用户家用什么酱油？",
        ),
        (
            ("练车跟刘教练。", "练车是王姐教，她不骂人。", "练车跟刘教练，周四约好了。"),
            "用户练车跟哪个教练？",
        ),
        (
            (
                "摩托车在老街的车行保养。",
                "摩托车保养在城西的本田店做的。",
                "摩托车保养在老街车行，师傅懂车。",
            ),
            "用户的摩托车在哪保养？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Give me recipes with every step spelled out.",
                "Recipes as just the ingredients and oven temperature, I know the steps.",
            ),
            "How should recipes be given to the user?",
        ),
        (
            (
                "Quiz me on vocabulary with multiple choice.",
                "Vocabulary quizzes as open questions, multiple choice is too easy.",
            ),
            "How should the user be quizzed on vocabulary?",
        ),
        (
            (
                "Tell me football results with the full match report.",
                "Football results as the score only, I'll watch the highlights.",
            ),
            "How should football results be given to the user?",
        ),
        (
            (
                "Read out my whole week's calendar every Monday.",
                "Just tomorrow's appointments each evening, the whole week is too much.",
            ),
            "How should the user's calendar be read out?",
        ),
        (
            (
                "Compare products for me in a table.",
                "Product comparisons as a short paragraph with a pick, tables are hard to read.",
            ),
            "How should products be compared for the user?",
        ),
        (
            (
                "Recommend me new releases to watch.",
                "Film picks from the old classics, black and white is fine.",
            ),
            "What films should be recommended to the user?",
        ),
    ],
    "zh": [
        (
            ("菜谱给我每一步都写清楚。", "菜谱列个配料和火候就行，步骤我会。"),
            "给用户的菜谱要怎么写？",
        ),
        (
            ("考单词给我出选择题。", "考单词直接出填空，选择题太简单。"),
            "给用户考单词要怎么考？",
        ),
        (
            ("球赛结果给我讲详细过程。", "球赛说个比分就行，集锦我自己看。"),
            "给用户报球赛结果要怎么报？",
        ),
        (
            ("每周一把整周日程念给我。", "每天晚上说说第二天的安排就够，一周的太多。"),
            "给用户念日程要怎么念？",
        ),
        (
            ("商品对比给我做成表格。", "商品对比写一小段直接说买哪个，表格手机上看不清。"),
            "给用户对比商品要怎么对比？",
        ),
        (
            ("给我推荐新上映的电影。", "推荐些老电影，黑白片也行。"),
            "给用户推荐什么电影？",
        ),
    ],
}

# (earlier value, the change, the new value said again with no change in between)
REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "My feet are seen by the chiropodist at the health centre.",
                "Lucy at Footcare on Bridge Street does my feet now.",
                "Lucy at Footcare did my feet today, as usual.",
            ),
            "Who looks after the user's feet?",
        ),
        (
            (
                "We get a veg box from Riverford.",
                "Our veg box comes from Abel & Cole now.",
                "The Abel & Cole veg box came, our usual one.",
            ),
            "Which veg box does the user get?",
        ),
        (
            (
                "I use Ernie Ball strings on my guitar.",
                "I string the guitar with Elixirs now.",
                "Put a new set of Elixirs on the guitar, I always use those.",
            ),
            "Which guitar strings does the user use?",
        ),
        (
            (
                "I print photos at Boots.",
                "Photos get printed through Photobox now.",
                "Ordered more prints from Photobox, where I always get them.",
            ),
            "Where does the user print photos?",
        ),
        (
            (
                "I get massages at the spa in the hotel.",
                "My massages are with Tom at the clinic now.",
                "Had my massage with Tom at the clinic, same as always.",
            ),
            "Where does the user get massages?",
        ),
        (
            (
                "My watch batteries get changed at the jeweller.",
                "Timpson's change my watch batteries now.",
                "Timpson's did my watch battery, as usual.",
            ),
            "Where does the user get watch batteries changed?",
        ),
    ],
    "zh": [
        (
            (
                "修脚在澡堂子。",
                "修脚改去足疗店找李师傅了。",
                "又找足疗店的李师傅修了脚，一直找他。",
            ),
            "用户在哪修脚？",
        ),
        (
            ("蔬菜箱订的本来生活。", "蔬菜箱改订盒马的了。", "盒马的蔬菜箱又送到了，一直订这家。"),
            "用户订哪家的蔬菜箱？",
        ),
        (
            (
                "吉他弦用达达里奥。",
                "吉他弦改用伊利克斯了。",
                "又装了一套伊利克斯的弦，一直用这个。",
            ),
            "用户的吉他用什么弦？",
        ),
        (
            ("照片在照相馆洗。", "照片改在网上冲印了。", "又在网上冲印了一批照片，一直在那洗。"),
            "用户在哪洗照片？",
        ),
        (
            (
                "按摩在酒店的SPA做。",
                "按摩改找盲人按摩店的老张了。",
                "又去盲人按摩店找老张按了，每次都找他。",
            ),
            "用户在哪按摩？",
        ),
        (
            (
                "手表电池在商场钟表柜台换。",
                "手表电池改在街口修表摊换了。",
                "手表电池又在街口修表摊换的，一直在那换。",
            ),
            "用户在哪换手表电池？",
        ),
    ],
}

# (the habit, a one-off remark about one day, question about the habit)
ONEOFF: dict[str, list[Remark]] = {
    "en": [
        (
            "I walk to the shops.",
            "Drove to the shops today, it was pouring.",
            "How does the user get to the shops?",
        ),
        (
            "I read the kids a story at bedtime.",
            "Skipped the bedtime story tonight, they were out like lights.",
            "What does the user do at the kids' bedtime?",
        ),
        (
            "I charge my watch overnight.",
            "Charged my watch at my desk today, forgot last night.",
            "When does the user charge their watch?",
        ),
        (
            "I cycle to the allotment.",
            "Got the bus to the allotment today, I had a puncture.",
            "How does the user get to the allotment?",
        ),
        (
            "I do the washing-up straight after dinner.",
            "Left the washing-up till morning today, too tired.",
            "When does the user do the washing-up?",
        ),
        (
            "I practise the violin in the spare room.",
            "Practised the violin in the kitchen today, the decorators were in.",
            "Where does the user practise the violin?",
        ),
    ],
    "zh": [
        ("走路去超市。", "今天下大雨，开车去的超市。", "用户怎么去超市？"),
        ("睡前给孩子讲故事。", "今天孩子累得早睡了，没讲故事。", "用户睡前给孩子做什么？"),
        ("手表晚上充电。", "昨晚忘了，今天在办公室充的手表。", "用户什么时候给手表充电？"),
        ("骑车去菜园。", "今天车胎扎了，坐公交去的菜园。", "用户怎么去菜园？"),
        ("吃完晚饭马上洗碗。", "今天太累，碗留到第二天早上洗。", "用户什么时候洗碗？"),
        ("在书房练小提琴。", "今天书房在刷墙，在厨房练的琴。", "用户在哪练小提琴？"),
    ],
}

# (the value, a later remark that only mentions the attribute's subject, question)
MENTION: dict[str, list[Remark]] = {
    "en": [
        (
            "My sister-in-law is a midwife.",
            "Midwives are short-staffed everywhere, it was all over the news.",
            "What does the user's sister-in-law do?",
        ),
        (
            "I sing bass in a barbershop quartet.",
            "Our quartet's tenor has a cold, poor guy.",
            "What part does the user sing in the quartet?",
        ),
        (
            "My allotment is down by the river.",
            "The allotment committee moaned about everyone's sheds this week.",
            "Where is the user's allotment?",
        ),
        (
            "We go to Cornwall every August.",
            "August holiday prices are mad this year.",
            "Where does the user go on holiday in August?",
        ),
        (
            "I play the cello in the county orchestra.",
            "The orchestra's conductor is retiring, big party on Friday.",
            "What does the user play in the county orchestra?",
        ),
        (
            "I volunteer at the animal shelter on Saturdays.",
            "The animal shelter's roof leaked, they're fundraising for it.",
            "Where does the user volunteer?",
        ),
    ],
    "zh": [
        ("我嫂子是助产士。", "新闻说医院的助产士特别缺人。", "用户的嫂子做什么工作？"),
        ("我在四重唱里唱低音。", "四重唱的男高音感冒了，真够呛。", "用户在四重唱里唱什么声部？"),
        ("我的菜园在河边。", "菜园的管理员这周又在说大家的棚子乱搭。", "用户的菜园在哪？"),
        ("每年八月去海南。", "八月的机票今年贵得离谱。", "用户每年八月去哪度假？"),
        (
            "我在区乐团拉大提琴。",
            "乐团的指挥要退休了，周五给他办欢送会。",
            "用户在乐团演奏什么乐器？",
        ),
        ("周六在流浪动物救助站做义工。", "救助站屋顶漏水了，在筹钱修。", "用户在哪做义工？"),
    ],
}


def build() -> list[Scenario]:
    """Every scenario of the twelfth blind set, kinds in the order of the module docstring."""
    kinds = (("plain", PLAIN), ("decision", DECISION), ("back", BACK), ("style", STYLE))
    out = colloquial2.build_set("colloq12", 12, kinds, REPEAT, ONEOFF)
    for lang, remarks in MENTION.items():
        out.extend(
            colloquial2.oneoff_scenario(f"colloq12-mention-{lang}-{i}", lang, i + 12, v, r, q)
            for i, (v, r, q) in enumerate(remarks)
        )
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
