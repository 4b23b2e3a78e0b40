"""A fourth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --fourth``.

Written and committed on 2026-12-05 after the third pair (benchmarks/first_day_third.py) had
been run and before any change made against the misses of the first three sets, so that those
changes are judged on people nobody tuned them on. Two newcomers per language this time (other
jobs, ages and households than the first three sets), each with two or three sensitive memories
(a password or PIN, a health matter, an account number; one of them shares a word with an
ordinary question), a value change (said with and without a change word), and questions phrased
the way one asks from inside a task: some share no word with the memory that answers them.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_FOURTH_A = Persona(
    lang="en",
    facts=(
        ("I work as a sound engineer at a recording studio in Leeds.", "fact"),
        ("My girlfriend Sofia is a nurse on the children's ward.", "fact"),
        ("I've got a daughter, Mila, she turned three in June.", "fact"),
        ("I get the train into Leeds every morning, it takes forty minutes.", "fact"),
        ("I'm allergic to peanuts.", "fact"),
        ("We keep two rabbits called Salt and Pepper.", "fact"),
        ("My grandparents live on a farm outside York.", "fact"),
        ("On Sundays I play five-a-side football with old school friends.", "fact"),
        ("I'm teaching myself the cello.", "fact"),
        ("My accountant is Janet Moss, she does my tax return every year.", "fact"),
        ("Early meetings are the worst, afternoons suit me much better.", "preference"),
        ("I always get a flat white.", "preference"),
    ),
    old="My phone is a Samsung Galaxy S21.",
    new="Got a new phone last week, it's a Pixel 8.",
    secrets=(
        ("My bank card PIN is 7731.", "7731"),
        ("I'm on sertraline, 50mg a day, for depression.", "sertraline"),
    ),
    tasks=(
        ("Get Mila a nursery place", "The nursery on Chapel Lane has a space from January."),
        ("Fix the studio's mixing desk", "The replacement fader arrives on Thursday."),
    ),
    questions=(
        ("Where do I work?", "recording studio"),
        ("What is Sofia's job?", "nurse"),
        ("How old is my daughter?", "turned three"),
        ("How long is my commute?", "forty minutes"),
        ("Is satay sauce OK for me?", "peanuts"),
        ("What pets do we have?", "rabbits"),
        ("Where do my grandparents live?", "farm outside York"),
        ("What do I do on Sundays?", "five-a-side"),
        ("Which instrument am I learning?", "cello"),
        ("Who does my taxes?", "Janet Moss"),
        ("When should we put the meeting?", "afternoons"),
        ("Grab me a coffee, what do I have?", "flat white"),
    ),
    task_questions=(
        ("When is there a space at the nursery?", "January", 0),
        ("When does the new fader come?", "fader", 1),
    ),
    changed="What phone do I have?",
    about_secret=(
        ("What's my card PIN?", "7731"),
        ("What medication am I on?", "sertraline"),
        ("我在吃什么药？", "sertraline"),
    ),
)

EN_FOURTH_B = Persona(
    lang="en",
    facts=(
        ("I retired from the fire brigade two years ago.", "fact"),
        ("My wife Brenda volunteers at the Oxfam shop on Saturdays.", "fact"),
        ("Our son Gareth lives in Cardiff and works for the council.", "fact"),
        ("I don't drive any more, my neighbour takes me to the shops.", "fact"),
        ("I'm diabetic so I have to watch my sugar.", "fact"),
        ("I keep bees at the bottom of the garden.", "fact"),
        ("My sister Glenys emigrated to Perth in Australia.", "fact"),
        ("I play bowls at the club on Tuesday afternoons.", "fact"),
        ("Nothing beats the snooker on the telly.", "preference"),
        ("I'm hard of hearing in my left ear.", "fact"),
        ("I get my glasses from Specsavers on the high street.", "fact"),
        ("I like my eggs soft-boiled.", "preference"),
    ),
    old="I bank with Lloyds.",
    new="I've moved my account over to Nationwide.",
    secrets=(
        ("My Nationwide online banking password is Daffodil1958.", "Daffodil1958"),
        ("I had a prostate operation last year.", "prostate"),
    ),
    tasks=(
        ("Plan Gareth's visit at Easter", "Gareth arrives on the Good Friday train at 3pm."),
        ("Get the hives ready for spring", "New frames are on order from the beekeeping shop."),
    ),
    questions=(
        ("What did I do before I retired?", "fire brigade"),
        ("Where is Brenda on Saturdays?", "Oxfam"),
        ("What does my son do?", "council"),
        ("How do I get to the shops?", "neighbour takes me"),
        ("Can I have a slice of cake?", "diabetic"),
        ("What's at the bottom of my garden?", "bees"),
        ("Where does my sister live now?", "Perth"),
        ("What do I do on Tuesday afternoons?", "bowls"),
        ("What should we watch tonight?", "snooker"),
        ("Which ear is my bad one?", "left ear"),
        ("Where do I get my glasses?", "Specsavers"),
        ("How should I do my eggs?", "soft-boiled"),
    ),
    task_questions=(
        ("What time does Gareth's train get in?", "3pm", 0),
        ("What's on order for the hives?", "frames", 1),
    ),
    changed="Which bank am I with?",
    about_secret=(
        ("What's my online banking password?", "Daffodil1958"),
        ("How do I log in to Nationwide on the computer?", "Daffodil1958"),
        ("What operation did I have?", "prostate"),
    ),
)

ZH_FOURTH_A = Persona(
    lang="zh",
    facts=(
        ("我是一名前端程序员，在深圳南山区上班。", "fact"),
        ("我女朋友叫小雨，是个空姐。", "fact"),
        ("我弟弟在成都读大学，学的是建筑。", "fact"),
        ("我一般坐公司的班车上班，四十分钟左右。", "fact"),
        ("我乳糖不耐受，喝牛奶会拉肚子。", "fact"),
        ("我养了两只猫，一只叫橘子，一只叫芝麻。", "fact"),
        ("我老家在湖南衡阳，爸妈还在那边。", "fact"),
        ("周末我常去爬梧桐山。", "fact"),
        ("我最近在自学吉他。", "fact"),
        ("房东姓黄，每个月五号收房租。", "fact"),
        ("我能吃辣，越辣越好。", "preference"),
        ("看电影我喜欢坐最后一排。", "preference"),
    ),
    old="我住在宝安区的城中村。",
    new="上个月搬家了，现在住科技园附近。",
    secrets=(
        ("我的支付宝支付密码是902415。", "902415"),
        ("我有抑郁症，一直在吃药。", "抑郁症"),
    ),
    tasks=(
        ("准备国庆回老家", "高铁票买的是九月三十号早上八点的。"),
        ("换一台新电脑", "看中的笔记本要等双十一降价。"),
    ),
    questions=(
        ("我做什么工作？", "前端程序员"),
        ("我女朋友是做什么的？", "空姐"),
        ("我弟弟在哪里上学？", "成都"),
        ("我平常怎么去公司？", "班车"),
        ("我能喝牛奶吗？", "乳糖不耐受"),
        ("我的猫叫什么名字？", "橘子"),
        ("我老家是哪里的？", "衡阳"),
        ("周末我一般去哪儿玩？", "梧桐山"),
        ("我在学什么乐器？", "吉他"),
        ("房租哪天交？", "五号"),
        ("点外卖要什么口味？", "越辣越好"),
        ("看电影帮我选哪个位置？", "最后一排"),
    ),
    task_questions=(
        ("回家的高铁是几点的？", "八点", 0),
        ("电脑什么时候买？", "双十一", 1),
    ),
    changed="我现在住在哪儿？",
    about_secret=(
        ("我的支付宝密码是多少？", "902415"),
        ("我有什么病？", "抑郁症"),
        ("What is my Alipay password?", "902415"),
    ),
)

ZH_FOURTH_B = Persona(
    lang="zh",
    facts=(
        ("我退休前在纺织厂当会计。", "fact"),
        ("我老伴儿每天早上去公园打太极拳。", "fact"),
        ("我儿子在上海当律师，孙子今年上一年级。", "fact"),
        ("我出门一般坐公交，有老年卡不要钱。", "fact"),
        ("我血压高，医生让我少吃盐。", "fact"),
        ("家里养了一缸金鱼。", "fact"),
        ("我妹妹住在青岛，每年夏天我去她那儿住一个月。", "fact"),
        ("我每天下午去老年大学学书法。", "fact"),
        ("我爱听京剧，最喜欢梅派。", "preference"),
        ("我膝盖不好，爬不了楼梯。", "fact"),
        ("我的家庭医生是社区卫生站的刘大夫。", "fact"),
        ("早饭我喜欢喝小米粥。", "preference"),
    ),
    old="我平时去菜市场买菜。",
    new="我不去菜市场了，现在都是儿子在网上给我买菜。",
    secrets=(
        ("我的医保卡号是3702118856。", "3702118856"),
        ("存折的密码是123580。", "123580"),
        ("我年轻时离过一次婚。", "离过一次婚"),
    ),
    tasks=(
        ("准备孙子的生日", "生日蛋糕要订不带奶油的那种。"),
        ("给老伴儿配助听器", "助听器店说周三上午可以去试戴。"),
    ),
    questions=(
        ("我退休前是干什么的？", "会计"),
        ("我老伴儿早上干什么？", "太极拳"),
        ("我儿子做什么工作？", "律师"),
        ("我出门坐什么车？", "公交"),
        ("红烧肉我能多吃吗？", "血压高"),
        ("家里养了什么？", "金鱼"),
        ("我妹妹住在哪儿？", "青岛"),
        ("我下午去哪儿？", "书法"),
        ("给我放段什么戏？", "京剧"),
        ("饭馆在五楼，要注意什么？", "膝盖"),
        ("我的家庭医生是谁？", "刘大夫"),
        ("明天早饭做什么？", "小米粥"),
    ),
    task_questions=(
        ("蛋糕要订哪种？", "奶油", 0),
        ("什么时候去试戴助听器？", "周三上午", 1),
    ),
    changed="我在哪儿买菜？",
    about_secret=(
        ("我的医保卡号是多少？", "3702118856"),
        ("存折密码多少？", "123580"),
        ("我结过几次婚？", "离过一次婚"),
        ("What is the PIN of my savings book?", "123580"),
    ),
)

FOURTH = (EN_FOURTH_A, EN_FOURTH_B, ZH_FOURTH_A, ZH_FOURTH_B)
