"""Detector and classifier training scenes whose tiles are real tiles cut out of photos.

The recognizer reads real photos of sets it never saw worse than rendered ones: drawn faces lack
print, wear, glare and lens. This module cuts real tiles out of the *train* photos of the shared
set (``chinese-mahjong-detection-v4``, ``SPLIT``; its valid photos measure the detector, and the
``real-other-designs`` photos are the development set, so neither is ever read) by their labelled
boxes, a ``MARGIN`` of the photo kept round each so that the tile's own edge comes along, and
pastes them into rendered scenes (``render_scene``'s hands, melds, rivers, loose tiles and walls,
``render_table_scene``'s whole tables, on felt, cloth and wood): each pasted tile is warped onto
the face of a rendered tile it replaces (slanted as the camera sees that face), its colour moved
part of the way (``COLOUR_MATCH``) to the rendered face's under the scene's light, its margin
faded into the scene, and it is labelled with the kind of the tile it was cut from. A share of the
scenes (``MIXED_SHARE``) replaces only some of the tiles, so real and rendered tiles lie side by
side. The image is then photographed once more (blur, noise, JPEG) so that pasted and rendered
pixels share one finish.

Written: ``images/NNNNNN.jpg`` + ``labels/NNNNNN.txt`` (YOLO, 0 face-up tile / 1 back, one box
per whole tile), ``kinds/NNNNNN.txt`` (per label line: the kind, ``pasted`` or ``rendered``, and
where it came from), ``classify/<NN_code>/`` crops (``datasets.real``'s folder layout, cut by
``vision.preprocess.crop_tile``) and a ``data.yaml`` (with real train photos mixed in when
``--real`` is there). ``python -m datasets.synth.pasted --scenes 1500 --out work/pasted``.
Scene ``i`` is drawn from ``numpy.random.default_rng([seed, i])`` and the source photos from
``seed``: the set is reproducible.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from datasets.real import DEFAULT_SOURCE, class_folder, class_remap, iter_split, read_labels, read_names
from datasets.synth.closeups import folder_share, never_trained, training_designs
from datasets.synth.export import DETECT_NAMES, mix_photos, yolo_line
from datasets.synth.layout import LAYOUT_WEIGHTS, LAYOUTS
from datasets.synth.scene import Scene, render_scene
from datasets.synth.table import render_table_scene
from vision.classes import TILE_CLASSES
from vision.preprocess import crop_tile, turn, turn_box

#: The only split of the shared set read: its valid photos are the detector's measure.
SPLIT = "train"
#: Share of a source box's side kept round it: the tile's edge and a little of its table.
MARGIN = 0.08
#: The photos of sets the recognizer never trained on: the development set, never cut from.
DEVELOPMENT_SET = "real-other-designs"
#: Most a train photo's content may be turned (degrees off the axes of its nearest quarter turn).
#: The export turned most photos by up to 45 degrees and sheared them, filling the corners with
#: a flat grey; a tile cut from such a photo is a slanted tile with table in its box's corners.
#: 8 degrees keeps 190 of the 1350 photos, their tiles upright to the eye (167 at 6, 219 at 10).
MAX_PHOTO_TURN = 8.0
#: A source tile is cut when both sides of its box are this many pixels of the 640 px photo.
MIN_SOURCE_PX = 20
#: Most a source box's short side may be of its long side: a tile about 3:4 seen flat or
#: standing; a square box is a tile seen at a slant or one of the photo's own turned tiles.
MAX_SOURCE_ASPECT = 0.85
#: A rendered tile is replaced when this share of it is unoccluded (a pasted tile would cover
#: what lies on it) and its face quad is at least ``MIN_SLOT_PX`` on its short side.
MIN_SLOT_VISIBLE = 0.95
MIN_SLOT_PX = 10
#: Share of the scenes that keep rendered tiles beside the pasted ones, and the share of the
#: eligible tiles those replace.
MIXED_SHARE = 0.5
MIXED_PASTED = (0.3, 0.7)
#: Share of the scenes that are whole tables (far, small tiles) instead of a hand or pile, and
#: share of the others laid out as wall segments (face-down tiles two high). The photos the
#: detector reads are hands and piles: the shared set's train photos hold 16.7 face-up tiles
#: each (median box 0.12 of the width) and no backs, while at a quarter tables and the scene
#: mix's tenth of walls, 48 scenes held 675 backs to 351 pasted tiles, 594 of them on tables
#: (tiles 0.03 of the width). The whole tables have their own detector (``table_windows``).
TABLE_SHARE = 0.05
WALL_SHARE = 0.02
#: Share of the colour gap (per channel, mean of the tile) between the source tile and the
#: rendered face it replaces that is closed: the scene's light a little, the tile's print kept.
COLOUR_MATCH = (0.2, 0.6)
#: Long side of a written image; the detector reads at 320 px.
SAVE_SIDE = 640
#: Side of a written classifier crop (``datasets.real``'s), and the least side of a tile's box
#: (in the written image) cut for it, as ``export.crops`` cuts rendered tiles.
CROP_SIDE = 96
MIN_CROP_PX = 12
#: Bounds of the command line's counts.
MAX_SCENES = 100_000
MAX_PHOTOS = 1350


@dataclass(frozen=True)
class SourceTile:
    """One real tile cut from a train photo: its kind, the crop (BGR, margin included), the
    tile's box inside the crop (x1, y1, x2, y2), the photo and which of its label file's boxes
    (``datasets.real.read_labels``) it is."""

    code: str
    crop: np.ndarray
    box: tuple[float, float, float, float]
    photo: str
    line: int


@dataclass
class TileBank:
    """The real tiles cut from a sample of the train photos; ``files`` is every file read."""

    tiles: list[SourceTile]
    files: list[Path] = field(default_factory=list)


@dataclass
class PastedTile:
    """Where a source tile went: its slot's face quad, the homography from the source crop's
    pixels (turned ``turned`` degrees clockwise first) into the scene's (before the final
    resize), the colour shift (BGR) added, and the index of its box among the scene's."""

    source: SourceTile
    quad: np.ndarray
    homography: np.ndarray
    shift: np.ndarray
    turned: int
    label: int = -1


