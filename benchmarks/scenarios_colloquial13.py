"""Changes said with no change word, moves back with no cue, replaced style preferences, and
three controls where nothing changes: thirteenth colloquial blind set.

Written for hybridmem by the issue-38 helper ``stale15`` (2026-12-06 13:55 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind12`` uses, and committed as
``benchmarks/data/colloquial_blind13.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word (an order for the future,
  "from now on, get me X", 以后都给我买X, or the new value just stated); the old is stale.
- ``back``: three values, the last a move back to the first (A, B, A) said with no word that
  says so (no "again", "back", 又, 还是, 回) and naming only the value returned to; only the
  middle one is stale.
- ``style``: a preference about how the assistant should work for the user, replaced.
- ``repeat``: controls, a change and then the new value said again (X, A, A again): either
  statement of A is the answer and X is stale.
- ``oneoff``: controls, a habit and then a remark about one day: the habit answers, the
  remark above it counts as pollution.
- ``mention``: controls, a value and then a remark that only mentions the attribute's subject
  (the band, the caravan site) and states no value: the value answers, the remark above it
  counts as pollution.

``python -m benchmarks.scenarios_colloquial13 --dump benchmarks/data/colloquial_blind13.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind13.json`` splits it by language and kind (ids
``colloq13-<kind>-<lang>-<i>``).
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
                "We buy the supermarket's own bin bags.",
                "From now on get me the Glad drawstring bin bags, the tie ones.",
            ),
            "Which bin bags does the user buy?",
        ),
        (
            (
                "We burn Yankee Candles in the lounge.",
                "Order me the Neom candles from now on, the lavender one.",
            ),
            "Which candles does the user buy?",
        ),
        (
            (
                "We cook with Filippo Berio olive oil.",
                "Get the Belazu olive oil for cooking, the big tin.",
            ),
            "Which olive oil does the user cook with?",
        ),
        (
            (
                "My nails get done at Polished on the high street.",
                "Book my nails with Mei at the salon by the station from now on.",
            ),
            "Where does the user get their nails done?",
        ),
        (
            (
                "We buy Andrex loo roll.",
                "Loo roll is the Who Gives a Crap subscription box, sign me up for it.",
            ),
            "Which toilet roll does the user buy?",
        ),
        (
            (
                "I get my aquarium fish from Maidenhead Aquatics.",
                "Aquarium fish from the little shop on Station Road, their stock is healthier.",
            ),
            "Where does the user buy aquarium fish?",
        ),
    ],
    "zh": [
        (
            ("家里驱蚊用雷达蚊香。", "以后驱蚊都给我买榄菊的电蚊香液。"),
            "用户家驱蚊用什么？",
        ),
        (
            ("家里点的香薰蜡烛是无印良品的。", "香薰蜡烛以后给我买观夏的，桂花味。"),
            "用户买哪家的香薰蜡烛？",
        ),
        (
            ("拌面用老干妈辣椒酱。", "辣椒酱给我买虎邦的，魔鬼辣。"),
            "用户买什么辣椒酱？",
        ),
        (
            ("美甲在商场里那家做。", "美甲以后都约小区门口的小美。"),
            "用户在哪做美甲？",
        ),
        (
            ("卫生纸用维达的。", "卫生纸给我买清风的，一次买一提。"),
            "用户买什么卫生纸？",
        ),
        (
            ("鱼缸的鱼在花鸟市场买。", "鱼缸的鱼以后在水族店老王那买，鱼壮。"),
            "用户在哪买鱼缸里的鱼？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We buy Frank Cooper's marmalade.",
                "Bonne Maman marmalade on the toast, it was on offer.",
                "Frank Cooper's marmalade on the toast, the thick cut.",
            ),
            "Which marmalade does the user buy?",
        ),
        (
            (
                "I go fishing with my uncle Ray.",
                "Fishing's with Pete from the tackle shop, early mornings.",
                "Fishing with Ray on Sunday, he knows the river.",
            ),
            "Who does the user go fishing with?",
        ),
        (
            (
                "My cider is Thatchers.",
                "Aspall's my cider, the dry one.",
                "Thatchers in the fridge, the Gold.",
            ),
            "Which cider does the user drink?",
        ),
        (
            (
                "We use Heinz ketchup.",
                "Ketchup is the Aldi one, the kids can't tell.",
                "Heinz ketchup on the table, nothing else tastes right.",
            ),
            "Which ketchup does the user use?",
        ),
        (
            (
                "My personal trainer is Marcus.",
                "Personal training is with Kelly at the leisure centre.",
                "Personal training with Marcus on Monday, he pushes me.",
            ),
            "Who is the user's personal trainer?",
        ),
        (
            (
                "My hearing aids are checked at Specsavers.",
                "Hearing aid checks are at Boots in town.",
                "Hearing aid check booked at Specsavers, they're thorough.",
            ),
            "Where does the user get their hearing aids checked?",
        ),
    ],
    "zh": [
        (
            ("果酱买丘比的。", "果酱这阵子吃的是超市自有牌子，便宜。", "果酱买丘比的蓝莓味。"),
            "用户买什么果酱？",
        ),
        (
            ("钓鱼跟我舅舅去。", "钓鱼这段时间跟渔具店的老孙去。", "钓鱼跟舅舅，他认得水路。"),
            "用户跟谁去钓鱼？",
        ),
        (
            ("家里喝青岛啤酒。", "冰箱里的啤酒是雪花的。", "啤酒喝青岛的，纯生。"),
            "用户家喝什么啤酒？",
        ),
        (
            ("醋用恒顺香醋。", "醋买的是山西老陈醋，朋友送的。", "醋用恒顺的，蘸饺子。"),
            "用户家用什么醋？",
        ),
        (
            ("健身私教是小马。", "私教课跟健身房的凯丽上。", "私教课跟小马，周一约了。"),
            "用户的健身私教是谁？",
        ),
        (
            (
                "电动车在小区门口的铺子修。",
                "电动车拿到雅迪专卖店修的。",
                "电动车在小区门口铺子修，老板实在。",
            ),
            "用户的电动车在哪修？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Write my shopping lists grouped by aisle.",
                "Shopping lists in the order I'll cook the meals, not by aisle.",
            ),
            "How should the user's shopping lists be written?",
        ),
        (
            (
                "Define words for me with the etymology.",
                "Word definitions in one plain line, skip the history.",
            ),
            "How should words be defined for the user?",
        ),
        (
            (
                "Sort my to-do list by deadline.",
                "To-do list by how quick each job is, quickest first.",
            ),
            "How should the user's to-do list be sorted?",
        ),
        (
            (
                "Suggest me true crime podcasts.",
                "Podcast picks about history, true crime gives me nightmares.",
            ),
            "What podcasts should be suggested to the user?",
        ),
        (
            (
                "Plan my holiday days packed with sights.",
                "Holiday plans with one thing a day, the rest left free.",
            ),
            "How should holiday itineraries be planned for the user?",
        ),
        (
            (
                "When I ask about symptoms, list every possibility.",
                "Symptom questions get the likely cause only, long lists scare me.",
            ),
            "How should the user's questions about symptoms be answered?",
        ),
    ],
    "zh": [
        (
            ("购物清单按超市货架分类写。", "购物清单按做菜的顺序列，不用分货架。"),
            "用户的购物清单要怎么写？",
        ),
        (
            ("解释词语给我讲讲来历。", "词语解释一句大白话就行，来历不用说。"),
            "给用户解释词语要怎么解释？",
        ),
        (
            ("待办事项按截止日期排。", "待办按花时间多少排，快的放前面。"),
            "用户的待办事项要怎么排？",
        ),
        (
            ("给我推荐犯罪类的播客。", "播客推荐历史类的，犯罪的听了做噩梦。"),
            "给用户推荐什么播客？",
        ),
        (
            ("旅行行程给我排满景点。", "旅行每天就安排一个地方，其余时间自由。"),
            "给用户排旅行行程要怎么排？",
        ),
        (
            ("问症状的时候把所有可能都列出来。", "问症状就说最可能的原因，列一堆我害怕。"),
            "用户问症状时要怎么回答？",
        ),
    ],
}

# (earlier value, the change, the new value said again with no change in between)
REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I buy fish at the supermarket counter.",
                "Fish comes from the fishmonger at the market now.",
                "Got haddock from the market fishmonger, my usual.",
            ),
            "Where does the user buy fish?",
        ),
        (
            (
                "The cat gets Frontline for fleas.",
                "I use Advocate on the cat for fleas now.",
                "Did the cat's Advocate today, same as always.",
            ),
            "Which flea treatment does the user use on the cat?",
        ),
        (
            (
                "I play squash at the university courts.",
                "Squash is at the David Lloyd now.",
                "Played squash at the David Lloyd, where I always play.",
            ),
            "Where does the user play squash?",
        ),
        (
            (
                "We buy Tilda basmati rice.",
                "Our rice is Veetee now.",
                "Bought another bag of Veetee rice, the one we always get.",
            ),
            "Which rice does the user buy?",
        ),
        (
            (
                "The council lads trim our hedge.",
                "Our hedge is done by Barry next door now.",
                "Barry next door cut the hedge today, as usual.",
            ),
            "Who trims the user's hedge?",
        ),
        (
            (
                "I buy wine at Majestic.",
                "Wine comes from the Naked Wines subscription now.",
                "The Naked Wines case arrived, our usual.",
            ),
            "Where does the user buy wine?",
        ),
    ],
    "zh": [
        (
            (
                "鱼在超市买。",
                "鱼改在菜市场的老李摊上买了。",
                "又在老李摊上买了条鲈鱼，一直在他那买。",
            ),
            "用户在哪买鱼？",
        ),
        (
            ("猫驱虫用福来恩。", "猫驱虫改用大宠爱了。", "今天又给猫点了大宠爱，一直用这个。"),
            "用户给猫驱虫用什么药？",
        ),
        (
            (
                "乒乓球在单位活动室打。",
                "乒乓球改去体育馆打了。",
                "又去体育馆打了乒乓球，一直在那打。",
            ),
            "用户在哪打乒乓球？",
        ),
        (
            ("大米买五常的。", "大米改买东北珍珠米了。", "又买了一袋珍珠米，一直吃这个。"),
            "用户家买什么大米？",
        ),
        (
            (
                "院子的树请街道的人来修。",
                "院子的树改请隔壁老王修了。",
                "老王又来修了院子的树，一直请他。",
            ),
            "用户院子的树请谁修？",
        ),
        (
            (
                "葡萄酒在超市买。",
                "葡萄酒改在网上的酒庄店买了。",
                "网上酒庄店的葡萄酒又到了，一直在那买。",
            ),
            "用户在哪买葡萄酒？",
        ),
    ],
}

# (the habit, a one-off remark about one day, question about the habit)
ONEOFF: dict[str, list[Remark]] = {
    "en": [
        (
            "I make the bed as soon as I get up.",
            "Didn't make the bed today, I was running late.",
            "When does the user make the bed?",
        ),
        (
            "I hang my coat in the hall cupboard.",
            "Left my coat on the sofa today, too knackered.",
            "Where does the user hang their coat?",
        ),
        (
            "I feed the tortoise in the morning.",
            "Fed the tortoise at lunchtime today, I overslept.",
            "When does the user feed the tortoise?",
        ),
        (
            "I sit in the front row at church.",
            "Sat at the back at church today, we came in late.",
            "Where does the user sit at church?",
        ),
        (
            "I write my journal before bed.",
            "Wrote my journal on the train today, too sleepy last night.",
            "When does the user write their journal?",
        ),
        (
            "I take the ring road to my mum's.",
            "Went through the town centre to Mum's today, the ring road was shut.",
            "Which way does the user drive to their mum's?",
        ),
    ],
    "zh": [
        ("起床就叠被子。", "今天起晚了，没叠被子。", "用户什么时候叠被子？"),
        ("外套挂在门口的衣柜里。", "今天太累，外套直接扔沙发上了。", "用户的外套挂在哪？"),
        ("早上喂乌龟。", "今天睡过头，中午才喂的乌龟。", "用户什么时候喂乌龟？"),
        ("在教会坐前排。", "今天去晚了，在教会坐的最后一排。", "用户在教会坐哪？"),
        ("睡前写日记。", "昨晚太困，今天在地铁上写的日记。", "用户什么时候写日记？"),
        ("去我妈家走环城路。", "今天环城路封了，穿市区去的我妈家。", "用户去妈妈家走哪条路？"),
    ],
}

# (the value, a later remark that only mentions the attribute's subject, question)
MENTION: dict[str, list[Remark]] = {
    "en": [
        (
            "My brother-in-law is a paramedic.",
            "Paramedics are on strike next week, it was on the radio.",
            "What does the user's brother-in-law do?",
        ),
        (
            "I play keyboard in a covers band.",
            "Our band's drummer broke his wrist, gutted for him.",
            "What does the user play in the covers band?",
        ),
        (
            "Our caravan is kept at a site near Whitby.",
            "The caravan site's fees went up, everyone's grumbling.",
            "Where is the user's caravan kept?",
        ),
        (
            "We go skiing in Austria every February.",
            "February half-term flights are a rip-off this year.",
            "Where does the user go skiing in February?",
        ),
        (
            "I'm the treasurer of the cricket club.",
            "The cricket club's bar is getting a new coffee machine.",
            "What role does the user have at the cricket club?",
        ),
        (
            "I help out at the library on Thursday afternoons.",
            "The library's getting new carpets, it's shut for a week.",
            "Where does the user help out on Thursday afternoons?",
        ),
    ],
    "zh": [
        ("我姐夫是急救员。", "新闻说急救中心人手不够，一个人顶三个。", "用户的姐夫做什么工作？"),
        ("我在翻唱乐队里弹键盘。", "乐队的鼓手手腕骨折了，太倒霉了。", "用户在乐队里弹什么？"),
        ("我们的房车停在郊区的营地。", "营地今年涨价了，大家都在抱怨。", "用户的房车停在哪？"),
        ("每年二月去北海道滑雪。", "二月那边的酒店今年都订满了。", "用户每年二月去哪滑雪？"),
        ("我是棋社的会计。", "棋社要换新的空调了。", "用户在棋社负责什么？"),
        ("每周四下午在图书馆帮忙。", "图书馆要换地毯，闭馆一周。", "用户每周四下午在哪帮忙？"),
    ],
}


def build() -> list[Scenario]:
    """Every scenario of the thirteenth blind set, kinds in the order of the module docstring."""
    kinds = (("plain", PLAIN), ("back", BACK), ("style", STYLE))
    out = colloquial2.build_set("colloq13", 13, kinds, REPEAT, ONEOFF)
    for lang, remarks in MENTION.items():
        out.extend(
            colloquial2.oneoff_scenario(f"colloq13-mention-{lang}-{i}", lang, i + 13, v, r, q)
            for i, (v, r, q) in enumerate(remarks)
        )
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
