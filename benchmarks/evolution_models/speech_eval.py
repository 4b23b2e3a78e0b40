"""Labelled utterances and the evaluation report of a speech-act classifier.

The labelled set (``benchmarks/evolution_models/data/speech_acts.jsonl``) has one JSON object
per line:
``{"text": ..., "lang": "zh"|"en", "act": "<SpeechAct value>", "split": "dev"|"test"}``.
Rules are tuned on ``dev`` only; ``test`` was written before the first rule and is reported,
never tuned on. ``lang`` is the language the line was written in (mixed Chinese-English chat is
filed under ``zh``); the report groups accuracy by this gold language.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS, SpeechAct, SpeechActClassifier

Split = Literal["dev", "test"]
SPLITS: tuple[Split, ...] = ("dev", "test")
GOLD_LANGUAGES: tuple[str, ...] = ("zh", "en")
DATA_DIR = Path(__file__).resolve().parent / "data"
DATA_FILE = "speech_acts.jsonl"


@dataclass(frozen=True)
class LabelledUtterance:
    """One line of a labelled set: the text, its gold act, language and split."""

    text: str
    lang: str
    act: SpeechAct
    split: Split


def load_examples(
    path: str | Path | None = None, *, split: Split | None = None
) -> tuple[LabelledUtterance, ...]:
    """Read a labelled JSONL set (the bundled one when ``path`` is None), optionally one split.

    Raises :class:`InvalidArgumentError` naming the line of the first malformed record.
    """
    if split is not None and split not in SPLITS:
        raise InvalidArgumentError(f"split must be one of {SPLITS}, got {split!r}")
    if path is None:
        text = bundled_data().read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    rows = [_parse_line(line, n) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    return tuple(r for r in rows if split is None or r.split == split)


def bundled_data() -> Path:
    """The labelled set beside this module (the repository's copy; the wheel ships none)."""
    return DATA_DIR / DATA_FILE


def _parse_line(line: str, number: int) -> LabelledUtterance:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InvalidArgumentError(f"line {number}: not valid JSON ({exc.msg})") from exc
    if not isinstance(record, dict) or set(record) != {"text", "lang", "act", "split"}:
        raise InvalidArgumentError(f"line {number}: expected keys text, lang, act, split")
    text, lang, act, split = record["text"], record["lang"], record["act"], record["split"]
    if not isinstance(text, str) or not text.strip():
        raise InvalidArgumentError(f"line {number}: text must be a non-empty string")
    if lang not in GOLD_LANGUAGES:
        raise InvalidArgumentError(f"line {number}: lang must be one of {GOLD_LANGUAGES}")
    if act not in {a.value for a in SpeechAct}:
        raise InvalidArgumentError(f"line {number}: unknown act {act!r}")
    if split not in SPLITS:
        raise InvalidArgumentError(f"line {number}: split must be one of {SPLITS}")
    return LabelledUtterance(text=text, lang=lang, act=SpeechAct(act), split=split)


@dataclass(frozen=True)
class ClassMetrics:
    """Precision, recall and F1 of one act.

    ``recall`` is also the per-class accuracy: the share of this act's utterances that were
    labelled correctly.
    """

    act: SpeechAct
    support: int
    predicted: int
    correct: int

    @property
    def precision(self) -> float:
        """Share of utterances labelled with this act that truly are (0 when none were)."""
        return self.correct / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        """Share of this act's utterances that were found (0 when the act has no support)."""
        return self.correct / self.support if self.support else 0.0

    @property
    def accuracy(self) -> float:
        """Per-class accuracy: the share of this act's utterances labelled correctly (= recall)."""
        return self.recall

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(frozen=True)
class LanguageMetrics:
    """Accuracy on the utterances of one gold language."""

    lang: str
    support: int
    correct: int

    @property
    def accuracy(self) -> float:
        """Share labelled correctly (0 when there are none)."""
        return self.correct / self.support if self.support else 0.0


@dataclass(frozen=True)
class Misclassification:
    """One error, with the cues that led to it (what a rule author needs to see)."""

    text: str
    lang: str
    gold: SpeechAct
    predicted: SpeechAct
    cues: tuple[str, ...]


@dataclass(frozen=True)
class SpeechActReport:
    """The result of :func:`evaluate`: overall, per-class, per-language figures and confusion.

    ``confusion[i][j]`` counts utterances of gold ``labels[i]`` predicted as ``labels[j]``.
    """

    name: str
    total: int
    correct: int
    per_class: tuple[ClassMetrics, ...]
    per_language: tuple[LanguageMetrics, ...]
    labels: tuple[SpeechAct, ...]
    confusion: tuple[tuple[int, ...], ...]
    errors: tuple[Misclassification, ...]

    @property
    def accuracy(self) -> float:
        """Share of all utterances labelled correctly."""
        return self.correct / self.total if self.total else 0.0

    @property
    def leak_rate(self) -> float:
        """Share of questions, hypotheticals and emotions labelled as an assertive act.

        The failure the filter exists to prevent (a passing mood or a "what if" written as a
        long-term fact), so it is reported apart from accuracy: confusing two non-assertive
        acts, or two assertive ones, costs far less.
        """
        rows = [i for i, act in enumerate(self.labels) if act not in ASSERTIVE_ACTS]
        cols = [j for j, act in enumerate(self.labels) if act in ASSERTIVE_ACTS]
        gold = sum(sum(self.confusion[i]) for i in rows)
        leaked = sum(self.confusion[i][j] for i in rows for j in cols)
        return leaked / gold if gold else 0.0

    def class_metrics(self, act: SpeechAct) -> ClassMetrics:
        """The metrics of ``act``."""
        return next(m for m in self.per_class if m.act is act)

    def language_accuracy(self, lang: str) -> float:
        """Accuracy on gold language ``lang`` (0 when the set has none)."""
        return next((m.accuracy for m in self.per_language if m.lang == lang), 0.0)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view (floats rounded to 4 places)."""
        return {
            "name": self.name,
            "total": self.total,
            "correct": self.correct,
            "accuracy": round(self.accuracy, 4),
            "leak_rate": round(self.leak_rate, 4),
            "per_class": {
                m.act.value: {
                    "support": m.support,
                    "predicted": m.predicted,
                    "correct": m.correct,
                    "precision": round(m.precision, 4),
                    "recall": round(m.recall, 4),
                    "f1": round(m.f1, 4),
                }
                for m in self.per_class
            },
            "per_language": {
                m.lang: {
                    "support": m.support,
                    "correct": m.correct,
                    "accuracy": round(m.accuracy, 4),
                }
                for m in self.per_language
            },
            "labels": [a.value for a in self.labels],
            "confusion": [list(row) for row in self.confusion],
            "errors": [
                {
                    "text": e.text,
                    "lang": e.lang,
                    "gold": e.gold.value,
                    "predicted": e.predicted.value,
                    "cues": list(e.cues),
                }
                for e in self.errors
            ],
        }

    def format_table(self) -> str:
        """A plain-text table for the terminal: per class, per language, confusion matrix."""
        lines = [
            f"== {self.name}: accuracy {self.accuracy:.3f} ({self.correct}/{self.total}), "
            f"leak rate {self.leak_rate:.3f} (question/hypothetical/emotion labelled assertive)"
        ]
        lines.append(f"{'act':<14}{'support':>8}{'prec':>8}{'recall':>8}{'f1':>8}  (recall = acc)")
        for m in self.per_class:
            lines.append(
                f"{m.act.value:<14}{m.support:>8}{m.precision:>8.3f}{m.recall:>8.3f}{m.f1:>8.3f}"
            )
        lines.append(f"{'language':<14}{'support':>8}{'acc':>8}")
        for lm in self.per_language:
            lines.append(f"{lm.lang:<14}{lm.support:>8}{lm.accuracy:>8.3f}")
        short = [a.value[:5] for a in self.labels]
        lines.append("confusion (rows gold, columns predicted)")
        lines.append(" " * 14 + "".join(f"{s:>7}" for s in short))
        for act, row in zip(self.labels, self.confusion, strict=True):
            lines.append(f"{act.value:<14}" + "".join(f"{n:>7}" for n in row))
        return "\n".join(lines)


def evaluate(
    classifier: SpeechActClassifier,
    examples: Iterable[LabelledUtterance],
    *,
    name: str = "speech acts",
) -> SpeechActReport:
    """Classify every example and compare with its gold act."""
    items: Sequence[LabelledUtterance] = tuple(examples)
    if not items:
        raise InvalidArgumentError("evaluate() needs at least one labelled example")
    labels = tuple(SpeechAct)
    index = {act: i for i, act in enumerate(labels)}
    confusion = [[0] * len(labels) for _ in labels]
    by_lang: dict[str, list[int]] = {}
    errors: list[Misclassification] = []
    for ex in items:
        result = classifier.classify(ex.text)
        confusion[index[ex.act]][index[result.act]] += 1
        tally = by_lang.setdefault(ex.lang, [0, 0])
        tally[0] += 1
        if result.act is ex.act:
            tally[1] += 1
        else:
            errors.append(Misclassification(ex.text, ex.lang, ex.act, result.act, result.cues))
    per_class = tuple(
        ClassMetrics(
            act=act,
            support=sum(confusion[i]),
            predicted=sum(row[i] for row in confusion),
            correct=confusion[i][i],
        )
        for i, act in enumerate(labels)
    )
    per_language = tuple(
        LanguageMetrics(lang, *by_lang[lang]) for lang in sorted(by_lang, key=_language_order)
    )
    return SpeechActReport(
        name=name,
        total=len(items),
        correct=sum(confusion[i][i] for i in range(len(labels))),
        per_class=per_class,
        per_language=per_language,
        labels=labels,
        confusion=tuple(tuple(row) for row in confusion),
        errors=tuple(errors),
    )


def _language_order(lang: str) -> tuple[int, str]:
    return (GOLD_LANGUAGES.index(lang) if lang in GOLD_LANGUAGES else len(GOLD_LANGUAGES), lang)
