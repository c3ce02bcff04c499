"""Convert the shared real-photo dataset into the two training sets of the tile recognizer.

The shared set (``shared/datasets/chinese-mahjong-detection-v4``, Roboflow export, CC BY 4.0) has
three traps that this module removes once, so that training never sees them:

* some label lines are polygons (``class x1 y1 ... xn yn``), some files mix polygons and boxes, and
  ultralytics then reads the whole file as segments: every line is turned into a box here;
* its 42 class ids are interleaved (``bs1, sc1, sd1, ...``): they are remapped to the project's
  ``TILE_CLASSES`` order;
* its images are stretched to 640x640, so boxes are not square: classifier crops are resized to a
  fixed square and the recognizer must crop the same way at inference (see ``crop_tile``).

Two outputs, both under ``work/`` (git-ignored, never committed):

* a YOLO detection set with two classes, ``tile`` (face up) and ``back`` (face down); every real
  box is a ``tile`` since the real photos have no labelled backs;
* a classification set in ultralytics' folder layout (``train/<class>/*.jpg``,
  ``val/<class>/*.jpg``) whose folder names sort in ``TILE_CLASSES`` order (``00_1m`` ...
  ``41_8f``), so the classifier's output index *is* the ``TILE_CLASSES`` index.
"""

from __future__ import annotations

import argparse
import ast
import shutil
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2

from vision.classes import TILE_CLASSES
from vision.preprocess import crop_tile  # one crop rule for training and inference

REPO_ROOT = Path(__file__).resolve().parent.parent
DATASET_NAME = "chinese-mahjong-detection-v4"
DEFAULT_SOURCE = REPO_ROOT.parent / "shared" / "datasets" / DATASET_NAME
DEFAULT_OUT = REPO_ROOT / "work" / "real"

#: Detector classes: every face-up tile is one class; the face is the classifier's job.
DETECT_CLASSES = ["tile", "back"]

#: Source split name -> output split name (ultralytics expects ``train`` and ``val``).
SPLITS = {"train": "train", "valid": "val"}

#: The class names of the shared ``data.yaml``, in its order (used if the yaml cannot be read).
ROBOFLOW_NAMES = [
    "bs1", "sc1", "sd1", "sb1", "hwe", "bs2", "sc2", "sd2", "sb2", "hws", "bs3", "sc3", "sd3",
    "sb3", "hww", "bs4", "sc4", "sd4", "sb4", "hwn", "bf1", "sc5", "sd5", "sb5", "hdw", "bf2",
    "sc6", "sd6", "sb6", "hdg", "bf3", "sc7", "sd7", "sb7", "hdr", "bf4", "sc8", "sd8", "sb8",
    "sc9", "sd9", "sb9",
]  # fmt: skip

_SUIT = {"sc": "m", "sd": "p", "sb": "s"}
_HONOR = {"hwe": "E", "hws": "S", "hww": "W", "hwn": "N", "hdr": "C", "hdg": "F", "hdw": "P"}

_TOTAL_KEYS = {"crops", "too_small", "unreadable", "bad_class"}

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}


@dataclass(frozen=True)
class Box:
    """One labelled tile: source class id and a normalised centre/size box (YOLO convention)."""

    cls: int
    cx: float
    cy: float
    w: float
    h: float

    def to_pixels(self, width: int, height: int) -> tuple[float, float, float, float]:
        """Return ``(x1, y1, x2, y2)`` in pixels of an image of the given size."""
        return (
            (self.cx - self.w / 2) * width,
            (self.cy - self.h / 2) * height,
            (self.cx + self.w / 2) * width,
            (self.cy + self.h / 2) * height,
        )


def roboflow_to_code(name: str) -> str:
    """Map one Roboflow class name (``sc1``, ``hdg``, ``bs3`` ...) to the project's tile code.

    Seasons ``bs1..bs4`` (春夏秋冬) are ``5f..8f`` and flowers ``bf1..bf4`` (梅蘭菊竹) ``1f..4f``,
    as ``vision.classes`` defines them.
    """
    if name in _HONOR:
        return _HONOR[name]
    prefix, digit = name[:2], name[2:]
    if not digit.isdigit():
        raise ValueError(f"unknown class name {name!r}")
    n = int(digit)
    if prefix in _SUIT and 1 <= n <= 9:
        return f"{n}{_SUIT[prefix]}"
    if prefix == "bf" and 1 <= n <= 4:
        return f"{n}f"
    if prefix == "bs" and 1 <= n <= 4:
        return f"{n + 4}f"
    raise ValueError(f"unknown class name {name!r}")


