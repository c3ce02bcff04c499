"""Each rule of the recognizer's find and check stages switched off in turn, on real photos.

Prints, for the shipped models with every rule and with each rule off, the tile accuracy,
precision and photos entirely right on the labelled ``valid`` photos, and on the real close-ups
of other sets (``../shared/datasets/real-other-designs``) the share found as exactly one box and
the share read right. All runs in one process, one after the other, on the same photos::

    python benchmarks/recognizer_ablation.py --every 2
    python benchmarks/recognizer_ablation.py --only close_up_looks,cut_off

A rule pays where switching it off reads either set worse (docs/recognizer.md, models/MODEL_CARD.md).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vision import check, find, recognizer  # noqa: E402
from vision.evaluate import VALID, evaluate  # noqa: E402
from vision.images import read_image  # noqa: E402

OTHER_SETS = ROOT.parent / "shared" / "datasets" / "real-other-designs"


#: Each rule: the setting that switches it off (module, attribute, value) or new thresholds.
RULES: dict[str, list[tuple[Any, str, Any]] | dict[str, float]] = {
    "close_up_looks": [(find, "CLOSE_UP_LOOKS", False)],
    "sure_tile": {"sure_tile": math.inf},
    "blank_score": {"blank_score": 0.35},
    "same_inside": {"same_inside": 0.6},
    "back_score": {"back_score": 0.35},
    "holders": [(check, "_drop_holders", lambda xywh, kept, *rest: kept)],
    "cut_off": [(recognizer, "_cut_off", lambda boxes, w, h: np.zeros(len(boxes), bool))],
    "blank_pieces": [(recognizer, "PIECE_PASSES", 0)],
    "body_sides": [(recognizer, "_body_sides", lambda tiles: tiles)],
    "marks_within": [(recognizer, "_marks_within", lambda tiles: tiles)],
    "lone_piece": [(recognizer, "_lone_piece", lambda *args: None)],
    "lettered": [(recognizer, "_lettered", lambda image, tiles: tiles)],
    "marked_blank": [(check, "_blank_there", lambda image, box: True)],
    "pale_blank": [(recognizer, "_pale_blank", lambda image, box: False)],
    "coloured_back": [(recognizer, "_coloured_back", lambda image, box: False)],
    "back_in_row": [(check, "ROW_GAP", -math.inf)],
    "back_area": [(check, "BACK_AREA", 0.0)],
}


@contextlib.contextmanager
def switched_off(settings: list[tuple[Any, str, Any]]) -> Iterator[None]:
    """The module attributes set for the block and put back after it."""
    saved = [(module, name, getattr(module, name)) for module, name, _ in settings]
    try:
        for module, name, value in settings:
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def other_sets(detect: Callable[[np.ndarray], list[dict[str, Any]]]) -> dict[str, float]:
    """One box and read right, over the real close-ups of other sets (one tile a photo)."""
    labels = sorted(OTHER_SETS.glob("*/labels.jsonl"))
    rows = [(path.parent, json.loads(line)) for path in labels for line in path.read_text().splitlines()
            if line.strip()]
    one = right = 0
    for folder, row in rows:
        tiles = detect(read_image(folder / row["path"]))
        one += len(tiles) == 1
        right += len(tiles) == 1 and tiles[0]["tile"] == row["tile"]
    count = max(1, len(rows))
    return {"photos": len(rows), "one_box": round(one / count, 4), "read_right": round(right / count, 4)}


def main(argv: list[str] | None = None) -> int:
    """Print the table (and JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=str(ROOT / "models"))
    parser.add_argument("--every", type=int, default=1, help="every n-th valid photo only")
    parser.add_argument("--limit", type=int, help="the first N valid photos only")
    parser.add_argument("--only", help="comma-separated rules (default all): " + ", ".join(RULES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = args.only.split(",") if args.only else list(RULES)
    unknown = [n for n in names if n not in RULES]
    if unknown:
        parser.error(f"unknown rule {unknown[0]!r}: one of {', '.join(RULES)}")
    base = recognizer.Recognizer.load(args.models)
    results = {}
    for name in ["(all rules)", *names]:
        rule = RULES.get(name, [])
        reader = base
        if isinstance(rule, dict):
            reader = recognizer.Recognizer(base.detector, base.classifier,
                                           replace(base.thresholds, **rule), base.faces_detector,
                                           closeup_detector=base.closeup_detector)
            rule = []
        with switched_off(rule):
            valid = evaluate(reader.detect, args.limit, VALID, every=args.every).summary()
            other = other_sets(reader.detect) if OTHER_SETS.is_dir() else {}
        results[name] = {"valid": valid, "other_sets": other}
        print(f"{name:16} valid acc {valid['tile_accuracy']:.4f} prec {valid['precision']:.4f} "
              f"all right {valid['photos_all_right']:.3f} | other sets one box "
              f"{other.get('one_box', float('nan')):.3f} right {other.get('read_right', float('nan')):.3f}",
              flush=True)
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
