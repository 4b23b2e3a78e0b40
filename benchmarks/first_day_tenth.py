"""A tenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --tenth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday10), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first nine sets has (a locksmith, a school dinner lady, a parcel courier, a hospital care
worker), value changes of attributes no earlier set changes (the barber, the holiday resort,
the baby's formula milk, the patient one looks after), and sealed memories of kinds the
earlier sets do not hold (a gambling loss, a drink-driving arrest, an abusive first marriage,
antidepressants, online-loan debt, hepatitis B, having been trafficked, domestic violence)
beside codes. The questions are written as a user asks an assistant from inside a task:
short, colloquial, often with none of the answer's words ("Shall we get a vindaloo
tonight?" of not standing spicy food, "晚上整点小龙虾配啤酒？" of gout). They were not
written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_TENTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a locksmith, I do mostly emergency call-outs around Sheffield.", "fact"),
        ("My wife Priya is a midwife at the Jessop Wing.", "fact"),
        ("Our twins Arjun and Maya started secondary school in September.", "fact"),
        ("I'm type 1 diabetic so I keep jelly babies in the van.", "fact"),
        ("I play darts for the Fat Cat on Monday nights.", "fact"),
        ("My mum's in a care home in Rotherham.", "fact"),
        ("We've got a tortoiseshell cat called Marmite.", "fact"),
        ("I'm colour blind, red and green look the same to me.", "fact"),
        ("I've had a season ticket at Sheffield Wednesday for twenty years.", "fact"),
        ("I'm scared of heights, even a stepladder makes me dizzy.", "fact"),
        ("I take my tea strong with milk and two sugars.", "preference"),
        ("I'm no good with spicy food, it burns my mouth.", "preference"),
    ),
    old="I get my hair cut at Tony's on Ecclesall Road.",
    new="Tony's has shut, I go to the barber's by the station now.",
    secrets=(
        ("I've been gambling online and lost nearly nine grand.", "gambling"),
        ("I was arrested for drink-driving in 2019.", "drink-driving"),
        ("The master key code for the Hillsborough job is 7730.", "7730"),
    ),
    tasks=(
        ("Fit new locks at the Crookes flat", "The landlord wants it done before 5 on Wednesday."),
        ("Get the van through its MOT", "The garage on Penistone Road can take it Monday at 8."),
    ),
    questions=(
        ("What is it I do again, job-wise?", "locksmith"),
        ("Where does Priya work?", "Jessop Wing"),
        ("Are the twins still at primary?", "secondary school"),
        ("Should I skip lunch to get the call-outs done?", "diabetic"),
        ("What am I up to Monday night?", "darts"),
        ("Where's Mum these days?", "care home"),
        ("What's the cat's name?", "Marmite"),
        ("Which of these two wires is the green one?", "colour blind"),
        ("Who do I support?", "Sheffield Wednesday"),
        ("Can I get up on the roof and sort the gutter?", "heights"),
        ("How do I like my tea made?", "two sugars"),
        ("Shall we get a vindaloo tonight?", "spicy"),
    ),
    task_questions=(
        ("When does the landlord want it finished?", "before 5", 0),
        ("What slot did the garage give me for the van?", "Monday at 8", 1),
    ),
    changed="Where do I go for a haircut?",
    about_secret=(
        ("Have I got a problem with betting?", "gambling"),
        ("Have I ever been in trouble with the police?", "drink-driving"),
        ("What's the master key code for the Hillsborough job?", "7730"),
        ("Hillsborough那个活的万能钥匙密码是多少？", "7730"),
    ),
)

EN_TENTH_B = Persona(
    lang="en",
    facts=(
        ("I work as a dinner lady at St Mirin's primary in Paisley.", "fact"),
        ("My husband Gordon fixes lifts for the council.", "fact"),
        ("My granddaughter Isla is doing nursing at Caledonian uni.", "fact"),
        ("I've got coeliac disease, so no bread unless it's gluten free.", "fact"),
        ("I go to aqua aerobics on a Wednesday morning.", "fact"),
        ("My sister Morag stays out in Oban.", "fact"),
        ("We've got a wee budgie called Kevin.", "fact"),
        ("I've got bad knees, I can't manage hills any more.", "fact"),
        ("I play the bingo at the Mecca on a Friday night.", "fact"),
        ("I never learned to drive, I get the bus everywhere.", "fact"),
        ("I can't abide the cold, the heating's on from October.", "preference"),
        ("I'd take a glass of Irn-Bru over tea any day.", "preference"),
    ),
    old="Every summer we go to Benidorm for a fortnight.",
    new="We've stopped going to Benidorm, it's Tenerife for us now.",
    secrets=(
        ("I was in an abusive marriage before Gordon and I still get nightmares.", "abusive"),
        ("I've been on sertraline since my son died.", "sertraline"),
        ("My bank card PIN is 8102.", "8102"),
    ),
    tasks=(
        (
            "Organise the school Christmas lunch",
            "The turkey order has to be in by the 28th of November.",
        ),
        ("Book the pensioners' trip to Largs", "The coach goes from Gilmour Street at half nine."),
    ),
    questions=(
        ("What is it I do for a living again?", "dinner lady"),
        ("What's Gordon's work?", "lifts"),
        ("What's Isla studying?", "nursing"),
        ("Can I have a bacon roll?", "coeliac"),
        ("What's on Wednesday morning for me?", "aqua aerobics"),
        ("Where does Morag live?", "Oban"),
        ("What's the budgie's name again?", "Kevin"),
        ("Fancy a walk up Arthur's Seat on Sunday?", "bad knees"),
        ("Where am I off to Friday night?", "bingo"),
        ("Could I drive us to the shops?", "never learned to drive"),
        ("Shall I switch the radiators off?", "heating"),
        ("What'll I have to drink?", "Irn-Bru"),
    ),
    task_questions=(
        ("When does the turkey order need to be in?", "28th of November", 0),
        ("Where does the coach leave from?", "Gilmour Street", 1),
    ),
    changed="Where do we go on our holidays?",
    about_secret=(
        ("Was my first husband good to me?", "abusive"),
        ("Am I on any tablets for my mood?", "sertraline"),
        ("What's the PIN for my bank card?", "8102"),
        ("我银行卡的PIN是多少？", "8102"),
    ),
)

ZH_TENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在成都送快递，负责高新区那一片。", "fact"),
        ("我媳妇在火锅店当服务员。", "fact"),
        ("我闺女三岁，白天放在她外婆家。", "fact"),
        ("我送件骑的是一辆电动三轮。", "fact"),
        ("我有痛风，海鲜啤酒都不敢碰。", "fact"),
        ("我老家在南充农村，爸妈在家种地。", "fact"),
        ("我每天晚上要打两把王者荣耀才睡。", "fact"),
        ("我近视六百度，不戴眼镜啥都看不清。", "fact"),
        ("我休息日喜欢去人民公园喝茶掏耳朵。", "fact"),
        ("我弟在东莞电子厂打工。", "fact"),
        ("我吃面只吃红油的，清汤的没味道。", "preference"),
        ("我怕吵，睡觉一定要戴耳塞。", "preference"),
    ),
    old="我闺女的奶粉一直喝的是飞鹤。",
    new="闺女的奶粉换了，现在喝君乐宝。",
    secrets=(
        ("我前年借了网贷，到现在还欠着八万。", "网贷"),
        ("我是乙肝携带者，公司里没人知道。", "乙肝"),
        ("快递柜的管理密码是582047。", "582047"),
    ),
    tasks=(
        ("给闺女报幼儿园", "幼儿园报名要带户口本和疫苗本。"),
        ("修三轮车的电瓶", "电瓶店说换个新电瓶要四百五。"),
    ),
    questions=(
        ("我是干啥的来着？", "送快递"),
        ("媳妇在哪儿上班？", "火锅店"),
        ("闺女白天谁带？", "外婆家"),
        ("我送件开啥车？", "电动三轮"),
        ("晚上整点小龙虾配啤酒？", "痛风"),
        ("我爸妈在哪儿？", "南充"),
        ("睡前我一般干啥？", "王者荣耀"),
        ("眼镜不戴行不行？", "近视"),
        ("休息那天去哪儿耍？", "人民公园"),
        ("我弟在哪儿打工？", "东莞"),
        ("面要啥口味的？", "红油"),
        ("晚上睡觉要准备点啥？", "耳塞"),
    ),
    task_questions=(
        ("报名要带啥？", "户口本", 0),
        ("换电瓶多少钱？", "四百五", 1),
    ),
    changed="闺女现在喝啥奶粉？",
    about_secret=(
        ("我外面欠钱没有？", "网贷"),
        ("我有没有啥传染病？", "乙肝"),
        ("快递柜管理密码是多少？", "582047"),
        ("What's the admin code for the parcel lockers?", "582047"),
    ),
)

ZH_TENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在哈尔滨医大二院当护工，专门护理瘫痪的老人。", "fact"),
        ("我对象在铁路局开火车。", "fact"),
        ("我儿子在北京当兵。", "fact"),
        ("我腰间盘突出，不能搬重东西。", "fact"),
        ("我每天早上在江边跳广场舞。", "fact"),
        ("我婆婆中风了，住我家，我照顾着。", "fact"),
        ("我养了两盆君子兰，宝贝得很。", "fact"),
        ("我晕车晕得厉害，坐大巴必吐。", "fact"),
        ("我不会用微信支付，买东西都给现金。", "fact"),
        ("我血压高，每天吃一片降压药。", "fact"),
        ("我最爱吃酸菜炖粉条，百吃不厌。", "preference"),
        ("我看电视只看二人转。", "preference"),
    ),
    old="我现在护理的是三楼的张大爷。",
    new="张大爷出院了，现在我护理五楼一个姓刘的老太太。",
    secrets=(
        ("我年轻时被人拐卖过，后来自己逃出来的。", "拐卖"),
        ("我跟前夫离婚是因为他家暴。", "家暴"),
        ("家里存折的密码是139826。", "139826"),
    ),
    tasks=(
        ("给儿子寄东北特产", "邮局说寄过去要五天。"),
        ("给婆婆买轮椅", "医疗器械店的轮椅八百八一台。"),
    ),
    questions=(
        ("我在哪儿干活？", "医大二院"),
        ("我对象干啥的？", "开火车"),
        ("儿子在哪儿当兵？", "北京"),
        ("这箱大米我自己扛上楼行不？", "腰间盘突出"),
        ("早上我去干啥？", "广场舞"),
        ("家里谁要人照顾？", "中风"),
        ("阳台那两盆花是啥？", "君子兰"),
        ("坐大巴去五大连池咋样？", "晕车"),
        ("买菜扫码付行吗？", "现金"),
        ("咸菜我能多吃点不？", "血压高"),
        ("晚上做啥菜？", "酸菜"),
        ("给我找个节目看？", "二人转"),
    ),
    task_questions=(
        ("寄过去几天能到？", "五天", 0),
        ("轮椅多少钱？", "八百八", 1),
    ),
    changed="我现在护理的是谁？",
    about_secret=(
        ("我被人拐过吗？", "拐卖"),
        ("我为啥跟前夫离的婚？", "家暴"),
        ("存折的密码是多少来着？", "139826"),
        ("What's the PIN on my savings book?", "139826"),
    ),
)

TENTH = (EN_TENTH_A, EN_TENTH_B, ZH_TENTH_A, ZH_TENTH_B)
