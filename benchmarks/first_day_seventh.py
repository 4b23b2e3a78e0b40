"""A seventh set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --seventh``.

Written and committed on 2026-12-05, before any engine change of the session that wrote it
(helper firstday7), so that change is judged on people nobody tuned it on. Two newcomers per
language with lives none of the first six sets has (a tattoo artist, a field archaeologist, a
food-delivery rider, a guesthouse owner), value changes of attributes no earlier set changes (a
language being learnt, a child's nursery, the money sent home, who cleans the rooms), and
sealed memories of kinds the earlier sets mostly do not hold (a past marriage, a methadone
programme, a donor conception, an eating disorder, a sexual orientation, a missing fire
certificate, a child given up) beside codes and numbers. The questions are written as a user
asks an assistant from inside a task: short, colloquial, and often with a word that another
fact also holds (work, 学, 上班, 民宿, 上海, 搬) or none of the answer's words ("Can I have the
cheese toastie?" of being vegan, "晚上来点烧烤配啤酒？" of gout). They were not written from
any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_SEVENTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a tattoo artist, I rent a chair at Inkwell studio in Glasgow.", "fact"),
        ("My partner Rosie works on the front desk at a dental practice.", "fact"),
        ("My brother Callum works on the CalMac ferry to Arran.", "fact"),
        ("I take the subway in from Partick most days.", "fact"),
        ("I've been vegan since last year.", "fact"),
        ("We keep two ferrets called Salt and Vinegar.", "fact"),
        ("My mum moved into a care home in Paisley in the summer.", "fact"),
        ("I play five-a-side football on Tuesday nights.", "fact"),
        ("My GP is Dr Mahmood at the Partick health centre.", "fact"),
        ("I'm saving up for a trip to Japan next spring.", "fact"),
        ("I take my coffee black, no sugar.", "preference"),
        ("I like heavy metal on while I work.", "preference"),
    ),
    old="I'm learning Spanish on Duolingo.",
    new="I gave up the Spanish, I'm doing Japanese lessons now instead.",
    secrets=(
        ("I was married before and Rosie doesn't know about the divorce.", "divorce"),
        ("The studio safe code is 5582.", "5582"),
        ("I was on a methadone programme for two years.", "methadone"),
        ("My online banking password is Thistle!77.", "Thistle!77"),
    ),
    tasks=(
        ("Book the Japan flights", "Flights via Helsinki are 780 pounds return."),
        (
            "Design a sleeve for a client",
            "The client wants koi and peonies, first session on the 14th.",
        ),
    ),
    questions=(
        ("Where do I work again?", "Inkwell"),
        ("What does Rosie do?", "front desk"),
        ("What's Callum's job?", "ferry"),
        ("How do I get in to work?", "subway"),
        ("Can I have the cheese toastie?", "vegan"),
        ("What are the ferrets called?", "Salt and Vinegar"),
        ("Where's my mum living now?", "care home"),
        ("What am I up to on Tuesday night?", "five-a-side"),
        ("Who's my doctor?", "Dr Mahmood"),
        ("What am I saving for?", "saving up"),
        ("How do I take my coffee?", "black"),
        ("Stick some music on while I work?", "heavy metal"),
    ),
    task_questions=(
        ("How much are the flights?", "780", 0),
        ("What does the client want on the sleeve?", "koi", 1),
    ),
    changed="What language am I learning?",
    about_secret=(
        ("Have I been married before?", "divorce"),
        ("What's the code for the safe?", "5582"),
        ("Did I ever have a drug problem?", "methadone"),
        ("What's my online banking password?", "Thistle!77"),
        ("我网银密码是什么？", "Thistle!77"),
    ),
)

EN_SEVENTH_B = Persona(
    lang="en",
    facts=(
        ("I'm a field archaeologist, digging at a Roman site outside York.", "fact"),
        ("My wife Priya is an anaesthetist at York hospital.", "fact"),
        ("Our son Noah is three.", "fact"),
        ("I get the park and ride bus into town.", "fact"),
        ("I don't drink alcohol at all.", "fact"),
        ("My dad was a miner in Barnsley until the pit closed.", "fact"),
        ("I do a pottery class on Thursday evenings.", "fact"),
        ("We have an allotment by the river where we grow beans and courgettes.", "fact"),
        ("My best friend Hannah lives in Lisbon.", "fact"),
        ("I drive a green Nissan Leaf.", "fact"),
        ("I hate phone calls, text me instead.", "preference"),
        ("I'd rather read a paper book than a screen.", "preference"),
    ),
    old="Noah goes to the Busy Bees nursery.",
    new="We moved Noah to Little Acorns in January, Busy Bees was too far.",
    secrets=(
        ("We had Noah through IVF with a sperm donor.", "sperm donor"),
        ("I'm in treatment for an eating disorder.", "eating disorder"),
        ("The key safe by the back door is 2846.", "2846"),
        ("I have a 9,000 pound payday loan Priya doesn't know about.", "payday"),
    ),
    tasks=(
        (
            "Write up the dig report",
            "The finds list is due to Historic England on Friday.",
        ),
        ("Plan Priya's fortieth", "The restaurant holds the table until 8pm on Saturday."),
    ),
    questions=(
        ("What do I do for work?", "archaeologist"),
        ("What does Priya do?", "anaesthetist"),
        ("How old is Noah?", "three"),
        ("How do I get into town?", "park and ride"),
        ("Shall I order us a bottle of wine?", "alcohol"),
        ("What did my dad do?", "miner"),
        ("What's on Thursday evening?", "pottery"),
        ("What are we growing?", "allotment"),
        ("Where does Hannah live?", "Lisbon"),
        ("What car have I got?", "Nissan Leaf"),
        ("Can the plumber ring me about it?", "phone calls"),
        ("Kindle or a proper book for the holiday?", "paper book"),
    ),
    task_questions=(
        ("When is the finds list due?", "Friday", 0),
        ("How long do they hold the table?", "8pm", 1),
    ),
    changed="Which nursery is Noah at?",
    about_secret=(
        ("How did we conceive Noah?", "sperm donor"),
        ("What am I being treated for?", "eating disorder"),
        ("What's the key safe number?", "2846"),
        ("Do I have any loans?", "payday"),
        ("我借了什么贷款？", "payday"),
    ),
)

ZH_SEVENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在成都当外卖骑手，主要跑高新区。", "fact"),
        ("我女朋友小敏在一家奶茶店上班。", "fact"),
        ("我骑的是一辆雅迪电动车。", "fact"),
        ("我跟两个老乡合租在金牛区。", "fact"),
        ("我有痛风，海鲜啤酒都不能碰。", "fact"),
        ("我妈在老家南充种柑橘。", "fact"),
        ("我弟弟在读大专，学汽修。", "fact"),
        ("我每天收工以后去网吧打两把王者。", "fact"),
        ("我腰不太好，是以前在工地搬砖落下的。", "fact"),
        ("我最好的兄弟阿龙在深圳当保安。", "fact"),
        ("我喜欢吃冒菜，要微辣。", "preference"),
        ("我听歌只听周杰伦。", "preference"),
    ),
    old="我每个月给家里打一千块钱。",
    new="现在每个月给家里打两千了，我妈身体不好。",
    secrets=(
        ("我是同性恋，家里人都不知道。", "同性恋"),
        ("我的微信支付密码是246810。", "246810"),
        ("我身份证号是510129199803154417。", "5101291998"),
        ("我欠了网贷三万多，催收天天打电话。", "网贷"),
    ),
    tasks=(
        ("帮小敏搬家", "货拉拉约的是周日上午十点。"),
        ("换电动车电池", "店里说新电池要八百块。"),
    ),
    questions=(
        ("我是干啥的？", "外卖骑手"),
        ("小敏在哪上班？", "奶茶店"),
        ("我骑的什么车？", "雅迪"),
        ("我住哪儿？", "金牛区"),
        ("晚上来点烧烤配啤酒？", "痛风"),
        ("我妈在家干啥？", "柑橘"),
        ("我弟学的啥？", "汽修"),
        ("下了班我一般干嘛？", "网吧"),
        ("下午帮朋友搬东西行不行？", "腰不太好"),
        ("阿龙干啥的？", "保安"),
        ("中午整点啥吃？", "冒菜"),
        ("给我放首歌？", "周杰伦"),
    ),
    task_questions=(
        ("货拉拉约的几点？", "十点", 0),
        ("新电池多少钱？", "八百", 1),
    ),
    changed="我现在每个月给家里打多少钱？",
    about_secret=(
        ("我的性取向家里知道吗？", "同性恋"),
        ("微信付款密码多少？", "246810"),
        ("我身份证号是多少？", "5101291998"),
        ("我欠了多少网贷？", "网贷"),
        ("What's my WeChat Pay password?", "246810"),
    ),
)

ZH_SEVENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在大理古城开了一家民宿，有八间房。", "fact"),
        ("我老公以前是飞行员，现在帮我管民宿的账。", "fact"),
        ("我儿子在昆明读大学，学的是临床医学。", "fact"),
        ("我每天早上去洱海边跑步。", "fact"),
        ("我血压高，医生让我少吃咸的。", "fact"),
        ("我们家的狗叫大黄，是条土狗。", "fact"),
        ("我妹妹在上海当律师。", "fact"),
        ("民宿的床单送古城外面一家洗衣房洗。", "fact"),
        ("我开的是一辆二手的丰田普拉多。", "fact"),
        ("我一天要喝一壶普洱。", "fact"),
        ("我喜欢听民谣，听得最多的是赵雷。", "preference"),
        ("我不爱坐飞机，能坐高铁就坐高铁。", "preference"),
    ),
    old="打扫房间的是请的阿姨王姐。",
    new="王姐辞工了，现在打扫是我侄女在帮忙。",
    secrets=(
        ("我在吃抗焦虑的药，别人都不知道。", "抗焦虑"),
        ("保险柜密码是730425。", "730425"),
        ("我的民宿其实一直没办下消防许可。", "消防许可"),
        ("我年轻时生过一个孩子，送人了。", "送人"),
    ),
    tasks=(
        ("准备国庆旺季", "国庆的房间十月一号到五号全订满了。"),
        ("给儿子寄东西", "快递要寄到昆明医科大学北门的驿站。"),
    ),
    questions=(
        ("我是做什么的？", "民宿"),
        ("我老公以前干什么的？", "飞行员"),
        ("我儿子学什么专业？", "临床医学"),
        ("早上我一般去哪儿锻炼？", "洱海"),
        ("中午吃腊肉行吗？", "血压高"),
        ("狗叫啥？", "大黄"),
        ("我妹是做什么的？", "律师"),
        ("床单送哪里洗？", "洗衣房"),
        ("我开什么车？", "普拉多"),
        ("给你泡点什么喝？", "普洱"),
        ("放点歌听听？", "民谣"),
        ("去上海看我妹怎么走好？", "高铁"),
    ),
    task_questions=(
        ("国庆房间订满了吗？", "全订满", 0),
        ("快递寄到哪？", "驿站", 1),
    ),
    changed="现在谁帮我打扫房间？",
    about_secret=(
        ("我在吃什么药？", "抗焦虑"),
        ("保险柜怎么打开？", "730425"),
        ("民宿的证件办齐了吗？", "消防许可"),
        ("我还有别的孩子吗？", "送人"),
        ("What's the safe code?", "730425"),
    ),
)

SEVENTH = (EN_SEVENTH_A, EN_SEVENTH_B, ZH_SEVENTH_A, ZH_SEVENTH_B)
