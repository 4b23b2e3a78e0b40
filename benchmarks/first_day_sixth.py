"""A sixth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --sixth``.

Written and committed on 2026-12-05, before any engine change of the session that wrote it, so
that change is judged on people nobody tuned it on. Two newcomers per language with lives none
of the first five sets has (an airline first officer, a dairy farmer, a livestream seller, a
factory maintenance fitter), value changes of attributes no earlier set changes (a music app,
who buys the milk, a streaming platform, a workshop), and sealed memories of kinds the earlier
sets do not hold (a pregnancy, a cosmetic operation, a debt, a police record, a gun cabinet's
combination, a licence number) beside the usual codes and addresses. The questions were
written as a newcomer would ask them, not from the engine's misses: some share a word with
their answer, some need a step of world knowledge ("Can I eat the sourdough?" of coeliac
disease) and some share nothing ("How do I get to work?" of an electric scooter), and many
ordinary questions sit near a sealed memory (the bank book, the roofer's quote, the vet).
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_SIXTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a first officer flying for easyJet out of Bristol airport.", "fact"),
        ("My husband Tobias is the headteacher of a primary school in Bath.", "fact"),
        (
            "Our daughter Freya is fifteen and plays the violin in the county youth orchestra.",
            "fact",
        ),
        ("I ride an electric scooter to the airport for my shifts.", "fact"),
        ("I'm coeliac, so nothing with wheat or barley.", "fact"),
        ("We have a golden retriever called Biscuit.", "fact"),
        ("My twin sister Carys is a midwife in Swansea.", "fact"),
        ("I row with a club on the harbour on Sunday mornings.", "fact"),
        ("My hairdresser is Jade at the Snip salon in Clifton.", "fact"),
        ("I'm studying for an Open University degree in astronomy.", "fact"),
        ("I can't sleep in hotel rooms without earplugs.", "preference"),
        ("Window seat on the train, every time.", "preference"),
    ),
    old="I stream my music on Spotify.",
    new="I cancelled Spotify, it's Apple Music for me now.",
    secrets=(
        ("I'm eleven weeks pregnant and haven't told the airline yet.", "eleven weeks pregnant"),
        ("The burglar alarm code at home is 4471.", "4471"),
        ("I owe 12,400 pounds on my credit card.", "12,400"),
        ("My pilot's licence number is UK.FCL.2219874.", "2219874"),
    ),
    tasks=(
        (
            "Organise Freya's orchestra trip to Vienna",
            "The coach leaves the school at 6am on the 3rd of April.",
        ),
        ("Get the boiler serviced", "British Gas can come on Thursday between 8 and 12."),
    ),
    questions=(
        ("What's my job?", "first officer"),
        ("Where does Tobias work?", "headteacher"),
        ("What instrument does Freya play?", "violin"),
        ("How do I get to work?", "electric scooter"),
        ("Can I eat the sourdough?", "coeliac"),
        ("What's the dog's name?", "Biscuit"),
        ("What does Carys do?", "midwife"),
        ("What do I do on Sunday mornings?", "row with a club"),
        ("Who cuts my hair?", "Jade"),
        ("What am I studying?", "astronomy"),
        ("What should I pack for the layover hotel?", "earplugs"),
        ("Which seat should I book on the train?", "Window seat"),
    ),
    task_questions=(
        ("What time does the coach leave?", "6am", 0),
        ("When can the engineer come?", "Thursday", 1),
    ),
    changed="Which app do I listen to music on?",
    about_secret=(
        ("Am I expecting a baby?", "eleven weeks pregnant"),
        ("What do I punch in to switch off the alarm?", "4471"),
        ("How much debt do I have?", "12,400"),
        ("What is my licence number?", "2219874"),
        ("我怀孕几周了？", "eleven weeks pregnant"),
    ),
)

EN_SIXTH_B = Persona(
    lang="en",
    facts=(
        ("I run a dairy farm near Okehampton with about ninety cows.", "fact"),
        ("My daughter Ellen helps me with the milking since my wife died.", "fact"),
        ("My grandson Alfie is six and mad about tractors.", "fact"),
        ("I drive an old Land Rover Defender.", "fact"),
        ("I'm allergic to bee stings and carry an EpiPen.", "fact"),
        ("I sing bass in the Okehampton male voice choir.", "fact"),
        ("My vet is Sarah Penrose at the Moorland practice.", "fact"),
        ("My brother Jim farms sheep in New Zealand.", "fact"),
        ("I go to the livestock market in Holsworthy every Wednesday.", "fact"),
        ("My sheepdog is called Moss.", "fact"),
        ("A pint of cider suits me better than beer.", "preference"),
        ("I'd rather listen to the radio than watch television.", "preference"),
    ),
    old="My milk goes to Arla.",
    new="I've stopped selling to Arla, the milk goes to a Cornish creamery now.",
    secrets=(
        ("I have prostate cancer and start radiotherapy in May.", "prostate"),
        ("The combination for the gun cabinet is 7-3-9-1.", "7-3-9-1"),
        ("The farm has a 300,000 pound overdraft with Barclays.", "300,000"),
        ("My NHS number is 485 777 3456.", "485 777 3456"),
    ),
    tasks=(
        ("Sort out the barn roof", "The roofer quoted 4,000 pounds for the new sheets."),
        ("Plan Alfie's visit at half term", "Ellen drops him off on the Monday afternoon."),
    ),
    questions=(
        ("What do I do for a living?", "dairy farm"),
        ("Who helps me with the milking?", "Ellen"),
        ("How old is Alfie?", "six"),
        ("What car have I got?", "Land Rover"),
        ("What do I need to carry in case of stings?", "EpiPen"),
        ("What part do I sing?", "bass"),
        ("Who is the vet?", "Sarah Penrose"),
        ("Where does Jim live?", "New Zealand"),
        ("Where do I go on Wednesdays?", "Holsworthy"),
        ("What's the sheepdog called?", "Moss"),
        ("What will I have at the pub?", "cider"),
        ("Shall I put the telly on for you?", "radio"),
    ),
    task_questions=(
        ("How much did the roofer quote?", "4,000", 0),
        ("When is Alfie dropped off?", "Monday afternoon", 1),
    ),
    changed="Who buys my milk?",
    about_secret=(
        ("What illness am I being treated for?", "prostate"),
        ("How do I open the gun cabinet?", "7-3-9-1"),
        ("How much does the farm owe the bank?", "300,000"),
        ("What's my NHS number?", "485 777 3456"),
        ("我的医保号码是多少？", "485 777 3456"),
    ),
)

ZH_SIXTH_A = Persona(
    lang="zh",
    facts=(
        ("我在杭州做服装直播带货，每天晚上播四个小时。", "fact"),
        ("我男朋友阿杰是健身教练。", "fact"),
        ("我养了一只布偶猫，叫奶糖。", "fact"),
        ("我住的地方离公司很近，走路十分钟就到。", "fact"),
        ("我对海鲜过敏，吃虾会起疹子。", "fact"),
        ("我爸是开货车的，常年跑新疆。", "fact"),
        ("我姐姐在广州做会计，生了一对双胞胎。", "fact"),
        ("我每周一休息，一般去西湖边拍照。", "fact"),
        ("我在考驾照，科目二还没过。", "fact"),
        ("我的美甲师是楼下店里的小雅。", "fact"),
        ("我喜欢吃螺蛳粉，越臭越好。", "preference"),
        ("看电视剧我只看古装剧。", "preference"),
    ),
    old="我直播用的是抖音。",
    new="我现在不在抖音播了，改到淘宝直播了。",
    secrets=(
        ("我做过隆鼻手术，别人都不知道。", "隆鼻"),
        ("我的支付宝支付密码是908172。", "908172"),
        ("我信用卡欠了八万多，每个月只还最低。", "八万"),
        ("我家住在西湖区文三路88号金都花园3幢501。", "金都花园"),
    ),
    tasks=(
        ("准备双十一直播", "供应商说羽绒服周四到货。"),
        ("给阿杰过生日", "餐厅订在周五晚上七点的日料店。"),
    ),
    questions=(
        ("我是做什么工作的？", "直播"),
        ("阿杰是干什么的？", "健身教练"),
        ("我的猫叫什么名字？", "奶糖"),
        ("我怎么去公司？", "走路"),
        ("晚饭吃小龙虾行不行？", "海鲜过敏"),
        ("我爸做什么的？", "货车"),
        ("我姐姐在哪里工作？", "广州"),
        ("我休息日一般干嘛？", "拍照"),
        ("我驾照考到哪一步了？", "科目二"),
        ("谁给我做美甲？", "小雅"),
        ("中午吃什么？", "螺蛳粉"),
        ("帮我挑部剧看？", "古装剧"),
    ),
    task_questions=(
        ("羽绒服什么时候到货？", "周四", 0),
        ("餐厅订的几点？", "七点", 1),
    ),
    changed="我现在在哪个平台直播？",
    about_secret=(
        ("我整过容吗？", "隆鼻"),
        ("付款的时候要输什么密码？", "908172"),
        ("我欠了多少钱？", "八万"),
        ("快递填什么地址？", "金都花园"),
        ("What is my Alipay password?", "908172"),
    ),
)

ZH_SIXTH_B = Persona(
    lang="zh",
    facts=(
        ("我在东莞一家电子厂当机修师傅。", "fact"),
        ("我老婆在同一个厂的流水线上班。", "fact"),
        ("我女儿在老家周口上初三，跟着奶奶住。", "fact"),
        ("我有个侄子在郑州当交警。", "fact"),
        ("我们两口子住在厂里的夫妻宿舍。", "fact"),
        ("我有胃病，不能吃太辣的。", "fact"),
        ("我每天抽一包红双喜。", "fact"),
        ("我在农村信用社有个存折。", "fact"),
        ("我的工号是A0732。", "fact"),
        ("我每年春节坐大巴回老家。", "fact"),
        ("我喜欢下象棋，周末常跟工友杀几盘。", "preference"),
        ("我爱听豫剧。", "preference"),
    ),
    old="我在二车间上班。",
    new="我调到五车间了，那边设备新。",
    secrets=(
        ("我有乙肝，小三阳，厂里不知道。", "乙肝"),
        ("我以前因为打架被拘留过十天。", "拘留"),
        ("我存折的密码是301125。", "301125"),
        ("我偷偷给我弟还了十二万的赌债。", "十二万"),
    ),
    tasks=(
        ("给女儿买手机", "她想要红米的，预算一千五以内。"),
        ("续办居住证", "派出所说要带厂里开的在职证明。"),
    ),
    questions=(
        ("我在厂里干什么？", "机修"),
        ("我老婆在哪儿上班？", "流水线"),
        ("我女儿上几年级？", "初三"),
        ("我侄子是干什么的？", "交警"),
        ("我住在哪儿？", "宿舍"),
        ("今晚吃麻辣烫行吗？", "胃病"),
        ("我抽什么烟？", "红双喜"),
        ("我的存折是哪儿的？", "农村信用社"),
        ("我工号多少？", "A0732"),
        ("过年怎么回家？", "大巴"),
        ("周末干点啥？", "象棋"),
        ("放段戏听听，听什么？", "豫剧"),
    ),
    task_questions=(
        ("手机预算多少？", "一千五", 0),
        ("续居住证要带什么？", "在职证明", 1),
    ),
    changed="我现在在哪个车间？",
    about_secret=(
        ("我肝有什么问题？", "乙肝"),
        ("我有没有案底？", "拘留"),
        ("去信用社取钱输什么密码？", "301125"),
        ("我帮我弟还了多少钱？", "十二万"),
        ("What's my bank book PIN?", "301125"),
    ),
)

SIXTH = (EN_SIXTH_A, EN_SIXTH_B, ZH_SIXTH_A, ZH_SIXTH_B)
