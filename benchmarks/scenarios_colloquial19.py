"""Colloquial value changes said without a change word, moves back, style preferences replaced
and remarks about someone else's change, nineteenth blind set (issue 38, helper stale20).

Written fresh by stale20 before any engine change, without reading the engine's readers or the
eighteenth set's lines, on lives and attributes of its own (a Swansea hospital porter; a
pharmacist from Jiujiang), and committed as ``benchmarks/data/colloquial_blind19.json`` before
anything was run on it. Eight a language of each kind:

- ``third`` (``natural_change``): a value, then its replacement said with no change word (no
  "switched", "now use", 换/改), often with another person or the thing as subject ("Femi drives
  me to work on his way in these days", 家里宽带装的是移动的); the last two of each language are
  style or address preferences replaced ("Gaz is what everyone calls me, use that", 回答三两句话
  说清楚就行). The newer value answers, the older is stale.
- ``back`` (``natural_change``): a value, a second one, then the first again, said with the
  user's act ("Black coffee for me again"), with none ("It's the seafront for my Saturday run
  again") or as the returned value's own act ("Octopus won us back with a cheaper tariff",
  少年宫又把孩子招回去了); the return answers, the middle value is stale.
- ``mention`` (``one_offs``): a value of the user's, then a remark that someone else changed
  the same kind of thing ("Femi moved his salary over to Starling last month", 我老婆把工资卡
  换成了工商银行的); the user's value answers, the remark is pollution.

Every user has six other facts of their own written first, from this module's background lines.
``python -m benchmarks.scenarios_colloquial19 --dump benchmarks/data/colloquial_blind19.json``
writes the file; ``python -m benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind19.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

THIRD: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I take the 7:40 train into Cardiff for work.",
                "Femi drives me to work on his way in these days.",
            ),
            "How does the user get into work in the mornings?",
        ),
        (
            (
                "My phone contract is with Vodafone.",
                "The phone's on a Giffgaff SIM since the summer.",
            ),
            "Which network is the user's phone on?",
        ),
        (
            (
                "I buy my bread from the bakery on Wind Street.",
                "Bread's homemade now, the machine does a loaf every other day.",
            ),
            "Where does the user's bread come from?",
        ),
        (
            (
                "My dentist is Dr Price in Mumbles.",
                "It's a Dr Okoro who does my check-ups, over at the practice in Sketty.",
            ),
            "Who does the user see for their teeth?",
        ),
        (
            (
                "We watch films on Netflix in the evenings.",
                "Evenings it's Disney+ on the telly, the kids wanted it.",
            ),
            "Which streaming service does the user watch in the evenings?",
        ),
        (
            (
                "I do my weekly swim at the Penlan pool.",
                "My lengths are at the LC on Oystermouth Road on Thursdays.",
            ),
            "Where does the user go swimming each week?",
        ),
        (
            (
                "Please write to me in full sentences, no bullet points.",
                "Bullet points suit me best now, I read your replies on my phone in breaks.",
            ),
            "How does the user want replies formatted?",
        ),
        (
            (
                "Call me Gareth when you talk to me.",
                "Gaz is what everyone calls me, use that.",
            ),
            "What name does the user want to be called?",
        ),
    ],
    "zh": [
        (
            (
                "我每天坐地铁二号线上班。",
                "上班现在骑电动车，二十分钟就到。",
            ),
            "用户每天怎么去单位？",
        ),
        (
            (
                "我的宽带是电信的。",
                "家里宽带装的是移动的，送了两张卡。",
            ),
            "用户家里的宽带用的哪家运营商？",
        ),
        (
            (
                "我的牙一直在口腔医院看。",
                "看牙找的是小区对面那家私人诊所的刘医生。",
            ),
            "用户在哪儿看牙？",
        ),
        (
            (
                "女儿放学后在学校托管班。",
                "女儿放学后外婆接回家带着。",
            ),
            "女儿放学后谁带？",
        ),
        (
            (
                "我早饭一般在楼下吃包子。",
                "早饭是自己在家煮燕麦。",
            ),
            "用户早上一般吃什么早饭？",
        ),
        (
            (
                "我平时在淘宝上买衣服。",
                "衣服基本都在拼多多下单了。",
            ),
            "用户在哪个平台买衣服？",
        ),
        (
            (
                "跟我说话用“您”就行，客气一点。",
                "叫我老周就好，不用那么客气。",
            ),
            "该怎么称呼用户？",
        ),
        (
            (
                "回答尽量详细一点，我喜欢看长的解释。",
                "回答三两句话说清楚就行。",
            ),
            "用户希望回答多长？",
        ),
    ],
}

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "I get my hair cut at Dino's on Walter Road.",
                "The new place by the marina does my haircuts.",
                "Dino's has me in the chair again, the marina lot were useless.",
            ),
            "Where does the user go for a haircut?",
        ),
        (
            (
                "I drink my coffee black.",
                "I take oat milk in my coffee.",
                "Black coffee for me again, the oat milk upset my stomach.",
            ),
            "How does the user take their coffee?",
        ),
        (
            (
                "Our energy is with Octopus.",
                "The gas and electric are with EDF on a fixed deal.",
                "Octopus won us back with a cheaper tariff.",
            ),
            "Which company supplies the user's gas and electricity?",
        ),
        (
            (
                "I run along the seafront on Saturday mornings.",
                "Saturday mornings are parkrun in Singleton Park.",
                "It's the seafront for my Saturday run again.",
            ),
            "Where does the user run on Saturdays?",
        ),
        (
            (
                "My GP is Dr Evans at the Uplands surgery.",
                "A locum, Dr Shah, sees me at the Uplands surgery.",
                "Dr Evans is back from leave and has taken me on again.",
            ),
            "Which doctor is the user's GP at the moment?",
        ),
        (
            (
                "I do my reading on an old Kindle Paperwhite.",
                "Paper books from the library are what I read these days.",
                "The Kindle's come out of the drawer, I'm reading on it again.",
            ),
            "What does the user read books on?",
        ),
        (
            (
                "Mam does our Sunday dinner.",
                "Sunday dinner is at the carvery in Killay.",
                "Mam's cooking Sunday dinner for us again.",
            ),
            "Where does the user's Sunday dinner come from?",
        ),
        (
            (
                "My car goes to Kwik Fit for its MOT.",
                "The garage on Fabian Way does the car's MOT.",
                "Kwik Fit is doing the MOT this year, like before.",
            ),
            "Where does the user's car get its MOT?",
        ),
    ],
    "zh": [
        (
            (
                "我喝茶只喝绿茶。",
                "最近每天泡的是普洱。",
                "还是喝回绿茶了，普洱喝着胃不舒服。",
            ),
            "用户现在每天喝哪种茶？",
        ),
        (
            (
                "我家孩子在少年宫学画画。",
                "孩子的画画课在家附近的画室上。",
                "少年宫又把孩子招回去了，画画课还在那边上。",
            ),
            "孩子在哪儿学画画？",
        ),
        (
            (
                "我在公司食堂吃午饭。",
                "中午都是点外卖吃。",
                "午饭又回食堂吃了。",
            ),
            "用户午饭在哪儿吃？",
        ),
        (
            (
                "我的车在4S店保养。",
                "车子保养在路边的途虎做。",
                "4S店打电话把我拉回去了，保养还是在他们那儿。",
            ),
            "用户的车一般在哪儿做保养？",
        ),
        (
            (
                "我用的是华为手机。",
                "手上拿的是一台iPhone 15。",
                "又用上华为了，新出的Mate挺好用。",
            ),
            "用户手上用的是哪个牌子的手机？",
        ),
        (
            (
                "我每周三晚上去羽毛球馆打球。",
                "周三晚上去游泳馆游泳。",
                "周三晚上还是打羽毛球，游泳坚持不下来。",
            ),
            "用户周三晚上做什么运动？",
        ),
        (
            (
                "我妈的降压药是在社区医院开的。",
                "我妈的降压药在网上药房买。",
                "社区医院现在能开三个月的量，我妈的药又去那儿拿了。",
            ),
            "用户妈妈的降压药在哪儿拿？",
        ),
        (
            (
                "我住在单位分的宿舍。",
                "我在公司旁边租了一个单间。",
                "单位宿舍又给我留了一间，我搬回去了。",
            ),
            "用户现在住在哪儿？",
        ),
    ],
}

MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I shop for groceries at Aldi on Fforestfach.",
            "My sister-in-law does all her shopping at Waitrose now.",
            "Where does the user buy groceries?",
        ),
        (
            "I'm with Monzo for my current account.",
            "Femi moved his salary over to Starling last month.",
            "Which bank is the user's current account with?",
        ),
        (
            "I cycle to the hospital for my shifts.",
            "My mate Rhys sold his bike and gets the bus to work now.",
            "How does the user travel to their hospital shifts?",
        ),
        (
            "Our vet is Dr Morgan at Pennard Vets.",
            "Next door's dog sees a new vet in Gorseinon these days.",
            "Which vet looks after the user's pets?",
        ),
        (
            "I listen to Radio Wales in the car.",
            "Dad's taken to listening to podcasts on his drives.",
            "What does the user listen to in the car?",
        ),
        (
            "My glasses come from the Specsavers in the Quadrant.",
            "My brother went for laser surgery and binned his glasses.",
            "Where does the user buy their glasses?",
        ),
        (
            "I play five-a-side at the leisure centre on Mondays.",
            "Gethin's team switched their five-a-side to Wednesdays at the uni.",
            "When and where does the user play five-a-side?",
        ),
        (
            "My gym is the PureGym on the Kingsway.",
            "Nia cancelled her PureGym and joined a climbing wall.",
            "Which gym is the user a member of?",
        ),
    ],
    "zh": [
        (
            "我在永辉超市买菜。",
            "我邻居王姐现在都在叮咚买菜上下单了。",
            "用户一般去哪儿买菜？",
        ),
        (
            "我的工资卡是建设银行的。",
            "我老婆把工资卡换成了工商银行的。",
            "用户的工资发在哪家银行的卡上？",
        ),
        (
            "我每天早上扫一辆共享单车骑到地铁站。",
            "同事小张买了辆电动车，不骑共享单车了。",
            "用户每天怎么到地铁站？",
        ),
        (
            "我在健身房请的私教是李教练。",
            "我朋友换了个私教，说新教练更专业。",
            "用户的私教是谁？",
        ),
        (
            "我用微信读书看书。",
            "我表妹最近迷上了听书，用的是喜马拉雅。",
            "用户平时用哪个App看书？",
        ),
        (
            "我儿子在新东方学英语。",
            "隔壁家的孩子从新东方转到了一对一外教课。",
            "用户的儿子在哪儿学英语？",
        ),
        (
            "我每周六上午去游泳馆游泳。",
            "我爸退了游泳卡，改去公园打太极了。",
            "用户每周六上午做什么？",
        ),
        (
            "我们家看病去市第一人民医院。",
            "岳母家现在看病都去新开的中医院。",
            "用户家看病去哪家医院？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I was raised on a farm near Carmarthen.",
        "My brother teaches maths in Leeds.",
        "Cockles and prawns make my throat swell up.",
        "I work as a hospital porter.",
        "My anniversary is on the second of June.",
        "We keep two hens in the back garden.",
        "I play bass in a covers band.",
        "My partner's name is Femi.",
    ),
    "zh": (
        "我老家在江西九江。",
        "我哥哥在深圳开出租车。",
        "我一吃芒果嘴就肿。",
        "我在县医院药房上班。",
        "我和老婆的结婚纪念日是五月二号。",
        "阳台上养了几盆多肉。",
        "我业余在合唱团唱男低音。",
        "我女儿今年上初二。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the nineteenth blind set, kinds in the order of the module docstring."""
    kinds = (("third", THIRD), ("back", BACK))
    return with_mentions("colloq19", 19, kinds, {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
