"""How the recognizer reads tile designs: one-tile photos per design, before and after learning.

For each art set (``datasets.synth`` designs: the shipped art, Debian's kmahjongg sets, the
generated ``gen-N`` designs), one-tile photos of every kind (``datasets.synth.photos``: a tile
on a cloth filling a third to a half of the frame) are read and scored: top-1 (the photo's one
reading is the tile), one box (exactly one tile found), unsure (reported as a tile to check),
misread silently (wrong and not reported unsure: what the player is not told to check).
Then a tile set is learnt from layout photos of the design (42 tiles in rows, one photo per
example of each kind) and the photos read again with it, and (``--corrections``) again once the
misread ones are corrected as a player would on the score page. A design the classifier was not
trained on measures how a player's never-seen set fares (leave-one-design-out: train without it).

    python -m vision.evaluate_designs --designs kmj-traditional gen-7 --per-kind 3 --learn 1 3
    python -m vision.evaluate_designs --designs gen-12 --per-kind 1 --learn --backs 30
    python -m vision.evaluate_designs --designs gen-500 --per-kind 2 --learn 1 --corrections
    python -m vision.evaluate_designs --designs gen-12 --per-kind 2 --learn 1 --coloured
    python -m vision.evaluate_designs --designs gen-13 --per-kind 2 --learn 1 --turn 180
    python -m vision.evaluate_designs --designs kmj-jade --per-kind 1 --learn --photographed 2

``--coloured`` draws the design on dark or tinted faces (``datasets.synth.body.random_style``),
as jade, black or coloured plastic sets are, instead of ivory. All the photos of a design show
one set (``datasets.synth.photos.player_set``: one face colour, ink, body and back), as a
player's layout photo and his close-ups do; ``--each-photo-a-set`` draws a set for each photo
(an older, harsher measure, under which a coloured design's layout could be dark red with pale
ink and its close-ups mint with dark ink, which no player's photos are).

``--photographed N`` reads each one-tile photo as N copies, and each scene once, made to look
taken by a phone of a used set (``datasets.augment.photograph``, seeded: worn ink, shadow, glare,
slant, colour cast, focus, noise, JPEG), as ``vision.evaluate_real --photographed`` does the real
close-ups: a render is cleaner than any player's photo.

Photos are rendered once into ``work/designs_eval/<design>/`` (seeded) and reused.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from datasets.augment import MAX_COPIES, map_boxes, photograph, photographed_copies
from vision.classes import TILE_CLASSES
from vision.evaluate import iou
from vision.recognizer import Recognizer
from vision.tileset import TileSet, add_correction, learn

if TYPE_CHECKING:
    from datasets.synth.body import TileStyle

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "work" / "designs_eval"


def _photo_folder(design: str, kind: str, seed: int, coloured: bool, one_set: bool
                  ) -> tuple[Path, list[str]]:
    """The cache folder of one kind of photo of ``design`` (made if missing) and the design's
    tile kinds in class order."""
    from datasets.synth.art import load_art_set

    art = load_art_set(design)
    drawn = art.digest
    folder = CACHE / design / (f"{kind}-{seed}" + ("-coloured" if coloured else "")
                               + ("-set" if one_set else ""))
    made = folder / "faces"  # what the faces photographed there were drawn as
    if folder.is_dir() and (not made.is_file() or made.read_text() != drawn):
        shutil.rmtree(folder)  # photos of faces drawn otherwise (a generator changed since)
    folder.mkdir(parents=True, exist_ok=True)
    made.write_text(drawn)
    return folder, [c for c in TILE_CLASSES[:42] if c in art.codes]


def _set_style(design: str, seed: int, coloured: bool, one_set: bool) -> TileStyle | None:
    """The player's one set of ``design`` all its photos show (``datasets.synth.photos.
    player_set``), or None: each photo a set of its own (``--each-photo-a-set``)."""
    from datasets.synth.photos import player_set

    return player_set(design, coloured, seed) if one_set else None


def single_photos(design: str, per_kind: int, seed: int, coloured: bool = False,
                   one_set: bool = True) -> list[tuple[Path, str]]:
    """The one-tile photos of ``design`` (rendered on first use): (path, true code)."""
    from datasets.synth.photos import single_tile_photo

    folder, codes = _photo_folder(design, "single", seed, coloured, one_set)
    style = _set_style(design, seed, coloured, one_set)
    out = []
    for k, code in enumerate(codes):
        for j in range(per_kind):
            path = folder / f"{code}_{j}.jpg"
            if not path.is_file():
                scene = single_tile_photo(np.random.default_rng([seed, k, j]), design, code,
                                          coloured, style)
                cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
            out.append((path, code))
    return out


def layout_photos(design: str, count: int, seed: int, coloured: bool = False,
                   one_set: bool = True) -> list[tuple[Path, list[str]]]:
    """``count`` layout photos of the whole design (each kind once, in rows of 9)."""
    from datasets.synth.photos import rows_photo

    folder, codes = _photo_folder(design, "rows", seed, coloured, one_set)
    style = _set_style(design, seed, coloured, one_set)
    out = []
    for j in range(count):
        path = folder / f"rows_{j}.jpg"
        if not path.is_file():
            scene = rows_photo(np.random.default_rng([seed + 1, j]), design, codes,
                               coloured=coloured, style=style)
            cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        out.append((path, codes))
    return out


#: The quarter turns (degrees clockwise) one-tile photos may be read turned by (``--turn``).
TURNS = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}


def single_readings(photos: list[tuple[Path, str]], turn: int = 0, photographed: int = 0
                    ) -> list[tuple[np.ndarray, str]]:
    """One-tile photos as read: (image, true code), each turned so far clockwise (``TURNS``)
    and as ``photographed`` copies photographed worse (``datasets.augment.photographed_copies``)."""
    readings = []
    for k, (path, code) in enumerate(photos):
        image = cv2.imread(str(path))
        if turn:
            image = cv2.rotate(image, TURNS[turn])
        readings += [(copy_, code) for copy_ in photographed_copies(image, photographed, [k])]
    return readings


def read_singles(recognizer: Recognizer, photos: list[tuple[Path, str]],
                 tileset: TileSet | None = None, turn: int = 0, photographed: int = 0
                 ) -> dict[str, Any]:
    """Top-1, one-box and unsure shares over one-tile photos, the share misread silently (not
    reported unsure: the misreads a player is not told to check) and the commonest misreads;
    ``turn``: each photo read turned so far clockwise (``TURNS``), the tile upside down or on
    its side as the other players' tiles lie before the camera; ``photographed``: each photo
    read as so many copies photographed worse (``datasets.augment.photographed_copies``)."""
    return score_singles(recognizer, single_readings(photos, turn, photographed), tileset)


def score_singles(recognizer: Recognizer, readings: list[tuple[np.ndarray, str]],
                  tileset: TileSet | None = None) -> dict[str, Any]:
    """:func:`read_singles`' figures over one-tile images (image, true code)."""
    right = one_box = unsure = silent = 0
    wrong: dict[str, int] = {}
    seconds = []
    for image, code in readings:
        start = time.perf_counter()
        tiles = recognizer.detect(image, tileset)
        seconds.append(time.perf_counter() - start)
        one_box += len(tiles) == 1
        best = _largest(tiles)
        if best is not None:
            right += best["tile"] == code
            unsure += bool(best.get("unsure"))
            if best["tile"] != code:
                silent += not best.get("unsure")
                key = f"{code}->{best['tile']}"
                wrong[key] = wrong.get(key, 0) + 1
        else:
            wrong[f"{code}->nothing"] = wrong.get(f"{code}->nothing", 0) + 1
    n = max(len(readings), 1)
    return {"photos": len(readings), "top1": round(right / n, 4), "one_box": round(one_box / n, 4),
            "unsure": round(unsure / n, 4), "silent_misreads": round(silent / n, 4),
            "median_ms": round(1000 * float(np.median(seconds)), 1) if seconds else 0.0,
            "misreads": dict(sorted(wrong.items(), key=lambda kv: -kv[1])[:8])}


