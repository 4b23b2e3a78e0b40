"""A fifth blind set of theme questions: themes a user shows over weeks, said with and without
a shared word, theme questions asked the way a user asks them, and unrelated remarks sharing
words of several senses (issue 38, helper profile12).

Written and committed on 2026-12-06 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.profile_blind5_data`` writes
``benchmarks/data/profile_blind5.json``; ``python -m benchmarks.profile_blind2 --set
profile_blind5`` runs it. The shape is :mod:`benchmarks.profile_blind4_data`'s (the same days,
rows and questions).

Four users a language have two themes each, said as events over five weeks among six
unrelated remarks (some of them holding a word of several senses: a bank, a card, a ring; 机,
台, 卡):

* a **worded** theme: three of its four episodes share a word (hiking, swimming, coffee, the
  dog; 爬山, 猫, 咖啡, 羽毛球) and the fourth says the same thing in other words ("Up on the
  ridge at sunrise", 徒步走了二十公里);
* a **wordless** theme: its four episodes are several ways of saying one liking or pursuit
  (spicy food, birdwatching, woodworking, Italian cooking; 川菜, 吉他, 烘焙, 养花) that share no
  word. ``shares_char`` in the theme row says whether a Chinese one shares a character of
  different words, computed when the file is written.

Theme questions are what a user asks ("What kind of food do I like?", 我平时喜欢什么运动？),
mostly without the episodes' words. Three further users a language have fourteen unrelated
remarks only, where a word of several senses recurs in three remarks or more (card, ticket,
station, light, bank; 机, 台, 打, 单, 卡, 电): any profile made for them is a **false theme**.
Three fact questions each.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.profile_blind2_data import History
from benchmarks.profile_blind3_data import build_set

DATA = Path(__file__).parent / "data" / "profile_blind5.json"

HISTORIES: tuple[History, ...] = (
    (
        "en-dan",
        "en",
        (
            "hiking",
            "goes hiking",
            (
                "Did a twelve-mile hike over the moors on Saturday.",
                "Booked a hiking weekend in the Brecon Beacons.",
                "My hiking boots finally gave out after three years.",
                "Up on the ridge at sunrise, best walk in months.",
            ),
            ("What do I like doing at weekends?", "What kind of exercise do I enjoy?"),
        ),
        (
            "spicy food",
            "loves spicy food",
            (
                "Made a green curry from scratch with extra chilli.",
                "Ordered the hottest wings on the menu and finished them.",
                "Sichuan peppercorns make my lips tingle, love it.",
                "Put sriracha on my fried eggs.",
            ),
            ("What kind of food do I like?", "Can I handle hot dishes?"),
        ),
        (
            "The bank holiday traffic was awful.",
            "My watch battery died.",
            "Changed the light bulb in the porch.",
            "The cat brought in a mouse.",
            "Our boiler service is due in May.",
            "Picked up a parcel from the post office.",
        ),
        (2, "What did I change in the porch?"),
        (3, "What did I put on my eggs?"),
    ),
    (
        "en-eve",
        "en",
        (
            "swimming",
            "swims",
            (
                "Swam forty lengths before work.",
                "The swimming pool was closed for cleaning.",
                "Bought new swimming goggles, the old ones leaked.",
                "Did my first mile in open water at the lake.",
            ),
            ("What sport do I do?", "How is my training going?"),
        ),
        (
            "birdwatching",
            "watches birds",
            (
                "Saw a kingfisher on the canal this morning.",
                "Put up a feeder and the blue tits came within an hour.",
                "Spent Sunday in a hide at the marshes with binoculars.",
                "Heard a cuckoo for the first time this spring.",
            ),
            ("What hobby do I have outdoors?", "What wildlife am I into?"),
        ),
        (
            "The printer ran out of ink.",
            "My sister is getting married in June, I've got the ring.",
            "Our street is getting fibre broadband.",
            "Lost an earring at the cinema.",
            "The dentist says I need a filling.",
            "Bought a second-hand bike for my son.",
        ),
        (4, "What does the dentist say I need?"),
        (1, "What did I put up in the garden?"),
    ),
    (
        "en-fin",
        "en",
        (
            "coffee",
            "is into coffee",
            (
                "Bought a bag of Ethiopian coffee beans.",
                "My coffee grinder jammed this morning.",
                "Tried a flat white at the new coffee shop, too milky.",
                "Learnt to pour a rosetta on my latte.",
            ),
            ("What do I like to drink?", "What am I fussy about in the mornings?"),
        ),
        (
            "woodworking",
            "makes things from wood",
            (
                "Built a bird box out of offcuts.",
                "Sharpened all my chisels on Sunday.",
                "The oak shelf I made for the hall is finally varnished.",
                "Spent the evening planing a table leg.",
            ),
            ("What do I make with my hands?", "What craft am I into?"),
        ),
        (
            "The train to Bristol was cancelled.",
            "My mum's birthday card is in the post.",
            "Our landlord fixed the leaking tap.",
            "Watched the rugby in the pub.",
            "Signed up for a first aid course at work.",
            "The car failed its MOT on the brakes.",
        ),
        (5, "Why did the car fail its MOT?"),
        (2, "What have I varnished?"),
    ),
    (
        "en-gus",
        "en",
        (
            "dog",
            "has a young dog",
            (
                "Took the dog to the beach, she loved the waves.",
                "The dog chewed my slipper to bits.",
                "Signed the dog up for puppy training classes.",
                "Biscuit learnt to sit and stay in one week.",
            ),
            ("Do I have a pet?", "How is my pet getting on?"),
        ),
        (
            "italian food",
            "loves Italian cooking",
            (
                "Rolled out fresh pasta by hand for the first time.",
                "The best pizza I've ever had was in Naples.",
                "Risotto takes patience but it's worth it.",
                "Grated a mountain of parmesan over the lasagne.",
            ),
            ("What kind of food do I like?", "What cuisine do I cook at home?"),
        ),
        (
            "The washing machine is making a banging noise.",
            "My nephew passed his driving test.",
            "Paid the council tax for the year.",
            "The lift at work is broken.",
            "Found a wasp nest in the loft.",
            "Got a parking ticket outside the library.",
        ),
        (0, "What is making a banging noise?"),
        (2, "What dish takes patience?"),
    ),
    (
        "zh-an",
        "zh",
        (
            "爬山",
            "爱爬山",
            (
                "周六去爬山，爬了五个小时。",
                "这个月爬了三座山，腿练出来了。",
                "约了同事下周去爬山。",
                "徒步走了二十公里，脚底起泡了。",
            ),
            ("我平时喜欢什么运动？", "我周末一般干什么？"),
        ),
        (
            "川菜",
            "爱吃辣的川菜",
            (
                "晚上去吃了水煮鱼。",
                "点外卖必点毛血旺。",
                "自己做了一盘麻婆豆腐。",
                "朋友从重庆寄来了火锅底料。",
            ),
            ("我喜欢吃什么口味的菜？", "我爱吃哪儿的菜？"),
        ),
        (
            "手机屏幕摔裂了。",
            "阳台的晾衣架坏了。",
            "银行卡被吞了。",
            "楼下新开了一家理发店。",
            "表妹下个月结婚。",
            "物业通知周三停水。",
        ),
        (5, "哪天停水？"),
        (2, "我自己做了什么菜？"),
    ),
    (
        "zh-bo",
        "zh",
        (
            "猫",
            "养了一只猫",
            (
                "猫把花瓶打碎了。",
                "带猫去打了疫苗。",
                "给猫买了一个新的爬架。",
                "咪咪晚上老在床上跳来跳去。",
            ),
            ("我养了什么宠物？", "我的宠物最近怎么样？"),
        ),
        (
            "吉他",
            "在学弹吉他",
            (
                "今天终于按响了F和弦。",
                "手指尖磨出了茧子。",
                "买了一把二手吉他。",
                "跟着视频学会了弹《成都》。",
            ),
            ("我在学什么乐器？", "我的新爱好练得怎么样？"),
        ),
        (
            "洗衣机漏水了。",
            "台风天公司放假一天。",
            "公交卡丢了。",
            "房东说明年要涨房租。",
            "同学聚会定在下周五。",
            "牙疼了一整晚。",
        ),
        (1, "哪天公司放假？"),
        (2, "我买了什么乐器？"),
    ),
    (
        "zh-chen",
        "zh",
        (
            "咖啡",
            "爱喝咖啡",
            (
                "早上不喝咖啡就没精神。",
                "楼下新开的咖啡店拿铁不错。",
                "网上买了一包云南咖啡豆。",
                "学会了自己手冲，比店里的还香。",
            ),
            ("我平时爱喝什么？", "我每天早上离不开什么？"),
        ),
        (
            "烘焙",
            "在家做甜点",
            (
                "第一次做的蛋糕塌了。",
                "买了一台烤箱。",
                "戚风终于成功了，松松软软的。",
                "给同事带了自己做的曲奇。",
            ),
            ("我最近迷上了什么？", "我在家爱做什么甜点？"),
        ),
        (
            "打车去机场花了一百多。",
            "菜单上的价格又涨了。",
            "电梯停运，走了十八层楼。",
            "儿子考试考了满分。",
            "护照快过期了。",
            "邻居家的狗半夜一直叫。",
        ),
        (4, "什么快过期了？"),
        (1, "我买了什么电器？"),
    ),
    (
        "zh-du",
        "zh",
        (
            "羽毛球",
            "爱打羽毛球",
            (
                "晚上打了两个小时羽毛球。",
                "羽毛球拍的线断了。",
                "周末参加了公司的羽毛球比赛。",
                "跟老同学约了周四打球。",
            ),
            ("我平时喜欢什么运动？", "我最近运动得怎么样？"),
        ),
        (
            "养花",
            "在阳台养花种草",
            (
                "月季开了第一朵。",
                "给绿萝换了个大盆。",
                "多肉浇水太多烂根了。",
                "买了两袋营养土。",
            ),
            ("我在家养什么？", "我的植物长得怎么样？"),
        ),
        (
            "信用卡账单出来了。",
            "耳机落在出租车上了。",
            "电视机遥控器没电了。",
            "周日去看了一场电影。",
            "车位被别人占了。",
            "老板让我下周出差。",
        ),
        (4, "我的什么被别人占了？"),
        (1, "我给什么换了盆？"),
    ),
)

NOISE: tuple[tuple[str, str, tuple[str, ...], tuple[tuple[int, str], ...]], ...] = (
    (
        "en-hal",
        "en",
        (
            "Sent Gran a birthday card.",
            "My card was declined at the supermarket.",
            "We played cards till midnight.",
            "Got a parking ticket on the high street.",
            "Won two tickets to the comedy night.",
            "The ticket machine at the car park ate my coins.",
            "Reported the stolen bike at the police station.",
            "Filled up at the petrol station on the ring road.",
            "The radio station played my request.",
            "The kitchen light keeps flickering.",
            "Packed a light bag for the weekend.",
            "Sat on the river bank watching the rowers.",
            "The bank closed my old savings account.",
            "Our neighbour's tree fell on the fence.",
        ),
        (
            (1, "Where was my card declined?"),
            (6, "Where did I report the stolen bike?"),
            (13, "What fell on the fence?"),
        ),
    ),
    (
        "en-iris",
        "en",
        (
            "Took the kids to the fair on the common.",
            "The referee's decision wasn't fair.",
            "A fair amount of snow fell overnight.",
            "The band played at my cousin's wedding.",
            "Bought a hair band for my daughter.",
            "The printer is jammed with paper again.",
            "Read the paper on the train.",
            "Handed in my paper on climate policy.",
            "The spring on the garage door broke.",
            "Spring bulbs are coming up in the park.",
            "Drank from the spring on the hill.",
            "My back hurts from lifting boxes.",
            "The back door won't lock.",
            "Had the boiler serviced.",
        ),
        (
            (3, "Who played at the wedding?"),
            (8, "What broke on the garage door?"),
            (13, "What did I have serviced?"),
        ),
    ),
    (
        "en-jon",
        "en",
        (
            "Our flight was delayed four hours.",
            "The flight of stairs to the flat is steep.",
            "Booked a flight to Lisbon for Easter.",
            "Put a new screen protector on my phone.",
            "Watched the match on the big screen at the pub.",
            "The window screen has a hole in it.",
            "The plant on my desk is dying.",
            "The car plant is laying off workers.",
            "Plant the tulips before the frost.",
            "My brother's pitch to investors went well.",
            "The pitch was waterlogged so training was off.",
            "Our roof leaks when it rains hard.",
            "The roof rack is stuck on the car.",
            "Renewed my passport online.",
        ),
        (
            (2, "Where is my Easter flight to?"),
            (9, "How did my brother's pitch go?"),
            (13, "What did I renew online?"),
        ),
    ),
    (
        "zh-fang",
        "zh",
        (
            "手机掉进水里了。",
            "洗衣机一直响。",
            "飞机晚点了三个小时。",
            "司机绕了远路。",
            "买了一台打印机。",
            "阳台上晒满了被子。",
            "台风要来了，学校停课。",
            "讲台上的话筒坏了。",
            "打车花了八十块。",
            "去医院打了一针。",
            "商场衣服打五折。",
            "床单该换了。",
            "水电费账单寄到了。",
            "外婆下个月八十大寿。",
        ),
        (
            (2, "飞机晚点了多久？"),
            (10, "商场打几折？"),
            (13, "外婆下个月多少岁？"),
        ),
    ),
    (
        "zh-gao",
        "zh",
        (
            "饭卡余额不足了。",
            "路上卡车翻了，堵了一小时。",
            "电脑卡得打不开网页。",
            "信用卡还款日是十五号。",
            "电梯又坏了。",
            "这个月电费三百多。",
            "看了一部老电影。",
            "电饭锅用了十年了。",
            "菜单换了新的。",
            "体检单拿回来了。",
            "单位组织去爬长城。",
            "鞋带断了。",
            "同事送了我一盒月饼。",
            "楼下的面包店关门了。",
        ),
        (
            (1, "路上什么翻了？"),
            (11, "什么断了？"),
            (13, "楼下什么店关门了？"),
        ),
    ),
    (
        "zh-hua",
        "zh",
        (
            "车站附近新修了天桥。",
            "火车票买不到了。",
            "车子该保养了。",
            "地铁站里人太多了。",
            "网站又登不上去了。",
            "站了一整天，腿都肿了。",
            "表哥从国外回来了。",
            "手表的表带断了。",
            "报名表交上去了。",
            "花了一下午整理书架。",
            "阳台的花被风吹倒了。",
            "花钱请人修了水管。",
            "女儿学会了骑自行车。",
            "冰箱里的牛奶过期了。",
        ),
        (
            (1, "什么票买不到了？"),
            (6, "谁从国外回来了？"),
            (13, "冰箱里什么过期了？"),
        ),
    ),
)


def build() -> dict[str, Any]:
    return build_set(
        HISTORIES,
        NOISE,
        "blind (helper profile12, written before any engine change): themes a user shows "
        "over weeks, with and without a shared word, questions as a user asks them, and "
        "users whose unrelated remarks share words of several senses (false themes)",
    )


if __name__ == "__main__":
    DATA.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n")
    print(DATA)