@dataclass
class PastedScene:
    """One training image: ``image`` (BGR), one box per labelled tile (x1, y1, x2, y2), its kind
    (``back`` for a face-down tile), its origin, and the pasted tiles' records."""

    image: np.ndarray
    boxes: np.ndarray
    codes: list[str]
    origins: list[str]
    pasted: list[PastedTile]
    art: str
    layout: str


def photo_turn(image: np.ndarray) -> float:
    """How far (degrees) the content of an exported photo is turned off the axes: the slant of
    the edges of its flat grey fill; 0 where its corners show no fill."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    h, w = gray.shape
    patches = [gray[:4, :4], gray[:4, -4:], gray[-4:, :4], gray[-4:, -4:]]
    flat = sorted(float(p.mean()) for p in patches if p.std() < 1.5)
    fills = [a for a, b in zip(flat, flat[1:], strict=False) if abs(a - b) <= 2]
    if not fills:
        return 0.0
    content = (np.abs(gray.astype(np.int16) - fills[0]) > 4).astype(np.uint8)
    content = cv2.morphologyEx(content, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(content, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return 90.0
    outline = cv2.approxPolyDP(max(contours, key=cv2.contourArea), 0.01 * max(h, w), True)[:, 0]
    worst = 0.0
    for p, q in zip(outline, np.roll(outline, -1, axis=0), strict=True):
        d = q - p
        along_border = ((p[0] <= 2 and q[0] <= 2) or (p[1] <= 2 and q[1] <= 2)
                        or (p[0] >= w - 3 and q[0] >= w - 3) or (p[1] >= h - 3 and q[1] >= h - 3))
        if along_border or np.hypot(*d) < 0.05 * max(h, w):
            continue
        angle = float(np.degrees(np.arctan2(abs(d[1]), abs(d[0])))) % 90
        worst = max(worst, min(angle, 90 - angle))
    return worst


def load_bank(root: Path = DEFAULT_SOURCE, max_photos: int = 400, seed: int = 0,
              min_px: int = MIN_SOURCE_PX) -> TileBank:
    """Cut the labelled tiles of ``max_photos`` of ``root``'s train photos, taken in an order
    drawn under ``seed``, those turned more than ``MAX_PHOTO_TURN`` passed over. Only
    ``train/images`` and ``train/labels`` (and the class names of ``data.yaml``) are read."""
    if not 1 <= max_photos <= MAX_PHOTOS:
        raise ValueError(f"max_photos must be 1-{MAX_PHOTOS}, not {max_photos}")
    if DEVELOPMENT_SET in Path(root).resolve().parts:
        raise ValueError(f"{root}: the {DEVELOPMENT_SET} photos measure the recognizer; "
                         "no tile is cut from them for training")
    pairs = list(iter_split(root, SPLIT))
    if not pairs:
        raise FileNotFoundError(f"{root / SPLIT / 'images'}: no train photos there")
    remap = class_remap(read_names(root))
    bank, used = TileBank([]), 0
    for j in np.random.default_rng(seed).permutation(len(pairs)):
        if used == max_photos:
            break
        image_path, label_path = pairs[j]
        bank.files.append(image_path)
        image = cv2.imread(str(image_path), cv2.IMREAD_COLOR)
        if image is None or photo_turn(image) > MAX_PHOTO_TURN:
            continue
        bank.files.append(label_path)
        boxes = read_labels(label_path)
        used += 1
        height, width = image.shape[:2]
        for k, box in enumerate(boxes):
            if not 0 <= box.cls < len(remap):
                continue
            x1, y1, x2, y2 = box.to_pixels(width, height)
            w, h = x2 - x1, y2 - y1
            if min(w, h) < min_px or min(w, h) / max(w, h) > MAX_SOURCE_ASPECT:
                continue
            a, b = int(max(0, np.floor(x1 - MARGIN * w))), int(max(0, np.floor(y1 - MARGIN * h)))
            c = int(min(width, np.ceil(x2 + MARGIN * w)))
            d = int(min(height, np.ceil(y2 + MARGIN * h)))
            bank.tiles.append(SourceTile(TILE_CLASSES[remap[box.cls]], image[b:d, a:c].copy(),
                                         (x1 - a, y1 - b, x2 - a, y2 - b), str(image_path), k))
    if not bank.tiles:
        raise ValueError(f"no tile of {root / SPLIT}'s photos is {min_px} px or more and upright")
    return bank


def upright(tile: SourceTile, rng: np.random.Generator) -> tuple[np.ndarray, tuple, int]:
    """The tile's crop and box turned a quarter (either way) when the box lies on its side, so
    that it fits a face slot, which is taller than wide in the glyph's orientation."""
    x1, y1, x2, y2 = tile.box
    if y2 - y1 >= x2 - x1:
        return tile.crop, tile.box, 0
    degrees = int(rng.choice([90, 270]))
    h, w = tile.crop.shape[:2]
    return turn(tile.crop, degrees), tuple(turn_box(list(tile.box), w, h, degrees)), degrees


