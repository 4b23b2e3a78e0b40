"""The project's own agent scenarios: generated, seeded, bilingual (English and Chinese).

Each family targets one failure the design notes describe (see ``../shared/seeds``):

- ``sibling``: several near-identical tasks in one tree (expense claims, support tickets).
  Probes name no task, so only the task scope can tell the siblings apart.
- ``value_change``: a preference or fact changes (east → west district, light → dark roast).
  The current value should come first; the stale one should stay in history.
- ``hypothetical``: "what if I moved to Chengdu?", "I hate rain today" beside the real facts.
  One-offs and hypotheticals should not answer questions about the user.
- ``pruning``: a task with far more nodes than a cap; the facts needed later must survive.

Crash-and-resume is a process-level scenario and lives in :mod:`benchmarks.crash`.
Same seed → same scenarios, on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from benchmarks.locomo_data import (
    Conversation,
    EvidenceReport,
    LocomoDataset,
    Question,
    Session,
    Turn,
)

FAMILIES = ("sibling", "value_change", "hypothetical", "pruning")
LANGS = ("en", "zh")
_T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class ScenarioNode:
    """One memory to write (``id`` doubles as its fact id / provenance)."""

    id: str
    content: str
    node_type: str
    parent_id: str | None
    created_at: datetime
    importance: float | None = None


@dataclass(frozen=True)
class Probe:
    """A query with what should and should not come back.

    ``gold``: ids that answer it. ``stale``: superseded values (must rank below gold).
    ``polluters``: hypotheticals/one-offs that must not answer it. ``task_id``: the active task
    (``None``: the whole user tree).
    """

    query: str
    task_id: str | None
    gold: frozenset[str]
    stale: frozenset[str] = frozenset()
    polluters: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Scenario:
    """A user's history and the probes asked after it (``now``: when they are asked)."""

    id: str
    family: str
    lang: str
    nodes: tuple[ScenarioNode, ...]
    probes: tuple[Probe, ...]
    now: datetime
    needed: frozenset[str] = field(default_factory=frozenset)
    """pruning only: ids that later probes need (must survive forgetting)."""
    cap: int = 0
    """pruning only: the node cap forgetting must respect."""


def add_noise(
    rng: random.Random,
    nodes: list[ScenarioNode],
    sid: str,
    lang: str,
    parent_id: str | None,
    t0: datetime,
    day: int,
) -> int:
    """Append two noise events under ``parent_id``, one a day after ``day``; the last day.

    Shared by the scenario families here and in :mod:`benchmarks.scenarios_changes`, so that
    every family draws its noise the same way (same seed → same scenarios).
    """
    for noise in rng.sample(_NOISE[lang], 2):
        day += 1
        nodes.append(
            ScenarioNode(f"{sid}.n{day}", noise, "event", parent_id, t0 + timedelta(days=day))
        )
    return day


def sorted_scenario(
    sid: str,
    family: str,
    lang: str,
    nodes: list[ScenarioNode],
    probes: list[Probe],
    after_last: timedelta,
) -> Scenario:
    """The scenario of ``nodes`` in time order, asked ``after_last`` after the latest one."""
    nodes.sort(key=lambda n: n.created_at)
    return Scenario(
        sid,
        family,
        lang,
        tuple(nodes),
        tuple(probes),
        max(n.created_at for n in nodes) + after_last,
    )


def _root(task_id: str, lang: str, en: str, zh: str) -> ScenarioNode:
    """The task node a family's memories hang under, titled in the scenario's language."""
    return ScenarioNode(task_id, en if lang == "en" else zh, "task", None, _T0)


def generate(
    seed: int = 7, per_family: int = 4, families: tuple[str, ...] = FAMILIES
) -> tuple[Scenario, ...]:
    """``per_family`` scenarios of each family, alternating English and Chinese."""
    rng = random.Random(seed)
    out: list[Scenario] = []
    builders = {
        "sibling": _sibling,
        "value_change": _value_change,
        "hypothetical": _hypothetical,
        "pruning": _pruning,
    }
    for family in families:
        for i in range(per_family):
            lang = LANGS[i % 2]
            out.append(builders[family](rng, f"{family}-{lang}-{i}", lang))
    return tuple(out)


