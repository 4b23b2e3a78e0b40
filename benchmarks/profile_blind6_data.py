"""A sixth blind set of theme questions: themes a user shows over weeks whose remarks share no
word, noise remarks holding words of several senses, and theme questions asked as a user asks
them (issue 38, helper profile13).

Written and committed on 2026-12-06 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.profile_blind6_data`` writes
``benchmarks/data/profile_blind6.json``; ``python -m benchmarks.profile_blind2 --set
profile_blind6`` runs it. The shape is :mod:`benchmarks.profile_blind5_data`'s (the same days,
rows and questions).

Four users a language have two themes each, said as events over five weeks among six
unrelated remarks (two or more of them holding one word or character of several senses: a
pitch, a squash, a bank; 机, 单, 打):

* a **worded** theme: three of its four episodes share a word (cycling, knitting, tennis,
  photos; 跑步, 瑜伽, 书法, 摄影) and the fourth says the same thing in other words;
* a **wordless** theme: its four episodes are several ways of saying one liking or pursuit
  (jazz, hill walking, cooking, tea; 爵士乐, 做饭, 徒步, 喝茶) that share no word.
  ``shares_char`` in the theme row says whether a Chinese one shares a character of
  different words, computed when the file is written.

Theme questions are what a user asks ("What kind of music do I like?", 我平时爱喝什么？),
mostly without the episodes' words. Three further users a language have fourteen unrelated
remarks only, where a word of several senses recurs in two or three remarks (date, bark, tie,
match, press, seal, wave, row, rock, club; 打, 花, 开, 头, 长, 生, 水, 动, 点): any profile
made for them is a **false theme**. Three fact questions each.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.profile_blind2_data import History
from benchmarks.profile_blind3_data import Noise, build_set

DATA = Path(__file__).parent / "data" / "profile_blind6.json"

HISTORIES: tuple[History, ...] = (
    (
        "en-kat",
        "en",
        (
            "cycling",
            "cycles",
            (
                "Cycled forty miles along the canal towpath.",
                "Got a puncture on the cycling club ride.",
                "My new cycling shoes clip into the pedals.",
                "Pushed up Box Hill on two wheels without stopping.",
            ),
            ("What sport do I do?", "How far do I ride at weekends?"),
        ),
        (
            "jazz",
            "loves jazz",
            (
                "Saw a brilliant saxophone quartet at Ronnie Scott's.",
                "Been playing Coltrane's Blue Train on repeat.",
                "Bought a Miles Davis record at the market.",
                "The trumpeter improvised for ten minutes straight, magic.",
            ),
            ("What kind of music do I like?", "Which musicians am I into?"),
        ),
        (
            "The bank charged me for going overdrawn.",
            "My boss wants the report by Friday.",
            "A bat got into the loft again.",
            "My cricket bat needs oiling before the season.",
            "My niece starts school in September.",
            "Renewed the car insurance.",
        ),
        (1, "When does my boss want the report?"),
        (2, "What record did I buy?"),
    ),
    (
        "en-lou",
        "en",
        (
            "knitting",
            "knits",
            (
                "Knitted a scarf for my nephew.",
                "My knitting group meets on Tuesdays.",
                "Started knitting a jumper with a cable pattern.",
                "Ran out of wool halfway through the second sleeve.",
            ),
            ("What do I make for people?", "What craft group am I in?"),
        ),
        (
            "hill walking",
            "goes hill walking",
            (
                "Reached the summit of Snowdon before the cloud came in.",
                "Did the coast path from Padstow to Newquay over two days.",
                "Blisters on both heels after fourteen miles on the fells.",
                "Packed my rucksack and map for the Pennine Way.",
            ),
            ("What do I like doing outdoors?", "What kind of exercise do I enjoy?"),
        ),
        (
            "The river bank flooded after the storm.",
            "Lost my bus pass.",
            "The cat was sick on the rug.",
            "Our team lost the pub quiz by a point.",
            "My landlord is selling the flat.",
            "The dentist moved my appointment to Monday.",
        ),
        (4, "Who is selling the flat?"),
        (0, "Which summit did I reach?"),
    ),
    (
        "en-max",
        "en",
        (
            "tennis",
            "plays tennis",
            (
                "Played tennis with Jo after work.",
                "Restrung my tennis racket.",
                "Lost the club tennis final in three sets.",
                "Practising my serve against the garage wall.",
            ),
            ("What sport do I play?", "How did my last match go?"),
        ),
        (
            "cooking",
            "loves cooking",
            (
                "Made a lamb biryani from my grandmother's recipe.",
                "Slow-roasted a pork shoulder for seven hours.",
                "Finally nailed a hollandaise without it splitting.",
                "Tried a Thai green curry paste from scratch.",
            ),
            ("What do I like doing in the kitchen?", "Am I a good cook?"),
        ),
        (
            "The pitch at the park was waterlogged.",
            "My phone contract ends in March.",
            "Our boiler pressure keeps dropping.",
            "The steep pitch of the roof makes the gutters hard to clean.",
            "Picked up a parcel at the post office.",
            "My brother got engaged.",
        ),
        (5, "Who got engaged?"),
        (1, "How long did I roast the pork?"),
    ),
    (
        "en-nat",
        "en",
        (
            "photos",
            "takes photos",
            (
                "Took photos of the frost on the spider webs.",
                "Printed my best photos for the club exhibition.",
                "Edited photos till midnight.",
                "Bought a wide-angle lens second-hand.",
            ),
            ("What is my hobby?", "What do I do with my camera?"),
        ),
        (
            "tea",
            "is into tea",
            (
                "Bought a tin of loose-leaf Darjeeling.",
                "My new cast-iron pot keeps the oolong hot for ages.",
                "A matcha whisk arrived in the post.",
                "Can't start the day without a strong Assam.",
            ),
            ("What do I like to drink?", "What's my favourite drink?"),
        ),
        (
            "Our flight to Malaga was delayed.",
            "The squash court was booked solid.",
            "Grew a squash the size of a football.",
            "The dog ate my sandwich.",
            "Changed banks to get a better rate.",
            "My daughter's school report was glowing.",
        ),
        (0, "Where was our delayed flight to?"),
        (2, "What arrived in the post?"),
    ),
    (
        "zh-fei",
        "zh",
        (
            "跑步",
            "常跑步",
            (
                "早上跑步跑了十公里。",
                "新买了一双跑步鞋。",
                "报名了城市马拉松，开始加练跑步。",
                "沿着江边慢跑了一圈。",
            ),
            ("我每天早上锻炼什么？", "我最近在准备什么比赛？"),
        ),
        (
            "爵士乐",
            "爱听爵士乐",
            (
                "昨晚去酒吧听了一场萨克斯现场。",
                "循环播放了整夜的比莉·哈乐黛。",
                "淘到一张迈尔斯·戴维斯的黑胶唱片。",
                "小号手即兴吹了十分钟，太过瘾了。",
            ),
            ("我喜欢什么类型的音乐？", "我平时爱听谁的歌？"),
        ),
        (
            "银行卡被冻结了。",
            "河边的堤坝修好了。",
            "老板让我周五交报告。",
            "打印机又卡纸了。",
            "侄女九月上小学。",
            "车险续保了。",
        ),
        (2, "老板让我什么时候交报告？"),
        (2, "我淘到了谁的唱片？"),
    ),
    (
        "zh-gu",
        "zh",
        (
            "瑜伽",
            "练瑜伽",
            (
                "早上做了半小时瑜伽。",
                "瑜伽课换了个新老师。",
                "买了一张新的瑜伽垫。",
                "终于能做头倒立了。",
            ),
            ("我平时怎么锻炼身体？", "我最近在练什么？"),
        ),
        (
            "做饭",
            "爱在家做饭",
            (
                "周末炖了一锅红烧肉。",
                "自己包了三十个饺子。",
                "学着做了糖醋排骨，味道还行。",
                "熬了一下午的鸡汤。",
            ),
            ("我喜欢在家做什么？", "我会做哪些菜？"),
        ),
        (
            "手机欠费停机了。",
            "飞机晚点了两个小时。",
            "小区门口新开了一家药店。",
            "表哥换了工作。",
            "楼上漏水到我家天花板。",
            "周三要去体检。",
        ),
        (5, "我哪天去体检？"),
        (1, "我包了多少个饺子？"),
    ),
    (
        "zh-he",
        "zh",
        (
            "书法",
            "练书法",
            (
                "每天晚上练一小时书法。",
                "书法老师夸我的字有进步。",
                "参加了社区的书法比赛。",
                "买了一刀宣纸和两支毛笔。",
            ),
            ("我有什么爱好？", "我最近在学写什么？"),
        ),
        (
            "徒步",
            "爱去户外徒步",
            (
                "上周末登顶了泰山，看到了日出。",
                "背着帐篷在野外露营了两晚。",
                "沿着古道走了二十公里，脚底全是泡。",
                "新买了一双防水的徒步鞋和两根手杖。",
            ),
            ("我周末喜欢去户外干什么？", "我平时喜欢什么运动？"),
        ),
        (
            "信用卡账单出来了。",
            "空调遥控器没电了。",
            "女儿的家长会改到周四。",
            "外卖送错了地址。",
            "单位发了两张电影票。",
            "菜单上的价格涨了。",
        ),
        (2, "家长会改到哪天？"),
        (3, "我买了什么鞋？"),
    ),
    (
        "zh-jiang",
        "zh",
        (
            "摄影",
            "爱好摄影",
            (
                "报了一个摄影班。",
                "摄影比赛拿了三等奖。",
                "在摄影论坛上发了几张夜景。",
                "新买了一个广角镜头。",
            ),
            ("我有什么爱好？", "我参加了什么比赛？"),
        ),
        (
            "喝茶",
            "爱喝茶",
            (
                "托朋友带了一饼普洱。",
                "每天下午泡一杯铁观音。",
                "买了一套紫砂的功夫茶具。",
                "明前龙井刚上市，抢了二两。",
            ),
            ("我平时爱喝什么？", "我喜欢什么饮品？"),
        ),
        (
            "打车去机场花了一百多。",
            "电梯坏了，爬了十层。",
            "邻居家装修吵了一天。",
            "打了一针流感疫苗。",
            "身份证快过期了。",
            "儿子学会了游泳。",
        ),
        (4, "什么证件快过期了？"),
        (2, "我买了什么茶具？"),
    ),
)

NOISE: tuple[Noise, ...] = (
    (
        "en-ola",
        "en",
        (
            "The deadline date moved to the end of May.",
            "Ate a whole box of dates on the sofa.",
            "Finally got a first date with the woman from the bakery.",
            "The bark on the silver birch is peeling.",
            "Next door's terrier has a shrill bark.",
            "Wore my only tie to the funeral.",
            "The league match ended in a tie.",
            "Struck a match to relight the pilot light.",
            "Replaced the kitchen sink.",
            "Our car insurance went up by a third.",
            "My neighbour lent me her ladder.",
            "Cleared the gutters before the rain.",
            "The school pupils raised money for the hospice.",
            "Got drops for a scratch on my pupil.",
        ),
        (
            (8, "What did I replace in the kitchen?"),
            (10, "Who lent me a ladder?"),
            (11, "What did I clear before the rain?"),
        ),
    ),
    (
        "en-pat",
        "en",
        (
            "The printing press at work jammed.",
            "The local press ran a story on the closure.",
            "Did twenty press-ups before bed.",
            "A seal popped up by the harbour wall.",
            "The seal on the fridge door has perished.",
            "Waved goodbye to my brother at the airport.",
            "A heat wave is forecast next week.",
            "Surfers caught a huge wave at Fistral.",
            "The lead in the old pipes needs replacing.",
            "She took the lead in the school play.",
            "Booked the car in for a service.",
            "The microwave stopped working.",
            "My aunt sent a postcard from Crete.",
            "The council emptied the bins late.",
        ),
        (
            (10, "What did I book the car in for?"),
            (12, "Where did my aunt send a postcard from?"),
            (13, "What did the council do late?"),
        ),
    ),
    (
        "en-quin",
        "en",
        (
            "Had a row with my sister about Christmas.",
            "Sat in the front row at the theatre.",
            "Took the rowing boat out on the lake.",
            "The rock concert was far too loud.",
            "A rock came through the windscreen on the motorway.",
            "Rocked the baby to sleep for an hour.",
            "Joined the book club at the library.",
            "The golf club snapped on the third hole.",
            "The club night in town shut at two.",
            "Paid the window cleaner.",
            "My passport photo was awful.",
            "Ordered a new mattress.",
            "The vet said the hamster is fine.",
            "The boiler made a clunking noise.",
        ),
        (
            (11, "What did I order?"),
            (12, "What did the vet say?"),
            (9, "Whom did I pay?"),
        ),
    ),
    (
        "zh-kong",
        "zh",
        (
            "打车去火车站花了六十块。",
            "楼下药店在打折。",
            "周末和同事打了一场篮球。",
            "小区花园里的月季开了。",
            "看手机太久，眼睛花了。",
            "花了一个月工资买了台电脑。",
            "早上开了三个小时的会。",
            "开车送女儿去上学。",
            "行李箱的轮子坏了。",
            "银行打电话来核实信息。",
            "厨房的下水道堵了。",
            "婆婆寄来了一箱苹果。",
            "宽带到期要续费了。",
            "阳台的玻璃裂了。",
        ),
        (
            (10, "什么堵了？"),
            (11, "婆婆寄来了什么？"),
            (13, "阳台的什么裂了？"),
        ),
    ),
    (
        "zh-lu",
        "zh",
        (
            "昨晚头疼得睡不着。",
            "在码头等了一个小时的渡轮。",
            "相机镜头摔坏了。",
            "儿子又长高了五厘米。",
            "坐了六个小时长途大巴。",
            "家长会上老师表扬了孩子。",
            "医生让我少吃盐。",
            "老婆为一点小事生气了。",
            "给学生批改了一晚上作文。",
            "公司楼下的咖啡店关门了。",
            "钥匙忘在办公室了。",
            "窗帘该洗了。",
            "冰箱里的鸡蛋坏了一个。",
            "邮局排队排了半小时。",
        ),
        (
            (10, "我把钥匙忘在哪儿了？"),
            (11, "什么该洗了？"),
            (13, "我在邮局排了多久的队？"),
        ),
    ),
    (
        "zh-mei",
        "zh",
        (
            "这个月水费涨了。",
            "买了一袋水果回家。",
            "公司说下个月发薪水。",
            "带孩子去了动物园。",
            "坐动车去了一趟杭州。",
            "看电影看得很感动。",
            "学校运动会在下周。",
            "晚上点了一份外卖。",
            "闹钟八点才响。",
            "领导说我做事太急是个缺点。",
            "洗衣机的排水管松了。",
            "自行车被偷了。",
            "同学给我介绍了一个牙医。",
            "门口的路灯不亮了。",
        ),
        (
            (11, "什么被偷了？"),
            (12, "同学给我介绍了谁？"),
            (13, "门口什么不亮了？"),
        ),
    ),
)


def build() -> dict[str, Any]:
    return build_set(
        HISTORIES,
        NOISE,
        "blind (helper profile13, written before any engine change): themes a user shows "
        "over weeks whose remarks share no word, noise remarks holding words of several "
        "senses (false themes), questions as a user asks them",
    )


if __name__ == "__main__":
    DATA.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n")
    print(DATA)
