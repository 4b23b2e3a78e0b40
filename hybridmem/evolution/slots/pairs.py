"""Do two statements give values of one attribute? A pair model for statements no slot names.

Slots (:mod:`~hybridmem.evolution.slots.rules`) name the attributes people talk about most; the rest
("the design team meeting moved to Thursdays", "send invoices to the south office now") can
only be linked by what the two statements share. An absolute cosine cannot do it with
multilingual-e5: its cosines for two values of one attribute (0.85-0.97) overlap those of
unrelated facts (0.81-0.91), and a false link demotes a true fact.

The pair model reads a handful of features that mean the same for any attribute (a model over
the raw vector dimensions learnt the training attributes and linked 64% of unseen statements
to an unrelated fact, see ``pair_embed_eval``):

* the cosine, and the cosine after removing the language's mean vector (e5's vectors share a
  large common component, so raw cosines are all high; centred ones spread out);
* the content words the two share, split into *attribute words* and *value words* (numbers,
  addresses, names, times and places: Chinese by part of speech, English by digits and
  capitals inside the sentence): two values of one attribute share the attribute's words and
  differ in the values ("design team meeting" / Mondays vs Thursdays), two attributes with one
  value share only the value ("gym on Tuesdays" / "piano on Tuesdays");
* the Jaccard overlap of the attribute words.

A model file may carry a whitening matrix per language; it then reads a sixth feature, the
cosine after within-group covariance normalisation (the centred vectors whitened by the
covariance of the statements of one attribute around their group's mean, so the directions
along which values of one attribute vary weigh less). It reads more changes that share no
word and tells more twins apart on blind pairs, but on the colloquial scenarios it fixed four
English misses and made three Chinese ones (docs/benchmarks.md, stale9): the shipped model
has none (``pair_embed_eval fit --whiten`` writes one).

Labels: ``same_value`` (a restatement), ``same_attribute`` (a change), ``different``
(including someone else's same attribute and the same value of another attribute). Fitted
offline on labelled attribute groups (``data/attribute_pairs.jsonl``) like the other embedding
models (:mod:`~hybridmem.evolution.embed_models`: standardised features, default
regularisation, no tuned knob) and shipped as JSON per embedder with the language centres.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from hybridmem import lexical
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.embed_models import E5_NAME, LinearModel

SAME_VALUE = "same_value"
SAME_ATTRIBUTE = "same_attribute"
DIFFERENT = "different"
LABELS = (SAME_VALUE, SAME_ATTRIBUTE, DIFFERENT)
CANDIDATES = 1
"""How many of a newcomer's most similar live facts the pair model is asked about: only the
nearest (on the dev halves, asking the five nearest linked 10-18% of statements that had no
earlier value to an unrelated fact; the nearest alone 4-16%)."""
MODEL_FILES: dict[str, str] = {E5_NAME: "pair_embed_e5.json"}
COMMON_FILE = "common_words.json"
COMMON_SHARE = 0.005
"""An English content word in at least this share of the labelled English chat lines
(``speech_acts.jsonl`` and ``slot_changes.jsonl``, about 1,000 lines) is everyday vocabulary
("now", "work", "drive") and names no attribute. Chosen on the dev halves of the attribute
groups before any blind evaluation: the largest share whose false-link rate stayed at most
0.02. Chinese everyday words come from jieba's dictionary frequencies instead
(``pair_embed_eval.COMMON_FREQUENCY_ZH``: 时间, 叫, 现在, 公司...)."""
FEATURES = (
    "cosine",
    "centred_cosine",
    "shared_attribute_words",
    "shared_value_words",
    "attribute_jaccard",
)
WHITENED_FEATURE = "whitened_cosine"
"""The sixth feature of a model file that carries whitening matrices."""

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[\w.+\-]+@[\w.\-]+\w|[A-Za-z][A-Za-z'\-]*|\d[\d:.,/\-]*\d|\d")
_EN_STOP = frozenset(
    [
        "i",
        "me",
        "my",
        "we",
        "our",
        "us",
        "you",
        "your",
        "he",
        "she",
        "him",
        "her",
        "his",
        "it",
        "its",
        "they",
        "them",
        "their",
        "the",
        "a",
        "an",
        "to",
        "of",
        "in",
        "on",
        "at",
        "for",
        "from",
        "with",
        "by",
        "and",
        "or",
        "but",
        "is",
        "am",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "have",
        "has",
        "had",
        "do",
        "does",
        "did",
        "this",
        "that",
        "these",
        "those",
        "now",
        "then",
        "again",
        "really",
        "still",
        "just",
        "also",
        "so",
        "very",
        "too",
        "not",
        "no",
        "as",
        "into",
        "than",
        "there",
        "here",
        "user",
        "users",
    ]
)
_ZH_STOP_CHARS = frozenset("我的了吧都是还在现以后更就也很要其实最近吗呢啊呀又再用户把被给们")
_ZH_VALUE_FLAGS = frozenset({"t", "m", "mq", "q", "nr", "nrfg", "nrt", "ns", "nt", "nz", "eng"})
_ZH_FUNCTION_FLAGS = ("u", "p", "c", "r", "d", "y", "e", "o", "x", "w")


@dataclass(frozen=True)
class PairModel:
    """The linear model over :data:`FEATURES`, the language centres it was fitted with and,
    when it reads :data:`WHITENED_FEATURE` too, a whitening matrix per language."""

    linear: LinearModel
    centres: dict[str, np.ndarray]
    whiten: dict[str, np.ndarray] | None = None

    def to_json(self) -> str:
        out: dict[str, object] = {
            "model": json.loads(self.linear.to_json()),
            "centres": {k: np.round(v, 6).tolist() for k, v in self.centres.items()},
        }
        if self.whiten is not None:
            out["whiten"] = {k: encode_matrix(v) for k, v in self.whiten.items()}
        return json.dumps(out)

    @classmethod
    def from_json(cls, text: str) -> PairModel:
        try:
            raw = json.loads(text)
            centres = {k: np.asarray(v, dtype=np.float64) for k, v in raw["centres"].items()}
            whiten = (
                {k: decode_matrix(v) for k, v in raw["whiten"].items()} if "whiten" in raw else None
            )
            return cls(LinearModel.from_json(json.dumps(raw["model"])), centres, whiten)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidArgumentError(f"not a pair model: {exc}") from exc


def encode_matrix(matrix: np.ndarray) -> dict[str, object]:
    """A matrix as half-precision bytes in base64 (a 384 x 384 matrix in 0.4 MB of JSON
    instead of 1.5 MB of decimals; the fitting program fits on the half-precision one)."""
    data = np.ascontiguousarray(matrix, dtype="<f2").tobytes()
    return {"shape": list(matrix.shape), "float16": base64.b64encode(data).decode("ascii")}


def decode_matrix(raw: dict[str, object]) -> np.ndarray:
    shape = tuple(int(n) for n in raw["shape"])  # type: ignore[attr-defined]
    data = base64.b64decode(str(raw["float16"]))
    return np.frombuffer(data, dtype="<f2").astype(np.float64).reshape(shape)


@lru_cache(maxsize=4)
def model_for(embedder_name: str, dimension: int) -> PairModel | None:
    """The pair model shipped for this embedder, or None."""
    filename = MODEL_FILES.get(embedder_name)
    if filename is None:
        return None
    resource = resources.files("hybridmem.evolution").joinpath("data").joinpath(filename)
    if not resource.is_file():
        return None
    model = PairModel.from_json(resource.read_text(encoding="utf-8"))
    if (
        model.linear.embedder != embedder_name
        or any(c.shape != (dimension,) for c in model.centres.values())
        or any(w.shape != (dimension, dimension) for w in (model.whiten or {}).values())
    ):
        return None
    return model


_CHANGE_EN = re.compile(
    r"\b(?:now|nowadays|these days|any ?more|no longer|from now on|instead|since|new"
    r"|moved|moving|switched|changed|replaced|updated|became|relocated|started|stopped"
    r"|left|quit|sold|slipped|postponed|pushed back|brought forward|back to)\b",
    re.IGNORECASE,
)
# The Chinese change words of more than one character, and the single characters (to change,
# to swap, to move house, new, to turn, to resign) that say a change only as words of their own.
_CHANGE_ZH_WORDS = r"现在|如今|目前|以后|往后|今后|不再|已经|从此|变成|调到|挪到|推迟|提前|离职"
_CHANGE_ZH_CHARS = "改换搬新转辞"
_CHANGE_ZH = re.compile(_CHANGE_ZH_WORDS + "|[" + _CHANGE_ZH_CHARS + "]")
_CHANGE_ZH_PHRASE = re.compile(_CHANGE_ZH_WORDS)
# jieba's flags of a place, a person's, an organisation's and another proper name (新加坡, 新疆).
_NAME_FLAGS = ("ns", "nr", "nt", "nz")


@lru_cache(maxsize=1)
def common_words() -> dict[str, frozenset[str]]:
    """The everyday content words of each language (see :data:`COMMON_SHARE`), as shipped
    (``python -m benchmarks.evolution_models.pair_embed_eval common`` writes them)."""
    resource = resources.files("hybridmem.evolution").joinpath("data").joinpath(COMMON_FILE)
    try:
        raw = json.loads(resource.read_text(encoding="utf-8"))
        return {lang: frozenset(raw["words"][lang]) for lang in ("en", "zh")}
    except (OSError, KeyError, TypeError, ValueError) as exc:
        raise InvalidArgumentError(f"{COMMON_FILE} is not a common-words file: {exc}") from exc


@lru_cache(maxsize=1)
def chat_words() -> dict[str, frozenset[str]]:
    """Everyday words by one rule for both languages: a content word in at least
    :data:`COMMON_SHARE` of the labelled chat lines of its language (English: the shipped
    :func:`common_words`; Chinese: the file's ``chat_words``, which holds 喜欢, 帮, 今天, 早上
    that jieba's dictionary counts too rarely to be in :func:`common_words`)."""
    resource = resources.files("hybridmem.evolution").joinpath("data").joinpath(COMMON_FILE)
    try:
        raw = json.loads(resource.read_text(encoding="utf-8"))
        return {"en": common_words()["en"], "zh": frozenset(raw["chat_words"]["zh"])}
    except (OSError, KeyError, TypeError, ValueError) as exc:
        raise InvalidArgumentError(f"{COMMON_FILE} has no chat words: {exc}") from exc


def anchors(text: str) -> frozenset[str]:
    """The words of ``text`` that can name what attribute it is about: content words that are
    not values, not change words, and not everyday vocabulary ("pottery", "gate code", 陶艺,
    门禁). Two values of one attribute share one; the twins that defeat similarity (the gym
    and the piano lesson on Saturdays, a car and driving to work) share only a value or an
    everyday word."""
    lang = language(text)
    common = common_words()[lang]
    change = _CHANGE_ZH if lang == "zh" else _CHANGE_EN
    return frozenset(
        w for w, value in words(text) if not value and w not in common and not change.search(w)
    )


def is_everyday(word: str) -> bool:
    """Whether ``word`` (an English term or a Chinese word) is everyday vocabulary
    (:func:`chat_words`: a content word in at least :data:`COMMON_SHARE` of the labelled chat
    lines of its language): "moved", "drive", "work", 现在, 今天 say how something is said,
    never which value it is."""
    lang = language(word)
    key = word if lang == "zh" else _stem(word.lower().removesuffix("'s"))
    return key in chat_words()[lang]


def shares_anchor(a_text: str, b_text: str) -> bool:
    """Whether the two statements share a word naming an attribute (:func:`anchors`)."""
    return bool(anchors(a_text) & anchors(b_text))


def states_change(text: str) -> bool:
    """Whether a statement says something changed or holds from now on ("moved to",
    "now", "instead", 改到, 以后, 现在...): a statement with no slot links to an earlier one only
    when it does (a new fact that resembles an old one is far likelier than a change)."""
    return bool(_changes_en(text) or _CHANGE_ZH_PHRASE.search(text) or _changes_by_character(text))


# A verb form right after a determiner modifies the noun after it ("deaf in my left ear", "the
# stopped clock"): no change is said. "new" is an adjective of change wherever it stands.
_DETERMINER_BEFORE = re.compile(r"\b(?:my|your|his|her|our|their|its|the|a|an)\s+$", re.I)


def _changes_en(text: str) -> bool:
    """Whether an English change word of :data:`_CHANGE_EN` is said as one (not a modifier)."""
    return any(
        m.group().lower() == "new" or not _DETERMINER_BEFORE.search(text[: m.start()])
        for m in _CHANGE_EN.finditer(text)
    )


# "Again", "back on": a value said to hold again, after another in between ("Night shift again",
# "Netflix is back on"); "back to" is already a change word above.
_AGAIN_EN = re.compile(r"\b(?:again|back on)\b", re.IGNORECASE)
# 回到 is "return to" a place or state (回到杭州); 回来 / 回去 name nothing returned to and
# mostly say a trip's end (周五回来, 好几年没回去了: labelled lines with no value), and the
# other words of the dictionary that start with 回 (回家, 回复, 回答, 回忆, 回放) say no return.
_BACK_ZH_WORDS = frozenset({"回到"})
_CLAUSE_ZH = re.compile(r"[，,。；;！!？?]")


def says_again(text: str) -> bool:
    """Whether a statement says a value holds again ("Kindle again", "back on meat", 又用回华为,
    回到杭州, 重新用上Kindle): a move back, which names the earlier value it returns to and is
    no restatement of the value in between (:func:`announces_value`). Never a change word of
    :func:`states_change`: an emotion at an event that happened again ("missed the bus
    again", 快递又送错了) commits to no change, and the speech-act filter's commitment reading
    asks :func:`states_change`; nor a gate of the pair model's links (``write.planner``:
    measured, it linked moves back whose value in between stayed in another group, and a
    repeat, see docs/benchmarks.md, moveback11).

    Chinese is read on jieba's words: 又 as an adverb of its own, except in 又…又… ("both… and…",
    又冷又累) within one clause; 回 as a verb of its own (回公司, 又回工行), 回到, or a verb's
    complement (搬回, 做回, 用回: the word or the character after a verb) unless a person
    follows (回我 "reply to me"); 重新 as a word of its own (never 重 inside another word)."""
    if _AGAIN_EN.search(text):
        return True
    if not _CJK.search(text) or not any(c in text for c in "又回重"):
        return False
    return _again_by_word(text)


@lru_cache(maxsize=8192)
def _again_by_word(text: str) -> bool:
    for clause in _CLAUSE_ZH.split(text):
        tagged = lexical.pos_tags(clause)
        if sum(1 for w, _ in tagged if w == "又") == 1:
            return True
        for i, (word, flag) in enumerate(tagged):
            if word == "重新" or word in _BACK_ZH_WORDS:
                return True
            if not flag.startswith("v") or not word.endswith("回"):
                continue
            # 回 followed by a person is "to reply" (回我, 回他): no return to a value.
            after = tagged[i + 1][1] if i + 1 < len(tagged) else ""
            if len(word) > 1 or not after.startswith("r"):
                return True
    return False


# Additive focus: the statement's value is one more beside what holds ("a summary at the top as
# well", "I also take the 8:15 on Fridays", 会议纪要也抄送小陈, 推书顺便说评分). "too" only at a
# clause's end: before a word it is degree ("too sweet"), which says nothing of what else holds.
_ADDS_EN = re.compile(r"\b(?:also|as well)\b|\btoo\b(?=\s*(?:[,.;:!?)]|$))", re.IGNORECASE)
_ADDS_ZH_WORDS = frozenset({"也", "顺便"})


def adds_to(text: str) -> bool:
    """Whether a statement says its value is in addition to another that holds: an additive
    focus particle, a closed class of function words (also, as well, a clause-final too; 也 and
    顺便 as jieba words of their own, so never 也许 "maybe"). An additive presupposes that
    something else of its kind holds, so such a statement adds a value and replaces none,
    whatever change word it says ("Copy Keith in on the plans from now on as well", 以后纪要也
    抄送一份给小陈)."""
    if _ADDS_EN.search(text):
        return True
    if not _CJK.search(text) or not any(c in text for c in "也顺"):
        return False
    return any(word in _ADDS_ZH_WORDS for word, _ in lexical.pos_tags(text))


def announces_value(text: str) -> bool:
    """Whether a statement announces a value, new or returned to: it states a change
    (:func:`states_change`) or says a value holds again (:func:`says_again`). Such a statement
    is never a restatement of a live value (``write.paraphrase``): a move back often names the
    value it leaves ("The Northgate pool again, Riverside was always packed"), and read as its
    restatement it was folded into that very value."""
    return states_change(text) or says_again(text)


@lru_cache(maxsize=8192)
def _changes_by_character(text: str) -> bool:
    """Whether a single-character change word of :data:`_CHANGE_ZH_CHARS` is used as one in
    ``text``, read on jieba's words. A character inside another word of the dictionary is no
    change unless it heads it as a verb does its object (搬家, 转行, 换成): 新加坡, 新闻, 重新,
    高新区, 二人转 (a name, a modifier, part of a noun) say none. A word the HMM made of
    characters the dictionary could not place (我换, 想换) keeps each character's own sense. A
    character followed by 不 in its word says nothing changed: the potential complement
    (转不动 "cannot turn", 搬不动, 改不了) and the A-not-A question (换不换)."""
    if not any(c in _CHANGE_ZH_CHARS for c in text):
        return False
    for word, flag in lexical.pos_tags(text):
        for i, char in enumerate(word):
            if char not in _CHANGE_ZH_CHARS or word[i + 1 : i + 2] == "不":
                continue
            if len(word) == 1 or not lexical.in_dictionary(word):
                return True
            if i == 0 and not flag.startswith(_NAME_FLAGS):
                return True
    return False


def language(text: str) -> str:
    return "zh" if _CJK.search(text) else "en"


@lru_cache(maxsize=8192)
def words(text: str) -> tuple[tuple[str, bool], ...]:
    """Content words of ``text`` as (word, is_value): values are numbers, addresses, names,
    times and places (Chinese: by part of speech; English: digits, ``@`` and capitals not
    starting a sentence)."""
    if _CJK.search(text):
        return _words_zh(text)
    out: list[tuple[str, bool]] = []
    for match in _LATIN.finditer(text):
        word = match.group()
        low = word.lower().removesuffix("'s")
        if low in _EN_STOP or (len(low) < 2 and not low.isdigit()):
            continue
        start = match.start()
        initial = start == 0 or text[:start].rstrip()[-1:] in ".;!?:"
        value = bool(re.search(r"[\d@]", word)) or (word[0].isupper() and not initial)
        out.append((_stem(low), value))
    return tuple(out)


def _words_zh(text: str) -> tuple[tuple[str, bool], ...]:
    out: list[tuple[str, bool]] = []
    for word, flag in lexical.pos_tags(text):
        word = word.strip().lower()
        # A value's flag is never a function word's: jieba tags a Latin word "eng", which
        # starts like "e" (an interjection), and Chrome, MacBook or PS5 in a Chinese
        # statement were dropped, so two statements naming one product shared no word.
        if not word or not re.search(r"\w", word):
            continue
        if flag not in _ZH_VALUE_FLAGS and flag.startswith(_ZH_FUNCTION_FLAGS):
            continue
        if _CJK.search(word):
            word = "".join(c for c in word if c not in _ZH_STOP_CHARS)
            if not word:
                continue
        out.append((word, flag in _ZH_VALUE_FLAGS or bool(re.search(r"\d", word))))
    return tuple(out)


def _stem(word: str) -> str:
    for suffix in ("ings", "ing", "es", "s", "ed"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _centred(vector: np.ndarray, centre: np.ndarray | None) -> np.ndarray:
    if centre is None:
        return vector
    out = vector - centre
    norm = float(np.linalg.norm(out))
    return out / norm if norm > 0 else out


def features(
    a_vec: np.ndarray,
    a_text: str,
    b_vec: np.ndarray,
    b_text: str,
    centres: dict[str, np.ndarray],
    whiten: dict[str, np.ndarray] | None = None,
) -> np.ndarray:
    """The :data:`FEATURES` of a pair (symmetric), and :data:`WHITENED_FEATURE` after them
    when ``whiten`` is given (a language without a matrix: the centred cosine)."""
    a = np.asarray(a_vec, dtype=np.float64)
    b = np.asarray(b_vec, dtype=np.float64)
    lang_a, lang_b = language(a_text), language(b_text)
    ca = _centred(a, centres.get(lang_a))
    cb = _centred(b, centres.get(lang_b))
    wa, wb = words(a_text), words(b_text)
    attr_a = {w for w, value in wa if not value}
    attr_b = {w for w, value in wb if not value}
    value_a = {w for w, value in wa if value}
    value_b = {w for w, value in wb if value}
    union = attr_a | attr_b
    out = [
        float(a @ b),
        float(ca @ cb),
        float(len(attr_a & attr_b)),
        float(len(value_a & value_b)),
        len(attr_a & attr_b) / len(union) if union else 0.0,
    ]
    if whiten is not None:
        ma, mb = whiten.get(lang_a), whiten.get(lang_b)
        out.append(_cosine(ma @ ca, mb @ cb) if ma is not None and mb is not None else out[1])
    return np.array(out)


def _cosine(u: np.ndarray, v: np.ndarray) -> float:
    norm = float(np.linalg.norm(u) * np.linalg.norm(v))
    return float(u @ v) / norm if norm > 0 else 0.0


@dataclass(frozen=True, slots=True)
class PairReading:
    """The model's reading of one pair."""

    same_value: float
    same_attribute: float

    @property
    def linked(self) -> bool:
        """One attribute (either label) holds a majority of the probability."""
        return self.same_value + self.same_attribute > 0.5

    @property
    def restates(self) -> bool:
        """The same value said again holds a majority."""
        return self.same_value > 0.5


def read(
    model: PairModel, a_vec: np.ndarray, a_text: str, b_vec: np.ndarray, b_text: str
) -> PairReading:
    """How the model reads the pair (``a``, ``b``)."""
    x = features(a_vec, a_text, b_vec, b_text, model.centres, model.whiten)
    probs = model.linear.probabilities(x)
    by_label = dict(zip(model.linear.labels, (float(p) for p in probs), strict=True))
    return PairReading(by_label.get(SAME_VALUE, 0.0), by_label.get(SAME_ATTRIBUTE, 0.0))