# -- sibling tasks ---------------------------------------------------------------------------
_CLAIM = {
    "en": {
        "task": "Expense claim #{n}: {trip} trip to {city}",
        "facts": [
            ("hotel", "Hotel invoice for this claim: {amount} at {hotel}, {nights} nights."),
            ("returned", "Finance returned the claim because the {doc} was missing."),
            ("approver", "{person} has to approve this claim before Friday."),
            ("taxi", "Taxi receipts total {taxi}; two of them are handwritten."),
        ],
        "probes": {
            "hotel": "How much was the hotel invoice?",
            "returned": "Why did finance send the claim back?",
            "approver": "Who needs to approve it?",
            "taxi": "What do the taxi receipts add up to?",
        },
        "trip": ["sales", "conference", "training", "client", "audit", "site"],
        "city": ["Shanghai", "Berlin", "Osaka", "Lyon", "Austin", "Porto", "Seoul"],
        "hotel": ["Hilton", "Ibis", "Marriott", "Hyatt", "Novotel", "Westin"],
        "doc": ["boarding pass", "signed receipt", "VAT invoice", "meeting agenda", "visa copy"],
        "person": ["Alice Wong", "Ben Ortiz", "Chen Jie", "Dana Kim", "Eva Novak", "Farid Ali"],
    },
    "zh": {
        "task": "报销单 #{n}：{city}{trip}出差",
        "facts": [
            ("hotel", "这张报销单的酒店发票：{hotel}，住了{nights}晚，共{amount}。"),
            ("returned", "财务把报销单退回来了，因为缺少{doc}。"),
            ("approver", "这张单子要在周五前由{person}审批。"),
            ("taxi", "出租车票合计{taxi}，其中两张是手写的。"),
        ],
        "probes": {
            "hotel": "酒店发票是多少钱？",
            "returned": "财务为什么把单子退回来？",
            "approver": "需要谁来审批？",
            "taxi": "出租车票一共多少钱？",
        },
        "trip": ["销售", "参会", "培训", "拜访客户", "审计", "现场"],
        "city": ["上海", "成都", "杭州", "广州", "武汉", "西安", "南京"],
        "hotel": ["希尔顿", "全季", "万豪", "凯悦", "汉庭", "亚朵"],
        "doc": ["登机牌", "签字收据", "增值税发票", "会议议程", "签证复印件"],
        "person": ["王丽", "李强", "陈杰", "赵敏", "孙悦", "周涛"],
    },
}


def _money(rng: random.Random, lang: str, lo: int, hi: int) -> str:
    value = rng.randrange(lo, hi, 10)
    return f"{value} EUR" if lang == "en" else f"{value}元"


def _sibling(rng: random.Random, sid: str, lang: str) -> Scenario:
    t = _CLAIM[lang]
    n_tasks = rng.randint(4, 6)
    nodes: list[ScenarioNode] = []
    probes: list[Probe] = []
    numbers = rng.sample(range(100, 999), n_tasks)
    for j, n in enumerate(numbers):
        task_id = f"{sid}.t{j}"
        start = _T0 + timedelta(days=3 * j)
        nodes.append(
            ScenarioNode(
                task_id,
                t["task"].format(n=n, trip=rng.choice(t["trip"]), city=rng.choice(t["city"])),
                "task",
                None,
                start,
            )
        )
        for h, (key, template) in enumerate(t["facts"]):
            fid = f"{task_id}.{key}"
            text = template.format(
                amount=_money(rng, lang, 300, 2000),
                hotel=rng.choice(t["hotel"]),
                nights=rng.randint(1, 5),
                doc=rng.choice(t["doc"]),
                person=rng.choice(t["person"]),
                taxi=_money(rng, lang, 20, 300),
            )
            nodes.append(ScenarioNode(fid, text, "event", task_id, start + timedelta(hours=h + 1)))
            probes.append(Probe(t["probes"][key], task_id, frozenset({fid})))
    now = _T0 + timedelta(days=3 * n_tasks + 1)
    return Scenario(sid, "sibling", lang, tuple(nodes), tuple(probes), now)


