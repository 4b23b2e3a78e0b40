"""A seventh blind set of theme questions: themes a user shows over weeks, some held by a word
and some by meaning only, noise remarks holding words of several senses, and theme questions
asked as a user asks them (issue 38, helper profile14).

Written and committed on 2026-12-06 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.profile_blind7_data`` writes
``benchmarks/data/profile_blind7.json``; ``python -m benchmarks.profile_blind2 --set
profile_blind7`` runs it. The shape is :mod:`benchmarks.profile_blind6_data`'s (the same days,
rows and questions).

Four users a language have two themes each, said as events over five weeks among six
unrelated remarks (two or more of them holding a word or character of several senses: a
trunk, a jam, bass, a pool; 包, 票, 面, 行):

* a **worded** theme: three of its four episodes share a word (climbing, chess, pottery,
  board games; 钓鱼, 围棋, 画画, 唱歌) and the fourth says the same thing in other words;
* a **wordless** theme: its four episodes are several ways of saying one liking or pursuit
  (films, angling, opera, travel abroad; 看电影, 旅游, 追剧, 养狗) that share no word.
  ``shares_char`` in the theme row says whether a Chinese one shares a character of
  different words, computed when the file is written.

Theme questions are what a user asks ("What kind of music am I into?", 我平时周末一般干嘛？),
mostly without the episodes' words. Three further users a language have fourteen unrelated
remarks only, where a word of several senses recurs in two or three remarks (trunk, jam,
bolt, crane, pool, fan, letter, mouse, nail, bowl, net, trip; 包, 票, 面, 行, 发, 刷, 线, 调, 门):
any profile made for them is a **false theme**. Three fact questions each.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.profile_blind2_data import History
from benchmarks.profile_blind3_data import Noise, build_set

DATA = Path(__file__).parent / "data" / "profile_blind7.json"

HISTORIES: tuple[History, ...] = (
    (
        "en-ada",
        "en",
        (
            "climbing",
            "goes climbing",
            (
                "Spent the evening at the climbing wall with Priya.",
                "My climbing shoes are too tight, toes are numb.",
                "Led my first outdoor climbing route on the gritstone.",
                "Finally topped out on the overhang problem I'd been stuck on.",
            ),
            ("What do I do to keep fit?", "What sport am I getting better at?"),
        ),
        (
            "films",
            "loves films",
            (
                "Watched the new Villeneuve in IMAX, the sound shook my seat.",
                "Stayed up for Casablanca again, still the best ending.",
                "The Kurosawa retrospective at the arthouse was sold out.",
                "Our cinema club voted for a Hitchcock night.",
            ),
            ("What kind of films am I into?", "What do I like watching?"),
        ),
        (
            "The car trunk lid won't shut properly.",
            "An old oak trunk fell across the footpath.",
            "Got stuck in a jam on the ring road for an hour.",
            "My mum sent me home with three jars of plum jam.",
            "The plumber is coming on Wednesday.",
            "My brother turned forty.",
        ),
        (4, "When is the plumber coming?"),
        (1, "Which old film did I watch again?"),
    ),
    (
        "en-ben",
        "en",
        (
            "chess",
            "plays chess",
            (
                "Won both my chess games at the club tonight.",
                "Studying the Sicilian defence for the chess league.",
                "Bought a wooden chess set with weighted pieces.",
                "Lost on time in the rapid tournament, my clock management is awful.",
            ),
            ("What game do I play?", "How did I do at the club?"),
        ),
        (
            "angling",
            "goes fishing",
            (
                "Landed a four-pound carp at the lake before breakfast.",
                "Tied a dozen new flies for the trout season.",
                "Sat on the riverbank at dawn with a flask and a rod.",
                "Bought fresh maggots and a keepnet from the tackle shop.",
            ),
            ("What do I usually do at weekends?", "What's my favourite pastime?"),
        ),
        (
            "My neighbour plays bass in a covers band.",
            "The bolt on the back gate has rusted.",
            "A bolt of lightning hit the church spire.",
            "My sister is pregnant with twins.",
            "The council finally fixed the streetlight.",
            "Paid the water bill.",
        ),
        (3, "Who is expecting twins?"),
        (0, "What did I catch at the lake?"),
    ),
    (
        "en-cara",
        "en",
        (
            "pottery",
            "does pottery",
            (
                "Threw three bowls at my pottery class.",
                "Glazed the pottery vases in a deep blue.",
                "My pottery teacher says my walls are too thick.",
                "The first mug came out of the kiln lopsided.",
            ),
            ("What am I making these days?", "What class do I go to?"),
        ),
        (
            "opera",
            "loves opera",
            (
                "Saw Tosca at the Royal Opera House, I cried at the end.",
                "Listening to Maria Callas while I cook.",
                "The soprano held that high note forever.",
                "Booked seats for La Traviata in Verona this summer.",
            ),
            ("What kind of music am I into?", "What shows do I like to go to?"),
        ),
        (
            "A crane is blocking our street for the new flats.",
            "Saw a crane wading in the marsh.",
            "The pool table at the pub has a ripped cloth.",
            "We started a car pool for the school run.",
            "My passport expires in June.",
            "The fridge is making a humming noise.",
        ),
        (4, "When does my passport expire?"),
        (3, "Where am I seeing La Traviata?"),
    ),
    (
        "en-dev",
        "en",
        (
            "board games",
            "plays board games",
            (
                "Board game night at Sam's, I won Catan.",
                "Bought a new board game called Wingspan.",
                "Spent Sunday afternoon at the board game cafe.",
                "Lost at Ticket to Ride again, my routes never connect.",
            ),
            ("What do I do with friends?", "What games do I like?"),
        ),
        (
            "travel abroad",
            "loves travelling abroad",
            (
                "Back from Kyoto, the temples were stunning.",
                "Booked a week in Lisbon for October.",
                "Renewed my passport ahead of the Peru trip.",
                "Ate the best street tacos of my life in Oaxaca.",
            ),
            ("Where do I like to go on holiday?", "Do I travel much?"),
        ),
        (
            "The ceiling fan in the bedroom rattles.",
            "My nephew is a huge fan of the local football team.",
            "Got a letter from the tax office.",
            "The letter E on my keyboard sticks.",
            "My manager is retiring next month.",
            "Cut my finger on a tin lid.",
        ),
        (4, "Who is retiring?"),
        (1, "Where am I going in October?"),
    ),
    (
        "zh-an",
        "zh",
        (
            "钓鱼",
            "爱钓鱼",
            (
                "周六一大早去水库钓鱼。",
                "新买了一根钓鱼竿。",
                "和老李去河边钓鱼，钓了三条鲫鱼。",
                "在湖边坐了一整天，收获一条大草鱼。",
            ),
            ("我平时周末一般干嘛？", "我最近收获怎么样？"),
        ),
        (
            "看电影",
            "爱看电影",
            (
                "昨晚去影院看了诺兰的新片。",
                "又重温了一遍《霸王别姬》。",
                "电影节的票一开售就抢光了。",
                "在家用投影仪放了部老港片。",
            ),
            ("我喜欢看什么？", "我平时有什么娱乐？"),
        ),
        (
            "书包的拉链坏了。",
            "过年收到一个大红包。",
            "今天的股票又跌了。",
            "报销的发票找不到了。",
            "楼下的超市关门了。",
            "表姐生了个女儿。",
        ),
        (5, "表姐生了个什么？"),
        (3, "我在家用什么放的电影？"),
    ),
    (
        "zh-bo",
        "zh",
        (
            "围棋",
            "下围棋",
            (
                "晚上在网上下了三盘围棋。",
                "报名参加了业余围棋段位赛。",
                "围棋老师让我多做死活题。",
                "终于升到了业余三段。",
            ),
            ("我有什么爱好？", "我最近在考什么级？"),
        ),
        (
            "旅游",
            "爱出去旅游",
            (
                "国庆去云南玩了一周，洱海太美了。",
                "订好了下个月去日本的机票。",
                "在西安吃了正宗的肉夹馍。",
                "护照刚办下来，打算明年去欧洲。",
            ),
            ("我假期喜欢干什么？", "我平时喜欢去哪儿玩？"),
        ),
        (
            "早上吃了一碗牛肉面。",
            "明天下午有个面试。",
            "和老同学见了一面。",
            "行李箱的轮子掉了。",
            "去银行办了张卡。",
            "小区停水一天。",
        ),
        (1, "我什么时候有面试？"),
        (2, "我在西安吃了什么？"),
    ),
    (
        "zh-chen",
        "zh",
        (
            "画画",
            "爱画画",
            (
                "周末在公园画画，画了一下午。",
                "买了一套新的水彩颜料，准备画画。",
                "画画班的老师表扬了我的构图。",
                "把上个月的素描裱起来挂在客厅。",
            ),
            ("我有什么爱好？", "我最近在学什么？"),
        ),
        (
            "追剧",
            "爱追剧",
            (
                "熬夜把《繁花》一口气看完了。",
                "这部韩剧的大结局太虐了。",
                "等美剧第二季更新等得好着急。",
                "会员到期了，赶紧又续了一年。",
            ),
            ("我晚上一般干嘛？", "我最近在看什么？"),
        ),
        (
            "发工资了，先还了房贷。",
            "最近头发掉得厉害。",
            "孩子发烧到三十九度。",
            "刷卡的时候提示余额不足。",
            "牙刷该换了。",
            "隔壁在装修。",
        ),
        (5, "隔壁在干什么？"),
        (0, "我熬夜看完了哪部剧？"),
    ),
    (
        "zh-du",
        "zh",
        (
            "唱歌",
            "爱唱歌",
            (
                "和同事去KTV唱歌唱到凌晨。",
                "参加了单位的唱歌比赛。",
                "报了个声乐班，每周练两次唱歌。",
                "在合唱团里被安排唱高音部。",
            ),
            ("我业余时间喜欢干什么？", "我参加了什么比赛？"),
        ),
        (
            "养狗",
            "爱养狗",
            (
                "每天早晚各遛一次豆豆。",
                "给金毛买了新的牵引绳。",
                "带狗狗去宠物医院打了疫苗。",
                "柯基在公园里追着飞盘跑。",
            ),
            ("我家养了什么宠物？", "我每天早晚都要干嘛？"),
        ),
        (
            "网线被老鼠咬断了。",
            "地铁新开了一条线。",
            "空调遥控器找不到了。",
            "公司要把我调到别的部门。",
            "妈妈寄来一箱橘子。",
            "周五要交水电费。",
        ),
        (4, "妈妈寄来了什么？"),
        (2, "我带狗去医院干什么？"),
    ),
)

NOISE: tuple[Noise, ...] = (
    (
        "en-eli",
        "en",
        (
            "The mouse for my laptop stopped clicking.",
            "Found a mouse nest behind the boiler.",
            "Hammered a nail into the wall for the mirror.",
            "Broke a nail opening a parcel.",
            "Bought a mixing bowl at the market.",
            "Went bowling with the office, I bowled three strikes.",
            "The goal net at the park is torn.",
            "My net pay went down after the tax change.",
            "Took a trip to the seaside with the kids.",
            "Tripped on the stairs and bruised my knee.",
            "Our letterbox is too small for parcels.",
            "The hairdresser was running late.",
            "Signed the lease on a new office.",
            "My aunt is moving to Spain.",
        ),
        (
            (11, "Who was running late?"),
            (12, "What did I sign?"),
            (13, "Where is my aunt moving?"),
        ),
    ),
    (
        "en-fay",
        "en",
        (
            "The spring in the sofa is poking through.",
            "Spring cleaning took the whole weekend.",
            "Filled in the form for the parking permit.",
            "My daughter is in a good form at school this year.",
            "The iron left a scorch mark on my shirt.",
            "My iron levels are low, the doctor said.",
            "A wasp stung me at the bus stop.",
            "Couldn't stop laughing at the wedding speech.",
            "The right wing of the party is furious.",
            "Chicken wings for dinner again.",
            "The washing machine drum is squeaking.",
            "My colleague brought in doughnuts.",
            "The chimney needs sweeping.",
            "Our lawn is full of moss.",
        ),
        (
            (10, "What is squeaking?"),
            (11, "What did my colleague bring in?"),
            (12, "What needs sweeping?"),
        ),
    ),
    (
        "en-gus",
        "en",
        (
            "The light in the hall blew.",
            "Packed light for the weekend away.",
            "Ordered a light beer at the bar.",
            "The chocolate bar was melted in my bag.",
            "Passed the bar exam at last.",
            "Changed the scale on the map.",
            "Cleaned the scale off the kettle.",
            "Stood on the bathroom scale and winced.",
            "The cold tap drips all night.",
            "My son's tooth is wobbly.",
            "The library fined me for a late book.",
            "Booked a table for the anniversary dinner.",
            "The vet said the cat is overweight.",
            "Our window cleaner quit.",
        ),
        (
            (8, "What drips all night?"),
            (12, "What did the vet say about the cat?"),
            (13, "Who quit?"),
        ),
    ),
    (
        "zh-fan",
        "zh",
        (
            "书包里的水杯漏了。",
            "中午吃了两个肉包。",
            "快递包裹被放错了柜子。",
            "买了两张去上海的火车票。",
            "发票上的抬头写错了。",
            "投票选了新的业委会。",
            "早上吃的面条太咸了。",
            "下午有个面试要准备。",
            "银行卡密码忘了。",
            "这事儿不行，得重新商量。",
            "阳台的衣架断了。",
            "邻居送了一盒月饼。",
            "物业费涨了五十块。",
            "小孩的疫苗本找不到了。",
        ),
        (
            (10, "阳台的什么断了？"),
            (11, "邻居送了我什么？"),
            (12, "物业费涨了多少？"),
        ),
    ),
    (
        "zh-guo",
        "zh",
        (
            "发了一条朋友圈。",
            "理发师把头发剪得太短了。",
            "老板说下周发奖金。",
            "刷牙的时候牙龈出血。",
            "在手机上刷了一晚上短视频。",
            "墙重新刷了一遍白漆。",
            "网线接口松了。",
            "毛线团被猫抓乱了。",
            "外婆的眼睛做了手术。",
            "楼道的灯修好了。",
            "雨伞落在出租车上了。",
            "周四要去交社保。",
            "表弟考上了研究生。",
            "厨房的水龙头漏水。",
        ),
        (
            (10, "我把雨伞落在哪儿了？"),
            (12, "表弟考上了什么？"),
            (13, "厨房哪里漏水？"),
        ),
    ),
    (
        "zh-hu",
        "zh",
        (
            "空调温度调到二十六度。",
            "被调到了外地分公司。",
            "这道菜的调料放多了。",
            "大门的锁坏了。",
            "部门聚餐定在周五。",
            "门口的快递堆成山了。",
            "手机屏幕摔裂了。",
            "屏风挡住了一半阳光。",
            "闺女学会了骑车。",
            "奶奶的血压有点高。",
            "楼下新开了一家面包店。",
            "信用卡额度提高了。",
            "停车场涨价了。",
            "同事请了一周的假。",
        ),
        (
            (8, "闺女学会了什么？"),
            (9, "奶奶哪里有问题？"),
            (13, "同事请了多久的假？"),
        ),
    ),
)


def build() -> dict[str, Any]:
    return build_set(
        HISTORIES,
        NOISE,
        "blind (helper profile14, written before any engine change): themes a user shows "
        "over weeks, held by a word or by meaning only, noise remarks holding words of "
        "several senses (false themes), questions as a user asks them",
    )


if __name__ == "__main__":
    DATA.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n")
    print(DATA)
