"""Detector training photos of one tile close up, and of two or three tiles touching.

A player photographs one tile filling most of the frame. The second detector
(``tile_detector_faces.onnx``, which ``vision.find`` looks with where the first finds few tiles)
learnt close-ups from ``datasets.synth.photos.single_tile_photo``, whose tile fills a third to a
half of the frame; on real close-ups photographed worse (``vision.evaluate_real --photographed
4``) a circle tile filling 90-100 % of the frame came out as more than one box in 12 of 112
copies, its circles found as tiles (``models/MODEL_CARD.md``, run detect-closeup). This module
renders such photos in the designs *not* held out of training (``HELD_OUT_ART`` and the metric's
valid designs ``gen-500``.. are the measure): one tile filling ``FILL`` of the frame, or two or
three touching side by side or one above the other, circles and bamboos drawn more often
(``SUIT_ODDS``), each photo then made to look taken by a phone (``datasets.augment.photograph``,
boxes mapped through its slant), and labelled with one YOLO box per *whole* tile (its body as the
camera sees it, not its pips). ``write_set`` adds a share of the real train photos and of any
other YOLO folders so that the detector does not forget what it learnt.

``python -m datasets.synth.closeups --count 1200 --out work/closeups`` (see ``main``). Photo
``i`` is rendered from ``numpy.random.default_rng([seed, i])``: the set is reproducible.
"""

from __future__ import annotations

import argparse
import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from datasets.augment import map_boxes, photograph
from datasets.synth.art import load_art_set, select_art_sets
from datasets.synth.export import mix_photos, yolo_line
from datasets.synth.layout import Placement
from datasets.synth.photos import _photo
from datasets.synth.table import HELD_OUT_ART

#: Designs never trained on: the held-out sets and the valid designs of the metric head and
#: the face network (``vision.train_metric``, ``vision.train_faces``).
NEVER_TRAINED = (*HELD_OUT_ART, "gen-5[0-1][0-9]")
#: Share of the frame's width or height (whichever more) the tile or the touching tiles span.
#: The real close-ups that split fill 0.9-1.0; 0.4 is the far end of a player's close-up.
FILL = (0.4, 0.98)
#: Share of the photos drawn from the top of ``FILL`` only (``NEAR_FILL``): the case that splits.
NEAR_SHARE = 0.5
NEAR_FILL = (0.8, 0.98)
#: Odds of one, two and three tiles in a photo.
TILE_COUNT_ODDS = (0.7, 0.18, 0.12)
#: Odds of a tile's suit: circles, bamboos, then any other kind (characters, honours, flowers);
#: circles and bamboos are the kinds whose pips the detector takes for tiles.
SUIT_ODDS = (0.45, 0.3, 0.25)
#: Share of the photos whose tiles are dark or tinted, as the faces detector also learnt.
COLOURED_SHARE = 0.3
#: Share of the photos made to look taken worse (``photograph``) beyond the renderer's own finish.
PHOTOGRAPHED_SHARE = 0.8
#: Long side of a written photo: the detector reads at 320 px, and a close-up loses nothing
#: that it sees when stored at this size.
SAVE_SIDE = 480
#: Tries at drawing a photo whose every tile is visible enough to be labelled.
TRIES = 6


@dataclass
class CloseUp:
    """One training photo: ``image`` (BGR), ``boxes`` (x1, y1, x2, y2 in its pixels, one whole
    tile each), the codes of the tiles, the design, and the share of the frame the tiles fill."""

    image: np.ndarray
    boxes: np.ndarray
    codes: list[str]
    art: str
    fill: float


def training_designs(designs: int = 40) -> tuple[str, ...]:
    """The art sets found here and ``designs`` generated ones, less ``NEVER_TRAINED``."""
    return select_art_sets(None, designs, NEVER_TRAINED)


def never_trained(names: Sequence[str]) -> list[str]:
    """Those of ``names`` held out of training."""
    return [n for n in names if any(fnmatch.fnmatchcase(n, p) for p in NEVER_TRAINED)]


def draw_codes(rng: np.random.Generator, available: Sequence[str], count: int) -> list[str]:
    """``count`` tile codes of those ``available``, circles and bamboos the more often
    (``SUIT_ODDS``); a suit the design lacks falls to the other kinds.

    >>> draw_codes(np.random.default_rng(0), ["1p", "5s", "E"], 6)
    ['5s', '1p', '1p', '1p', 'E', 'E']
    """
    groups = [[c for c in available if c.endswith("p") and len(c) == 2],
              [c for c in available if c.endswith("s") and len(c) == 2]]
    groups.append([c for c in available if c not in groups[0] and c not in groups[1]])
    odds = np.array([o if g else 0.0 for o, g in zip(SUIT_ODDS, groups, strict=True)])
    if not odds.sum():
        raise ValueError("a design with no tile faces cannot be drawn")
    picks = rng.choice(3, size=count, p=odds / odds.sum())
    return [str(rng.choice(groups[g])) for g in picks]