def _feather(shape: tuple[int, int], box: tuple) -> np.ndarray:
    """Alpha of a crop: 1 on the tile's box, falling to 0 at the crop's edge across the margin,
    squared so that the photo's table under the margin fades fast into the scene's."""
    h, w = shape
    xs, ys = np.arange(w) + 0.5, np.arange(h) + 0.5
    x1, y1, x2, y2 = box
    fx = np.minimum(np.clip(xs / max(x1, 1e-6), 0, 1), np.clip((w - xs) / max(w - x2, 1e-6), 0, 1))
    fy = np.minimum(np.clip(ys / max(y1, 1e-6), 0, 1), np.clip((h - ys) / max(h - y2, 1e-6), 0, 1))
    return (np.minimum(fy[:, None], fx[None, :]) ** 2).astype(np.float32)


def paste_tile(image: np.ndarray, tile: SourceTile, quad: np.ndarray, others: Sequence[np.ndarray],
               rng: np.random.Generator, match: tuple[float, float] = COLOUR_MATCH) -> PastedTile:
    """Warp ``tile`` onto the face ``quad`` (TL, TR, BR, BL) of ``image`` in place: its box onto
    the quad, its margin faded out and kept off the faces ``others`` (the neighbours' quads);
    its mean colour moved a share drawn from ``match`` towards the face's it covers."""
    crop, box, degrees = upright(tile, rng)
    quad = np.asarray(quad, np.float32)
    x1, y1, x2, y2 = box
    src = np.float32([[x1, y1], [x2, y1], [x2, y2], [x1, y2]])
    homography = cv2.getPerspectiveTransform(src, quad)
    h, w = crop.shape[:2]
    outline = cv2.perspectiveTransform(np.float32([[[0, 0], [w, 0], [w, h], [0, h]]]), homography)[0]
    height, width = image.shape[:2]
    a, b = np.clip(np.floor(outline.min(axis=0)).astype(int), 0, [width, height])
    c, d = np.clip(np.ceil(outline.max(axis=0)).astype(int) + 1, 0, [width, height])
    size = (int(c - a), int(d - b))
    if size[0] <= 0 or size[1] <= 0:
        return PastedTile(tile, quad, homography, np.zeros(3, np.float32), degrees)
    offset = np.float32([a, b])
    face = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillConvexPoly(face, np.round(quad - offset).astype(np.int32), 1)
    keep = np.zeros_like(face)
    for other in others:
        other = np.asarray(other, np.float32) - offset
        if (other.max(axis=0) >= 0).all() and (other.min(axis=0) < size).all():
            cv2.fillConvexPoly(keep, np.round(other).astype(np.int32), 1)
    region = image[b:d, a:c].astype(np.float32)
    inner = crop[int(y1):int(np.ceil(y2)), int(x1):int(np.ceil(x2))].reshape(-1, 3)
    slot = region[face > 0]
    shift = np.zeros(3, np.float32)
    if len(slot) and len(inner):
        shift = (rng.uniform(*match) * (slot.mean(axis=0) - inner.mean(axis=0))).astype(np.float32)
    moved = np.clip(crop.astype(np.float32) + shift, 0, 255)
    local = np.array([[1, 0, -a], [0, 1, -b], [0, 0, 1]], np.float64) @ homography
    warped = cv2.warpPerspective(moved, local, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
    alpha = cv2.warpPerspective(_feather((h, w), box), local, size, flags=cv2.INTER_LINEAR)
    alpha[(keep > 0) & (face == 0)] = 0
    alpha[face > 0] = 1
    image[b:d, a:c] = np.clip(alpha[..., None] * warped + (1 - alpha[..., None]) * region + 0.5,
                              0, 255).astype(np.uint8)
    return PastedTile(tile, quad, homography, shift, degrees)


def slots(scene: Scene) -> list[int]:
    """Indices of the scene's tiles a real tile may replace: face up, unoccluded, big enough."""
    out = []
    for i, t in enumerate(scene.tiles):
        if t.code == "back" or not t.labelled or t.visible < MIN_SLOT_VISIBLE:
            continue
        q = np.asarray(t.quad)
        if min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[3] - q[0])) >= MIN_SLOT_PX:
            out.append(i)
    return out


