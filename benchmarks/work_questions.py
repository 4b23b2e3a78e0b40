"""How the question reader takes held-out questions about one's own work (issue 38):
``python -m benchmarks.work_questions [--json FILE]``.

``benchmarks/data/work_questions_blind.json`` holds ten questions per language asking what one
does for work or where, and five asking something else named with work, written before the
work-question reading was changed. A job question is read when :func:`asked_slot` gives one of
the two halves of one's work (``attributes.WORK``); a guard is read wrongly when it does.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hybridmem.retrieval.attributes import WORK, asked_slot

DATA = Path(__file__).resolve().parent / "data" / "work_questions_blind.json"


def read_all(path: Path = DATA) -> dict[str, dict[str, list[dict[str, object]]]]:
    """Each question of the set with the attribute read from it, by language and kind."""
    data = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, dict[str, list[dict[str, object]]]] = {}
    for lang in ("en", "zh"):
        out[lang] = {
            kind: [{"question": q, "read": asked_slot(q)} for q in data[lang][kind]]
            for kind in ("job", "not_job")
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    result = read_all()
    print(f"{'lang':<5}{'job read':>10}{'guards read':>13}")
    for lang, kinds in result.items():
        job = sum(r["read"] in WORK for r in kinds["job"])
        wrong = sum(r["read"] in WORK for r in kinds["not_job"])
        print(f"{lang:<5}{job:>7}/{len(kinds['job']):<2}{wrong:>10}/{len(kinds['not_job'])}")
        for kind, rows in kinds.items():
            for r in rows:
                print(f"     {kind:<8}{r['read']!s:<16}{r['question']}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
