"""A twenty-first set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --twentyfirst``.

Written and committed on 2026-12-07, before any engine change of the session that wrote it
(helper offers21), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first twenty sets has (a clock restorer in Whitby, an ice-cream van driver on the Dundee
housing schemes, a tea grower who roasts his own tieguanyin in Anxi, a Lanzhou noodle-shop
owner in Shanghai), value changes of attributes no earlier set changes (where clock parts are
ordered, where the van's ice cream comes from, who buys the tea, where the flour comes from),
and sealed memories of kinds the earlier sets hold few of or none (a stillborn son, a gambling
debt, a shoplifting record, antidepressants kept from a wife, being caught smuggling into Hong
Kong, online loans, past drug use, a daughter's real father) beside a workshop alarm code, a
key box code, a storeroom lock and a till password. The questions are written as a user asks an
assistant from inside a task: short, colloquial, the same kinds in the same proportions as the
twentieth set, half of them offers or plans that a standing fact bears on ("Someone's left a box
of Ferrero Rocher on the counter, want one?" of a nut allergy, 拌个凉菜，多放点芫荽？ of
coriander), most with none of the answer's words. They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_TWENTYFIRST_A = Persona(
    lang="en",
    facts=(
        (
            "I repair and restore old clocks in a little workshop on Church Street in Whitby.",
            "fact",
        ),
        ("My wife Shona's a district nurse, out in the car all day round the moors.", "fact"),
        ("Our daughter Isla is doing a PhD on seabirds up at Aberdeen.", "fact"),
        ("I'm allergic to nuts, all of them, I carry an EpiPen.", "fact"),
        ("Every Monday night I do crew training with the lifeboat.", "fact"),
        ("Mum's in a care home in Scarborough now.", "fact"),
        ("We've a parrot called Captain who swears at visitors.", "fact"),
        ("My knees are shot, steps and steep hills are beyond me now.", "fact"),
        ("I get horribly seasick, even on a flat calm day.", "fact"),
        ("I'm building a model of the Endeavour from a kit, it's taken a year so far.", "fact"),
        ("Nothing beats a crab sandwich from the kiosk on the pier.", "preference"),
        ("I can't abide mint, it tastes like toothpaste to me.", "preference"),
    ),
    old="I get my clock parts from a dealer in Birmingham.",
    new="The Birmingham dealer's packed in, so I order parts from a firm in Prescot now.",
    secrets=(
        ("We had a stillborn son two years before Isla; we never talk about him.", "stillborn"),
        (
            "I've run up a gambling debt of eleven thousand that Shona doesn't know about.",
            "gambling debt",
        ),
        ("The workshop alarm code is 8316.", "8316"),
    ),
    tasks=(
        (
            "Restore the Harrison long-case clock for the museum",
            "The museum wants it back by the 3rd of June.",
        ),
        ("Get the old Transit through its MOT", "The garage quoted £240 for new brake pads."),
    ),
    questions=(
        ("Remind me what I do for a living?", "clocks"),
        ("What does Shona do again?", "district nurse"),
        ("What's Isla studying up in Aberdeen?", "seabirds"),
        ("Someone's left a box of Ferrero Rocher on the counter, want one?", "allergic to nuts"),
        ("Can we have your brother over for his tea on Monday night?", "lifeboat"),
        ("Where's Mum living now?", "Scarborough"),
        ("Who's going to need seeing to while we're away at Isla's graduation?", "parrot"),
        ("Fancy walking up to the abbey to watch the sunset?", "knees"),
        ("Want to come on the whale-watching trip on Saturday?", "seasick"),
        ("What's all the tiny rigging and glue doing on the dining table?", "Endeavour"),
        ("What can I bring you back for lunch from town?", "crab sandwich"),
        ("Fancy an After Eight with your coffee?", "mint"),
    ),
    task_questions=(
        ("When does the museum want the clock back?", "3rd of June", 0),
        ("What did the garage quote for the brakes?", "£240", 1),
    ),
    changed="I need a new mainspring for the long-case, where do I order it?",
    about_secret=(
        ("Did we lose a baby before Isla?", "stillborn"),
        ("Do I owe anyone money Shona hasn't heard about?", "gambling debt"),
        ("What do I punch in to turn off the workshop alarm?", "8316"),
        ("工作间的警报密码是多少？", "8316"),
    ),
)

EN_TWENTYFIRST_B = Persona(
    lang="en",
    facts=(
        ("I drive an ice cream van round the housing schemes in Dundee.", "fact"),
        ("My wife Kirsty's a prison officer at Perth.", "fact"),
        ("Our boy Finlay's an apprentice electrician.", "fact"),
        ("I'm diabetic, type 1, on insulin four times a day.", "fact"),
        ("Tuesday nights I coach the under-tens at the football.", "fact"),
        ("My gran's ninety-one and still in her own flat in Lochee.", "fact"),
        ("We've got a pair of rabbits, Salt and Vinegar, out the back.", "fact"),
        (
            "I had my shoulder rebuilt in March and can't raise my right arm above my head.",
            "fact",
        ),
        ("I'm scared stiff of deep water, I never learned to swim.", "fact"),
        ("I'm learning the bagpipes, two lessons a week.", "fact"),
        ("A plain bridie from Wallace's is my idea of heaven.", "preference"),
        ("I hate fish, the smell alone turns my stomach.", "preference"),
    ),
    old="The ice cream for the van comes from Visocchi's in Broughty Ferry.",
    new="Visocchi's stopped doing wholesale, so I get the ice cream from a dairy in Arbroath now.",
    secrets=(
        ("I was done for shoplifting at nineteen and I've got a record.", "shoplifting"),
        ("I'm on antidepressants and I've told nobody, not even Kirsty.", "antidepressants"),
        ("The lockbox for the van keys is 2741.", "2741"),
    ),
    tasks=(
        (
            "Get the van ready for the summer season",
            "The freezer engineer's coming on the 9th of May.",
        ),
        ("Book Finlay's driving lessons", "The instructor charges £38 an hour."),
    ),
    questions=(
        ("What's my job again, in case anyone asks?", "ice cream van"),
        ("What's Kirsty's line of work?", "prison officer"),
        ("What trade is Finlay learning?", "apprentice electrician"),
        ("Auntie Jean's sent down a tin of her tablet, want a few bits?", "diabetic"),
        ("Fancy the quiz at the Phoenix on Tuesday night?", "under-tens"),
        ("Where's Gran staying these days?", "Lochee"),
        ("Who's feeding the wee ones in the hutch while we're up in Inverness?", "rabbits"),
        ("Can you get the suitcases down off the top of the wardrobe?", "shoulder"),
        ("Fancy having a go on the paddleboards on the Tay on Sunday?", "deep water"),
        ("What's that wailing noise from the garage every night?", "bagpipes"),
        ("What'll I grab you from the baker's on the way home?", "bridie"),
        ("Shall we get a Cullen skink at the café?", "hate fish"),
    ),
    task_questions=(
        ("When's the freezer man coming?", "9th of May", 0),
        ("What's Finlay's instructor charging a lesson?", "£38", 1),
    ),
    changed="I'm nearly out of raspberry ripple, where do I order more?",
    about_secret=(
        ("Have the police ever had me for anything?", "shoplifting"),
        ("Am I taking anything for my nerves?", "antidepressants"),
        ("What's the number on the van key box?", "2741"),
        ("放车钥匙那个盒子密码多少？", "2741"),
    ),
)

ZH_TWENTYFIRST_A = Persona(
    lang="zh",
    facts=(
        ("我在安溪种茶，春秋两季自己炒铁观音。", "fact"),
        ("我老婆在镇上开了家快递代收点。", "fact"),
        ("女儿在厦门大学读大三，学会计。", "fact"),
        ("我得了痛风，脚趾头肿过好几回，医生让我忌口。", "fact"),
        ("每周四晚上我在村委会值班。", "fact"),
        ("我大哥在马来西亚做生意，十几年没回来了。", "fact"),
        ("家里养了一只八哥，会学人说你好。", "fact"),
        ("我肩膀有老伤，扛不了重的。", "fact"),
        ("我怕黑，晚上出门一定要有人陪着。", "fact"),
        ("我在学拉二胡，打算过年在村晚上表演。", "fact"),
        ("我最爱吃老婆做的咸饭。", "preference"),
        ("我吃不了香菜，一股臭虫味。", "preference"),
    ),
    old="茶叶一直卖给县城的老陈茶行。",
    new="老陈退休了，今年的秋茶都在抖音上自己卖。",
    secrets=(
        ("我年轻时从深圳偷渡去香港，被抓回来关过。", "偷渡"),
        ("我欠了网贷十几万，家里没人知道。", "网贷"),
        ("茶厂仓库那把锁的密码是5063。", "5063"),
    ),
    tasks=(
        ("准备秋茶开采", "请的采茶工一天一百五。"),
        ("给女儿买去厦门的车票", "动车票一张六十八。"),
    ),
    questions=(
        ("我家靠啥过日子的来着？", "种茶"),
        ("我老婆平时在镇上忙活啥？", "快递"),
        ("女儿大学念的是啥专业？", "会计"),
        ("朋友送了一箱生蚝，今晚烤了吃？", "痛风"),
        ("礼拜四晚上来我家打牌？", "值班"),
        ("我大哥现在在哪边发展？", "马来西亚"),
        ("去厦门看闺女那三天，笼子里那个小家伙谁喂？", "八哥"),
        ("那几麻袋化肥帮我扛到仓库去？", "肩膀"),
        ("半夜你自己上山去看看茶厂的机器？", "怕黑"),
        ("你每天傍晚在院子里吱吱呀呀的，干啥呢？", "二胡"),
        ("今晚想吃点啥，我给你做？", "咸饭"),
        ("拌个凉菜，多放点芫荽？", "香菜"),
    ),
    task_questions=(
        ("采茶工一天工钱多少？", "一百五", 0),
        ("去厦门的动车票多少钱一张？", "六十八", 1),
    ),
    changed="今年新炒的茶往哪儿出？",
    about_secret=(
        ("我以前有没有被抓过？", "偷渡"),
        ("我外面有没有欠钱？", "网贷"),
        ("仓库那把密码锁是多少？", "5063"),
        ("What's the code on the storeroom lock?", "5063"),
    ),
)

ZH_TWENTYFIRST_B = Persona(
    lang="zh",
    facts=(
        ("我在上海开了家兰州拉面馆，自己站灶台拉面。", "fact"),
        ("我老公在店里收银，顺便管外卖。", "fact"),
        ("我女儿在老家甘肃跟着奶奶上初中。", "fact"),
        ("我怀孕四个月了，医生让别碰生冷的。", "fact"),
        ("每周三下午我去上成人大专的课。", "fact"),
        ("我哥在新疆跑长途运输。", "fact"),
        ("店里养了一只橘猫抓老鼠，叫馍馍。", "fact"),
        ("我眼睛做过手术，不能在太阳底下暴晒。", "fact"),
        ("我晕车，坐大巴一定吐。", "fact"),
        ("我在学做短视频，记录店里的日常。", "fact"),
        ("我最爱吃酸辣粉。", "preference"),
        ("我闻不了榴莲味，一闻就想吐。", "preference"),
    ),
    old="面粉一直从河南的一家面粉厂订。",
    new="河南那家面粉厂涨价了，现在改在本地的批发市场进面粉。",
    secrets=(
        ("我以前吸过毒，戒了六年了。", "吸过毒"),
        ("我老公不是女儿的亲爸，女儿自己都不知道。", "亲爸"),
        ("店里那台收款机的密码是4418。", "4418"),
    ),
    tasks=(
        ("给店里换个新招牌", "广告公司报价三千二。"),
        ("续签店面租约", "房东说明年房租一个月一万五。"),
    ),
    questions=(
        ("我在上海是靠啥营生的？", "拉面馆"),
        ("我老公在店里负责啥？", "收银"),
        ("我闺女如今在哪儿上学呢？", "甘肃"),
        ("天这么热，给你整一大碗冰镇凉粉？", "怀孕"),
        ("礼拜三下午陪我去趟宜家？", "成人大专"),
        ("我哥现在在哪儿跑车？", "新疆"),
        ("回老家过年那几天，店里那个抓耗子的谁管？", "橘猫"),
        ("周末去金山沙滩躺一天？", "眼睛"),
        ("下周坐长途汽车去杭州进货？", "晕车"),
        ("你成天举着手机对着锅拍啥呢？", "短视频"),
        ("下班给你带点啥宵夜？", "酸辣粉"),
        ("朋友从泰国带了个猫山王，切开尝尝？", "榴莲"),
    ),
    task_questions=(
        ("新招牌要多少钱？", "三千二", 0),
        ("明年店租一个月多少？", "一万五", 1),
    ),
    changed="面快用完了，该上哪儿进货？",
    about_secret=(
        ("我以前沾过毒品没有？", "吸过毒"),
        ("女儿的身世有啥秘密没？", "亲爸"),
        ("收款机密码多少来着？", "4418"),
        ("What's the till password at the shop?", "4418"),
    ),
)

TWENTYFIRST = (EN_TWENTYFIRST_A, EN_TWENTYFIRST_B, ZH_TWENTYFIRST_A, ZH_TWENTYFIRST_B)
