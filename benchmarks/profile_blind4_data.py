"""A fourth blind set of theme questions: themes with and without a shared word, and users
whose unrelated remarks share polysemous or common words (issue 38, helper profile11).

Written and committed on 2026-12-06 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.profile_blind4_data`` writes
``benchmarks/data/profile_blind4.json``; ``python -m benchmarks.profile_blind2 --set
profile_blind4`` runs it. The shape is :mod:`benchmarks.profile_blind3_data`'s (the same days,
rows and questions).

Four users a language have two themes each, said as events over five weeks among six
unrelated remarks:

* a **worded** theme: its four episodes share a word (cricket, a kayak, 书法, 爷爷);
* a **wordless** theme: its four episodes are about one thing (a father's dementia, a new
  candle business, a broken ankle, buying a house; a milk-tea shop, a diet, learning to swim,
  changing jobs) but share no word. A Chinese one may share a character of different words
  (蛙泳, 泳镜): ``shares_char`` in the theme row says so, computed when the file is written.

Three further users a language have fourteen unrelated remarks only, written so that remarks
of different matters share a word of several senses (a football match / a match to light
candles, a bill to pay / a duck's bill, a court, a pitch, a ring, a plant) or everyday words
(new, home, day, work), or in Chinese one character of different words (电视 / 电梯, 账单 /
菜单 / 床单, 手表 / 表哥 / 表格, 打车 / 打针 / 打折, 取款机 / 洗衣机 / 耳机, 卡车 / 公交卡)
or a common word (东西, 事情, 时候): any profile made for them is a **false theme**. Three fact
questions each.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.profile_blind2_data import History
from benchmarks.profile_blind3_data import build_set

DATA = Path(__file__).parent / "data" / "profile_blind4.json"

HISTORIES: tuple[History, ...] = (
    (
        "en-amir",
        "en",
        (
            "cricket",
            "plays cricket for a club",
            (
                "Scored thirty runs for the cricket club on Saturday.",
                "Cricket nets practice was cancelled for rain.",
                "Bought new cricket pads, the old ones split.",
                "Our cricket team got knocked out in the cup semi-final.",
            ),
            ("What sport do I play?", "How is my team doing this season?"),
        ),
        (
            "dementia",
            "has a father with dementia",
            (
                "Dad forgot my name this morning.",
                "The memory clinic confirmed early Alzheimer's.",
                "Looked round two care homes near Leeds.",
                "My father keeps leaving the gas on.",
            ),
            ("Is someone in my family ill?", "How is my dad's memory?"),
        ),
        (
            "The window cleaner didn't turn up.",
            "Our holiday to Crete is booked for August.",
            "Found a twenty pound note in an old coat.",
            "The office moved to the fifth floor.",
            "My son wants a drum kit for his birthday.",
            "Paid off the last of the car loan.",
        ),
        (2, "What did I find in an old coat?"),
        (3, "What does my father keep leaving on?"),
    ),
    (
        "en-bea",
        "en",
        (
            "kayak",
            "goes kayaking",
            (
                "Took the kayak out on the estuary at dawn.",
                "Capsized the kayak twice practising rolls.",
                "A seal followed my kayak for a mile.",
                "Fitted a new rudder to the kayak.",
            ),
            ("What water sport do I do?", "How is my paddling going?"),
        ),
        (
            "candle business",
            "has started a small candle business",
            (
                "Registered my company name this week.",
                "Ordered five hundred glass jars for the candles.",
                "My first stall at the Saturday market sold out by noon.",
                "An accountant is handling my VAT return.",
            ),
            ("Have I started a business?", "How is my shop doing?"),
        ),
        (
            "My grandmother turned ninety.",
            "The roof needs two new slates.",
            "Lent my ladder to the neighbours.",
            "Saw the new Bond film, it was too long.",
            "Our broadband provider doubled the price.",
            "The school sent home a letter about nits.",
        ),
        (0, "How old did my grandmother turn?"),
        (1, "How many jars did I order?"),
    ),
    (
        "en-cal",
        "en",
        (
            "bees",
            "keeps bees",
            (
                "Checked the bees, the queen is laying well.",
                "Got stung three times moving the bees to the orchard.",
                "Harvested twelve pots of honey from my bees.",
                "The bees swarmed into next door's hedge.",
            ),
            ("What do I keep in the garden?", "How are my hives doing?"),
        ),
        (
            "ankle",
            "is recovering from a broken ankle",
            (
                "The cast comes off next Tuesday.",
                "Physio had me balancing on one foot.",
                "Still limping up the stairs.",
                "Gave the crutches back to the hospital.",
            ),
            ("Have I been injured?", "How is my recovery going?"),
        ),
        (
            "The kettle has furred up.",
            "My pension statement came.",
            "Watched the snooker final.",
            "The car park by the station is closing.",
            "Bought a rug for the hall.",
            "Our vicar is retiring.",
        ),
        (4, "What did I buy for the hall?"),
        (1, "What did the physio have me do?"),
    ),
    (
        "en-dora",
        "en",
        (
            "spanish",
            "is learning Spanish",
            (
                "Did my Spanish homework on the bus.",
                "My Spanish teacher is from Seville.",
                "Ordered lunch in Spanish for the first time.",
                "Passed the Spanish speaking test.",
            ),
            ("What language am I learning?", "How are my language classes going?"),
        ),
        (
            "house purchase",
            "is buying a house",
            (
                "Our offer on the terraced house was accepted.",
                "The survey found damp in the cellar.",
                "The mortgage came through on Friday.",
                "Picked up the keys from the estate agent.",
            ),
            ("Am I buying a home?", "How is the move going?"),
        ),
        (
            "The cat brought in a mouse.",
            "My sister is getting divorced.",
            "Donated blood at the town hall.",
            "The hoover lost suction.",
            "Ate at the new Thai place.",
            "Work is sending me to Dublin in May.",
        ),
        (3, "What lost suction?"),
        (1, "What did the survey find?"),
    ),
    (
        "zh-gao",
        "zh",
        (
            "书法",
            "练书法",
            (
                "每天早上练一小时书法。",
                "书法老师说我的横写得太软。",
                "买了一套新的书法毛笔。",
                "参加了社区的书法比赛，拿了三等奖。",
            ),
            ("我在练什么？", "我的字进步了吗？"),
        ),
        (
            "奶茶店",
            "开了一家奶茶店",
            (
                "门面租下来了，就在学校旁边。",
                "进了一批珍珠和红茶。",
                "招了两个兼职的店员。",
                "开业第一天卖了三百杯。",
            ),
            ("我在做什么生意？", "我的店开得怎么样？"),
        ),
        (
            "女儿的牙套该复查了。",
            "老公出差去了成都。",
            "小区的樱花开了。",
            "体检说我有点贫血。",
            "邻居送了一袋饺子。",
            "手机换了新的套餐。",
        ),
        (3, "体检说我有什么问题？"),
        (2, "我招了几个兼职？"),
    ),
    (
        "zh-hu",
        "zh",
        (
            "露营",
            "喜欢露营",
            (
                "周末去山里露营，半夜下了雨。",
                "买了一顶新的露营帐篷。",
                "露营的时候看到了银河。",
                "带孩子第一次去露营。",
            ),
            ("我周末喜欢干什么？", "我最近去野外玩了吗？"),
        ),
        (
            "减肥",
            "在减肥",
            (
                "晚饭只吃了一根黄瓜。",
                "体重秤上少了三斤。",
                "每天走一万步。",
                "戒了奶茶和炸鸡。",
            ),
            ("我在减肥吗？", "我瘦了吗？"),
        ),
        (
            "车子该保养了。",
            "妈妈学会了用微信视频。",
            "办公室新来了一个实习生。",
            "快递员把包裹送错了楼。",
            "下午停水了。",
            "看了一场话剧。",
        ),
        (5, "我看了什么演出？"),
        (3, "我戒了什么？"),
    ),
    (
        "zh-jiang",
        "zh",
        (
            "爷爷",
            "常陪爷爷",
            (
                "爷爷八十大寿，全家去酒店吃饭。",
                "陪爷爷去医院复查心脏。",
                "爷爷又在阳台上种了辣椒。",
                "教爷爷用手机打视频。",
            ),
            ("家里的老人身体怎么样？", "我最近常陪谁？"),
        ),
        (
            "游泳",
            "在学游泳",
            (
                "今天终于能在水里憋气了。",
                "教练让我练蛙泳腿。",
                "第一次游完了二十五米。",
                "买了泳镜和泳帽。",
            ),
            ("我在学什么运动？", "我游泳学得怎么样了？"),
        ),
        (
            "同事借了我五百块。",
            "楼道的灯坏了。",
            "报了一个会计的网课。",
            "表妹考上了研究生。",
            "周五公司团建去唱歌。",
            "洗碗机装好了。",
        ),
        (5, "家里装了什么？"),
        (2, "我第一次游了多远？"),
    ),
    (
        "zh-lu",
        "zh",
        (
            "股票",
            "炒股票",
            (
                "股票今天跌停了。",
                "听朋友的买了一只医药股票。",
                "股票账户亏了两万。",
                "决定把股票全卖了。",
            ),
            ("我在做什么投资？", "我炒股赚钱了吗？"),
        ),
        (
            "跳槽",
            "在换工作",
            (
                "面试了一家做新能源的公司。",
                "拿到了录用通知，下个月入职。",
                "跟老板提了离职。",
                "交接手续办了一整周。",
            ),
            ("我换工作了吗？", "我的新工作定了吗？"),
        ),
        (
            "儿子参加了篮球夏令营。",
            "家里的猫掉毛很厉害。",
            "加油站排了好长的队。",
            "去银行办了张储蓄卡。",
            "岳母来家里住一个月。",
            "网购的沙发到了。",
        ),
        (5, "网上买了什么？"),
        (0, "我面试了什么样的公司？"),
    ),
)

NOISE: tuple[tuple[str, str, tuple[str, ...], tuple[tuple[int, str], ...]], ...] = (
    (
        "en-ned",
        "en",
        (
            "The football match was rained off.",
            "Couldn't find a match to light the candles.",
            "Left my reading light on all night.",
            "The electricity bill came in higher than expected.",
            "A duck with a bright orange bill swam up to us.",
            "Our date night got cancelled, the sitter was ill.",
            "Put the wrong date on the tax form.",
            "My watch strap snapped.",
            "Stayed up to watch the election results.",
            "The golf club raised its fees.",
            "Lost my library card.",
            "The gas man left a note under the door.",
            "Hit a high note singing in the shower.",
            "Got a flat tyre on the ring road.",
        ),
        (
            (7, "What snapped?"),
            (10, "What did I lose?"),
            (9, "Who raised their fees?"),
        ),
    ),
    (
        "en-ola",
        "en",
        (
            "The wedding ring needs resizing.",
            "My phone will ring all day if I don't mute the group chat.",
            "A spring in the sofa has gone.",
            "The tennis court was flooded.",
            "Had to appear in court as a witness.",
            "The pitch was too boggy to play on.",
            "The sales pitch went on for an hour.",
            "The plant by the window is dying.",
            "The chemical plant down the road had a fire alarm.",
            "Got a parking fine outside the dentist.",
            "The weather was fine for the picnic.",
            "The bar on the corner has closed.",
            "Bought a chocolate bar at the checkout.",
            "Spring came early this year, the blossom is out.",
        ),
        (
            (0, "What needs resizing?"),
            (7, "What is dying by the window?"),
            (9, "Where did I get a parking fine?"),
        ),
    ),
    (
        "en-pru",
        "en",
        (
            "The new boss starts on Monday.",
            "Got home late after the concert.",
            "The washing machine stopped working mid-cycle.",
            "My brother works nights at the hospital.",
            "Home insurance renewal went up by forty pounds.",
            "Spent the day clearing the garage.",
            "The bus was late again.",
            "A new bakery opened on the high street.",
            "The printer at work jammed twice.",
            "Had a long phone call with my aunt.",
            "Took the day off for the plumber.",
            "Found a wasp nest in the shed.",
            "Walked home in the rain.",
            "My neighbour got a new car.",
        ),
        (
            (2, "What stopped mid-cycle?"),
            (11, "What did I find in the shed?"),
            (5, "What did I clear?"),
        ),
    ),
    (
        "zh-pan",
        "zh",
        (
            "电视遥控器的电池没电了。",
            "小区电梯又坏了。",
            "信用卡账单来了。",
            "餐厅换了新菜单。",
            "床单洗完还没干。",
            "手表的表带断了。",
            "表哥下个月结婚。",
            "报销表格填错了。",
            "下雨天打车特别难。",
            "孩子今天去打了疫苗。",
            "商场周年庆全场打折。",
            "早上吃了一碗牛肉面条。",
            "和老同学约好周五见面。",
            "厨房地面刚拖过很滑。",
        ),
        (
            (5, "什么断了？"),
            (7, "我填错了什么？"),
            (13, "哪里很滑？"),
        ),
    ),
    (
        "zh-qin",
        "zh",
        (
            "邻居家的事情闹到了居委会。",
            "取款机吞了我的卡。",
            "洗衣机甩干的时候声音很大。",
            "耳机丢了一只。",
            "公交卡没钱了。",
            "卡车把路边的树撞倒了。",
            "这个时候堵车最厉害。",
            "问题出在路由器上，重启就好了。",
            "吹风机坏了。",
            "小时候住的那条街拆了。",
            "买东西送了一个保温杯。",
            "楼下超市的东西比网上贵。",
            "物业费交了一整年。",
            "去医院拿了药。",
        ),
        (
            (3, "什么丢了一只？"),
            (8, "什么坏了？"),
            (12, "我交了什么费？"),
        ),
    ),
    (
        "zh-ren",
        "zh",
        (
            "中午吃了一份黄焖鸡。",
            "今天开会开了三个小时。",
            "开车去郊区摘了草莓。",
            "家里的门锁坏了。",
            "门口的快递柜满了。",
            "公司门禁卡要换新的。",
            "花了两百块修鞋。",
            "阳台的花都开了。",
            "老板夸了我的方案。",
            "方便面吃完了。",
            "这周天气特别热。",
            "天天加班，腰疼。",
            "买了一台空气净化器。",
            "空调开了一夜，嗓子哑了。",
        ),
        (
            (3, "家里什么坏了？"),
            (9, "什么吃完了？"),
            (12, "我买了什么电器？"),
        ),
    ),
)


def build() -> dict[str, Any]:
    return build_set(
        HISTORIES,
        NOISE,
        "blind (helper profile11, written before any engine change): worded and wordless "
        "themes a user, and users whose unrelated remarks share polysemous or common words "
        "or characters (false themes)",
    )


if __name__ == "__main__":
    DATA.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n")
    print(DATA)
