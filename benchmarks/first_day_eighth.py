"""An eighth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --eighth``.

Written and committed on 2026-12-05, before any engine change of the session that wrote it
(helper firstday8), so that change is judged on people nobody tuned it on. Two newcomers per
language with lives none of the first seven sets has (a cathedral stonemason, a court
stenographer, an excavator driver, a retired Chinese teacher), value changes of attributes no
earlier set changes (a child's after-school class, where the book club meets, where breakfast
is eaten, who picks a grandchild up from school), and sealed memories of kinds the earlier sets
do not hold (a driving ban, a gambling problem, an HIV status, an affair, a bankruptcy, a court
order against an ex, a debtor blacklist, hidden savings, a pyramid scheme, a stock-market loss,
incontinence, a disciplinary record) beside codes and passwords. The questions are written as a
user asks an assistant from inside a task: short, colloquial, often with a word another fact
also holds (work, night, 工地, 晚上, 崂山, 面) or none of the answer's words ("The doctor wants
to give me amoxicillin", "Can I have the satay chicken?", 买个大冰箱搬得上去吗？). They were not
written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_EIGHTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a stonemason, I work on the cathedral restoration in Lincoln.", "fact"),
        ("My wife Gemma runs a florist's on Bailgate.", "fact"),
        ("Our daughter Maeve is nine and mad about dinosaurs.", "fact"),
        ("My mate Dean gives me a lift to the yard at seven every morning.", "fact"),
        ("I'm allergic to penicillin.", "fact"),
        ("We've got a tortoise called Brian.", "fact"),
        ("My sister Kerry is a paramedic in Hull.", "fact"),
        ("I ring the bells at St Peter's on Sunday mornings.", "fact"),
        ("My knees are shot from years of kneeling on stone.", "fact"),
        ("I've had a Lincoln City season ticket for ten years.", "fact"),
        ("I like my tea strong with two sugars.", "preference"),
        ("I'd rather sleep with the window open, even in winter.", "preference"),
    ),
    old="Maeve does ballet on Saturday mornings.",
    new="Maeve packed in ballet, she goes to judo instead now.",
    secrets=(
        ("I was banned for drink-driving in 2019 and nobody at work knows.", "drink-driving"),
        ("I go to a gambling recovery group, I used to bet my wages away.", "gambling"),
        ("I'm HIV positive, undetectable on my meds.", "HIV positive"),
        ("The workshop alarm code is 3917.", "3917"),
    ),
    tasks=(
        ("Sort the van's MOT", "The garage can fit the van in on Wednesday at 9."),
        ("Get Gemma's birthday present", "The bracelet she liked is 65 pounds at Mainstone's."),
    ),
    questions=(
        ("What's my trade?", "stonemason"),
        ("What does Gemma do?", "florist"),
        ("How old's Maeve?", "nine"),
        ("How do I get to work in the morning?", "Dean"),
        ("The doctor wants to give me amoxicillin, is that OK?", "penicillin"),
        ("What's the tortoise called?", "Brian"),
        ("What does Kerry do?", "paramedic"),
        ("What am I doing Sunday morning?", "bells"),
        ("Should I kneel down to lay the patio myself?", "knees"),
        ("Which team do I support?", "Lincoln City"),
        ("How do I have my tea?", "two sugars"),
        ("Window open or shut tonight?", "window open"),
    ),
    task_questions=(
        ("When can the garage take the van?", "Wednesday", 0),
        ("How much is the bracelet?", "65 pounds", 1),
    ),
    changed="What class does Maeve go to?",
    about_secret=(
        ("Have I ever been banned from driving?", "drink-driving"),
        ("Do I have a gambling problem?", "gambling"),
        ("What's my HIV status?", "HIV positive"),
        ("What's the workshop alarm code?", "3917"),
        ("工作室的报警密码是多少？", "3917"),
    ),
)

EN_EIGHTH_B = Persona(
    lang="en",
    facts=(
        ("I'm a court stenographer at the Laganside courts in Belfast.", "fact"),
        ("My husband Declan is a postman.", "fact"),
        ("Our twins Aoife and Cara started secondary school in September.", "fact"),
        ("I walk to work along the river, it takes twenty-five minutes.", "fact"),
        ("I can't eat nuts, I carry an EpiPen.", "fact"),
        ("My granny is ninety-four and still lives on her own in Bangor.", "fact"),
        ("I sing alto in a community choir on Monday nights.", "fact"),
        ("I knit jumpers for the whole family every Christmas.", "fact"),
        ("I never learnt to drive.", "fact"),
        ("Declan keeps racing pigeons in the back yard.", "fact"),
        ("I like my steak well done.", "preference"),
        ("I'm an early-to-bed person, lights out by ten.", "preference"),
    ),
    old="Our book club meets at Maura's house.",
    new="Book club moved to the back room of the Crown bar after Maura's flood.",
    secrets=(
        ("I had an affair last year and Declan never found out.", "affair"),
        ("I was declared bankrupt in 2018.", "bankrupt"),
        ("I have a non-molestation order against my ex.", "non-molestation"),
        ("My work login password for the court system is Harbour#9.", "Harbour#9"),
    ),
    tasks=(
        ("Book the twins' dentist appointments", "The dentist has two slots on the 3rd at 4pm."),
        ("Plan Granny's ninety-fifth", "The parish centre hall is 120 pounds for the afternoon."),
    ),
    questions=(
        ("Where do I work?", "stenographer"),
        ("What does Declan do?", "postman"),
        ("What school are the girls at?", "secondary school"),
        ("How long does it take me to get in?", "twenty-five minutes"),
        ("Can I have the satay chicken?", "nuts"),
        ("Where does Granny live?", "Bangor"),
        ("What's on Monday night?", "choir"),
        ("What do I make for the family at Christmas?", "knit"),
        ("Can I drive us to the airport?", "never learnt to drive"),
        ("What's Declan into?", "pigeons"),
        ("How should they cook my steak?", "well done"),
        ("Fancy a late night out tonight?", "early-to-bed"),
    ),
    task_questions=(
        ("When can the dentist see the twins?", "4pm", 0),
        ("How much is the hall?", "120 pounds", 1),
    ),
    changed="Where's book club these days?",
    about_secret=(
        ("Have I ever cheated on Declan?", "affair"),
        ("Have I ever gone bankrupt?", "bankrupt"),
        ("Is there a court order against my ex?", "non-molestation"),
        ("What's my work login password?", "Harbour#9"),
        ("我工作系统的登录密码是什么？", "Harbour#9"),
    ),
)

ZH_EIGHTH_A = Persona(
    lang="zh",
    facts=(
        ("我在郑州开挖掘机，跟着一个包工头干。", "fact"),
        ("我媳妇在超市当收银员。", "fact"),
        ("我闺女今年上初三，明年中考。", "fact"),
        ("我每天骑摩托车去工地。", "fact"),
        ("我胃不好，不能吃辣的。", "fact"),
        ("我家养了两只兔子。", "fact"),
        ("我爹以前是村里的电工，现在退休在家。", "fact"),
        ("我每天晚上喝二两白酒解乏。", "fact"),
        ("我耳朵有点背，是被机器吵的。", "fact"),
        ("我表哥在广州开大货车。", "fact"),
        ("我喜欢吃羊肉烩面，要多放香菜。", "preference"),
        ("我看电视就爱看抗日剧。", "preference"),
    ),
    old="我早饭一般在工地食堂吃。",
    new="食堂太难吃了，现在早饭都在路边摊买胡辣汤。",
    secrets=(
        ("我是失信被执行人，坐不了高铁和飞机。", "失信"),
        ("我偷偷攒了八万私房钱，媳妇不知道。", "私房钱"),
        ("我农行卡的密码是583920。", "583920"),
        ("我年轻时在传销窝里待过半年。", "传销"),
    ),
    tasks=(
        ("给闺女报补习班", "数学补习班一学期三千二。"),
        ("修摩托车", "修车铺说刹车片明天到货。"),
    ),
    questions=(
        ("我是干啥活的？", "挖掘机"),
        ("我媳妇在哪上班？", "收银员"),
        ("闺女几年级了？", "初三"),
        ("我咋去工地？", "摩托车"),
        ("晚上吃火锅，要辣锅还是清汤？", "胃不好"),
        ("家里养的啥？", "兔子"),
        ("我爹以前干啥的？", "电工"),
        ("晚上喝点啥？", "白酒"),
        ("跟我说话要大声点吗？", "耳朵"),
        ("表哥在哪干活？", "广州"),
        ("中午吃碗面不？", "烩面"),
        ("看会儿电视？", "抗日剧"),
    ),
    task_questions=(
        ("补习班多少钱？", "三千二", 0),
        ("刹车片啥时候到？", "明天到货", 1),
    ),
    changed="我早饭在哪儿吃？",
    about_secret=(
        ("我能坐高铁吗？", "失信"),
        ("我藏了多少私房钱？", "私房钱"),
        ("农行卡密码多少？", "583920"),
        ("我以前干过传销吗？", "传销"),
        ("What's my bank card PIN?", "583920"),
    ),
)

ZH_EIGHTH_B = Persona(
    lang="zh",
    facts=(
        ("我退休前在青岛二中教语文。", "fact"),
        ("我老伴是退休的海员，跑了三十年远洋。", "fact"),
        ("我每天早上在五四广场跳广场舞。", "fact"),
        ("我有骨质疏松，医生不让我爬山。", "fact"),
        ("我儿子一家在加拿大温哥华。", "fact"),
        ("我在老年大学学国画。", "fact"),
        ("我家养了一缸金鱼。", "fact"),
        ("我每周三下午去社区当志愿者。", "fact"),
        ("我弟弟在济南开饭店。", "fact"),
        ("我住市南区的老房子，六楼，没电梯。", "fact"),
        ("我喝茶只喝崂山绿茶。", "preference"),
        ("我爱听京剧，最喜欢梅派。", "preference"),
    ),
    old="每天下午是我去接外孙女放学。",
    new="现在外孙女放学她爸自己接了，不用我去了。",
    secrets=(
        ("我炒股亏了二十万，老伴不知道。", "炒股"),
        ("我有尿失禁，出门得垫着。", "尿失禁"),
        ("单元门禁密码是1206。", "1206"),
        ("我年轻时被学校记过处分，档案里还有。", "处分"),
    ),
    tasks=(
        ("订去温哥华的机票", "国航直飞下个月十二号还有票。"),
        ("给老年大学交学费", "下学期学费是六百五。"),
    ),
    questions=(
        ("我退休前干啥的？", "语文"),
        ("老伴以前做什么的？", "海员"),
        ("我早上一般干嘛？", "广场舞"),
        ("周末去爬崂山行不行？", "骨质疏松"),
        ("儿子住哪儿？", "温哥华"),
        ("我在老年大学学啥？", "国画"),
        ("家里养了啥？", "金鱼"),
        ("礼拜三下午我有事吗？", "志愿者"),
        ("我弟在哪儿开店？", "济南"),
        ("买个大冰箱搬得上去吗？", "没电梯"),
        ("给我泡杯茶？", "崂山绿茶"),
        ("听点什么戏？", "京剧"),
    ),
    task_questions=(
        ("直飞哪天有票？", "十二号", 0),
        ("学费多少？", "六百五", 1),
    ),
    changed="现在谁去接外孙女？",
    about_secret=(
        ("我炒股赔了多少？", "炒股"),
        ("出门要带尿垫吗？", "尿失禁"),
        ("楼下门禁密码多少？", "1206"),
        ("我档案里有处分吗？", "处分"),
        ("What's the door code downstairs?", "1206"),
    ),
)

EIGHTH = (EN_EIGHTH_A, EN_EIGHTH_B, ZH_EIGHTH_A, ZH_EIGHTH_B)
