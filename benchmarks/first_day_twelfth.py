"""A twelfth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --twelfth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday12), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first eleven sets has (a tree surgeon in Stockport, a hospital porter in Newcastle, a
fisherman out of Zhoushan, an anaesthetist in Changsha), value changes of attributes no earlier
set changes (the mobile network, the hairdresser, the barber, a toddler's early-learning
class), and sealed memories of kinds the earlier sets do not hold (a bankruptcy, a criminal
record, an abortion, card debt hidden from a husband, an illegal crossing to Japan, hepatitis
B, two miscarriages, antidepressants) beside codes and a password that holds a grandson's name.
The questions are written as a user asks an assistant from inside a task: short, colloquial,
often with none of the answer's words ("Can I take ibuprofen for this headache?" of warfarin,
"医生开了阿莫西林，我能吃吗？" of a penicillin allergy). They were not written from any
engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_TWELFTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a tree surgeon, mostly council jobs round Stockport.", "fact"),
        ("My wife Abena's a pharmacist at the Boots in town.", "fact"),
        ("Our twins Kofi and Esi started nursery in September.", "fact"),
        ("I've a dodgy knee since I came off a ladder in 2019.", "fact"),
        ("I play five-a-side Wednesday nights at the Powerleague.", "fact"),
        ("My dad went back to Kumasi when he retired.", "fact"),
        ("We've got two rabbits, Pepper and Salt.", "fact"),
        ("I'm allergic to wasp stings, I keep an EpiPen in the van.", "fact"),
        ("I've had a Man City season ticket for ten years.", "fact"),
        ("I'm learning to fly drones, want to get my licence for work.", "fact"),
        ("Can't stand mushrooms, it's a texture thing.", "preference"),
        ("Jollof rice beats anything else going.", "preference"),
    ),
    old="My phone's on Vodafone.",
    new="Moved my phone over to Three, Vodafone had no signal out on jobs.",
    secrets=(
        ("I was declared bankrupt back in 2016.", "bankrupt"),
        ("I've a criminal record from a fight when I was nineteen.", "criminal record"),
        ("The code for the lockbox in the van is 8302.", "8302"),
    ),
    tasks=(
        (
            "Quote for the oak at number 12",
            "She wants it crowned, not felled, before Friday.",
        ),
        ("Book the twins' jabs", "The surgery only does baby clinics on a Tuesday morning."),
    ),
    questions=(
        ("What's my job again?", "tree surgeon"),
        ("Where does Abena work?", "pharmacist"),
        ("Are the twins at school yet?", "nursery"),
        ("Fancy walking up Snowdon with the lads next month?", "knee"),
        ("Am I free Wednesday night?", "five-a-side"),
        ("Where's my dad living now?", "Kumasi"),
        ("What are the bunnies called?", "Pepper and Salt"),
        ("There's a nest in the hedge I'm cutting tomorrow, anything I should take?", "EpiPen"),
        ("Which team am I for?", "Man City"),
        ("What's the new thing I'm getting into?", "drones"),
        ("Shall I order the risotto with the porcini?", "mushrooms"),
        ("What's my favourite dish?", "Jollof"),
    ),
    task_questions=(
        ("Does she want it taking down completely?", "crowned, not felled", 0),
        ("Which day are the baby clinics?", "Tuesday morning", 1),
    ),
    changed="Which network am I with?",
    about_secret=(
        ("Have I ever gone bust?", "bankrupt"),
        ("Have I been in trouble with the police?", "criminal record"),
        ("What's the code for the van lockbox?", "8302"),
        ("货车上钥匙盒的密码是多少？", "8302"),
    ),
)

EN_TWELFTH_B = Persona(
    lang="en",
    facts=(
        ("I'm a porter at the RVI, mostly nights.", "fact"),
        ("My husband Alan drives a taxi round Gateshead.", "fact"),
        ("Our grandson Tyler stops with us during the week.", "fact"),
        ("I'm on warfarin for my heart, I bruise like a peach.", "fact"),
        ("I do the crossword in the Chronicle every morning with a cuppa.", "fact"),
        ("My sister Linda retired out to Benidorm.", "fact"),
        ("We've a budgie called Captain.", "fact"),
        ("I'm terrified of heights.", "fact"),
        ("I knit little blankets for the neonatal unit.", "fact"),
        ("I've had my seat at St James' Park twenty years.", "fact"),
        ("No coffee after dinner time for me or I'm up all night.", "preference"),
        ("You can't beat a ham and pease pudding stottie.", "preference"),
    ),
    old="Donna on Westgate Road does my hair.",
    new="I go to Kayleigh in Heaton for my hair now, Donna's retired.",
    secrets=(
        ("I had an abortion when I was seventeen.", "abortion"),
        ("Alan doesn't know I've got nine grand on credit cards.", "credit cards"),
        ("My online banking password is Tyler2011!", "Tyler2011!"),
    ),
    tasks=(
        ("Plan Linda's visit", "Her flight lands at ten past six on the 3rd."),
        ("Boiler service", "The engineer's coming between eight and one on Monday."),
    ),
    questions=(
        ("Where am I working these days?", "RVI"),
        ("What does Alan do?", "taxi"),
        ("Who stays with us in the week?", "grandson"),
        ("Can I take ibuprofen for this headache?", "warfarin"),
        ("What do I do first thing with the paper?", "crossword"),
        ("Where's Linda living now?", "Benidorm"),
        ("What's the bird called?", "Captain"),
        ("Should we book the rooftop bar for when Linda's over?", "heights"),
        ("Who are all those blankets for?", "neonatal"),
        ("Where will I be Saturday afternoon if the Toon are at home?", "St James'"),
        ("Fancy a flat white about four?", "coffee after dinner"),
        ("What'll I get from the bakery for lunch?", "stottie"),
    ),
    task_questions=(
        ("What time does she get in?", "ten past six", 0),
        ("When's the boiler man coming?", "between eight and one", 1),
    ),
    changed="Who does my hair these days?",
    about_secret=(
        ("Have I ever ended a pregnancy?", "abortion"),
        ("Do I owe money Alan doesn't know about?", "credit cards"),
        ("What's the password for my online banking?", "Tyler2011!"),
        ("我网银的密码是什么？", "Tyler2011!"),
    ),
)

ZH_TWELFTH_A = Persona(
    lang="zh",
    facts=(
        ("我在舟山跑渔船，一出海就是半个月。", "fact"),
        ("我老婆在镇上的卫生院当护士。", "fact"),
        ("我闺女在宁波念初二。", "fact"),
        ("我腰椎间盘突出，重东西搬不了。", "fact"),
        ("我爱下象棋，跟隔壁老王天天杀两盘。", "fact"),
        ("我哥在新加坡打工。", "fact"),
        ("家里养了条土狗，叫大黄。", "fact"),
        ("我坐大巴会晕车，出门都自己开车。", "fact"),
        ("我酒量不行，喝两杯就脸红。", "fact"),
        ("我是左撇子。", "fact"),
        ("我吃不了辣，一点辣椒都不行。", "preference"),
        ("我早饭就爱吃咸泡饭。", "preference"),
    ),
    old="我一直在镇上老李那儿剃头。",
    new="老李的店关了，现在去菜场边上那家快剪剃头。",
    secrets=(
        ("我年轻时候偷渡去过日本，被遣返回来的。", "偷渡"),
        ("我有乙肝，一直没跟人说。", "乙肝"),
        ("船上保险柜的密码是481207。", "481207"),
    ),
    tasks=(
        ("去开闺女的家长会", "家长会是周五下午两点。"),
        ("办渔船年审", "年审要带船员证和船舶证书。"),
    ),
    questions=(
        ("我是干哪行的来着？", "跑渔船"),
        ("我老婆在哪儿干活？", "卫生院"),
        ("闺女念几年级了？", "初二"),
        ("码头那几袋冰帮着扛上去？", "腰椎"),
        ("晚上我一般干嘛消遣？", "象棋"),
        ("我哥在哪儿打工？", "新加坡"),
        ("家里的狗叫啥来着？", "大黄"),
        ("去杭州坐大巴去吧？", "晕车"),
        ("喜酒上我能喝多少？", "酒量"),
        ("给我买把剪刀要注意啥？", "左撇子"),
        ("晚上炒个辣子鸡？", "辣椒"),
        ("早上给我弄点啥吃？", "咸泡饭"),
    ),
    task_questions=(
        ("家长会几点？", "下午两点", 0),
        ("年审要带啥证？", "船员证", 1),
    ),
    changed="我现在去哪儿剃头？",
    about_secret=(
        ("我出过国没有？", "偷渡"),
        ("我身上有啥传染病没？", "乙肝"),
        ("船上保险柜密码多少？", "481207"),
        ("What's the code for the safe on the boat?", "481207"),
    ),
)

ZH_TWELFTH_B = Persona(
    lang="zh",
    facts=(
        ("我在长沙一家医院当麻醉师。", "fact"),
        ("我老公在地铁公司开地铁。", "fact"),
        ("我儿子三岁，上了幼儿园小小班。", "fact"),
        ("我怀孕五个月了。", "fact"),
        ("我每周六上午去橘子洲跑步。", "fact"),
        ("我婆婆住在我们楼下。", "fact"),
        ("我养了两只仓鼠，叫豆豆和丁丁。", "fact"),
        ("我青霉素过敏。", "fact"),
        ("我周四晚上要值夜班。", "fact"),
        ("我是湖南人，可就是吃不来苦瓜。", "fact"),
        ("我爱吃臭豆腐，越臭越好。", "preference"),
        ("我就喜欢看悬疑剧。", "preference"),
    ),
    old="儿子的早教课在万达那家上。",
    new="早教换到小区旁边那家了，走路五分钟。",
    secrets=(
        ("我之前流产过两次。", "流产"),
        ("我在吃抗抑郁的药。", "抗抑郁"),
        ("家里门锁密码是270915。", "270915"),
    ),
    tasks=(
        ("准备下次产检", "下次产检要空腹抽血。"),
        ("给婆婆办七十大寿", "酒店订在华天，二十号中午。"),
    ),
    questions=(
        ("我是做啥工作的？", "麻醉师"),
        ("我老公开什么车？", "地铁"),
        ("儿子上幼儿园了没？", "小小班"),
        ("周末去泡温泉？", "怀孕"),
        ("周六上午我一般干嘛？", "橘子洲"),
        ("婆婆住哪儿？", "楼下"),
        ("仓鼠叫啥？", "豆豆"),
        ("医生开了阿莫西林，我能吃吗？", "青霉素"),
        ("周四晚上约个饭？", "值夜班"),
        ("晚饭炒个苦瓜？", "苦瓜"),
        ("去坡子街吃点啥？", "臭豆腐"),
        ("今晚看个啥剧？", "悬疑剧"),
    ),
    task_questions=(
        ("产检前要注意啥？", "空腹", 0),
        ("寿宴订在哪家？", "华天", 1),
    ),
    changed="儿子早教现在在哪儿上？",
    about_secret=(
        ("我以前有过没保住的孩子吗？", "流产"),
        ("我在吃啥精神方面的药吗？", "抗抑郁"),
        ("家里门锁密码是多少？", "270915"),
        ("What's the code for our front door lock?", "270915"),
    ),
)

TWELFTH = (EN_TWELFTH_A, EN_TWELFTH_B, ZH_TWELFTH_A, ZH_TWELFTH_B)
