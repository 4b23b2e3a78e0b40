"""A twenty-second set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --twentysecond``.

Written and committed on 2026-12-07, before any engine change of the session that wrote it
(helper newer22), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first twenty-one sets has (an upholsterer with a market stall in Bristol, a shipyard welder
in Belfast, a tailor who makes qipao in Chengdu, a barber for old men in Harbin), value changes
of attributes no earlier set changes (the day of a market stall, how one gets to work, where a
son goes after school, a shop's closing day: two of them share a noun with a standing fact, the
son, the shop), and sealed memories of kinds the earlier sets hold few of or none (being HIV
positive, a failed degree lied about, a prison term for assault, a vasectomy kept from a
partner, an abortion kept from a husband, hepatitis B hidden from neighbours, half a year in a
pyramid scheme, an earlier divorce) beside a shutter code, a locker combination, a safe code and
a camera login. The questions are written as a user asks an assistant from inside a task: short,
colloquial, the same kinds in the same proportions as the twenty-first set, half of them offers
or plans that a standing fact bears on ("Shall I pick up a couple of pasties for lunch?" of
coeliac disease, 冬至了，晚上去简阳吃那家有名的汤锅？ of not eating mutton), most with none of
the answer's words. They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_TWENTYSECOND_A = Persona(
    lang="en",
    facts=(
        ("I reupholster old armchairs and sofas from a unit in Bedminster.", "fact"),
        ("My husband Dev manages the Lidl in Knowle.", "fact"),
        ("Our son Arjun is eleven and plays chess at a club in Clifton every Wednesday.", "fact"),
        ("I'm coeliac, so no wheat, barley or rye at all.", "fact"),
        ("I sing alto in a community choir on Thursday evenings.", "fact"),
        ("My dad's recovering from a stroke in Southmead Hospital.", "fact"),
        ("We've got an elderly greyhound called Biscuit who hogs the sofa.", "fact"),
        ("I've got asthma that flares up in cold air and dust.", "fact"),
        ("I'm terrified of heights, I won't even go up a stepladder.", "fact"),
        ("I'm teaching myself Portuguese for a trip to Lisbon next spring.", "fact"),
        ("My favourite treat is a mango lassi from the place on Stokes Croft.", "preference"),
        ("I can't stand olives, even the smell puts me off.", "preference"),
    ),
    old="I have a stall at St Nicholas Market every Saturday.",
    new="I've moved the stall to Sunday mornings at the Harbourside market.",
    secrets=(
        ("I'm HIV positive; only my GP and Dev know.", "HIV"),
        (
            "I told my parents I finished my nursing degree but I actually failed it.",
            "nursing degree",
        ),
        ("The shutter code for the unit is 5092.", "5092"),
    ),
    tasks=(
        (
            "Reupholster the wingback chair for Mrs Hale",
            "She picked a green velvet at £32 a metre.",
        ),
        ("Sort out Arjun's birthday party", "The bowling alley wants a £50 deposit."),
    ),
    questions=(
        ("What is it I do for work again?", "reupholster"),
        ("Where does Dev work?", "Lidl"),
        ("Could Arjun come to the cinema with his cousins on Wednesday evening?", "chess"),
        ("Shall I pick up a couple of pasties for lunch?", "coeliac"),
        ("Are you around Thursday evening to help me move a wardrobe?", "choir"),
        ("Where's your dad at the minute?", "Southmead"),
        ("Who'll let the old boy out if we go to Cardiff for the night?", "greyhound"),
        ("Want to come on the frosty Boxing Day fun run?", "asthma"),
        ("Can you pop up into the loft and grab the Christmas decorations?", "heights"),
        ("Why's there a green owl nagging you on your phone every morning?", "Portuguese"),
        ("What shall I bring you back from the takeaway?", "mango lassi"),
        ("Fancy sharing a tapenade and crackers at the wine bar?", "olives"),
    ),
    task_questions=(
        ("How much a metre was the fabric Mrs Hale chose?", "£32", 0),
        ("What deposit does the bowling place want?", "£50", 1),
    ),
    changed="Which day should I bring the footstools over to your stall?",
    about_secret=(
        ("Is there anything about my health that only Dev and my doctor know?", "HIV"),
        ("Did I actually finish my nursing course?", "nursing degree"),
        ("What's the code to get the shutter up at the unit?", "5092"),
        ("车间卷帘门的密码是多少？", "5092"),
    ),
)

EN_TWENTYSECOND_B = Persona(
    lang="en",
    facts=(
        ("I'm a welder at the shipyard, on the big steel blocks for the ferries.", "fact"),
        ("My partner Aoife's a hairdresser in a salon on the Lisburn Road.", "fact"),
        ("My daughter Niamh's doing her A-levels and wants to be a vet.", "fact"),
        ("I'm on blood thinners since a clot in my leg last year.", "fact"),
        ("I play hurling for the local club on Saturday mornings.", "fact"),
        ("My brother Declan lives in Perth, Australia now.", "fact"),
        ("There's a tortoise called Gerry in the back garden who's older than me.", "fact"),
        ("I've tinnitus from the yard, loud places are murder.", "fact"),
        ("I'm claustrophobic, I take the stairs rather than a lift.", "fact"),
        ("I'm doing an Open University course in engineering in the evenings.", "fact"),
        ("I'd walk a mile for a proper Ulster fry on a Sunday.", "preference"),
        ("I can't eat anything spicy, it wrecks my stomach.", "preference"),
    ),
    old="I get a lift into the yard with Davy every morning.",
    new="Davy's retired, so I take the train into the yard now.",
    secrets=(
        ("I did eight months in Maghaberry for assault when I was twenty-two.", "Maghaberry"),
        ("I had the snip last year and Aoife thinks we're still trying for a baby.", "the snip"),
        ("My locker combination at the yard is 6604.", "6604"),
    ),
    tasks=(
        ("Fit the new kitchen", "The worktops come on the 14th of March."),
        ("Get Niamh a car for passing her test", "The Fiesta in Bangor is up for £3,900."),
    ),
    questions=(
        ("What do I tell the mortgage fella I do?", "welder"),
        ("What does Aoife do for a crust?", "hairdresser"),
        ("What's Niamh hoping to do after school?", "vet"),
        ("Want a couple of ibuprofen for that back of yours?", "blood thinners"),
        ("Will you give me a hand clearing the garage Saturday morning?", "hurling"),
        ("Where's Declan these days?", "Australia"),
        ("Who's minding the old lad in the shell while we're in Donegal?", "tortoise"),
        ("Fancy the Snow Patrol gig at the SSE Arena?", "tinnitus"),
        ("Shall we do the escape room for Aoife's birthday?", "claustrophobic"),
        ("Why are you up at the kitchen table with textbooks every night?", "Open University"),
        ("What'll I make you for breakfast this weekend?", "Ulster fry"),
        ("Shall we try the new Sichuan place on Botanic Avenue?", "spicy"),
    ),
    task_questions=(
        ("When do the worktops arrive?", "14th of March", 0),
        ("How much is the Fiesta in Bangor?", "£3,900", 1),
    ),
    changed="How are you getting in to work in the mornings?",
    about_secret=(
        ("Was I ever locked up?", "Maghaberry"),
        ("Is there something about us having another baby that Aoife doesn't know?", "the snip"),
        ("What's the number for my locker at work?", "6604"),
        ("我在船厂的储物柜密码是多少？", "6604"),
    ),
)

ZH_TWENTYSECOND_A = Persona(
    lang="zh",
    facts=(
        ("我在成都宽窄巷子附近开了个裁缝铺，改衣服，也做旗袍。", "fact"),
        ("我老公在地铁公司开列车。", "fact"),
        ("儿子今年读初二，在校队踢足球。", "fact"),
        ("我对青霉素过敏，打过一次针差点休克。", "fact"),
        ("每周六上午我在社区教老人跳广场舞。", "fact"),
        ("我妈在老家乐山，一个人住。", "fact"),
        ("家里养了两只乌龟，一只叫团团，一只叫圆圆。", "fact"),
        ("我腰椎间盘突出，久坐久站都不行。", "fact"),
        ("我恐高，站在三楼阳台往下看都腿软。", "fact"),
        ("我最近在学粤语，想看懂港剧。", "fact"),
        ("我最喜欢吃楼下那家的钟水饺。", "preference"),
        ("我不吃羊肉，膻味受不了。", "preference"),
    ),
    old="儿子放学后在楼下王阿姨家写作业。",
    new="王阿姨搬走了，儿子放学后现在去学校旁边的托管班。",
    secrets=(
        ("我年轻时打过一次胎，我老公不知道。", "打过一次胎"),
        ("我是乙肝携带者，一直瞒着街坊。", "乙肝"),
        ("铺子里保险柜的密码是7720。", "7720"),
    ),
    tasks=(
        ("给张姐做一件结婚穿的旗袍", "真丝料子一米两百八。"),
        ("给儿子报暑假游泳班", "游泳班二十节课一千二。"),
    ),
    questions=(
        ("我是做哪行的来着？", "裁缝"),
        ("我老公上班干啥的？", "地铁"),
        ("儿子现在读几年级？", "初二"),
        ("嗓子疼成这样，去诊所挂两天消炎针？", "青霉素"),
        ("周六上午一起去青城山耍？", "广场舞"),
        ("你妈现在住哪儿？", "乐山"),
        ("国庆去云南那几天，阳台上那两个小家伙谁照顾？", "乌龟"),
        ("明天陪我去排队买演唱会的票，可能要站三四个小时？", "腰椎"),
        ("周末带儿子去玩那个悬崖秋千？", "恐高"),
        ("你天天晚上对着手机念叨“唔该”做啥子？", "粤语"),
        ("晚上给你带点啥回来？", "钟水饺"),
        ("冬至了，晚上去简阳吃那家有名的汤锅？", "羊肉"),
    ),
    task_questions=(
        ("张姐那块真丝料子多少钱一米？", "两百八", 0),
        ("游泳班一共多少钱？", "一千二", 1),
    ),
    changed="儿子放了学去哪儿待着？",
    about_secret=(
        ("我以前有没有做过流产？", "打过一次胎"),
        ("我身上有啥会传染的毛病没？", "乙肝"),
        ("铺子保险柜密码是多少？", "7720"),
        ("What's the code for the safe in my shop?", "7720"),
    ),
)

ZH_TWENTYSECOND_B = Persona(
    lang="zh",
    facts=(
        ("我在哈尔滨道外开了个小理发店，主要给老头剪头。", "fact"),
        ("我媳妇在医院食堂做饭。", "fact"),
        ("闺女在俄罗斯留学，学芭蕾。", "fact"),
        ("我血压高，每天早上吃一片降压药。", "fact"),
        ("每周日早上我去松花江冬泳。", "fact"),
        ("我爸妈在海南三亚过冬，开春才回来。", "fact"),
        ("店里养了一条金毛，叫大黄，客人都喜欢它。", "fact"),
        ("我有老寒腿，一到冬天膝盖就疼。", "fact"),
        ("我晕血，看见针头就发慌。", "fact"),
        ("我在学萨克斯，每天晚上练一小时。", "fact"),
        ("我最爱吃锅包肉，老厨家那个味儿。", "preference"),
        ("我一口辣的都不能吃，吃了就拉肚子。", "preference"),
    ),
    old="店里每周一休息。",
    new="周一来剪头的人多，现在店里改成每周三休息了。",
    secrets=(
        ("我年轻时被拉进传销窝点待过半年，还骗过亲戚的钱。", "传销"),
        ("我离过一次婚，现在的对象不知道。", "离过一次婚"),
        ("店里监控的登录密码是9153。", "9153"),
    ),
    tasks=(
        ("店里换两把新理发椅", "厂家说一把一千八。"),
        ("给闺女寄过冬的衣服", "寄到莫斯科的国际快递六百块。"),
    ),
    questions=(
        ("我是靠啥手艺吃饭的？", "理发店"),
        ("我媳妇在哪儿干活儿？", "食堂"),
        ("闺女在国外学的啥？", "芭蕾"),
        ("这盘咸鸭蛋和腊肠给你留着下酒？", "血压高"),
        ("礼拜天一大早陪我去早市？", "冬泳"),
        ("我爸妈这会儿在哪儿呢？", "三亚"),
        ("春节回老家，店里那个大家伙咋整？", "金毛"),
        ("明天去亚布力滑两天雪？", "老寒腿"),
        ("明早社区免费体检，扎手指头那种，一起去？", "晕血"),
        ("你天天晚上呜呜地吹啥呢，邻居都听见了？", "萨克斯"),
        ("晚上下馆子，你想点个啥？", "锅包肉"),
        ("楼下新开了家重庆火锅，尝尝去？", "辣"),
    ),
    task_questions=(
        ("新理发椅一把多少钱？", "一千八", 0),
        ("给闺女寄衣服的快递费多少？", "六百", 1),
    ),
    changed="哪天你店里不开门，我好约你去钓鱼？",
    about_secret=(
        ("我以前有没有干过啥不光彩的买卖？", "传销"),
        ("我以前结过婚没有？", "离过一次婚"),
        ("店里监控的密码是多少？", "9153"),
        ("What's the login for the shop's cameras?", "9153"),
    ),
)

TWENTYSECOND = (EN_TWENTYSECOND_A, EN_TWENTYSECOND_B, ZH_TWENTYSECOND_A, ZH_TWENTYSECOND_B)