#: A rendered scene as read: the image, and each labelled tile's code and box in it.
ScenePhoto = tuple[np.ndarray, list[str], np.ndarray]


def scene_photos(design: str, count: int, seed: int, backs: bool = False,
                 photographed: bool = False) -> list[ScenePhoto]:
    """``count`` rendered table scenes of ``design`` (hands, walls, discards; with ``backs``,
    scenes made to find face-down tiles in: hands standing or flat whose first meld is a
    concealed kong, two up and two down or all four down, and discard ponds with a tile face
    down); ``photographed``: each photographed worse once (``datasets.augment.photograph``, its
    boxes moved with it)."""
    from datasets.synth.scene import render_scene

    layouts = ("hand", "flat", "discards") if backs else ("hand", "wall", "discards")
    out = []
    for i in range(count):
        rng = np.random.default_rng([seed + (3 if backs else 2), i])
        scene = render_scene(rng, layouts[i % len(layouts)], art_sets=[design], backs=backs)
        truth = [t for t in scene.tiles if t.labelled]
        image, boxes = scene.image, np.array([t.box for t in truth], float).reshape(-1, 4)
        if photographed:
            tile_px = float(np.median(boxes[:, 3] - boxes[:, 1])) if len(truth) else None
            image, matrix = photograph(np.random.default_rng([seed, i]), image, tile_px=tile_px)
            boxes = map_boxes(boxes, matrix, image.shape[1], image.shape[0])
        out.append((image, [t.code for t in truth], boxes))
    return out


