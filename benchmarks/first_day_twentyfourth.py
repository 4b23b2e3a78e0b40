"""A twenty-fourth set of newcomers for the first-day check (issue 38): ``python -m
benchmarks.first_day --twentyfourth``. Written and committed on 2026-12-07, before any engine
change of the session that wrote it (helper firstday26), so that change is judged on people
nobody tuned it on; written without reading the engine's readers and not from any engine miss
(the last rounds' first-day sections were read first, as the task asked), as a user talks. Two
newcomers per language with lives none of the first twenty-three sets has (a driving instructor
in Bradford, a sign language interpreter on the Penarth lifeboat crew, a livestream seller in
Hangzhou who once swam for the province, a forest ranger raising his grandson in the northeast)
and kinds of facts the earlier sets hold few of or none: a fast, being left-handed, colour blind
or deaf in one ear, a school governor's meetings, a season ticket, fostering, never having
passed a driving test, being a night owl, being unable to read, a village's weddings-and-
funerals committee, a church every Sunday, a grandmother of ninety-two at home. The changed
values: two attributes no earlier set changes (where a grandmother's pills are filled, the card
a pension is paid into) and two that two earlier sets changed in other words (the dentist, the
bank one's wages go into), and the sealed memories are of new kinds (a miscarriage, a debt
relief order, four years sober, a father jailed for fraud, IVF, hepatitis B, a prison term, an
adopted son) beside a key lockbox, an office wifi password, a livestream back end's password and
a passbook PIN. The questions are asked from inside a task in varied colloquial forms: offers
and plans a standing fact bears on, fragments, texting English, a question about someone else's
object ("Whose is the little bike in your hall?"), Chinese with 呗 / 不 / 咋 and northern speech;
most share none of the answer's words.
"""

from __future__ import annotations

from benchmarks.first_day_persona import Persona

EN_TWENTYFOURTH_A = Persona(
    lang="en",
    facts=(
        ("I'm a driving instructor round Bradford and Keighley.", "fact"),
        ("My husband Imran works nights as a baker at the big bread plant.", "fact"),
        ("Our twins Zara and Adam are sitting their GCSEs this summer.", "fact"),
        ("I fast every Ramadan, nothing to eat or drink while it's light.", "fact"),
        ("I'm left-handed, normal scissors are useless to me.", "fact"),
        ("I'm deaf in my right ear after meningitis as a kid.", "fact"),
        ("I'm a governor at the twins' school, the meetings are every other Thursday.", "fact"),
        ("I've had a season ticket at Valley Parade for twenty years.", "fact"),
        ("I'm colour blind, reds and greens look the same to me.", "fact"),
        ("My sister Yasmin lives out in Dubai with her three kids.", "fact"),
        ("Chicken karahi from Mumtaz is my Friday night treat.", "preference"),
        ("I can't stand the cold, give me a hot beach holiday every time.", "preference"),
    ),
    old="My dentist is the practice on Manningham Lane.",
    new="I've switched dentists, I go to the one in Shipley now.",
    secrets=(
        ("I had a miscarriage last spring and I haven't told my mum.", "miscarriage"),
        ("I'm on a debt relief order, so I can't borrow more than £500.", "debt relief"),
        ("The lockbox for the instructor car keys opens with 2268.", "2268"),
    ),
    tasks=(
        ("Sort out the twins' prom outfits", "The suit and dress hire place wants £85 a day."),
        ("Renew the car insurance", "Admiral came back with £1,120 for the year."),
    ),
    questions=(
        ("Bank's on the phone asking what I do, what do I say?", "driving instructor"),
        ("Is Imran on days or nights?", "baker"),
        ("Why are the twins revising every evening?", "GCSEs"),
        ("Fancy a long lunch out with the team during the holy month?", "Ramadan"),
        ("Can you cut this ribbon with the scissors from the drawer?", "left-handed"),
        ("How come you always make me sit on your left in the car?", "deaf"),
        ("Bowling a week on Thursday, you in?", "governor"),
        ("Can we do your mum's birthday lunch on a Saturday when City are at home?", "season"),
        ("Can you sort these wires out by colour for me?", "colour blind"),
        ("Where's Yasmin living these days?", "Dubai"),
        ("What'll I order you on Friday night?", "karahi"),
        ("Iceland or Tenerife for half term?", "cold"),
    ),
    task_questions=(
        ("what's the hire place want per day again", "£85", 0),
        ("What did Admiral come back with?", "£1,120", 1),
    ),
    changed="Where do I get my teeth seen to these days?",
    about_secret=(
        ("Did I lose a baby at some point?", "miscarriage"),
        ("Am I allowed to take a loan out at the moment?", "debt relief"),
        ("whats the number for the box with the car keys", "2268"),
        ("放车钥匙的那个锁盒密码是多少？", "2268"),
    ),
)

