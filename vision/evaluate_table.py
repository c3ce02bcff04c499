"""Measure the table reader on rendered whole-table scenes (``datasets.synth.table``).

``python -m vision.evaluate_table --scenes N [--seed S] [--arrange-only] [--json]`` prints, for the
arrange stage alone on the true boxes and names (so layout errors are told from recognition
errors) and for the whole reader (``detect`` then arrange) on the photos:

* the share of face-up tiles given the right seat and zone, and of those the recognizer found
  (a tile it missed counts wrong in the first); the standing backs of hands are counted apart;
* the share of rivers in exactly the right order (every seat with a river in view), two ways:
  ``rivers_in_order`` counts a river whose true tiles, matched by box as ``match`` pairs them,
  are exactly the tiles placed in that seat's river, in their order, none missing or added,
  whatever their names (the arrange stage's figure); ``rivers_exact`` also wants every tile
  named right (what the player reads; names are measured apart below);
* the share of scenes with an indicator where it was found (the right tile);
* tile names: the reader's right names beside ``detect``'s on the same matched tiles;
* seconds per photo for ``detect`` and for the reader, and their ratio, timed in one process.

The recognizer looks as ``read-table`` does: with the whole-table detector where ``--models``
holds one (``vision.sessions.TABLE_DETECTOR_FILE``).

Scenes are drawn in the designs no network was trained on (``datasets.synth.table.HELD_OUT_ART``).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from vision import self_taught
from vision.table_reader import MAX_TILES, read_table


@dataclass
class Tally:
    """Counts over scenes for one way of reading (true boxes, or the recognizer's)."""

    faces: int = 0
    faces_placed: int = 0
    backs: int = 0
    backs_placed: int = 0
    rivers: int = 0
    rivers_exact: int = 0
    rivers_in_order: int = 0
    indicators: int = 0
    indicators_found: int = 0
    named: int = 0
    named_right: int = 0
    detect_right: int = 0
    missed: int = 0
    seconds: list[float] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        """Shares (None where nothing was counted) and the mean seconds per photo."""
        def share(a: int, b: int) -> float | None:
            return round(a / b, 4) if b else None
        return {"face_up_seat_zone": share(self.faces_placed, self.faces), "face_up": self.faces,
                "found_seat_zone": share(self.faces_placed, self.faces - self.missed),
                "hidden_seat_zone": share(self.backs_placed, self.backs),
                "rivers_in_order": share(self.rivers_in_order, self.rivers),
                "rivers_exact": share(self.rivers_exact, self.rivers), "rivers": self.rivers,
                "indicator_found": share(self.indicators_found, self.indicators),
                "indicators": self.indicators,
                "names_reader": share(self.named_right, self.named),
                "names_detect": share(self.detect_right, self.named), "matched": self.named,
                "missed": self.missed,
                "seconds": round(float(np.mean(self.seconds)), 3) if self.seconds else None}


def truth(scene: Any) -> list[dict[str, Any]]:
    """The labelled tiles of a scene with their true seat, zone and order."""
    out = []
    for t in scene.tiles:
        if not t.labelled:
            continue
        seat, zone, order, *rest = t.group.split("/")
        hidden = zone == "hand" and t.code == "back"
        out.append({"tile": t.code, "box": t.box, "seat": seat, "zone": zone,
                    "order": int(order), "hidden": hidden, "sideways": t.sideways})
    return out


def _iou(a: list[float], b: list[float]) -> float:
    x1, y1, x2, y2 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    inter = max(0.0, x2 - x1) * max(0.0, y2 - y1)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def match(true: list[dict[str, Any]], found: list[dict[str, Any]]) -> dict[int, int]:
    """True tile -> found tile, greedily by overlap (IoU at least 0.5)."""
    pairs = sorted(((_iou(t["box"], f["box"]), i, j) for i, t in enumerate(true)
                    for j, f in enumerate(found)), reverse=True)
    out: dict[int, int] = {}
    used: set[int] = set()
    for iou, i, j in pairs:
        if iou < 0.5:
            break
        if i not in out and j not in used:
            out[i] = j
            used.add(j)
    return out


def river_places(seat: str, true: list[dict[str, Any]], tiles: list[dict[str, Any]]
                 ) -> tuple[list[int], list[int]]:
    """``seat``'s river as it truly lies (indices into ``true``) and as read (indices into the
    answer's ``tiles``), each in discard order."""
    def of(tiles: list[dict[str, Any]]) -> list[int]:
        return sorted((k for k, t in enumerate(tiles) if t["seat"] == seat and t["zone"] == "river"),
                      key=lambda k: tiles[k]["order"])
    return of(true), of(tiles)


def score(tally: Tally, true: list[dict[str, Any]], answer: dict[str, Any],
          pairs: dict[int, int], detected: list[dict[str, Any]] | None = None) -> None:
    """Add one scene's reading to ``tally``."""
    tiles = answer["tiles"]
    for i, t in enumerate(true):
        j = pairs.get(i)
        got = tiles[j] if j is not None else None
        placed = got is not None and got["seat"] == t["seat"] and got["zone"] == t["zone"]
        if t["hidden"]:
            tally.backs += 1
            tally.backs_placed += placed
        elif t["tile"] != "back":
            tally.faces += 1
            tally.faces_placed += placed
            tally.missed += got is None
            if got is not None and detected is not None:
                tally.named += 1
                tally.named_right += got["tile"] == t["tile"]
                tally.detect_right += detected[j]["tile"] == t["tile"]
    for seat in ("self", "right", "across", "left"):
        river, placed = river_places(seat, true, tiles)
        if not river:
            continue
        tally.rivers += 1
        tally.rivers_exact += answer["seats"][seat]["river"] == [true[i]["tile"] for i in river]
        tally.rivers_in_order += placed == [pairs.get(i) for i in river]
    shown = [t for t in true if t["zone"] == "indicator"]
    if shown:
        tally.indicators += 1
        tally.indicators_found += answer["indicator"] == shown[0]["tile"]


def evaluate(scenes: int, seed: int, arrange_only: bool, models: str | None = None
             ) -> dict[str, Any]:
    """Render ``scenes`` table photos and read each with the true boxes and with the recognizer."""
    from datasets.synth.table import render_table_scene

    recognizer = None
    if not arrange_only:
        from vision.recognizer import Recognizer
        recognizer = Recognizer.load(models)
    arrange, whole = Tally(), Tally()
    for k in range(scenes):
        scene = render_table_scene(np.random.default_rng([seed, k]))
        true = truth(scene)
        given = [{"tile": t["tile"], "box": t["box"], "confidence": 1.0} for t in true]
        start = time.perf_counter()
        answer = read_table(given).to_json()
        arrange.seconds.append(time.perf_counter() - start)
        score(arrange, true, answer, {i: i for i in range(len(true))})
        if recognizer is None:
            continue
        start = time.perf_counter()
        # past MAX_TILES the reader refuses the photo; measured here on the first that many
        detected = recognizer.detect(scene.image, whole_table=True)[:MAX_TILES]
        between = time.perf_counter()
        answer = read_table(detected).to_json()
        end = time.perf_counter()
        whole.seconds.append(end - start)
        arrange_seconds = end - between
        detect_seconds = between - start
        whole.__dict__.setdefault("detect_seconds", []).append(detect_seconds)
        whole.__dict__.setdefault("arrange_seconds", []).append(arrange_seconds)
        score(whole, true, answer, match(true, detected), detected)
    out: dict[str, Any] = {"scenes": scenes, "seed": seed, "arrange_on_true_boxes": arrange.figures()}
    if recognizer is not None:
        figures = whole.figures()
        detect_s = float(np.mean(whole.__dict__["detect_seconds"]))
        figures["detect_seconds"] = round(detect_s, 3)
        figures["time_ratio"] = round(float(np.mean(whole.seconds)) / detect_s, 3)
        out["reader_on_photos"] = figures
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--scenes N``, ``--seed S``, ``--arrange-only``, ``--models``, ``--json``,
    ``--without-self-taught``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenes", type=int, default=24)
    p.add_argument("--seed", type=int, default=63)
    p.add_argument("--arrange-only", action="store_true", help="skip the recognizer")
    p.add_argument("--models", help="folder with the ONNX models (default: models/)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--without-self-taught", action="store_true",
                   help="without a table teaching itself its set (vision.self_taught.SELF_TAUGHT)")
    args = p.parse_args(argv)
    if args.without_self_taught:
        self_taught.SELF_TAUGHT = False
    result = evaluate(args.scenes, args.seed, args.arrange_only, args.models)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{args.scenes} scenes, seed {args.seed}")
    for name, fig in result.items():
        if isinstance(fig, dict):
            print(f"{name}:")
            for key, value in fig.items():
                print(f"  {key:20s} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
