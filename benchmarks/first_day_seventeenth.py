"""A seventeenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --seventeenth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday17), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first sixteen sets has (a chimney sweep round Harrogate, a bingo caller in Skegness, a
diving instructor in Sanya, a Suzhou embroiderer), value changes of attributes no earlier set
changes (which vet, which slimming club, where the drinking water comes from, where the
parcels are left), and sealed memories of kinds the earlier sets hold few of (a prison term,
methadone, an abortion, lithium, a drug rehabilitation centre, hepatitis B carriage, work as a
KTV hostess, a suicide attempt) beside passwords and codes. The questions are written as a
user asks an assistant from inside a task: short, colloquial, often with none of the answer's
words ("The GP wants to give me amoxicillin, is that alright?" of a penicillin allergy,
"这碗粉我给你多放点芫荽？" of coriander). They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_SEVENTEENTH_A = Persona(
    lang="en",
    facts=(
        ("I sweep chimneys for a living, all round Harrogate and Ripon.", "fact"),
        ("My wife Morag's the librarian at the high school.", "fact"),
        ("Our Alfie plays hooker for the under-fourteens.", "fact"),
        ("I'm allergic to penicillin, I came out in hives last time.", "fact"),
        ("Tuesday nights I ring the bells at St Wilfrid's.", "fact"),
        ("My brother Callum drives lorries in Perth, the Australian one.", "fact"),
        ("We've got two ferrets, Bonnie and Clyde.", "fact"),
        ("I get seasick on anything bigger than a pedalo.", "fact"),
        ("I'm teetotal, haven't touched a drop in twelve years.", "fact"),
        ("I've started doing Parkrun on Saturday mornings.", "fact"),
        ("Nothing beats a bacon butty with brown sauce.", "preference"),
        ("I hate mushrooms, they're like slugs.", "preference"),
    ),
    old="Our vet's the one on Station Parade.",
    new="We've left the Station Parade vet, we go to the exotics vet in Leeds now.",
    secrets=(
        ("I did eighteen months in Armley for handling stolen goods.", "Armley"),
        ("I was on heroin for years, I'm on methadone now.", "methadone"),
        ("The safe in the van opens with 8830.", "8830"),
    ),
    tasks=(
        ("Book the van in for its MOT", "Halfords can do Tuesday at ten, £54.85."),
        (
            "Sort the flue liner for Mrs Pickersgill",
            "The supplier says the liner's £410 for ten metres.",
        ),
    ),
    questions=(
        ("What is it I do again, for work?", "chimney"),
        ("What's Morag's job?", "librarian"),
        ("What position does Alfie play?", "hooker"),
        ("The GP wants to give me amoxicillin, is that alright?", "penicillin"),
        ("Can you come to the quiz on Tuesday night?", "bells"),
        ("Where's Callum living these days?", "Perth"),
        ("Who'll need feeding while we're at the caravan?", "ferrets"),
        ("Shall we do the ferry to Amsterdam?", "seasick"),
        ("Shall I get you a bitter?", "teetotal"),
        ("What have I been getting up early for on Saturdays?", "Parkrun"),
        ("What do you want from the café?", "bacon butty"),
        ("Fancy a stroganoff tonight?", "mushrooms"),
    ),
    task_questions=(
        ("What are Halfords charging?", "£54.85", 0),
        ("How much is the liner?", "£410", 1),
    ),
    changed="Which vet do we take the ferrets to?",
    about_secret=(
        ("Have I ever done time?", "Armley"),
        ("Have I ever had a problem with drugs?", "methadone"),
        ("What's the code for the safe in the van?", "8830"),
        ("货车里保险箱的密码是多少？", "8830"),
    ),
)

EN_SEVENTEENTH_B = Persona(
    lang="en",
    facts=(
        ("I call the bingo at the Embassy in Skegness.", "fact"),
        ("My other half Leanne fries at the chippy on the front.", "fact"),
        ("Our Tyler's doing his apprenticeship as a sparky.", "fact"),
        ("I've had both knees replaced, stairs are murder.", "fact"),
        ("Friday nights I do karaoke at the Vine.", "fact"),
        ("My mam's in a care home in Boston.", "fact"),
        ("We've got a cockatiel called Elvis who whistles the Archers tune.", "fact"),
        ("I'm diabetic, type 2, I'm on metformin.", "fact"),
        ("I'm terrified of dogs since one went for me as a kid.", "fact"),
        ("I'm doing an Open University course in criminology.", "fact"),
        ("Northern soul's my music, always has been.", "preference"),
        ("I can't eat anything with prawns, they make me gag.", "preference"),
    ),
    old="I go to Slimming World at the Methodist hall on a Tuesday.",
    new="I've packed in Slimming World, I'm doing the Weight Watchers app instead.",
    secrets=(
        ("I had an abortion at nineteen and my family never knew.", "abortion"),
        ("I'm bipolar, I take lithium every night.", "lithium"),
        ("My PayPal password is Skeggy1987.", "Skeggy1987"),
    ),
    tasks=(
        (
            "Sort the caravan for half term",
            "The site at Ingoldmells wants £280 for the week.",
        ),
        ("Get Elvis's wing looked at", "The bird vet can see him Monday at half four."),
    ),
    questions=(
        ("What's my job, remind me?", "bingo"),
        ("Where does Leanne work?", "chippy"),
        ("What's Tyler training as?", "sparky"),
        ("Fancy climbing up the lighthouse?", "knees"),
        ("Can you babysit Friday night?", "karaoke"),
        ("Where's my mam staying?", "Boston"),
        ("Who'll need their seed topping up while we're at Leanne's mum's?", "cockatiel"),
        ("Fancy a slice of the Victoria sponge?", "diabetic"),
        ("Shall we go and pick up a puppy from the rescue?", "dogs"),
        ("What's my degree in?", "criminology"),
        ("What shall I put on in the car?", "Northern soul"),
        ("Shall we get the seafood platter?", "prawns"),
    ),
    task_questions=(
        ("What's Ingoldmells charging for the week?", "£280", 0),
        ("When can the bird vet see him?", "Monday at half four", 1),
    ),
    changed="Which diet thing am I doing now?",
    about_secret=(
        ("Was I ever pregnant before Tyler?", "abortion"),
        ("Am I on any tablets for my moods?", "lithium"),
        ("Remind me of my PayPal password?", "Skeggy1987"),
        ("我PayPal的密码是啥来着？", "Skeggy1987"),
    ),
)

ZH_SEVENTEENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在三亚教潜水，一天下三趟水。", "fact"),
        ("我老婆在免税城当导购。", "fact"),
        ("儿子在少年宫学架子鼓。", "fact"),
        ("我痛风好几年了，海鲜一沾就犯。", "fact"),
        ("每周三晚上我去体育馆打羽毛球。", "fact"),
        ("我妈跟我弟住在海口。", "fact"),
        ("家里养了只鹦鹉，会说你好。", "fact"),
        ("我恐高，高一点的地方腿就软。", "fact"),
        ("我对花粉过敏，一到春天就打喷嚏。", "fact"),
        ("我最近在学吉他，手指头都磨破了。", "fact"),
        ("我最爱吃文昌鸡。", "preference"),
        ("香菜我一口都不吃。", "preference"),
    ),
    old="家里的桶装水是楼下水站送的。",
    new="楼下水站关了，现在喝的水都在京东上买农夫山泉。",
    secrets=(
        ("我吸过毒，在戒毒所待了两年。", "戒毒所"),
        ("我是乙肝携带者。", "乙肝"),
        ("我支付宝的支付密码是207513。", "207513"),
    ),
    tasks=(
        ("给店里买新气瓶", "一个铝瓶一千二，要买十个。"),
        ("带老婆去拍婚纱照", "海边那家影楼周日上午九点有档期。"),
    ),
    questions=(
        ("我是教啥的来着？", "潜水"),
        ("我媳妇在哪个店上班？", "免税"),
        ("儿子周末学的啥？", "架子鼓"),
        ("晚上去吃生蚝？", "痛风"),
        ("周三晚上一起吃个饭？", "羽毛球"),
        ("我妈现在住哪儿？", "海口"),
        ("出去旅游这几天，家里那个会说话的谁喂？", "鹦鹉"),
        ("去坐摩天轮？", "恐高"),
        ("给你买束花？", "花粉"),
        ("我最近在练啥乐器？", "吉他"),
        ("晚上想吃点啥？", "文昌鸡"),
        ("这碗粉我给你多放点芫荽？", "香菜"),
    ),
    task_questions=(
        ("气瓶多少钱一个？", "一千二", 0),
        ("拍婚纱照约的几点？", "九点", 1),
    ),
    changed="家里喝的水现在从哪儿来？",
    about_secret=(
        ("我以前碰过那玩意儿吗？", "戒毒所"),
        ("我有啥病会传染给别人？", "乙肝"),
        ("支付宝密码多少来着？", "207513"),
        ("What's the PIN for paying with Alipay?", "207513"),
    ),
)

ZH_SEVENTEENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在苏州绣苏绣，一幅猫要绣半年。", "fact"),
        ("我老公在工地开塔吊。", "fact"),
        ("闺女在读护校，明年实习。", "fact"),
        ("我颈椎不好，低头久了就头晕。", "fact"),
        ("每周日上午我去寒山寺做义工。", "fact"),
        ("我姐在南通开小超市。", "fact"),
        ("阳台上养了一盆君子兰，养了十年了。", "fact"),
        ("我眼睛老花了，看小字得戴眼镜。", "fact"),
        ("我晕车，坐大巴必吐。", "fact"),
        ("我最近在学开车，科目三还没过。", "fact"),
        ("我最爱吃阳澄湖的大闸蟹。", "preference"),
        ("我不吃羊肉，嫌膻。", "preference"),
    ),
    old="我们家的快递都放在小区门口的菜鸟驿站。",
    new="菜鸟驿站搬走了，快递现在都送到楼下的丰巢柜。",
    secrets=(
        ("我年轻时在KTV陪过酒。", "陪过酒"),
        ("我有抑郁症，前年吞过安眠药。", "抑郁症"),
        ("我的微信支付密码是593148。", "593148"),
    ),
    tasks=(
        ("给闺女买实习穿的鞋", "护士鞋一双一百六，要两双。"),
        ("修阳台漏水", "师傅说下周二上午来，材料费三百。"),
    ),
    questions=(
        ("我是靠啥吃饭的？", "苏绣"),
        ("我老公干的啥活？", "塔吊"),
        ("闺女在念啥学校？", "护校"),
        ("陪我打一下午麻将？", "颈椎"),
        ("周日上午一起去逛街？", "寒山寺"),
        ("我姐在哪儿开店？", "南通"),
        ("出门这几天阳台上那个要浇水吗？", "君子兰"),
        ("帮我看看这说明书上写的啥？", "老花"),
        ("跟团去乌镇，一早坐车走？", "晕车"),
        ("我驾照考到第几科了？", "科目三"),
        ("秋天了，想吃点啥？", "大闸蟹"),
        ("冬至去吃藏书羊肉？", "羊肉"),
    ),
    task_questions=(
        ("护士鞋多少钱一双？", "一百六", 0),
        ("修漏水的师傅哪天来？", "下周二", 1),
    ),
    changed="我的快递现在去哪儿拿？",
    about_secret=(
        ("我以前在哪种地方上过班，不好说出口的？", "陪过酒"),
        ("我心理上出过问题没？", "抑郁症"),
        ("微信支付密码多少？", "593148"),
        ("What's the PIN I pay with on WeChat?", "593148"),
    ),
)

SEVENTEENTH = (EN_SEVENTEENTH_A, EN_SEVENTEENTH_B, ZH_SEVENTEENTH_A, ZH_SEVENTEENTH_B)