EN_TWENTYFOURTH_B = Persona(
    lang="en",
    facts=(
        ("I'm a British Sign Language interpreter, mostly hospital appointments.", "fact"),
        ("My wife Ffion runs the kitchen at a care home in Penarth.", "fact"),
        ("I'm on the lifeboat crew at Penarth, my pager can go off any time.", "fact"),
        ("I'm coeliac, even a crumb of normal bread makes me ill for days.", "fact"),
        ("My twin brother Owain farms sheep up near Aberystwyth.", "fact"),
        ("I don't drive, I've never passed my test.", "fact"),
        ("I'm a proper night owl, I'm never asleep before two.", "fact"),
        ("We foster, we've got a ten-year-old lad with us at the moment.", "fact"),
        ("I play water polo on Monday nights at the international pool.", "fact"),
        ("I help out at the food bank in Grangetown on Saturday mornings.", "fact"),
        ("Welsh cakes warm off the bakestone are my weakness.", "preference"),
        ("I can't stand olives, they make me gag.", "preference"),
    ),
    old="My wages go into my Lloyds account.",
    new="I've moved my wages over to Monzo, I'm done with Lloyds.",
    secrets=(
        ("I've been in AA for four years and I'm sober since.", "sober"),
        ("My dad did time for fraud when I was small.", "fraud"),
        ("The wifi password at the interpreting office is Dragon-7741.", "Dragon-7741"),
    ),
    tasks=(
        ("Plan Ffion's fortieth", "The rugby club wants £200 for the function room."),
        ("Get the boiler fixed", "The engineer can come on the 14th between eight and twelve."),
    ),
    questions=(
        ("The form wants my occupation, what goes there?", "Sign Language"),
        ("What does Ffion do all day?", "kitchen"),
        ("Why've you got that beeper on you even at Sunday dinner?", "lifeboat"),
        ("Shall I grab us a couple of pasties for the drive?", "coeliac"),
        ("Where's Owain's place again?", "Aberystwyth"),
        ("Can you run me to the airport Sunday?", "never passed"),
        ("Shall we get the 6am train up to London and make a day of it?", "night owl"),
        ("Whose is the little bike in your hall?", "foster"),
        ("Quiz night at the Royal Oak on Monday, coming?", "water polo"),
        ("Can you come to the car boot with me early Saturday?", "food bank"),
        ("What shall I bring you back from the market?", "Welsh cakes"),
        ("Want some tapenade on your toast?", "olives"),
    ),
    task_questions=(
        ("How much are they after for the room at the club?", "£200", 0),
        ("when's the boiler bloke coming", "14th", 1),
    ),
    changed="Which bank do I get paid into now?",
    about_secret=(
        ("Was booze ever a problem for me?", "sober"),
        ("Was anyone in my family ever locked up?", "fraud"),
        ("what's the office wifi password again", "Dragon-7741"),
        ("口译办公室的无线网密码是多少？", "Dragon-7741"),
    ),
)