def read_scenes(recognizer: Recognizer, design: str, count: int, seed: int,
                tileset: TileSet | None = None, backs: bool = False, photographed: bool = False
                ) -> dict[str, Any]:
    """Rendered table scenes of ``design`` (:func:`scene_photos`) read: faces read right,
    face-down tiles found as ``back``, boxes on nothing."""
    return score_scenes(recognizer, scene_photos(design, count, seed, backs, photographed), tileset)


def score_scenes(recognizer: Recognizer, scenes: list[ScenePhoto],
                 tileset: TileSet | None = None) -> dict[str, Any]:
    """:func:`read_scenes`' figures over scenes as :func:`scene_photos` makes them."""
    faces = faces_right = back_tiles = backs_found = extra = 0
    for image, codes, boxes in scenes:
        found = recognizer.detect(image, tileset)
        pairs = sorted(((iou(boxes[a], f["box"]), a, b) for a in range(len(codes))
                        for b, f in enumerate(found)), reverse=True)
        matched: dict[int, int] = {}
        used: set[int] = set()
        for overlap, a, b in pairs:
            if overlap < 0.5:
                break
            if a not in matched and b not in used:
                matched[a] = b
                used.add(b)
        for a, code in enumerate(codes):
            got = found[matched[a]]["tile"] if a in matched else None
            if code == "back":
                back_tiles += 1
                backs_found += got == "back"
            else:
                faces += 1
                faces_right += got == code
        extra += len(found) - len(used)
    return {"scenes": len(scenes), "faces": faces,
            "face_accuracy": round(faces_right / max(faces, 1), 4),
            "backs": back_tiles, "back_recall": round(backs_found / max(back_tiles, 1), 4),
            "extra_boxes": extra}


