"""Moves back and style changes said without a change word: twenty-fourth colloquial blind set
(issue 38, helper back25).

Written fresh by back25 before any engine change and before reading the earlier sets' back and
style lines, on lives, attributes and wording of its own (a primary teacher in Cork; a
programmer from Harbin working in Hangzhou), and committed as
``benchmarks/data/colloquial_blind24.json`` before anything was run on it. Two kinds, eight a
language:

- ``back`` (``natural_change``): three values of one standing attribute, the last a move back
  to the first (A, B, A); most say the return with no "back" / "again" / 又 / 回: the returned
  value in use, beside the reason for leaving the middle one, a complaint or a bodily state
  ("Siobhán squeezed me in on Thursday, the barber butchered my fringe", 食堂的饭吃着踏实，外卖
  吃得我老拉肚子); only the middle value is stale, the last answers.
- ``style`` (``natural_change``): a way the user likes a thing done, or wants the assistant to
  write or speak, replaced by another said plainly, often with the reason's feeling beside it
  and no change word ("Bullet points only, I've no time for essays", 枕头得硬的，软的睡得我
  脖子疼); the first is stale, the second answers.

Every user has six other facts of their own written first (as in blind14 and blind16..23),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial24 --dump
benchmarks/data/colloquial_blind24.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind24.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I swim lengths at the Leisureworld pool before school.",
                "Doing the 6.30 spin class at the gym on Grand Parade these mornings.",
                "Forty lengths at Leisureworld before the bell, spin was wrecking my lower back.",
            ),
            "What does the user do for exercise before school?",
        ),
        (
            (
                "Our electricity is with Electric Ireland.",
                "Switched the electricity over to Bord Gáis for the discount.",
                "Electric Ireland are doing our power since the first, "
                "Bord Gáis's billing was a disaster.",
            ),
            "Which company is the user's electricity with?",
        ),
        (
            (
                "Siobhán in Douglas cuts my hair.",
                "A barber on Oliver Plunkett Street has been doing my cuts this summer.",
                "Siobhán squeezed me in on Thursday, the barber butchered my fringe.",
            ),
            "Who does the user get to cut their hair?",
        ),
        (
            (
                "I bring a packed lunch from home to school.",
                "I get the hot dinner in the staff canteen at lunchtime.",
                "Brown bread sandwiches from home in the lunchbox, "
                "the canteen was costing me a fortune.",
            ),
            "What does the user do for lunch on school days?",
        ),
        (
            (
                "The car is insured with Aviva.",
                "Moved the car insurance to FBD, they were cheaper.",
                "Aviva came in lowest at renewal, so FBD can whistle.",
            ),
            "Which insurer covers the user's car?",
        ),
        (
            (
                "Aoife from down the road walks our dog Bruno at lunchtime.",
                "Bruno goes to a doggy daycare in Blackpool during the day.",
                "Aoife's collecting Bruno at noon, the daycare had him coming home filthy.",
            ),
            "Who looks after the user's dog during the working day?",
        ),
        (
            (
                "The weekly shop is at Lidl in Ballincollig.",
                "Tesco delivers our weekly shop on Friday evenings.",
                "Big shop done in Lidl Ballincollig Saturday, "
                "the delivery lads kept subbing everything.",
            ),
            "Where does the user do the weekly food shop?",
        ),
        (
            (
                "I sing alto in the St Finbarr's cathedral choir.",
                "I've joined a gospel choir that rehearses at the city library.",
                "Robes on at St Finbarr's for the carol service, "
                "the gospel lot were too far a trek.",
            ),
            "Which choir does the user sing in?",
        ),
    ],
    "zh": [
        (
            (
                "我的文件都存在百度网盘里。",
                "文件现在都放阿里云盘了。",
                "百度网盘续了一年会员，阿里那个老是同步失败。",
            ),
            "用户的文件存在哪个网盘？",
        ),
        (
            (
                "我中午都在公司食堂吃。",
                "中午点外卖，手机上随便点一份。",
                "食堂的饭吃着踏实，外卖吃得我老拉肚子。",
            ),
            "用户中午在哪儿吃饭？",
        ),
        (
            (
                "我每天开车去公司。",
                "最近上班坐公交，坐B支线。",
                "车从4S店提回来了，每天自己开去公司，公交等得我心烦。",
            ),
            "用户怎么去公司上班？",
        ),
        (
            (
                "我一直在楼下老王的理发店剪头。",
                "头发去商场里的托尼老师那儿剪了。",
                "周末让老王给我推了个寸头，商场那家贵得离谱。",
            ),
            "用户的头发找谁剪？",
        ),
        (
            (
                "我工资一直发在招商银行的卡上。",
                "公司统一办了工商银行的工资卡。",
                "跟人事说好了工资打招行卡上，工行那张取钱还收手续费。",
            ),
            "用户的工资打进哪家银行？",
        ),
        (
            (
                "我晚上在西湖边夜跑。",
                "晚上去公司楼下的健身房撸铁。",
                "晚饭后绕着西湖跑个五公里，健身房人多得要排队。",
            ),
            "用户晚上做什么运动？",
        ),
        (
            (
                "我早上喝一杯豆浆。",
                "早饭喝的是一盒纯牛奶。",
                "买了台豆浆机每天早上自己打，牛奶喝了胀气。",
            ),
            "用户早饭喝的是什么？",
        ),
        (
            (
                "我住在公司附近的单身公寓。",
                "跟两个朋友合租了一套三居室。",
                "公司边上的公寓签了一年，合租的室友天天打游戏到半夜。",
            ),
            "用户现在住的是什么房子？",
        ),
    ],
}

STYLE: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "Answer me in Irish when you can, I'm practising.",
                "English answers are grand, the Irish was slowing me down too much.",
            ),
            "Which language should the assistant answer the user in?",
        ),
        (
            (
                "Call me Mr Cronin in your replies.",
                "Just Dec is fine, Mr Cronin makes me feel ancient.",
            ),
            "What should the assistant call the user?",
        ),
        (
            (
                "Give me long answers with all the background.",
                "Bullet points only, I've no time for essays.",
            ),
            "How does the user want answers laid out?",
        ),
        (
            (
                "I like my steak well done.",
                "Steak rare, barely warm in the middle, the well done ones were like leather.",
            ),
            "How does the user like steak cooked?",
        ),
        (
            (
                "Reminders by text message suit me best.",
                "Ring me for reminders, texts just get buried under the school WhatsApps.",
            ),
            "How does the user want to get reminders?",
        ),
        (
            (
                "Send me the plan for the week on Sunday night.",
                "The week's plan first thing Monday, on Sunday nights my head is switched off.",
            ),
            "When does the user want the week's plan sent?",
        ),
        (
            (
                "Chips with salt and vinegar for me.",
                "Curry sauce on my chips, the vinegar stings my mouth.",
            ),
            "How does the user like their chips?",
        ),
        (
            (
                "My porridge is made with water and a pinch of salt.",
                "Porridge made with milk and a spoon of honey, the salty one was grim.",
            ),
            "How does the user like porridge made?",
        ),
    ],
    "zh": [
        (
            ("给我推荐歌就推粤语歌。", "推歌就推民谣吧，粤语的我听不懂。"),
            "用户想让助手推荐什么歌？",
        ),
        (
            ("叫我小刘就行。", "称呼我刘工吧，在同事面前叫小刘不太好。"),
            "助手该怎么称呼用户？",
        ),
        (("火锅我吃微辣。", "火锅必须特辣，微辣一点味道都没有。"), "用户吃火锅要什么辣度？"),
        (("饺子我爱吃猪肉白菜馅的。", "饺子就认三鲜馅，猪肉的太腻。"), "用户喜欢什么馅的饺子？"),
        (
            ("给我讲代码的时候多举几个例子。", "代码问题直接给答案，别绕弯子，例子看着累。"),
            "用户希望助手怎么讲代码问题？",
        ),
        (
            ("提醒我的事发微信就行。", "有事直接打电话，微信消息多得根本看不过来。"),
            "用户希望别人怎么提醒他？",
        ),
        (("我睡觉喜欢软一点的枕头。", "枕头得硬的，软的睡得我脖子疼。"), "用户喜欢什么样的枕头？"),
        (
            ("豆腐脑我吃咸的。", "豆腐脑放糖，甜口的才好吃，咸的齁得慌。"),
            "用户吃豆腐脑是甜口还是咸口？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I teach fourth class in a primary school in Cork.",
        "My brother Fergal farms outside Macroom.",
        "Penicillin brings me out in a rash all over.",
        "I play camogie with the Glen Rovers over-thirties.",
        "We've a Jack Russell called Bruno.",
        "My wife Niamh is a pharmacist.",
        "I'm doing a night course in woodturning.",
        "My birthday is the ninth of June.",
    ),
    "zh": (
        "我老家是哈尔滨的。",
        "我在杭州一家电商公司写后端代码。",
        "我对芒果过敏，一吃嘴就肿。",
        "我姐姐在大连当中学老师。",
        "我养了一只橘猫叫大黄。",
        "我女朋友是做UI设计的。",
        "我周末在学吉他。",
        "我生日是腊月初八。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the twenty-fourth blind set."""
    return with_mentions("colloq24", 24, (("back", BACK), ("style", STYLE)), {}, {}, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