ZH_TWENTYFOURTH_A = Persona(
    lang="zh",
    facts=(
        ("我在杭州给淘宝店做直播带货，一播就是一晚上。", "fact"),
        ("我老婆在地铁站当安检员。", "fact"),
        ("我年轻时候在省游泳队待过，水性特别好。", "fact"),
        ("我是左撇子，剪刀都得买左手用的。", "fact"),
        ("我右耳朵有点背，小声说话听不清。", "fact"),
        ("儿子在读寄宿学校，周五才回家。", "fact"),
        ("我是色盲，红的绿的分不清。", "fact"),
        ("我姥姥今年九十二了，跟我们一起住。", "fact"),
        ("我下午以后不能碰咖啡，一喝就失眠。", "fact"),
        ("我在考驾照，科目二已经挂了两次。", "fact"),
        ("我最爱吃片儿川，要多放雪菜。", "preference"),
        ("我受不了羊肉那股膻味。", "preference"),
    ),
    old="姥姥的降压药一直在社区卫生站拿。",
    new="社区那边没这个药了，姥姥的降压药现在改去浙一医院开。",
    secrets=(
        ("儿子是做试管婴儿才有的，这事我们没跟别人说过。", "试管"),
        ("我有乙肝，小三阳，单位里没人知道。", "乙肝"),
        ("直播间后台的登录密码是zb8826。", "zb8826"),
    ),
    tasks=(
        ("双十一备货", "仓库说这批面膜下周二到。"),
        ("给姥姥办寿宴", "酒店那边一桌订了两千八。"),
    ),
    questions=(
        ("银行打电话问我干啥工作的，我咋说？", "淘宝店"),
        ("你媳妇在哪儿上班来着？", "安检"),
        ("周末去千岛湖，你敢下水不？", "省游泳队"),
        ("帮我把这个礼物上的彩带剪一下？", "左撇子"),
        ("你咋老让我坐你左边？", "右耳"),
        ("周三晚上带儿子去看电影不？", "寄宿"),
        ("帮我瞅瞅这两根线哪根是红的？", "色盲"),
        ("家里那位老寿星今年多大岁数了？", "九十二"),
        ("下午开会前给你带杯拿铁？", "咖啡"),
        ("你周末老往城西那个练车场跑干啥？", "科目二"),
        ("明早路过面馆，给你捎一碗啥？", "片儿川"),
        ("冬至去吃涮锅子呗？", "羊肉"),
    ),
    task_questions=(
        ("面膜啥时候能到仓库？", "下周二", 0),
        ("寿宴那边一桌多少钱？", "两千八", 1),
    ),
    changed="姥姥吃的药现在上哪儿开？",
    about_secret=(
        ("我们当年要孩子是不是费了挺大劲？", "试管"),
        ("我肝上有啥毛病没有？", "乙肝"),
        ("直播后台密码多少来着？", "zb8826"),
        ("What's the password for my livestream back end?", "zb8826"),
    ),
)

ZH_TWENTYFOURTH_B = Persona(
    lang="zh",
    facts=(
        ("我在林场当护林员，天天在山上巡。", "fact"),
        ("我老伴在镇小学的食堂做饭。", "fact"),
        ("孙子跟着我们过，他爸妈在韩国打工。", "fact"),
        ("我对青霉素过敏，打了浑身起包。", "fact"),
        ("我戒烟三年了，闻到烟味都难受。", "fact"),
        ("我晕车，坐大巴必须坐前排。", "fact"),
        ("我每天早上四点起来喂牛。", "fact"),
        ("我是村里红白理事会的会长，谁家办事都找我。", "fact"),
        ("我每个礼拜天早上都去镇上的教堂做礼拜。", "fact"),
        ("我不识字，看东西得让孙子念。", "fact"),
        ("我最爱吃杀猪菜，配一大碗米饭。", "preference"),
        ("我不爱吃甜的，糖一多就腻。", "preference"),
    ),
    old="我的养老金打到农商行的卡里。",
    new="农商行那张卡注销了，现在养老金改打到邮政储蓄的卡上。",
    secrets=(
        ("我年轻时候打架伤了人，蹲过三年号子。", "蹲过"),
        ("儿子不是我亲生的，是抱养的。", "抱养"),
        ("存折的密码是190722。", "190722"),
    ),
    tasks=(
        ("秋天卖木耳", "收购站说干木耳一斤六十。"),
        ("修牛棚", "买彩钢瓦花了三千六。"),
    ),
    questions=(
        ("你天天在山上转悠是干啥活儿？", "护林员"),
        ("你老伴平时在哪儿忙活？", "食堂"),
        ("你家小孙子的爹妈咋不在身边？", "韩国"),
        ("嗓子发炎了，去卫生所打个吊瓶？", "青霉素"),
        ("来，抽一根华子？", "戒烟"),
        ("明天坐大巴进城，你坐最后一排跟我们打牌？", "晕车"),
        ("明早睡个懒觉，八点再起？", "喂牛"),
        ("老王家下月娶媳妇，谁帮着张罗？", "红白理事会"),
        ("礼拜天一大早去赶集？", "教堂"),
        ("这张通知你自己看看？", "不识字"),
        ("周末进城下馆子，点个啥？", "杀猪菜"),
        ("给你带块奶油蛋糕尝尝？", "甜"),
    ),
    task_questions=(
        ("干木耳收购站给多少一斤？", "六十", 0),
        ("那彩钢瓦最后花了多少钱？", "三千六", 1),
    ),
    changed="我那退休的钱现在打到哪个银行了？",
    about_secret=(
        ("我以前坐过牢没有？", "蹲过"),
        ("儿子是不是我亲生的？", "抱养"),
        ("那本存折的密码是几来着？", "190722"),
        ("What's the PIN for my savings passbook?", "190722"),
    ),
)

TWENTYFOURTH = (EN_TWENTYFOURTH_A, EN_TWENTYFOURTH_B, ZH_TWENTYFOURTH_A, ZH_TWENTYFOURTH_B)
