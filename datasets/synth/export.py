"""Writing rendered scenes to disk: YOLO detection sets, classification crops, raw scenes, and
a contact sheet for looking at samples.

Scene ``i`` of a dataset is rendered from ``numpy.random.default_rng([seed, i])``, so a dataset
is reproducible from its seed and any single image can be re-rendered on its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

import cv2
import numpy as np

from datasets.synth.art import load_art_set, select_art_sets
from datasets.synth.photos import rows_photo, single_tile_photo
from datasets.synth.scene import Scene, _pick_art, render_scene
from vision.classes import BONUS_CODES, TILE_CLASSES

KINDS = ("detect", "classify", "scenes")
#: Layout mix for classification crops: more loose tiles, whose kinds are drawn evenly, so the
#: bonus tiles (one copy each in a set) are not starved.
CLASSIFY_LAYOUTS = {"loose": 0.5, "flat": 0.2, "hand": 0.15, "discards": 0.1, "wall": 0.05}
#: Detection classes: 0 = a face-up tile, 1 = a face-down tile.
DETECT_NAMES = ["tile", "back"]


def write_photo_list(out: Path, listed: list[str], real: Path) -> None:
    """A detector set whose ``train`` is a list of photos (``train.txt``), validated on the real
    photos' ``val`` folder: what ultralytics reads when rendered and real photos are mixed."""
    (out / "train.txt").write_text("\n".join(listed) + "\n", encoding="utf-8")
    (out / "data.yaml").write_text(
        f"path: {out.resolve()}\ntrain: {(out / 'train.txt').resolve()}\n"
        f"val: {(real / 'images' / 'val').resolve()}\nnames:\n"
        + "".join(f"  {i}: {n}\n" for i, n in enumerate(DETECT_NAMES)), encoding="utf-8")


