"""Colloquial value changes, instructions, corrections, values that flip: sixth blind set.

Written for hybridmem by the issue-38 helper ``stale6`` (2026-12-05 13:30 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind5`` uses, and committed as
``benchmarks/data/colloquial_blind6.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain`` (``natural_change``): a value replaced, said as a plain statement with no change
  word (where the car is parked, the pharmacy, the GP, the password manager, the nursery,
  the car insurer).
- ``back``: three values, the last a move back to the first; only the middle one is stale.
- ``style``: how the assistant should answer or act (weight unit, jargon, a greeting,
  reminders' channel, next-step suggestions, reading speed).
- ``stop``: a habit dropped, said without a change word; the newer statement is the answer.
- ``both``: controls, two statements both true; the newer above the older counts as stale.
- ``instruct``, a kind the earlier sets miss: an instruction for the future after a plain
  statement of the old value ("From now on order me the pad see ew", 以后都给我点炒河粉).
- ``correct``, a kind the earlier sets miss: a correction of something said wrong ("Sorry,
  choir is Tuesdays, not Thursdays", 不是周四，是周二); the correction names the old value too.
- ``flip``, a kind the earlier sets miss: a value that goes back and forth (four statements,
  A B A B); the last is the answer, both statements of the other value are stale, the first
  statement of the current value is neither.

``python -m benchmarks.scenarios_colloquial6 --dump benchmarks/data/colloquial_blind6.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind6.json`` splits it by language and kind (ids
``colloq6-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from datetime import timedelta

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Probe, Scenario, ScenarioNode
from benchmarks.scenarios_colloquial import _T0, _noise
from benchmarks.scenarios_colloquial2 import change_scenario
from benchmarks.scenarios_colloquial3 import both_true_scenario

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I park on level two of the Westgate car park.",
                "The car lives on the street outside, the residents' permit came through.",
            ),
            "Where does the user park?",
        ),
        (
            (
                "My prescriptions come from Boots on the high street.",
                "Repeat prescriptions get posted to me by Pharmacy2U.",
            ),
            "Where does the user get prescriptions from?",
        ),
        (
            (
                "I'm registered at the Church Lane surgery.",
                "Signed up with the Riverside practice round the corner, it's five minutes' walk.",
            ),
            "Which GP practice is the user registered with?",
        ),
        (
            (
                "My passwords live in LastPass.",
                "1Password holds all my logins, the family plan covers everyone.",
            ),
            "Which password manager does the user use?",
        ),
        (
            (
                "Our daughter goes to Little Acorns nursery.",
                "Busy Bees has our daughter three days a week, it's on my way to work.",
            ),
            "Which nursery does the user's daughter go to?",
        ),
        (
            (
                "Car insurance is with Aviva.",
                "Admiral does the car insurance, half what the renewal quote was.",
            ),
            "Who insures the user's car?",
        ),
    ],
    "zh": [
        (
            ("我的车停在小区地下车库B2。", "车都停路边了，办了个包月停车证。"),
            "用户的车停在哪？",
        ),
        (
            ("药我在老百姓大药房买。", "药都在美团买药上下单，半小时送到家。"),
            "用户在哪买药？",
        ),
        (
            ("我平时看病去市一医院。", "头疼脑热都去社区医院，离家近还不用排队。"),
            "用户平时去哪看病？",
        ),
        (
            ("我用搜狗输入法。", "输入法装的微信键盘，没有广告。"),
            "用户用什么输入法？",
        ),
        (
            ("女儿上的是阳光幼儿园。", "女儿每天在小区里的蒙氏园，走路三分钟。"),
            "用户的女儿上哪个幼儿园？",
        ),
        (
            ("车险买的平安。", "人保的车险报价便宜一截，就在他们那儿上了。"),
            "用户的车险是哪家的？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I brush with Colgate.",
                "Sensodyne for my teeth, they've gone sensitive.",
                "Colgate again, the sensitivity cleared up.",
            ),
            "Which toothpaste does the user use?",
        ),
        (
            (
                "I listen to podcasts on Spotify.",
                "Pocket Casts for podcasts, the queue is better.",
                "Podcasts are on Spotify, I couldn't be bothered with two apps.",
            ),
            "Which app does the user listen to podcasts in?",
        ),
        (
            (
                "My calendar is in Outlook.",
                "Google Calendar runs my life, it syncs with the kids' school.",
                "Outlook calendar, the work one is the only one I look at.",
            ),
            "Which calendar does the user use?",
        ),
        (
            (
                "I navigate with Google Maps.",
                "Waze gets me around, it knows where the speed cameras are.",
                "Google Maps for directions, Waze kept sending me down farm tracks.",
            ),
            "Which app does the user navigate with?",
        ),
        (
            (
                "I play tennis with Raj.",
                "Tennis is with my neighbour Colin.",
                "Raj and I are playing tennis on Sundays, Colin moved away.",
            ),
            "Who does the user play tennis with?",
        ),
        (
            (
                "We buy semi-skimmed milk.",
                "Oat milk in the fridge, the little one is off dairy.",
                "Semi-skimmed, the dairy thing was a false alarm.",
            ),
            "What milk does the user buy?",
        ),
    ],
    "zh": [
        (
            ("我用云南白药牙膏。", "牙膏用舒适达，牙齿敏感。", "还是云南白药，敏感好了。"),
            "用户用什么牙膏？",
        ),
        (
            (
                "我在小宇宙听播客。",
                "播客在喜马拉雅上听，会员送的。",
                "小宇宙听播客，喜马拉雅广告太多。",
            ),
            "用户在哪个App听播客？",
        ),
        (
            (
                "日程我记在钉钉日历里。",
                "日程都放手机自带的日历，方便。",
                "日程回到钉钉日历，公司要求的。",
            ),
            "用户的日程记在哪？",
        ),
        (
            ("开车我用高德导航。", "百度地图导航，语音包好听。", "高德导航，百度老是绕路。"),
            "用户开车用什么导航？",
        ),
        (
            ("我跟老周打羽毛球。", "打球搭子是隔壁小陈。", "又跟老周打羽毛球了，小陈搬走了。"),
            "用户跟谁打羽毛球？",
        ),
        (
            (
                "家里喝蒙牛纯牛奶。",
                "家里订的燕麦奶，孩子乳糖不耐。",
                "纯牛奶，乳糖不耐是虚惊一场。",
            ),
            "用户家喝什么奶？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            ("Give my weight in stone.", "Kilos for my weight, the gym app uses them."),
            "Which unit should the user's weight be given in?",
        ),
        (
            ("Use the proper technical terms with me.", "Plain words please, skip the jargon."),
            "Should technical jargon be used with the user?",
        ),
        (
            ("Start each reply with a hello.", "Just get to the answer, no greeting."),
            "Should replies to the user start with a greeting?",
        ),
        (
            ("Send my reminders by email.", "Reminders by text, I never check email."),
            "How should reminders reach the user?",
        ),
        (
            (
                "End each answer with a suggestion of what to do next.",
                "Stop at the answer, no next steps tacked on.",
            ),
            "Should answers to the user end with next-step suggestions?",
        ),
        (
            (
                "Read answers aloud at normal speed.",
                "Slower when you read aloud, I catch maybe half.",
            ),
            "How fast should answers be read aloud to the user?",
        ),
    ],
    "zh": [
        (
            ("体重用斤说。", "体重报公斤，健身App用的公斤。"),
            "给用户说体重用什么单位？",
        ),
        (
            ("跟我说话可以用专业术语。", "说人话，别一堆术语。"),
            "跟用户能用专业术语吗？",
        ),
        (
            ("每次回复先跟我打个招呼。", "直接说答案，招呼就免了。"),
            "回复用户要不要先打招呼？",
        ),
        (
            ("提醒发我邮箱。", "提醒发短信，邮箱我不看。"),
            "怎么给用户发提醒？",
        ),
        (
            ("回答完给我列一下下一步建议。", "答完就停，别画蛇添足加建议。"),
            "回答完要不要给用户加下一步建议？",
        ),
        (
            ("朗读用正常语速。", "念的时候慢点，我跟不上。"),
            "给用户朗读要多快？",
        ),
    ],
}

STOP: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I have a glass of wine most evenings.",
                "Sober seven months, sparkling water does me fine.",
            ),
            "Does the user drink alcohol?",
        ),
        (
            ("I play the piano every evening.", "The piano's been sold, nobody touched it."),
            "Does the user play the piano?",
        ),
        (
            (
                "I scroll TikTok before bed.",
                "TikTok's off my phone, I read before bed.",
            ),
            "Does the user use TikTok?",
        ),
        (
            (
                "I bet on the football at weekends.",
                "Self-excluded from every betting site, best thing I ever did.",
            ),
            "Does the user bet on football?",
        ),
        (
            (
                "I run a stall at the Saturday market.",
                "The market pitch is someone else's, the rent killed it.",
            ),
            "Does the user run a market stall?",
        ),
        (
            (
                "I volunteer at the food bank on Wednesdays.",
                "Haven't been to the food bank since my knee op.",
            ),
            "Does the user volunteer at the food bank?",
        ),
    ],
    "zh": [
        (
            ("我每天晚上喝点白酒。", "滴酒不沾七个月了，气泡水挺好。"),
            "用户喝酒吗？",
        ),
        (
            ("我每天晚上练钢琴。", "钢琴卖掉了，放着落灰。"),
            "用户还弹钢琴吗？",
        ),
        (
            ("我睡前刷抖音。", "抖音从手机上删了，睡前看会儿书。"),
            "用户刷抖音吗？",
        ),
        (
            ("我周末买彩票。", "彩票一张都不碰，纯属交智商税。"),
            "用户买彩票吗？",
        ),
        (
            ("我周六在夜市摆摊。", "夜市那个摊位是别人的了，摊位费太贵。"),
            "用户还在夜市摆摊吗？",
        ),
        (
            ("我每周三去养老院做义工。", "膝盖手术以后就没去过养老院。"),
            "用户还去养老院做义工吗？",
        ),
    ],
}

INSTRUCT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "At the Thai place I get the green curry.",
                "From now on order me the pad see ew at the Thai place.",
            ),
            "What should be ordered for the user at the Thai place?",
        ),
        (
            (
                "I sit in the stalls at the theatre.",
                "From now on, book me into the circle for shows.",
            ),
            "Where should the user be seated at the theatre?",
        ),
        (
            (
                "My pizza is a margherita.",
                "Going forward, get me a pepperoni when we order pizza.",
            ),
            "What pizza should be ordered for the user?",
        ),
        (
            (
                "Flowers for my wife are usually roses.",
                "Next time and every time after, get tulips for my wife.",
            ),
            "What flowers should be bought for the user's wife?",
        ),
        (
            (
                "My one-to-ones are in the morning.",
                "Put my one-to-ones after lunch from here on.",
            ),
            "When should the user's one-to-ones be scheduled?",
        ),
        (
            (
                "My shirts go to Johnson's dry cleaners.",
                "From next week, take my shirts to the laundrette on Elm Street.",
            ),
            "Where should the user's shirts be taken?",
        ),
    ],
    "zh": [
        (
            ("泰国菜我一般点绿咖喱。", "以后泰国菜都给我点炒河粉。"),
            "泰国菜给用户点什么？",
        ),
        (
            ("看话剧我坐池座。", "以后看话剧都给我订楼上的座。"),
            "看话剧给用户订哪的座？",
        ),
        (
            ("披萨我吃玛格丽特。", "以后点披萨给我来个意式香肠的。"),
            "给用户点什么披萨？",
        ),
        (
            ("给老婆买花一般买玫瑰。", "以后给我老婆买郁金香。"),
            "给用户老婆买什么花？",
        ),
        (
            ("我的一对一会议排在上午。", "往后一对一都排到下午。"),
            "用户的一对一会议排在什么时候？",
        ),
        (
            ("衬衫我送楼下干洗店洗。", "以后衬衫都拿去荣华路那家洗衣店。"),
            "用户的衬衫送到哪里洗？",
        ),
    ],
}

CORRECT: dict[str, list[Change]] = {
    "en": [
        (
            ("Choir practice is on Thursdays.", "Sorry, choir is Tuesdays, not Thursdays."),
            "Which day is the user's choir practice?",
        ),
        (
            (
                "My niece is called Katie.",
                "I got that wrong, my niece is Kirsty, Katie is her friend.",
            ),
            "What is the user's niece called?",
        ),
        (
            ("I live at flat 14.", "Actually it's flat 41, I always swap the digits."),
            "What is the user's flat number?",
        ),
        (
            (
                "The boiler service is booked for the 9th.",
                "No, the boiler man comes on the 19th, I misread the email.",
            ),
            "When is the user's boiler service?",
        ),
        (
            ("My shoe size is 9.", "Scratch that, I'm a size 10 in trainers."),
            "What shoe size is the user?",
        ),
        (
            (
                "Book club meets at Lena's.",
                "Not Lena's, book club is at Priya's, I mixed them up.",
            ),
            "Where does the user's book club meet?",
        ),
    ],
    "zh": [
        (
            ("合唱团周四排练。", "说错了，合唱团是周二排练，不是周四。"),
            "用户的合唱团哪天排练？",
        ),
        (
            ("我外甥女叫小雨。", "记错了，外甥女叫小雪，小雨是她同学。"),
            "用户的外甥女叫什么？",
        ),
        (
            ("我家门牌是14号。", "不对，是41号，我老把数字说反。"),
            "用户家门牌号是多少？",
        ),
        (
            ("热水器保养约在9号。", "不是9号，是19号来，我看错短信了。"),
            "用户的热水器保养约在哪天？",
        ),
        (
            ("我穿42码的鞋。", "更正一下，运动鞋我穿43码。"),
            "用户穿多大码的鞋？",
        ),
        (
            ("读书会在丽娜家。", "读书会不在丽娜家，在小敏家，我搞混了。"),
            "用户的读书会在谁家？",
        ),
    ],
}

# Four statements, A B A B: the last is the answer.
FLIP: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I sleep on the left side of the bed.",
                "Right side of the bed for me, the window draughts.",
                "Left side again, we moved the bed.",
                "Back on the right, the bed's by the window again.",
            ),
            "Which side of the bed does the user sleep on?",
        ),
        (
            (
                "My phone's on silent all day.",
                "Ringer on, I missed the school calling.",
                "Phone on silent, meetings all week.",
                "Ringer's on, waiting on the surgery's call.",
            ),
            "Is the user's phone on silent or ringing?",
        ),
        (
            (
                "I hot-desk on the second floor.",
                "My desk is by the kitchen on the third floor.",
                "Second floor, the team got split up.",
                "Third floor by the kitchen, the team moved back up.",
            ),
            "Which floor does the user sit on?",
        ),
        (
            (
                "I'm doing keto.",
                "Carbs are on the menu, keto was miserable.",
                "Keto from Monday, the jeans are tight.",
                "Pasta every other night, keto made me grumpy.",
            ),
            "Is the user doing keto?",
        ),
        (
            (
                "My hair is dyed red.",
                "My hair's my natural brown.",
                "Red for the summer.",
                "Brown, the red faded too fast.",
            ),
            "What colour is the user's hair?",
        ),
        (
            (
                "The kids go to bed at seven.",
                "Bedtime's eight for the kids in the holidays.",
                "Seven o'clock bedtime, school's started.",
                "Eight o'clock for the kids, it's half-term.",
            ),
            "What time do the user's kids go to bed?",
        ),
    ],
    "zh": [
        (
            (
                "我睡床的左边。",
                "我睡右边，左边靠墙太挤。",
                "又睡左边了，床挪了位置。",
                "还是睡右边，床又挪回窗边了。",
            ),
            "用户睡床的哪一边？",
        ),
        (
            (
                "我手机一直静音。",
                "手机开着响铃，学校打电话没接到。",
                "这周手机静音，天天开会。",
                "响铃开着，等医院电话。",
            ),
            "用户手机静音还是开响铃？",
        ),
        (
            (
                "我在二楼工位办公。",
                "工位在三楼茶水间旁边。",
                "二楼办公，团队拆开了。",
                "三楼，团队又搬上去了。",
            ),
            "用户在几楼办公？",
        ),
        (
            (
                "我在吃生酮。",
                "碳水照吃，生酮太难受。",
                "下周一开始生酮，裤子紧了。",
                "米饭面条照吃，生酮吃得人暴躁。",
            ),
            "用户在吃生酮吗？",
        ),
        (
            (
                "我头发染的红色。",
                "头发是自然的棕色。",
                "夏天染成红色。",
                "棕色，红色掉得太快。",
            ),
            "用户头发什么颜色？",
        ),
        (
            (
                "孩子七点睡觉。",
                "放假孩子八点睡。",
                "开学了，七点睡。",
                "八点睡，放小长假。",
            ),
            "用户的孩子几点睡？",
        ),
    ],
}

# (older statement, newer statement that is also true, question about the older one)
BOTH: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "My passport is in the top drawer of the desk.",
            "The spare house keys are with next door.",
            "Where does the user keep their passport?",
        ),
        (
            "My son has swimming lessons on Mondays.",
            "My daughter does ballet on Wednesdays.",
            "When does the user's son have swimming lessons?",
        ),
        (
            "I watch the rugby on Saturdays.",
            "On Sundays I watch the Formula One.",
            "What sport does the user watch on Saturdays?",
        ),
        (
            "Work documents go in the shared drive.",
            "Family photos go on the external hard drive.",
            "Where do the user's work documents go?",
        ),
        (
            "I ring my mum on Sunday mornings.",
            "I message my brother most Thursdays.",
            "When does the user call their mum?",
        ),
        (
            "Birthday presents I buy online.",
            "Christmas presents I get at the Christmas market.",
            "Where does the user buy birthday presents?",
        ),
    ],
    "zh": [
        (
            "护照放在书桌最上面的抽屉里。",
            "备用钥匙放在邻居家。",
            "用户的护照放在哪？",
        ),
        (
            "儿子每周一上游泳课。",
            "女儿周三学芭蕾。",
            "用户的儿子哪天上游泳课？",
        ),
        (
            "周六我看英超。",
            "周日我看F1。",
            "用户周六看什么比赛？",
        ),
        (
            "工作文件存在公司网盘。",
            "家里的照片存在移动硬盘。",
            "用户的工作文件存在哪？",
        ),
        (
            "周日上午给我妈打电话。",
            "周四跟我弟发微信聊两句。",
            "用户什么时候给妈妈打电话？",
        ),
        (
            "生日礼物我在网上买。",
            "过年的礼物我去商场挑。",
            "用户在哪买生日礼物？",
        ),
    ],
}


def _change(kind: str, lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    # A move back: only the value in between is stale (as in the second blind set).
    return change_scenario(f"colloq6-{kind}-{lang}-{i}", lang, i + 5, said, query)


def _flip(lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    """A value said four times, A B A B, 14 days apart among noise: the last is the answer,
    both statements of the other value are stale, the first statement of the current value
    is neither (it states the current value, but older)."""
    sid = f"colloq6-flip-{lang}-{i}"
    nodes = [_noise(lang, i + 5, d, sid) for d in (2, 9, 16, 30, 37, 51)]
    ids = [f"{sid}.v{j}" for j in range(len(said))]
    for j, text in enumerate(said):
        nodes.append(ScenarioNode(ids[j], text, "fact", None, _T0 + timedelta(days=14 * j)))
    last = len(said) - 1
    stale = frozenset(ids[j] for j in range(len(said)) if (last - j) % 2 == 1)
    nodes.sort(key=lambda n: n.created_at)
    probe = Probe(query, None, frozenset({ids[-1]}), stale=stale)
    now = max(n.created_at for n in nodes) + timedelta(days=2)
    return Scenario(sid, "natural_change", lang, tuple(nodes), (probe,), now)


def _both(lang: str, i: int, older: str, newer: str, query: str) -> Scenario:
    return both_true_scenario(f"colloq6-both-{lang}-{i}", lang, i + 5, older, newer, query)


def build() -> list[Scenario]:
    """Every scenario of the sixth blind set, kinds in the order of the module docstring."""
    out: list[Scenario] = []
    tables = (("plain", PLAIN), ("back", BACK), ("style", STYLE), ("stop", STOP))
    for kind, table in tables:
        for lang, items in table.items():
            out.extend(_change(kind, lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, pairs in BOTH.items():
        out.extend(_both(lang, i, o, n, q) for i, (o, n, q) in enumerate(pairs))
    for kind, table in (("instruct", INSTRUCT), ("correct", CORRECT)):
        for lang, items in table.items():
            out.extend(_change(kind, lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, items in FLIP.items():
        out.extend(_flip(lang, i, said, q) for i, (said, q) in enumerate(items))
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
