"""Colloquial value changes said with no change word and no first-person word, mention
remarks and moves back to an earlier value: eighteenth colloquial blind set (issue 38, helper
stale19).

Written fresh by stale19 before any engine change and before reading the engine's readers, on
lives and attributes of its own, and committed as ``benchmarks/data/colloquial_blind18.json``
before anything was run on it. stale18 found that the blind sets' third-person value changes
are often said with an event verb and no goal, where its development set held transfers; this
set says changes that way as well as others, beside remarks about someone else's event
concerning the user's thing. Eight a language of each kind:

- ``third`` (``natural_change``): a value, then its replacement said with no change word and
  no first-person word: an event whose subject is the new value ("Virgin Media put the
  broadband in last Tuesday"), the old one leaving ("Dr Farouk sold up, and Dr Lindqvist took
  over his patients"), or the new value just stated (记账的事媳妇接手了); the newer value
  answers, the older is stale.
- ``back`` (``natural_change``): three values, the last a move back to the first (A, B, A)
  with no word that says so, often with no first-person word either ("Jess belayed on
  Thursday's session, Rob's off to Spain"); only the middle one is stale.
- ``mention`` (``one_offs``): a value, then a remark about another's act or event concerning
  the same thing, asserting no new value of the user's ("Specsavers got a new manager at the
  Meadowhall store", 实验小学来了位新校长); the value answers, the remark is pollution.

Every user has six other facts of their own written first (as in blind14, blind16 and
blind17), from this module's own background lines. ``python -m
benchmarks.scenarios_colloquial18 --dump benchmarks/data/colloquial_blind18.json`` writes the
file; ``python -m benchmarks.colloquial_report --embedder multilingual --json F
benchmarks/data/colloquial_blind18.json`` splits it by language and kind.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

THIRD: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "My accountant is Graham Pike in Stockport.",
                "Graham Pike retired in April and his partner Olu Adeyemi took on the tax return.",
            ),
            "Who does the user's tax return?",
        ),
        (
            (
                "Our home broadband comes from BT.",
                "Virgin Media put the broadband in last Tuesday, the BT router went back.",
            ),
            "Who is the user's broadband provider?",
        ),
        (
            (
                "My brother Sam mows our lawn every fortnight.",
                "Kieran from two doors down has been doing the lawn since Sam's baby arrived.",
            ),
            "Who cuts the grass at the user's house?",
        ),
        (
            (
                "My dentist is Dr Farouk on Mill Lane.",
                "Dr Farouk sold up, and Dr Lindqvist took over his patients.",
            ),
            "Which dentist looks after the user's teeth?",
        ),
        (
            (
                "Pete cleans our windows every other Friday.",
                "A firm called Crystal Clear started doing the street's windows, fortnightly.",
            ),
            "Who does the window cleaning at the user's house?",
        ),
        (
            (
                "My mother-in-law babysits for us on Tuesday nights.",
                "Chloe next door covers Tuesday babysitting while Grandma's hip heals.",
            ),
            "Who babysits on Tuesday nights?",
        ),
        (
            (
                "The kids have swimming lessons at Ponds Forge on Saturdays.",
                "Hillsborough Leisure Centre runs the kids' Saturday swimming lessons, "
                "Ponds Forge closed its pool.",
            ),
            "Where do the kids have swimming lessons?",
        ),
        (
            (
                "My running club meets at Endcliffe Park on Wednesdays.",
                "The running club got a permit for the Botanical Gardens gates on Wednesday "
                "evenings.",
            ),
            "Where does the user's running club meet?",
        ),
    ],
    "zh": [
        (
            ("家里的账一直是我自己记。", "记账的事媳妇接手了。"),
            "用户家的账谁在记？",
        ),
        (
            ("我家的宽带是电信的。", "上周联通的师傅来装好了宽带，电信的猫退回去了。"),
            "用户家的宽带是哪家的？",
        ),
        (
            ("儿子的数学辅导是张老师带的。", "张老师出国了，儿子的数学辅导刘老师接了过来。"),
            "谁给用户的儿子辅导数学？",
        ),
        (
            ("我的牙一直在口腔医院找赵医生看。", "赵医生退休了，他的病人都由孙医生看。"),
            "用户现在找哪位医生看牙？",
        ),
        (
            ("家里的保姆是王阿姨。", "王阿姨回老家了，家政公司派了个李阿姨来。"),
            "用户家的保姆是谁？",
        ),
        (
            ("每周三是我去学校门口接女儿。", "周三接女儿外婆全揽下了。"),
            "周三谁去接用户的女儿？",
        ),
        (
            ("我的车一直在4S店做保养。", "车的保养上个月开始交给路口的途虎了。"),
            "用户的车去哪里做保养？",
        ),
        (
            ("我们读书会每个月在我家聚。", "读书会小周张罗了，在她的茶馆里聚。"),
            "用户的读书会在哪儿聚？",
        ),
    ],
}

BACK: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "The kids' dentist is Dr Mahmood.",
                "The kids see Dr Ruiz at the Smile Clinic for their teeth.",
                "Dr Mahmood saw the kids for their check-up on Monday, no fillings.",
            ),
            "Who is the kids' dentist?",
        ),
        (
            (
                "We have Sunday roast at the Plough.",
                "Sunday roast is at Nan's these days.",
                "Sunday roast at the Plough, the Yorkshire puddings are the size of your head.",
            ),
            "Where does the user have Sunday roast?",
        ),
        (
            (
                "I take the 8:10 train to Leeds for work.",
                "The commute is the X6 bus, the trains are a shambles.",
                "The 8:10 to Leeds with the season ticket renewed for the year.",
            ),
            "How does the user commute to Leeds?",
        ),
        (
            (
                "My climbing partner is Jess.",
                "Climbing is with Rob on Thursdays.",
                "Jess belayed on Thursday's session, Rob's off to Spain for good.",
            ),
            "Who is the user's climbing partner?",
        ),
        (
            (
                "Our dog eats Lily's Kitchen.",
                "The dog's on Harringtons kibble, half the price.",
                "Lily's Kitchen for the dog, she wouldn't touch the kibble.",
            ),
            "Which dog food does the user buy?",
        ),
        (
            (
                "My salary is paid into my Monzo account.",
                "Salary goes into the Halifax account.",
                "Salary's paid into Monzo, the Halifax account is closed.",
            ),
            "Which account is the user's salary paid into?",
        ),
        (
            (
                "Our book club meets at Anna's house.",
                "Book club is in the back room of the Crown.",
                "Book club at Anna's on the 12th, she's doing a curry.",
            ),
            "Where do the user's book club evenings take place?",
        ),
        (
            (
                "My hairdresser is Kerry at Snips.",
                "Hair's done by Leon at the new salon on Division Street.",
                "Kerry at Snips did the colour last week, lovely job as ever.",
            ),
            "Who does the user's hair?",
        ),
    ],
    "zh": [
        (
            (
                "我每天骑共享单车去地铁站。",
                "去地铁站坐的是小区的接驳车。",
                "去地铁站扫辆共享单车骑过去，五分钟就到。",
            ),
            "用户每天是怎么到地铁站的？",
        ),
        (
            (
                "家里吃的米是五常大米。",
                "家里吃的是东北的长粒香。",
                "家里的米是五常的，刚到了两袋。",
            ),
            "用户家吃的是什么米？",
        ),
        (
            (
                "女儿的英语课在新东方上。",
                "女儿的英语课找的是外教一对一。",
                "女儿周六的英语课在新东方上的，老师很负责。",
            ),
            "用户女儿的英语课在哪儿上？",
        ),
        (
            (
                "我的羽毛球搭档是老郑。",
                "羽毛球是和单位的小吴一起打。",
                "老郑周四陪着打了两个小时羽毛球，小吴调去外地了。",
            ),
            "用户和谁一起打羽毛球？",
        ),
        (
            ("我的手机是华为的。", "手机用的是苹果。", "手机是华为的Mate，苹果那台给儿子了。"),
            "用户用的是什么手机？",
        ),
        (
            ("我们家春节回婆家过。", "春节是在娘家过的。", "春节回婆家过，公公婆婆年纪大了。"),
            "用户家春节在哪儿过？",
        ),
        (
            ("我上班开车走高架。", "上班坐地铁四号线。", "上班开车走高架，地铁太挤了。"),
            "用户平时通勤是开车还是坐地铁？",
        ),
        (
            (
                "孩子的午饭在学校食堂吃。",
                "孩子中午在托管班吃饭。",
                "孩子午饭在学校食堂吃，一荤两素。",
            ),
            "用户的孩子中午在哪儿吃饭？",
        ),
    ],
}

MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I get my glasses from the Specsavers at Meadowhall.",
            "Specsavers got a new manager at the Meadowhall store.",
            "Which optician does the user buy glasses from?",
        ),
        (
            "My allotment is plot 14 on Hagg Lane.",
            "The Hagg Lane allotment society elected a new treasurer.",
            "Which plot on the allotments is the user's?",
        ),
        (
            "We get our milk delivered by Milk & More.",
            "Milk & More put their prices up by five pence a pint.",
            "Who delivers the user's milk?",
        ),
        (
            "My son plays cricket for Whitley Bay juniors.",
            "Whitley Bay juniors lost their coach to Durham last month.",
            "Which cricket team does the user's son play for?",
        ),
        (
            "My prescriptions come from the Boots on Fargate.",
            "The Boots on Fargate had a break-in on Sunday night.",
            "Which pharmacy does the user use?",
        ),
        (
            "I listen to the Today programme on the drive in.",
            "The Today programme hired a presenter from the World Service.",
            "What does the user listen to on the drive to work?",
        ),
        (
            "Our plumber is Dave Kerr.",
            "Dave Kerr bought a new van with his name on the side.",
            "Which plumber does the user call?",
        ),
        (
            "The cat goes to Abbeydale Vets.",
            "Abbeydale Vets built an extension with a second operating theatre.",
            "Which vet does the user's cat go to?",
        ),
    ],
    "zh": [
        (
            "日用品我一直在京东上买。",
            "京东昨天发布了新一季的财报。",
            "用户在哪儿买日用品？",
        ),
        (
            "孩子在实验小学读三年级。",
            "实验小学来了位新校长。",
            "用户的孩子在哪个学校读书？",
        ),
        (
            "我剪头发找的是托尼老师。",
            "托尼老师上个月拿了个美发比赛的奖。",
            "用户剪头发找谁？",
        ),
        (
            "我家的燃气是港华的。",
            "港华燃气在小区里搞了一次安全检查。",
            "用户家的燃气是哪家公司的？",
        ),
        (
            "我每周六去城南的游泳馆游泳。",
            "城南游泳馆被评上了市里的示范场馆。",
            "用户周六去哪儿游泳？",
        ),
        (
            "女儿在少儿舞蹈团跳芭蕾。",
            "少儿舞蹈团去北京参加了全国比赛。",
            "用户的女儿在哪儿跳芭蕾？",
        ),
        (
            "我们家订的是光明的牛奶。",
            "光明乳业推出了一款低脂的新品。",
            "用户家订的是哪家的牛奶？",
        ),
        (
            "我看病一般去市一院。",
            "市一院新盖了一栋门诊楼。",
            "用户看病一般去哪家医院？",
        ),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I grew up in Whitby.",
        "My brother-in-law lives in Swansea.",
        "Prawns and mussels bring me out in hives.",
        "I work as a radiographer at the Northern General.",
        "My birthday is on the twenty-second of August.",
        "We keep two hens called Maud and Ethel.",
        "I follow Sheffield Wednesday.",
        "I'm learning the ukulele from videos.",
    ),
    "zh": (
        "我老家是江西九江的。",
        "我对芒果过敏。",
        "我在一家医院做药剂师。",
        "我生日是四月三号。",
        "家里养了一条叫旺财的柯基。",
        "我表哥住在厦门。",
        "我在学书法。",
        "我周末喜欢去钓鱼。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the eighteenth blind set, kinds in the order of the module docstring."""
    kinds = (("third", THIRD), ("back", BACK))
    return with_mentions("colloq18", 18, kinds, {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
