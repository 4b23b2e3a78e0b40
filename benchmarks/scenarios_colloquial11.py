"""Changes said with no change word, moves back named by one value with no word that says
so, replaced style preferences, and the controls where nothing changes: eleventh colloquial
blind set.

Written for hybridmem by the issue-38 helper ``stale13`` (2026-12-06 08:50 UTC), fresh, on
attributes that none of ``colloquial_dev.json``, ``colloquial_blind.json`` or
``colloquial_blind2`` to ``colloquial_blind10`` uses, and committed as
``benchmarks/data/colloquial_blind11.json`` before any engine code was changed. It is blind:
run once before and once after a change, never tuned on. Six a language of each kind:

- ``plain``: a value and then a new one said with no change word ("from now on take my
  boots to X", or the new value just stated); the old is stale.
- ``back``: three values, the last a move back to the first (A, B, A) said with no word that
  says so (no "again", "back", 又, 还是, 回) and naming only the value returned to; only the
  middle one is stale.
- ``style``: a preference about how the assistant should work for the user, replaced.
- ``repeat``: controls, a change and then the new value said again with no change in between
  (X, A, A again): either statement of A is the answer and X is stale.
- ``oneoff``: controls, a habit and then a one-off remark about one day: the habit answers,
  the remark above it counts as pollution.

``python -m benchmarks.scenarios_colloquial11 --dump benchmarks/data/colloquial_blind11.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json FILE
benchmarks/data/colloquial_blind11.json`` splits it by language and kind (ids
``colloq11-<kind>-<lang>-<i>``).
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario

Change = tuple[tuple[str, ...], str]

PLAIN: dict[str, list[Change]] = {
    "en": [
        (
            (
                "My shoes get resoled at the cobbler in the market.",
                "From now on take my work shoes to the heel bar at the station for new soles.",
            ),
            "Where does the user get shoes resoled?",
        ),
        (
            (
                "We use Pampers nappies.",
                "Get the Aldi nappies, size four, they're just as good.",
            ),
            "Which nappies does the user buy?",
        ),
        (
            (
                "Our babysitter is Chloe from next door.",
                "Ask Megan from the nursery to babysit, she does all our evenings out.",
            ),
            "Who babysits for the user?",
        ),
        (
            (
                "I use Listerine mouthwash.",
                "Put Corsodyl mouthwash on the shopping list, that's the one I use.",
            ),
            "Which mouthwash does the user use?",
        ),
        (
            (
                "My trousers get taken up at the tailor on King Street.",
                "Alterations go to Sew Quick in the arcade, Maria does them properly.",
            ),
            "Where does the user get clothes altered?",
        ),
        (
            (
                "We buy Philips light bulbs.",
                "Get the IKEA LED bulbs for the lamps, the warm white ones.",
            ),
            "Which light bulbs does the user buy?",
        ),
    ],
    "zh": [
        (
            ("鞋子坏了去菜市场的修鞋摊补。", "以后鞋子开胶就拿到地铁站的快修店。"),
            "用户的鞋坏了在哪修？",
        ),
        (
            ("孩子用帮宝适的纸尿裤。", "纸尿裤给我买花王的，L码。"),
            "用户的孩子用什么纸尿裤？",
        ),
        (
            ("晚上出门孩子找邻居刘阿姨带。", "晚上出门孩子交给家政的小周带。"),
            "用户晚上出门时孩子找谁带？",
        ),
        (
            ("漱口水用李施德林。", "漱口水买舒适达的，牙龈敏感。"),
            "用户用什么漱口水？",
        ),
        (
            ("改裤脚去小区门口的裁缝铺。", "改衣服都拿到商场里的改衣店，手艺好。"),
            "用户在哪改衣服？",
        ),
        (
            ("灯泡买飞利浦的。", "灯泡给我买欧普的，暖光那种。"),
            "用户家买什么灯泡？",
        ),
    ],
}

BACK: dict[str, list[Change]] = {
    "en": [
        (
            (
                "We use Lavazza pods in the coffee machine.",
                "Nespresso's own pods in the coffee machine, they're on offer.",
                "Lavazza pods in the coffee machine, the strong ones.",
            ),
            "Which coffee pods does the user use?",
        ),
        (
            (
                "My physio is Dan at the sports clinic.",
                "Physio's with Rachel at the hospital these days.",
                "Physio sessions with Dan at the sports clinic, he knows my knee.",
            ),
            "Who is the user's physio?",
        ),
        (
            (
                "We use Lenor fabric conditioner.",
                "Comfort fabric conditioner in the drawer, it's cheaper.",
                "Lenor fabric conditioner, the spring one.",
            ),
            "Which fabric conditioner does the user use?",
        ),
        (
            (
                "We order Chinese food from the Golden Dragon.",
                "Chinese food comes from Lucky Star, they deliver.",
                "Chinese takeaway is from the Golden Dragon, nobody beats their crispy beef.",
            ),
            "Where does the user order Chinese food from?",
        ),
        (
            (
                "The dog gets groomed at Pampered Paws.",
                "Dog grooming is the mobile van that comes to the house.",
                "The dog goes to Pampered Paws for grooming, she comes home happier.",
            ),
            "Who grooms the user's dog?",
        ),
        (
            (
                "The car gets its MOT at Kwik Fit.",
                "The MOT's done at the garage by the roundabout.",
                "Booked the car's MOT at Kwik Fit, they're straight with me.",
            ),
            "Where does the user get the car's MOT done?",
        ),
    ],
    "zh": [
        (
            (
                "咖啡机用星巴克的胶囊。",
                "咖啡胶囊买的雀巢原装，打折。",
                "咖啡胶囊用星巴克的，浓一点。",
            ),
            "用户的咖啡机用什么胶囊？",
        ),
        (
            (
                "腰疼找中医馆的王大夫推拿。",
                "推拿现在去医院康复科做。",
                "推拿找中医馆的王大夫，他手法好。",
            ),
            "用户推拿找谁？",
        ),
        (
            ("柔顺剂用金纺。", "柔顺剂买的超能，便宜。", "柔顺剂用金纺的，味道好闻。"),
            "用户用什么柔顺剂？",
        ),
        (
            ("螺蛳粉买好欢螺的。", "螺蛳粉买的李子柒，搞活动。", "螺蛳粉买好欢螺，够臭够辣。"),
            "用户买哪家的螺蛳粉？",
        ),
        (
            ("车在4S店保养。", "车保养去的途虎。", "车保养在4S店做，放心。"),
            "用户的车在哪保养？",
        ),
        (
            ("孩子喝飞鹤奶粉。", "孩子奶粉买的爱他美，进口的。", "孩子奶粉喝飞鹤，不上火。"),
            "用户的孩子喝什么奶粉？",
        ),
    ],
}

STYLE: dict[str, list[Change]] = {
    "en": [
        (
            (
                "Give me my spending as a list of every transaction.",
                "Spending as totals by category, the full list is overwhelming.",
            ),
            "How should spending be reported to the user?",
        ),
        (
            (
                "Read me the weather as the full forecast.",
                "Weather in one line, just the high and whether to take a coat.",
            ),
            "How should the weather be given to the user?",
        ),
        (
            (
                "Summarise articles for me in three bullet points.",
                "Article summaries in one sentence, bullets are too much.",
            ),
            "How should articles be summarised for the user?",
        ),
        (
            (
                "Recommend me bestsellers.",
                "Book picks from small presses, the bestseller lists bore me.",
            ),
            "What books should be recommended to the user?",
        ),
        (
            (
                "Give me travel times by car.",
                "Travel times on public transport, I don't drive.",
            ),
            "How should travel times be given to the user?",
        ),
        (
            (
                "Mark up my writing with every small correction.",
                "Writing feedback on the big picture only, the small stuff drowns it.",
            ),
            "What feedback should the user get on their writing?",
        ),
    ],
    "zh": [
        (
            ("花销给我列出每一笔。", "花销按类别给个总数就行，一笔笔列太多了。"),
            "给用户报花销要怎么报？",
        ),
        (
            ("天气预报给我说详细的。", "天气说一句就够，最高温和要不要带伞。"),
            "给用户报天气要怎么报？",
        ),
        (
            ("文章给我总结成三条要点。", "文章总结一句话就行，要点太多。"),
            "给用户总结文章要怎么总结？",
        ),
        (
            ("给我推荐畅销书。", "推荐些小众出版社的书，畅销榜的没意思。"),
            "给用户推荐什么书？",
        ),
        (
            ("路上时间按开车算。", "路上时间按地铁公交算，我不开车。"),
            "用户的路上时间按什么算？",
        ),
        (
            ("改作文每个小错都标出来。", "改作文只说大问题，小错太多看不过来。"),
            "给用户改作文要怎么改？",
        ),
    ],
}

# (earlier value, the change, the new value said again with no change in between)
REPEAT: dict[str, list[Change]] = {
    "en": [
        (
            (
                "I get my eyebrows done at the salon on Queen Street.",
                "My eyebrows are done by Priya at the threading bar now.",
                "Priya did my eyebrows at the threading bar, as usual.",
            ),
            "Where does the user get their eyebrows done?",
        ),
        (
            (
                "We rent films on Amazon.",
                "We rent films through the Sky Store now.",
                "Rented another film on the Sky Store, that's where we get them.",
            ),
            "Where does the user rent films?",
        ),
        (
            (
                "Our chimney is swept by a man from Hitchin.",
                "Sooty Sweeps do the chimney these days.",
                "Sooty Sweeps came for the chimney, same as every year.",
            ),
            "Who sweeps the user's chimney?",
        ),
        (
            (
                "I learn drawing from library books.",
                "Drawing is a Thursday class at the art centre now.",
                "Went to my Thursday drawing class at the art centre, as always.",
            ),
            "How does the user learn drawing?",
        ),
        (
            (
                "We buy eggs at the supermarket.",
                "Our eggs come from the farm shop on Church Lane now.",
                "Got the eggs from the farm shop on Church Lane, our usual.",
            ),
            "Where does the user buy eggs?",
        ),
        (
            (
                "I get my flu jab at the GP.",
                "Flu jabs are at Boots now.",
                "Had my flu jab at Boots, same as last year.",
            ),
            "Where does the user get a flu jab?",
        ),
    ],
    "zh": [
        (
            (
                "修眉在小区美容院。",
                "修眉改去商场的修眉吧了。",
                "又去商场修眉吧修了眉，一直在那修。",
            ),
            "用户在哪修眉？",
        ),
        (
            (
                "电影在爱奇艺上买。",
                "电影改在腾讯视频上买了。",
                "又在腾讯视频上买了部电影，一直在那买。",
            ),
            "用户在哪个平台买电影？",
        ),
        (
            (
                "油烟机清洗找物业。",
                "油烟机清洗改找啄木鸟了。",
                "又约了啄木鸟洗油烟机，每次都找他们。",
            ),
            "用户的油烟机找谁清洗？",
        ),
        (
            (
                "画画跟着网上视频学。",
                "画画改去文化馆报班了。",
                "这周又去文化馆上了画画课，一直在那学。",
            ),
            "用户在哪学画画？",
        ),
        (
            (
                "鸡蛋在超市买。",
                "鸡蛋改从农家直接订了。",
                "又从农家订了一箱鸡蛋，一直在他家买。",
            ),
            "用户在哪买鸡蛋？",
        ),
        (
            (
                "流感疫苗在单位打。",
                "流感疫苗改在社区医院打了。",
                "今年流感疫苗又是在社区医院打的。",
            ),
            "用户在哪打流感疫苗？",
        ),
    ],
}

# (the habit, a one-off remark about one day, question about the habit)
ONEOFF: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I floss before bed.",
            "Flossed after lunch today, had spinach stuck.",
            "When does the user floss?",
        ),
        (
            "I take my vitamins with breakfast.",
            "Took my vitamins at dinner today, forgot this morning.",
            "When does the user take vitamins?",
        ),
        (
            "I pay for lunch with my phone.",
            "Paid cash for lunch today, my phone was dead.",
            "How does the user pay for lunch?",
        ),
        (
            "I do my stretches in the living room.",
            "Did my stretches in the garden today, lovely sun.",
            "Where does the user do stretches?",
        ),
        (
            "I call my brother on Sunday evenings.",
            "Rang my brother on Wednesday this week, he's away at the weekend.",
            "When does the user call their brother?",
        ),
        (
            "I post letters at the box on the corner.",
            "Posted my letters at the sorting office today, I was passing.",
            "Where does the user post letters?",
        ),
    ],
    "zh": [
        (
            "睡前用牙线。",
            "今天午饭后用了牙线，塞牙了。",
            "用户什么时候用牙线？",
        ),
        (
            "早饭时吃维生素。",
            "今天早上忘了，晚饭时吃的维生素。",
            "用户什么时候吃维生素？",
        ),
        (
            "午饭用手机付钱。",
            "今天手机没电，午饭付的现金。",
            "用户午饭怎么付钱？",
        ),
        (
            "在客厅做拉伸。",
            "今天天好，在阳台上做的拉伸。",
            "用户在哪做拉伸？",
        ),
        (
            "周日晚上给哥哥打电话。",
            "这周哥哥周末出差，周三就打了。",
            "用户什么时候给哥哥打电话？",
        ),
        (
            "取钱在小区门口的ATM取。",
            "今天在商场里的ATM取的钱，顺路。",
            "用户在哪取钱？",
        ),
    ],
}


def build() -> list[Scenario]:
    """Every scenario of the eleventh blind set, kinds in the order of the module docstring."""
    kinds = (("plain", PLAIN), ("back", BACK), ("style", STYLE))
    return colloquial2.build_set("colloq11", 11, kinds, REPEAT, ONEOFF)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