def rephotograph(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """A light blur, sensor noise and a JPEG round trip over the whole image, so that pasted and
    rendered pixels share one finish."""
    out = image.astype(np.float32)
    if rng.random() < 0.5:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.3, 0.8))
    out += rng.normal(0, rng.uniform(0.5, 3), out.shape).astype(np.float32)
    out = np.clip(out + 0.5, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 96))])
    return cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else out


def layout_weights(walls: float = WALL_SHARE) -> np.ndarray:
    """The draw's weights over ``LAYOUTS`` with ``walls`` of it the wall layout, the other
    layouts keeping ``LAYOUT_WEIGHTS``' proportions among themselves."""
    if not 0 <= walls <= 1:
        raise ValueError(f"walls is a share of the scenes, 0-1, not {walls}")
    weights = np.array(LAYOUT_WEIGHTS, float)
    wall = LAYOUTS.index("wall")
    others = np.arange(len(LAYOUTS)) != wall
    weights[others] *= (1 - walls) / weights[others].sum()
    weights[wall] = walls
    return weights


def pasted_scene(rng: np.random.Generator, bank: TileBank, art_sets: Sequence[str],
                 mixed_share: float = MIXED_SHARE, finish: bool = True,
                 tables: float = TABLE_SHARE, walls: float = WALL_SHARE) -> PastedScene:
    """Render a scene in ``art_sets`` (a whole table a share ``tables`` of the time, else a
    hand or pile, wall segments a share ``walls`` of those) and replace its eligible face-up
    tiles by real ones of ``bank`` (only some of them, ``MIXED_PASTED``, in a share
    ``mixed_share`` of the scenes); ``finish``: photograph the result once more."""
    held = never_trained(art_sets)
    if held:
        raise ValueError(f"designs held out of training cannot be rendered for it: {held}")
    if not art_sets:
        raise ValueError("no design to render scenes in")
    if not 0 <= tables <= 1:
        raise ValueError(f"tables is a share of the scenes, 0-1, not {tables}")
    weights = layout_weights(walls)
    if rng.random() < tables:
        scene = render_table_scene(rng, list(art_sets))
    else:
        scene = render_scene(rng, str(rng.choice(LAYOUTS, p=weights)), list(art_sets))
    image = scene.image.copy()
    eligible = slots(scene)
    share = rng.uniform(*MIXED_PASTED) if rng.random() < mixed_share else 1.0
    chosen = [i for i in eligible if rng.random() < share]
    quads = [np.asarray(t.quad, np.float32) for t in scene.tiles]
    picks = rng.choice(len(bank.tiles), len(chosen), replace=len(chosen) > len(bank.tiles))
    pasted: dict[int, PastedTile] = {}
    for i, pick in zip(chosen, picks, strict=True):
        pasted[i] = paste_tile(image, bank.tiles[int(pick)], quads[i],
                               [q for k, q in enumerate(quads) if k != i], rng)
    if finish:
        image = rephotograph(rng, image)
    boxes, codes, origins = [], [], []
    height, width = image.shape[:2]
    for i, t in enumerate(scene.tiles):
        if not t.labelled:
            continue
        box = np.asarray(t.box, float)
        if i in pasted:
            q = quads[i]
            box = np.array([min(box[0], q[:, 0].min()), min(box[1], q[:, 1].min()),
                            max(box[2], q[:, 0].max()), max(box[3], q[:, 1].max())])
            pasted[i].label = len(boxes)
            source = pasted[i].source
            codes.append(source.code)
            origins.append(f"pasted {Path(source.photo).name}#{source.line}")
        else:
            codes.append(t.code)
            origins.append(f"rendered {scene.art}")
        boxes.append(np.clip(box, 0, [width, height, width, height]))
    return PastedScene(image, np.array(boxes, float).reshape(-1, 4), codes, origins,
                       list(pasted.values()), scene.art, scene.layout)