def read_names(source: Path) -> list[str]:
    """Read the ``names:`` list of the dataset's ``data.yaml`` (no yaml dependency needed)."""
    yaml_path = source / "data.yaml"
    if yaml_path.is_file():
        for line in yaml_path.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("names:"):
                return [str(n) for n in ast.literal_eval(line.split(":", 1)[1].strip())]
    return list(ROBOFLOW_NAMES)


def class_remap(names: list[str]) -> list[int]:
    """Return, for each source class id, the index of its tile code in ``TILE_CLASSES``."""
    return [TILE_CLASSES.index(roboflow_to_code(n)) for n in names]


def parse_label_line(line: str) -> Box | None:
    """Parse one YOLO label line; a polygon line becomes its bounding box.

    Returns ``None`` for blank or malformed lines. Coordinates are clipped to the image (Roboflow's
    rotations leave polygon points slightly outside ``[0, 1]``).
    """
    parts = line.split()
    if len(parts) < 5:
        return None
    try:
        cls = int(float(parts[0]))
        values = [float(v) for v in parts[1:]]
    except ValueError:
        return None
    if len(values) == 4:
        cx, cy, w, h = values
        x1, y1, x2, y2 = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
    elif len(values) >= 6 and len(values) % 2 == 0:
        xs, ys = values[0::2], values[1::2]
        x1, y1, x2, y2 = min(xs), min(ys), max(xs), max(ys)
    else:
        return None
    x1, y1 = max(0.0, x1), max(0.0, y1)
    x2, y2 = min(1.0, x2), min(1.0, y2)
    if x2 <= x1 or y2 <= y1:
        return None
    return Box(cls, (x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1)


def read_labels(path: Path) -> list[Box]:
    """Read every box of one label file (missing file: no boxes)."""
    if not path.is_file():
        return []
    boxes = (parse_label_line(line) for line in path.read_text(encoding="utf-8").splitlines())
    return [b for b in boxes if b is not None]


def iter_split(source: Path, split: str) -> Iterator[tuple[Path, Path]]:
    """Yield ``(image, label)`` paths of one source split, in sorted (reproducible) order."""
    image_dir = source / split / "images"
    label_dir = source / split / "labels"
    if not image_dir.is_dir():
        raise FileNotFoundError(f"no image folder {image_dir}")
    for image in sorted(image_dir.iterdir()):
        if image.suffix.lower() in IMAGE_SUFFIXES:
            yield image, label_dir / f"{image.stem}.txt"


def progress(items: Iterable, desc: str, total: int | None = None) -> Iterable:
    """Wrap ``items`` in a tqdm bar when tqdm is installed (it is in the ``train`` extra)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=desc, total=total, unit="img")


def class_folder(index: int) -> str:
    """Folder name of a classifier class: zero-padded index first so folders sort in class order."""
    return f"{index:02d}_{TILE_CLASSES[index]}"


def folder_to_code(folder: str) -> str:
    """Inverse of ``class_folder``: ``'07_8m'`` -> ``'8m'``."""
    return folder.split("_", 1)[1]


def write_detect_yaml(out: Path, names: list[str] = DETECT_CLASSES) -> Path:
    """Write the ultralytics ``data.yaml`` of a detection set rooted at ``out``."""
    lines = [f"path: {out.resolve()}", "train: images/train", "val: images/val", "names:"]
    lines += [f"  {i}: {n}" for i, n in enumerate(names)]
    path = out / "data.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def build_detection(source: Path = DEFAULT_SOURCE, out: Path = DEFAULT_OUT / "detect") -> Counter:
    """Write the 2-class YOLO detection set: images copied, labels as boxes of class 0 (tile).

    Returns counts (``images/<split>``, ``boxes/<split>``, ``polygons/<split>``). The output folder
    is rebuilt from scratch so a rerun gives the same files.
    """
    if out.exists():
        shutil.rmtree(out)
    stats: Counter = Counter()
    for src_split, split in SPLITS.items():
        image_out = out / "images" / split
        label_out = out / "labels" / split
        image_out.mkdir(parents=True)
        label_out.mkdir(parents=True)
        pairs = list(iter_split(source, src_split))
        for image, label in progress(pairs, f"detect {split}"):
            shutil.copyfile(image, image_out / image.name)
            lines = []
            if label.is_file():
                for raw in label.read_text(encoding="utf-8").splitlines():
                    box = parse_label_line(raw)
                    if box is None:
                        continue
                    stats[f"polygons/{split}"] += len(raw.split()) > 5
                    lines.append(f"0 {box.cx:.6f} {box.cy:.6f} {box.w:.6f} {box.h:.6f}")
            (label_out / f"{image.stem}.txt").write_text(
                "\n".join(lines) + ("\n" if lines else ""), encoding="utf-8"
            )
            stats[f"images/{split}"] += 1
            stats[f"boxes/{split}"] += len(lines)
    write_detect_yaml(out)
    return stats


def build_classification(
    source: Path = DEFAULT_SOURCE,
    out: Path = DEFAULT_OUT / "classify",
    pad: float = 0.1,
    size: int = 96,
    min_side: float = 8.0,
) -> Counter:
    """Write the 42-class crop set in ultralytics' folder layout; returns crops per split/class.

    Crops whose box is under ``min_side`` px on either side are skipped (too small to read).
    Saved at ``size`` px so that training can pick any ``imgsz`` up to it without re-cutting.
    """
    if out.exists():
        shutil.rmtree(out)
    names = read_names(source)
    remap = class_remap(names)
    stats: Counter = Counter()
    for src_split, split in SPLITS.items():
        for index in sorted(set(remap)):
            (out / split / class_folder(index)).mkdir(parents=True, exist_ok=True)
        pairs = list(iter_split(source, src_split))
        for image_path, label in progress(pairs, f"crops {split}"):
            image = cv2.imread(str(image_path), cv2.IMREAD_COLOR)
            if image is None:
                stats[f"unreadable/{split}"] += 1
                continue
            height, width = image.shape[:2]
            for k, box in enumerate(read_labels(label)):
                if not 0 <= box.cls < len(remap):
                    stats[f"bad_class/{split}"] += 1
                    continue
                x1, y1, x2, y2 = box.to_pixels(width, height)
                if min(x2 - x1, y2 - y1) < min_side:
                    stats[f"too_small/{split}"] += 1
                    continue
                crop = crop_tile(image, (x1, y1, x2, y2), pad=pad, size=size)
                if crop is None:
                    continue
                folder = class_folder(remap[box.cls])
                name = f"{image_path.stem}_{k:03d}.jpg"
                cv2.imwrite(str(out / split / folder / name), crop, [cv2.IMWRITE_JPEG_QUALITY, 95])
                stats[f"crops/{split}"] += 1
                stats[f"{split}/{TILE_CLASSES[remap[box.cls]]}"] += 1
    return stats


def main(argv: list[str] | None = None) -> int:
    """CLI: ``python -m datasets.real [--source DIR] [--out DIR] [--only detect|classify]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="shared dataset dir")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output root (under work/)")
    parser.add_argument("--only", choices=["detect", "classify"], help="build only one set")
    parser.add_argument("--pad", type=float, default=0.1, help="crop padding, fraction of side")
    parser.add_argument("--size", type=int, default=96, help="saved crop side in px")
    args = parser.parse_args(argv)
    if args.only in (None, "detect"):
        stats = build_detection(args.source, args.out / "detect")
        print("detect:", dict(sorted(stats.items())))
    if args.only in (None, "classify"):
        stats = build_classification(args.source, args.out / "classify", args.pad, args.size)
        totals = {k: v for k, v in sorted(stats.items()) if k.split("/")[0] in _TOTAL_KEYS}
        print("classify:", totals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
