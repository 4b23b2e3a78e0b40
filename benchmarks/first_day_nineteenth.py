"""A nineteenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --nineteenth``.

Written and committed on 2026-12-07, before any engine change of the session that wrote it
(helper firstday19), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first eighteen sets has (a gillie on the Spey, the driver of a mobile library in Powys, a
shepherd on the Hulunbuir grassland, a high-speed-rail attendant between Wuhan and Guangzhou),
value changes of attributes no earlier set changes (who services the Land Rover, who sells
the heating oil, who shears the flock, whom the rent goes to), and sealed memories of kinds
the earlier sets hold few of or none (a prison term for assault, a hidden gambling debt, an
abortion, bulimia, online-loan debt, an adoption, self-harm, an affair with a married man)
beside PINs, codes and a password. The questions are written as a user asks an assistant
from inside a task: short, colloquial, many of them offers ("Shall I do us a stroganoff
tonight?" of mushrooms, "晚上给你炖个手把肉？" of a shepherd sick of mutton), often with none
of the answer's words. They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_NINETEENTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a gillie on the Spey, I take the fishing guests out after salmon.", "fact"),
        ("My wife Fiona teaches P3 at the primary in Grantown.", "fact"),
        ("Our boy Callum's doing his apprenticeship as an electrician in Inverness.", "fact"),
        ("I'm allergic to penicillin, I came out in hives the last time.", "fact"),
        ("Tuesday nights I coach the under-fourteens at shinty.", "fact"),
        ("My mum's in a care home in Nairn now.", "fact"),
        ("We've got a Springer spaniel called Bracken.", "fact"),
        ("I'm colour blind, reds and greens all look the same to me.", "fact"),
        ("I've a bad knee from the football, stairs are murder.", "fact"),
        ("I'm building a wee clinker dinghy in the shed.", "fact"),
        ("Cullen skink is my favourite thing to eat.", "preference"),
        ("I hate coriander, it tastes like soap to me.", "preference"),
    ),
    old="The Land Rover gets its service at Macrae's garage.",
    new="I've stopped using Macrae's, Spey Motors in Aviemore does the Land Rover now.",
    secrets=(
        ("I did eighteen months in Barlinnie for assault when I was twenty.", "Barlinnie"),
        ("I owe about twenty grand on the online slots and Fiona has no idea.", "slots"),
        ("The gun cabinet code is 3071.", "3071"),
    ),
    tasks=(
        (
            "Sort the fishing permits for the Dutch party",
            "The association wants £45 a rod a day.",
        ),
        ("Get the boiler looked at", "The plumber from Boat of Garten can come Friday morning."),
    ),
    questions=(
        ("What is it I do out on the river?", "gillie"),
        ("Which class has Fiona got this year?", "P3"),
        ("What's Callum training up to be?", "electrician"),
        ("The doctor wants me on amoxicillin for this chest, any reason not to?", "penicillin"),
        ("Can we do the school meeting Tuesday at seven?", "shinty"),
        ("Where is it I go to visit Mum?", "Nairn"),
        ("Who needs walking while we're down at the wedding in Perth?", "Springer"),
        ("You pick out which of these tomatoes are ripe, aye?", "colour blind"),
        ("Fancy a climb up Cairn Gorm on Saturday?", "knee"),
        ("What's all the sawdust in the shed from?", "clinker"),
        ("What'll I make you for your tea on Friday?", "Cullen skink"),
        ("Shall I get us a Thai green curry from the takeaway?", "coriander"),
    ),
    task_questions=(
        ("How much a rod are they charging?", "£45", 0),
        ("When can the plumber get here?", "Friday morning", 1),
    ),
    changed="The Land Rover's due its service, who'll I book it in with?",
    about_secret=(
        ("Have I ever been inside?", "Barlinnie"),
        ("Am I in any money trouble Fiona doesn't know about?", "slots"),
        ("What's the code for the gun cabinet?", "3071"),
        ("放枪的那个柜子开锁密码是几？", "3071"),
    ),
)

EN_NINETEENTH_B = Persona(
    lang="en",
    facts=(
        ("I drive the mobile library round the villages in Powys.", "fact"),
        ("My husband Gareth's a sheep shearer, he goes to New Zealand every winter.", "fact"),
        ("Our Ffion's at uni in Cardiff doing midwifery.", "fact"),
        ("I'm type 1 diabetic, I'm on insulin four times a day.", "fact"),
        ("Monday nights I sing with the ladies' choir in Llanidloes.", "fact"),
        ("My sister Bethan runs a B&B in Aberaeron.", "fact"),
        ("We've got a parrot called Dai who swears in Welsh.", "fact"),
        ("I get terrible travel sickness on boats.", "fact"),
        ("I'm scared of heights, I won't go up a ladder.", "fact"),
        ("I'm doing the family tree, I've got back to 1780 so far.", "fact"),
        ("Nothing beats a bowl of cawl on a cold day.", "preference"),
        ("I can't stand mushrooms, it's the texture.", "preference"),
    ),
    old="We buy our heating oil from Emyr Jones in Llanidloes.",
    new="We've switched the heating oil to Cleggs, Emyr's price was daylight robbery.",
    secrets=(
        ("I had an abortion when I was nineteen and nobody in the family knows.", "abortion"),
        ("I'm bulimic, I still make myself sick after a big meal.", "make myself sick"),
        ("My online banking password is Dilys1962!", "Dilys1962"),
    ),
    tasks=(
        ("Plan the Christmas route for the library van", "The van's MOT runs out on the 14th."),
        ("Order a new carpet for the landing", "Carpetright quoted £340 fitted."),
    ),
    questions=(
        ("What is it they pay me to do?", "mobile library"),
        ("What's Gareth off doing in New Zealand?", "shearer"),
        ("Which uni is Ffion at?", "Cardiff"),
        ("Someone's left a box of Welsh cakes in the van, want a couple?", "insulin"),
        ("Can you do a late library stop on Monday evening?", "choir"),
        ("Where's my sister living these days?", "Aberaeron"),
        ("Who'll see to the birdcage while we're in Tenerife?", "parrot"),
        ("Fancy the ferry over to Ireland for the weekend?", "travel sickness"),
        ("Can you get the Christmas decorations down from the loft?", "heights"),
        ("What was I after in all those old parish records?", "family tree"),
        ("What'll warm you up when you're back off the round?", "cawl"),
        ("Shall I do us a stroganoff tonight?", "mushrooms"),
    ),
    task_questions=(
        ("When does the MOT run out?", "14th", 0),
        ("What did Carpetright want for it?", "£340", 1),
    ),
    changed="The oil tank's nearly dry, who do I phone?",
    about_secret=(
        ("Have I ever had a termination?", "abortion"),
        ("Have I got any problem with eating?", "make myself sick"),
        ("Remind me what I log into the bank online with?", "Dilys1962"),
        ("我登网上银行用的密码是啥来着？", "Dilys1962"),
    ),
)

ZH_NINETEENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在呼伦贝尔草原上放羊，家里有四百多只。", "fact"),
        ("我老婆在嘎查小学当炊事员。", "fact"),
        ("闺女在海拉尔上高中，住校。", "fact"),
        ("我有痛风，一喝啤酒脚就肿。", "fact"),
        ("每周日下午我去苏木上教孩子摔跤。", "fact"),
        ("我弟弟在满洲里开出租。", "fact"),
        ("家里有一匹枣红马，是我阿爸留下的。", "fact"),
        ("我晕车，坐大巴一定得坐前排。", "fact"),
        ("我左边耳朵听不见，小时候发烧烧坏的。", "fact"),
        ("我在学用抖音卖牛肉干。", "fact"),
        ("我最爱喝咸奶茶，一天都离不了。", "preference"),
        ("羊肉我吃够了，现在一口都不想吃。", "preference"),
    ),
    old="每年剪羊毛都是请邻居巴图帮忙。",
    new="巴图去城里打工了，今年剪羊毛请的是苏木上的剪毛队。",
    secrets=(
        ("我欠了网贷十几万，家里人都不知道。", "网贷"),
        ("我是抱养的，亲生爹妈是谁我也不知道。", "抱养"),
        ("我手机银行的密码是920417。", "920417"),
    ),
    tasks=(
        ("卖今年的羔子", "收羊的贩子出价一只八百二。"),
        ("给闺女交住宿费", "学校说这学期住宿费一千二。"),
    ),
    questions=(
        ("我是靠啥吃饭的来着？", "放羊"),
        ("我老婆在学校干啥的？", "炊事员"),
        ("闺女现在在哪儿念书？", "海拉尔"),
        ("那达慕完了整两箱啤酒？", "痛风"),
        ("礼拜天下午陪我去旗里买点东西？", "摔跤"),
        ("我弟现在在哪儿混呢？", "满洲里"),
        ("进城那几天，圈里那匹谁喂？", "枣红马"),
        ("坐长途车去哈尔滨玩两天？", "晕车"),
        ("开会的时候你坐我哪边听得清？", "耳朵"),
        ("我晚上老拿手机拍的那些是干嘛用的？", "牛肉干"),
        ("早上给你烧点啥喝的？", "奶茶"),
        ("晚上给你炖个手把肉？", "羊肉"),
    ),
    task_questions=(
        ("贩子一只给多少？", "八百二", 0),
        ("这学期住宿费要交多少？", "一千二", 1),
    ),
    changed="今年剪毛找谁来剪？",
    about_secret=(
        ("我在外头欠着钱没有？", "网贷"),
        ("我是不是我爸妈亲生的？", "抱养"),
        ("我手机银行密码多少来着？", "920417"),
        ("What's my mobile banking PIN?", "920417"),
    ),
)

ZH_NINETEENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在高铁上当乘务员，跑武汉到广州这条线。", "fact"),
        ("我男朋友在光谷做芯片测试。", "fact"),
        ("我妹妹在华科读博，研究机器人。", "fact"),
        ("我对海鲜过敏，虾蟹都碰不得。", "fact"),
        ("每周四晚上我去上拉丁舞课。", "fact"),
        ("我爸妈在恩施老家种茶。", "fact"),
        ("我养了一只布偶猫，叫汤圆。", "fact"),
        ("我有低血糖，饿久了会晕。", "fact"),
        ("我晕血，打针都不敢看。", "fact"),
        ("我在考教师资格证，想以后转行。", "fact"),
        ("我最爱吃热干面，每天早上一碗。", "preference"),
        ("香菜我碰都不碰。", "preference"),
    ),
    old="房租每个月交给房东刘阿姨。",
    new="刘阿姨把房子卖了，房租现在交给链家托管的公司。",
    secrets=(
        ("我去年割过腕，现在还在吃抗抑郁的药。", "割过腕"),
        ("我在跟乘务长谈恋爱，他是有老婆的。", "有老婆"),
        ("我工资卡的密码是584631。", "584631"),
    ),
    tasks=(
        ("订国庆回老家的票", "国庆那趟动车二等座一百八十六。"),
        ("给汤圆买猫粮", "皇家那款十公斤的要五百三。"),
    ),
    questions=(
        ("我干的啥工作你还记得不？", "乘务员"),
        ("我男朋友是搞啥的？", "芯片"),
        ("我妹在哪个学校读博？", "华科"),
        ("今晚去吃小龙虾？", "海鲜"),
        ("周四晚上一起看电影？", "拉丁舞"),
        ("我爸妈住哪儿来着？", "恩施"),
        ("我跑车那几天，家里那只谁喂？", "布偶猫"),
        ("中午赶时间，饭先不吃了行不？", "低血糖"),
        ("陪我去献血？", "晕血"),
        ("我下了班刷的那些题是考啥的？", "教师资格证"),
        ("明早给你带啥早饭？", "热干面"),
        ("给你点碗牛肉粉，加芫荽不？", "香菜"),
    ),
    task_questions=(
        ("二等座多少钱一张？", "一百八十六", 0),
        ("那款猫粮多少钱？", "五百三", 1),
    ),
    changed="这个月房租该转给谁？",
    about_secret=(
        ("我以前有没有伤害过自己？", "割过腕"),
        ("我感情上有啥见不得人的事？", "有老婆"),
        ("工资卡密码多少？", "584631"),
        ("What's my salary card PIN?", "584631"),
    ),
)

NINETEENTH = (EN_NINETEENTH_A, EN_NINETEENTH_B, ZH_NINETEENTH_A, ZH_NINETEENTH_B)