# -- value changes ---------------------------------------------------------------------------
_CHANGES = {
    "en": [
        (
            "I live in the east district, near the old river port.",
            "I moved last month; I live in the west district now, by the tech park.",
            "Which district does the user live in?",
        ),
        (
            "I like light roast coffee, fruity pour-overs are my thing.",
            "I switched to dark roast; from now on always pick dark roast for me.",
            "What kind of coffee roast does the user prefer?",
        ),
        (
            "I work at Acme Logistics as a route planner.",
            "I left Acme; I now work at Globex Freight as a dispatcher.",
            "Where does the user work?",
        ),
        (
            "My standing meeting with the design team is on Mondays at 10.",
            "The design team meeting moved to Thursdays at 15:00.",
            "When is the user's meeting with the design team?",
        ),
        (
            "Send my invoices to billing@north-example.com.",
            "Invoices should now go to accounts@south-example.com instead.",
            "Which address should invoices be sent to?",
        ),
    ],
    "zh": [
        (
            "我住在城东，靠近老码头。",
            "我上个月搬家了，现在住在城西，科技园旁边。",
            "用户住在哪个区？",
        ),
        (
            "我喜欢浅烘焙的咖啡，果香的手冲最好。",
            "我改主意了，以后都选深烘焙。",
            "用户喜欢什么烘焙程度的咖啡？",
        ),
        (
            "我在顺达物流做路线规划。",
            "我从顺达离职了，现在在环球货运做调度。",
            "用户在哪家公司工作？",
        ),
        (
            "我和设计组的例会在每周一上午十点。",
            "设计组例会改到每周四下午三点了。",
            "用户和设计组的例会是什么时候？",
        ),
        ("发票请寄到北区财务室。", "以后发票改寄到南区财务室。", "发票应该寄到哪里？"),
    ],
}
_NOISE = {
    "en": [
        "Asked for a summary of yesterday's news.",
        "Booked a table for two on Saturday.",
        "Wants reminders 15 minutes before calls.",
        "Is reading a novel about sailing.",
        "Asked how to convert miles to kilometres.",
        "Plans to repaint the balcony in May.",
        "Prefers short answers in bullet points.",
        "Is learning to play the ukulele.",
    ],
    "zh": [
        "让我总结了昨天的新闻。",
        "周六订了两个人的餐位。",
        "希望通话前十五分钟提醒。",
        "在读一本关于航海的小说。",
        "问了英里怎么换算成公里。",
        "打算五月重新粉刷阳台。",
        "喜欢要点式的简短回答。",
        "正在学弹尤克里里。",
    ],
}


def _value_change(rng: random.Random, sid: str, lang: str) -> Scenario:
    pairs = rng.sample(_CHANGES[lang], 3)
    task_id = f"{sid}.profile"
    nodes = [_root(task_id, lang, "User profile and preferences", "用户资料与偏好")]
    probes = []
    day = 1
    for j, (old, new, query) in enumerate(pairs):
        old_id, new_id = f"{sid}.v{j}.old", f"{sid}.v{j}.new"
        nodes.append(ScenarioNode(old_id, old, "preference", task_id, _T0 + timedelta(days=day)))
        day = add_noise(rng, nodes, sid, lang, task_id, _T0, day)
        probes.append(Probe(query, task_id, frozenset({new_id}), stale=frozenset({old_id})))
        nodes.append(
            ScenarioNode(new_id, new, "preference", task_id, _T0 + timedelta(days=day + 20))
        )
        day += 1
    return sorted_scenario(sid, "value_change", lang, nodes, probes, timedelta(days=2))


# -- hypotheticals and one-offs --------------------------------------------------------------
_HYPO = {
    "en": [
        (
            "I live in Hangzhou, close to West Lake.",
            [
                "What if I moved to Chengdu? Would that be crazy?",
                "Maybe one day I'll live in Chengdu, who knows.",
            ],
            "Which city does the user live in?",
        ),
        (
            "Rainy days calm me down; I like the sound of rain.",
            ["I hate rain today, my shoes are soaked!"],
            "How does the user feel about rain?",
        ),
        (
            "I'm vegetarian and have been for ten years.",
            ["Imagine if I ate a huge steak tonight, haha.", "Should I try eating fish again?"],
            "What is the user's diet?",
        ),
        (
            "I drive a small electric car to work.",
            ["What if I bought a motorbike instead?", "Ugh, I'm so sick of driving today."],
            "How does the user get to work?",
        ),
    ],
    "zh": [
        (
            "我住在杭州，离西湖很近。",
            ["要是我搬到成都会怎么样？", "说不定哪天我就去成都住了。"],
            "用户住在哪个城市？",
        ),
        (
            "下雨天让我很平静，我喜欢雨声。",
            ["今天真讨厌下雨，鞋子全湿了！"],
            "用户对下雨是什么感觉？",
        ),
        (
            "我吃素已经十年了。",
            ["假如我今晚吃一大块牛排会怎样，哈哈。", "我要不要重新开始吃鱼？"],
            "用户的饮食习惯是什么？",
        ),
        (
            "我每天开一辆小电动车上班。",
            ["如果我改骑摩托车呢？", "今天开车开得好烦。"],
            "用户怎么去上班？",
        ),
    ],
}


def _hypothetical(rng: random.Random, sid: str, lang: str) -> Scenario:
    chosen = rng.sample(_HYPO[lang], 3)
    task_id = f"{sid}.chat"
    nodes = [_root(task_id, lang, "Everyday conversation with the user", "与用户的日常对话")]
    probes = []
    day = 1
    for j, (fact, oneoffs, query) in enumerate(chosen):
        fid = f"{sid}.f{j}"
        nodes.append(ScenarioNode(fid, fact, "fact", task_id, _T0 + timedelta(days=day)))
        pids = []
        for h, text in enumerate(oneoffs):
            day += 2
            pid = f"{sid}.h{j}.{h}"
            pids.append(pid)
            # One-offs come later than the fact: recency alone would favour them.
            nodes.append(ScenarioNode(pid, text, "event", task_id, _T0 + timedelta(days=day)))
        day = add_noise(rng, nodes, sid, lang, task_id, _T0, day)
        probes.append(Probe(query, task_id, frozenset({fid}), polluters=frozenset(pids)))
    return sorted_scenario(sid, "hypothetical", lang, nodes, probes, timedelta(days=1))


