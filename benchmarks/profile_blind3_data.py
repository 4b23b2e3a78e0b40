"""A third blind set of theme questions: themes with and without a shared word, and users whose
unrelated remarks share single characters or common words (issue 38, helper profile10).

Written and committed on 2026-12-06 before any engine change of the session that wrote it, and
not written from any engine miss: ``python -m benchmarks.profile_blind3_data`` writes
``benchmarks/data/profile_blind3.json``; ``python -m benchmarks.profile_blind2 --set
profile_blind3`` runs it. The shape is :mod:`benchmarks.profile_blind2_data`'s (the same days,
rows and questions).

Four users a language have two themes each, said as events over five weeks among six
unrelated remarks:

* a **worded** theme: its four episodes share a word (a marathon, 女儿, 健身房);
* a **wordless** theme: its four episodes are about one thing (a wedding being planned, a job
  search, a new kitten, a father in hospital) but share no word. A Chinese one may share a
  character of different words (猫粮, 猫爬架): ``shares_char`` in the theme row says so, computed
  from jieba's words when the file is written.

Three further users a language have fourteen unrelated remarks only, written so that remarks of
different matters share single Chinese characters of different words (车位 / 车站 / 洗车,
椅子 / 包子 / 孩子, 手机 / 打印机 / 饮水机) or English words of different senses or everyday
ones (a parking / raffle / train ticket, a river bank / the bank, work, home): any profile made
for them is a **false theme**. Three fact questions each.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.profile_blind2_data import History, noise_user, user

DATA = Path(__file__).parent / "data" / "profile_blind3.json"

HISTORIES: tuple[History, ...] = (
    (
        "en-dan",
        "en",
        (
            "marathon",
            "is training for a marathon",
            (
                "Ran eighteen miles this morning, my longest run before the marathon.",
                "Signed up for the Manchester marathon in April.",
                "My marathon training plan says a rest day, so I stretched instead.",
                "Bought energy gels to try on the long marathon runs.",
            ),
            ("What race am I preparing for?", "How is my running going?"),
        ),
        (
            "wedding",
            "is planning a wedding",
            (
                "Booked the venue, a barn in Somerset, for next June.",
                "Tasted three cakes and chose lemon and elderflower.",
                "The invitations went out to ninety guests.",
                "Found my dress at last, ivory lace.",
            ),
            ("Am I getting married?", "How are the wedding plans going?"),
        ),
        (
            "The dishwasher is leaking onto the kitchen floor.",
            "My cousin moved to Glasgow for university.",
            "Switched my phone contract to a cheaper one.",
            "The hairdresser cut my fringe far too short.",
            "Read a thriller on the train, couldn't put it down.",
            "Our street had a power cut for three hours.",
        ),
        (0, "What is leaking?"),
        (1, "Which cake flavour did I choose?"),
    ),
    (
        "en-eve",
        "en",
        (
            "choir",
            "sings in a choir",
            (
                "Choir rehearsal ran late, the tenors kept coming in early.",
                "Our choir is singing the Fauré Requiem at the cathedral.",
                "I got a short solo in the choir's Christmas concert.",
                "Practised my alto part for choir on the drive to work.",
            ),
            ("Do I do any singing?", "What music group am I part of?"),
        ),
        (
            "job search",
            "is looking for a new job",
            (
                "Sent off four applications this week.",
                "Had a second interview with a logistics firm.",
                "Updated my CV with the project management course.",
                "The council turned me down, they went with an internal candidate.",
            ),
            ("Am I looking for work?", "How is my job hunt going?"),
        ),
        (
            "My sister had her appendix out.",
            "The boiler engineer is coming on Thursday.",
            "Planted tulip bulbs along the front path.",
            "Our landlord finally fixed the damp in the bathroom.",
            "Saw a heron by the canal.",
            "Cancelled my gym membership.",
        ),
        (4, "What bird did I see?"),
        (1, "What kind of firm interviewed me?"),
    ),
    (
        "en-finn",
        "en",
        (
            "sourdough",
            "bakes sourdough bread",
            (
                "Fed my sourdough starter before bed.",
                "The sourdough came out flat, I think the kitchen was too cold.",
                "Tried a rye sourdough with caraway seeds.",
                "Gave a jar of sourdough starter to my neighbour.",
            ),
            ("What do I bake?", "How is my bread making going?"),
        ),
        (
            "piano",
            "is learning the piano",
            (
                "Practised scales for an hour before work.",
                "My teacher says my left hand is lagging behind.",
                "Managed the first page of Für Elise without stopping.",
                "Bought a used upright for the living room.",
            ),
            ("What instrument am I learning?", "How are my music lessons going?"),
        ),
        (
            "The car failed its MOT on the brakes.",
            "My daughter lost her first tooth.",
            "We're repainting the hallway grey.",
            "Jury service letter arrived for March.",
            "A fox has been digging up the lawn.",
            "Got a refund for the broken headphones.",
        ),
        (3, "What letter arrived?"),
        (3, "What did I buy for the living room?"),
    ),
    (
        "en-gwen",
        "en",
        (
            "food bank",
            "volunteers at a food bank",
            (
                "Sorted tins at the food bank all Saturday morning.",
                "The food bank ran out of nappies again.",
                "Drove the food bank van round the supermarkets for donations.",
                "Trained two new volunteers at the food bank.",
            ),
            ("Do I do any volunteering?", "Where do I help out on weekends?"),
        ),
        (
            "kitten",
            "has a new kitten",
            (
                "The vet gave Mochi her second jab.",
                "She shredded the curtains in the spare room.",
                "Litter training is going well, only one accident.",
                "Bought a scratching post taller than she is.",
            ),
            ("Do I have a pet?", "How is my new cat settling in?"),
        ),
        (
            "Our broadband is down again.",
            "My husband started night shifts at the hospital.",
            "Bought a winter coat in the sales.",
            "The school play is on Wednesday evening.",
            "My knee is sore after the hike.",
            "Paid off the last of the credit card.",
        ),
        (3, "When is the school play?"),
        (3, "What did I buy for the kitten?"),
    ),
    (
        "zh-an",
        "zh",
        (
            "羽毛球",
            "常打羽毛球",
            (
                "下班和同事打了两个小时羽毛球。",
                "新买的羽毛球拍太重了，手腕有点酸。",
                "周末羽毛球比赛拿了双打第三名。",
                "报了个羽毛球培训班，学反手。",
            ),
            ("我平时做什么运动？", "我的球技最近怎么样？"),
        ),
        (
            "婚礼",
            "在筹备婚礼",
            (
                "酒店宴会厅订好了，明年五月。",
                "试了三家的喜糖，最后选了巧克力的。",
                "请柬发出去了，来的人大概两百个。",
                "终于挑到了婚纱，象牙白的。",
            ),
            ("我是不是要结婚了？", "婚礼准备得怎么样了？"),
        ),
        (
            "洗衣机漏水了，地上全是水。",
            "表妹考上了研究生。",
            "换了个便宜点的手机套餐。",
            "理发师把刘海剪得太短了。",
            "地铁上看完了一本推理小说。",
            "小区停电停了三个小时。",
        ),
        (1, "谁考上了研究生？"),
        (3, "婚纱是什么颜色的？"),
    ),
    (
        "zh-bo",
        "zh",
        (
            "女儿",
            "女儿在上小学",
            (
                "女儿今天第一次自己骑自行车。",
                "女儿数学考了满分，奖励她吃了冰淇淋。",
                "给女儿报了游泳班，每周六上课。",
                "女儿换牙了，一下掉了两颗。",
            ),
            ("我家孩子最近怎么样？", "我给孩子报了什么班？"),
        ),
        (
            "求职",
            "在找工作",
            (
                "这周投了五份简历。",
                "下午去一家物流公司二面。",
                "人事说我的期望薪资太高了。",
                "区政府的岗位没录上，他们招了内部的人。",
            ),
            ("我在找工作吗？", "我求职进展如何？"),
        ),
        (
            "姐姐做了阑尾手术。",
            "锅炉师傅周四上门。",
            "在门前种了一排郁金香。",
            "房东终于把卫生间的霉处理了。",
            "在河边看到一只白鹭。",
            "把健身卡退了。",
        ),
        (4, "我在河边看到了什么鸟？"),
        (1, "我去哪种公司面试了？"),
    ),
    (
        "zh-chen",
        "zh",
        (
            "咖啡",
            "爱喝手冲咖啡",
            (
                "新买了一个手冲咖啡壶。",
                "咖啡豆换成了云南的，酸味淡一些。",
                "学会了拉花，在咖啡上画了个心。",
                "周末去咖啡馆上了一节品鉴课。",
            ),
            ("我最近迷上了什么饮品？", "我有什么爱好？"),
        ),
        (
            "父亲住院",
            "父亲做了手术在住院",
            (
                "老爷子周二做了搭桥手术。",
                "主治医生说恢复得不错，下周能出院。",
                "在病房陪床了一整夜。",
                "给他买了个血压计，每天早晚量一次。",
            ),
            ("我家里谁生病了？", "父亲的身体怎么样了？"),
        ),
        (
            "车年检没过，刹车片要换。",
            "闺女掉了第一颗牙。",
            "走廊刷成了灰色。",
            "收到了陪审员的通知。",
            "院子里的草坪被野猫刨了。",
            "坏耳机的退款到账了。",
        ),
        (3, "我收到了什么通知？"),
        (3, "我给父亲买了什么？"),
    ),
    (
        "zh-dai",
        "zh",
        (
            "健身房",
            "常去健身房",
            (
                "晚上去健身房练了腿。",
                "健身房的年卡续了。",
                "在健身房请了一个私教。",
                "健身房今天人太多，没练成。",
            ),
            ("我平时怎么锻炼？", "我在哪儿练身体？"),
        ),
        (
            "小猫",
            "新养了一只小猫",
            (
                "新来的小猫不肯吃猫粮。",
                "给它买了个三层的猫爬架。",
                "带它去打了第一针疫苗。",
                "半夜它把花瓶从桌上推下去了。",
            ),
            ("我养了什么宠物？", "我家的宠物最近怎么样？"),
        ),
        (
            "家里的宽带又断了。",
            "老公开始上夜班了。",
            "打折的时候买了件羽绒服。",
            "学校的话剧周三晚上演。",
            "爬山之后膝盖疼。",
            "信用卡终于还清了。",
        ),
        (3, "学校的话剧什么时候演？"),
        (1, "我给小猫买了什么？"),
    ),
)

# (id, lang, fourteen remarks of different matters, (remark index, fact question) x3)
Noise = tuple[str, str, tuple[str, ...], tuple[tuple[int, str], ...]]

NOISE: tuple[Noise, ...] = (
    (
        "en-nia",
        "en",
        (
            "Got a parking ticket outside the library.",
            "My credit card was declined at the petrol station.",
            "The bathroom light keeps flickering.",
            "Bought a raffle ticket at the school fair.",
            "Watched the football match at the pub with my cousin.",
            "Forgot to send a birthday card to my aunt.",
            "The new bakery on the corner sells great croissants.",
            "Our old boiler finally gave up.",
            "Booked a train ticket to Leeds for the conference.",
            "My library card expired, so I renewed it.",
            "My phone screen cracked on the stairs.",
            "The neighbours had a loud party until two.",
            "Couldn't find a match to light the candles in the power cut.",
            "A new window cleaner came round this morning.",
        ),
        (
            (7, "What gave up at home?"),
            (11, "Who kept me up at night?"),
            (6, "What does the new bakery sell?"),
        ),
    ),
    (
        "en-oli",
        "en",
        (
            "Work moved our team meeting to Fridays.",
            "Left my umbrella on the bus home.",
            "The new manager at work seems decent.",
            "The garden fence blew down in the storm.",
            "Home late again because of roadworks.",
            "My brother's band played a gig in Camden.",
            "The bank put a hold on my account.",
            "Had a picnic on the river bank with the kids.",
            "My work laptop needs a security update.",
            "Found mould behind the wardrobe at home.",
            "Got a flu jab at the pharmacy.",
            "The cinema near home is closing down.",
            "My friend lost her wedding ring at the gym.",
            "The ring road was closed for resurfacing.",
        ),
        (
            (3, "What blew down in the storm?"),
            (6, "What did the bank do?"),
            (10, "Where did I get a flu jab?"),
        ),
    ),
    (
        "en-pip",
        "en",
        (
            "The dog next door barked all night.",
            "Dinner at my in-laws went on forever.",
            "Bought a second-hand bike for commuting.",
            "My water bill doubled this quarter.",
            "The kitchen tap is dripping again.",
            "The hot dog stand outside the station has gone.",
            "The station clock is still an hour wrong.",
            "Signed up for a first aid course.",
            "Our internet was down for the whole evening.",
            "The tap water tastes of chlorine.",
            "Picked up my glasses from the optician.",
            "Police closed the station car park for an hour.",
            "My nephew turned eighteen.",
            "The post office queue was out the door.",
        ),
        (
            (2, "What did I buy for commuting?"),
            (7, "What course did I sign up for?"),
            (10, "Where did I pick up my glasses?"),
        ),
    ),
    (
        "zh-ma",
        "zh",
        (
            "楼下的车位被人占了。",
            "给阳台换了一把新椅子。",
            "手机屏幕摔裂了。",
            "坐地铁去车站接表哥。",
            "打印机卡纸了。",
            "包子铺今天没开门。",
            "水电费这个月涨了。",
            "电影院的爆米花太贵了。",
            "饮水机该换滤芯了。",
            "孩子学校组织去春游。",
            "周末去洗车，排了半小时队。",
            "冰箱里的牛奶过期了。",
            "同事请大家吃了蛋糕。",
            "电梯停电检修了一上午。",
        ),
        (
            (1, "我给阳台换了什么？"),
            (6, "哪项费用涨了？"),
            (11, "什么东西过期了？"),
        ),
    ),
    (
        "zh-niu",
        "zh",
        (
            "新买的桌子腿有点晃。",
            "飞机晚点了两个小时。",
            "头发剪短了，有点后悔。",
            "老家的房子要拆迁了。",
            "公司楼下开了一家面馆。",
            "司机绕了远路，多收了二十块。",
            "枕头太高，睡得脖子疼。",
            "电脑风扇声音特别大。",
            "大家一起给领导过了生日。",
            "买了一箱橙子。",
            "街头有人在卖烤红薯。",
            "充电宝忘在出租车上了。",
            "银行卡的密码忘了。",
            "楼上装修，吵了一整天。",
        ),
        (
            (0, "哪件家具有点晃？"),
            (4, "公司楼下开了什么店？"),
            (11, "充电宝落在哪儿了？"),
        ),
    ),
    (
        "zh-ou",
        "zh",
        (
            "朋友推荐了一部纪录片。",
            "和朋友约了周六打麻将。",
            "快递放在门口被人拿走了。",
            "老朋友从深圳来出差。",
            "网上买的东西到了，尺码不对。",
            "这个问题问了客服三次都没解决。",
            "东西太多，衣柜放不下了。",
            "路上堵车，到公司九点半了。",
            "中午食堂的红烧肉不错。",
            "空调遥控器找不到了。",
            "体检报告出来了，有点脂肪肝。",
            "下雨忘带伞，淋湿了。",
            "楼下的超市在打折。",
            "热水器的问题还没修好。",
        ),
        (
            (0, "朋友推荐了什么？"),
            (10, "体检查出了什么？"),
            (9, "什么找不到了？"),
        ),
    ),
)

_CJK = re.compile(r"[\u3400-\u9fff]")


def _shares_char(texts: list[str]) -> bool:
    """Whether two or more of ``texts`` hold one Chinese character inside different words
    (jieba's default cut), i.e. a theme held together by a character only."""
    from hybridmem import lexical

    holders: dict[str, set[int]] = {}
    for k, text in enumerate(texts):
        for word in lexical.words(text):
            if len(word) > 1:
                for char in word:
                    if _CJK.match(char):
                        holders.setdefault(char, set()).add(k)
    return any(len(ks) >= 2 for ks in holders.values())


def build_set(histories: Sequence[History], noise: Sequence[Noise], note: str) -> dict[str, Any]:
    """A blind profile set from its histories (each theme marked whether its remarks share a
    character) and its noise users: this set's and the later sets' one shape."""
    users = []
    for h in histories:
        row = user(h)
        for theme in row["themes"]:
            texts = [str(e["text"]) for e in row["episodes"] if e["theme"] == theme["theme"]]
            theme["shares_char"] = _shares_char(texts)
        users.append(row)
    return {"note": note, "users": users + [noise_user(*n) for n in noise]}


def build() -> dict[str, Any]:
    return build_set(
        HISTORIES,
        NOISE,
        "blind (helper profile10, written before any engine change): worded and wordless "
        "themes a user, and users whose unrelated remarks share characters or common words "
        "(false themes)",
    )


if __name__ == "__main__":
    DATA.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n")
    print(DATA)
