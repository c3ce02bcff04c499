"""Each rule of the recognizer's find and check stages switched off in turn, on real photos and
on photographed renders of designs held out of training.

Prints, for the shipped models with every rule and with each rule off, the tile accuracy,
precision and photos entirely right on the labelled ``valid`` photos; on the real close-ups
of other sets (``../shared/datasets/real-other-designs``) the share found as exactly one box and
the share read right; and on the held-out renders that hold the cases real photos lack
(``HELD_OUT``: jade, coloured and lettered faces close up, upright and on their side; hands with
tiles face down), each photographed worse once (``vision.evaluate_designs --photographed``), the
close-ups' top-1 / one box / misread silently and the scenes' backs found / faces right / boxes
on nothing. All runs in one process, one after the other, on the same photos::

    python benchmarks/recognizer_ablation.py --every 4
    python benchmarks/recognizer_ablation.py --every 4 --per-kind 1 --parts "upright;backs"
    python benchmarks/recognizer_ablation.py --only close_up_looks,cut_off --no-renders
    python benchmarks/recognizer_ablation.py --every 4 --set find.CLOSE_UP=0.15 --set caption.ROW_LIKE=0.3

``--set`` adds a row with constants of ``vision`` modules at other values (``module.NAME=value``,
comma-separated for several in one row; repeated, a row each; the rules' rows then only those
``--only`` names): two constants tuned for one quantity are made one where each at the other's
value reads no set worse.

A rule pays where switching it off reads some set worse (docs/recognizer.md, models/MODEL_CARD.md).
The find stage's boxes of a photo are kept between rows whose settings it does not read (every
rule but the constants of ``FIND_MODULES`` and the ``Thresholds``): it is most of a photo's time, and the
same photo with the same settings finds the same boxes.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import importlib
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vision import check, find, name, recognizer, set_counts, tileset_match  # noqa: E402
from vision.evaluate import VALID, evaluate  # noqa: E402
from vision.evaluate_designs import (  # noqa: E402
    ScenePhoto,
    layout_photos,
    scene_photos,
    score_scenes,
    score_singles,
    single_photos,
    single_readings,
)
from vision.images import read_image  # noqa: E402
from vision.tileset import TileSet, learn  # noqa: E402

OTHER_SETS = ROOT.parent / "shared" / "datasets" / "real-other-designs"


#: Each rule: the setting that switches it off (module, attribute, value) or new thresholds.
RULES: dict[str, list[tuple[Any, str, Any]] | dict[str, float]] = {
    "close_up_looks": [(find, "CLOSE_UP_LOOKS", False)],
    "sure_tile": {"sure_tile": math.inf},
    "blank_score": {"blank_score": 0.35},
    "same_inside": {"same_inside": 0.6},
    "back_score": {"back_score": 0.35},
    "holders": [(check, "_drop_holders", lambda xywh, kept, *rest: kept)],
    "cut_off": [(check, "_cut_off", lambda boxes, w, h: np.zeros(len(boxes), bool))],
    "blank_pieces": [(recognizer, "PIECE_PASSES", 0)],
    "body_sides": [(recognizer, "_body_sides", lambda tiles: tiles)],
    "lone_piece": [(recognizer, "_lone_piece", lambda *args: None)],
    "lettered": [(recognizer, "_lettered", lambda image, tiles: tiles)],
    "marked_blank": [(check, "_blank_there", lambda image, box: True)],
    "pale_blank": [(recognizer, "_pale_blank", lambda image, box: False)],
    "coloured_back": [(recognizer, "_coloured_back", lambda image, box: False)],
    "back_in_row": [(check, "ROW_GAP", -math.inf)],
    "on_cloth": [(check, "ON_CLOTH", False)],
    "set_counts": [(set_counts, "SET_COUNTS", False)],
    "far_look": [(find, "FAR_LOOK", False)],
    "guess_size": [(find, "GUESS_SIZE", False)],
    "turned_look": [(find, "TURNED_LOOK", False)],
    "pale_negative": [(name, "NEGATIVE_SHARE", 0.0)],
    "drawn_faces": [(name.TileClassifier, "_faces_drawn", lambda self, probs, *rest: probs)],
    "drawn_features": [(name, "KINDS_TEMPERATURE", math.inf), (name, "KINDS_NEAR", 0.0)],
    "numerals": [(name.TileClassifier, "_numbered", lambda self, image, boxes, choice, best, given:
                  (best, given))],
    "framed_blank": [(name.TileClassifier, "_framed", lambda self, image, boxes, best, given:
                      (best, given))],
    "classifier_say": [(tileset_match, "CLASSIFIER_SAY", 0.0)],
    "stands_out": [(tileset_match, "STANDS_OUT", 1e9)],
    "turn_back": [(tileset_match, "TURN_BACK_FROM", math.inf)],
    "blank_colour": [(tileset_match.TileSet, "blank_like", lambda self, image, box: False)],
}

#: The modules whose constants decide the find stage's looks and boxes besides the thresholds
#: (``find.CLOSE_UP_LOOKS``, ``find.CLOSE_UP``, ``windows.FAR_LOOK`` ...; those it imports from
#: elsewhere are in ``find``'s too, and a ``--set`` row sets them there): a row that sets one
#: finds its photos' boxes again.
FIND_MODULES = tuple(importlib.import_module(f"vision.{module}") for module in ("find", "windows", "pieces"))


def find_settings() -> tuple[tuple[str, str, str], ...]:
    """The constants of ``FIND_MODULES`` as they are now (module, name, value's repr)."""
    return tuple((module.__name__, key, repr(value)) for module in FIND_MODULES
                 for key, value in vars(module).items() if key.isupper())


#: The held-out renders (designs no detector or classifier was trained on, models/MODEL_CARD.md)
#: that hold the cases `valid` and the real close-ups lack: (part, designs, coloured, turn) for
#: one-tile photos (kmj-jade: a jade set's pale strokes on green; gen-13: its flowers and seasons
#: lettered in English, its suited tiles numbered in a corner; kmj-traditional: ivory, its 白板
#: blank, its bonus tiles lettered), read upright and turned a quarter (the tile on its side,
#: its body's edge beside its face), out of the box or (``learnt``) with the set learnt from one
#: layout photo of it (as the rules were tuned: a learnt dark set is looked at by the second
#: detector first); and (part, designs) for scenes with tiles face down (concealed kongs two up
#: two down, a discard face down).
HELD_OUT_SINGLES = (("upright", ("kmj-jade", "gen-13", "kmj-traditional"), False, 0, False),
                    ("on its side", ("kmj-jade", "gen-13", "kmj-traditional"), False, 90, False),
                    ("jade, learnt", ("kmj-jade",), False, 0, True),
                    ("jade on its side, learnt", ("kmj-jade",), False, 90, True),
                    ("coloured", ("gen-13", "gen-14"), True, 0, False))
HELD_OUT_SCENES = (("backs", ("gen-12", "kmj-traditional")),)

#: One part of the held-out one-tile photos: (image, true code) each, and the set learnt, if any.
Singles = list[tuple[list[tuple[np.ndarray, str]], TileSet | None]]


def held_out(reader: recognizer.Recognizer, per_kind: int, scenes: int, seed: int,
             parts: list[str] | None = None) -> tuple[dict[str, Singles], dict[str, list[ScenePhoto]]]:
    """The held-out renders (``parts`` of them, default all), each photographed worse once:
    one-tile photos by part, each design with its learnt set where the part says so (learnt by
    ``reader`` with every rule on), and scenes by part."""
    singles: dict[str, Singles] = {}
    for part, designs, coloured, turn, learnt in HELD_OUT_SINGLES:
        if parts is not None and part not in parts:
            continue
        singles[part] = []
        for design in designs:
            photos = single_readings(single_photos(design, per_kind, seed, coloured), turn, 1)
            tileset = None
            if learnt:
                tileset = TileSet(f"ablation-{design}")
                for path, codes in layout_photos(design, 1, seed, coloured):
                    learn(tileset, read_image(path), codes, reader)
            singles[part].append((photos, tileset))
    scened = {part: [photo for design in designs for photo in scene_photos(
        design, scenes, seed, backs=True, photographed=True)] for part, designs in HELD_OUT_SCENES
        if parts is None or part in parts}
    return singles, scened


def read_held_out(reader: recognizer.Recognizer, singles: dict[str, Singles],
                  scenes: dict[str, list[ScenePhoto]]) -> dict[str, dict[str, Any]]:
    """Each part of the held-out renders read: the one-tile photos' figures (top-1, one box,
    misread silently) over its designs together, the scenes' (backs found, faces right, boxes on
    nothing)."""
    out = {}
    for part, designs in singles.items():
        each = [score_singles(reader, photos, tileset) for photos, tileset in designs]
        count = sum(got["photos"] for got in each)
        out[part] = {"photos": count, **{key: round(sum(got[key] * got["photos"] for got in each)
                                                    / max(count, 1), 4)
                                         for key in ("top1", "one_box", "unsure", "silent_misreads")}}
    return out | {part: score_scenes(reader, photos) for part, photos in scenes.items()}


@contextlib.contextmanager
def found_once() -> Iterator[None]:
    """``Recognizer.find`` answering a photo it was asked before, with the same settings, as it
    did then (the photo's bytes, the call's arguments, the thresholds and ``FIND_MODULES``' constants)."""
    original = recognizer.Recognizer.find
    memo: dict[tuple[Any, ...], Any] = {}

    def find_once(self: recognizer.Recognizer, image: np.ndarray, *args: Any, **kwargs: Any) -> Any:
        key = (hashlib.blake2b(np.ascontiguousarray(image).data, digest_size=16).digest(),
               image.shape, id(self.detector), self.thresholds,
               find_settings(), args,
               tuple(sorted(kwargs.items())))
        if key not in memo:
            memo[key] = original(self, image, *args, **kwargs)
        return type(memo[key])(*(part.copy() for part in memo[key]))

    recognizer.Recognizer.find = find_once  # type: ignore[method-assign]
    try:
        yield
    finally:
        recognizer.Recognizer.find = original  # type: ignore[method-assign]


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


def settings(row: str) -> list[tuple[Any, str, Any]]:
    """The settings of a ``--set`` row: ``module.NAME=value`` pairs, comma-separated, each
    naming a constant a ``vision`` module has, at a number (``inf`` too) or a tuple of numbers,
    set in that module and in each that imported it."""
    out = []
    for part in row.split(","):
        target, _, text = part.partition("=")
        module_name, _, constant = target.strip().rpartition(".")
        try:
            module = importlib.import_module(f"vision.{module_name}")
        except ImportError:
            raise ValueError(f"--set {part!r}: no module vision.{module_name}") from None
        if not constant.isupper() or not hasattr(module, constant):
            raise ValueError(f"--set {part!r}: vision.{module_name} has no constant {constant!r}")
        try:
            value = math.inf if text.strip() == "inf" else ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            raise ValueError(f"--set {part!r}: {text!r} is not a number") from None
        # where other modules imported the constant by name, they read it at that value too
        out += [(other, constant, value) for other in list(sys.modules.values())
                if getattr(other, "__name__", "").startswith("vision.")
                and getattr(other, constant, None) is getattr(module, constant)]
    return out


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
    parser.add_argument("--per-kind", type=int, default=2,
                        help="held-out one-tile photos per kind and design (HELD_OUT_SINGLES)")
    parser.add_argument("--scenes", type=int, default=10,
                        help="held-out scenes with tiles face down per design (HELD_OUT_SCENES)")
    parser.add_argument("--no-renders", action="store_true", help="the real photos only")
    parser.add_argument("--parts", help="semicolon-separated held-out parts (default all): "
                        + "; ".join(part for part, *_ in (*HELD_OUT_SINGLES, *HELD_OUT_SCENES)))
    parser.add_argument("--seed", type=int, default=2026, help="the renders and their photographing")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE[,...]",
                        help="a row with these constants of vision modules at other values")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = args.only.split(",") if args.only else [] if args.set else list(RULES)
    unknown = [n for n in names if n not in RULES]
    if unknown:
        parser.error(f"unknown rule {unknown[0]!r}: one of {', '.join(RULES)}")
    for row in args.set:
        try:
            RULES[row] = settings(row)
        except ValueError as error:
            parser.error(str(error))
        names.append(row)
    base = recognizer.Recognizer.load(args.models)
    parts = args.parts.split(";") if args.parts else None
    known = [part for part, *_ in (*HELD_OUT_SINGLES, *HELD_OUT_SCENES)]
    if parts and (odd := [part for part in parts if part not in known]):
        parser.error(f"unknown part {odd[0]!r}: one of {'; '.join(known)}")
    singles, scenes = ({}, {}) if args.no_renders else held_out(base, args.per_kind, args.scenes,
                                                                 args.seed, parts)
    results = {}
    with found_once():
        for name in ["(all rules)", *names]:
            results[name] = _row(name, base, args, singles, scenes)
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


