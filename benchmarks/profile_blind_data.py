"""A blind set of theme questions over profile-worthy histories (issue 38, helper profile8).

Written and committed on 2026-12-05 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.profile_blind_data`` writes
``benchmarks/data/profile_blind.json``; :mod:`benchmarks.profile_blind` runs it.

Eight users a language. Each says two things again and again over five weeks, in other words
each time, among unrelated remarks:

* a **steady** theme (a habit, a hobby, a pet, a worry): four episodes, said as events;
* a **changed** value of one attribute (a morning drink, a weekend activity, a commute, a
  lunch, a way to exercise, a grocery shop, an evening pastime, a breakfast): three statements
  of the old value, then three of the new one (the first says the change, the others just
  state it), said as facts, so the engine's value history may link them.

Theme questions ask about each theme colloquially, in words the episodes mostly do not use
("What do I usually do on weekends?", "我平时都喝些什么？"). A changed theme's questions ask
for its current value. One fact question a user asks about an unrelated remark (a profile must
not push it out). Days: old values on days 0, 6, 12 and new ones on 20, 26, 33; the steady
theme on 1, 9, 17, 27; remarks on 3, 5, 14, 18, 23, 30; one deep maintenance run 30 days after
the last remark.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "profile_blind.json"
OLD_DAYS = (0, 6, 12)
NEW_DAYS = (20, 26, 33)
STEADY_DAYS = (1, 9, 17, 27)
OTHER_DAYS = (3, 5, 14, 18, 23, 30)

# (id, lang, steady theme, its episodes, changed theme, old, new, other remarks,
#  steady questions, changed questions, (remark index, fact question))
History = tuple[
    str,
    str,
    str,
    tuple[str, ...],
    str,
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[int, str],
]

HISTORIES: tuple[History, ...] = (
    (
        "en-maya",
        "en",
        "running",
        (
            "Did a 5k loop around the reservoir before work.",
            "Ran in the drizzle this morning, new trainers held up fine.",
            "Beat my personal best on the riverside route, 24 minutes flat.",
            "Early jog again, legs felt heavy but I finished the loop.",
        ),
        "drink",
        (
            "I always have a double espresso to get going in the morning.",
            "My morning double espresso from the machine at home, as usual.",
            "Double espresso first thing, can't function without it.",
        ),
        (
            "I've switched to green tea in the mornings, the espresso was wrecking my sleep.",
            "Green tea first thing now, I'm getting used to the taste.",
            "Started the day with a pot of sencha again.",
        ),
        (
            "My sister's birthday is on the 14th of June.",
            "The landlord finally fixed the boiler.",
            "Watched a documentary about octopuses last night.",
            "I need to renew my passport before August.",
            "Left my umbrella on the bus.",
            "Our team got a new manager called Priya.",
        ),
        ("How do I stay in shape?", "What's my exercise routine like?"),
        ("What do I drink to start my day?", "What's my morning drink these days?"),
        (5, "Who is our new manager?"),
    ),
    (
        "en-tom",
        "en",
        "mum",
        (
            "Took Mum to her cardiology appointment, they want more tests.",
            "Mum sounded breathless on the phone again, I'm worried.",
            "Drove Mum to the hospital for the heart scan.",
            "Mum's new tablets seem to be helping, she walked to the shop.",
        ),
        "weekend",
        (
            "Saturday mornings are football with the lads in Victoria Park.",
            "Played five-a-side in the park on Saturday, we won 6-4.",
            "Football in the park again on Saturday, scored twice.",
        ),
        (
            "Packed in the Saturday football, my knee can't take it, I go climbing instead.",
            "Spent Saturday at the bouldering wall, forearms are dead.",
            "Saturday at the climbing gym again, finally topped the blue route.",
        ),
        (
            "The car is due its MOT next month.",
            "Ordered a new desk chair for the home office.",
            "My cousin Nadia is getting married in Lisbon.",
            "Finished the last season of that detective series.",
            "Work laptop crashed and I lost a morning's work.",
            "I switched my broadband to a fibre deal.",
        ),
        ("Who in my family am I worried about?", "How is my mother's health?"),
        ("What do I usually do on weekends?", "How do I spend my Saturdays now?"),
        (2, "Whose wedding is coming up?"),
    ),
    (
        "en-lena",
        "en",
        "italian",
        (
            "Italian evening class tonight, we practised ordering in a restaurant.",
            "Did my Italian homework on the train, verb endings are tough.",
            "Watched an Italian film without subtitles and understood half of it.",
            "Our Italian teacher says my pronunciation has improved a lot.",
        ),
        "lunch",
        (
            "I get my lunch at the office canteen every day.",
            "Canteen lunch again, the lasagne was decent.",
            "Lunch at the work canteen with the usual crowd.",
        ),
        (
            "I bring my own lunch from home now, the canteen got too pricey.",
            "Packed a box of leftover curry for lunch.",
            "Meal-prepped five lunches on Sunday night, all in the fridge.",
        ),
        (
            "My neighbour's cat keeps sleeping on our doormat.",
            "I booked the dentist for a cleaning.",
            "The heating bill was much higher than I expected.",
            "Read an article about the history of the printing press.",
            "Bought a second-hand bike for my nephew.",
            "The office moved to the fourth floor.",
        ),
        ("What language am I studying?", "How is my language learning going?"),
        ("Where do I get my midday meal?", "What do I eat at work these days?"),
        (5, "Which floor is the office on?"),
    ),
    (
        "en-raj",
        "en",
        "dog",
        (
            "Took Pepper for a long walk on the common, she chased every squirrel.",
            "Pepper chewed through her lead again.",
            "Pepper had her jabs at the vet, she was very brave.",
            "Evening walk with Pepper in the rain, she loved the puddles.",
        ),
        "commute",
        (
            "I drive to work, the ring road takes forty minutes.",
            "Traffic on the ring road was awful driving in today.",
            "Drove to the office again, parking was a nightmare.",
        ),
        (
            "Sold the car, I cycle to work along the canal now.",
            "Cycled in along the canal path, only twenty minutes.",
            "Bike commute in a headwind this morning, tough going.",
        ),
        (
            "My brother lent me his camping stove.",
            "I signed up for a first-aid course at work.",
            "The kitchen tap is dripping again.",
            "Tried a new Ethiopian place for dinner, lovely injera.",
            "My tax code letter finally arrived.",
            "Our quiz team came second at the pub.",
        ),
        ("Tell me about my pet.", "Who do I take out every evening?"),
        ("How do I get to the office?", "What's my journey to work like now?"),
        (5, "How did we do at the pub quiz?"),
    ),
    (
        "en-ana",
        "en",
        "books",
        (
            "Read three chapters of the new dragon saga in bed.",
            "Stayed up too late finishing a fantasy novel about a thieves' guild.",
            "Started the second book of the elf trilogy before sleeping.",
            "Reading in bed again, the magic system in this series is brilliant.",
        ),
        "workout",
        (
            "I go to the gym after work, mostly weights.",
            "Leg day at the gym tonight, squats and lunges.",
            "Gym after work again, new deadlift record.",
        ),
        (
            "Cancelled my gym membership, I do yoga at home with videos now.",
            "Forty minutes of yoga on the living room mat.",
            "Did a yoga flow video before dinner, my back feels looser.",
        ),
        (
            "My flatmate is learning to bake sourdough.",
            "Got a parking ticket outside the pharmacy.",
            "The council is digging up our street for new pipes.",
            "Sent my grandmother a postcard from the seaside.",
            "My phone screen cracked when I dropped it.",
            "Our landlord is selling the building.",
        ),
        ("What do I do before going to sleep?", "What sort of stories do I enjoy?"),
        ("What kind of exercise am I into lately?", "How do I work out these days?"),
        (5, "What is the landlord doing with the building?"),
    ),
    (
        "en-ben",
        "en",
        "money",
        (
            "Rent went up again, another ninety pounds a month.",
            "Checked my savings, nowhere near enough for a house deposit.",
            "Credit card bill came in higher than I hoped.",
            "Made a spreadsheet of all my outgoings, it's grim.",
        ),
        "groceries",
        (
            "I do the weekly food shop at Lidl on Sundays.",
            "Big shop at Lidl, the queue was out the door.",
            "Sunday shop at Lidl as usual.",
        ),
        (
            "I order my groceries online from Ocado now, no more queues.",
            "The Ocado van came at eight with the week's food.",
            "Put in the online grocery order for Thursday delivery.",
        ),
        (
            "My friend Jake is moving to Canada.",
            "Fixed the wobbly leg on the kitchen table.",
            "Saw a heron by the canal on my walk.",
            "I'm thinking about learning to sail.",
            "The printer at work jammed all morning.",
            "My niece started primary school.",
        ),
        ("What's stressing me out about money?", "Am I worried about my finances?"),
        ("How do I buy my food each week?", "Where do my groceries come from now?"),
        (0, "Which friend is moving abroad?"),
    ),
    (
        "en-kim",
        "en",
        "tomatoes",
        (
            "Repotted the tomato seedlings on the balcony.",
            "The cherry tomatoes are finally turning red.",
            "Aphids on the tomato plants, sprayed them with soapy water.",
            "Picked a whole bowl of tomatoes from the balcony pots.",
        ),
        "evenings",
        (
            "I play online chess every evening after dinner.",
            "Blitz chess online until midnight, lost my rating points.",
            "Another evening of online chess, won five games in a row.",
        ),
        (
            "I quit online chess, I do the newspaper crossword in the evenings instead.",
            "Finished the cryptic crossword tonight without any hints.",
            "Crossword after dinner again, stuck on seven down.",
        ),
        (
            "My dentist retired and the practice has a new one.",
            "Booked train tickets to see my parents at Easter.",
            "The washing machine is making a grinding noise.",
            "I donated a bag of old clothes to the charity shop.",
            "My colleague Femi brought in homemade samosas.",
            "Renewed my library card.",
        ),
        ("What am I growing?", "How are my plants doing?"),
        ("What do I do to unwind at night?", "What's my evening pastime now?"),
        (4, "Who brought food into work?"),
    ),
    (
        "en-omar",
        "en",
        "sleep",
        (
            "Woke up at 3am again and couldn't get back to sleep.",
            "Barely slept, lay there staring at the ceiling till dawn.",
            "Tried a sleep app with rain sounds, still awake at two.",
            "Another rough night, I was up three times.",
        ),
        "breakfast",
        (
            "I have porridge with honey for breakfast every day.",
            "Porridge with honey and banana this morning.",
            "Made a big pot of porridge for breakfast.",
        ),
        (
            "I skip breakfast now, I'm trying intermittent fasting until noon.",
            "No breakfast again today, just water until lunch.",
            "Fasting till midday is getting easier, didn't eat this morning.",
        ),
        (
            "My car insurance renewal is due in May.",
            "Helped my friend move a sofa up four flights of stairs.",
            "The school sent a letter about my son's trip.",
            "Watched the football final at my uncle's.",
            "Our office is switching to a new email system.",
            "I lost my gym locker key.",
        ),
        ("How am I sleeping?", "What keeps me up at night?"),
        ("What do I have to eat in the mornings?", "Do I still eat breakfast?"),
        (1, "Whose sofa did I help move?"),
    ),
    (
        "zh-lin",
        "zh",
        "跑步",
        (
            "早上绕着公园跑了五公里。",
            "下着小雨也去晨跑了，新跑鞋挺好穿。",
            "今天跑出了个人最好成绩，二十四分钟。",
            "早起又去跑了一圈，腿有点沉。",
        ),
        "饮料",
        (
            "我每天下午都要喝一杯奶茶。",
            "下午又点了杯珍珠奶茶。",
            "三点多照例来了杯奶茶提神。",
        ),
        (
            "奶茶太甜了，我现在下午改喝无糖豆浆。",
            "下午喝了一杯无糖豆浆。",
            "楼下便利店的无糖豆浆又买了两瓶。",
        ),
        (
            "我姐的生日是六月十四号。",
            "房东终于把热水器修好了。",
            "昨晚看了一部讲章鱼的纪录片。",
            "护照八月前得去换新的。",
            "雨伞落在公交车上了。",
            "我们组来了个新领导叫陈静。",
        ),
        ("我靠什么锻炼身体？", "我每天早上有什么习惯？"),
        ("我平时都喝些什么？", "我现在下午喝什么饮料？"),
        (5, "我们新领导叫什么？"),
    ),
    (
        "zh-wang",
        "zh",
        "爸爸",
        (
            "陪我爸去医院量血压，医生让他少吃盐。",
            "我爸电话里说头晕，有点担心他。",
            "带老爸去做了心脏彩超。",
            "我爸新换的降压药好像有用，今天自己下楼散步了。",
        ),
        "周末",
        (
            "我周末一般去水库钓鱼。",
            "周六在水库钓了一上午，钓到三条鲫鱼。",
            "这周六又去钓鱼了，空军一天。",
        ),
        (
            "鱼竿送人了，现在周末都去爬山。",
            "周六爬了香山，腿都软了。",
            "这周末又去爬山了，山顶风景真好。",
        ),
        (
            "车下个月要年检了。",
            "网上买了一把新的办公椅。",
            "我表妹十月在杭州办婚礼。",
            "追完了那部悬疑剧的最后一季。",
            "公司电脑死机，一上午白干了。",
            "家里宽带换成了光纤。",
        ),
        ("我在为家里谁操心？", "我爸身体怎么样？"),
        ("我周末一般干嘛？", "我现在休息日都做什么？"),
        (2, "谁要办婚礼？"),
    ),
    (
        "zh-chen",
        "zh",
        "吉他",
        (
            "晚上练了一个小时吉他，和弦换得还不顺。",
            "吉他老师说我的扫弦节奏稳多了。",
            "终于能完整弹下来一首《成都》了。",
            "手指按弦按得起茧了。",
        ),
        "午饭",
        (
            "我中午一般点外卖。",
            "中午又点了麻辣香锅的外卖。",
            "午饭还是外卖，等了四十分钟。",
        ),
        (
            "外卖太贵了，我现在每天自己带饭。",
            "今天带的是昨晚剩的红烧肉。",
            "周日晚上做好了五天的便当。",
        ),
        (
            "邻居家的猫老在我家门口睡觉。",
            "约了周六去洗牙。",
            "这个月暖气费比想象中高很多。",
            "看了一篇讲印刷术历史的文章。",
            "给外甥买了一辆二手自行车。",
            "公司搬到四楼了。",
        ),
        ("我在学什么乐器？", "我练琴练得怎么样？"),
        ("我中午吃什么？", "我现在午饭怎么解决？"),
        (5, "公司在几楼？"),
    ),
    (
        "zh-zhao",
        "zh",
        "猫",
        (
            "咪咪今天把沙发抓破了。",
            "带咪咪去打了疫苗，它一路都在叫。",
            "咪咪最近胃口不好，只吃了半碗猫粮。",
            "咪咪晚上趴在我肚子上睡着了。",
        ),
        "通勤",
        (
            "我每天坐地铁上班，要倒两次车。",
            "早高峰地铁挤得要命。",
            "地铁又晚点了，上班迟到十分钟。",
        ),
        (
            "买了辆电动车，现在骑车上班了。",
            "骑电动车上班二十分钟就到。",
            "今天逆风骑车，到公司一身汗。",
        ),
        (
            "我哥借了我一个露营炉。",
            "报名了公司的急救培训。",
            "厨房水龙头又漏水了。",
            "试了一家新开的云南菜馆，米线不错。",
            "个税退税到账了。",
            "我们队在酒吧答题赛拿了第二。",
        ),
        ("我家里养了什么宠物？", "我的猫最近怎么样？"),
        ("我怎么去公司？", "我现在上班路上怎么走？"),
        (5, "我们答题赛拿了第几？"),
    ),
    (
        "zh-liu",
        "zh",
        "小说",
        (
            "睡前看了三章修仙小说。",
            "熬夜把一本盗墓小说看完了。",
            "开始看那套玄幻小说的第二部。",
            "躺床上又看小说看到一点。",
        ),
        "健身",
        (
            "我下班后去健身房练力量。",
            "今晚在健身房练腿，深蹲做了五组。",
            "下班又去撸铁了，硬拉破了纪录。",
        ),
        (
            "健身卡退了，现在在家跟着视频练瑜伽。",
            "在客厅垫子上练了四十分钟瑜伽。",
            "晚饭前跟着视频做了一套瑜伽，腰舒服多了。",
        ),
        (
            "室友在学做酸面包。",
            "在药店门口被贴了罚单。",
            "小区门口在挖路换水管。",
            "给奶奶寄了一张海边的明信片。",
            "手机摔了，屏幕裂了。",
            "房东要把整栋楼卖掉。",
        ),
        ("我睡觉前干什么？", "我喜欢看什么书？"),
        ("我最近做什么运动？", "我现在怎么健身？"),
        (5, "房东要干什么？"),
    ),
    (
        "zh-sun",
        "zh",
        "房贷",
        (
            "房贷利率又涨了，每个月多还四百。",
            "看了下存款，离提前还贷还差得远。",
            "信用卡账单比预想的多。",
            "把每月开销做了个表，房贷占了一大半。",
        ),
        "买菜",
        (
            "我每周日去菜市场买菜。",
            "周日去菜市场买了一周的菜。",
            "菜市场的排骨又涨价了。",
        ),
        (
            "现在都在盒马上买菜，送货上门省事。",
            "盒马的菜早上八点就送到了。",
            "在盒马下单了周四的菜。",
        ),
        (
            "我朋友小杰要移民加拿大了。",
            "把餐桌晃的那条腿修好了。",
            "散步时在河边看到一只白鹭。",
            "我在考虑学帆船。",
            "公司打印机卡纸卡了一上午。",
            "我侄女上小学了。",
        ),
        ("我在为钱的事发愁吗？", "我有什么经济压力？"),
        ("我平时在哪儿买菜？", "我现在买菜的方式是啥？"),
        (0, "哪个朋友要出国？"),
    ),
    (
        "zh-zhou",
        "zh",
        "多肉",
        (
            "给阳台上的多肉换了盆。",
            "多肉晒得变红了，好看。",
            "多肉长了介壳虫，喷了药。",
            "阳台上的多肉又爆了好几个头。",
        ),
        "晚上",
        (
            "我每天晚饭后打几局王者荣耀。",
            "打王者打到半夜，连跪五把。",
            "晚上又打了一晚上王者，上了星耀。",
        ),
        (
            "王者卸载了，我现在晚上练书法。",
            "今晚临了一页颜体。",
            "晚饭后练了一个小时毛笔字。",
        ),
        (
            "我的牙医退休了，诊所换了新医生。",
            "订好了清明回老家的高铁票。",
            "洗衣机转起来有咔咔的响声。",
            "把一袋旧衣服捐给了社区。",
            "同事小方带了自己包的饺子来公司。",
            "图书证续办好了。",
        ),
        ("我在养什么植物？", "我阳台上的东西长得怎么样？"),
        ("我晚上怎么放松？", "我现在晚上有什么爱好？"),
        (4, "谁带了吃的来公司？"),
    ),
    (
        "zh-he",
        "zh",
        "失眠",
        (
            "凌晨三点又醒了，再也睡不着。",
            "几乎一夜没睡，盯着天花板到天亮。",
            "试了白噪音助眠，两点还醒着。",
            "又是一个难熬的晚上，起来了三次。",
        ),
        "早饭",
        (
            "我早饭一般吃两个肉包子。",
            "早上在楼下买了包子和豆浆。",
            "今天早饭还是包子。",
        ),
        (
            "我现在不吃早饭了，在做轻断食，中午前只喝水。",
            "今天又没吃早饭，撑到了中午。",
            "断食到中午越来越习惯了，早上什么都没吃。",
        ),
        (
            "车险五月份到期。",
            "帮朋友把沙发搬上了五楼。",
            "学校发通知说儿子要去春游。",
            "在舅舅家看了足球决赛。",
            "公司要换新的邮件系统。",
            "健身房柜子的钥匙丢了。",
        ),
        ("我睡得好吗？", "我晚上为什么睡不着？"),
        ("我早上吃什么？", "我现在还吃早餐吗？"),
        (1, "我帮谁搬了沙发？"),
    ),
)


def user(history: History) -> dict[str, Any]:
    """One user of the JSON: episodes by day, each with its theme and, for a changed
    attribute, whether it states the old or the new value."""
    uid, lang, steady, steady_eps, changed, old, new, other, sq, cq, (k, fact_q) = history
    rows: list[dict[str, Any]] = []
    rows += [
        {"day": d, "theme": steady, "value": None, "node_type": "event", "text": t}
        for d, t in zip(STEADY_DAYS, steady_eps, strict=True)
    ]
    rows += [
        {"day": d, "theme": changed, "value": "old", "node_type": "fact", "text": t}
        for d, t in zip(OLD_DAYS, old, strict=True)
    ]
    rows += [
        {"day": d, "theme": changed, "value": "new", "node_type": "fact", "text": t}
        for d, t in zip(NEW_DAYS, new, strict=True)
    ]
    rows += [
        {"day": d, "theme": None, "value": None, "node_type": "event", "text": t}
        for d, t in zip(OTHER_DAYS, other, strict=True)
    ]
    rows.sort(key=lambda r: int(r["day"]))
    index = next(i for i, r in enumerate(rows) if r["text"] == other[k])
    return {
        "id": uid,
        "lang": lang,
        "episodes": rows,
        "theme_questions": [{"theme": steady, "question": q} for q in sq]
        + [{"theme": changed, "question": q, "changed": True} for q in cq],
        "fact_questions": [{"evidence": index, "question": fact_q}],
    }


def build() -> dict[str, Any]:
    return {
        "note": (
            "blind (helper profile8, written before any engine change): theme questions over "
            "profile-worthy histories, a steady theme and a changed value a user"
        ),
        "users": [user(h) for h in HISTORIES],
    }


if __name__ == "__main__":
    DATA.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n")
    print(DATA)
