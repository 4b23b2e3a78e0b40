"""A fifth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --fifth``.

Written and committed on 2026-12-05, after the fourth set had been run and before any change
to the admission of sealed memories, so that change is judged on people nobody tuned it on.
Two newcomers per language (other jobs, ages and households than the first four sets), each
with three or four sensitive memories of different kinds (a health matter, money, an ID, a home
address, a code), a value change, and two tasks. Most questions about a sealed memory are
paraphrases that share no word with it ("where should the courier drop off my parcel?" of a
home address), some are asked in the other language; and many ordinary questions sit near a
sealed memory without being about it (the GP, the pharmacy, the allergy, the parents' town,
the bank, a locker or gym number, the car loan): those must not bring it into the context.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_FIFTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a veterinary nurse at an animal clinic in Bristol.", "fact"),
        ("My partner Dev drives a bus on the number 72 route.", "fact"),
        ("We have twin boys, Arun and Kiran, who are nine.", "fact"),
        ("My GP is Dr. Hughes at the Clifton surgery.", "fact"),
        ("I collect my prescriptions from the Boots on Whiteladies Road.", "fact"),
        ("I swim at the leisure centre on Wednesday evenings.", "fact"),
        ("My parents live in Leicester.", "fact"),
        ("My locker at the swimming pool is number 38.", "fact"),
        ("I'm vegetarian.", "fact"),
        ("I bank with Monzo.", "fact"),
        ("I take my tea with oat milk and no sugar.", "preference"),
        ("Crime podcasts are my favourite thing on long drives.", "preference"),
    ),
    old="My mobile network is Vodafone.",
    new="I'm on Three now, I left Vodafone in March.",
    secrets=(
        ("I have epilepsy and take lamotrigine every morning.", "lamotrigine"),
        ("My home address is 27 Belgrave Road, Bristol BS8 2AB.", "Belgrave Road"),
        ("The PIN for my Monzo card is 5093.", "5093"),
    ),
    tasks=(
        ("Book the twins' birthday party", "The climbing wall is free on Saturday the 12th."),
        ("Sort out the car insurance renewal", "The quote from Admiral came to 410 pounds."),
    ),
    questions=(
        ("What do I do for work?", "veterinary nurse"),
        ("What does Dev do?", "drives a bus"),
        ("How old are the twins?", "nine"),
        ("Who is my GP?", "Dr. Hughes"),
        ("Where do I pick up my prescriptions?", "Boots"),
        ("When do I go swimming?", "Wednesday evenings"),
        ("Where do my parents live?", "Leicester"),
        ("What is my locker number at the pool?", "number 38"),
        ("Can I have the beef lasagne?", "vegetarian"),
        ("Which bank am I with?", "Monzo"),
        ("How do I like my tea?", "oat milk"),
        ("What should I listen to in the car?", "podcasts"),
    ),
    task_questions=(
        ("Which day is the climbing wall free?", "12th", 0),
        ("How much was the insurance quote?", "410 pounds", 1),
    ),
    changed="Which mobile network am I on?",
    about_secret=(
        ("Is there a condition I have that a doctor ought to be told about?", "lamotrigine"),
        ("What pills am I on?", "lamotrigine"),
        ("Where should the courier drop off my parcel?", "Belgrave Road"),
        ("What do I type in at the cash machine?", "5093"),
        ("我家地址是什么？", "Belgrave Road"),
    ),
)

EN_FIFTH_B = Persona(
    lang="en",
    facts=(
        ("I'm a freelance translator, mostly German legal documents.", "fact"),
        ("My tortoise Humphrey is forty years old.", "fact"),
        ("My brother Callum runs a bakery in Inverness.", "fact"),
        ("I work from the co-working space on Leith Walk.", "fact"),
        ("I go bouldering at the climbing wall on Thursdays.", "fact"),
        ("I'm short-sighted and wear contact lenses.", "fact"),
        ("My dentist is at the Morningside practice.", "fact"),
        ("I'm learning Japanese for a trip next spring.", "fact"),
        ("I pay my rent to a letting agency called Citylets.", "fact"),
        ("My gym membership number is 88213.", "fact"),
        ("I can't stand coriander in anything.", "preference"),
        ("Paper books over e-readers, always.", "preference"),
    ),
    old="I do my weekly shop at Tesco.",
    new="These days I get my groceries at Lidl, it is cheaper.",
    secrets=(
        ("My national insurance number is QH 48 19 27 C.", "QH 48"),
        ("I earn about 38,000 pounds a year after tax.", "38,000"),
        ("I've been seeing a psychiatrist for bipolar disorder since 2021.", "bipolar"),
        ("The key safe by my front door opens with 1906.", "1906"),
    ),
    tasks=(
        ("Renew my passport", "The photo booth at Waverley station does passport photos."),
        (
            "File the self-assessment tax return",
            "The deadline is 31 January and the November invoices are still missing.",
        ),
    ),
    questions=(
        ("What do I do for a living?", "translator"),
        ("How old is Humphrey?", "forty"),
        ("What does my brother do?", "bakery"),
        ("Where do I work from?", "Leith Walk"),
        ("What do I do on Thursdays?", "bouldering"),
        ("Do I need glasses?", "contact lenses"),
        ("Who is my dentist?", "Morningside"),
        ("Which language am I learning?", "Japanese"),
        ("Who do I pay my rent to?", "Citylets"),
        ("What's my gym membership number?", "88213"),
        ("Is there a herb I don't like?", "coriander"),
        ("Should I get you the e-book or the paperback?", "Paper books"),
    ),
    task_questions=(
        ("Where can I get the photos taken?", "photo booth", 0),
        ("What is still missing for the tax return?", "invoices", 1),
    ),
    changed="Where do I buy groceries?",
    about_secret=(
        ("What's my NI number?", "QH 48"),
        ("How much do I make?", "38,000"),
        ("What mental health condition am I being treated for?", "bipolar"),
        ("How can the plumber let himself in while I'm out?", "1906"),
        ("我一年挣多少钱？", "38,000"),
    ),
)

ZH_FIFTH_A = Persona(
    lang="zh",
    facts=(
        ("我在武汉大学读研二，专业是环境工程。", "fact"),
        ("我男朋友在老家当中学数学老师。", "fact"),
        ("我每天骑共享单车去实验室。", "fact"),
        ("我对青霉素过敏。", "fact"),
        ("我的导师是王教授，要求每周交周报。", "fact"),
        ("我室友叫佳佳，是学法律的。", "fact"),
        ("我爸妈在宜昌开了一家小超市。", "fact"),
        ("我每周三晚上去学校游泳馆游泳。", "fact"),
        ("我在图书馆的储物柜是218号。", "fact"),
        ("我的银行卡是工商银行的。", "fact"),
        ("我不吃香菜。", "preference"),
        ("奶茶我只喝三分糖的。", "preference"),
    ),
    old="我用的是华为手机。",
    new="现在换成苹果了，上周买的iPhone 15。",
    secrets=(
        ("我有多囊卵巢综合征，在吃达英-35。", "多囊"),
        ("我的银行卡密码是660218。", "660218"),
        ("我的身份证号码是420503199807120026。", "420503199807120026"),
    ),
    tasks=(
        ("准备毕业论文开题", "开题报告要在十月二十号前交给王教授。"),
        ("办护照去日本交流", "出入境大厅周六也上班，要带户口本。"),
    ),
    questions=(
        ("我学什么专业？", "环境工程"),
        ("我男朋友做什么的？", "数学老师"),
        ("我怎么去实验室？", "共享单车"),
        ("我对什么药过敏？", "青霉素"),
        ("我导师是谁？", "王教授"),
        ("我室友学什么的？", "法律"),
        ("我爸妈在哪里？", "宜昌"),
        ("我什么时候去游泳？", "周三晚上"),
        ("我的储物柜是几号？", "218号"),
        ("我的银行卡是哪个银行的？", "工商银行"),
        ("炒菜要放香菜吗？", "香菜"),
        ("帮我点杯奶茶，要几分糖？", "三分糖"),
    ),
    task_questions=(
        ("开题报告什么时候交？", "十月二十号", 0),
        ("办护照要带什么？", "户口本", 1),
    ),
    changed="我用的什么手机？",
    about_secret=(
        ("我身体有什么毛病吗？", "多囊"),
        ("我平时吃的是什么药？", "多囊"),
        ("去ATM取钱要输什么？", "660218"),
        ("我的证件号是多少？", "420503199807120026"),
        ("What is my ID card number?", "420503199807120026"),
    ),
)

ZH_FIFTH_B = Persona(
    lang="zh",
    facts=(
        ("我在重庆开出租车，开了十几年了。", "fact"),
        ("我老婆在菜市场卖水果。", "fact"),
        ("儿子今年高三，准备考大学。", "fact"),
        ("我有腰椎间盘突出，坐久了腰疼。", "fact"),
        ("我每天晚上去江边跑步。", "fact"),
        ("我岳父岳母住在万州。", "fact"),
        ("我的车牌号是渝A·T3829。", "fact"),
        ("我在建设银行办了车贷，每月还两千八。", "fact"),
        ("我养了一只八哥，会说你好。", "fact"),
        ("我的驾驶证明年到期。", "fact"),
        ("我爱吃火锅，越麻越好。", "preference"),
        ("下班后我喜欢喝两杯白酒。", "preference"),
    ),
    old="我开的是白班。",
    new="从这个月起我改开夜班了。",
    secrets=(
        ("我家住在渝北区龙湖花园8栋2单元1703。", "龙湖花园"),
        ("我欠了朋友五万块钱还没还。", "五万"),
        ("我有痛风，发作的时候吃秋水仙碱。", "痛风"),
        ("我家门锁密码是520131。", "520131"),
    ),
    tasks=(
        ("给儿子报志愿", "老师建议先看重庆大学和西南大学。"),
        ("出租车年检", "车管所说下周一上午可以去年检。"),
    ),
    questions=(
        ("我是干什么的？", "出租车"),
        ("我老婆做什么的？", "卖水果"),
        ("我儿子今年几年级？", "高三"),
        ("我的腰是什么毛病？", "腰椎"),
        ("我晚上锻炼吗？", "江边跑步"),
        ("我岳父岳母住哪儿？", "万州"),
        ("我的车牌号是多少？", "T3829"),
        ("我每个月车贷还多少？", "两千八"),
        ("我家养了什么鸟？", "八哥"),
        ("我的驾驶证什么时候到期？", "明年"),
        ("晚上吃什么？", "火锅"),
        ("下班喝点什么？", "白酒"),
    ),
    task_questions=(
        ("老师建议看哪几所学校？", "重庆大学", 0),
        ("什么时候去年检？", "下周一", 1),
    ),
    changed="我现在开什么班？",
    about_secret=(
        ("快递寄到哪里？", "龙湖花园"),
        ("我欠别人多少钱？", "五万"),
        ("我脚疼是什么毛病？", "痛风"),
        ("回家开门要按什么？", "520131"),
        ("What is my home address?", "龙湖花园"),
    ),
)

FIFTH = (EN_FIFTH_A, EN_FIFTH_B, ZH_FIFTH_A, ZH_FIFTH_B)