def _largest(tiles: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The tile with the largest box (a one-tile photo's reading), None for none."""
    if not tiles:
        return None
    return max(tiles, key=lambda t: (t["box"][2] - t["box"][0]) * (t["box"][3] - t["box"][1]))


def read_after_corrections(recognizer: Recognizer, photos: list[tuple[Path, str]],
                           tileset: TileSet) -> dict[str, Any]:
    """A player correcting as he goes: each kind's first photo read with ``tileset`` and,
    where misread, corrected (``vision.tileset.add_correction``, as the score page's
    correction); then the corrected photos read again (``right_again``) and the kinds' other
    photos read (``others``, top-1 as ``read_singles``; ``others_before``: read before the
    corrections). ``tileset`` grows."""
    first: dict[str, Path] = {}
    others = []
    for path, code in photos:
        if code in first:
            others.append((path, code))
        else:
            first[code] = path
    before = read_singles(recognizer, others, tileset) if others else None
    corrected = []
    for code, path in first.items():
        image = cv2.imread(str(path))
        tile = _largest(recognizer.detect(image, tileset))
        if tile is not None and tile["tile"] != code:
            add_correction(tileset, image, tile["box"], code, recognizer.classifier)
            corrected.append((path, code))
    again = sum((_largest(recognizer.detect(cv2.imread(str(path)), tileset)) or {}).get("tile") == code
                for path, code in corrected)
    return {"corrected": len(corrected), "right_again": again, "others_before": before,
            "others": read_singles(recognizer, others, tileset) if others else None}


def evaluate(design: str, recognizer: Recognizer, per_kind: int, learn_counts: list[int],
             seed: int, scenes: int = 0, back_scenes: int = 0,
             corrections: bool = False, coloured: bool = False, one_set: bool = True,
             turn: int = 0, photographed: int = 0) -> dict[str, Any]:
    """One design's figures before learning and after each count of layout photos learnt
    (and on ``scenes`` rendered table scenes and ``back_scenes`` made to find backs in,
    before learning; with ``corrections``, after the first count of layout photos and the
    misread photos corrected: ``read_after_corrections``); ``coloured``: the photos drawn with
    dark or tinted faces; ``one_set``: all of one set, as a player's own (else each photo of a
    set of its own); ``turn``: the one-tile photos read turned (``read_singles``), the layout
    photos as they are; ``photographed``: the one-tile photos read as so many copies
    photographed worse, and the scenes photographed once (the layout photos learnt as they are)."""
    photos = single_photos(design, per_kind, seed, coloured, one_set)
    result: dict[str, Any] = {"design": design, "coloured": coloured, "one_set": one_set,
                              "turn": turn, "photographed": photographed,
                              "before": read_singles(recognizer, photos, turn=turn,
                                                     photographed=photographed)}
    if scenes:
        result["scenes"] = read_scenes(recognizer, design, scenes, seed,
                                       photographed=bool(photographed))
    if back_scenes:
        result["back_scenes"] = read_scenes(recognizer, design, back_scenes, seed, backs=True,
                                            photographed=bool(photographed))
    layouts = layout_photos(design, max(learn_counts, default=0), seed, coloured, one_set)
    for count in learn_counts:
        tileset = TileSet(f"eval-{design}")
        learnt = 0
        start = time.perf_counter()
        for path, codes in layouts[:count]:
            try:
                learnt += len(learn(tileset, cv2.imread(str(path)), codes, recognizer))
            except ValueError as exc:  # the layout photo read with a tile too many or too few
                result.setdefault("layout_errors", []).append(f"{path.name}: {exc}")
        seconds = (time.perf_counter() - start) / max(count, 1)
        result[f"after_{count}"] = {**read_singles(recognizer, photos, tileset, turn, photographed),
                                    "examples": learnt, "learn_seconds_per_photo": round(seconds, 2)}
        if corrections and count == learn_counts[0]:
            result["after_corrections"] = read_after_corrections(recognizer, photos, tileset)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--designs", nargs="+", required=True, help="art set names")
    parser.add_argument("--per-kind", type=int, default=3, help="one-tile photos per kind")
    parser.add_argument("--learn", type=int, nargs="*", default=[1, 3],
                        help="layout photos learnt (one example of each kind each)")
    parser.add_argument("--scenes", type=int, default=0,
                        help="also read this many rendered table scenes (faces, backs)")
    parser.add_argument("--backs", type=int, default=0,
                        help="also read this many scenes made to find backs in (concealed kongs, "
                             "a discard face down)")
    parser.add_argument("--corrections", action="store_true",
                        help="also correct, after the first --learn count, each kind's first "
                             "photo where misread, and read the photos again (--per-kind 2 or more "
                             "for the other photos)")
    parser.add_argument("--coloured", action="store_true",
                        help="draw the designs on dark or tinted faces, not ivory")
    parser.add_argument("--each-photo-a-set", action="store_true",
                        help="draw each photo of a design as a set of its own (face colour, ink, "
                             "body), not all of the one set a player owns (a harsher measure "
                             "than any player's photos)")
    parser.add_argument("--turn", type=int, choices=[0, *TURNS], default=0,
                        help="read the one-tile photos turned so many degrees clockwise (upside "
                             "down, on their side: as the other players' tiles lie); the layout "
                             "photos are learnt as they are")
    parser.add_argument("--photographed", type=int, default=0, metavar="N",
                        help="read each one-tile photo as N copies, and each scene once, "
                             "photographed worse (datasets.augment.photograph)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--models", help="folder of the ONNX models (default models/)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 0 <= args.photographed <= MAX_COPIES:
        parser.error(f"--photographed {args.photographed}: 0 to {MAX_COPIES} copies")
    recognizer = Recognizer.load(args.models)
    for design in args.designs:
        result = evaluate(design, recognizer, args.per_kind, args.learn, args.seed, args.scenes,
                          args.backs, args.corrections, args.coloured, not args.each_photo_a_set,
                          args.turn, args.photographed)
        if args.json:
            print(json.dumps(result, ensure_ascii=False), flush=True)
            continue
        line = [f"{design:18s}"]
        for key in ["before"] + [f"after_{c}" for c in args.learn]:
            r = result[key]
            line.append(f"{key}: top1 {r['top1']:.3f} one-box {r['one_box']:.3f} unsure "
                        f"{r['unsure']:.3f} misread silently {r['silent_misreads']:.3f}")
        print(" | ".join(line), flush=True)
        print(f"{'':18s} misread before: {result['before']['misreads']}", flush=True)
        for key in ("scenes", "back_scenes"):
            if key in result:
                print(f"{'':18s} {key}: {result[key]}", flush=True)
        if "after_corrections" in result:
            r = result["after_corrections"]
            others = (f"{r['others_before']['top1']:.3f} -> {r['others']['top1']:.3f}"
                      if r["others"] else "-")
            print(f"{'':18s} after corrections: {r['corrected']} corrected, {r['right_again']} "
                  f"right again; the other photos top1 {others}", flush=True)
        for error in result.get("layout_errors", []):
            print(f"{'':18s} layout: {error}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
