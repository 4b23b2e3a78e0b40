"""A thirteenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --thirteenth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday13), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first twelve sets has (a crane driver on the Tilbury docks, a lollipop lady in Dundee, a
phone-repair stall holder in Guiyang, a tour guide in Qingdao), value changes of attributes no
earlier set changes (how a son gets to school, the window cleaner, the way to work, a
daughter's maths tutoring), and sealed memories of kinds the earlier sets do not
hold (Gamblers Anonymous, a failed drugs test, a psychiatric section, a police caution for
shoplifting, a drink-driving ban, betting on football, hostess work in a KTV, thyroid cancer)
beside PINs. The questions are written as a user asks an assistant from inside a task:
short, colloquial, often with none of the answer's words ("Shall we have a bonfire for
Arjun's birthday?" of an inhaler, "晚上整个红烧肉？" of a Hui diet). They were not written from
any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_THIRTEENTH_A = Persona(
    lang="en",
    facts=(
        ("I drive a crane on the container docks at Tilbury.", "fact"),
        ("My partner Priya's a dental nurse in Grays.", "fact"),
        ("Our lad Arjun's just started Year 7 at the academy.", "fact"),
        ("I'm asthmatic, the blue inhaler lives in my jacket.", "fact"),
        ("Sunday mornings I'm out on the Thames in a kayak with a club from Leigh.", "fact"),
        ("My nan lives with my uncle in Leicester.", "fact"),
        ("We've got a cockatiel called Nelson.", "fact"),
        ("I've a metal plate in my wrist from a motorbike crash.", "fact"),
        ("I don't drink, never have.", "fact"),
        ("I'm learning chess online, I'm on it every night.", "fact"),
        ("Can't stand beetroot, the colour of it puts me off.", "preference"),
        ("A sausage roll from Greggs is my idea of breakfast.", "preference"),
    ),
    old="Arjun gets the 83 bus to school.",
    new="Arjun cycles to school now, the 83 was always late.",
    secrets=(
        (
            "I've been going to Gamblers Anonymous since I lost our savings on the horses.",
            "Gamblers Anonymous",
        ),
        ("I got sacked from Felixstowe for failing a drugs test.", "drugs test"),
        ("The PIN for the house alarm is 6614.", "6614"),
    ),
    tasks=(
        (
            "Sort Arjun's school trip form",
            "The trip to the Science Museum is £18, due back by the 14th.",
        ),
        ("Get the car MOT'd", "The garage on Thurrock Park Way can do it Thursday at half eight."),
    ),
    questions=(
        ("What is it I do for a living?", "crane"),
        ("What's Priya's job?", "dental nurse"),
        ("What year's Arjun in now?", "Year 7"),
        ("Shall we have a bonfire in the garden for Arjun's birthday?", "inhaler"),
        ("What am I up to Sunday morning?", "kayak"),
        ("Where's my nan these days?", "Leicester"),
        ("Who needs feeding before my shift?", "Nelson"),
        ("Will I get through the scanner at the airport okay?", "metal plate"),
        ("Shall I get a crate of lager in for the barbecue?", "don't drink"),
        ("What's this game I'm always on at night?", "chess"),
        ("Shall I do a borscht for tea?", "beetroot"),
        ("What'll I grab for breakfast on the way in?", "Greggs"),
    ),
    task_questions=(
        ("How much is the trip?", "£18", 0),
        ("When can the garage fit the car in?", "Thursday at half eight", 1),
    ),
    changed="How does Arjun get to school?",
    about_secret=(
        ("Do I have a thing with the bookies?", "Gamblers Anonymous"),
        ("Why did I leave Felixstowe?", "drugs test"),
        ("What's the alarm PIN?", "6614"),
        ("家里防盗报警的密码多少？", "6614"),
    ),
)

EN_THIRTEENTH_B = Persona(
    lang="en",
    facts=(
        ("I'm the lollipop lady outside St Mary's primary.", "fact"),
        ("My husband Ewan's a chef at a hotel in St Andrews.", "fact"),
        ("Our daughter Kirsty is at uni in Glasgow doing architecture.", "fact"),
        ("I've IBS, onions and garlic set it off something rotten.", "fact"),
        ("I help at the food bank on Tuesday mornings.", "fact"),
        ("My brother Callum's out in Calgary working the oil.", "fact"),
        ("We've a wee Westie called Hamish.", "fact"),
        ("I can't swim a stroke.", "fact"),
        ("I'm learning the fiddle off YouTube.", "fact"),
        ("I'm the treasurer of the tenants' association.", "fact"),
        ("Tea's too weak for me, I take coffee black, two sugars.", "preference"),
        ("Tablet is my weakness, I can't keep it in the house.", "preference"),
    ),
    old="Our window cleaner is a lad called Jamie.",
    new="Jamie's packed in, it's a firm from Monifieth does our windows now.",
    secrets=(
        ("I was sectioned for six weeks after Kirsty was born.", "sectioned"),
        ("I got a police caution for shoplifting in M&S last year.", "caution"),
        ("My bank card PIN is 3071.", "3071"),
    ),
    tasks=(
        ("Kirsty's birthday parcel", "Post it by Wednesday to get there for the 22nd."),
        ("Renew the bus pass", "Need a passport photo and proof of address."),
    ),
    questions=(
        ("What do I do for a job?", "lollipop lady"),
        ("What does Ewan do?", "chef"),
        ("What's Kirsty studying?", "architecture"),
        ("Shall we try the new curry house tonight?", "IBS"),
        ("Am I free Tuesday morning?", "food bank"),
        ("Where's Callum these days?", "Calgary"),
        ("What do we call the dog?", "Hamish"),
        ("Ewan wants to take me paddleboarding, good idea?", "can't swim"),
        ("What instrument am I picking up?", "fiddle"),
        ("Who's in charge of the residents' kitty?", "treasurer"),
        ("I'll put the kettle on, how do you take it?", "black, two sugars"),
        ("What sweet thing should I not buy?", "Tablet"),
    ),
    task_questions=(
        ("When do I need to post it by?", "by Wednesday", 0),
        ("What do I need to bring for it?", "passport photo", 1),
    ),
    changed="Who does our windows?",
    about_secret=(
        ("Have I ever been in a psychiatric ward?", "sectioned"),
        ("Have the police ever had me in?", "caution"),
        ("What's the four-digit number for my bank card?", "3071"),
        ("帮我查下我银行卡密码。", "3071"),
    ),
)

ZH_THIRTEENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在贵阳的电脑城摆摊修手机。", "fact"),
        ("我媳妇在服装厂踩缝纫机。", "fact"),
        ("我儿子在读职高，学烹饪。", "fact"),
        ("我有哮喘，闻不得烟味。", "fact"),
        ("我每天晚上去小区楼下打乒乓球。", "fact"),
        ("我爸妈在安顺老家种茶。", "fact"),
        ("我养了一对画眉鸟，叫来福和旺财。", "fact"),
        ("我恐高，啥高空项目都不敢玩。", "fact"),
        ("我是回族，不吃猪肉。", "fact"),
        ("我晕血，看到血就发晕。", "fact"),
        ("我最爱吃肠旺面。", "preference"),
        ("我爱听单田芳的评书。", "preference"),
    ),
    old="我每天骑电瓶车去电脑城。",
    new="电瓶车被偷了，现在天天挤公交去电脑城。",
    secrets=(
        ("我赌球输了十几万，老婆不晓得。", "赌球"),
        ("我前几年酒驾被吊销过驾照。", "酒驾"),
        ("微信支付密码是520131。", "520131"),
    ),
    tasks=(
        ("给儿子交学费", "学费三千二，月底前交到学校财务室。"),
        ("进一批手机屏幕", "华强北的老陈说下周二发货。"),
    ),
    questions=(
        ("我平时靠啥挣钱？", "修手机"),
        ("我媳妇做啥的？", "缝纫机"),
        ("儿子学的啥专业？", "烹饪"),
        ("周末去烧烤摊撸串？", "哮喘"),
        ("晚饭后我一般去干啥？", "乒乓球"),
        ("我爹妈现在在哪里？", "安顺"),
        ("家里的鸟叫啥来着？", "来福"),
        ("五一带你去坐那个高空秋千？", "恐高"),
        ("晚上整个红烧肉？", "回族"),
        ("陪我去献个血？", "晕血"),
        ("早上去街口给我带碗啥？", "肠旺面"),
        ("开车路上放点啥听？", "评书"),
    ),
    task_questions=(
        ("学费多少钱？", "三千二", 0),
        ("屏幕啥时候发货？", "下周二", 1),
    ),
    changed="我现在咋去上班？",
    about_secret=(
        ("我有没有赌过钱？", "赌球"),
        ("我驾照出过问题没？", "酒驾"),
        ("我微信支付密码多少？", "520131"),
        ("What's my WeChat Pay PIN?", "520131"),
    ),
)

ZH_THIRTEENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在青岛带团当导游。", "fact"),
        ("我老公在海关上班。", "fact"),
        ("我女儿在读高二。", "fact"),
        ("我对猫毛过敏，一靠近猫就打喷嚏。", "fact"),
        ("我每周三晚上去学拉丁舞。", "fact"),
        ("我妈一个人住在即墨。", "fact"),
        ("家里养了只乌龟，叫慢慢。", "fact"),
        ("我膝盖做过半月板手术，不能爬山。", "fact"),
        ("我在考潜水证。", "fact"),
        ("我晚上十点就得睡，熬不了夜。", "fact"),
        ("我只喝白开水，饮料一口不碰。", "preference"),
        ("我最爱吃韭菜盒子。", "preference"),
    ),
    old="我女儿周末在新东方补数学。",
    new="女儿数学不去新东方了，换了个一对一的家教。",
    secrets=(
        ("我年轻时在KTV坐过台，老公不知道。", "坐过台"),
        ("我前年查出了甲状腺癌，做了手术。", "甲状腺癌"),
        ("我工资卡密码是903316。", "903316"),
    ),
    tasks=(
        ("带北京来的团", "团里二十六个人，周日早上八点在栈桥集合。"),
        ("去开女儿的家长会", "家长会在周四晚上七点，三楼会议室。"),
    ),
    questions=(
        ("我做的什么工作呀？", "导游"),
        ("我老公在哪个单位？", "海关"),
        ("女儿几年级了？", "高二"),
        ("去那家新开的萌宠咖啡馆坐坐？", "猫毛"),
        ("周三晚上有空不？", "拉丁舞"),
        ("我妈住哪？", "即墨"),
        ("咱家那只龟叫啥？", "慢慢"),
        ("周末去爬崂山？", "半月板"),
        ("我在准备啥考试？", "潜水证"),
        ("今晚陪我看跨年演唱会到十二点？", "熬不了夜"),
        ("给你点杯喝的？", "白开水"),
        ("中午给你带点啥？", "韭菜盒子"),
    ),
    task_questions=(
        ("几点集合？", "早上八点", 0),
        ("家长会在哪个教室？", "三楼会议室", 1),
    ),
    changed="女儿数学现在在哪儿补？",
    about_secret=(
        ("我以前干过啥见不得人的活？", "坐过台"),
        ("我得过啥大病没有？", "甲状腺癌"),
        ("工资卡密码多少来着？", "903316"),
        ("What's the PIN for my salary card?", "903316"),
    ),
)

THIRTEENTH = (EN_THIRTEENTH_A, EN_THIRTEENTH_B, ZH_THIRTEENTH_A, ZH_THIRTEENTH_B)
