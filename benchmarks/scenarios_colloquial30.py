"""A later remark that only mentions the user's value, where the value is a bare common noun
("the gym on the retail park", 体育馆) or is named later by a short form of its name (initials,
a clipped name, a Chinese abbreviation: "the RVI", "St Bart's", 北师大, 市一院), beside real
changes of the user's own value said in the same shapes: thirtieth colloquial blind set
(issue 38, helper mention27).

Written fresh by mention27 before any engine change of this round and before reading the
engine's remark readers' rules (it knew only the task's description of the misses: bare
common-noun values are not read as names, short names share no word with the full name), on
lives, attributes and wording of its own, and committed as
``benchmarks/data/colloquial_blind30.json`` before anything was run on it. Per language:

- ``mention`` (``one_offs``, six): a bare common-noun value's own news, someone else's opinion
  of it or a question about it ("The chippy on the corner has changed hands, apparently", 游泳馆的
  水是不是该换了？); the value answers, the remark is pollution.
- ``short`` (``one_offs``, six): the same for a named value said later by a short form that
  shares no whole word with the full name, or only part of it ("M&S are shutting the café
  upstairs" after Marks and Spencer, 北师大 after 北京师范大学); the value answers, the remark
  is pollution.
- ``change`` (``natural_change``, six): the user's own value really replaced, the newer line
  often opening with a bare noun or a short name as the older statement does, some with the
  older value named in it and no first-person word ("Virgin put the fibre in last week, BT's
  router went back in the post", 存款都转到招行了); the newer value answers, the older is stale.
  These are the controls: a reading that files every line naming a noun or a short name as a
  remark must not file these.

Every user has six other facts of their own written first (as in blind14 and blind16..28),
from this module's own background lines. ``python -m benchmarks.scenarios_colloquial30 --dump
benchmarks/data/colloquial_blind30.json`` writes the file; ``python -m
benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind30.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_other_facts

# (value, a line that only mentions it, query): bare common-noun values
MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I do my workouts at the gym on the retail park.",
            "Heard the gym on the retail park is putting its prices up in January.",
            "Which gym does the user do workouts at?",
        ),
        (
            "We grow our veg on the allotment by the canal.",
            "The allotment by the canal had its shed broken into.",
            "Where does the user grow vegetables?",
        ),
        (
            "I post my parcels at the post office in the precinct.",
            "Is the post office in the precinct shut on Saturday afternoons?",
            "Where does the user send parcels from?",
        ),
        (
            "Friday tea is fish and chips from the chippy on the corner.",
            "The chippy on the corner has changed hands, apparently.",
            "Where does the user's Friday fish and chips come from?",
        ),
        (
            "The kids do karate at the community hall.",
            "The community hall roof needs replacing, there was a collection for it at church.",
            "Where do the user's children do karate?",
        ),
        (
            "I get my bedding plants from the garden centre out past the ring road.",
            "My neighbour reckons the garden centre out past the ring road is the dearest "
            "round here.",
            "Where does the user buy bedding plants?",
        ),
    ],
    "zh": [
        ("我每天傍晚去体育馆打羽毛球。", "体育馆春节期间闭馆十天。", "用户傍晚在哪儿打羽毛球？"),
        (
            "我的快递都寄到小区的快递驿站。",
            "快递驿站换了个新老板，听说要收保管费。",
            "用户的快递寄到哪儿？",
        ),
        ("我晚饭常在社区食堂吃。", "社区食堂上了电视新闻，说是办得好。", "用户晚饭一般在哪儿吃？"),
        ("我每周去游泳馆游两次泳。", "游泳馆的水是不是该换了？", "用户去哪儿游泳？"),
        ("我晚上在夜校学会计。", "邻居说夜校的老师都是退休返聘的。", "用户晚上在哪儿学会计？"),
        ("我腰疼一般去推拿馆按一按。", "推拿馆门口贴了张招聘启事。", "用户腰疼了去哪儿？"),
    ],
}

# (value, a line that only mentions it by a short form of its name, query)
SHORT: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I'm on the nursing course at Sheffield Hallam University.",
            "Hallam's open day is this weekend so the car parks will be rammed.",
            "Where is the user doing the nursing course?",
        ),
        (
            "Our gas and electric come from British Gas.",
            "BG are sending letters out to everyone about smart meters.",
            "Who supplies the user's gas and electricity?",
        ),
        (
            "I pick up my prescriptions from the pharmacy at the Royal Victoria Infirmary.",
            "The RVI was on the local news over its waiting times.",
            "Where does the user collect prescriptions?",
        ),
        (
            "My pension is in the Local Government Pension Scheme.",
            "The LGPS posted out its annual statements last week.",
            "Which pension scheme is the user in?",
        ),
        (
            "I go to church at St Bartholomew's.",
            "St Bart's is holding a jumble sale next month.",
            "Which church does the user attend?",
        ),
        (
            "I buy my work clothes at Marks and Spencer.",
            "M&S are shutting the café upstairs.",
            "Where does the user buy work clothes?",
        ),
    ],
    "zh": [
        (
            "我女儿在北京师范大学读研。",
            "北师大今年的校庆办得挺热闹。",
            "用户的女儿在哪所大学读研？",
        ),
        ("我有个头疼脑热都去市第一人民医院。", "市一院新来了个院长。", "用户平常上哪家医院看病？"),
        ("我的工资发在建设银行的卡上。", "建行的手机银行又升级了。", "用户的工资发在哪家银行？"),
        ("我孙子在华中科技大学读书。", "华科的食堂上了热搜。", "用户的孙子在哪所大学读书？"),
        ("我在上海交通大学读博。", "交大的校车线路改了。", "用户在哪所学校读博？"),
        (
            "我孩子上的是师范大学附属小学。",
            "师大附小今年扩招两个班。",
            "用户的孩子在哪所小学上学？",
        ),
    ],
}

# The user's own value replaced, the newer line often shaped as a mention.
CHANGE: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I train at the gym by the library.",
                "The new gym at work has decent racks, so that's where I lift.",
            ),
            "Where does the user lift weights?",
        ),
        (
            (
                "My savings are with Lloyds.",
                "Moved my savings over to the Nationwide, Lloyds shut my branch.",
            ),
            "Where does the user keep their savings?",
        ),
        (
            (
                "I buy my bread at the bakery on the parade.",
                "The farm shop does my bread since the bakery on the parade went downhill.",
            ),
            "Where does the user get bread?",
        ),
        (
            (
                "The internet at ours is through BT.",
                "Virgin put the fibre in last week, BT's router went back in the post.",
            ),
            "Who provides the internet at the user's home?",
        ),
        (
            (
                "I see the dentist at the practice on Station Road.",
                "The NHS dentist in Hulme took me on, so the Station Road practice can whistle.",
            ),
            "Which dental practice is the user seen at?",
        ),
        (
            (
                "I'm registered at the health centre on Bank Street.",
                "Signed on with the GP surgery on my new road after the move.",
            ),
            "Which doctors' surgery has the user got on the books of?",
        ),
    ],
    "zh": [
        (
            ("我平时在体育中心打乒乓球。", "体育中心太远了，现在在楼下的活动室打。"),
            "用户在哪儿打乒乓球？",
        ),
        (("我的存款在农业银行。", "存款都转到招行了，利息高一点。"), "用户的存款在哪家银行？"),
        (("我买菜去家门口的超市。", "超市的菜太贵，买菜改去早市了。"), "用户现在去哪儿买菜？"),
        (("我在市图书馆自习。", "图书馆座位太难抢，跑到咖啡馆自习去了。"), "用户在哪儿自习？"),
        (
            ("我儿子在实验小学读书。", "儿子跟着搬家，转到了北师大附小。"),
            "用户的儿子现在在哪所小学？",
        ),
        (("我看病一般去中医院。", "中医院排队太久，我都去社区诊所看了。"), "用户一般去哪儿看病？"),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I'm a school caretaker.",
        "My wife Janet does the books for a builder.",
        "I was born in Carlisle.",
        "Prawns make my lips swell up.",
        "I collect old railway posters.",
        "Our son is in the navy.",
        "We've a greyhound called Dot.",
        "I watch Warrington Wolves on the telly.",
    ),
    "zh": (
        "我在小学当门卫。",
        "我是河南信阳人。",
        "我一吃虾蟹就过敏。",
        "我老婆在药房当店员。",
        "我家养了两只鹦鹉。",
        "我儿子在部队当兵。",
        "我年轻时在煤矿干过。",
        "我喜欢钓鱼。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the thirtieth blind set: ``change``, then ``mention``, then
    ``short``."""
    out = colloquial2.build_set("colloq30", 30, (("change", CHANGE),), {}, {})
    out.extend(
        colloquial2.oneoff_scenario(f"colloq30-{kind}-{lang}-{i}", lang, i + 30 + k, v, r, q)
        for k, (kind, table) in enumerate((("mention", MENTION), ("short", SHORT)))
        for lang, remarks in table.items()
        for i, (v, r, q) in enumerate(remarks)
    )
    return [with_other_facts(sc, n, BACKGROUND) for n, sc in enumerate(out)]


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
