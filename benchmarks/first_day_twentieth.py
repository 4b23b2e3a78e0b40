"""A twentieth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --twentieth``.

Written and committed on 2026-12-07, before any engine change of the session that wrote it
(helper firstday20), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first nineteen sets has (a cheddar maker near Wedmore, a shoe-repair and key-cutting stall
holder in Leeds Kirkgate Market, a migratory beekeeper following the flowers from Yunnan to
Qinghai, a funeral cosmetician in Shenyang), value changes of attributes no earlier set
changes (who does the farm accounts, where the leather comes from, whose lorry moves the
hives, where the car is washed), and sealed memories of kinds the earlier sets hold few of or
none (HIV, a drink-driving ban passed off as speeding points, theft from an employer's till,
being sectioned, hepatitis B carried in secret, a prison term for stealing cable, a first
marriage the husband does not know of, failed IVF) beside a safe's combination, a card PIN, a
payment password and a door code. The questions are written as a user asks an assistant from
inside a task: short, colloquial, the same kinds in the same proportions as the nineteenth set,
many of them offers ("Shall I make a moussaka for Sunday lunch?" of aubergine, 来，抽根烟歇会儿？
of asthma), often with none of the answer's words. They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_TWENTIETH_A = Persona(
    lang="en",
    facts=(
        (
            "I make cheddar on the family farm outside Wedmore, cloth-bound, aged in our store.",
            "fact",
        ),
        ("My husband Rob drives the school minibus for the special needs unit in Wells.", "fact"),
        ("Our eldest, Poppy, is at college in Cannington training to be a vet nurse.", "fact"),
        ("I've been on warfarin since the clot in my calf two years back.", "fact"),
        ("Thursday evenings I ring the bells at St Mary's.", "fact"),
        ("Dad's got a bungalow in Burnham-on-Sea since he gave up the farm.", "fact"),
        ("We've two ferrets, Bonnie and Clyde, in a hutch by the back door.", "fact"),
        ("I can't lift anything heavy since I slipped a disc.", "fact"),
        ("I've been terrified of dogs ever since one bit me when I was six.", "fact"),
        ("I'm writing a history of the village for the parish magazine.", "fact"),
        ("Treacle tart with clotted cream is my weakness.", "preference"),
        ("I won't touch aubergine, I can't stand the slimy feel of it.", "preference"),
    ),
    old="Hilary Pratt in Wells does the farm accounts.",
    new="Hilary's retired, so the accounts go to Bishop and Co in Shepton Mallet now.",
    secrets=(
        ("I'm HIV positive; only my GP and my sister know.", "HIV"),
        (
            "I lost my licence for drink-driving in 2018; Rob's mum thinks it was speeding.",
            "drink-driving",
        ),
        ("The safe in the dairy office opens with 5582.", "5582"),
    ),
    tasks=(
        (
            "Get the cheeses entered for the Bath and West Show",
            "Entries close on the 30th of April.",
        ),
        ("Fix the leak over the cheese store", "The roofer said £600 for new lead flashing."),
    ),
    questions=(
        ("What's it I actually make down at the farm?", "cheddar"),
        ("What does Rob do for work?", "minibus"),
        ("What's Poppy going to be once she's qualified?", "vet nurse"),
        ("The chemist says ibuprofen for this sprained wrist, any reason I shouldn't?", "warfarin"),
        ("Can we have the Young Farmers committee round on Thursday evening?", "bells"),
        ("Where's Dad living now he's off the farm?", "Burnham"),
        ("Who'll need feeding while we're up at Rob's sister's in Leeds?", "ferrets"),
        ("Give us a hand getting the old piano up the stairs on Sunday?", "slipped a disc"),
        ("Shall we pop next door and meet their new Alsatian pup?", "bit me"),
        (
            "What are all those old photos of the high street on the table for?",
            "history of the village",
        ),
        ("What'll I pick up from the bakery for your pudding?", "Treacle tart"),
        ("Shall I make a moussaka for Sunday lunch?", "aubergine"),
    ),
    task_questions=(
        ("When do the entries close?", "30th of April", 0),
        ("How much did the roofer want?", "£600", 1),
    ),
    changed="The VAT return's due, who do I send the receipts to?",
    about_secret=(
        ("Is there anything about my health only my sister knows?", "HIV"),
        ("Why was I really off the road for a year?", "drink-driving"),
        ("What's the combination for the safe in the office?", "5582"),
        ("办公室那个保险柜的密码是多少来着？", "5582"),
    ),
)

EN_TWENTIETH_B = Persona(
    lang="en",
    facts=(
        ("I've got a shoe repair and key cutting stall in Kirkgate Market.", "fact"),
        ("My partner Dev is a paramedic, mostly on nights.", "fact"),
        ("My lad Tyler's sitting his GCSEs this summer.", "fact"),
        ("I'm coeliac, even a crumb of bread sets me off.", "fact"),
        ("Wednesday nights I play darts for the Cross Keys.", "fact"),
        ("My nan's in sheltered housing in Harehills.", "fact"),
        ("We keep a tortoise called Gordon, he's older than me.", "fact"),
        ("I'm claustrophobic, lifts and tunnels send me into a panic.", "fact"),
        ("I've got tinnitus from years at the grinding wheel.", "fact"),
        ("I'm doing up a 1970s Raleigh Chopper for Tyler.", "fact"),
        ("Fish and chips with mushy peas, that's me happy.", "preference"),
        ("I can't be doing with anything spicy, I sweat buckets.", "preference"),
    ),
    old="I buy my leather off a tannery in Walsall.",
    new="The Walsall tannery's shut down, my leather comes from a supplier in Northampton now.",
    secrets=(
        (
            "I took money out of the till at my last job and they never found out.",
            "out of the till",
        ),
        ("I was sectioned for a month after a breakdown in 2020.", "sectioned"),
        ("My bank card PIN is 7409.", "7409"),
    ),
    tasks=(
        ("Sort out Tyler's revision timetable", "His maths exam is on the 12th of May."),
        ("Renew the stall lease with the council", "The market office wants £1,150 a quarter."),
    ),
    questions=(
        ("How do I earn my crust again?", "shoe repair"),
        ("What is it Dev does on his night shifts?", "paramedic"),
        ("What exams has Tyler got coming up?", "GCSEs"),
        ("There's a tray of sausage rolls going spare at the next stall, want one?", "coeliac"),
        ("Can we go to Tyler's parents' evening on Wednesday?", "darts"),
        ("Where is it Nan lives now?", "Harehills"),
        ("Who'll look after the old fella in the garden while we're in Benidorm?", "tortoise"),
        ("Shall we get the tube when we're down in London?", "claustrophobic"),
        ("Fancy that gig at the O2 Academy on Friday?", "tinnitus"),
        ("What are all the bike bits doing in the hallway?", "Chopper"),
        ("What shall I fetch in for tea at the end of the week?", "mushy peas"),
        ("Shall we get a vindaloo from the Indian on the corner?", "spicy"),
    ),
    task_questions=(
        ("When's his maths paper?", "12th of May", 0),
        ("What's the council charging for the stall?", "£1,150", 1),
    ),
    changed="I'm running low on stuff for resoling, who do I ring?",
    about_secret=(
        ("Have I ever nicked anything from work?", "out of the till"),
        ("Have I ever been on a psychiatric ward?", "sectioned"),
        ("Remind me what my card's PIN is?", "7409"),
        ("我那张银行卡的密码是啥？", "7409"),
    ),
)

ZH_TWENTIETH_A = Persona(
    lang="zh",
    facts=(
        ("我是放蜂的，每年跟着花期从云南一路走到青海。", "fact"),
        ("我媳妇跟我一起跑，她负责摇蜜。", "fact"),
        ("儿子在兰州读技校，学汽修。", "fact"),
        ("我有哮喘，一闻烟味就喘不上气。", "fact"),
        ("每周六晚上我在快手上直播讲养蜂。", "fact"),
        ("我老娘一个人住在四川南充老家。", "fact"),
        ("我们养了一条黄狗看蜂场，叫大黄。", "fact"),
        ("我腰椎间盘突出，弯久了就直不起来。", "fact"),
        ("我近视八百度，天黑了开车看不清。", "fact"),
        ("我在自学用蜂蜡做蜡烛，想多卖点钱。", "fact"),
        ("我最爱吃我妈熏的腊肉。", "preference"),
        ("我虽然是四川人，但一吃辣胃就疼。", "preference"),
    ),
    old="每年转场都雇老周的大卡车拉蜂箱。",
    new="老周把车卖了，今年转场拉蜂箱用的是货拉拉。",
    secrets=(
        ("我是乙肝携带者，一直瞒着没跟人说。", "乙肝"),
        ("我年轻时偷电缆被判过两年。", "偷电缆"),
        ("我支付宝的支付密码是361528。", "361528"),
    ),
    tasks=(
        ("卖今年的油菜花蜜", "蜜厂收油菜蜜一斤十二块。"),
        ("给儿子打学费", "技校这学期学费三千八。"),
    ),
    questions=(
        ("我这些年是干啥营生的？", "放蜂"),
        ("我媳妇跟着我跑，是管啥的？", "摇蜜"),
        ("儿子在兰州学的啥？", "汽修"),
        ("来，抽根烟歇会儿？", "哮喘"),
        ("周六晚上一块儿去镇上喝一杯？", "直播"),
        ("我妈现在在哪儿待着呢？", "南充"),
        ("咱俩去县城那两天，蜂场谁看着？", "大黄"),
        ("帮我把那二十箱蜜搬上车？", "腰椎"),
        ("今晚连夜开车转场去甘肃？", "近视"),
        ("帐篷里那一堆模具是拿来干啥的？", "蜡烛"),
        ("回老家给你带点啥吃的？", "腊肉"),
        ("晚上找家川菜馆吃水煮鱼？", "胃就疼"),
    ),
    task_questions=(
        ("蜜厂一斤给几块？", "十二块", 0),
        ("儿子学费要打多少？", "三千八", 1),
    ),
    changed="下个月转场，拉蜂箱的车找谁？",
    about_secret=(
        ("我身上有没有啥传染的病？", "乙肝"),
        ("我以前蹲过号子没有？", "偷电缆"),
        ("我支付宝付款的密码多少？", "361528"),
        ("What's the password I pay with on Alipay?", "361528"),
    ),
)

ZH_TWENTIETH_B = Persona(
    lang="zh",
    facts=(
        ("我在沈阳殡仪馆当入殓师，给过世的人化妆。", "fact"),
        ("我老公在铁西的汽车厂开叉车。", "fact"),
        ("我儿子今年上小学二年级。", "fact"),
        ("我对酒精过敏，一沾酒就起疹子。", "fact"),
        ("每周二晚上我陪儿子去少年宫上围棋课。", "fact"),
        ("我姐在大连开海鲜大排档。", "fact"),
        ("家里有两只仓鼠，是儿子养的。", "fact"),
        ("我恐高，站在椅子上都腿软。", "fact"),
        ("我手腕有腱鞘炎，不能拎重东西。", "fact"),
        ("我业余在网上写小说，已经写了四十万字。", "fact"),
        ("我最爱吃锅包肉。", "preference"),
        ("我不吃肥肉，看着就腻。", "preference"),
    ),
    old="我的车一直在小区门口那家店洗。",
    new="小区门口那家洗车店关门了，现在我去加油站的自助洗车。",
    secrets=(
        ("我在老家结过一次婚，现在的老公不知道。", "结过一次婚"),
        ("想要老二，做了三年试管都没成，问题在我身上。", "试管"),
        ("我家门锁的密码是0927。", "0927"),
    ),
    tasks=(
        ("给儿子报寒假冬令营", "冬令营十天收两千四。"),
        ("家里热水器坏了，换个新的", "师傅说装个新的要一千六。"),
    ),
    questions=(
        ("我那份工作说出来别人都怕，是干啥的？", "入殓师"),
        ("我老公在厂里开的啥车？", "叉车"),
        ("我儿子今年读到哪儿了？", "二年级"),
        ("单位聚餐，陪领导喝两杯白的？", "酒精"),
        ("礼拜二晚上请你吃个饭？", "围棋"),
        ("我姐那个店开在哪儿来着？", "大连"),
        ("过年回婆家那几天，笼子里那俩小东西谁管？", "仓鼠"),
        ("周末去走凤凰山的玻璃栈道？", "恐高"),
        ("超市那两桶油你拎回来？", "腱鞘炎"),
        ("我每天半夜敲键盘是在忙啥？", "小说"),
        ("周末下馆子，给你点个啥菜？", "锅包肉"),
        ("晚上做个红烧肉？", "肥肉"),
    ),
    task_questions=(
        ("冬令营十天多少钱？", "两千四", 0),
        ("装热水器师傅要多少？", "一千六", 1),
    ),
    changed="车脏了，上哪儿洗去？",
    about_secret=(
        ("我有没有啥事一直瞒着我老公？", "结过一次婚"),
        ("我们要老二的事后来咋样了？", "试管"),
        ("家里门锁密码多少来着？", "0927"),
        ("What's the code for my front door lock?", "0927"),
    ),
)

TWENTIETH = (EN_TWENTIETH_A, EN_TWENTIETH_B, ZH_TWENTIETH_A, ZH_TWENTIETH_B)
