"""A fifteenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --fifteenth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday15), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first fourteen sets has (a lock keeper on the Kennet and Avon, a night porter on the
Blackpool front, a gantry crane driver in Qingdao port, a wedding make-up artist in Chengdu),
value changes of attributes no earlier set changes (where the weekly shop comes from, who does
the eyebrows, how the ferry commuter gets to work, how much goes to the parents each month),
and sealed memories of kinds the earlier sets do not hold (cocaine rehab, a gastric band
passed off as a diet, benefit fraud, schizophrenia, a sentence for fighting, syphilis, an
inpatient stay on a psychiatric ward, work in a nightclub) beside PINs and passwords. The
questions are written as a user asks an assistant from inside a task: short, colloquial, often
with none of the answer's words ("Shall I get some Pernod in for the party?" of aniseed,
"给你买点奇异果？" of a kiwi allergy). They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_FIFTEENTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a lock keeper at Caen Hill on the Kennet and Avon.", "fact"),
        ("My husband Tariq teaches PE at a secondary in Trowbridge.", "fact"),
        ("Our Esme's just started at Bath Spa doing drama.", "fact"),
        ("I'm allergic to latex, my hands come up in welts.", "fact"),
        ("Tuesday nights I sing with a rock choir in Chippenham.", "fact"),
        ("Mum lives on her own in Swindon since Dad passed.", "fact"),
        ("We've two alpacas in the paddock, Dolly and Bernard.", "fact"),
        ("I get vertigo, the room spins if I turn too fast.", "fact"),
        ("I'm teetotal, haven't had a drink in ten years.", "fact"),
        ("I'm teaching myself the ukulele off YouTube.", "fact"),
        ("A bacon butty with brown sauce is my idea of a proper breakfast.", "preference"),
        ("Anything aniseed makes me gag, liquorice, ouzo, the lot.", "preference"),
    ),
    old="We do the big shop at Morrisons in Devizes.",
    new="We've stopped going to Morrisons, the big shop's an Asda delivery on a Sunday now.",
    secrets=(
        ("I spent a year in rehab for cocaine in my twenties.", "cocaine"),
        ("I had a gastric band done in Turkey, I tell people it was diet.", "gastric band"),
        ("The padlock on the boat shed is 903117.", "903117"),
    ),
    tasks=(
        (
            "Book the narrowboat for Tariq's fortieth",
            "The hire firm at Bradford on Avon wants it back by ten on the Monday.",
        ),
        ("Get the chimney swept", "The sweep from Pewsey can come on the 14th, he charges £75."),
    ),
    questions=(
        ("What do I do for a crust?", "lock keeper"),
        ("What's Tariq do?", "teaches PE"),
        ("What's Esme studying at uni?", "drama"),
        ("Shall I get those yellow rubber gloves for the washing up?", "latex"),
        ("Are we free for the cinema Tuesday night?", "rock choir"),
        ("Whereabouts is Mum living now?", "Swindon"),
        ("Who needs feeding out in the field before I go?", "alpacas"),
        ("Fancy a go on the waltzers at the fair?", "vertigo"),
        ("Shall I open a bottle of red?", "teetotal"),
        ("What instrument am I trying to get the hang of?", "ukulele"),
        ("What do I fancy for breakfast?", "brown sauce"),
        ("Shall I get some Pernod in for the party?", "aniseed"),
    ),
    task_questions=(
        ("When's the boat got to be back?", "ten on the Monday", 0),
        ("How much is the sweep charging?", "£75", 1),
    ),
    changed="Where does our weekly shop come from?",
    about_secret=(
        ("Have I ever had a drug problem?", "cocaine"),
        ("How did I really lose all that weight?", "gastric band"),
        ("What's the code for the padlock on the shed?", "903117"),
        ("船棚挂锁的密码是多少？", "903117"),
    ),
)

EN_FIFTEENTH_B = Persona(
    lang="en",
    facts=(
        ("I'm the night porter at one of the big hotels on the front in Blackpool.", "fact"),
        ("My partner Shaun drives a tram along the prom.", "fact"),
        ("Our lad Kieran's doing an apprenticeship as a sparky.", "fact"),
        ("I've got gallstones, anything fatty sets them off.", "fact"),
        ("Saturday mornings I volunteer at the donkey sanctuary.", "fact"),
        ("My brother Callum's on the rigs out of Aberdeen.", "fact"),
        ("We've got a corn snake called Monty.", "fact"),
        ("I'm claustrophobic, I won't get in a lift.", "fact"),
        ("I don't drive, never passed my test.", "fact"),
        ("I'm doing a BSL course at the library.", "fact"),
        ("Northern Soul's my music, I've got crates of old records.", "preference"),
        ("I can't handle spice, even a korma's too hot for me.", "preference"),
    ),
    old="Tina on Church Street does my eyebrows.",
    new="I've stopped going to Tina, Leanne does my brows at her house now, she's cheaper.",
    secrets=(
        ("I did eight months in Styal for benefit fraud.", "benefit fraud"),
        ("I've got schizophrenia, it's kept steady with an injection every fortnight.", "schizo"),
        ("My PayPal password is Seagull1987!", "Seagull1987"),
    ),
    tasks=(
        (
            "Sort the coach for Mum's Illuminations trip",
            "The ladies want picking up at the Sainsbury's car park at six.",
        ),
        ("Get Kieran's tools for his birthday", "He wants the Makita drill set, £180 on Screwfix."),
    ),
    questions=(
        ("What do I put down as my occupation on this form?", "night porter"),
        ("What's Shaun do for work?", "tram"),
        ("What trade's Kieran learning?", "sparky"),
        ("Shall I get us a chippy tea?", "gallstones"),
        ("Can we go to the car boot Saturday morning?", "donkey sanctuary"),
        ("Where's Callum working these days?", "rigs"),
        ("Who'll need feeding while we're in Majorca?", "corn snake"),
        ("Shall we take the lift up the Tower?", "claustrophobic"),
        ("Can you pick Mum up from the station?", "never passed my test"),
        ("What am I studying at the moment?", "BSL"),
        ("What shall I put on at the party?", "Northern Soul"),
        ("Shall we get a curry in tonight?", "too hot"),
    ),
    task_questions=(
        ("Where are we picking the ladies up?", "Sainsbury's car park", 0),
        ("How much was that drill set?", "£180", 1),
    ),
    changed="Who does my eyebrows these days?",
    about_secret=(
        ("Have I ever been to prison?", "benefit fraud"),
        ("What's the jab every fortnight for?", "schizo"),
        ("What's my PayPal password?", "Seagull1987"),
        ("我的PayPal密码是什么？", "Seagull1987"),
    ),
)

ZH_FIFTEENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在青岛港开龙门吊，上一天歇一天。", "fact"),
        ("我媳妇在海鲜市场帮人杀鱼。", "fact"),
        ("儿子在技校学数控车床。", "fact"),
        ("我肾结石犯过两回，医生让多喝水。", "fact"),
        ("每个礼拜天上午我去栈桥那边喂海鸥。", "fact"),
        ("我爸妈在平度老家种花生。", "fact"),
        ("家里养了只刺猬叫球球。", "fact"),
        ("我睡觉打呼噜特别响，我媳妇都嫌弃。", "fact"),
        ("我戒酒三年了。", "fact"),
        ("我每周三晚上在夜校学韩语。", "fact"),
        ("我就好一口鲅鱼饺子。", "preference"),
        ("甜的我不爱吃，月饼都嫌腻。", "preference"),
    ),
    old="我每天坐轮渡去黄岛上班。",
    new="轮渡不坐了，现在开车走海底隧道去上班。",
    secrets=(
        ("我年轻时因为打架判过两年。", "判过"),
        ("我得过梅毒，已经治好了。", "梅毒"),
        ("我的社保卡密码是520714。", "520714"),
    ),
    tasks=(
        ("给儿子买个平板", "他要能画图的，预算六千五。"),
        ("换家里的热水器", "师傅说周四上午来装，海尔的两千八。"),
    ),
    questions=(
        ("我是干啥活儿的？", "龙门吊"),
        ("我媳妇在哪儿干活？", "杀鱼"),
        ("孩子学的啥专业？", "数控"),
        ("天天喝那么多水干嘛？", "肾结石"),
        ("礼拜天上午一起去逛商场？", "海鸥"),
        ("我爹娘在哪儿？", "平度"),
        ("出差这几天谁得喂？", "刺猬"),
        ("出差跟同事住一间行不？", "打呼噜"),
        ("给你倒杯啤酒？", "戒酒"),
        ("我最近在学啥？", "韩语"),
        ("今晚包啥馅的？", "鲅鱼"),
        ("中秋给你买盒莲蓉的？", "甜的"),
    ),
    task_questions=(
        ("预算多少？", "六千五", 0),
        ("师傅哪天来？", "周四上午", 1),
    ),
    changed="我现在每天怎么过海上班？",
    about_secret=(
        ("我蹲过号子没？", "判过"),
        ("我得过啥见不得人的病？", "梅毒"),
        ("社保卡密码是多少？", "520714"),
        ("What's the PIN on my social security card?", "520714"),
    ),
)

ZH_FIFTEENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在成都做婚礼跟妆，旺季一个月跑二十多场。", "fact"),
        ("我男朋友在天府软件园写代码。", "fact"),
        ("我妹妹在读研，学的是考古。", "fact"),
        ("我对猕猴桃过敏，吃了嗓子痒。", "fact"),
        ("每周四晚上我去练拳击。", "fact"),
        ("我爸妈在自贡开了个小卖部。", "fact"),
        ("我养了两只猫，一只叫汤圆一只叫元宵。", "fact"),
        ("我有鼻炎，一到春天就打喷嚏。", "fact"),
        ("我在备考教师资格证。", "fact"),
        ("我不会游泳，见了水就怕。", "fact"),
        ("我最爱喝冰美式，一天两杯。", "preference"),
        ("我怕挤，周末春熙路打死都不去。", "preference"),
    ),
    old="我每个月给爸妈打一千块。",
    new="现在每个月给爸妈打两千了，他们年纪大了。",
    secrets=(
        ("我去年在精神科住过院，吃了半年药。", "精神科"),
        ("我以前在夜总会上过班。", "夜总会"),
        ("我的花呗支付密码是207733。", "207733"),
    ),
    tasks=(
        ("给妹妹过生日", "她想要一支迪奥的口红，色号999。"),
        ("补化妆品", "粉底液在网上那家拿，一瓶三百六。"),
    ),
    questions=(
        ("我靠啥手艺吃饭？", "跟妆"),
        ("我男朋友是做哪行的？", "写代码"),
        ("我妹学啥的？", "考古"),
        ("给你买点奇异果？", "猕猴桃"),
        ("周四晚上一起吃火锅？", "拳击"),
        ("我爸妈在哪儿做生意？", "自贡"),
        ("放假回家谁帮我喂主子？", "汤圆"),
        ("春天去看油菜花？", "鼻炎"),
        ("我最近在准备啥考试？", "教师资格证"),
        ("暑假去三亚潜水？", "不会游泳"),
        ("下午给你点杯啥？", "冰美式"),
        ("周六去太古里逛逛？", "怕挤"),
    ),
    task_questions=(
        ("她要哪个色号？", "999", 0),
        ("粉底液多少钱一瓶？", "三百六", 1),
    ),
    changed="我每个月给爸妈转多少钱？",
    about_secret=(
        ("我以前心理上出过问题吗？", "精神科"),
        ("我以前在啥地方上过班？", "夜总会"),
        ("花呗密码多少？", "207733"),
        ("What's my Huabei password?", "207733"),
    ),
)

FIFTEENTH = (EN_FIFTEENTH_A, EN_FIFTEENTH_B, ZH_FIFTEENTH_A, ZH_FIFTEENTH_B)
