"""A second development set of third-person value changes and mention remarks: changes said
with an event verb and no goal (issue 38, helper stale19): read freely, tuned on, never a
blind figure.

stale18's development set (``benchmarks.scenarios_thirdperson_dev``) said its third-person
changes as transfers ("passed the accounts to", 转给了), the shape its reading was built to
keep; the blind sets' third-person changes are also said with an event verb and no goal, which
its reading takes for someone else's act. This set, written by stale19 after
colloquial_blind18 from imagination (no blind set's line read), on other lives and attributes,
gives that shape beside remarks about another's act, ten a language of each kind:

- ``event`` (``natural_change``): a value, then its replacement said with no change word, no
  first-person word and no goal: the old holder leaves and the new one acts ("Mr Ellis
  emigrated, and Hannah Price took over the Monday lessons"), the new value acts on the thing
  ("Three ported the number across yesterday"), or a new one is taken on (晚饭请了个钟点工阿姨
  做); the newer answers.
- ``mention`` (``one_offs``): a value, then another's act or event concerning the same thing,
  no new value of the user's, among them a third party acting on the value itself ("Network
  Rail repaired the roof at Temple Meads", 市政把江边绿道的路灯修好了); the value answers, the
  remark is pollution.

Each user has six other facts first (:func:`benchmarks.scenarios_colloquial14
.with_other_facts`). ``python -m benchmarks.scenarios_thirdperson_dev2 --dump
benchmarks/data/colloquial_thirdperson_dev2.json`` writes the file.
"""

from __future__ import annotations

from benchmarks import scenarios_colloquial2 as colloquial2
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial14 import with_mentions

TAG = "thirdp2"

EVENT: dict[str, list[colloquial2.Change]] = {
    "en": [
        (
            (
                "Our veg box comes from Riverford.",
                "Abel & Cole delivered the first veg box on Thursday, Riverford's cancelled.",
            ),
            "Which company sends the user's veg box?",
        ),
        (
            (
                "My personal trainer is Marcus at PureGym.",
                "Marcus left PureGym, and a trainer called Sofia picked up his clients.",
            ),
            "Who trains the user at the gym?",
        ),
        (
            (
                "British Gas services our boiler every year.",
                "A local firm, HeatWise, serviced the boiler in October and holds the contract.",
            ),
            "Who services the user's boiler?",
        ),
        (
            (
                "My sister Jo feeds the cat when we're away.",
                "A sitter from the Rover app fed the cat over half term, Jo's in Australia.",
            ),
            "Who feeds the user's cat when they are away?",
        ),
        (
            (
                "Grandpa drives Ellie to ballet on Thursdays.",
                "Megan's mum took over the Thursday ballet run.",
            ),
            "Who drives Ellie to ballet on Thursdays?",
        ),
        (
            (
                "My mortgage is with Santander.",
                "Nationwide offered a better rate and took the mortgage on at the remortgage.",
            ),
            "Which lender is the user's mortgage with?",
        ),
        (
            ("My GP is Dr Okoro.", "Dr Okoro retired, Dr Whitfield inherited his list."),
            "Which doctor is the user's GP?",
        ),
        (
            (
                "My piano teacher is Mr Ellis.",
                "Mr Ellis emigrated, and Hannah Price took over the Monday lessons.",
            ),
            "Who teaches the user piano?",
        ),
        (
            (
                "Grandad walks the kids to school.",
                "A walking bus of parents picked up the school walk this term, Grandad's knee "
                "is bad.",
            ),
            "Who walks the user's kids to school?",
        ),
        (
            (
                "My phone contract is with O2.",
                "Three ported the number across yesterday, O2's final bill arrived.",
            ),
            "Which network is the user's phone contract with?",
        ),
    ],
    "zh": [
        (("家里的水电费一直是我在交。", "水电费的事老公包了。"), "用户家的水电费谁交？"),
        (("我的健身教练是小马。", "小马离职了，健身房安排了阿杰带课。"), "用户的健身教练是谁？"),
        (
            ("家里的热水器是美的的。", "师傅上门装了台海尔的热水器，旧的拉走了。"),
            "用户家的热水器是什么牌子？",
        ),
        (
            ("女儿的舞蹈课是周老师上的。", "周老师生孩子了，舞蹈课由林老师代。"),
            "谁教用户女儿跳舞？",
        ),
        (("我的快递一般放门卫室。", "快递都让菜鸟驿站收了。"), "用户的快递放在哪儿？"),
        (("我妈每天给我们做晚饭。", "晚饭请了个钟点工阿姨做。"), "用户家的晚饭谁做？"),
        (("我一直在工行存钱。", "工资卡公司统一办了建行的。"), "用户的工资发到哪家银行的卡上？"),
        (("我的车是我自己洗。", "洗车小区门口的洗车房包月了。"), "用户的车谁洗？"),
        (
            ("儿子的英语是我自己辅导。", "儿子的英语报了个网课，外教一周三次。"),
            "谁教用户儿子英语？",
        ),
        (("家里网购都用我的淘宝账号。", "网购老婆的账号下单，积分多。"), "用户家网购用谁的账号？"),
    ],
}

