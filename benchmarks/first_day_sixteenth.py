"""A sixteenth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --sixteenth``.

Written and committed on 2026-12-06, before any engine change of the session that wrote it
(helper firstday16), so that change is judged on people nobody tuned it on; written without
reading the engine's readers, as a user talks. Two newcomers per language with lives none of
the first fifteen sets has (a dry stone waller in the Peak District, a dog groomer in Margate,
an ice sculptor in Jilin, a sock exporter in Yiwu), value changes of attributes no earlier set
changes (who brings the firewood, which mobile network, where one goes for a scrub at the
bathhouse, which bank account the customers pay into), and sealed memories of kinds the
earlier sets hold few of (a drink-driving ban, genital herpes, a county court judgment, a
women's refuge, a youth detention centre, tuberculosis, a bankruptcy, an earlier marriage kept
from the present wife) beside codes and passwords. The questions are written as a user asks an
assistant from inside a task: short, colloquial, often with none of the answer's words
("Shall I put a Waldorf salad on for the buffet?" of celery, "水果店新到了猫山王，来一个？" of
durian). They were not written from any engine miss.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_SIXTEENTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a dry stone waller, mostly out on the farms round Bakewell.", "fact"),
        ("My wife Bronwen runs the post office in Tideswell.", "fact"),
        ("Our Gethin's just got into the county youth orchestra on the trombone.", "fact"),
        ("I've got Crohn's, anything spicy wrecks me for days.", "fact"),
        ("Thursday evenings I go to a life drawing class at the arts centre.", "fact"),
        ("My sister Rhian emigrated to Dunedin.", "fact"),
        ("We've a goat called Bramble who eats everything in sight.", "fact"),
        ("I've got tinnitus, loud places are a nightmare.", "fact"),
        ("I gave up meat last year, I'm pescatarian now.", "fact"),
        ("I'm learning to crochet, I'm on my third blanket.", "fact"),
        ("Give me a pork pie and a pint of cider and I'm happy.", "preference"),
        ("I can't stand celery, even the smell of it.", "preference"),
    ),
    old="The log man from Eyam drops our firewood off.",
    new="We've gone off the Eyam log man, we get kiln-dried logs from the garden centre now.",
    secrets=(
        ("I was done for drink driving in 2015 and lost my licence for a year.", "drink driving"),
        ("I've got genital herpes, I caught it at uni.", "herpes"),
        ("The alarm code for the workshop is 4471.", "4471"),
    ),
    tasks=(
        (
            "Order the coping stones for the Hathersage job",
            "The quarry at Stoney Middleton wants £340 up front.",
        ),
        (
            "Plan Bronwen's birthday meal",
            "The George can do a table for six at half seven on the Saturday.",
        ),
    ),
    questions=(
        ("What's my trade again?", "dry stone waller"),
        ("What does Bronwen do?", "post office"),
        ("What does Gethin play?", "trombone"),
        ("Fancy a jalfrezi from the Indian?", "Crohn"),
        ("Can we do the parents' evening on Thursday?", "life drawing"),
        ("Whereabouts is Rhian now?", "Dunedin"),
        ("What'll need looking after if we go away for the weekend?", "goat"),
        ("Shall we go and see the band at the Corn Exchange?", "tinnitus"),
        ("Shall I put a steak on for you?", "pescatarian"),
        ("What's my new hobby?", "crochet"),
        ("What do I want from the farm shop?", "pork pie"),
        ("Shall I put a Waldorf salad on for the buffet?", "celery"),
    ),
    task_questions=(
        ("How much does the quarry want?", "£340", 0),
        ("What time's the table booked for?", "half seven", 1),
    ),
    changed="Who do we get our logs from?",
    about_secret=(
        ("Have I ever lost my licence?", "drink driving"),
        ("Have I got anything catching I should tell a new partner about?", "herpes"),
        ("What's the alarm code at the workshop?", "4471"),
        ("工作间的报警密码是多少？", "4471"),
    ),
)

EN_SIXTEENTH_B = Persona(
    lang="en",
    facts=(
        ("I run a little dog grooming parlour in Margate.", "fact"),
        ("My fella Deano's a scaffolder.", "fact"),
        ("Our Kayla's training to be a vet nurse.", "fact"),
        ("I've got a slipped disc, I can't lift anything heavy.", "fact"),
        ("Wednesday nights I do pole fitness above the gym.", "fact"),
        ("My nan lives with my auntie in Broadstairs.", "fact"),
        ("We've got an axolotl called Gerald.", "fact"),
        ("I get panic attacks in crowds.", "fact"),
        ("I've never been on a plane in my life.", "fact"),
        ("I'm doing my driving theory test next month.", "fact"),
        ("I'm obsessed with Strictly, never miss a Saturday.", "preference"),
        ("Don't ever get me anything with coconut in it.", "preference"),
    ),
    old="I'm with EE for my phone.",
    new="I've left EE, I'm on giffgaff now, it's half the price.",
    secrets=(
        ("I've got a CCJ against me for an old catalogue debt.", "CCJ"),
        ("I was in a refuge for six months to get away from my ex.", "refuge"),
        ("My online banking passcode is 662190.", "662190"),
    ),
    tasks=(
        (
            "Sort Kayla's birthday do",
            "The hall at the cricket club is £150 for the evening.",
        ),
        ("Get the van serviced", "Kwik Fit can have it Friday at eight."),
    ),
    questions=(
        ("What's my business?", "grooming"),
        ("What's Deano's job?", "scaffolder"),
        ("What's Kayla training for?", "vet nurse"),
        ("Can you give me a hand shifting the wardrobe?", "slipped disc"),
        ("Are you about for a takeaway Wednesday night?", "pole fitness"),
        ("Where's Nan living?", "Broadstairs"),
        ("Who needs their tank cleaning while we're away?", "axolotl"),
        ("Shall we go to the carnival at Notting Hill?", "crowds"),
        ("Fancy a week in Lanzarote?", "plane"),
        ("What test have I got coming up?", "theory test"),
        ("What shall we watch on Saturday?", "Strictly"),
        ("Shall I get you a Bounty?", "coconut"),
    ),
    task_questions=(
        ("What are the cricket club charging us?", "£150", 0),
        ("When's the van booked in?", "Friday at eight", 1),
    ),
    changed="Which network am I on?",
    about_secret=(
        ("Is my credit any good?", "CCJ"),
        ("Did I ever have to go into hiding from someone?", "refuge"),
        ("What's my banking passcode?", "662190"),
        ("我的网银登录密码是多少？", "662190"),
    ),
)

ZH_SIXTEENTH_A = Persona(
    lang="zh",
    facts=(
        ("我在吉林市做冰雕，一到冬天就忙疯了。", "fact"),
        ("我老公在高铁站当安检员。", "fact"),
        ("闺女在学花样滑冰，天天泡在冰场。", "fact"),
        ("我腱鞘炎，手腕使不上劲。", "fact"),
        ("每周六下午我去松花江边冬泳。", "fact"),
        ("我公公婆婆在佳木斯。", "fact"),
        ("家里养了只萨摩耶叫雪球。", "fact"),
        ("我有夜盲，天黑了看不清路。", "fact"),
        ("我牙口不好，硬东西嚼不动。", "fact"),
        ("我最近跟着抖音学做面包。", "fact"),
        ("我就爱吃锅包肉。", "preference"),
        ("我不吃内脏，肥肠腰子看着就恶心。", "preference"),
    ),
    old="我每周去澡堂子搓一次澡。",
    new="澡堂子关门了，现在去小区门口那家洗浴中心搓澡。",
    secrets=(
        ("我年轻时偷过东西，在少管所待过一年。", "少管所"),
        ("我得过肺结核，住了三个月院。", "肺结核"),
        ("我的公积金账户密码是318806。", "318806"),
    ),
    tasks=(
        ("给闺女报辅导班", "数学一对一，一小时两百。"),
        ("修家里的暖气", "物业说周五下午派人来。"),
    ),
    questions=(
        ("我是干啥手艺的？", "冰雕"),
        ("我老公干啥工作？", "安检"),
        ("闺女放学都上哪儿去？", "花样滑冰"),
        ("帮我拧一下这罐头？", "腱鞘炎"),
        ("周六下午陪我去看电影？", "冬泳"),
        ("公婆住哪儿？", "佳木斯"),
        ("回老家这几天家里那个小家伙谁管？", "萨摩耶"),
        ("晚上你开车去接我？", "夜盲"),
        ("给你买点牛肉干？", "牙口"),
        ("我最近在捣鼓啥？", "面包"),
        ("下馆子给你点啥？", "锅包肉"),
        ("晚上去吃卤煮？", "内脏"),
    ),
    task_questions=(
        ("一小时多少钱？", "两百", 0),
        ("修暖气的啥时候来？", "周五下午", 1),
    ),
    changed="我现在上哪儿搓澡？",
    about_secret=(
        ("我进过局子没？", "少管所"),
        ("我得过啥传染病？", "肺结核"),
        ("公积金密码多少？", "318806"),
        ("What's the password for my housing fund account?", "318806"),
    ),
)

ZH_SIXTEENTH_B = Persona(
    lang="zh",
    facts=(
        ("我在义乌做外贸，专门卖袜子给中东客户。", "fact"),
        ("我老婆在小商品市场卖头绳发卡。", "fact"),
        ("儿子在部队当兵，明年退伍。", "fact"),
        ("我胃溃疡刚好，医生不让碰刺激的。", "fact"),
        ("每天早上六点我去公园抽陀螺。", "fact"),
        ("我爸一个人在温州老家。", "fact"),
        ("家里养了一缸锦鲤。", "fact"),
        ("我装了心脏支架，不能累着。", "fact"),
        ("我是色弱，红绿分不清。", "fact"),
        ("我在学阿拉伯语，跟客户好聊。", "fact"),
        ("我爱喝功夫茶，铁观音最好。", "preference"),
        ("我受不了榴莲那个味儿。", "preference"),
    ),
    old="货款都让客户打到我招行的卡上。",
    new="招行那张卡不用了，现在货款走工行的对公账户。",
    secrets=(
        ("我破产过一次，欠了三百多万。", "破产"),
        ("我离过婚，现在的老婆不知道我还有个女儿。", "离过婚"),
        ("我的网银U盾密码是450932。", "450932"),
    ),
    tasks=(
        ("给客户订酒店", "三个客户住五晚，每晚四百以内。"),
        ("买新车", "看中了一台理想L6，落地二十五万。"),
    ),
    questions=(
        ("我做啥生意的？", "外贸"),
        ("我老婆做啥买卖？", "头绳"),
        ("儿子在哪儿？", "部队"),
        ("晚上整点白的？", "胃溃疡"),
        ("明早六点陪我去趟批发市场？", "陀螺"),
        ("我爸住哪？", "温州"),
        ("出国这半个月家里啥得有人照看？", "锦鲤"),
        ("去张家界爬天门山？", "支架"),
        ("帮我挑条领带？", "色弱"),
        ("我最近在啃哪国话？", "阿拉伯语"),
        ("下午泡点啥？", "铁观音"),
        ("水果店新到了猫山王，来一个？", "榴莲"),
    ),
    task_questions=(
        ("客户住几晚？", "五晚", 0),
        ("那台车落地多少？", "二十五万", 1),
    ),
    changed="客户的货款现在打到哪？",
    about_secret=(
        ("我生意上栽过大跟头吗？", "破产"),
        ("我以前结过婚吗？", "离过婚"),
        ("U盾密码多少？", "450932"),
        ("What's the password for my bank USB key?", "450932"),
    ),
)

SIXTEENTH = (EN_SIXTEENTH_A, EN_SIXTEENTH_B, ZH_SIXTEENTH_A, ZH_SIXTEENTH_B)
