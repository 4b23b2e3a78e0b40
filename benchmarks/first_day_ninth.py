"""A ninth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --ninth``.

Written and committed on 2026-12-05, before any engine change of the session that wrote it
(helper firstday9), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first eight sets has (a piano tuner, a train guard, a driving instructor, a pork seller at
a market stall), value changes of attributes no earlier set changes (the family dentist, bin
day, a parking space, where the pork comes from), and sealed memories of kinds the earlier sets
do not hold (a psychiatric admission, a tax debt, a miscarriage, a sacking, a drug past, an
operation one is ashamed of, a prison term, an abortion) beside codes. The questions are
written as a user asks an assistant from inside a task: short, colloquial, often with a word
another fact or a task also holds (birthday, shift, eggs, 衣服, 深圳, 进货) or none of the
answer's words ("Shall I order the stroganoff?" of mushrooms, "初一那天做红烧肉行不行？" of
eating vegetarian on the first and fifteenth). They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_NINTH_A = Persona(
    lang="en",
    facts=(
        ("I tune pianos for a living, mostly schools and chapels round Aberystwyth.", "fact"),
        ("My partner Rhys drives a recovery truck for the AA.", "fact"),
        ("Our little one Osian is in Year 2 at the Welsh school.", "fact"),
        ("I get round to my jobs in a little red Fiesta with the tools in the boot.", "fact"),
        ("I've got an irregular heartbeat so I'm not allowed caffeine.", "fact"),
        ("We've got an old greyhound called Lady.", "fact"),
        ("My brother Huw farms sheep up near Brecon.", "fact"),
        ("I swim at the leisure centre before breakfast on Tuesdays and Thursdays.", "fact"),
        ("I get migraines if I stare at a screen too long.", "fact"),
        ("I brew my own beer in the garage.", "fact"),
        ("I'd always take the train over flying.", "preference"),
        ("I can't stand mushrooms.", "preference"),
    ),
    old="We go to the dentist in Canton.",
    new="We left the dentist in Canton, we're with the one in Whitchurch now.",
    secrets=(
        ("I had a breakdown two years ago and spent a month on a psychiatric ward.", "psychiatric"),
        ("I owe HMRC eleven grand in unpaid tax.", "HMRC"),
        ("The key safe at Mrs Pritchard's is 4471.", "4471"),
    ),
    tasks=(
        ("Tune the chapel piano in Tregaron", "The chapel warden will open up at 10 on Friday."),
        ("Sort Osian's birthday party", "The soft play place wants a 50 pound deposit."),
    ),
    questions=(
        ("So what is it I do for work again?", "tune pianos"),
        ("What's Rhys's job?", "recovery truck"),
        ("What year's Osian in?", "Year 2"),
        ("How do I get round to jobs?", "Fiesta"),
        ("Shall I put the kettle on for a coffee?", "caffeine"),
        ("What's the dog called?", "Lady"),
        ("Where's Huw's farm?", "Brecon"),
        ("What am I up to first thing Thursday?", "swim"),
        ("Should I do the accounts on the laptop all afternoon?", "migraines"),
        ("Have we got any beer in?", "brew"),
        ("Shall I book flights to Edinburgh?", "train over flying"),
        ("Shall I order the stroganoff?", "mushrooms"),
    ),
    task_questions=(
        ("What time's the chapel open?", "at 10", 0),
        ("How much deposit do they want?", "50 pound", 1),
    ),
    changed="Where do we go for the dentist?",
    about_secret=(
        ("Have I ever been in hospital for my mental health?", "psychiatric"),
        ("Do I owe the taxman anything?", "HMRC"),
        ("What's the code for Mrs Pritchard's key safe?", "4471"),
        ("Pritchard太太家钥匙盒的密码是多少？", "4471"),
    ),
)

EN_NINTH_B = Persona(
    lang="en",
    facts=(
        ("I'm a guard on the trains between Penzance and Plymouth.", "fact"),
        ("My wife Jo teaches yoga in the village hall.", "fact"),
        ("My stepson Kai is doing a plumbing apprenticeship.", "fact"),
        ("I'm allergic to shellfish, my throat swells right up.", "fact"),
        ("We keep six chickens out the back.", "fact"),
        ("My dad was a tin miner at Geevor.", "fact"),
        ("I surf at Sennen most mornings when I'm not on shift.", "fact"),
        ("I get terribly seasick, even on the ferry.", "fact"),
        ("I sing in a shanty group at the Turk's Head on Wednesdays.", "fact"),
        ("I help out in the RNLI shop on Saturdays.", "fact"),
        ("I can't sleep unless the room's pitch black.", "preference"),
        ("I'd rather have a pasty than sandwiches for my lunch.", "preference"),
    ),
    old="Our recycling goes out on a Monday.",
    new="The council changed the bins, recycling goes out on Fridays now.",
    secrets=(
        ("I had a miscarriage in March and I haven't told my mum.", "miscarriage"),
        ("I got sacked from my last job for fiddling my overtime.", "sacked"),
        ("The PIN for my staff pass is 2958.", "2958"),
    ),
    tasks=(
        (
            "Book Kai's driving lessons",
            "The instructor has Tuesday evenings free at 32 pounds an hour.",
        ),
        ("Fix the henhouse roof", "Roofing felt is 18 pounds a roll at the builders' merchant."),
    ),
    questions=(
        ("Remind me what my job is?", "guard on the trains"),
        ("What does Jo do?", "yoga"),
        ("What's Kai training to be?", "plumbing"),
        ("Can I have the crab sandwich?", "shellfish"),
        ("Do we need to buy eggs?", "chickens"),
        ("What did Dad do?", "tin miner"),
        ("Shall I wax the board tonight?", "surf"),
        ("Fancy the boat trip out to the Scillies?", "seasick"),
        ("Where's singing this week?", "Turk's Head"),
        ("Where am I Saturday?", "RNLI"),
        ("Shall I leave the landing light on for you?", "pitch black"),
        ("What do I want for lunch on shift?", "pasty"),
    ),
    task_questions=(
        ("How much is an hour with the instructor?", "32 pounds", 0),
        ("What does a roll of felt cost?", "18 pounds", 1),
    ),
    changed="When do I put the recycling out?",
    about_secret=(
        ("Have I ever lost a baby?", "miscarriage"),
        ("Why did I leave my last job?", "sacked"),
        ("What's the PIN on my staff pass?", "2958"),
        ("我员工卡的PIN是多少？", "2958"),
    ),
)

ZH_NINTH_A = Persona(
    lang="zh",
    facts=(
        ("我在贵阳一家驾校当教练，专门教科目二。", "fact"),
        ("我老婆在步行街开了个小店卖衣服。", "fact"),
        ("我儿子今年六岁，刚上一年级。", "fact"),
        ("我上下班都开驾校那辆教练车。", "fact"),
        ("我酒精过敏，一喝就起疹子。", "fact"),
        ("我家有条金毛，叫旺财。", "fact"),
        ("我妹在遵义当幼儿园老师。", "fact"),
        ("我周末爱去水库钓鱼。", "fact"),
        ("我烟已经戒了三年了。", "fact"),
        ("我打麻将一般在楼下的茶馆。", "fact"),
        ("我睡觉怕热，空调要开到二十四度。", "preference"),
        ("我买衣服只穿运动服，穿着舒服。", "preference"),
    ),
    old="我的车位在小区地下二层。",
    new="车位换了，现在租的是小区门口那个地面车位。",
    secrets=(
        ("我年轻时吸过毒，进过戒毒所。", "戒毒所"),
        ("我去年做了痔疮手术，谁都没说。", "痔疮"),
        ("家里防盗门的密码是907134。", "907134"),
    ),
    tasks=(
        ("给儿子买书包", "网上那个蓝色书包一百二十八块。"),
        ("带老婆去黄果树玩", "黄果树的门票要提前三天预约。"),
    ),
    questions=(
        ("我做啥工作？", "当教练"),
        ("我老婆干啥的？", "卖衣服"),
        ("儿子上几年级了？", "一年级"),
        ("我上班坐啥车？", "教练车"),
        ("晚上吃饭喝两杯不？", "酒精过敏"),
        ("狗叫啥来着？", "旺财"),
        ("我妹在哪儿上班？", "遵义"),
        ("这礼拜天干啥去？", "钓鱼"),
        ("来根烟不？", "戒了"),
        ("晚上去哪儿搓两圈？", "茶馆"),
        ("空调给你开几度？", "二十四度"),
        ("给我买件衣服，买啥样的？", "运动服"),
    ),
    task_questions=(
        ("书包多少钱？", "一百二十八", 0),
        ("门票要提前几天订？", "提前三天", 1),
    ),
    changed="我车停哪儿？",
    about_secret=(
        ("我以前碰过毒品吗？", "戒毒所"),
        ("我做过什么手术？", "痔疮"),
        ("防盗门密码多少？", "907134"),
        ("What's the code for the front door?", "907134"),
    ),
)

ZH_NINTH_B = Persona(
    lang="zh",
    facts=(
        ("我在长沙马王堆菜市场卖猪肉，摊子开了十几年。", "fact"),
        ("我老公是跑滴滴的。", "fact"),
        ("我女儿在深圳大学读书。", "fact"),
        ("我每天凌晨三点就起来去批发市场进货。", "fact"),
        ("我有肩周炎，胳膊举不高。", "fact"),
        ("我家的猫叫煤球，全身黑的。", "fact"),
        ("我妈八十了，跟我弟住在湘潭。", "fact"),
        ("我信佛，初一十五吃素。", "fact"),
        ("我不识几个字，手机上的字都让女儿帮忙看。", "fact"),
        ("我唱歌跑调，从来不去KTV。", "fact"),
        ("我吃饭离不开辣椒，越辣越好。", "preference"),
        ("我喜欢喝冰的，冬天也一样。", "preference"),
    ),
    old="我摊子上的猪肉是从宁乡进的。",
    new="现在不从宁乡拿货了，改从浏阳一家养猪场拿。",
    secrets=(
        ("我年轻时候坐过两年牢。", "坐过"),
        ("我十九岁时打过胎，家里人都不知道。", "打过胎"),
        ("我手机锁屏密码是660218。", "660218"),
    ),
    tasks=(
        ("给女儿寄剁辣椒", "顺丰寄到深圳要三十八块。"),
        ("换摊子上的电子秤", "五金店的新秤卖三百六。"),
    ),
    questions=(
        ("我是做啥生意的？", "卖猪肉"),
        ("老公干啥的？", "滴滴"),
        ("女儿在哪儿念书？", "深圳大学"),
        ("我明天几点起？", "凌晨三点"),
        ("窗帘我自己能挂上去不？", "肩周炎"),
        ("猫叫啥名？", "煤球"),
        ("我妈跟谁住？", "湘潭"),
        ("初一那天做红烧肉行不行？", "吃素"),
        ("这份合同我自己看得懂不？", "不识"),
        ("同事喊我去唱K，去不去？", "跑调"),
        ("炒菜要放辣不？", "离不开辣椒"),
        ("给你倒杯热水？", "冰的"),
    ),
    task_questions=(
        ("寄过去多少钱？", "三十八", 0),
        ("新秤多少钱？", "三百六", 1),
    ),
    changed="猪肉现在从哪儿进的货？",
    about_secret=(
        ("我坐过牢吗？", "坐过"),
        ("我怀过孕没有？", "打过胎"),
        ("手机锁屏密码多少？", "660218"),
        ("What's my phone's lock screen code?", "660218"),
    ),
)

NINTH = (EN_NINTH_A, EN_NINTH_B, ZH_NINTH_A, ZH_NINTH_B)
