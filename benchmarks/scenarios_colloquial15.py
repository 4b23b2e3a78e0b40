"""Remarks that only mention a value's subject, against changes that describe the new value in
ordinary words: fifteenth colloquial blind set.

Written for hybridmem by the issue-38 helper ``mention18`` (2026-12-06 16:30 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind13`` uses, and committed as
``benchmarks/data/colloquial_blind15.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``ordinary``: a value named by a name ("Shepperton Marina", 东湖游艇码头), then a new one
  said with the attribute's subject and no name of its own, only ordinary words ("on the bank
  behind the pub in the village now", 村里饭馆后面的河岸边); the old is stale.
- ``mention``: controls, a value and then a remark that talks about the attribute's subject
  (the pub, the gym, the school) and changes nothing of the user's ("changed landlord", "got a
  new owner", 换了个老板): the value answers, the remark above it counts as pollution.

The two kinds are the two readings mention16 and mention17 could not tell apart: a newer
statement that names no value beside the shared subject word is a change in the first and a
mention in the second.

``python -m benchmarks.scenarios_colloquial15 --dump benchmarks/data/colloquial_blind15.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind15.json`` splits it by language and kind (ids
``colloq15-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario

Change = tuple[tuple[str, ...], str]
Remark = tuple[str, str, str]

ORDINARY: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Our boat is moored at Shepperton Marina.",
                "The boat's moored on the bank behind the pub in the village now, much cheaper.",
            ),
            "Where is the user's boat moored?",
        ),
        (
            (
                "I ride at Oakfield Stables on Saturdays.",
                "Riding's at the farm up the hill now, the one with the red barn.",
            ),
            "Where does the user go horse riding?",
        ),
        (
            (
                "Logs for our wood burner come from Hargreaves Fuels.",
                "The wood burner's logs come from the tree surgeon down the lane now, "
                "he drops them round.",
            ),
            "Where does the user get logs for the wood burner?",
        ),
        (
            (
                "My bonsai trees come from Kaizen Bonsai.",
                "Bonsai trees from the old gent who sells them at the car boot now, lovely ones.",
            ),
            "Where does the user buy bonsai trees?",
        ),
        (
            (
                "My fountain pen ink is Diamine.",
                "Pen ink is the stuff from the stationer's in the arcade now, a nice dark blue.",
            ),
            "Which ink does the user use in their fountain pen?",
        ),
        (
            (
                "Our Christmas turkey comes from Kelly Bronze.",
                "The Christmas turkey comes from the farm shop down the lane now, free range.",
            ),
            "Where does the user get their Christmas turkey?",
        ),
    ],
    "zh": [
        (
            ("船停在东湖游艇码头。", "船现在停在村里饭馆后面的河岸边，便宜多了。"),
            "用户的船停在哪？",
        ),
        (
            ("骑马在城北的马术俱乐部。", "骑马现在去山上那个有红房子的农场。"),
            "用户在哪骑马？",
        ),
        (
            ("壁炉的木柴从林场买。", "壁炉的木柴现在找巷子口修树的师傅要，他顺路送来。"),
            "用户的壁炉木柴从哪买？",
        ),
        (
            ("盆景在花木城买。", "盆景现在跟早市上那个卖盆景的老头买，品相好。"),
            "用户在哪买盆景？",
        ),
        (
            ("钢笔墨水用百乐的。", "钢笔墨水现在用文具店老板自己调的，深蓝色。"),
            "用户的钢笔用什么墨水？",
        ),
        (
            ("过年的年货在山姆买。", "年货现在去乡下表舅那边的集市上置办，东西实在。"),
            "用户在哪买年货？",
        ),
    ],
}

# (the value, a later remark that only mentions the attribute's subject, question)
MENTION: dict[str, list[Remark]] = {
    "en": [
        (
            "I drink at the Fox and Hounds on Friday nights.",
            "The Fox and Hounds changed landlord, the new one's a bit grumpy.",
            "Which pub does the user go to on Friday nights?",
        ),
        (
            "I do my spinning classes at Revolution Cycle on Wednesdays.",
            "The spin studio's got a new owner, he's put posters up everywhere.",
            "Where does the user do spinning classes on Wednesdays?",
        ),
        (
            "I bowl for the Crown Green club in Ashby.",
            "The bowls club's new clubhouse roof is finally finished.",
            "Which club does the user bowl for?",
        ),
        (
            "Our kids go to Brookside Primary.",
            "Brookside's head teacher is retiring at Easter, there's a leaving do.",
            "Which school do the user's kids go to?",
        ),
        (
            "I volunteer at the hospice shop on Saturday mornings.",
            "The hospice shop got a huge donation of wedding dresses this week.",
            "Where does the user volunteer on Saturday mornings?",
        ),
        (
            "I play bass in the church worship band.",
            "The worship band's leader is off to Canada next year.",
            "What does the user play in the worship band?",
        ),
    ],
    "zh": [
        (
            "我每周五去街口的老周茶馆喝茶。",
            "老周茶馆换了个老板，新老板不太爱说话。",
            "用户每周五去哪喝茶？",
        ),
        (
            "我每周三去动感单车馆上课。",
            "单车馆换了新老板，到处贴海报。",
            "用户每周三去哪上动感单车课？",
        ),
        (
            "我在区里的门球队打门球。",
            "门球队的场地新修了个棚子，下雨也能打。",
            "用户在哪个队打门球？",
        ),
        (
            "孩子在实验小学上学。",
            "实验小学的校长明年退休，家长们准备送锦旗。",
            "用户的孩子在哪上学？",
        ),
        (
            "每周六上午在社区旧衣店做志愿者。",
            "旧衣店这周收到一大批捐来的婚纱。",
            "用户每周六上午在哪做志愿者？",
        ),
        (
            "我在单位的舞蹈队跳领舞。",
            "舞蹈队的老师生了个女儿，大家都去看了。",
            "用户在舞蹈队跳什么？",
        ),
    ],
}


def build() -> list[Scenario]:
    """Every scenario of the fifteenth blind set, kinds in the order of the module docstring."""
    out = colloquial2.build_set("colloq15", 15, (("ordinary", ORDINARY),), {}, {})
    for lang, remarks in MENTION.items():
        out.extend(
            colloquial2.oneoff_scenario(f"colloq15-mention-{lang}-{i}", lang, i + 15, v, r, q)
            for i, (v, r, q) in enumerate(remarks)
        )
    return out


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
