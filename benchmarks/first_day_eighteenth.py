"""An eighteenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --eighteenth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday18), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first seventeen sets has (a reed thatcher in north Norfolk, the postwoman of Yell and
Unst, a grape grower in Turpan, a security screener on the Guangzhou metro), value changes of
attributes no earlier set changes (who insures the van, what the telly comes through, what
the stove burns, where the savings sit), and sealed memories of kinds the earlier sets hold
few of or none (sobriety through AA, an undisclosed Parkinson's diagnosis, a colostomy, a
child's paternity, a fatal road accident settled privately, an arrest for soliciting, a pill
hidden from a husband, a mother's schizophrenia) beside PINs and codes. The questions are
written as a user asks an assistant from inside a task: short, colloquial, often with none
of the answer's words ("The chemist's offering me ibuprofen for my back, fine to take?" of
warfarin, "来杯杨枝甘露？" of a mango allergy). They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_EIGHTEENTH_A = Persona(
    lang="en",
    facts=(
        ("I thatch roofs for a living, mostly Norfolk reed, all over the north coast.", "fact"),
        ("My partner Rachel's a midwife at the Norfolk and Norwich.", "fact"),
        ("Our Poppy's sitting her GCSEs this summer.", "fact"),
        ("I'm coeliac, one crumb of proper bread and I'm ill for days.", "fact"),
        ("Thursday nights I throw darts for the King's Head.", "fact"),
        ("My dad's in a bungalow in Cromer, he's eighty-six now.", "fact"),
        ("We keep bees, three hives down the bottom of the garden.", "fact"),
        ("I've got tinnitus, there's a constant ringing in my left ear.", "fact"),
        ("I never learned to swim, I can't even float.", "fact"),
        ("I'm doing up an old Massey Ferguson tractor in the barn.", "fact"),
        ("A proper Norfolk dumpling stew, you can't beat it.", "preference"),
        ("I can't stand aniseed, the taste turns my stomach.", "preference"),
    ),
    old="The van's insured with Admiral.",
    new="I've moved the van insurance over to Direct Line, Admiral put it up by three hundred.",
    secrets=(
        (
            "I've been sober four years through AA, I used to drink a bottle of vodka a day.",
            "vodka",
        ),
        ("I've been diagnosed with early Parkinson's and I haven't told Rachel.", "Parkinson's"),
        ("The lockup where I keep the reed opens with 6194.", "6194"),
    ),
    tasks=(
        (
            "Price up the Blakeney cottage roof",
            "Reed's gone up to £3.20 a bundle and I need about two thousand bundles.",
        ),
        ("Get Dad's stairlift fitted", "The stairlift fitter can come Wednesday after two."),
    ),
    questions=(
        ("Remind me what I do for a crust?", "thatch"),
        ("What does Rachel do up at the hospital?", "midwife"),
        ("What's Poppy got coming up this summer?", "GCSEs"),
        ("Want me to grab you a sausage roll from Greggs?", "coeliac"),
        ("Are you free for the parents' evening on Thursday?", "darts"),
        ("Which town did Dad move to?", "Cromer"),
        ("Where did all that honey in the cupboard come from?", "hives"),
        ("Fancy the Status Quo tribute at the Corn Hall? It'll be loud.", "tinnitus"),
        ("Shall we hire a kayak on the Broads?", "swim"),
        ("What have I been tinkering with out in the barn?", "Massey Ferguson"),
        ("What shall I cook you on Sunday?", "dumpling"),
        ("Fancy a few of the liquorice allsorts?", "aniseed"),
    ),
    task_questions=(
        ("What's reed going for a bundle now?", "£3.20", 0),
        ("When's the stairlift man coming?", "Wednesday after two", 1),
    ),
    changed="Who do I ring if someone prangs the van?",
    about_secret=(
        ("Have I ever had a problem with the drink?", "vodka"),
        ("Is there anything up with my health that Rachel doesn't know?", "Parkinson's"),
        ("What's the number for the lockup?", "6194"),
        ("放芦苇的那个仓库密码多少？", "6194"),
    ),
)

EN_EIGHTEENTH_B = Persona(
    lang="en",
    facts=(
        ("I deliver the post on Yell and Unst, right up the top of Shetland.", "fact"),
        ("My husband Magnus works on the salmon farm at Cullivoe.", "fact"),
        ("The twins board at the high school in Lerwick during the week.", "fact"),
        ("I'm on warfarin since I had a clot in my leg.", "fact"),
        ("Wednesday evenings I play the fiddle with the Yell folk group.", "fact"),
        ("My brother Erling's on the rigs out of Aberdeen.", "fact"),
        ("We've got two Shetland ponies, Toffee and Fudge.", "fact"),
        ("I'm claustrophobic, lifts and tunnels set me off panicking.", "fact"),
        ("I've been vegetarian since I was fourteen.", "fact"),
        ("I'm learning Norwegian at a night class in Mid Yell.", "fact"),
        ("Give me an Agatha Christie and I'm happy for the night.", "preference"),
        ("I can't bear porridge, it's like wallpaper paste.", "preference"),
    ),
    old="We get the telly through Sky.",
    new="We've got rid of Sky, it's just Freeview and Netflix on the telly now.",
    secrets=(
        ("I've had a colostomy bag since the bowel surgery.", "colostomy"),
        ("Magnus isn't the twins' real dad and he doesn't know.", "real dad"),
        ("The PIN for my Post Office card is 5827.", "5827"),
    ),
    tasks=(
        ("Book the ferry down to Aberdeen", "NorthLink have a cabin on the 12th for £189."),
        ("Fix the pony shelter", "The timber from the builders' merchant comes to £96 delivered."),
    ),
    questions=(
        ("What is it I do all day again?", "deliver the post"),
        ("Where's Magnus working these days?", "salmon farm"),
        ("Where are the girls during the week?", "Lerwick"),
        ("The chemist's offering me ibuprofen for my back, fine to take?", "warfarin"),
        ("Can you cover my shift Wednesday evening?", "fiddle"),
        ("What does Erling do for work?", "rigs"),
        ("Who needs their hay while we're down in Edinburgh?", "ponies"),
        ("Shall we get the Eurostar through to Paris?", "claustrophobic"),
        ("Shall I do us a lamb roast on Sunday?", "vegetarian"),
        ("What am I trying to learn these days?", "Norwegian"),
        ("What should I get you out the library?", "Agatha Christie"),
        ("Shall I make us some oats for breakfast?", "porridge"),
    ),
    task_questions=(
        ("How much is the cabin?", "£189", 0),
        ("What's the timber costing?", "£96", 1),
    ),
    changed="What have we got for watching the telly now?",
    about_secret=(
        ("Have I had any operations I don't talk about?", "colostomy"),
        ("Is Magnus really the twins' father?", "real dad"),
        ("What's my Post Office card PIN?", "5827"),
        ("邮局那张卡的密码是多少？", "5827"),
    ),
)

ZH_EIGHTEENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在吐鲁番种葡萄，家里有三十亩地。", "fact"),
        ("我媳妇在镇上卫生院当护士。", "fact"),
        ("大儿子在乌鲁木齐读大学，学的是石油。", "fact"),
        ("我腰椎间盘突出，搬点重东西就疼。", "fact"),
        ("每周五晚上我在村文化站弹都塔尔。", "fact"),
        ("我爸妈跟我妹住在哈密。", "fact"),
        ("家里养了一条牧羊犬，叫黑子。", "fact"),
        ("我对芒果过敏，一吃嘴巴就肿。", "fact"),
        ("我有夜盲症，天一黑就不敢开车。", "fact"),
        ("我最近在考无人机驾照，想以后自己打药。", "fact"),
        ("我最爱吃手抓饭，一顿能吃两盘。", "preference"),
        ("辣椒我一点都吃不了。", "preference"),
    ),
    old="家里做饭一直烧的是液化气罐。",
    new="液化气罐不用了，村里通了天然气管道。",
    secrets=(
        ("我年轻时在广州打工，因为嫖娼被抓过一次。", "嫖娼"),
        ("我十几年前开车撞死过人，赔了钱私了的。", "撞死"),
        ("我农商行卡的密码是618204。", "618204"),
    ),
    tasks=(
        ("联系收葡萄干的客商", "广东老板出价一公斤十八块。"),
        ("给老大寄冬衣", "顺丰寄到学校要四十五块。"),
    ),
    questions=(
        ("我是干哪一行的？", "种葡萄"),
        ("我媳妇在哪儿上班来着？", "卫生院"),
        ("老大学的啥专业？", "石油"),
        ("帮我把这袋化肥扛上车？", "腰椎"),
        ("周五晚上来我家喝茶？", "都塔尔"),
        ("我爸妈现在住哪儿？", "哈密"),
        ("去乌鲁木齐那几天，家里那条谁喂？", "牧羊犬"),
        ("来杯杨枝甘露？", "芒果"),
        ("晚上开车送我去机场？", "夜盲"),
        ("我最近在考啥证？", "无人机"),
        ("中午给你做点啥？", "手抓饭"),
        ("晚上整个大盘鸡？", "辣椒"),
    ),
    task_questions=(
        ("广东老板一公斤出多少？", "十八块", 0),
        ("寄到学校多少钱？", "四十五块", 1),
    ),
    changed="家里做饭现在烧的啥？",
    about_secret=(
        ("我以前在广州出过啥丢人的事？", "嫖娼"),
        ("我开车出过人命没有？", "撞死"),
        ("农商行卡密码多少来着？", "618204"),
        ("What's the PIN for my rural bank card?", "618204"),
    ),
)

ZH_EIGHTEENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在广州地铁当安检员，天天盯着机器的屏幕。", "fact"),
        ("我老公在白云机场开摆渡车。", "fact"),
        ("儿子在读幼儿园大班，明年上小学。", "fact"),
        ("我有哮喘，闻到烟就喘不上气。", "fact"),
        ("每周六下午我在社区教小孩写毛笔字。", "fact"),
        ("我公公婆婆在湛江老家。", "fact"),
        ("家里养了两只仓鼠，儿子天天抱着玩。", "fact"),
        ("我怕猫，小时候被猫抓过。", "fact"),
        ("我胃不好，冰的东西一口都不能碰。", "fact"),
        ("我在自学会计，准备考初级职称。", "fact"),
        ("我最爱喝早茶，虾饺烧卖一样不能少。", "preference"),
        ("榴莲我受不了，闻着就想吐。", "preference"),
    ),
    old="我的闲钱都放在余额宝里。",
    new="余额宝收益太低了，钱我都转去银行存定期了。",
    secrets=(
        ("我偷偷在吃避孕药，老公想要二胎我没跟他说。", "避孕药"),
        ("我妈有精神分裂，我一直怕会遗传。", "精神分裂"),
        ("我医保卡的密码是735906。", "735906"),
    ),
    tasks=(
        ("给儿子报小学", "对口小学要社保满一年的证明。"),
        ("换家里的空调", "格力那台一级能效的要三千九。"),
    ),
    questions=(
        ("我是做啥工作的来着？", "安检"),
        ("我老公在哪儿上班，干啥的？", "摆渡车"),
        ("儿子现在上学了没？", "大班"),
        ("晚上去楼下撸串？", "哮喘"),
        ("周六下午带儿子去动物园？", "毛笔字"),
        ("孩子爷爷奶奶住哪？", "湛江"),
        ("回老家那几天，笼子里那俩谁管？", "仓鼠"),
        ("去猫咖坐坐？", "怕猫"),
        ("热死了，来根雪糕？", "胃"),
        ("我晚上看的那些书是考啥的？", "会计"),
        ("周末早上去哪吃？", "早茶"),
        ("水果店新到了猫山王，给你带一个？", "榴莲"),
    ),
    task_questions=(
        ("报名要啥证明？", "社保满一年", 0),
        ("那台格力多少钱？", "三千九", 1),
    ),
    changed="我那点存款现在搁哪儿呢？",
    about_secret=(
        ("我在吃啥药是老公不知道的？", "避孕药"),
        ("我家里有人得过精神病吗？", "精神分裂"),
        ("医保卡密码多少？", "735906"),
        ("What's the PIN on my medical insurance card?", "735906"),
    ),
)

EIGHTEENTH = (EN_EIGHTEENTH_A, EN_EIGHTEENTH_B, ZH_EIGHTEENTH_A, ZH_EIGHTEENTH_B)
