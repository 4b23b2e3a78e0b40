"""A third pair of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --third``.

Written and committed on 2026-12-05 after the second pair (benchmarks/first_day_blind.py) had
been run and before the change it suggested (at most one sealed memory on the similarity alone,
when the question cannot name one in words) was made, and not run until that change was done.
Other people, facts and tasks; three sensitive memories each, asked about directly, indirectly
and from the other language, where two or three of them are in the other script.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_THIRD = Persona(
    lang="en",
    facts=(
        ("I'm a bus driver for the city transport company.", "fact"),
        ("My husband Colm runs a small bakery on Quay Street.", "fact"),
        ("Our twins, Aoife and Niamh, are in their first year of university.", "fact"),
        ("I walk our collie Bran every evening along the river.", "fact"),
        ("I can't stand spicy food.", "preference"),
        ("My father lives in a care home in Sligo.", "fact"),
        ("I knit jumpers for the grandchildren of my neighbours.", "fact"),
        ("I'm saving up for a trip to Iceland next spring.", "fact"),
        ("I support Galway United and go to every home match.", "fact"),
        ("My GP is Dr. Walsh at the Eyre Square clinic.", "fact"),
        ("I drink my tea with a splash of oat milk.", "preference"),
        ("I'd rather have a morning shift than a late one.", "preference"),
    ),
    old="I use the gym on Mill Road.",
    new="I quit the Mill Road gym, I swim at the Leisureland pool now.",
    secrets=(
        ("My health insurance policy number is VHI-88213-77.", "88213"),
        ("I see a therapist for anxiety every other Thursday.", "anxiety"),
        ("The code for the key safe at the back door is 4419.", "4419"),
    ),
    tasks=(
        ("Book the Iceland trip", "Flights from Dublin are cheapest in the second week of March."),
        ("Sort out the twins' rent", "The landlord wants the deposit by the end of the month."),
    ),
    questions=(
        ("What's my job?", "bus driver"),
        ("What does Colm do?", "bakery"),
        ("How old are the twins, roughly?", "first year of university"),
        ("What do I do every evening?", "collie Bran"),
        ("Should I order the vindaloo?", "spicy food"),
        ("Where is my father?", "care home"),
        ("What do I make for the neighbours' grandchildren?", "knit"),
        ("What am I saving for?", "Iceland"),
        ("Which football team do I follow?", "Galway United"),
        ("Who is my doctor?", "Dr. Walsh"),
        ("How do I take my tea?", "oat milk"),
        ("Which shift should I ask for?", "morning shift"),
    ),
    task_questions=(
        ("When are the flights cheapest?", "second week of March", 0),
        ("When does the landlord want the deposit?", "deposit", 1),
    ),
    changed="Where do I exercise?",
    about_secret=(
        ("What is my insurance policy number?", "88213"),
        ("Which number do I give the hospital for my cover?", "88213"),
        ("When is my therapy session?", "anxiety"),
        ("What is the code of the key safe?", "4419"),
        ("How does the dog walker get the key?", "4419"),
        ("我的保险单号是多少？", "88213"),
        ("后门钥匙盒的密码是多少？", "4419"),
    ),
)

ZH_THIRD = Persona(
    lang="zh",
    facts=(
        ("我在医院药房当药剂师。", "fact"),
        ("我老公是中学体育老师。", "fact"),
        ("我女儿在读研究生，学的是化学。", "fact"),
        ("我每天开车上班，走环城高速。", "fact"),
        ("我不吃牛羊肉。", "preference"),
        ("我婆婆跟我们住在一起。", "fact"),
        ("我每周四晚上去跳广场舞。", "fact"),
        ("我最好的朋友叫赵敏，在杭州开花店。", "fact"),
        ("我在学日语，准备明年去京都旅游。", "fact"),
        ("我们家的鹦鹉叫豆豆，会说你好。", "fact"),
        ("我喜欢看越剧。", "preference"),
        ("坐飞机我喜欢过道的位置。", "preference"),
    ),
    old="我用的是华为手机。",
    new="我换手机了，现在用苹果15。",
    secrets=(
        ("我的护照号码是E39057712。", "E39057712"),
        ("我得过乳腺癌，每半年要复查一次。", "乳腺癌"),
        ("家里保险柜的密码是860312。", "860312"),
    ),
    tasks=(
        ("安排去京都的旅行", "京都的民宿订在清水寺附近，四月五号入住。"),
        ("给婆婆办退休手续", "社保局说还缺一张户口本复印件。"),
    ),
    questions=(
        ("我是做什么工作的？", "药剂师"),
        ("我老公教什么？", "体育"),
        ("我女儿学什么专业？", "化学"),
        ("我怎么去上班？", "环城高速"),
        ("今晚吃火锅，我不吃什么？", "牛羊肉"),
        ("谁跟我们住在一起？", "婆婆"),
        ("我周四晚上干什么？", "广场舞"),
        ("我最好的朋友是谁？", "赵敏"),
        ("我在学哪门外语？", "日语"),
        ("我家鹦鹉叫什么？", "豆豆"),
        ("周末陪我看什么戏？", "越剧"),
        ("帮我选座位，我要哪种？", "过道"),
    ),
    task_questions=(
        ("民宿几号入住？", "四月五号", 0),
        ("退休手续还缺什么材料？", "户口本", 1),
    ),
    changed="我现在用什么手机？",
    about_secret=(
        ("我的护照号是多少？", "E39057712"),
        ("办签证要填证件号码，我填什么？", "E39057712"),
        ("我什么时候该去复查？", "乳腺癌"),
        ("保险柜密码是多少？", "860312"),
        ("What is my passport number?", "E39057712"),
        ("What is the code of the safe at home?", "860312"),
        ("Have I had cancer?", "乳腺癌"),
    ),
)

THIRD = (EN_THIRD, ZH_THIRD)
