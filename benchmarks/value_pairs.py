"""Value changes said the way people say them: is the new value ranked above the old one?

The scenario generators (:mod:`benchmarks.scenarios`, :mod:`benchmarks.scenarios_changes`)
were written beside the rules they test, so their stale rates are development figures. These
pairs are a check from outside: each is an old statement of the user, three unrelated facts,
then (30 days later) a new statement that changes the old one, in words no rule was written
for, and a question about the attribute. Four sets per language:

- ``set1``: written on 2026-12-01 and run once on the engine of that day (48045e7). Its
  failures were read and led to fixes (``evolution/commitments.py``; two slot-rule bugs), so it
  is development data now.
- ``set2``: written after set 1's run and committed before it was first run; its first figures
  (on 48045e7 and on the first version of the fixes) are in docs/benchmarks.md. After those
  its failures were read too; nothing was fitted to them.
- ``set3``: changes about **someone else** (a sister, a boss, a friend by name), written on
  2026-12-02 and committed before the engine had slots for other people (on 1bee56b only the
  pair model linked some, and one of them was the control). The slots of other people
  (:mod:`hybridmem.evolution.slots.others`) were then built looking at it: development data.
- ``set4``: more changes about someone else, written and committed after that code and
  before its first run on it (blind).

The last pair of each set is a control. Sets 1 and 2: the old statement moves a meeting (no
home), the new one states a home. Sets 3 and 4: two people named apart, each with a home. A link
between a control's two statements is a false link.

Metrics per set and language, for ``evolution`` (the default) and the ``baseline`` of the same
run (evolution off, as in :mod:`benchmarks.evolution_scenarios`):

- ``new_first``: the new value ranks above the old in the top 5 of the question (an absent
  value counts as last; both absent counts as not first);
- ``linked``: old and new share a conflict group;
- ``candidate``: the new value was kept out of the user's facts (a non-assertive act).

Run: ``python -m benchmarks.value_pairs [--embedder e5] [--sets set3] [--out DIR]``; writes
``value_pairs_<embedder>.json``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import variants
from hybridmem import HybridMemory
from hybridmem.clock import FakeClock

Pair = tuple[str, str, str]
"""(old statement, new statement, question)."""

SETS: dict[str, dict[str, tuple[Pair, ...]]] = {
    "set1": {
        "en": (
            (
                "I live in Manchester.",
                "We moved to Glasgow in the spring.",
                "Where does the user live?",
            ),
            (
                "I'm a primary school teacher.",
                "I left teaching and now work as a data analyst.",
                "What is the user's job?",
            ),
            (
                "I work for Siemens in Munich.",
                "Started a new job at Bosch last week.",
                "Which company does the user work for?",
            ),
            (
                "I take my coffee black.",
                "These days I have my coffee with a splash of milk.",
                "How does the user take coffee?",
            ),
            (
                "I commute by car.",
                "I sold the car, I cycle to the office now.",
                "How does the user get to work?",
            ),
            (
                "My girlfriend is called Anna.",
                "Anna and I broke up; I'm seeing Clara now.",
                "Who is the user's partner?",
            ),
            (
                "I go to the gym on Mondays and Thursdays.",
                "I moved my gym sessions to Tuesday and Friday mornings.",
                "When does the user go to the gym?",
            ),
            (
                "I use an iPhone.",
                "I switched to a Pixel phone, the iPhone battery kept dying and it drove me mad.",
                "What phone does the user have?",
            ),
            (
                "I'm vegetarian.",
                "I started eating fish again last month.",
                "What is the user's diet?",
            ),
            (
                "My favourite band is Radiohead.",
                "Lately my favourite band is Fontaines D.C.",
                "What is the user's favourite band?",
            ),
            (
                "I play tennis at the weekends.",
                "I gave up tennis after my knee injury and took up swimming.",
                "What sport does the user do?",
            ),
            (
                "My dentist appointment is on March 3.",
                "The dentist moved my appointment to March 10.",
                "When is the dentist appointment?",
            ),
        ),
        "zh": (
            ("我住在成都。", "我们今年春天搬到了重庆。", "用户住在哪里？"),
            ("我是一名小学老师。", "我不当老师了，现在做数据分析。", "用户做什么工作？"),
            ("我在华为上班。", "上周我入职了字节跳动。", "用户在哪家公司工作？"),
            ("我喝咖啡不加奶。", "最近我喝咖啡会加一点牛奶。", "用户喝咖啡加什么？"),
            ("我开车上班。", "车卖了，现在骑自行车去公司，堵车太烦了。", "用户怎么去上班？"),
            ("我女朋友叫小雨。", "我和小雨分手了，现在的女朋友叫小敏。", "用户的女朋友是谁？"),
            ("我每周一和周四去健身房。", "我把健身改到了周二和周五早上。", "用户什么时候去健身？"),
            (
                "我用的是苹果手机。",
                "我换成了华为手机，苹果的电池太不耐用了，气死我了。",
                "用户用什么手机？",
            ),
            ("我吃素。", "上个月我又开始吃鱼了。", "用户的饮食习惯是什么？"),
            (
                "我最喜欢的歌手是周杰伦。",
                "最近我最喜欢的歌手变成了陈奕迅。",
                "用户最喜欢哪个歌手？",
            ),
            ("我周末打网球。", "膝盖受伤后我不打网球了，改成游泳。", "用户做什么运动？"),
            ("我的牙医预约在3月3号。", "牙医把我的预约改到了3月10号。", "牙医预约是哪天？"),
        ),
    },
    "set2": {
        "en": (
            (
                "I rent a flat in Camden.",
                "I bought a house in Croydon and moved out of Camden.",
                "Where does the user live?",
            ),
            (
                "I'm a software engineer at a bank.",
                "I quit the bank job and I'm a freelance illustrator now, "
                "honestly I was miserable there.",
                "What does the user do for work?",
            ),
            (
                "I drive a Toyota Corolla.",
                "I traded in the Corolla for an electric Kia.",
                "What car does the user drive?",
            ),
            (
                "I don't drink alcohol.",
                "I've started having a glass of wine with dinner.",
                "Does the user drink alcohol?",
            ),
            (
                "My husband is called Mark.",
                "Mark and I got divorced last year; I'm single now.",
                "Is the user married?",
            ),
            (
                "I do yoga every morning.",
                "I stopped doing yoga and go running every morning instead, "
                "I was so bored of yoga.",
                "What exercise does the user do in the morning?",
            ),
            (
                "I'm learning Spanish.",
                "I dropped Spanish and signed up for Japanese classes.",
                "Which language is the user learning?",
            ),
            (
                "My phone number ends in 4471.",
                "I got a new phone number, it ends in 9902.",
                "What does the user's phone number end in?",
            ),
            (
                "I prefer green tea.",
                "I've gone off green tea, I mostly drink rooibos now.",
                "What tea does the user drink?",
            ),
            (
                "I support Arsenal.",
                "I've given up on Arsenal, I follow Brighton these days.",
                "Which football team does the user support?",
            ),
            (
                "My manager is Priya.",
                "Priya left the company, my new manager is Tom.",
                "Who is the user's manager?",
            ),
            (
                "I moved the team standup to 10am.",
                "I live in Bristol.",
                "Where does the user live?",
            ),
        ),
        "zh": (
            ("我租的房子在朝阳区。", "我在通州买了房，已经从朝阳搬出来了。", "用户住在哪里？"),
            (
                "我是银行的程序员。",
                "我辞职了，现在做自由插画师，在银行真是太压抑了。",
                "用户做什么工作？",
            ),
            ("我开的是丰田卡罗拉。", "我把卡罗拉换成了一辆比亚迪电车。", "用户开什么车？"),
            ("我不喝酒。", "我最近开始晚饭时喝一杯红酒。", "用户喝酒吗？"),
            ("我老公叫李明。", "我和李明去年离婚了，现在单身。", "用户结婚了吗？"),
            (
                "我每天早上练瑜伽。",
                "我不练瑜伽了，现在每天早上跑步，瑜伽练得太无聊了。",
                "用户早上做什么运动？",
            ),
            ("我在学西班牙语。", "我放弃了西班牙语，报了日语班。", "用户在学什么语言？"),
            ("我的手机尾号是4471。", "我换了新号码，尾号是9902。", "用户手机尾号是多少？"),
            ("我喜欢喝绿茶。", "我现在不喝绿茶了，主要喝普洱。", "用户喝什么茶？"),
            ("我支持国安队。", "我现在不看国安了，改支持申花。", "用户支持哪个球队？"),
            ("我的领导是王姐。", "王姐离职了，我的新领导是老陈。", "用户的领导是谁？"),
            ("我把周会挪到了上午十点。", "我住在杭州。", "用户住在哪里？"),
        ),
    },
    "set3": {
        "en": (
            (
                "My sister Mara lives in Dublin.",
                "Mara took a job in Lisbon and moved there.",
                "Where does Mara live?",
            ),
            (
                "My brother works at Siemens.",
                "My brother quit Siemens and joined a startup in Berlin.",
                "Where does the user's brother work?",
            ),
            (
                "My dad is a bus driver.",
                "My dad retired last month.",
                "What does the user's dad do?",
            ),
            (
                "My friend Tom is vegetarian.",
                "Tom eats meat again since his trip to Argentina.",
                "Does Tom eat meat?",
            ),
            (
                "My daughter goes to Hillside Primary.",
                "My daughter switched to Oakwood School in September.",
                "Which school does the user's daughter go to?",
            ),
            (
                "My mum drives a Fiat Panda.",
                "My mum sold the Panda and bought a Honda Jazz.",
                "What car does the user's mum drive?",
            ),
            (
                "My cousin Leo is engaged to Nina.",
                "Leo and Nina broke up in the summer.",
                "Is Leo engaged?",
            ),
            (
                "My neighbour Priya rents a flat on King Street.",
                "Priya bought a house in Hove and moved out.",
                "Where does Priya live?",
            ),
            (
                "My boss drinks his coffee black.",
                "My boss has switched to oat milk lattes.",
                "How does the user's boss take his coffee?",
            ),
            (
                "My son is a nurse in Leeds.",
                "He moved to Sheffield and works at the children's hospital there.",
                "Where does the user's son work?",
            ),
            (
                "My girlfriend's brother Sam lives in York.",
                "Sam moved to Edinburgh for his PhD.",
                "Where does Sam live?",
            ),
            (
                "My sister Anna lives in Paris.",
                "My sister Beth moved to Rome.",
                "Where does Beth live?",
            ),
        ),
        "zh": (
            ("我姐姐小雨住在大连。", "小雨去年调到深圳工作，已经搬过去了。", "小雨住在哪里？"),
            ("我哥在腾讯上班。", "我哥从腾讯离职了，去了字节。", "用户的哥哥在哪上班？"),
            ("我爸是公交司机。", "我爸上个月退休了。", "用户的爸爸做什么工作？"),
            ("我朋友李娜吃素。", "李娜现在又开始吃肉了。", "李娜吃肉吗？"),
            ("我女儿在实验小学上学。", "我女儿九月转学到了育才学校。", "用户的女儿在哪上学？"),
            ("我妈开的是一辆大众。", "我妈把大众卖了，换了一辆比亚迪。", "用户的妈妈开什么车？"),
            ("我表哥张伟和女朋友订婚了。", "张伟和他女朋友分手了。", "张伟订婚了吗？"),
            ("我邻居王阿姨住在三楼。", "王阿姨搬去她儿子家住了。", "王阿姨住在哪里？"),
            ("我老板喝咖啡只喝美式。", "我老板最近改喝拿铁了。", "用户的老板喝什么咖啡？"),
            ("我儿子在南京当护士。", "他现在去了苏州的儿童医院工作。", "用户的儿子在哪工作？"),
            ("我同事老周住在浦东。", "老周在闵行买了房，上个月搬走了。", "老周住在哪里？"),
            ("我姐姐小敏住在成都。", "我姐姐小芳搬到了重庆。", "小芳住在哪里？"),
        ),
    },
    "set4": {
        "en": (
            (
                "My aunt Rosa lives in Seville.",
                "Rosa has moved in with her daughter in Madrid.",
                "Where does Rosa live?",
            ),
            (
                "My best friend Kenji works for Toyota.",
                "Kenji left Toyota last spring and now works at Sony.",
                "Where does Kenji work?",
            ),
            (
                "My grandma takes her coffee with two sugars.",
                "My grandma stopped putting sugar in her coffee.",
                "How does the user's grandma take her coffee?",
            ),
            (
                "My colleague Dev is a junior accountant.",
                "Dev became a tax manager in March.",
                "What is Dev's job?",
            ),
            (
                "My roommate eats a vegan diet.",
                "My roommate has gone back to eating fish.",
                "Does the user's roommate eat fish?",
            ),
            (
                "Our landlord drives a white van.",
                "Our landlord traded the van in for an electric car.",
                "What does the landlord drive?",
            ),
            (
                "My brother-in-law Marco is single.",
                "Marco got married in June.",
                "Is Marco married?",
            ),
            (
                "My uncle lives in a cottage in Wales.",
                "My uncle sold the cottage and moved to a flat in Cardiff.",
                "Where does the user's uncle live?",
            ),
            (
                "My friend Lena lives in Vienna.",
                "My friend Jonas moved to Graz.",
                "Where does Jonas live?",
            ),
        ),
        "zh": (
            ("我舅舅住在西安。", "我舅舅退休后搬回了老家宝鸡。", "用户的舅舅住在哪里？"),
            ("我室友小林在一家银行上班。", "小林跳槽去了一家游戏公司。", "小林在哪上班？"),
            ("我奶奶以前每天喝红茶。", "我奶奶现在改喝白开水了。", "用户的奶奶喝什么？"),
            ("我同学刘洋是一名中学老师。", "刘洋辞职了，现在当律师。", "刘洋做什么工作？"),
            ("我闺蜜不吃辣也不吃肉。", "我闺蜜最近开始吃肉了。", "用户的闺蜜吃肉吗？"),
            ("我老公开的是一辆本田。", "我老公把本田卖了，买了辆特斯拉。", "用户的老公开什么车？"),
            ("我表妹陈静单身。", "陈静上个月结婚了。", "陈静结婚了吗？"),
            (
                "我叔叔住在郊区的一栋别墅里。",
                "我叔叔把别墅卖了，搬进了市中心的公寓。",
                "用户的叔叔住在哪里？",
            ),
            ("我朋友赵磊住在武汉。", "我朋友孙浩搬到了长沙。", "孙浩住在哪里？"),
        ),
    },
}
FILLER = {
    "en": (
        "My sister lives in Dublin.",
        "I read a book about bees last week.",
        "I prefer aisle seats on planes.",
    ),
    "zh": ("我姐姐住在大连。", "上周我读了一本关于蜜蜂的书。", "坐飞机我喜欢靠过道的座位。"),
}
TOP_K = 5
_T0 = datetime(2026, 1, 5, 9, tzinfo=UTC)


def run_pairs(
    mem: HybridMemory, clock: FakeClock, pairs: Sequence[Pair], lang: str, prefix: str
) -> list[dict[str, object]]:
    """Write each pair (one user each) and ask its question; one row per pair."""
    rows: list[dict[str, object]] = []
    for i, (old_text, new_text, question) in enumerate(pairs):
        user = f"{prefix}-{lang}-{i}"
        old = mem.add(old_text, node_type="fact", user_id=user)
        for filler in FILLER[lang]:
            clock.advance(days=2)
            mem.add(filler, node_type="fact", user_id=user)
        clock.advance(days=30)
        new = mem.add(new_text, node_type="fact", user_id=user)
        old, new = mem.get(old.id), mem.get(new.id)
        hits = mem.retrieve(question, user_id=user, top_k=TOP_K, record_access=False).hits
        ranks = {h.node.id: r for r, h in enumerate(hits)}
        last = len(hits)
        rows.append(
            {
                "pair": i,
                "new_first": ranks.get(new.id, last) < ranks.get(old.id, last),
                "linked": old.conflict_group is not None
                and old.conflict_group == new.conflict_group,
                "candidate": new.status == "candidate",
                "old_group": old.conflict_group,
                "new_group": new.conflict_group,
                "new_act": new.marks.get("speech_act"),
            }
        )
    return rows


def run(embedder: str, workdir: Path, sets: Sequence[str] | None = None) -> list[dict[str, object]]:
    """Every set and language, baseline and evolution, in one run: one row per variant, set
    and language (its pairs' rows under ``rows``)."""
    model = load_embedder(embedder)
    chosen = {v.name: v for v in variants()}
    results: list[dict[str, object]] = []
    for name in ("baseline", "evolution"):
        variant = chosen[name]
        clock = FakeClock(_T0)
        with HybridMemory(
            workdir / name, embedder=model, config=variant.config, clock=clock
        ) as mem:
            for set_name in SETS if sets is None else sets:
                for lang, pairs in SETS[set_name].items():
                    rows = run_pairs(mem, clock, pairs, lang, set_name)
                    n = len(rows)
                    results.append(
                        {
                            "variant": name,
                            "set": set_name,
                            "lang": lang,
                            "pairs": n,
                            "new_first": sum(bool(r["new_first"]) for r in rows) / n,
                            "linked": sum(bool(r["linked"]) for r in rows) / n,
                            "candidate": sum(bool(r["candidate"]) for r in rows) / n,
                            "rows": rows,
                        }
                    )
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.value_pairs", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--embedder", default="e5", help="'e5' (default), 'minilm', 'hash' or a model path"
    )
    parser.add_argument(
        "--sets", nargs="+", choices=sorted(SETS), help="only these sets (default: all)"
    )
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        results = run(args.embedder, Path(tmp), args.sets)
    table = Table(title=f"value pairs, {args.embedder}: new value above the old (top {TOP_K})")
    columns = ("variant", "set", "lang", "pairs", "new_first", "linked", "candidate")
    for column in columns:
        table.add_column(column)
    for r in results:
        table.add_row(*(f"{r[c]:.2f}" if isinstance(r[c], float) else str(r[c]) for c in columns))
    Console().print(table)
    result = {"embedder": args.embedder, "top_k": TOP_K, "results": results}
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"value_pairs_{args.embedder}.json"
    path.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
