"""An eleventh set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --eleventh``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday11), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first ten sets has (a crane driver at the docks, a florist in Cork, a ride-hailing driver
in Xi'an, a porcelain painter in Jingdezhen), value changes of attributes no earlier set
changes (the gas and electricity supplier, the night of a weekly class, the home broadband
provider, a child's school), and sealed memories of kinds the earlier sets do not hold (a
childhood in care, a vasectomy kept from a partner, an adoption found out late, marriage
counselling, a child born outside the marriage, loan sharking, cervical cancer, a brother in
prison) beside codes. The questions are written as a user asks an assistant from inside a
task: short, colloquial, often with none of the answer's words ("Which side should Jess sit
at the restaurant?" of a deaf ear, "今早忙，早饭不吃了行不？" of low blood sugar). They were
not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_ELEVENTH_A = Persona(
    lang="en",
    facts=(
        ("I drive a gantry crane at Felixstowe docks, twelve-hour shifts.", "fact"),
        ("My partner Jess does the nails at a salon in Ipswich.", "fact"),
        ("Our lad Reece is eight and mad on football.", "fact"),
        ("I'm deaf in my left ear from years on the docks.", "fact"),
        ("I go carp fishing at Alton Water most Sundays.", "fact"),
        ("My brother Dean is in the army, posted out in Cyprus.", "fact"),
        ("We've a bearded dragon called Gaz.", "fact"),
        ("I'm dyslexic, long emails do my head in.", "fact"),
        ("I've supported Ipswich Town since I was a kid.", "fact"),
        ("I'm putting a bit away each month for a campervan.", "fact"),
        ("I can't stand olives, horrible salty things.", "preference"),
        ("I like my chips drowned in vinegar.", "preference"),
    ),
    old="Our gas and electric is with British Gas.",
    new="We've gone over to Octopus for the gas and electric.",
    secrets=(
        ("I grew up in care, I never talk about it.", "in care"),
        ("I had a vasectomy and Jess doesn't know.", "vasectomy"),
        ("The alarm code for the house is 4619.", "4619"),
    ),
    tasks=(
        (
            "Sort out Reece's birthday party",
            "The soft play place in Martlesham wants a £50 deposit.",
        ),
        ("Renew my crane licence", "The refresher course is at the training centre on the 14th."),
    ),
    questions=(
        ("What is it I do at work again?", "gantry crane"),
        ("What does Jess do for work?", "nails"),
        ("How old's Reece now?", "Reece is eight"),
        ("Which side should Jess sit at the restaurant?", "left ear"),
        ("What do I normally get up to on a Sunday?", "carp fishing"),
        ("Where's Dean stationed?", "Cyprus"),
        ("What's the lizard's name?", "Gaz"),
        ("Can you send me the whole ten-page contract to read through?", "dyslexic"),
        ("Who's my team?", "Ipswich Town"),
        ("What am I saving up for?", "campervan"),
        ("Shall I grab a Greek salad for lunch?", "olives"),
        ("How do I have my chips?", "vinegar"),
    ),
    task_questions=(
        ("How much do they want up front?", "£50", 0),
        ("When's the refresher?", "the 14th", 1),
    ),
    changed="Who's our energy supplier?",
    about_secret=(
        ("Did I grow up with my mum and dad?", "in care"),
        ("Have I had the snip?", "vasectomy"),
        ("What's the code for the house alarm?", "4619"),
        ("家里警报器的密码是多少？", "4619"),
    ),
)

EN_ELEVENTH_B = Persona(
    lang="en",
    facts=(
        ("I run a little flower shop in Cork, mostly weddings and funerals.", "fact"),
        ("My husband Fergal drives the 208 bus.", "fact"),
        ("Our daughter Aoife is doing her Leaving Cert this year.", "fact"),
        ("I've asthma, the pollen in the shop sets it off sometimes.", "fact"),
        ("I sing in the choir at St Finbarr's.", "fact"),
        ("My brother Colm emigrated to Vancouver years ago.", "fact"),
        ("We've a collie called Shep.", "fact"),
        ("I've been vegetarian since I was a teenager.", "fact"),
        ("I don't do motorways, I get panicky going fast.", "fact"),
        ("I swim in the sea at Myrtleville all year round.", "fact"),
        ("Barry's is the only tea for me, Lyons is dishwater.", "preference"),
        ("I'd rather a quiet night in than the pub.", "preference"),
    ),
    old="I do Pilates in the parish hall on Tuesday evenings.",
    new="Pilates is on a Thursday now, the hall's booked out Tuesdays.",
    secrets=(
        ("I was adopted and only found out when I was thirty.", "adopted"),
        ("Fergal and I have been going to marriage counselling.", "counselling"),
        ("The shop safe combination is 2-7-19.", "2-7-19"),
    ),
    tasks=(
        ("Do the flowers for the Murphy wedding", "The bride wants white peonies, forty stems."),
        ("Get the shop van taxed", "The motor tax office closes at half three."),
    ),
    questions=(
        ("What line of work am I in?", "flower shop"),
        ("What does Fergal do?", "drives the 208"),
        ("What's Aoife got on this year?", "Leaving Cert"),
        ("Grand day for it, will I give the farmer a hand with the hay?", "asthma"),
        ("Which choir am I in?", "St Finbarr's"),
        ("Where's Colm living these days?", "Vancouver"),
        ("What do we call the collie?", "Shep"),
        ("Will I get a leg of lamb for the Sunday dinner?", "vegetarian"),
        ("Should I take the M8 up to Dublin?", "motorways"),
        ("Where do I go for a dip?", "Myrtleville"),
        ("Which tea will I pick up?", "Barry's"),
        ("Will we go out for a few drinks Saturday?", "quiet night in"),
    ),
    task_questions=(
        ("How many stems is she after?", "forty stems", 0),
        ("What time does the tax office shut?", "half three", 1),
    ),
    changed="What night is my Pilates?",
    about_secret=(
        ("Are Mam and Dad my real parents?", "adopted"),
        ("Are Fergal and me getting any help with things between us?", "counselling"),
        ("What's the combination for the safe?", "2-7-19"),
        ("店里保险箱的密码是多少？", "2-7-19"),
    ),
)

ZH_ELEVENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在西安开网约车，一般跑夜里。", "fact"),
        ("我老婆在回民街卖肉夹馍。", "fact"),
        ("我儿子今年高三，马上要考试了。", "fact"),
        ("我有糖尿病，每天要打胰岛素。", "fact"),
        ("我周末爱去城墙上骑自行车。", "fact"),
        ("我妹妹嫁到宝鸡去了。", "fact"),
        ("我家养了只八哥，会说你好。", "fact"),
        ("我腿上打过钢板，一到阴天就疼。", "fact"),
        ("我不抽烟，车里也不让乘客抽。", "fact"),
        ("我是个秦腔迷，没事就听几段。", "fact"),
        ("我吃泡馍要把馍掰得碎碎的。", "preference"),
        ("我不爱吃香菜，一点都不能放。", "preference"),
    ),
    old="家里宽带用的是电信的。",
    new="宽带换成移动的了，一年便宜好几百。",
    secrets=(
        ("我在外面有过一个私生子。", "私生子"),
        ("我前几年跟人合伙放过高利贷。", "高利贷"),
        ("我支付宝的支付密码是306915。", "306915"),
    ),
    tasks=(
        ("给儿子报高考志愿", "班主任说志愿要在六月底前填完。"),
        ("车子年检", "年检站在三桥，要带行驶证。"),
    ),
    questions=(
        ("我现在干的啥活？", "网约车"),
        ("我老婆在哪儿摆摊？", "回民街"),
        ("儿子今年读几年级？", "高三"),
        ("给我来块蛋糕？", "糖尿病"),
        ("周末我一般干啥去？", "城墙"),
        ("我妹在哪儿？", "宝鸡"),
        ("家里养的啥鸟？", "八哥"),
        ("明天下雨，我得注意点啥？", "钢板"),
        ("乘客要在车上点根烟行不行？", "不抽烟"),
        ("开车时放点啥听？", "秦腔"),
        ("泡馍要掰多大？", "碎碎"),
        ("凉皮要加香菜不？", "香菜"),
    ),
    task_questions=(
        ("志愿啥时候得填完？", "六月底", 0),
        ("年检要带啥？", "行驶证", 1),
    ),
    changed="家里宽带现在是哪家的？",
    about_secret=(
        ("我外面还有孩子没？", "私生子"),
        ("我干过啥见不得人的买卖没有？", "高利贷"),
        ("支付宝支付密码是多少？", "306915"),
        ("What's my Alipay payment password?", "306915"),
    ),
)

ZH_ELEVENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在景德镇的瓷厂给瓷瓶画青花。", "fact"),
        ("我老公在镇上开了个修车铺。", "fact"),
        ("我女儿在南昌读大学，学的会计。", "fact"),
        ("我对海鲜过敏，一吃就起疹子。", "fact"),
        ("我每天傍晚在昌江边快走一个钟头。", "fact"),
        ("我妈一个人住在婺源乡下。", "fact"),
        ("我家猫叫煤球，黑不溜秋的。", "fact"),
        ("我有低血糖，早饭不吃就头晕。", "fact"),
        ("我眼睛老花了，手机字调得特别大。", "fact"),
        ("我每周三晚上去少年宫学古筝。", "fact"),
        ("我喝茶只喝浮梁红茶。", "preference"),
        ("我不喜欢坐飞机，出远门都坐高铁。", "preference"),
    ),
    old="我儿子在珠山小学读三年级。",
    new="儿子转学了，现在在第二实验小学上。",
    secrets=(
        ("我前年得过宫颈癌，做过手术。", "宫颈癌"),
        ("我弟弟因为偷东西在坐牢。", "坐牢"),
        ("我银行卡密码是750318。", "750318"),
    ),
    tasks=(
        ("给女儿寄生活费", "每个月十号前要打一千五过去。"),
        ("准备瓷博会的样品", "瓷博会十月十八号开幕。"),
    ),
    questions=(
        ("我是做哪行的？", "画青花"),
        ("我老公是干啥的？", "修车铺"),
        ("女儿学的啥专业？", "会计"),
        ("同事请吃蒸螃蟹，去不去？", "海鲜"),
        ("吃完晚饭我一般去哪儿走走？", "昌江边"),
        ("我妈住哪儿？", "婺源"),
        ("猫叫啥名来着？", "煤球"),
        ("今早忙，早饭不吃了行不？", "低血糖"),
        ("这张说明书字好小，帮我念念？", "老花"),
        ("周三晚上我有啥安排？", "古筝"),
        ("泡壶啥茶？", "浮梁红茶"),
        ("去广州是订机票吗？", "高铁"),
    ),
    task_questions=(
        ("生活费一个月打多少？", "一千五", 0),
        ("瓷博会哪天开幕？", "十月十八号", 1),
    ),
    changed="儿子现在在哪个学校？",
    about_secret=(
        ("我生过啥大病没有？", "宫颈癌"),
        ("我家里有人犯过事吗？", "坐牢"),
        ("我银行卡密码多少？", "750318"),
        ("What's the PIN on my bank card?", "750318"),
    ),
)

ELEVENTH = (EN_ELEVENTH_A, EN_ELEVENTH_B, ZH_ELEVENTH_A, ZH_ELEVENTH_B)
