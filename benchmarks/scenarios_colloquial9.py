"""Changes said with no change word, moves back to an earlier value, replaced style
preferences, and the controls where nothing changes: ninth colloquial blind set.

Written for hybridmem by the issue-38 helper ``stale11`` (2026-12-06 02:50 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind8`` uses, and committed as
``benchmarks/data/colloquial_blind9.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word ("From now on, pick me up
  X", or the new value just stated); the old is stale.
- ``back``: three values, the last a move back to the first, half of them with no word that
  says so; only the middle one is stale (as in the second and seventh blind sets).
- ``style``: a preference about how the assistant should work for the user, replaced.
- ``repeat``: controls, a change and then the new value said again with no change in between
  (X, A, A again): either statement of A is the answer and X is stale.
- ``oneoff``: controls, a habit and then a one-off remark about today: the habit answers, the
  remark above it counts as pollution.

``python -m benchmarks.scenarios_colloquial9 --dump benchmarks/data/colloquial_blind9.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind9.json`` splits it by language and kind (ids
``colloq9-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "My deodorant is Sure.",
                "From now on pick me up the Dove deodorant, the unscented one.",
            ),
            "Which deodorant does the user use?",
        ),
        (
            (
                "The kids have piano with Mr Patel.",
                "The kids do piano with Anna down the road, Thursdays after school.",
            ),
            "Who teaches the user's kids piano?",
        ),
        (
            (
                "At Domino's I get a pepperoni.",
                "Order me the veggie supreme whenever we get Domino's.",
            ),
            "What pizza does the user get from Domino's?",
        ),
        (
            (
                "Our plumber is Dave Jones.",
                "Ring Kowalski Plumbing if the boiler plays up, they're our plumbers.",
            ),
            "Who is the user's plumber?",
        ),
        (
            (
                "The dog gets Bakers kibble.",
                "The dog eats Lily's Kitchen, the grain-free one.",
            ),
            "What food does the user's dog eat?",
        ),
        (
            (
                "I log my runs in Strava.",
                "Runs go in the Garmin app, it syncs with the watch.",
            ),
            "Which app does the user log runs in?",
        ),
    ],
    "zh": [
        (
            ("止汗露我用妮维雅。", "以后止汗露给我买多芬的。"),
            "用户用什么止汗露？",
        ),
        (
            ("孩子跟王老师学钢琴。", "孩子钢琴跟楼下的小李老师学，每周四放学去。"),
            "用户的孩子跟谁学钢琴？",
        ),
        (
            ("必胜客我点超级至尊。", "去必胜客给我点榴莲披萨就行。"),
            "用户在必胜客点什么披萨？",
        ),
        (
            ("家里水管坏了找物业的张师傅。", "水管有毛病就打给万家修的刘师傅。"),
            "用户家水管坏了找谁修？",
        ),
        (
            ("狗吃的是皇家狗粮。", "狗粮买的是渴望，无谷的。"),
            "用户的狗吃什么狗粮？",
        ),
        (
            ("跑步用Keep记录。", "跑步记录都在佳明App上，跟手表同步。"),
            "用户跑步用什么App记录？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We use Finish tablets in the dishwasher.",
                "Fairy tablets in the dishwasher, they were on offer.",
                "Finish in the dishwasher, the Fairy ones left streaks.",
            ),
            "Which dishwasher tablets does the user use?",
        ),
        (
            (
                "Our teabags are Yorkshire Tea.",
                "PG Tips teabags in the cupboard, they're cheaper.",
                "Yorkshire Tea bags again, PG tasted of nothing.",
            ),
            "Which teabags does the user buy?",
        ),
        (
            (
                "Breakdown cover is with the AA.",
                "RAC for breakdown cover this year, cheaper quote.",
                "AA for breakdown cover, the RAC took three hours to turn up.",
            ),
            "Who provides the user's breakdown cover?",
        ),
        (
            (
                "We buy Lurpak butter.",
                "Anchor butter in the fridge, Lurpak's gone silly money.",
                "Lurpak in the fridge, the Anchor wouldn't spread.",
            ),
            "Which butter does the user buy?",
        ),
        (
            (
                "My VPN is NordVPN.",
                "ExpressVPN on the laptop, faster for streaming.",
                "Went back to NordVPN, Express kept dropping.",
            ),
            "Which VPN does the user use?",
        ),
        (
            (
                "Thursday quiz night is at the Red Lion.",
                "Quiz night's at the Crown, better prizes.",
                "Back at the Red Lion for quiz night, the Crown's quizmaster was awful.",
            ),
            "Where does the user go for quiz night?",
        ),
    ],
    "zh": [
        (
            (
                "洗碗机用亮碟的洗碗块。",
                "洗碗块用的是finish的，在打折。",
                "洗碗机还是用亮碟，finish那个有水印。",
            ),
            "用户的洗碗机用什么洗碗块？",
        ),
        (
            ("平时喝铁观音。", "喝茶喝普洱，刮油。", "茶喝铁观音，普洱喝不惯。"),
            "用户平时喝什么茶？",
        ),
        (
            ("记账用随手记。", "记账用鲨鱼记账。", "随手记记账，鲨鱼那个广告太多。"),
            "用户用什么记账？",
        ),
        (
            (
                "炒菜用金龙鱼的油。",
                "炒菜油买的鲁花花生油。",
                "炒菜还是用金龙鱼，花生油味太冲。",
            ),
            "用户炒菜用什么油？",
        ),
        (
            (
                "打车用滴滴。",
                "打车用高德打车，便宜点。",
                "打车又用回滴滴了，高德老派不到车。",
            ),
            "用户打车用什么App？",
        ),
        (
            ("寄快递都用顺丰。", "寄快递用中通，便宜。", "寄东西又用回顺丰了，中通丢件。"),
            "用户寄快递用哪家？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Summarise my meetings as a list of action items.",
                "Meeting summaries as a short paragraph, the action lists miss the context.",
            ),
            "How does the user want meeting summaries?",
        ),
        (
            (
                "Read my texts out loud when I'm driving.",
                "When I'm driving just tell me who texted, don't read them out.",
            ),
            "What should the assistant do with texts while the user drives?",
        ),
        (
            (
                "When I'm revising, give me the answer straight away.",
                "Make me guess first when I'm revising, then tell me.",
            ),
            "How should the assistant help the user revise?",
        ),
        (
            (
                "Book my meetings back to back.",
                "Leave ten minutes between my meetings, back to back wears me out.",
            ),
            "How should the user's meetings be scheduled?",
        ),
        (
            (
                "Recommend me new releases when I ask for music.",
                "Old classics for music recommendations, new stuff all sounds the same.",
            ),
            "What music should be recommended to the user?",
        ),
        (
            (
                "Write my social posts in the first person.",
                "Social posts in the third person, it's for the company page.",
            ),
            "In which person should the user's social posts be written?",
        ),
    ],
    "zh": [
        (
            ("会议纪要给我列成待办清单。", "会议纪要写成一小段话，清单看不出来龙去脉。"),
            "用户希望会议纪要怎么写？",
        ),
        (
            ("开车时把消息念给我听。", "开车时只说谁发的消息，内容别念。"),
            "用户开车时消息怎么处理？",
        ),
        (
            ("复习的时候直接告诉我答案。", "复习时先让我猜，再告诉我答案。"),
            "用户复习时希望怎么被帮助？",
        ),
        (
            ("会议给我排紧凑点，一个接一个。", "会议之间留十分钟，连着开太累。"),
            "用户的会议怎么排？",
        ),
        (
            ("给我推荐新歌。", "推歌推老歌，新歌听着都一个味。"),
            "给用户推荐什么歌？",
        ),
        (
            ("朋友圈文案写得文艺点。", "朋友圈文案接地气点，别整那些酸的。"),
            "用户的朋友圈文案要什么风格？",
        ),
    ],
}

# (earlier value, the change, the new value said again with no change in between)
REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I get my glasses from Specsavers.",
                "My new glasses are from Vision Express, that's my optician.",
                "Eye test booked at Vision Express, where I get my glasses.",
            ),
            "Where does the user get their glasses?",
        ),
        (
            (
                "Pet insurance is with Petplan.",
                "The dog's insured with ManyPets.",
                "Renewed the ManyPets cover for the dog.",
            ),
            "Who insures the user's pet?",
        ),
        (
            (
                "I wash the car myself on the drive.",
                "The hand car wash at the garage does the car.",
                "Took the car to the hand car wash at the garage, as usual.",
            ),
            "How does the user get the car washed?",
        ),
        (
            (
                "I buy printer ink from Cartridge People.",
                "Printer ink comes from Amazon.",
                "Ordered more ink off Amazon, where I always get it.",
            ),
            "Where does the user buy printer ink?",
        ),
        (
            (
                "My photos back up to Google Photos.",
                "Photos back up to iCloud now.",
                "iCloud has all my photos backed up.",
            ),
            "Where are the user's photos backed up?",
        ),
        (
            (
                "I buy plants from B&Q.",
                "Plants come from the garden centre in Hatfield.",
                "Picked up lavender at the Hatfield garden centre, where all our plants come from.",
            ),
            "Where does the user buy plants?",
        ),
    ],
    "zh": [
        (
            (
                "眼镜在宝岛配。",
                "眼镜改在医院眼科配了。",
                "又去医院眼科配了副眼镜，都在那配。",
            ),
            "用户在哪配眼镜？",
        ),
        (
            ("猫的保险买的是平安。", "猫的保险换成了众安的。", "续了众安的猫咪保险。"),
            "用户的宠物保险买的哪家？",
        ),
        (
            (
                "打印去楼下打印店。",
                "家里买了台打印机，不用出去打了。",
                "用家里打印机打了合同，都在家打。",
            ),
            "用户在哪打印东西？",
        ),
        (
            ("照片备份到百度网盘。", "照片都备份到iCloud了。", "手机照片都在iCloud里备份着。"),
            "用户的照片备份在哪？",
        ),
        (
            ("花草在花鸟市场买。", "花都在拼多多上买了。", "拼多多又买了盆绿萝，买花都在上面。"),
            "用户在哪买花草？",
        ),
        (
            ("大米在超市买。", "大米在网上订的五常米。", "又在网上订了袋五常米，家里一直吃这个。"),
            "用户家的大米在哪买？",
        ),
    ],
}

# (the habit, a one-off remark about today, question about the habit)
ONEOFF: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I get my paper at the newsagent's on the corner.",
            "Grabbed a paper at the station today, the corner shop was shut.",
            "Where does the user buy their newspaper?",
        ),
        (
            "I park on level 3 of the multi-storey at work.",
            "Parked on the street today, the multi-storey was full.",
            "Where does the user park at work?",
        ),
        (
            "I do my ironing on Sunday nights.",
            "Ironed a shirt this morning, the interview came up last minute.",
            "When does the user do the ironing?",
        ),
        (
            "I get the kids' shoes at Clarks.",
            "Got the kids' trainers at the market today, Clarks had nothing in their size.",
            "Where does the user buy the kids' shoes?",
        ),
        (
            "I walk two laps of the park in the evening.",
            "Did a workout video in the living room tonight, it was chucking it down.",
            "How does the user exercise in the evening?",
        ),
        (
            "I cycle to the station.",
            "Got a lift to the station today, my tyre was flat.",
            "How does the user get to the station?",
        ),
    ],
    "zh": [
        (
            "水果在小区门口的水果店买。",
            "今天水果店没开，在超市买了点苹果。",
            "用户在哪买水果？",
        ),
        (
            "上班车停在公司地下二层。",
            "今天地库满了，车停在路边。",
            "用户上班车停哪？",
        ),
        (
            "衣服周日晚上熨。",
            "今早临时要面试，早上熨了件衬衫。",
            "用户什么时候熨衣服？",
        ),
        (
            "孩子的鞋在专卖店买。",
            "今天专卖店没码了，在商场随便给孩子买了双。",
            "用户在哪给孩子买鞋？",
        ),
        (
            "晚上绕小区走两圈。",
            "今天下雨，晚上在家跳了会儿操。",
            "用户晚上怎么锻炼？",
        ),
        (
            "骑车去地铁站。",
            "今天车胎瘪了，走着去的地铁站。",
            "用户怎么去地铁站？",
        ),
    ],
}


def build() -> list[Scenario]:
    """Every scenario of the ninth blind set, kinds in the order of the module docstring."""
    kinds = (("plain", PLAIN), ("back", BACK), ("style", STYLE))
    return colloquial2.build_set("colloq9", 9, kinds, REPEAT, ONEOFF)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