def _row(name: str, base: recognizer.Recognizer, args: argparse.Namespace,
         singles: dict[str, Singles], scenes: dict[str, list[ScenePhoto]]) -> dict[str, Any]:
    """One row: the sets read with rule ``name`` switched off (none for ``(all rules)``), printed."""
    start = time.perf_counter()
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
        renders = read_held_out(reader, singles, scenes)
    print(f"{name:16} ({time.perf_counter() - start:.0f} s) valid acc {valid['tile_accuracy']:.4f} "
          f"prec {valid['precision']:.4f} all right {valid['photos_all_right']:.3f} | other sets one box "
          f"{other.get('one_box', float('nan')):.3f} right {other.get('read_right', float('nan')):.3f}",
          flush=True)
    for part, got in renders.items():
        if "top1" in got:
            print(f"{'':16} held-out {part} ({got['photos']}): top1 {got['top1']:.3f} one box "
                  f"{got['one_box']:.3f} misread silently {got['silent_misreads']:.3f}", flush=True)
        else:
            print(f"{'':16} held-out {part} ({got['scenes']} scenes): backs found "
                  f"{got['back_recall']:.3f} of {got['backs']}, faces right "
                  f"{got['face_accuracy']:.3f} of {got['faces']}, extra boxes {got['extra_boxes']}",
                  flush=True)
    return {"valid": valid, "other_sets": other, "held_out": renders}


if __name__ == "__main__":
    raise SystemExit(main())
