"""Changes said with no change word, moves back to an earlier value, replaced style
preferences, and the controls where nothing changes: tenth colloquial blind set.

Written for hybridmem by the issue-38 helper ``stale12`` (2026-12-06 05:45 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind9`` uses, and committed as
``benchmarks/data/colloquial_blind10.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word ("From now on book X", or
  the new value just stated); the old is stale.
- ``back``: three values, the last a move back to the first (A, B, A), half of them with no
  word that says so; only the middle one is stale (as in the ninth blind set).
- ``style``: a preference about how the assistant should work for the user, replaced.
- ``repeat``: controls, a change and then the new value said again with no change in between
  (X, A, A again): either statement of A is the answer and X is stale.
- ``oneoff``: controls, a habit and then a one-off remark about today: the habit answers, the
  remark above it counts as pollution.

``python -m benchmarks.scenarios_colloquial10 --dump benchmarks/data/colloquial_blind10.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind10.json`` splits it by language and kind (ids
``colloq10-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I get keys cut at Timpson.",
                "From now on get spare keys cut at the hardware shop on Station Road.",
            ),
            "Where does the user get keys cut?",
        ),
        (
            (
                "We buy Muller yoghurts.",
                "Get the Yeo Valley natural yoghurt when you do the shop, the big pot.",
            ),
            "Which yoghurt does the user buy?",
        ),
        (
            (
                "My accountant is Sarah Bell.",
                "Send the tax return paperwork to Brightwater Accounts, they do my books.",
            ),
            "Who is the user's accountant?",
        ),
        (
            (
                "My suits go to the dry cleaner on Mill Road.",
                "Drop my suits at Johnson's in the shopping centre when they need cleaning.",
            ),
            "Where does the user get suits dry-cleaned?",
        ),
        (
            (
                "I use Nivea sun cream.",
                "Put the La Roche-Posay sun cream in the holiday bag, the factor 50.",
            ),
            "Which sun cream does the user use?",
        ),
        (
            (
                "My hand cream is Neutrogena.",
                "Keep the L'Occitane hand cream in my bag, the shea one.",
            ),
            "Which hand cream does the user use?",
        ),
    ],
    "zh": [
        (
            ("配钥匙去超市门口的摊。", "以后配钥匙就去五金店的老张那。"),
            "用户在哪配钥匙？",
        ),
        (
            ("家里酸奶买安慕希。", "酸奶给我订简爱的，无糖那款。"),
            "用户家买什么酸奶？",
        ),
        (
            ("报税找会计小陈。", "报税的材料发给诚信会计事务所的李姐。"),
            "用户报税找谁？",
        ),
        (
            ("西装送楼下干洗店。", "西装拿去商场里的福奈特洗。"),
            "用户的西装在哪干洗？",
        ),
        (
            ("防晒霜用安耐晒。", "出门包里放理肤泉的防晒，50倍的。"),
            "用户用什么防晒霜？",
        ),
        (
            ("护手霜用的凡士林。", "包里放欧舒丹的护手霜，乳木果那款。"),
            "用户用什么护手霜？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We use Flash spray to clean the kitchen.",
                "Method spray for the kitchen, it smells nicer.",
                "Flash kitchen spray, the Method one left smears.",
            ),
            "Which kitchen spray does the user use?",
        ),
        (
            (
                "We buy Plenty kitchen roll.",
                "Own-brand kitchen roll from Aldi, half the price.",
                "Plenty kitchen roll again, the Aldi stuff falls apart.",
            ),
            "Which kitchen roll does the user buy?",
        ),
        (
            (
                "Saturday coffee is at Bean There.",
                "Saturdays we get coffee at the Costa by the station.",
                "Back to Bean There for Saturday coffee, Costa's always rammed.",
            ),
            "Where does the user get coffee on Saturdays?",
        ),
        (
            (
                "Home insurance is with Direct Line.",
                "Aviva for the home insurance, they beat the renewal price.",
                "Direct Line for the home insurance, Aviva's claims line was useless.",
            ),
            "Who provides the user's home insurance?",
        ),
        (
            (
                "The cat's litter is Catsan.",
                "World's Best litter in the tray, it clumps better.",
                "Catsan in the litter tray, the other stuff got tracked everywhere.",
            ),
            "Which cat litter does the user buy?",
        ),
        (
            (
                "The bikes get fixed at Evans Cycles.",
                "Bike repairs go to the little shop on Gloucester Road.",
                "Went back to Evans for bike repairs, the Gloucester Road place lost my pedals.",
            ),
            "Where does the user get bikes repaired?",
        ),
    ],
    "zh": [
        (
            (
                "垃圾袋买妙洁的。",
                "垃圾袋买的拼多多上的杂牌，便宜。",
                "垃圾袋还是妙洁，杂牌的一提就破。",
            ),
            "用户买什么垃圾袋？",
        ),
        (
            ("卷纸买维达。", "卷纸买的清风，搞活动。", "又买回维达了，清风一擦就掉渣。"),
            "用户买什么卷纸？",
        ),
        (
            ("洗洁精用白猫。", "洗洁精用的立白。", "洗洁精又用回白猫了，立白伤手。"),
            "用户用什么洗洁精？",
        ),
        (
            (
                "家财险买的人保。",
                "家财险在支付宝上买了个太平的。",
                "家财险还是人保，太平理赔太慢。",
            ),
            "用户的家财险买的哪家？",
        ),
        (
            (
                "猫砂用豆腐砂。",
                "猫砂用的膨润土，便宜结团好。",
                "猫砂用豆腐砂，膨润土粉尘太大。",
            ),
            "用户用什么猫砂？",
        ),
        (
            (
                "自行车坏了去捷安特店修。",
                "自行车坏了在小区门口的修车摊修。",
                "自行车坏了拿去捷安特店修，修车摊修不好。",
            ),
            "用户的自行车坏了去哪修？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Give me directions with the street names.",
                "Directions by landmarks, street names mean nothing to me.",
            ),
            "How should directions be given to the user?",
        ),
        (
            (
                "Explain maths to me with the formulas.",
                "Maths explanations in plain words please, the formulas lose me.",
            ),
            "How should maths be explained to the user?",
        ),
        (
            (
                "Remind me about bills a week before they're due.",
                "Bill reminders the day before, a week ahead I just forget them again.",
            ),
            "When should the user be reminded about bills?",
        ),
        (
            (
                "Suggest workouts I can do at home.",
                "Workout ideas for the gym, I've got a membership.",
            ),
            "What workouts should be suggested to the user?",
        ),
        (
            (
                "Write my cover letters formally.",
                "Cover letters chatty and warm, the formal ones got no replies.",
            ),
            "How should the user's cover letters be written?",
        ),
        (
            (
                "Give me gift ideas with a link to buy them.",
                "Gift ideas without links, I like finding them in the shops myself.",
            ),
            "How should gift ideas be given to the user?",
        ),
    ],
    "zh": [
        (
            ("给我指路说路名。", "指路说地标，路名我记不住。"),
            "给用户指路要怎么说？",
        ),
        (
            ("给我讲数学用公式推。", "数学讲题用大白话，公式看不懂。"),
            "给用户讲数学要怎么讲？",
        ),
        (
            ("账单提前一周提醒我。", "账单前一天提醒就行，提前一周转头就忘。"),
            "什么时候提醒用户交账单？",
        ),
        (
            ("给我推荐在家练的动作。", "推荐健身房的练法，我办了卡。"),
            "给用户推荐什么样的锻炼？",
        ),
        (
            ("求职信写得正式点。", "求职信写得亲切点，太正式的都没回音。"),
            "用户的求职信要什么风格？",
        ),
        (
            ("送礼建议附上购买链接。", "送礼建议别放链接，我自己去店里挑。"),
            "给用户的送礼建议要怎么给？",
        ),
    ],
}

# (earlier value, the change, the new value said again with no change in between)
REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "The kids do karate at the church hall.",
                "The kids do karate at the Shotokan dojo in town now.",
                "Paid the Shotokan dojo fees for the kids' karate, same club as always.",
            ),
            "Where do the user's kids do karate?",
        ),
        (
            (
                "We get a real Christmas tree from the garden centre.",
                "The Christmas tree comes from Pine Farm on the Hertford road now.",
                "Picked the Christmas tree up from Pine Farm, where we always get it.",
            ),
            "Where does the user get their Christmas tree?",
        ),
        (
            (
                "We buy birthday cakes from Tesco.",
                "Birthday cakes come from Crumbs bakery on the high street now.",
                "Ordered Amy's birthday cake from Crumbs, where we always get them.",
            ),
            "Where does the user buy birthday cakes?",
        ),
        (
            (
                "I learn Italian on Duolingo.",
                "Italian is with a tutor on italki now.",
                "Had my Italian lesson on italki with Marco, my usual tutor.",
            ),
            "How does the user learn Italian?",
        ),
        (
            (
                "We get our firewood from the garage forecourt.",
                "Firewood is delivered by Log Man Logs these days.",
                "Log Man dropped off another load of firewood, our usual.",
            ),
            "Where does the user get firewood?",
        ),
        (
            (
                "Our gutters are cleared by our neighbour Tom.",
                "Clearview Gutters do our gutters now.",
                "Clearview came and did the gutters again, our usual people.",
            ),
            "Who clears the user's gutters?",
        ),
    ],
    "zh": [
        (
            (
                "孩子的英语课在新东方上。",
                "孩子英语改成网上外教课了。",
                "又续了孩子的网上外教课，英语一直在那上。",
            ),
            "用户的孩子在哪上英语课？",
        ),
        (
            (
                "生日蛋糕在好利来订。",
                "生日蛋糕改在楼下烘焙坊订了。",
                "又在楼下烘焙坊订了个蛋糕，每年都在那订。",
            ),
            "用户在哪订生日蛋糕？",
        ),
        (
            (
                "空调清洗找的格力售后。",
                "空调清洗改找家政公司了。",
                "又约了家政公司洗空调，每年都找他们。",
            ),
            "用户的空调找谁清洗？",
        ),
        (
            (
                "水电费用支付宝交。",
                "水电费改成银行卡自动扣了。",
                "这个月水电费又是银行卡自动扣的。",
            ),
            "用户的水电费怎么交？",
        ),
        (
            (
                "手机坏了去官方售后修。",
                "手机坏了都找华强北的老王修。",
                "屏幕又碎了，还是找老王修的。",
            ),
            "用户的手机坏了找谁修？",
        ),
        (
            (
                "狗洗澡去小区宠物店。",
                "狗洗澡改成上门服务了。",
                "又约了上门给狗洗澡，一直这么洗。",
            ),
            "用户的狗在哪洗澡？",
        ),
    ],
}

# (the habit, a one-off remark about today, question about the habit)
ONEOFF: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I charge my phone overnight by the bed.",
            "Charged my phone in the car today, forgot to plug it in last night.",
            "Where does the user charge their phone?",
        ),
        (
            "I take my tea break at eleven.",
            "Had my tea break at two today, calls all morning.",
            "When does the user take a tea break?",
        ),
        (
            "I watch the ten o'clock news on BBC One.",
            "Caught the news on my phone tonight, the telly was on the blink.",
            "How does the user watch the news?",
        ),
        (
            "I buy stamps at the post office.",
            "Got stamps at the supermarket till today, the post office queue was out the door.",
            "Where does the user buy stamps?",
        ),
        (
            "I do the crossword on the train.",
            "Did the crossword in the cafe at lunch today, the train was packed.",
            "Where does the user do the crossword?",
        ),
        (
            "I meditate for ten minutes after I wake up.",
            "Meditated on my lunch break today, I overslept.",
            "When does the user meditate?",
        ),
    ],
    "zh": [
        (
            "手机晚上放床头充电。",
            "昨晚忘充电了，今天在车上充的。",
            "用户在哪给手机充电？",
        ),
        (
            "上午十一点歇一会儿喝茶。",
            "今天上午连着开会，下午两点才歇。",
            "用户几点歇一会儿喝茶？",
        ),
        (
            "晚上七点看新闻联播。",
            "今天电视坏了，在手机上刷的新闻。",
            "用户晚上怎么看新闻？",
        ),
        (
            "话费在营业厅交。",
            "今天营业厅关门了，在微信上交的话费。",
            "用户在哪交话费？",
        ),
        (
            "数独在地铁上做。",
            "今天地铁太挤，午饭时在咖啡馆做的数独。",
            "用户在哪做数独？",
        ),
        (
            "早上起床冥想十分钟。",
            "今天起晚了，午休时冥想的。",
            "用户什么时候冥想？",
        ),
    ],
}


def build() -> list[Scenario]:
    """Every scenario of the tenth blind set, kinds in the order of the module docstring."""
    kinds = (("plain", PLAIN), ("back", BACK), ("style", STYLE))
    return colloquial2.build_set("colloq10", 10, kinds, REPEAT, ONEOFF)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