def image_files(folder: Path) -> list[Path]:
    """The images of a YOLO image folder, sorted."""
    return sorted(p for p in folder.glob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png"))


def mix_photos(out: Path, listed: list[str], real: Path, real_share: int,
               others: Sequence[tuple[Path, int]], seed: int) -> dict[str, int]:
    """Write the detector set of ``listed`` (rendered photos) with ``real_share`` of ``real``'s
    train photos and ``share`` of each other ``(folder, share)``, picked by ``seed``
    (:func:`write_photo_list`); how many came from each folder."""
    rng = np.random.default_rng(seed)
    counts = {}
    for folder, share in [(real / "images" / "train", real_share), *others]:
        photos = image_files(folder)
        if not photos:
            raise FileNotFoundError(f"{folder}: no training images there")
        picked = rng.permutation(len(photos))[:share]
        listed += [str(photos[j].resolve()) for j in sorted(picked)]
        counts[f"from {folder}"] = len(picked)
    write_photo_list(out, listed, real)
    return counts


def scene_rng(seed: int, index: int) -> np.random.Generator:
    """The generator of scene ``index`` in a dataset made with ``seed``."""
    return np.random.default_rng([seed, index])


def yolo_line(cls: int, box: Iterable[float], width: int, height: int) -> str:
    """One YOLO label line ``cls cx cy w h`` of a pixel box ``x1 y1 x2 y2``, normalised by the
    image's ``width`` and ``height``: the one format every generated detector set writes."""
    x1, y1, x2, y2 = box
    return (f"{cls} {(x1 + x2) / 2 / width:.6f} {(y1 + y2) / 2 / height:.6f} "
            f"{(x2 - x1) / width:.6f} {(y2 - y1) / height:.6f}")


def yolo_lines(scene: Scene) -> list[str]:
    """YOLO label lines ``cls cx cy w h`` (normalised) for the labelled tiles of a scene."""
    h, w = scene.image.shape[:2]
    lines = []
    for t in scene.tiles:
        if not t.labelled:
            continue
        lines.append(yolo_line(1 if t.code == "back" else 0, t.box, w, h))
    return lines


def crops(scene: Scene, rng: np.random.Generator, min_px: int = 12) -> list[tuple[str, np.ndarray]]:
    """Per-tile crops (code, BGR) around each labelled tile's box, padded a little at random
    like a detector's box would be."""
    h, w = scene.image.shape[:2]
    out = []
    for t in scene.tiles:
        x1, y1, x2, y2 = t.box
        bw, bh = x2 - x1, y2 - y1
        if not t.labelled or min(bw, bh) < min_px or t.visible < 0.6:
            continue
        pad = rng.uniform(-0.03, 0.12, 4) * [bw, bh, bw, bh]
        a, b = int(max(0, x1 - pad[0])), int(max(0, y1 - pad[1]))
        c, d = int(min(w, x2 + pad[2])), int(min(h, y2 + pad[3]))
        if c - a >= min_px and d - b >= min_px:
            out.append((t.code, scene.image[b:d, a:c].copy()))
    return out


def player_photo(rng: np.random.Generator, art_names: list[str], coloured: bool = False) -> Scene:
    """A photo a player takes of his own set (``datasets.synth.photos``): one tile close up (7 in
    10), or 9 to 42 of the set's kinds laid out in rows of 6 to 10."""
    art_name = _pick_art(rng, art_names)
    codes = load_art_set(art_name).codes
    if rng.random() < 0.7:
        return single_tile_photo(rng, art_name, str(rng.choice(codes)), coloured)
    chosen = [str(c) for c in rng.permutation(codes)[:int(rng.integers(9, len(codes) + 1))]]
    return rows_photo(rng, art_name, chosen, int(rng.integers(6, 11)), coloured)


def bonus_photo(rng: np.random.Generator, art_names: list[str], coloured: bool = False) -> Scene:
    """A player's photo of his set's flowers and seasons: one close up (4 in 10), or all eight
    with up to six other kinds in rows of 4 to 10, shuffled. In table scenes a bonus tile is one
    of 144, too rare for a classifier to learn to read the names under pictures it never saw."""
    art_name = _pick_art(rng, art_names)
    codes = [str(c) for c in load_art_set(art_name).codes]
    bonus = [c for c in codes if c in BONUS_CODES] or codes
    if rng.random() < 0.4:
        return single_tile_photo(rng, art_name, str(rng.choice(bonus)), coloured)
    others = [c for c in codes if c not in bonus]
    chosen = bonus + [str(c) for c in rng.permutation(others)[:int(rng.integers(0, 7))]]
    chosen = [chosen[i] for i in rng.permutation(len(chosen))]
    return rows_photo(rng, art_name, chosen, int(rng.integers(4, 11)), coloured)


def render_dataset(out_dir: Path, count: int, seed: int, kind: str,
                   art_sets: str | Iterable[str] | None = None, designs: int | None = None,
                   exclude_art: str | Iterable[str] | None = None, backs: float = 0.0,
                   coloured: float = 0.0, photos: float = 0.0, bonus: float = 0.0) -> None:
    """Render ``count`` scenes into ``out_dir`` as ``kind`` ("detect", "classify" or "scenes").

    detect: ``images/NNNNNN.jpg`` + ``labels/NNNNNN.txt`` (YOLO, classes tile/back) and a
    ``data.yaml``; classify: ``<code>/NNNNNN_k.jpg`` crops, one folder per class (ultralytics
    classification layout, all 43 folders created); scenes: ``NNNNNN.jpg`` + ``NNNNNN.json``.
    ``art_sets``, ``designs`` (generated ``gen-N`` sets) and ``exclude_art`` choose the art sets
    as ``art.select_art_sets`` does (e.g. ``designs=8, exclude_art="kmj-default"``). ``backs``:
    the share of scenes made to find face-down tiles in (``render_scene(backs=True)``: concealed
    kongs, a discard face down); ``coloured``: the share drawn with dark or tinted faces
    (``body.random_style``); ``photos``: the share that are a player's photos of his own set
    (``player_photo``) instead of table scenes; ``bonus``: the share that are photos of a set's
    flowers and seasons (``bonus_photo``). Each share at 0 renders as before, seed for seed.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}")
    art_names = select_art_sets(art_sets, designs, exclude_art)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if kind == "detect":
        (out_dir / "images").mkdir(exist_ok=True)
        (out_dir / "labels").mkdir(exist_ok=True)
        (out_dir / "data.yaml").write_text(
            f"path: {out_dir.resolve()}\ntrain: images\nval: images\nnames:\n"
            + "".join(f"  {i}: {n}\n" for i, n in enumerate(DETECT_NAMES)))
    elif kind == "classify":
        for code in TILE_CLASSES:
            (out_dir / code).mkdir(exist_ok=True)
    for i in range(count):
        rng = scene_rng(seed, i)
        layout = None
        if kind == "classify":
            names = list(CLASSIFY_LAYOUTS)
            p = np.array(list(CLASSIFY_LAYOUTS.values()))
            layout = names[int(rng.choice(len(names), p=p / p.sum()))]
        if bonus and rng.random() < bonus:
            scene = bonus_photo(rng, art_names, bool(coloured) and rng.random() < coloured)
        elif photos and rng.random() < photos:
            scene = player_photo(rng, art_names, bool(coloured) and rng.random() < coloured)
        else:
            scene = render_scene(rng, layout, art_names, backs=bool(backs) and rng.random() < backs,
                                 coloured=bool(coloured) and rng.random() < coloured)
        name = f"{i:06d}"
        if kind == "detect":
            cv2.imwrite(str(out_dir / "images" / f"{name}.jpg"), scene.image)
            (out_dir / "labels" / f"{name}.txt").write_text("\n".join(yolo_lines(scene)) + "\n")
        elif kind == "classify":
            for k, (code, crop) in enumerate(crops(scene, rng)):
                cv2.imwrite(str(out_dir / code / f"{name}_{k}.jpg"), crop)
        else:
            cv2.imwrite(str(out_dir / f"{name}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 95])
            (out_dir / f"{name}.json").write_text(json.dumps(scene.to_json(), indent=1))


def annotate(scene: Scene) -> np.ndarray:
    """The scene image with boxes (green face-up, red back), face quads and codes drawn on."""
    img = scene.image.copy()
    for t in scene.tiles:
        color = (0, 0, 255) if t.code == "back" else (0, 255, 0)
        if not t.labelled:
            color = (128, 128, 128)
        x1, y1, x2, y2 = (int(round(v)) for v in t.box)
        cv2.rectangle(img, (x1, y1), (x2, y2), color, 1)
        q = np.array(t.quad, np.int32)
        cv2.polylines(img, [q], True, (255, 200, 0), 1)
        cv2.circle(img, tuple(q[0]), 2, (255, 0, 255), -1)
        label = t.code + ("*" if t.sideways else "")
        cv2.putText(img, label, (x1, max(10, y1 - 2)), cv2.FONT_HERSHEY_SIMPLEX, 0.4, color, 1)
    return img


def contact_sheet(scenes: list[Scene], cols: int = 4, cell: int = 480,
                  annotated: bool = False) -> np.ndarray:
    """Tile scenes (optionally annotated) into one preview image, each fitted into ``cell``."""
    rows = (len(scenes) + cols - 1) // cols
    sheet = np.full((rows * cell, cols * cell, 3), 40, np.uint8)
    for k, s in enumerate(scenes):
        img = annotate(s) if annotated else s.image
        h, w = img.shape[:2]
        f = cell / max(h, w)
        small = cv2.resize(img, (int(w * f), int(h * f)), interpolation=cv2.INTER_AREA)
        r, c = divmod(k, cols)
        sheet[r * cell:r * cell + small.shape[0], c * cell:c * cell + small.shape[1]] = small
        cv2.putText(sheet, f"{k} {s.layout} {s.art}", (c * cell + 4, r * cell + 14),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1)
    return sheet