MENTION: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I buy my bread from Gail's on the corner.",
            "Gail's opened another bakery in Clifton.",
            "Which bakery does the user buy bread from?",
        ),
        (
            "My cleaner is Rosa.",
            "Rosa's daughter graduated from Bristol last week.",
            "Who cleans for the user?",
        ),
        (
            "We use Octopus for our energy.",
            "Octopus bought a smaller supplier last month.",
            "Who supplies the user's energy?",
        ),
        (
            "I swim at Clifton Lido.",
            "Clifton Lido won a design award for the new sauna.",
            "Which pool does the user swim at?",
        ),
        (
            "My son goes to St Anne's primary.",
            "St Anne's primary held its summer fair on Saturday.",
            "Which school does the user's son go to?",
        ),
        (
            "My physio is Aisha at the sports clinic.",
            "Aisha ran the London marathon in April.",
            "Which physio treats the user at the sports clinic?",
        ),
        (
            "Yorkshire Tea is what I drink at home.",
            "Yorkshire Tea brought out a decaf version.",
            "Which tea does the user drink?",
        ),
        (
            "The kids' dentist is at Harbourside Dental.",
            "Harbourside Dental repainted the waiting room bright yellow.",
            "Where do the user's kids go to the dentist?",
        ),
        (
            "I get the train from Temple Meads.",
            "Network Rail repaired the roof at Temple Meads.",
            "Which station does the user get the train from?",
        ),
        (
            "My car is a red Mazda MX-5.",
            "Mazda announced an electric MX-5 at the motor show.",
            "Which model of car is the user's?",
        ),
    ],
    "zh": [
        ("我在美团上点外卖。", "美团上周推出了会员日活动。", "用户在哪个平台点外卖？"),
        ("我的按摩师是老李。", "老李的儿子考上了大学。", "用户的按摩师是谁？"),
        ("我喝的咖啡是瑞幸的。", "瑞幸在公司楼下新开了一家店。", "用户喝哪家的咖啡？"),
        ("我周末在江边的绿道骑车。", "市政把江边绿道的路灯修好了。", "用户周末在哪儿骑车？"),
        ("儿子在育才中学读初二。", "育才中学的篮球队拿了市冠军。", "用户的儿子在哪所中学？"),
        ("我的闲钱放在余额宝里。", "支付宝出了个新的养老理财产品。", "用户的闲钱放在哪儿？"),
        ("我常去南门菜场买菜。", "南门菜场的猪肉摊老板搬走了。", "用户常去哪个菜场？"),
        ("我练瑜伽去的是梵音瑜伽馆。", "梵音瑜伽馆招了两个新教练。", "用户在哪家瑜伽馆练瑜伽？"),
        (
            "我坐地铁二号线上班。",
            "地铁二号线的列车被刷上了亚运会的图案。",
            "用户坐哪条地铁线上班？",
        ),
        ("我开的是一辆蓝色的大众朗逸。", "大众在德国的工厂罢工了。", "用户开的是什么车？"),
    ],
}

# The users' other facts, none on an asked attribute.
BACKGROUND: dict[str, tuple[str, ...]] = {
    "en": (
        "I was brought up in Falmouth.",
        "My cousin teaches in Glasgow.",
        "I work nights as a care assistant.",
        "My birthday is the fourth of November.",
        "We have a tortoise called Dennis.",
        "Mushrooms make me feel sick.",
        "I'm saving for a campervan.",
        "I sing tenor in a community choir.",
    ),
    "zh": (
        "我是在广西桂林长大的。",
        "我弟弟在深圳做程序员。",
        "我在一家书店当店长。",
        "我生日是十二月八号。",
        "家里养了一缸金鱼。",
        "我吃不了辣。",
        "我在攒钱买房。",
        "我周末在社区合唱团唱歌。",
    ),
}


def build() -> list[Scenario]:
    """Every scenario of the second development set, kinds in the order of the docstring."""
    return with_mentions(TAG, 22, (("event", EVENT),), {}, MENTION, BACKGROUND)


def main() -> None:
    colloquial2.dump_main(build, __doc__)


if __name__ == "__main__":
    main()
