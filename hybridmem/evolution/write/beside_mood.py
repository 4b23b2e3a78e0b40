"""A standing line said beside a mood, on the whole-text write path (issue 38, helper addmood23).

``HybridMemory.add`` reads a fact or preference whole. In a message of several sentences a mood
beside a standing line makes the whole a mood, and the filter holds the standing line back with
it: "Ugh, so tired. By the way, I can't stand coriander.", 热死了。我这个月开始在图书馆上班了。
(blind speech batches 29 and 30: assertive recall 0.60 / 0.50 and 0.55 / 0.50). The
conversation extractor did not lose them: it cuts the message into sentences and files each
standing one under the user's root.

So a message held back whole is read sentence by sentence the way the extractor reads it
(:func:`hybridmem.evolution.speech.in_message.read_message`: each want's sentence with the
sentence beside it that says the moment) and kept when one of its sentences is one the
extractor would file under the root (:func:`.sentence_kinds.sentence_kind`: a preference that
is not of the moment, a standing instruction, a value of one of the user's slots, a standing
fact about someone of theirs) and holds no want. A want's sentence is left out: whether a want
is standing or the moment's is the question the whole reading, which sees the clause beside it,
already answered ("Soaked to the skin. I want dry clothes and a radiator."), so a sentence
whose want only the whole reading found (a 要 that is a want beside a state reached,
``speech/yao.py``: 打印机又卡纸了。我要先喝口咖啡。) is left out too: the rest of the message must
hold every want the whole reading found. And the sentence names the speaker (a first-person
word, a closed class: "I", "my", "our", 我, 咱): beside a mood, a sentence with no subject or a
thing's is the mood's circumstance as often as a fact of the user's ("Traffic hasn't moved in
twenty minutes.", read by the slot rules as a move), and a Chinese want whose 想 the
dictionary cut hides (想开|车) reads as a plain statement with no subject.
"""

from __future__ import annotations

from hybridmem.evolution.slots.relation_values import FIRST_PERSON
from hybridmem.evolution.speech import volition
from hybridmem.evolution.speech.in_message import join, read_message
from hybridmem.evolution.speech.labels import SpeechActClassifier, SpeechActResult
from hybridmem.evolution.write.sentence_kinds import USER_LEVEL, sentence_kind


def standing_line(text: str, whole: SpeechActResult, classifier: SpeechActClassifier) -> str | None:
    """The first sentence of ``text`` (read whole as ``whole``) that is a standing line the
    user said of themselves or theirs, read in its message (the module docstring); None when
    there is none or ``text`` is one sentence."""
    labelled = read_message(text, classifier)
    if len(labelled) < 2:
        return None
    wants = volition.WANTS.intersection(whole.cues)
    for n, (sentence, result) in enumerate(labelled):
        if not volition.WANTS.isdisjoint(result.cues) or not FIRST_PERSON.search(sentence):
            continue
        kept = sentence_kind("user", sentence, result, classifier)
        if kept is None or kept.kind not in USER_LEVEL:
            continue
        rest = join([s for i, (s, _) in enumerate(labelled) if i != n])
        if wants and not wants.issubset(classifier.classify(rest).cues):
            continue  # the whole reading found a want in this sentence
        return sentence
    return None