def saved(scene: PastedScene, side: int = SAVE_SIDE) -> PastedScene:
    """The scene scaled down to ``side`` on its long side (boxes with it); smaller ones as they are."""
    scale = side / max(scene.image.shape[:2])
    if scale >= 1:
        return scene
    size = (round(scene.image.shape[1] * scale), round(scene.image.shape[0] * scale))
    image = cv2.resize(scene.image, size, interpolation=cv2.INTER_AREA)
    boxes = np.clip(scene.boxes * scale, 0, [size[0], size[1], size[0], size[1]])
    return PastedScene(image, boxes, scene.codes, scene.origins, scene.pasted, scene.art, scene.layout)


def yolo_text(scene: PastedScene) -> str:
    """The scene's YOLO label lines (``cls cx cy w h``, normalised; 0 face up, 1 back)."""
    h, w = scene.image.shape[:2]
    return "".join(yolo_line(int(code == "back"), b, w, h) + "\n"
                   for b, code in zip(scene.boxes, scene.codes, strict=True))


def write_set(out: Path, scenes: int, seed: int, designs: int, bank: TileBank,
              mixed_share: float = MIXED_SHARE, real: Path | None = None, real_share: int = 0,
              others: Sequence[tuple[Path, int]] = (), classify: bool = True,
              tables: float = TABLE_SHARE, walls: float = WALL_SHARE) -> dict:
    """Write ``scenes`` pasted scenes into ``out`` (images, labels, kinds, classify crops) and its
    ``data.yaml``: trained on them, ``real_share`` of ``real``'s ``images/train`` and n images
    of each (folder, n) of ``others``, validated on ``real``'s ``images/val`` where ``real`` is
    given, else on its own images; ``tables`` and ``walls`` as ``pasted_scene``'s. Returns
    counts."""
    if not 1 <= scenes <= MAX_SCENES:
        raise ValueError(f"scenes must be 1-{MAX_SCENES}, not {scenes}")
    if not 0 <= mixed_share <= 1:
        raise ValueError(f"mixed_share is a share, 0-1, not {mixed_share}")
    for name, share in (("tables", tables), ("walls", walls)):
        if not 0 <= share <= 1:
            raise ValueError(f"{name} is a share of the scenes, 0-1, not {share}")
    names = training_designs(designs)
    for folder in ("images", "labels", "kinds"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    counts: dict = {"scenes": 0, "pasted": 0, "rendered": 0, "backs": 0, "crops": 0}
    listed = []
    for i in range(scenes):
        scene = saved(pasted_scene(np.random.default_rng([seed, i]), bank, names, mixed_share,
                                   tables=tables, walls=walls))
        stem = f"{i:06d}"
        cv2.imwrite(str(out / "images" / f"{stem}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (out / "labels" / f"{stem}.txt").write_text(yolo_text(scene), encoding="utf-8")
        (out / "kinds" / f"{stem}.txt").write_text(
            "".join(f"{c} {o}\n" for c, o in zip(scene.codes, scene.origins, strict=True)),
            encoding="utf-8")
        listed.append(str((out / "images" / f"{stem}.jpg").resolve()))
        counts["scenes"] += 1
        for k, (code, origin, box) in enumerate(zip(scene.codes, scene.origins, scene.boxes,
                                                    strict=True)):
            counts["backs" if code == "back" else origin.split()[0]] += 1
            if classify and code != "back" and min(box[2:] - box[:2]) >= MIN_CROP_PX:
                crop = crop_tile(scene.image, tuple(box), size=CROP_SIDE)
                folder = out / "classify" / class_folder(TILE_CLASSES.index(code))
                folder.mkdir(parents=True, exist_ok=True)
                cv2.imwrite(str(folder / f"{stem}_{k:02d}.jpg"), crop, [cv2.IMWRITE_JPEG_QUALITY, 95])
                counts["crops"] += 1
    if real is None:
        (out / "data.yaml").write_text(
            f"path: {out.resolve()}\ntrain: {(out / 'images').resolve()}\n"
            f"val: {(out / 'images').resolve()}\nnames:\n"
            + "".join(f"  {i}: {n}\n" for i, n in enumerate(DETECT_NAMES)), encoding="utf-8")
        return counts
    counts.update(mix_photos(out, listed, real, real_share, others, seed))
    return counts


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--scenes``, ``--photos``, ``--mixed``, ``--tables``, ``--walls``,
    ``--designs``, ``--seed``, ``--source``, ``--real``, ``--real-share``, ``--also FOLDER:N``,
    ``--no-classify``, ``--out``."""
    p = argparse.ArgumentParser(description="Real tiles pasted into rendered scenes.")
    p.add_argument("--scenes", type=int, default=1500)
    p.add_argument("--photos", type=int, default=MAX_PHOTOS,
                   help="most train photos to cut tiles from (those upright enough)")
    p.add_argument("--mixed", type=float, default=MIXED_SHARE,
                   help="share of the scenes with rendered tiles left beside the pasted ones")
    p.add_argument("--tables", type=float, default=TABLE_SHARE,
                   help="share of the scenes that are whole tables (far tiles, walls, backs)")
    p.add_argument("--walls", type=float, default=WALL_SHARE,
                   help="share of the other scenes laid out as wall segments (face-down tiles)")
    p.add_argument("--designs", type=int, default=40, help="generated designs gen-0..N-1 too")
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--source", type=Path, default=DEFAULT_SOURCE,
                   help="the shared real set; only its train split is read")
    p.add_argument("--real", type=Path, default=Path("work/real/detect"),
                   help="the real YOLO set (python -m datasets.build) whose train photos join")
    p.add_argument("--real-share", type=int, default=800, help="real train photos to add")
    p.add_argument("--also", type=folder_share, action="append", default=[], metavar="FOLDER:N",
                   help="n images of another YOLO image folder (labels beside it) to add")
    p.add_argument("--no-classify", action="store_true", help="write no classifier crops")
    p.add_argument("--out", type=Path, default=Path("work/pasted"))
    args = p.parse_args(argv)
    if not 1 <= args.scenes <= MAX_SCENES:
        p.error(f"--scenes is the number of scenes to render, 1-{MAX_SCENES}")
    if not 1 <= args.photos <= MAX_PHOTOS:
        p.error(f"--photos is the number of train photos to cut tiles from, 1-{MAX_PHOTOS}")
    for flag, share in (("--mixed", args.mixed), ("--tables", args.tables), ("--walls", args.walls)):
        if not 0 <= share <= 1:
            p.error(f"{flag} is a share of the scenes, 0-1, not {share}")
    real = args.real if (args.real / "images" / "train").is_dir() else None
    if real is None:
        print(f"{args.real}/images/train missing: no real photos; data.yaml trains on the scenes alone")
    try:
        bank = load_bank(args.source, args.photos, args.seed)
    except (FileNotFoundError, ValueError) as err:
        p.error(str(err))
    print(f"{len(bank.tiles)} real tiles cut from {len({t.photo for t in bank.tiles})} train photos")
    print(write_set(args.out, args.scenes, args.seed, args.designs, bank, args.mixed, real,
                    args.real_share, args.also, not args.no_classify, args.tables, args.walls))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
