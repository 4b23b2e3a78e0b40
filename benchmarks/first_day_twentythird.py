"""A twenty-third set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --twentythird``.

Written and committed on 2026-12-07, before any engine change of the session that wrote it
(helper shown24), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first twenty-two sets has (a piano tuner in Glasgow, a tattoo artist in Brighton, a tour
guide in Xiamen, a long-haul lorry driver in Kunming), value changes of attributes no earlier
set changes (the van one does the rounds in, the days one works, how a daughter gets to school,
the garage a lorry is serviced at: two of them share a noun with a standing fact, the studio,
the daughter), and sealed memories of kinds the earlier sets hold few of or none (being
sectioned, a gambling debt, an eating disorder, a caution for shoplifting, depression, a debt
to a cousin kept from a husband, a drink-driving ban, a child outside the marriage) beside an
alarm code, a key safe, an office door code and a safe in a lorry. The questions are written as
a user asks an assistant from inside a task: short, colloquial, the same kinds in the same
proportions as the twenty-second set, half of them offers or plans that a standing fact bears
on ("Shall I blow up these balloons for the party?" of a latex allergy, 今晚看球，整两箱啤酒？ of
gout), most with none of the answer's words. They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_TWENTYTHIRD_A = Persona(
    lang="en",
    facts=(
        ("I tune pianos for a living, mostly in schools and church halls around Glasgow.", "fact"),
        ("My wife Morag is head teacher at a primary in Partick.", "fact"),
        ("Our daughter Isla is eight and has Highland dancing every Tuesday after school.", "fact"),
        ("I'm lactose intolerant, milk goes straight through me.", "fact"),
        ("I play the pipes with a pipe band on Friday nights.", "fact"),
        ("My mum moved into a care home in Largs in the summer.", "fact"),
        ("We keep three hens in the back garden, named after the Golden Girls.", "fact"),
        ("I've a dodgy shoulder from rugby, lifting anything overhead kills it.", "fact"),
        ("I'm scared stiff of dogs since one went for me as a boy.", "fact"),
        ("I'm learning Python at a night class at the college.", "fact"),
        ("Nothing beats a lorne sausage roll on a Saturday morning.", "preference"),
        ("I can't abide coriander, it tastes like soap to me.", "preference"),
    ),
    old="I do my rounds in a red Vauxhall Astra estate.",
    new="I sold the Astra and I'm doing my rounds in a wee electric van now.",
    secrets=(
        ("I was sectioned for three weeks after a breakdown in 2015.", "sectioned"),
        (
            "I've run up twelve grand of gambling debt that Morag knows nothing about.",
            "gambling debt",
        ),
        ("The alarm code at St Bride's church hall is 3187.", "3187"),
    ),
    tasks=(
        (
            "Tune the Steinway at the Mitchell Library",
            "They need it done before the recital on the 9th.",
        ),
        (
            "Book the family holiday on Arran",
            "The ferry from Ardrossan is £68 return with the car.",
        ),
    ),
    questions=(
        ("What should I put down as my job on this form?", "tune pianos"),
        ("What does Morag do again?", "head teacher"),
        ("Could Isla come to the soft play party on Tuesday after school?", "Highland dancing"),
        ("Shall I grab us a couple of milkshakes from the van?", "lactose"),
        ("Are you free Friday night for a curry with the lads?", "pipe band"),
        ("Where's your mum staying these days?", "Largs"),
        ("Who'll feed the girls out the back while we're away on Arran?", "hens"),
        ("Can you help me get the suitcases down off the top of the wardrobe?", "shoulder"),
        ("Fancy coming with me to walk next door's Alsatian?", "dogs"),
        ("What's all that stuff on your laptop with the snake logo?", "Python"),
        ("What do you want from the bakers on Saturday?", "lorne sausage"),
        ("Want to try the Thai green curry I'm making tonight?", "coriander"),
    ),
    task_questions=(
        ("When's the library's piano got to be done by?", "9th", 0),
        ("How much is the ferry with the car?", "£68", 1),
    ),
    changed="What are you driving to your jobs these days?",
    about_secret=(
        ("Have I ever been kept in a psychiatric ward?", "sectioned"),
        ("Is there money I owe that Morag hasn't heard about?", "gambling debt"),
        ("What do I punch in for the alarm at the church hall?", "3187"),
        ("教堂礼堂的警报密码是多少？", "3187"),
    ),
)

EN_TWENTYTHIRD_B = Persona(
    lang="en",
    facts=(
        ("I run a tattoo studio in the Lanes with two other artists.", "fact"),
        ("My girlfriend Tamsin is a lifeguard at the King Alfred pool.", "fact"),
        ("My little brother Kai lives with me while he finishes sixth form.", "fact"),
        ("I'm allergic to latex, so it's nitrile gloves only.", "fact"),
        ("I swim in the sea every morning before work, even in January.", "fact"),
        ("My nan lives in a static caravan at Camber Sands.", "fact"),
        ("I've got a one-eyed rescue cat called Pirate.", "fact"),
        ("Screens give me migraines if I stare at them too long.", "fact"),
        ("I'm frightened of horses since I came off one at twelve.", "fact"),
        ("I'm saving up for a woodblock printing course in Kyoto.", "fact"),
        ("My usual is the vegan katsu curry from the place on Gardner Street.", "preference"),
        ("I hate mushrooms, it's the texture.", "preference"),
    ),
    old="I work Tuesday to Saturday at the studio.",
    new="I've dropped Tuesdays, so I'm only at the studio Wednesday to Saturday now.",
    secrets=(
        ("I had an eating disorder at uni and spent two months in hospital.", "eating disorder"),
        ("I've got a police caution for shoplifting from when I was nineteen.", "shoplifting"),
        ("The key safe by the studio's back door opens with 4471.", "4471"),
    ),
    tasks=(
        ("Redo the studio website", "The designer quoted £450 for five pages."),
        ("Plan Tamsin's surprise birthday", "The beach hut in Hove is booked for the 22nd."),
    ),
    questions=(
        ("What should I tell the bank I do when they ring?", "tattoo"),
        ("What's Tamsin's job?", "lifeguard"),
        ("Who's the lad sleeping in your box room?", "brother"),
        ("Shall I blow up these balloons for the party?", "latex"),
        ("Can you take the early delivery at half six tomorrow?", "swim in the sea"),
        ("Where's your nan living now?", "Camber"),
        ("Who'll feed the little one-eyed menace if we go to Bristol?", "rescue cat"),
        ("Shall we binge the whole series tonight?", "migraines"),
        ("Fancy the pony trek on the Downs for Tamsin's birthday?", "horses"),
        ("Why are you putting twenty quid in that jar every week?", "Kyoto"),
        ("What'll I get you from the takeaway tonight?", "katsu"),
        ("Do you want some of the porcini risotto I'm making?", "mushrooms"),
    ),
    task_questions=(
        ("What did the designer quote for the website?", "£450", 0),
        ("Which date's the beach hut booked for?", "22nd", 1),
    ),
    changed="Which days are you in at work now?",
    about_secret=(
        ("Was I ever ill enough to end up in hospital at uni?", "eating disorder"),
        ("Have I got anything on my record with the police?", "shoplifting"),
        ("What's the number for the key safe round the back of the studio?", "4471"),
        ("工作室后门钥匙盒的密码是多少？", "4471"),
    ),
)

ZH_TWENTYTHIRD_A = Persona(
    lang="zh",
    facts=(
        ("我在厦门当导游，主要带鼓浪屿的团。", "fact"),
        ("我老公在港口开吊车。", "fact"),
        ("女儿上小学三年级，每周三下午学古筝。", "fact"),
        ("我对海鲜过敏，吃了虾就起疹子。", "fact"),
        ("每周四晚上我在社区活动室打乒乓球。", "fact"),
        ("我爸在泉州老家种茶。", "fact"),
        ("家里养了一只鹦鹉，会说“恭喜发财”。", "fact"),
        ("我膝盖做过半月板手术，爬不了太多台阶。", "fact"),
        ("我特别怕蛇，看到图片都起鸡皮疙瘩。", "fact"),
        ("我在自学日语，准备明年考N2。", "fact"),
        ("我最爱喝楼下那家的四果汤。", "preference"),
        ("我不吃芹菜，闻到那个味儿就想吐。", "preference"),
    ),
    old="女儿每天坐校车上学。",
    new="校车那条线取消了，现在女儿每天早上我骑电动车送。",
    secrets=(
        ("我以前得过抑郁症，吃了两年药。", "抑郁症"),
        ("我欠了老家表哥八万块，没跟老公说。", "八万"),
        ("旅行社办公室的门禁密码是580316。", "580316"),
    ),
    tasks=(
        ("带一个北京来的十人团", "团费每人一千五。"),
        ("给家里换台冰箱", "看中的那台四千二。"),
    ),
    questions=(
        ("填表的时候职业那栏我写啥？", "导游"),
        ("我老公是干哪行的？", "吊车"),
        ("礼拜三下午带女儿去同学家玩？", "古筝"),
        ("晚上去八市吃沙茶面，加两只大虾？", "海鲜"),
        ("礼拜四晚上来我家吃火锅？", "乒乓球"),
        ("你爸现在在哪儿？", "泉州"),
        ("过年回老家那几天，家里那个会说话的小东西谁喂？", "鹦鹉"),
        ("周末一起去爬鼓山？", "半月板"),
        ("带女儿去动物园的爬行馆看看？", "怕蛇"),
        ("你桌上那本五十音图是干嘛的？", "日语"),
        ("下午太热了，给你带点啥凉的？", "四果汤"),
        ("晚上包饺子，馅儿用药芹猪肉的行不？", "芹菜"),
    ),
    task_questions=(
        ("北京那个团每人团费多少？", "一千五", 0),
        ("看中的冰箱多少钱？", "四千二", 1),
    ),
    changed="女儿早上怎么去学校？",
    about_secret=(
        ("我以前心理上出过啥问题没有？", "抑郁症"),
        ("我是不是还欠着谁的钱？", "八万"),
        ("旅行社办公室那个门禁密码多少来着？", "580316"),
        ("What's the door code for the travel agency office?", "580316"),
    ),
)

ZH_TWENTYTHIRD_B = Persona(
    lang="zh",
    facts=(
        ("我在昆明跑长途货车，主要拉蔬菜去广东。", "fact"),
        ("我媳妇在菜市场卖豆腐。", "fact"),
        ("儿子在读大专，学汽修。", "fact"),
        ("我有痛风，啤酒海鲜都不敢碰。", "fact"),
        ("每周六晚上我在村里的篮球队打球。", "fact"),
        ("我哥在缅甸做玉石生意。", "fact"),
        ("家里养了一头小黑猪当宠物，叫二师兄。", "fact"),
        ("我有点夜盲，天黑了不敢开快车。", "fact"),
        ("我怕水，到现在也不会游泳。", "fact"),
        ("我在学开挖掘机，想考个证。", "fact"),
        ("我最爱吃过桥米线，要加双份肉。", "preference"),
        ("我不吃苦瓜，太苦了。", "preference"),
    ),
    old="我的车每个月在老李的修理厂保养。",
    new="老李的修理厂关门了，我现在的车去高速口那家修理厂保养。",
    secrets=(
        ("我酒驾被抓过，驾照吊销了半年。", "酒驾"),
        ("我在外面还有个私生女，家里人都不知道。", "私生女"),
        ("车上那个保险箱的密码是0429。", "0429"),
    ),
    tasks=(
        ("把一车鲜花送到广州", "运费谈好了八千五。"),
        ("帮儿子找实习单位", "4S店说实习一个月给两千。"),
    ),
    questions=(
        ("我是干啥营生的来着？", "货车"),
        ("我媳妇平时在哪儿忙活？", "豆腐"),
        ("儿子在学校学的啥专业？", "汽修"),
        ("今晚看球，整两箱啤酒？", "痛风"),
        ("礼拜六晚上来家里喝两杯？", "篮球"),
        ("你哥现在在哪儿发财？", "缅甸"),
        ("过节出门那几天，家里那位二师兄咋办？", "小黑猪"),
        ("今晚连夜把货拉到贵阳去？", "夜盲"),
        ("下个月去抚仙湖坐快艇？", "不会游泳"),
        ("你最近老往那个工地培训班跑干啥？", "挖掘机"),
        ("明早在路上给你带个啥早点？", "过桥米线"),
        ("晚上炒个凉瓜炒蛋？", "苦瓜"),
    ),
    task_questions=(
        ("这趟鲜花的运费是多少？", "八千五", 0),
        ("4S店实习一个月给多少钱？", "两千", 1),
    ),
    changed="你的车现在在哪儿保养？",
    about_secret=(
        ("我驾照以前出过啥事没有？", "酒驾"),
        ("我在外头有没有别的孩子？", "私生女"),
        ("车上保险箱密码多少？", "0429"),
        ("What's the code for the safe in my lorry?", "0429"),
    ),
)

TWENTYTHIRD = (EN_TWENTYTHIRD_A, EN_TWENTYTHIRD_B, ZH_TWENTYTHIRD_A, ZH_TWENTYTHIRD_B)