# -- pruning under a cap ---------------------------------------------------------------------
_NEEDED = {
    "en": [
        "The production database password rotates on the {d}th of each month.",
        "Customer {p} must never be called before 10 am.",
        "The deploy key for project {p} is stored in vault path ops/{p}.",
        "Refunds above {d}00 EUR need the CFO's sign-off.",
        "The user's daughter is allergic to peanuts.",
        "The staging cluster is shut down every night at {d}:00.",
    ],
    "zh": [
        "生产数据库密码每月{d}号轮换。",
        "客户{p}上午十点前不能打电话。",
        "项目{p}的部署密钥放在 ops/{p} 保险库路径下。",
        "超过{d}00元的退款需要财务总监签字。",
        "用户的女儿对花生过敏。",
        "预发环境每天晚上{d}点关机。",
    ],
}
_NEEDED_Q = {
    "en": [
        "When does the database password rotate?",
        "When can customer {p} be called?",
        "Where is the deploy key for project {p}?",
        "Which refunds need the CFO?",
        "Is anyone in the user's family allergic to something?",
        "When is the staging cluster shut down?",
    ],
    "zh": [
        "数据库密码什么时候轮换？",
        "什么时候可以给客户{p}打电话？",
        "项目{p}的部署密钥在哪里？",
        "哪些退款需要财务总监签字？",
        "用户家里有人过敏吗？",
        "预发环境什么时候关机？",
    ],
}


def _pruning(rng: random.Random, sid: str, lang: str) -> Scenario:
    task_id = f"{sid}.ops"
    nodes = [_root(task_id, lang, "Operations assistant log", "运维助手日志")]
    idx = rng.sample(range(len(_NEEDED[lang])), 4)
    needed: list[str] = []
    probes: list[Probe] = []
    p, d = rng.choice(["Orion", "Vega", "Lyra", "Atlas"]), rng.randint(2, 9)
    total = 48
    slots = sorted(rng.sample(range(total), len(idx)))
    k = 0
    for i in range(total):
        at = _T0 + timedelta(hours=6 * (i + 1))
        if k < len(idx) and i == slots[k]:
            nid = f"{sid}.need{k}"
            nodes.append(
                ScenarioNode(
                    nid, _NEEDED[lang][idx[k]].format(p=p, d=d), "fact", task_id, at, importance=0.8
                )
            )
            needed.append(nid)
            probes.append(Probe(_NEEDED_Q[lang][idx[k]].format(p=p), task_id, frozenset({nid})))
            k += 1
        else:
            chatter = rng.choice(_NOISE[lang])
            nodes.append(
                ScenarioNode(
                    f"{sid}.c{i}", f"{chatter} (#{i})", "event", task_id, at, importance=0.2
                )
            )
    return Scenario(
        sid,
        "pruning",
        lang,
        tuple(nodes),
        tuple(probes),
        _T0 + timedelta(hours=6 * (total + 2)),
        needed=frozenset(needed),
        cap=24,
    )


def as_locomo(scenarios: tuple[Scenario, ...]) -> LocomoDataset:
    """Scenarios as LoCoMo-shaped conversations (tasks -> sessions, facts -> turns).

    Lets the LoCoMo pipeline (and the notebook) run with no external data at all. Probes become
    category-4 questions whose evidence is their gold node ids.
    """
    convs = []
    for sc in scenarios:
        tasks = [n for n in sc.nodes if n.node_type == "task"]
        sessions = []
        for number, task in enumerate(tasks, start=1):
            children = [n for n in sc.nodes if n.parent_id == task.id]
            turns = tuple(
                Turn(
                    dia_id=n.id,
                    speaker="User",
                    text=n.content,
                    content=n.content,
                    session=number,
                    index=i,
                    created_at=n.created_at,
                )
                for i, n in enumerate(children)
            )
            sessions.append(Session(number, f"{task.created_at:%Y-%m-%d}", task.created_at, turns))
        questions = tuple(Question(sc.id, i, p.query, 4, p.gold) for i, p in enumerate(sc.probes))
        convs.append(Conversation(sc.id, "User", "Assistant", tuple(sessions), questions))
    return LocomoDataset(tuple(convs), EvidenceReport((), (), ()))
