"""Corrections to the labels of the shared `valid` split, found by eye (``valid_audit.csv``).

The source labels are wrong in places: 7 photos carry the placeholder 1p on every tile, some tiles
are labelled as another tile than they show, 6 tiles carry two labels, and tiles of discard
piles and stacks were left out.
Measured against them a right answer counts as wrong. Each row of ``valid_audit.csv`` is one
correction, looked at in the photo (every box where the recognizer and a label disagreed):

* ``relabel``: the labelled box at (x1, y1, x2, y2) shows ``tile``, not what it was labelled;
* ``add``: a tile at the box that no label covers; ``tile`` is ``?`` where the auditor does not
  assert its code (it then counts as a labelled tile read wrong);
* ``drop``: the label ``tile`` at the box is a second label on a tile labelled already.

Only what the eye could settle is corrected: a box the auditor could not tell stays as labelled.
``python -m vision.evaluate --audited`` scores against the corrected labels; the source figures
stay the reference (models/MODEL_CARD.md reports both). To check the audit by eye,
``python -m datasets.audit --sheets DIR`` draws every corrected box in its photo, numbered by its
row (squashed photos stretched back to a tile's shape).
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from datasets.real import DEFAULT_SOURCE
from vision.boxes import iou

AUDIT_FILE = Path(__file__).with_name("valid_audit.csv")
#: A relabel row names its label by the label's box; rounding leaves them this close.
SAME_BOX = 0.9
#: The code of a tile whose label was missing and whose face the auditor does not assert.
UNASSERTED = "?"
ACTIONS = ("relabel", "add", "drop")


def read_audit(path: Path = AUDIT_FILE) -> dict[str, list[dict[str, Any]]]:
    """The corrections of each photo (by file name), as ``{"action", "box", "tile", "row"}``
    (``row``: its number in the file, the header not counted)."""
    corrections: dict[str, list[dict[str, Any]]] = {}
    with path.open(newline="", encoding="utf-8") as f:
        for number, row in enumerate(csv.DictReader(f), 1):
            if row["action"] not in ACTIONS:
                raise ValueError(f"{path}: unknown action {row['action']!r} for {row['photo']}")
            box = [float(row[k]) for k in ("x1", "y1", "x2", "y2")]
            corrections.setdefault(row["photo"], []).append(
                {"action": row["action"], "box": box, "tile": row["tile"], "row": number})
    return corrections


def corrected(truth: list[dict[str, Any]], corrections: list[dict[str, Any]]
              ) -> list[dict[str, Any]]:
    """A photo's labels (``{"tile", "box"}``) with its corrections applied.

    >>> labels = [{"tile": "1p", "box": [0, 0, 10, 14]}, {"tile": "2m", "box": [0, 0, 10, 14]}]
    >>> fixes = [{"action": "relabel", "box": [0.2, 0, 10, 14], "tile": "4p"},
    ...          {"action": "drop", "box": [0, 0, 10, 14], "tile": "2m"},
    ...          {"action": "add", "box": [20, 0, 30, 14], "tile": "?"}]
    >>> [t["tile"] for t in corrected(labels, fixes)]
    ['4p', '?']
    """
    out = [dict(t) for t in truth]
    for fix in corrections:
        if fix["action"] == "add":
            out.append({"tile": fix["tile"], "box": list(fix["box"])})
            continue
        # a dropped label is named by its code too: the two labels of one tile share a box
        named = [t for t in out if fix["action"] != "drop" or t["tile"] == fix["tile"]]
        match = max(named, key=lambda t: iou(t["box"], fix["box"]), default=None)
        if match is None or iou(match["box"], fix["box"]) < SAME_BOX:
            raise ValueError(f"no label at {fix['box']} to {fix['action']} ({fix['tile']})")
        if fix["action"] == "drop":
            out.remove(match)
        else:
            match["tile"] = fix["tile"]
    return out


#: What a correction looks like on a sheet.
_MARK = {"relabel": "is", "add": "+", "drop": "-"}


def _cell(image: np.ndarray, box: list[float], caption: str, side: int = 220) -> np.ndarray:
    """The box drawn in half a box of its surroundings, stretched back to a tile's shape (3:4)
    when the photo was squashed, scaled to ``side`` pixels, with ``caption`` under it."""
    x1, y1, x2, y2 = box
    w, h = max(x2 - x1, 1.0), max(y2 - y1, 1.0)
    sx = 0.75 * h / w if h > 3 * w else 1.0
    sy = w / (0.75 * h) if w > 3 * h else 1.0
    left, top = int(max(0, x1 - w / 2)), int(max(0, y1 - h / 2))
    right, bottom = int(min(image.shape[1], x2 + w / 2)), int(min(image.shape[0], y2 + h / 2))
    crop = cv2.resize(image[top:bottom, left:right], None, fx=sx, fy=sy,
                      interpolation=cv2.INTER_CUBIC)
    cv2.rectangle(crop, (int((x1 - left) * sx), int((y1 - top) * sy)),
                  (int((x2 - left) * sx), int((y2 - top) * sy)), (0, 0, 255), 2)
    scale = side / max(crop.shape[:2])
    crop = cv2.resize(crop, None, fx=scale, fy=scale)
    cell = np.full((side + 24, side, 3), 255, np.uint8)
    cell[:crop.shape[0], :crop.shape[1]] = crop
    cv2.putText(cell, caption, (4, side + 18), cv2.FONT_HERSHEY_SIMPLEX, 0.55, (0, 0, 0), 1)
    return cell


def write_sheets(out: Path, per_sheet: int = 24, columns: int = 6) -> list[Path]:
    """Sheets of every correction drawn in its photo (``audit-NN.png``), for checking by eye."""
    from vision.images import read_image

    cells = []
    for photo, fixes in read_audit().items():
        image = read_image(DEFAULT_SOURCE / "valid" / "images" / photo)
        cells += [(fix["row"], _cell(image, fix["box"],
                                     f"{fix['row']} {_MARK[fix['action']]} {fix['tile']}"))
                  for fix in fixes]
    cells = [cell for _, cell in sorted(cells, key=lambda c: c[0])]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for start in range(0, len(cells), per_sheet):
        page = cells[start:start + per_sheet]
        page += [np.full_like(page[0], 255)] * (-len(page) % columns)
        rows = [np.hstack(page[i:i + columns]) for i in range(0, len(page), columns)]
        written.append(out / f"audit-{start // per_sheet + 1:02d}.png")
        cv2.imwrite(str(written[-1]), np.vstack(rows))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sheets", type=Path, required=True,
                        help="folder for the sheets of corrected boxes")
    args = parser.parse_args(argv)
    for path in write_sheets(args.sheets):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