def close_up(rng: np.random.Generator, art_sets: Sequence[str],
             coloured_share: float = COLOURED_SHARE,
             photographed_share: float = PHOTOGRAPHED_SHARE) -> CloseUp:
    """One close-up photo in one of ``art_sets``: one tile (or two or three touching) filling
    ``FILL`` of the frame, photographed (``photograph``) with ``photographed_share`` odds."""
    held = never_trained(art_sets)
    if held:
        raise ValueError(f"designs held out of training cannot be rendered for it: {held}")
    if not art_sets:
        raise ValueError("no design to render close-ups in")
    for _ in range(TRIES):
        art = str(rng.choice(list(art_sets)))
        count = int(rng.choice(3, p=TILE_COUNT_ODDS)) + 1
        codes = draw_codes(rng, [c for c in load_art_set(art).codes if c != "back"], count)
        across = bool(rng.random() < 0.7)
        gap, yaw = rng.uniform(0.0, 0.03), float(rng.normal(0, 0.1))

        def place(size: tuple[float, float, float], codes: list[str] = codes,
                  across: bool = across, gap: float = gap, yaw: float = yaw) -> list[Placement]:
            step = (size[0] * (1 + gap), 0.0) if across else (0.0, -size[1] * (1 + gap))
            return [Placement(code, "up", (k * step[0], k * step[1]), yaw=yaw)
                    for k, code in enumerate(codes)]

        fill = float(rng.uniform(*(NEAR_FILL if rng.random() < NEAR_SHARE else FILL)))
        scene = _photo(rng, art, codes, place, fill=fill, elevation=(1.1, 1.5), turn=0.3,
                       layout="closeup", coloured=bool(rng.random() < coloured_share))
        if all(t.labelled for t in scene.tiles):
            break
    else:
        raise RuntimeError(f"no close-up with every tile in frame in {TRIES} tries")
    image = scene.image
    boxes = np.array([t.box for t in scene.tiles], float)
    if rng.random() < photographed_share:
        tile_px = float(np.median(boxes[:, 3] - boxes[:, 1]))
        image, matrix = photograph(rng, image, tile_px=tile_px)
        boxes = map_boxes(boxes, matrix, image.shape[1], image.shape[0])
    scale = SAVE_SIDE / max(image.shape[:2])
    size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
    image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    boxes = np.clip(boxes * scale, 0, [size[0], size[1], size[0], size[1]])
    return CloseUp(image, boxes, [t.code for t in scene.tiles], art, fill)


def yolo_text(photo: CloseUp) -> str:
    """The photo's YOLO label lines (``0 cx cy w h``, normalised: every tile is face up)."""
    h, w = photo.image.shape[:2]
    return "".join(yolo_line(0, b, w, h) + "\n" for b in photo.boxes)


def write_set(out: Path, count: int, seed: int, designs: int, real: Path | None,
              real_share: int, others: Sequence[tuple[Path, int]] = ()) -> dict:
    """Render ``count`` close-ups into ``out/images`` + ``out/labels`` and, where ``real`` is
    given, write ``out/data.yaml`` training on them, ``real_share`` of ``real``'s
    ``images/train`` and, for each (folder, n) of ``others``, n images of that YOLO image
    folder (drawn under ``seed``), validating on ``real``'s ``images/val``. Returns counts."""
    names = training_designs(designs)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    counts: dict = {"photos": 0, "tiles": 0, "by_tiles": {}, "suits": {}, "designs": 0}
    listed, used = [], set()
    for i in range(count):
        photo = close_up(np.random.default_rng([seed, i]), names)
        stem = f"closeup_{i:05d}"
        cv2.imwrite(str(out / "images" / f"{stem}.jpg"), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (out / "labels" / f"{stem}.txt").write_text(yolo_text(photo), encoding="utf-8")
        listed.append(str((out / "images" / f"{stem}.jpg").resolve()))
        counts["photos"] += 1
        counts["tiles"] += len(photo.codes)
        key = str(len(photo.codes))
        counts["by_tiles"][key] = counts["by_tiles"].get(key, 0) + 1
        for code in photo.codes:
            suit = code[-1] if code[-1] in "ps" and len(code) == 2 else "other"
            counts["suits"][suit] = counts["suits"].get(suit, 0) + 1
        used.add(photo.art)
    counts["designs"] = len(used)
    if real is None:
        return counts
    counts.update(mix_photos(out, listed, real, real_share, others, seed))
    return counts


def folder_share(text: str) -> tuple[Path, int]:
    """``FOLDER:N`` of ``--also``."""
    folder, _, n = text.rpartition(":")
    if not folder or not n.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: give a YOLO image folder and a count, FOLDER:N")
    return Path(folder), int(n)


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--count``, ``--designs``, ``--seed``, ``--real``, ``--real-share``,
    ``--also FOLDER:N``, ``--out``."""
    p = argparse.ArgumentParser(description="Close-ups of one tile, or two or three touching.")
    p.add_argument("--count", type=int, default=1200)
    p.add_argument("--designs", type=int, default=40, help="generated designs gen-0..N-1 too")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--real", type=Path, default=Path("work/real/detect"),
                   help="the real YOLO set (python -m datasets.build) whose train photos join")
    p.add_argument("--real-share", type=int, default=800, help="real train photos to add")
    p.add_argument("--also", type=folder_share, action="append", default=[], metavar="FOLDER:N",
                   help="n images of another YOLO image folder (labels beside it) to add")
    p.add_argument("--out", type=Path, default=Path("work/closeups"))
    args = p.parse_args(argv)
    if args.count < 1:
        p.error("--count is the number of close-ups to render, at least 1")
    real = args.real if (args.real / "images" / "train").is_dir() else None
    if real is None:
        print(f"{args.real}/images/train missing: no real photos and no data.yaml written")
    print(write_set(args.out, args.count, args.seed, args.designs, real, args.real_share,
                    args.also))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
