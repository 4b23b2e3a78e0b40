"""Scenario families for memory that changes well (issue 13), English and Chinese.

Written for the benchmark, not taken from the issue: each family is one way a memory engine
fails people who talk naturally.

- ``natural_change``: a settled value changes the way people say it (moving *back*, quitting one
  job for another, a role by its form, 现在在+place), then a second mention confirms it in a
  softer voice ("还是…舒服一点", "suits me better"). The new value must answer, not the old.
- ``venting``: a real fact, then venting about the same thing later that week. The vent must
  not answer "what do I do for work?".
- ``active_path``: a task paused for 90 days at its next step while fresh chatter piles up in
  another task; under a node cap and after any ``maintain()`` the step, its state and task must
  stay, and reopening must bring the step back as the active node.
- ``repeats``: the same event sent three times (an agent retrying); one memory, not three.
- ``recurring``: a theme mentioned four times in plain statements (some with wh-words that ask
  nothing); a profile must be distilled, citing only real sources.
- ``one_offs`` (blind: written by the third issue-13 session before any run on them): a
  standing fact, then questions, suppositions and passing moods on the same topic in later
  weeks. The one-offs must not answer a question about the user.
- ``slotless_change`` (blind, same session): a value of an attribute no slot names (a class
  day, a gate code, a delivery address, a contact) changes. The new value must answer.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from benchmarks.scenarios import (
    _NOISE,
    Probe,
    Scenario,
    ScenarioNode,
    add_noise,
    sorted_scenario,
)

FAMILIES = (
    "natural_change",
    "venting",
    "active_path",
    "repeats",
    "recurring",
    "one_offs",
    "slotless_change",
)
_T0 = datetime(2025, 6, 2, 9, 0, tzinfo=UTC)

_NATURAL = {
    "en": [
        (
            "I live in Leeds, near the university.",
            "Packed everything up and moved back to York last week.",
            "York it is, living here suits me better anyway.",
            "Where does the user live?",
        ),
        (
            "I work as a graphic designer at a print shop.",
            "I quit the design job, I'm a carpenter now, building kitchens.",
            "Carpentry really is the better fit for me.",
            "What is the user's job?",
        ),
        (
            "I drive an old diesel Golf.",
            "Sold the Golf, I ride an e-bike everywhere these days.",
            "The e-bike works better for me than any car did.",
            "How does the user get around?",
        ),
        (
            "I'm vegetarian.",
            "I eat fish again since the spring.",
            "Eating some fish is better for me, I feel it.",
            "What does the user eat?",
        ),
        (
            "I work at Northwind Bank in the compliance team.",
            "Left Northwind in March and joined a small climate startup.",
            "The startup suits me better than the bank ever did.",
            "Where does the user work?",
        ),
    ],
    "zh": [
        (
            "我住在南京，在鼓楼那边。",
            "兜了一圈，我又搬回苏州了。",
            "还是苏州住着舒服一点。",
            "用户住在哪里？",
        ),
        (
            "我是一名平面设计师。",
            "我现在在一家医院当护士。",
            "还是当护士适合我一点。",
            "用户做什么工作？",
        ),
        (
            "我开一辆旧的柴油车。",
            "车卖了，我现在天天骑电动车。",
            "还是骑电动车方便一点。",
            "用户平时怎么出行？",
        ),
        ("我吃素。", "我从春天开始又吃鱼了。", "还是吃点鱼好一些。", "用户的饮食是什么？"),
        (
            "我在北辰银行的合规部上班。",
            "三月份从北辰离职了，去了一家做新能源的创业公司上班。",
            "还是创业公司的节奏适合我一些。",
            "用户在哪家公司上班？",
        ),
    ],
}

_VENTING = {
    "en": [
        (
            "I'm a nurse on the children's ward.",
            [
                "Hate this job some days, the shifts never end and nobody says thanks.",
                "Honestly this ward is driving me nuts this week.",
            ],
            "What does the user do for work?",
        ),
        (
            "I live in a flat above a bakery on Mill Street.",
            ["This stupid flat, the boiler broke again, I'm so done."],
            "Where does the user live?",
        ),
        (
            "I commute to work by train.",
            ["Another delayed train, another missed meeting, kill me."],
            "How does the user get to work?",
        ),
        (
            "I work at the city library.",
            ["Sick and tired of the library's new manager, such a clown."],
            "Where does the user work?",
        ),
    ],
    "zh": [
        (
            "我在儿童医院当护士。",
            ["这破工作真是干够了，天天加班还没人说谢谢。", "这周病房的事烦得我想哭。"],
            "用户做什么工作？",
        ),
        ("我住在面包店楼上的一套小公寓里。", ["这破房子热水器又坏了，受够了。"], "用户住在哪里？"),
        ("我每天坐火车上班。", ["火车又晚点，气得我想骂人。"], "用户怎么去上班？"),
        ("我在市图书馆上班。", ["新来的馆长简直了，这班谁爱上谁上吧。"], "用户在哪里上班？"),
    ],
}

_TASKS = {
    "en": [
        (
            "Move the blog to the new host",
            "Phase 2: switch the DNS",
            "Next: lower the TTL on the blog domain before switching",
            "What was the next step for the blog move?",
        ),
        (
            "Renew the car insurance",
            "Waiting on two quotes",
            "Next: call the broker back about the no-claims discount",
            "What do I need to do next about the car insurance?",
        ),
        (
            "Plan the team offsite",
            "Venue shortlisted",
            "Next: send the shortlist to finance for a budget check",
            "What is the next step for the offsite?",
        ),
    ],
    "zh": [
        (
            "把博客迁到新主机",
            "第二阶段：切换域名解析",
            "下一步：切换前先把博客域名的 TTL 调低",
            "博客迁移的下一步是什么？",
        ),
        (
            "续保车险",
            "在等两家的报价",
            "下一步：给经纪人回电话问无赔款优惠",
            "车险接下来要做什么？",
        ),
        (
            "筹备团队团建",
            "场地已经初选",
            "下一步：把候选场地发给财务核预算",
            "团建的下一步是什么？",
        ),
    ],
}

_REPEATS = {
    "en": [
        (
            "The dentist moved my appointment to Thursday at 3pm.",
            "When is the dentist appointment?",
        ),
        (
            "Parcel from the camera shop was left with the neighbour at number 12.",
            "Where is the parcel from the camera shop?",
        ),
        (
            "The plumber is coming on Saturday morning to fix the boiler.",
            "When is the plumber coming?",
        ),
    ],
    "zh": [
        ("牙医把我的预约改到了周四下午三点。", "牙医预约是什么时候？"),
        ("相机店的快递放在了12号邻居家。", "相机店的快递在哪里？"),
        ("水管工周六上午来修热水器。", "水管工什么时候来？"),
    ],
}

_RECURRING = {
    "en": [
        "I went bouldering after work.",
        "What I enjoy most lately is bouldering with Sam.",
        "The bouldering gym was packed, I still did three routes.",
        "I finally figured out how to do a heel hook at bouldering.",
    ],
    "zh": [
        "下班后去攀岩了。",
        "我也不知道为什么，最近特别迷攀岩。",
        "攀岩馆人好多，我还是爬了三条线。",
        "我终于搞明白攀岩的脚跟钩怎么做了。",
    ],
}

_ONE_OFFS = {
    "en": [
        (
            "I keep two cats, Miso and Tofu.",
            [
                "What if I got a dog as well, would the cats hate me?",
                "Ugh, the cats knocked my coffee over again this morning!",
            ],
            "What pets does the user have?",
        ),
        (
            "I play the cello in a community orchestra.",
            ["Should I switch to the violin, it's so much easier to carry?"],
            "Which instrument does the user play?",
        ),
        (
            "I teach maths at a secondary school.",
            [
                "Imagine if I quit and opened a bakery instead.",
                "What would it take to become a data analyst?",
            ],
            "What is the user's job?",
        ),
        (
            "I swim every Tuesday and Thursday at the lido.",
            ["Maybe I should try triathlon one day?"],
            "What sport does the user do?",
        ),
        (
            "Snowy mornings make me happy; I love walking in fresh snow.",
            ["I hate this snow today, every bus is late!"],
            "How does the user feel about snow?",
        ),
        (
            "I rent a small flat above a bookshop.",
            [
                "What if we bought a house in the countryside?",
                "Could I ever afford a place of my own?",
            ],
            "Where does the user live?",
        ),
    ],
    "zh": [
        (
            "我养了两只猫，一只叫豆豆，一只叫花卷。",
            ["要是我再养一条狗，猫会不会生气？", "今天早上猫又把我的咖啡打翻了，气死了！"],
            "用户养了什么宠物？",
        ),
        ("我在社区乐团拉大提琴。", ["我要不要改学小提琴，背着方便多了？"], "用户演奏什么乐器？"),
        (
            "我在一所中学教数学。",
            ["假如我辞职去开面包店会怎么样？", "转行做数据分析需要学什么？"],
            "用户是做什么工作的？",
        ),
        ("我每周二和周四去游泳馆游泳。", ["说不定哪天我也去试试铁人三项？"], "用户做什么运动？"),
        (
            "下雪的早晨总让我很开心，我喜欢踩新雪。",
            ["今天这场雪烦死了，公交全都晚点！"],
            "用户对下雪有什么感觉？",
        ),
        (
            "我在一家书店楼上租了个小公寓。",
            ["要是我们在乡下买套房子呢？", "我这辈子买得起房吗？"],
            "用户住在哪里？",
        ),
    ],
}

_SLOTLESS = {
    "en": [
        (
            "My pottery class is on Wednesday evenings.",
            "The pottery class moved to Saturday mornings.",
            "When is the user's pottery class?",
        ),
        (
            "The gate code for our building is 4127.",
            "They changed the building gate code, it's 8830 now.",
            "What is the gate code of the user's building?",
        ),
        (
            "Drop my dry cleaning at the shop on Elm Road.",
            "From now on take the dry cleaning to the place on Harbour Street instead.",
            "Where should the user's dry cleaning go?",
        ),
        (
            "My accountant's number is 0161 496 0321.",
            "My accountant has a new number: 0161 496 0788.",
            "What is the number of the user's accountant?",
        ),
        (
            "Book club picks are due on the last Friday of the month.",
            "Book club picks are now due on the first Monday instead.",
            "When are the user's book club picks due?",
        ),
    ],
    "zh": [
        ("我的陶艺课在周三晚上。", "陶艺课改到周六上午了。", "用户的陶艺课是什么时候？"),
        (
            "我们楼的门禁密码是4127。",
            "楼里的门禁密码换了，现在是8830。",
            "用户楼的门禁密码是多少？",
        ),
        (
            "干洗的衣服送到榆树路那家店。",
            "以后干洗衣服改送到港口街那家。",
            "用户的干洗衣服送到哪里？",
        ),
        (
            "我会计的电话是13600004321。",
            "我会计换了新号码，13600007788。",
            "用户会计的电话是多少？",
        ),
        (
            "读书会的书单每月最后一个周五交。",
            "读书会书单现在改成每月第一个周一交了。",
            "用户读书会的书单什么时候交？",
        ),
    ],
}


def generate(
    seed: int = 7, per_family: int = 4, families: tuple[str, ...] = FAMILIES
) -> tuple[Scenario, ...]:
    """``per_family`` scenarios of each family, alternating English and Chinese."""
    rng = random.Random(seed)
    builders = {
        "natural_change": _natural_change,
        "venting": _venting,
        "active_path": _active_path,
        "repeats": _repeats,
        "recurring": _recurring,
        "one_offs": _one_offs,
        "slotless_change": _slotless_change,
    }
    out = []
    for family in families:
        for i in range(per_family):
            lang = ("en", "zh")[i % 2]
            out.append(builders[family](rng, f"{family}-{lang}-{i}", lang))
    return tuple(out)


def _natural_change(rng: random.Random, sid: str, lang: str) -> Scenario:
    chosen = rng.sample(_NATURAL[lang], 3)
    nodes, probes, day = [], [], 1
    for j, (old, new, again, query) in enumerate(chosen):
        ids = (f"{sid}.v{j}.old", f"{sid}.v{j}.new", f"{sid}.v{j}.again")
        nodes.append(ScenarioNode(ids[0], old, "fact", None, _T0 + timedelta(days=day)))
        day = add_noise(rng, nodes, sid, lang, None, _T0, day)
        nodes.append(ScenarioNode(ids[1], new, "fact", None, _T0 + timedelta(days=day + 20)))
        nodes.append(ScenarioNode(ids[2], again, "fact", None, _T0 + timedelta(days=day + 23)))
        probes.append(Probe(query, None, frozenset(ids[1:]), stale=frozenset({ids[0]})))
        day += 1
    return sorted_scenario(sid, "natural_change", lang, nodes, probes, timedelta(days=2))


def _venting(rng: random.Random, sid: str, lang: str) -> Scenario:
    chosen = rng.sample(_VENTING[lang], 3)
    nodes, probes, day = [], [], 1
    for j, (fact, vents, query) in enumerate(chosen):
        fid = f"{sid}.f{j}"
        nodes.append(ScenarioNode(fid, fact, "fact", None, _T0 + timedelta(days=day)))
        pids = []
        for h, text in enumerate(vents):
            day += 1  # the same week: recency alone would favour the vent
            pid = f"{sid}.vent{j}.{h}"
            pids.append(pid)
            nodes.append(ScenarioNode(pid, text, "fact", None, _T0 + timedelta(days=day)))
        probes.append(Probe(query, None, frozenset({fid}), polluters=frozenset(pids)))
        day += 1
    return sorted_scenario(sid, "venting", lang, nodes, probes, timedelta(days=1))


def _active_path(rng: random.Random, sid: str, lang: str) -> Scenario:
    task, state, step, query = rng.choice(_TASKS[lang])
    tid, sid_state, sid_step = f"{sid}.task", f"{sid}.state", f"{sid}.step"
    nodes = [
        ScenarioNode(tid, task, "task", None, _T0),
        ScenarioNode(sid_state, state, "state", tid, _T0 + timedelta(hours=1), importance=0.3),
        ScenarioNode(sid_step, step, "state", sid_state, _T0 + timedelta(hours=2), importance=0.3),
    ]
    chat = f"{sid}.chat"
    resumed = _T0 + timedelta(days=90)
    nodes.append(
        ScenarioNode(
            chat,
            "Everyday chat" if lang == "en" else "日常闲聊",
            "task",
            None,
            resumed - timedelta(days=2),
        )
    )
    for i in range(30):
        text = f"{rng.choice(_NOISE[lang])} (#{i})"
        nodes.append(
            ScenarioNode(f"{sid}.c{i}", text, "event", chat, resumed - timedelta(hours=40 - i))
        )
    probes = (Probe(query, tid, frozenset({sid_step})),)
    return Scenario(
        sid,
        "active_path",
        lang,
        tuple(nodes),
        probes,
        resumed,
        needed=frozenset({tid, sid_state, sid_step}),
        cap=12,
    )


def _repeats(rng: random.Random, sid: str, lang: str) -> Scenario:
    chosen = rng.sample(_REPEATS[lang], 2)
    nodes, probes = [], []
    at = _T0
    for j, (text, query) in enumerate(chosen):
        copies = [f"{sid}.r{j}.{k}" for k in range(3)]
        for k, rid in enumerate(copies):
            nodes.append(ScenarioNode(rid, text, "event", None, at + timedelta(minutes=k)))
        for noise in rng.sample(_NOISE[lang], 2):
            at += timedelta(hours=1)
            nodes.append(ScenarioNode(f"{sid}.n{j}.{len(nodes)}", noise, "event", None, at))
        probes.append(Probe(query, None, frozenset(copies)))
        at += timedelta(hours=3)
    return Scenario(sid, "repeats", lang, tuple(nodes), tuple(probes), at + timedelta(hours=1))


def _recurring(rng: random.Random, sid: str, lang: str) -> Scenario:
    texts = _RECURRING[lang]
    nodes = [
        ScenarioNode(f"{sid}.e{i}", t, "event", None, _T0 + timedelta(days=3 * i))
        for i, t in enumerate(texts)
    ]
    for i, noise in enumerate(rng.sample(_NOISE[lang], 3)):
        nodes.append(
            ScenarioNode(f"{sid}.n{i}", noise, "event", None, _T0 + timedelta(days=3 * i + 1))
        )
    nodes.sort(key=lambda n: n.created_at)
    return Scenario(
        sid,
        "recurring",
        lang,
        tuple(nodes),
        (),
        _T0 + timedelta(days=14),
        needed=frozenset(n.id for n in nodes if ".e" in n.id),
    )


def _one_offs(rng: random.Random, sid: str, lang: str) -> Scenario:
    chosen = rng.sample(_ONE_OFFS[lang], 3)
    nodes, probes, day = [], [], 1
    for j, (fact, oneoffs, query) in enumerate(chosen):
        fid = f"{sid}.f{j}"
        nodes.append(ScenarioNode(fid, fact, "fact", None, _T0 + timedelta(days=day)))
        pids = []
        for h, text in enumerate(oneoffs):
            day += 3  # later than the fact: recency alone would favour the one-off
            pid = f"{sid}.o{j}.{h}"
            pids.append(pid)
            nodes.append(ScenarioNode(pid, text, "event", None, _T0 + timedelta(days=day)))
        day = add_noise(rng, nodes, sid, lang, None, _T0, day)
        probes.append(Probe(query, None, frozenset({fid}), polluters=frozenset(pids)))
    return sorted_scenario(sid, "one_offs", lang, nodes, probes, timedelta(days=1))


def _slotless_change(rng: random.Random, sid: str, lang: str) -> Scenario:
    chosen = rng.sample(_SLOTLESS[lang], 3)
    nodes, probes, day = [], [], 1
    for j, (old, new, query) in enumerate(chosen):
        old_id, new_id = f"{sid}.v{j}.old", f"{sid}.v{j}.new"
        nodes.append(ScenarioNode(old_id, old, "fact", None, _T0 + timedelta(days=day)))
        day = add_noise(rng, nodes, sid, lang, None, _T0, day)
        nodes.append(ScenarioNode(new_id, new, "fact", None, _T0 + timedelta(days=day + 15)))
        probes.append(Probe(query, None, frozenset({new_id}), stale=frozenset({old_id})))
        day += 1
    return sorted_scenario(sid, "slotless_change", lang, nodes, probes, timedelta(days=2))
