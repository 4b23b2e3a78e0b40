"""Held-back newcomers for the first-day check (issue 38): ``python -m benchmarks.first_day
--blind``.

Written and committed before any retrieval change of the session that added them
(2026-12-05), and not run until that work was done: other people, other facts, three sensitive
memories each of other kinds (a medical condition, a card PIN or an account number, a home
address marked sensitive), other tasks and question phrasings. Questions about a sensitive
memory are asked directly, indirectly (the question names a need, not the memory) and in the
other language. Once their figures are reported they are no longer blind: a later change must
be judged on a new set. They were run on 2026-12-05 (docs/benchmarks.md, "First day, third
session"); tests/bench/test_first_day.py now guards those figures.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_BLIND = Persona(
    lang="en",
    facts=(
        ("I work night shifts as a pharmacist at St James's hospital.", "fact"),
        ("My partner Dev is a software developer who works from home.", "fact"),
        ("Our son Arjun starts primary school in September.", "fact"),
        ("I take the number 42 bus to the hospital.", "fact"),
        ("I'm vegetarian, but I do eat eggs.", "preference"),
        ("My brother Ravi lives in Toronto with his wife.", "fact"),
        ("I sing in a community choir on Wednesday evenings.", "fact"),
        ("My best friend is Hannah, we met at university.", "fact"),
        ("I'm learning Italian with an app every morning.", "fact"),
        ("Our landlord is Mr. Briggs, he is slow to fix things.", "fact"),
        ("I'm afraid of flying, so I'd rather take the train.", "preference"),
        ("My favourite author is Kazuo Ishiguro.", "preference"),
    ),
    old="My phone is an old iPhone 11.",
    new="I switched phones, I use a Google Pixel 8 now.",
    secrets=(
        ("I was diagnosed with type 1 diabetes and inject insulin before meals.", "diabetes"),
        ("My bank card PIN is 7305.", "7305"),
        ("Our home address is 14 Larkspur Road, Leeds LS6 2QT.", "Larkspur"),
    ),
    tasks=(
        ("Organise Arjun's birthday party", "The bouncy castle is reserved for Saturday the 12th."),
        ("Apply for a mortgage", "The broker still needs three months of payslips."),
    ),
    questions=(
        ("What's my job?", "pharmacist"),
        ("What does Dev do for work?", "software developer"),
        ("When does my son start school?", "primary school"),
        ("How do I get to the hospital?", "number 42 bus"),
        ("Do I eat meat?", "vegetarian"),
        ("Where does my brother live?", "Toronto"),
        ("What do I do on Wednesday evenings?", "choir"),
        ("Who is my best friend?", "Hannah"),
        ("Which language am I learning?", "Italian"),
        ("Who is our landlord?", "Mr. Briggs"),
        ("Should I fly or go by train to Edinburgh?", "afraid of flying"),
        ("Recommend me a novel by a writer I like.", "Ishiguro"),
    ),
    task_questions=(
        ("When is the bouncy castle reserved?", "bouncy castle", 0),
        ("What does the broker still need?", "payslips", 1),
    ),
    changed="Which phone do I have?",
    about_secret=(
        ("What is my card PIN?", "7305"),
        ("I'm at the cash machine, what's the code for my card?", "7305"),
        ("Do I have a medical condition you should know about?", "diabetes"),
        ("What do I need to inject before I eat?", "diabetes"),
        ("What is our home address?", "Larkspur"),
        ("Where should the parcel be delivered to?", "Larkspur"),
        ("我的银行卡密码是多少？", "7305"),
        ("我家的地址是什么？", "Larkspur"),
    ),
)

ZH_BLIND = Persona(
    lang="zh",
    facts=(
        ("我在一家游戏公司做产品经理。", "fact"),
        ("我老婆是儿科护士。", "fact"),
        ("我儿子上初二，成绩还不错。", "fact"),
        ("我每天骑电动车去公司，大概二十分钟。", "fact"),
        ("我不吃香菜。", "preference"),
        ("我姐姐一家住在成都。", "fact"),
        ("我每周六早上去打羽毛球。", "fact"),
        ("我大学室友叫王磊，现在在深圳。", "fact"),
        ("我在准备PMP证书，十二月考试。", "fact"),
        ("我们家的猫叫年糕，是只橘猫。", "fact"),
        ("我喜欢听郭德纲的相声。", "preference"),
        ("坐高铁我喜欢靠窗的座位。", "preference"),
    ),
    old="我开一辆白色的本田思域。",
    new="思域卖掉了，我现在开比亚迪汉。",
    secrets=(
        ("我有高血压，每天早上吃一片氨氯地平。", "氨氯地平"),
        ("我的工资卡卡号是6222 0210 0187 5543 219。", "6222 0210"),
        ("我家住在南京市鼓楼区清凉门大街58号3栋1202。", "清凉门大街"),
    ),
    tasks=(
        ("给儿子报暑假夏令营", "夏令营的报名费下周五之前要交。"),
        ("装修厨房", "橱柜的尺寸还没量好。"),
    ),
    questions=(
        ("我是干什么的？", "产品经理"),
        ("我老婆做什么工作？", "儿科护士"),
        ("我儿子上几年级？", "初二"),
        ("我平时怎么去公司？", "电动车"),
        ("点外卖要注意什么？", "香菜"),
        ("我姐姐住在哪个城市？", "成都"),
        ("我周六早上一般干嘛？", "羽毛球"),
        ("我大学室友是谁？", "王磊"),
        ("我在准备什么考试？", "PMP"),
        ("我家猫叫什么名字？", "年糕"),
        ("给我放点我爱听的。", "相声"),
        ("帮我订高铁票，选什么座位？", "靠窗"),
    ),
    task_questions=(
        ("夏令营报名费什么时候交？", "下周五", 0),
        ("橱柜还差什么？", "尺寸", 1),
    ),
    changed="我现在开什么车？",
    about_secret=(
        ("我的工资卡号是多少？", "6222 0210"),
        ("公司让我填发工资的银行账户，我该填哪个？", "6222 0210"),
        ("我有什么慢性病吗？", "氨氯地平"),
        ("我每天早上要吃什么药？", "氨氯地平"),
        ("快递寄到我家，地址怎么写？", "清凉门大街"),
        ("What medicine do I take every morning?", "氨氯地平"),
        ("What is my home address?", "清凉门大街"),
    ),
)

BLIND = (EN_BLIND, ZH_BLIND)
