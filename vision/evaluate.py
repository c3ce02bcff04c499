"""Measuring the recognizer on the labelled `valid` photos: tile accuracy, precision, whole photos.

A tile counts as read right when a predicted box overlaps its labelled box at IoU ≥ 0.5 (one
prediction per label, best overlaps first) and carries the same code. Run
``python -m vision.evaluate [--limit N]``; it prints the figures the model card reports.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from datasets.real import DEFAULT_SOURCE

from .boxes import iou
from .images import read_image
from .preprocess import turn as turn_image
from .preprocess import turn_box, widen

#: The shared real photos with their labels (``datasets.real`` reads the same folder).
VALID = DEFAULT_SOURCE


def labelled_photos(source: Path = VALID, split: str = "valid", audited: bool = False,
                    ) -> Iterator[tuple[Path, list[dict[str, Any]]]]:
    """Each photo of a split with its labelled tiles (codes and pixel boxes); ``audited``: with
    the corrections found by eye (``datasets/audit.py``) applied."""
    from datasets.audit import corrected, read_audit
    from datasets.real import class_remap, iter_split, read_labels, read_names

    from .classes import TILE_CLASSES

    remap = class_remap(read_names(source))
    corrections = read_audit() if audited else {}
    for image_path, label_path in iter_split(source, split):
        import cv2

        height, width = cv2.imread(str(image_path)).shape[:2]
        tiles = [{"tile": TILE_CLASSES[remap[b.cls]], "box": list(b.to_pixels(width, height))}
                 for b in read_labels(label_path)]
        yield image_path, corrected(tiles, corrections.get(image_path.name, []))


def match(predicted: list[dict[str, Any]], truth: list[dict[str, Any]], threshold: float = 0.5,
          ) -> list[tuple[int, int]]:
    """Pairs (prediction, label) matched one-to-one, highest IoU first, at IoU ≥ threshold."""
    pairs = sorted(((iou(p["box"], t["box"]), i, j) for i, p in enumerate(predicted)
                    for j, t in enumerate(truth)), reverse=True)
    used_p: set[int] = set()
    used_t: set[int] = set()
    out = []
    for value, i, j in pairs:
        if value < threshold:
            break
        if i not in used_p and j not in used_t:
            used_p.add(i)
            used_t.add(j)
            out.append((i, j))
    return out


def placeholder_labels(truth: list[dict[str, Any]]) -> bool:
    """Whether a photo's labels are a labeller's placeholder: five or more tiles, all one code.

    A set holds four of each tile, so such a photo is mislabelled, not misread (7 of the 296
    `valid` photos: every tile of them labelled 1p, whatever it shows).

    >>> placeholder_labels([{"tile": "1p"}] * 13), placeholder_labels([{"tile": "1p"}] * 4)
    (True, False)
    """
    return len(truth) >= 5 and len({t["tile"] for t in truth}) == 1


#: Confusion-matrix labels for a labelled tile no box found, and a box on no labelled tile.
MISSED, EXTRA = "(missed)", "(extra)"


@dataclass
class Score:
    """Running totals over photos."""

    labelled: int = 0
    predicted: int = 0
    right: int = 0
    photos: int = 0
    photos_all_right: int = 0
    seconds: list[float] = field(default_factory=list)
    confusion: Counter = field(default_factory=Counter)
    missed: int = 0
    extra: int = 0
    #: The same totals over the photos whose labels are not placeholders, when kept.
    plausible: Score | None = None

    def add(self, predicted: list[dict[str, Any]], truth: list[dict[str, Any]]) -> int:
        if self.plausible is not None and not placeholder_labels(truth):
            self.plausible.add(predicted, truth)
        pairs = match(predicted, truth)
        right = sum(1 for i, j in pairs if predicted[i]["tile"] == truth[j]["tile"])
        for i, j in pairs:
            self.confusion[(truth[j]["tile"], predicted[i]["tile"])] += 1
        matched_p, matched_t = {i for i, _ in pairs}, {j for _, j in pairs}
        for j, t in enumerate(truth):
            if j not in matched_t:
                self.confusion[(t["tile"], MISSED)] += 1
        for i, p in enumerate(predicted):
            if i not in matched_p:
                self.confusion[(EXTRA, p["tile"])] += 1
        self.missed += len(truth) - len(pairs)
        self.extra += len(predicted) - len(pairs)
        self.labelled += len(truth)
        self.predicted += len(predicted)
        self.right += right
        self.photos += 1
        self.photos_all_right += right == len(truth) == len(predicted)
        return right

    def confusion_csv(self) -> str:
        """The confusion matrix as CSV: a row per true code (and ``(extra)``), a column per read
        code (and ``(missed)``), in ``TILE_CLASSES`` order."""
        from .classes import TILE_CLASSES

        codes = [c for c in TILE_CLASSES if c != "back"] + ["back"]
        rows, cols = [*codes, EXTRA], [*codes, MISSED]
        lines = ["truth\\read," + ",".join(cols)]
        lines += [f"{r}," + ",".join(str(self.confusion[(r, c)]) for c in cols) for r in rows]
        return "\n".join(lines) + "\n"

    def summary(self) -> dict[str, float]:
        return {
            "photos": self.photos, "labelled_tiles": self.labelled,
            "tile_accuracy": round(self.right / max(1, self.labelled), 4),
            "precision": round(self.right / max(1, self.predicted), 4),
            "photos_all_right": round(self.photos_all_right / max(1, self.photos), 4),
            "missed": self.missed, "extra": self.extra,
            "misread": self.labelled - self.missed - self.right,
            "median_ms": round(1000 * statistics.median(self.seconds), 1) if self.seconds else 0,
        }


def evaluate(detect: Callable[[np.ndarray], list[dict[str, Any]]], limit: int | None = None,
             source: Path = VALID, turn: int = 0, every: int = 1, wide: float = 1.0,
             audited: bool = False) -> Score:
    """Run ``detect`` over the labelled photos and score it (also without placeholder labels;
    ``audited``: against the labels corrected by eye, ``datasets/audit.py``).

    ``turn`` (90, 180, 270) turns each photo and its labels clockwise first: a table photographed
    from the side or from across it. ``wide`` (> 1) sets each photo in a frame so many times its
    size (``preprocess.widen``): the same tiles as a smaller part of a webcam's view of the table.
    ``every`` takes every n-th photo only.
    """
    plausible = Score()
    score = Score(plausible=plausible)
    for n, (path, truth) in enumerate(labelled_photos(source, audited=audited)):
        if limit is not None and n >= limit:
            break
        if n % every:
            continue
        image = read_image(path)
        if turn:
            height, width = image.shape[:2]
            image = turn_image(image, turn)
            truth = [dict(t, box=turn_box(t["box"], width, height, turn)) for t in truth]
        if wide > 1:
            image, (dx, dy) = widen(image, wide)
            truth = [dict(t, box=[t["box"][0] + dx, t["box"][1] + dy, t["box"][2] + dx,
                                  t["box"][3] + dy]) for t in truth]
        start = time.perf_counter()
        predicted = detect(image)
        score.seconds.append(time.perf_counter() - start)
        if not placeholder_labels(truth):
            plausible.seconds.append(score.seconds[-1])
        score.add(predicted, truth)
    return score


def sweep(models: str | Path | None, thresholds: list[float], limit: int | None = None,
          source: Path = VALID) -> dict[float, Score]:
    """Score the detector's score thresholds, one full run of the recognizer each.

    Not one pass filtered afterwards: the rules downstream of the threshold (blank faces kept
    lower, other looks taken at photos with few or squashed tiles) change with it.
    """
    from .recognizer import Recognizer, Thresholds

    return {t: evaluate(Recognizer.load(models, Thresholds(score=t)).detect, limit, source)
            for t in thresholds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, help="only the first N photos")
    parser.add_argument("--models", help="folder with the ONNX models")
    parser.add_argument("--confusions", type=int, default=15, help="most common confusions shown")
    parser.add_argument("--sweep", help="comma-separated detector score thresholds to compare")
    parser.add_argument("--confusion-csv", help="write the full confusion matrix to this CSV file")
    parser.add_argument("--turn", type=int, choices=(0, 90, 180, 270), default=0,
                        help="turn every photo (and its labels) clockwise by so many degrees")
    parser.add_argument("--wide", type=float, default=1.0,
                        help="set every photo in a frame so many times its size (tiles a smaller "
                             "part of the view, as in a webcam frame of the whole table)")
    parser.add_argument("--every", type=int, default=1, help="only every n-th photo")
    parser.add_argument("--audited", action="store_true",
                        help="score against the labels corrected by eye (datasets/valid_audit.csv)")
    args = parser.parse_args(argv)
    from .recognizer import Recognizer

    if args.sweep:
        thresholds = sorted(float(t) for t in args.sweep.split(","))
        for t, result in sweep(args.models, thresholds, args.limit).items():
            print(f"score >= {t:.2f}:", result.summary())
        return 0
    score = evaluate(Recognizer.load(args.models).detect, args.limit, turn=args.turn,
                     every=args.every, wide=args.wide, audited=args.audited)
    print(score.summary())
    assert score.plausible is not None
    if score.plausible.photos < score.photos:
        print(f"without the {score.photos - score.plausible.photos} photos whose labels are all "
              "one code:", score.plausible.summary())
    if args.confusion_csv:
        Path(args.confusion_csv).write_text(score.confusion_csv(), encoding="utf-8")
    wrong = [(k, v) for k, v in score.confusion.most_common()
             if k[0] != k[1] and MISSED not in k and EXTRA not in k]
    for (truth, pred), count in wrong[: args.confusions]:
        print(f"  {truth} read as {pred}: {count}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
