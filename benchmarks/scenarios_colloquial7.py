"""Moves back and values that flip, with their controls: seventh colloquial blind set.

Written for hybridmem by the issue-38 helper ``moveback9`` (2026-12-05 21:20 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind6`` uses, and committed as
``benchmarks/data/colloquial_blind7.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``back``: three values, the last a move back to the first; only the middle one is stale.
  Half of the moves back say the first value in (nearly) its old words ("Persil again"),
  the way people say it, the rest in new words.
- ``flip``: a value that goes back and forth (four statements, A B A B); the last is the
  answer, both statements of the other value are stale, the first statement of the current
  value is neither.
- ``both``: controls, two statements both true; the newer above the older counts as stale.
- ``repeat``: controls, a change and then the new value said again with no change in between
  (X, A, A again): either statement of A is the answer and X is stale; the repeat must not
  read as a change (no false change, one current value).

``python -m benchmarks.scenarios_colloquial7 --dump benchmarks/data/colloquial_blind7.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind7.json`` splits it by language and kind (ids
``colloq7-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from datetime import timedelta

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Probe, Scenario, ScenarioNode
from benchmarks.scenarios_colloquial import _T0, _noise
from benchmarks.scenarios_colloquial2 import change_scenario, repeat_scenario
from benchmarks.scenarios_colloquial3 import both_true_scenario

Change = tuple[tuple[str, ...], str]

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I shave with a safety razor.",
                "Electric shaver these days, it's quicker before work.",
                "Safety razor again, the electric one gave me a rash.",
            ),
            "What does the user shave with?",
        ),
        (
            (
                "Our washing powder is Persil.",
                "We use Ecover for the washing now, it's kinder on my skin.",
                "Persil again, Ecover didn't shift the grass stains.",
            ),
            "Which washing powder does the user use?",
        ),
        (
            (
                "Two pillows on my side of the bed.",
                "Just the one pillow now, the physio said so.",
                "Two pillows on my side again, one was doing my neck in.",
            ),
            "How many pillows does the user use?",
        ),
        (
            (
                "I carry my laptop in a backpack.",
                "Messenger bag for the laptop now, the backpack looked scruffy.",
                "Laptop's back in the backpack, the messenger bag wrecked my shoulder.",
            ),
            "What does the user carry their laptop in?",
        ),
        (
            (
                "DuckDuckGo is my search engine.",
                "Searching with Ecosia now, it plants trees.",
                "DuckDuckGo is my search engine again.",
            ),
            "Which search engine does the user use?",
        ),
        (
            (
                "My to-do list lives in a paper notebook.",
                "To-dos are all in Todoist now.",
                "Ditched Todoist, it nagged too much; the paper notebook has my list.",
            ),
            "Where does the user keep their to-do list?",
        ),
    ],
    "zh": [
        (
            ("我用蓝月亮洗衣液。", "洗衣液换成立白了，味道淡一点。", "又用回蓝月亮洗衣液了。"),
            "用户用什么洗衣液？",
        ),
        (
            (
                "我用手动剃须刀刮胡子。",
                "现在用电动剃须刀了，早上快。",
                "还是手动剃须刀刮胡子，电动的刮不干净。",
            ),
            "用户用什么刮胡子？",
        ),
        (
            ("我睡觉垫两个枕头。", "现在一个枕头，理疗师说的。", "睡觉又垫两个枕头了。"),
            "用户睡觉垫几个枕头？",
        ),
        (
            (
                "电脑我背双肩包。",
                "换了个斜挎包装电脑，双肩包太土。",
                "斜挎包勒肩膀，电脑又塞回双肩包里了。",
            ),
            "用户的电脑装在什么包里？",
        ),
        (
            ("搜东西我用必应。", "现在搜东西用夸克，广告少。", "夸克不好用，搜东西还是必应。"),
            "用户搜东西用什么？",
        ),
        (
            (
                "待办事项我记在纸本子上。",
                "待办都记在滴答清单里了。",
                "滴答清单老弹提醒，待办又记回纸本子了。",
            ),
            "用户的待办事项记在哪？",
        ),
    ],
}

FLIP: dict[str, list[Change]] = {
    "en": [
        (
            (
                "The car radio's on Radio 2.",
                "Radio 4 in the car now.",
                "Radio 2 in the car again.",
                "Car radio's back on Radio 4, the election coverage.",
            ),
            "Which station is the user's car radio on?",
        ),
        (
            (
                "I work sitting down.",
                "Standing at the desk all day now.",
                "Sitting again, my feet ached.",
                "The standing desk is back up, my back was killing me.",
            ),
            "Does the user work sitting or standing?",
        ),
        (
            (
                "I shower in the mornings.",
                "Evening showers now, I sleep better.",
                "Morning showers again, I need waking up.",
                "Showering at night, the mornings are too rushed.",
            ),
            "When does the user shower?",
        ),
        (
            (
                "I eat lunch at my desk.",
                "Lunch in the canteen with the team now.",
                "Desk lunches again, too busy.",
                "Canteen for lunch, the team dragged me back.",
            ),
            "Where does the user eat lunch at work?",
        ),
        (
            (
                "My phone's on dark mode.",
                "Light mode on the phone, I can't read it in the sun.",
                "Dark mode again.",
                "Light mode, summer's here.",
            ),
            "Is the user's phone on dark or light mode?",
        ),
        (
            (
                "At home I work from the spare room.",
                "Working from the kitchen table now, the spare room's freezing.",
                "Spare room again, the kids are too noisy.",
                "Kitchen table, the spare room's full of boxes.",
            ),
            "Where does the user work from at home?",
        ),
    ],
    "zh": [
        (
            (
                "我晚上洗澡。",
                "改早上洗澡了，醒得快。",
                "又晚上洗了，早上来不及。",
                "早上洗，晚上太累了。",
            ),
            "用户什么时候洗澡？",
        ),
        (
            (
                "我坐着办公。",
                "现在站着办公了。",
                "又坐着了，脚疼。",
                "升降桌又升起来了，腰受不了。",
            ),
            "用户坐着还是站着办公？",
        ),
        (
            (
                "我开着窗睡觉。",
                "晚上关窗睡，外面装修吵。",
                "又开窗睡了，屋里闷。",
                "窗户关上睡，楼下又开工了。",
            ),
            "用户睡觉开窗吗？",
        ),
        (
            (
                "中午去公司食堂吃。",
                "中午都去楼下面馆吃了，食堂太咸。",
                "又回食堂吃了，面馆涨价了。",
                "去面馆吃，食堂又难吃了。",
            ),
            "用户中午在哪吃饭？",
        ),
        (
            (
                "手机开的深色模式。",
                "浅色模式，太阳底下看不清。",
                "又开深色了。",
                "浅色模式，夏天了。",
            ),
            "用户手机是深色还是浅色模式？",
        ),
        (
            (
                "在家我在书房办公。",
                "现在在餐桌上办公，书房太冷。",
                "又回书房了，孩子太吵。",
                "餐桌办公，书房堆满箱子了。",
            ),
            "用户在家在哪办公？",
        ),
    ],
}

# (earlier value, the change, the new value said again with no change in between)
REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Dave does our windows.",
                "A new window cleaner, Sam, comes monthly now.",
                "Sam does the windows every month.",
            ),
            "Who cleans the user's windows?",
        ),
        (
            (
                "My files are on Dropbox.",
                "Moved everything to OneDrive, work pays for it.",
                "OneDrive has all my files.",
            ),
            "Where does the user keep their files?",
        ),
        (
            (
                "I mow the lawn myself.",
                "A gardener does the lawn every other week now.",
                "The gardener comes fortnightly for the lawn.",
            ),
            "Who mows the user's lawn?",
        ),
        (
            (
                "My Fitbit tracks my sleep.",
                "Got an Oura ring to track my sleep.",
                "The Oura ring tracks my sleep.",
            ),
            "What does the user track their sleep with?",
        ),
        (
            (
                "I write my notes with a biro.",
                "I've moved to a fountain pen for notes.",
                "Fountain pen for my notes, love it.",
            ),
            "What does the user write notes with?",
        ),
        (
            (
                "Manual toothbrush for me.",
                "Got an electric toothbrush, an Oral-B.",
                "I brush with the Oral-B electric.",
            ),
            "What toothbrush does the user use?",
        ),
    ],
    "zh": [
        (
            (
                "窗户以前都是自己擦。",
                "请了个阿姨每月来擦窗户。",
                "阿姨每个月来擦一次窗户，挺好的。",
            ),
            "用户家的窗户谁来擦？",
        ),
        (
            ("文件我存在坚果云。", "文件都转到阿里云盘了。", "我的文件都存在阿里云盘。"),
            "用户的文件存在哪？",
        ),
        (
            ("我骑共享单车上班。", "买了辆折叠自行车骑着上班。", "每天骑折叠车上班。"),
            "用户骑什么车上班？",
        ),
        (
            ("睡眠我用手机记录。", "买了个Oura戒指测睡眠。", "睡眠都靠Oura戒指记录。"),
            "用户用什么记录睡眠？",
        ),
        (
            ("我记笔记用圆珠笔。", "开始用钢笔记笔记了。", "记笔记就用钢笔，手感好。"),
            "用户记笔记用什么笔？",
        ),
        (
            ("我用手动牙刷。", "换了个电动牙刷，欧乐B的。", "刷牙用的欧乐B电动牙刷。"),
            "用户用什么牙刷？",
        ),
    ],
}

# (older statement, newer statement that is also true, question about the older one)
BOTH: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "My bike is locked in the shed.",
            "The camping gear lives in the garage.",
            "Where does the user keep their bike?",
        ),
        (
            "My annual health check is with Bupa.",
            "The chimney gets swept every autumn.",
            "Where does the user have their health check?",
        ),
        (
            "Our bins go out on Tuesday night.",
            "The recycling box goes out every other Friday.",
            "When do the user's bins go out?",
        ),
        (
            "I play badminton on Wednesday evenings.",
            "Darts at the pub is on Fridays.",
            "When does the user play badminton?",
        ),
        (
            "My godson lives in Leeds.",
            "My cousin's just outside Bristol.",
            "Where does the user's godson live?",
        ),
        (
            "The spare duvet is in the loft.",
            "Christmas decorations live in the cupboard under the stairs.",
            "Where does the user keep the spare duvet?",
        ),
    ],
    "zh": [
        (
            "电动车在小区充电桩充电。",
            "行李箱放在阳台储物柜里。",
            "用户的电动车在哪充电？",
        ),
        (
            "体检去爱康国宾。",
            "油烟机每年找人来清洗。",
            "用户在哪体检？",
        ),
        (
            "周三晚上倒厨余垃圾。",
            "快递纸箱攒着周末卖废品。",
            "用户什么时候倒厨余垃圾？",
        ),
        (
            "周三晚上打乒乓球。",
            "周五晚上去酒吧玩飞镖。",
            "用户什么时候打乒乓球？",
        ),
        (
            "我小姨住在成都。",
            "我干儿子在深圳上学。",
            "用户的小姨住在哪？",
        ),
        (
            "备用被子放在衣柜顶上。",
            "春联和灯笼收在床底下。",
            "用户的备用被子放在哪？",
        ),
    ],
}


def _back(lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    # A move back: only the value in between is stale (as in the second blind set).
    return change_scenario(f"colloq7-back-{lang}-{i}", lang, i + 7, said, query)


def _flip(lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    """A value said four times, A B A B, 14 days apart among noise: the last is the answer,
    both statements of the other value are stale, the first statement of the current value
    is neither (it states the current value, but older)."""
    sid = f"colloq7-flip-{lang}-{i}"
    nodes = [_noise(lang, i + 7, d, sid) for d in (2, 9, 16, 30, 37, 51)]
    ids = [f"{sid}.v{j}" for j in range(len(said))]
    for j, text in enumerate(said):
        nodes.append(ScenarioNode(ids[j], text, "fact", None, _T0 + timedelta(days=14 * j)))
    last = len(said) - 1
    stale = frozenset(ids[j] for j in range(len(said)) if (last - j) % 2 == 1)
    nodes.sort(key=lambda n: n.created_at)
    probe = Probe(query, None, frozenset({ids[-1]}), stale=stale)
    now = max(n.created_at for n in nodes) + timedelta(days=2)
    return Scenario(sid, "natural_change", lang, tuple(nodes), (probe,), now)


def _repeat(lang: str, i: int, said: tuple[str, ...], query: str) -> Scenario:
    return repeat_scenario(f"colloq7-repeat-{lang}-{i}", lang, i + 7, said, query)


def _both(lang: str, i: int, older: str, newer: str, query: str) -> Scenario:
    return both_true_scenario(f"colloq7-both-{lang}-{i}", lang, i + 7, older, newer, query)


def build() -> list[Scenario]:
    """Every scenario of the seventh blind set, kinds in the order of the module docstring."""
    out: list[Scenario] = []
    for lang, items in BACK.items():
        out.extend(_back(lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, items in FLIP.items():
        out.extend(_flip(lang, i, said, q) for i, (said, q) in enumerate(items))
    for lang, pairs in BOTH.items():
        out.extend(_both(lang, i, o, n, q) for i, (o, n, q) in enumerate(pairs))
    for lang, items in REPEAT.items():
        out.extend(_repeat(lang, i, said, q) for i, (said, q) in enumerate(items))
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
