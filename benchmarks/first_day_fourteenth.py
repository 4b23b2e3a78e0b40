"""A fourteenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --fourteenth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday14), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first thirteen sets has (a farrier in Herefordshire, a cleaner on the Holyhead ferries, a
rubber tapper in Xishuangbanna, a maternity nanny in Xiamen), value changes of attributes no
earlier set changes (the Friday takeaway, the chemist that makes up prescriptions, who buys
the rubber, who pays a daughter's fees), and sealed memories of kinds the earlier sets do not
hold (a prison sentence for GBH, HIV, an abortion, a debt relief order, guarding a casino in
Myanmar, hepatitis B, an earlier divorce, surrogacy) beside PINs. The questions are written
as a user asks an assistant from inside a task: short, colloquial, often with none of the
answer's words ("Fancy a boat trip round the Skerries?" of seasickness, "周末去吃小龙虾？" of
gout). They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_FOURTEENTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a farrier, I shoe horses all round Herefordshire.", "fact"),
        ("My wife Gemma does the books for a garden centre in Ledbury.", "fact"),
        ("Our youngest, Alfie, is sitting his GCSEs this summer.", "fact"),
        ("I'm type 1 diabetic, I keep jelly babies in the van.", "fact"),
        ("Thursday nights I ring the bells at St Peter's.", "fact"),
        ("My dad's in a care home in Abergavenny.", "fact"),
        ("We keep three ferrets in a hutch out the back.", "fact"),
        ("I'm deaf in my left ear from years at the forge.", "fact"),
        ("I gave up smoking two years back.", "fact"),
        ("I'm doing a welding course at the college in Hereford.", "fact"),
        ("Can't abide mushrooms, slimy things.", "preference"),
        ("Scrumpy from the farm down the lane is my tipple.", "preference"),
    ),
    old="Our Friday takeaway is from the Golden Dragon.",
    new=(
        "We've gone off the Golden Dragon, Friday night it's fish and chips from the Codfather now."
    ),
    secrets=(
        ("I did eighteen months inside for GBH when I was twenty.", "GBH"),
        ("I'm HIV positive, only Gemma knows.", "HIV"),
        ("The code for the gun cabinet is 4482.", "4482"),
    ),
    tasks=(
        (
            "Book the horse box for the Three Counties show",
            "The hire place in Malvern wants a £50 deposit by the weekend.",
        ),
        ("Sort the van insurance", "Renewal's due on the 3rd, NFU quoted £640."),
    ),
    questions=(
        ("Remind me what I do for work?", "farrier"),
        ("What's Gemma do all day?", "the books"),
        ("What exams has Alfie got coming up?", "GCSEs"),
        ("Shall I bring a box of doughnuts to the yard?", "diabetic"),
        ("Can we do the pub quiz on Thursday night?", "ring the bells"),
        ("Where's Dad living?", "Abergavenny"),
        ("What pets have we got?", "ferrets"),
        ("Which side do people need to sit to talk to me?", "deaf in my left ear"),
        ("Shall I pick up twenty Marlboro at the garage?", "gave up smoking"),
        ("What am I learning these days?", "welding"),
        ("Shall I do a stroganoff tonight?", "mushrooms"),
        ("What'll you have at the bar?", "Scrumpy"),
    ),
    task_questions=(
        ("How much is the deposit?", "£50", 0),
        ("What did they quote me?", "£640", 1),
    ),
    changed="Where do we order from on a Friday?",
    about_secret=(
        ("Have I got a criminal record?", "GBH"),
        ("What's the clinic keeping an eye on me for?", "HIV"),
        ("What's the number for the gun cabinet?", "4482"),
        ("枪柜的密码是多少？", "4482"),
    ),
)

EN_FOURTEENTH_B = Persona(
    lang="en",
    facts=(
        ("I clean on the ferries out of Holyhead.", "fact"),
        ("My fella Dylan's a mechanic at the Ford garage in Bangor.", "fact"),
        ("Our Megan's expecting twins in the spring.", "fact"),
        ("I'm coeliac, so nothing with wheat in it.", "fact"),
        ("Wednesday afternoons I call the bingo at the community centre.", "fact"),
        ("My sister Nia went out to Perth in Australia.", "fact"),
        ("We've a rescue greyhound called Bolt.", "fact"),
        ("I get seasick, believe it or not.", "fact"),
        ("I'm doing a Welsh for adults class on Zoom.", "fact"),
        ("I'm captain of the darts team at the Bull.", "fact"),
        ("I'm a sucker for bara brith with butter on.", "preference"),
        ("Can't bear noise first thing, I like it quiet with my brew.", "preference"),
    ),
    old="I get my prescriptions from Boots in town.",
    new="I've switched my prescriptions to the chemist in Llangefni, Boots kept losing them.",
    secrets=(
        ("I had an abortion at nineteen, Mam never knew.", "abortion"),
        ("I'm on a debt relief order, we owe about twelve grand.", "debt relief order"),
        ("My online banking passcode is 771204.", "771204"),
    ),
    tasks=(
        (
            "Book the coach to Liverpool for the Christmas market",
            "Coach leaves Holyhead bus station at 7:15, £22 return.",
        ),
        (
            "Sort Megan's baby shower",
            "Dylan's auntie is doing the cake, the room at the rugby club is booked for the 9th.",
        ),
    ),
    questions=(
        ("What's my line of work again?", "ferries"),
        ("What does Dylan do?", "mechanic"),
        ("Should I knit one cardigan for Megan or two?", "twins"),
        ("Shall we get a pizza in?", "coeliac"),
        ("Can I get my hair done Wednesday afternoon?", "bingo"),
        ("Whereabouts is Nia now?", "Perth"),
        ("Who needs walking before I go to work?", "Bolt"),
        ("Fancy a boat trip round the Skerries?", "seasick"),
        ("Which language is it I'm learning?", "Welsh"),
        ("What am I in charge of down the pub?", "darts"),
        ("What shall I bake for you?", "bara brith"),
        ("Shall I put the radio on while we have breakfast?", "quiet"),
    ),
    task_questions=(
        ("What time does the coach go?", "7:15", 0),
        ("Where's the shower being held?", "rugby club", 1),
    ),
    changed="Where do I pick up my tablets from?",
    about_secret=(
        ("Did I ever terminate a pregnancy?", "abortion"),
        ("Am I in any money trouble?", "debt relief order"),
        ("What's my online banking code?", "771204"),
        ("网银的登录密码是什么？", "771204"),
    ),
)

ZH_FOURTEENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在版纳割胶，天不亮就得上山。", "fact"),
        ("我老婆在景洪菜市场卖菌子。", "fact"),
        ("我大儿子在昆明当兵。", "fact"),
        ("我痛风好几年了，海鲜啤酒都不敢碰。", "fact"),
        ("每周六我去寨子里教小孩打象脚鼓。", "fact"),
        ("我弟在老挝那边开饭馆。", "fact"),
        ("家里养了条狗叫黑虎。", "fact"),
        ("我左眼看不太清，小时候被竹子戳过。", "fact"),
        ("我不抽烟，闻到烟味就头疼。", "fact"),
        ("我在自学开挖掘机，想考个证。", "fact"),
        ("我最爱喝普洱，一天不喝就难受。", "preference"),
        ("香菜我一点都不吃。", "preference"),
    ),
    old="我们家的胶都卖给农场的收购站。",
    new="胶现在不卖给收购站了，直接卖给勐腊一个老板，价高。",
    secrets=(
        ("我年轻时在缅甸那边的赌场帮人看过场子。", "赌场"),
        ("我查出了乙肝，一直没敢跟家里讲。", "乙肝"),
        ("我手机银行密码是668012。", "668012"),
    ),
    tasks=(
        ("给老二买去学校的被子", "学校要求一米二的床，被套要蓝色的。"),
        ("修上山骑的摩托", "修车铺的岩温说换链条要一百八。"),
    ),
    questions=(
        ("我是干啥营生的？", "割胶"),
        ("我老婆平时忙啥？", "卖菌子"),
        ("老大现在在干嘛？", "当兵"),
        ("周末去吃小龙虾？", "痛风"),
        ("周六下午有空不？", "象脚鼓"),
        ("我弟在哪儿发展？", "老挝"),
        ("出门前得喂谁？", "黑虎"),
        ("晚上开车你行不行？", "左眼"),
        ("给你递根烟？", "不抽烟"),
        ("我最近在学啥手艺？", "挖掘机"),
        ("给你泡点啥茶？", "普洱"),
        ("点米线的时候要跟老板交代啥？", "香菜"),
    ),
    task_questions=(
        ("床多宽？", "一米二", 0),
        ("修一下要多少钱？", "一百八", 1),
    ),
    changed="割下来的胶现在卖给谁？",
    about_secret=(
        ("我以前在国外干过啥？", "赌场"),
        ("我身体有啥毛病瞒着家里？", "乙肝"),
        ("手机银行密码多少？", "668012"),
        ("What's my mobile banking password?", "668012"),
    ),
)

ZH_FOURTEENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在厦门当月嫂，一单接二十六天。", "fact"),
        ("我老公在漳州跑货车。", "fact"),
        ("我女儿在读护理专业，明年实习。", "fact"),
        ("我青霉素过敏，打过一次差点休克。", "fact"),
        ("每天早上五点半我去海边跑步。", "fact"),
        ("我公婆在龙岩乡下住。", "fact"),
        ("我养了一缸金鱼，最大的那条叫胖胖。", "fact"),
        ("我腰椎间盘突出，搬不了重东西。", "fact"),
        ("我信佛，每逢初一十五吃素。", "fact"),
        ("我在学做闽南菜，想以后开个小馆子。", "fact"),
        ("我喝咖啡一定要加奶，不加糖。", "preference"),
        ("最爱吃沙茶面，一周能吃三回。", "preference"),
    ),
    old="我女儿的学费是她舅舅出的。",
    new="女儿学费现在不靠她舅舅了，她申请到了助学贷款。",
    secrets=(
        ("我十年前离过一次婚，现在的老公不知道。", "离过"),
        ("我之前帮人代孕过，拿了二十万。", "代孕"),
        ("我支付宝密码是130927。", "130927"),
    ),
    tasks=(
        ("接下一个客户", "客户住在湖里区，预产期是十二月二十号。"),
        ("给女儿寄冬衣", "顺丰寄到学校要填宿舍号，她住6栋412。"),
    ),
    questions=(
        ("我是吃哪碗饭的？", "月嫂"),
        ("我家那口子做啥的？", "跑货车"),
        ("闺女学的是啥？", "护理"),
        ("医生要给我打针，我得提醒他啥？", "青霉素"),
        ("早上起那么早干嘛去？", "跑步"),
        ("过年去看公婆要跑多远？", "龙岩"),
        ("家里的鱼叫啥？", "胖胖"),
        ("周末帮我搬个家？", "腰椎"),
        ("初一那天给你炖个鸡汤？", "吃素"),
        ("我最近在钻研啥？", "闽南菜"),
        ("给你买杯咖啡要怎么弄？", "加奶"),
        ("下楼给你带个早饭，要啥？", "沙茶面"),
    ),
    task_questions=(
        ("宝宝啥时候生？", "十二月二十号", 0),
        ("她宿舍号多少？", "6栋412", 1),
    ),
    changed="闺女的学费是谁出的？",
    about_secret=(
        ("我以前结过婚没？", "离过"),
        ("我以前靠啥赚过一大笔钱？", "代孕"),
        ("支付宝密码多少？", "130927"),
        ("What's my Alipay password?", "130927"),
    ),
)

FOURTEENTH = (EN_FOURTEENTH_A, EN_FOURTEENTH_B, ZH_FOURTEENTH_A, ZH_FOURTEENTH_B)
