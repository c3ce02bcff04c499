"""Corrections to the labels of the shared `valid` split, found by eye (``valid_audit.csv``).

The source labels are wrong in places: 7 photos carry the placeholder 1p on every tile, some tiles
are labelled as another tile than they show, 6 tiles carry two labels, and tiles of discard
piles and stacks were left out.
Measured against them a right answer counts as wrong. Each row of ``valid_audit.csv`` is one
correction, looked at in the photo (stop 15, every box the recognizer disagreed with):

* ``relabel``: the labelled box at (x1, y1, x2, y2) shows ``tile``, not what it was labelled;
* ``add``: a tile at the box that no label covers; ``tile`` is ``?`` where the auditor does not
  assert its code (it then counts as a labelled tile read wrong);
* ``drop``: the label ``tile`` at the box is a second label on a tile labelled already.

Only what the eye could settle is corrected: a box the auditor could not tell stays as labelled.
``python -m vision.evaluate --audited`` scores against the corrected labels; the source figures
stay the reference (models/MODEL_CARD.md reports both).
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

AUDIT_FILE = Path(__file__).with_name("valid_audit.csv")
#: A relabel row names its label by the label's box; rounding leaves them this close.
SAME_BOX = 0.9
#: The code of a tile whose label was missing and whose face the auditor does not assert.
UNASSERTED = "?"
ACTIONS = ("relabel", "add", "drop")


def read_audit(path: Path = AUDIT_FILE) -> dict[str, list[dict[str, Any]]]:
    """The corrections of each photo (by file name), as ``{"action", "box", "tile"}``."""
    corrections: dict[str, list[dict[str, Any]]] = {}
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["action"] not in ACTIONS:
                raise ValueError(f"{path}: unknown action {row['action']!r} for {row['photo']}")
            box = [float(row[k]) for k in ("x1", "y1", "x2", "y2")]
            corrections.setdefault(row["photo"], []).append(
                {"action": row["action"], "box": box, "tile": row["tile"]})
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
    from vision.evaluate import iou

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
