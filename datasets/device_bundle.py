"""Pack what a lent GPU machine needs to train a recognizer stage into ``.dev/`` (git-ignored).

The device tool copies the working tree plus named paths, 64 MiB in all, to a bare machine that
has PyTorch but neither ultralytics nor polars, and no network. So:

- a training set is re-encoded as WebP (quality 80) and concatenated into one blob with a text
  index (one file per image would cost block padding and per-file overhead the limit does not
  allow): the classifier crops of ``work/mixed/classify`` (~1.3 kB a 96 px crop, ``valid``
  sampled to 3,000: 52 MB; each crop keeps the prefix of its origin, and the turned copies of
  ``datasets.turned`` are left out and made again on unpacking, which keeps the blob under the
  limit), or the detector photos of ``work/mixed/detect`` with their labels, scaled to the
  detector's 320 px (~9 kB a photo: 35 MB), or the second detector's (``faces``: the rendered
  close-ups and coloured faces of ``work/mixed/detect_faces3`` beside the real photos; or
  ``closeups``, ``work/closeups`` of ``datasets.synth.closeups``), or the whole-table
  classifier's crops of ``work/tablecls`` (``table``; no turned copies made: its tiles lie
  every way up already), or the whole-table detector's windows of ``work/tablewin``
  (``windows``, ``datasets.synth.table_windows``, with the real train photos it lists);
- the ultralytics wheels are downloaded from PyPI here (pure Python);
- a stand-in for polars is written: ultralytics only reads its results CSV with it, inside a
  ``try`` (plots are off), so a reader that fails is enough there.

Usage::

    python -m datasets.device_bundle pack [--set designs|detect|faces|closeups|table|windows]  # here
    python3 -m datasets.device_bundle unpack [--set detect|faces|closeups|table|windows]  # there

then ``run`` with ``carry`` naming ``.dev/whl``, ``.dev/stub`` and that set's two files
(``.dev/classify.bin``, ``.dev/classify.idx``; the designs set is packed as those too), and
``bash scripts/device_train.sh`` (see there).

The tracked tree travels too. ``pack`` prints both sizes against the limit; when over it, move
the large tracked files the device does not read (``models/*.onnx``, ``models/*.npz``, the
checkpoints but the one the stage starts from) aside for that one call and restore them with
``git checkout -- models``. The designs set (51 MiB at 64 px) fits so
beside a tree of about 7 MiB.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from datasets import turned

REPO = Path(__file__).resolve().parent.parent
BUNDLE = REPO / ".dev"
SOURCES = {"classify": REPO / "work" / "mixed" / "classify",
           # the same crops for the many-designs classifier, packed at the 64 px it trains at
           "designs": REPO / "work" / "mixed" / "classify",
           "detect": REPO / "work" / "mixed" / "detect" / "data.yaml",
           # the second detector's photos (dark, coloured and close-up faces; MODEL_CARD.md)
           "faces": REPO / "work" / "mixed" / "detect_faces3" / "data.yaml",
           # close-ups of one tile or two or three touching, with real and rendered photos
           # (python -m datasets.synth.closeups; MODEL_CARD.md, run detect-closeup)
           "closeups": REPO / "work" / "closeups" / "data.yaml",
           # real train tiles pasted into rendered scenes, beside real and rendered photos
           # (python -m datasets.synth.pasted): packed and unpacked as the detect set is
           "pasted": REPO / "work" / "pasted" / "data.yaml",
           # the whole-table classifier's crops (python -m datasets.synth.table_crops), as cut
           "table": REPO / "work" / "tablecls",
           # the whole-table detector's windows of rendered tables with the real train photos
           # (python -m datasets.synth.table_windows): packed and unpacked as the detect set is
           "windows": REPO / "work" / "tablewin" / "data.yaml"}
#: The packed sets that are classifier crops in class folders (the others are detector photos).
CROP_SETS = ("classify", "table")
WHEELS = ("ultralytics==8.4.190", "ultralytics-thop==2.2.3")
VALID_SAMPLE = 3000
DETECT_SIDE = 320  # the detector's input size (vision.train TASKS): more pixels are not used
LIMIT = 64 * 2**20  # what the device tool copies, tree and carried paths together
WEBP_QUALITY = 80
#: The side the many-designs classifier's crops are packed at: the size it trains at (64 px,
#: ``scripts/device_train.sh designs``). At 96 px its 65,365 crops were 84 MiB, over the limit
#: on their own; at 64 px, 51 MiB.
DESIGNS_SIDE = 64
#: Seed of the turned copies made where the crops are unpacked (the same shares as
#: ``datasets.build``'s, another draw).
TURNED_SEED = 0

POLARS_STAND_IN = '''"""Stand-in for polars on the GPU machine (see datasets/device_bundle.py)."""


def read_csv(*args, **kwargs):
    raise RuntimeError("polars is not installed on this machine")
'''


def _encode(job: tuple[str, int | None, int]) -> bytes:
    """WebP bytes (of ``quality``) of an image file, scaled down to ``side`` on its longer side
    if it is larger (``None``: as it is)."""
    import cv2

    path, side, quality = job
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{path}: not an image")
    scale = side / max(image.shape[:2]) if side else 1.0
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".webp", image, [cv2.IMWRITE_WEBP_QUALITY, quality])
    if not ok:
        raise ValueError(f"{path}: could not be encoded")
    return data.tobytes()


def _write(bundle: Path, name: str, jobs: list[tuple[str, str, str, bytes]], side: int | None,
           quality: int = WEBP_QUALITY) -> int:
    """Write ``bundle/<name>.bin`` and ``.idx``: per image a line ``split folder image_bytes
    extra_bytes``, the image (WebP) then the extra bytes (a label file) in the blob."""
    from concurrent.futures import ProcessPoolExecutor

    bundle.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor() as pool, open(bundle / f"{name}.bin", "wb") as blob, \
            open(bundle / f"{name}.idx", "w", encoding="utf-8") as index:
        images = pool.map(_encode, [(job[2], side, quality) for job in jobs], chunksize=64)
        for (split, folder, _, extra), data in zip(jobs, images, strict=True):
            blob.write(data)
            blob.write(extra)
            index.write(f"{split} {folder} {len(data)} {len(extra)}\n")
    return len(jobs)


def _read(bundle: Path, name: str) -> Iterator[tuple[int, str, str, bytes, bytes]]:
    """The entries of a bundle written by ``_write``: number, split, folder, image, extra."""
    with open(bundle / f"{name}.bin", "rb") as blob, \
            open(bundle / f"{name}.idx", encoding="utf-8") as index:
        for number, line in enumerate(index, 1):
            split, folder, size, extra = line.split()
            yield number, split, folder, blob.read(int(size)), blob.read(int(extra))


def pack_crops(source: Path, bundle: Path, seed: int = 0, valid_sample: int = VALID_SAMPLE,
               side: int | None = None, quality: int = WEBP_QUALITY, name: str = "classify") -> int:
    """Pack the classifier crops under ``source/<split>/<class>/``, each with the prefix of its
    origin (the extra bytes: rendered, squashed or real), but no turned copy (``unpack`` makes
    them); returns how many. ``side`` and ``quality`` thin a set too large for the limit (a
    designs set: 51,776 crops at 96 px, WebP 80, were 67.9 MiB)."""
    if not (source / "train").is_dir():
        raise SystemExit(f"{source} missing: build it with `python -m datasets.build`")
    jobs = []
    for split in ("train", "val"):
        files = sorted(str(p) for p in (source / split).glob("*/*")
                       if not p.name.startswith(turned.PREFIX))
        if split == "val" and len(files) > valid_sample:
            files = sorted(random.Random(seed).sample(files, valid_sample))
        jobs += [(split, Path(f).parent.name, f, turned.origin_of(Path(f).name).encode()) for f in files]
    return _write(bundle, name, jobs, side, quality)  # by default as saved, at the train size


def _label_of(image: Path) -> Path:
    """YOLO's label file of an image: ``.../images/...`` becomes ``.../labels/...``, ``.txt``."""
    parts = list(image.parts)
    at = len(parts) - 1 - parts[::-1].index("images")
    return Path(*parts[:at], "labels", *parts[at + 1:]).with_suffix(".txt")


def pack_photos(data_yaml: Path, bundle: Path, side: int = DETECT_SIDE, name: str = "detect") -> int:
    """Pack the detector photos of a YOLO ``data.yaml`` (its train folders and val folder) with
    their labels, scaled to ``side``, as the set ``name``; returns how many. Labels are relative,
    so scaling keeps them right."""
    import yaml

    if not data_yaml.is_file():
        raise SystemExit(f"{data_yaml} missing: build it with `python -m datasets.build`")
    spec = yaml.safe_load(data_yaml.read_text(encoding="utf-8"))
    folders = {"train": spec["train"] if isinstance(spec["train"], list) else [spec["train"]],
               "val": [spec["val"]]}
    jobs = []
    for split, paths in folders.items():
        for folder in paths:
            for image in _listed(Path(folder)):
                label = _label_of(image)
                jobs.append((split, "-", str(image), label.read_bytes() if label.is_file() else b""))
    return _write(bundle, name, jobs, side)


def _listed(source: Path) -> list[Path]:
    """The photos of one ``train`` or ``val`` entry of a data.yaml: a folder's ``*.jpg``, or
    the lines of a ``.txt`` list (as ``datasets.synth.closeups`` writes one)."""
    if source.suffix == ".txt":
        return [Path(line) for line in source.read_text(encoding="utf-8").split() if line]
    return sorted(source.glob("*.jpg"))


def unpack(bundle: Path = BUNDLE, which: str = "classify") -> int:
    """Write a packed set back under ``bundle/<which>/``: classifier crops as
    ``<split>/<class>/<origin><n>.webp``, then the turned copies of the train crops; detector
    photos (``detect``, ``faces``) as ``images/<split>/<n>.webp`` with
    ``labels/<split>/<n>.txt`` and a ``data.yaml``."""
    from datasets.real import write_detect_yaml

    root = bundle / which
    count = 0
    for count, split, folder, image, extra in _read(bundle, which):
        if which in CROP_SETS:
            path = root / split / folder / f"{extra.decode()}{count:05d}.webp"
        else:
            path = root / "images" / split / f"{count:05d}.webp"
            label = root / "labels" / split / f"{count:05d}.txt"
            label.parent.mkdir(parents=True, exist_ok=True)
            label.write_bytes(extra)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(image)
    if which not in CROP_SETS:
        write_detect_yaml(root)
    print(f"{count} images unpacked into {root}")
    if which == "classify" and (root / "train").is_dir():
        print("turned copies made:", turned.build_turned_crops(root / "train", TURNED_SEED))
    return count


def pack(which: str, seed: int = 0, side: int | None = None, quality: int = WEBP_QUALITY) -> None:
    """Pack a set, the wheels and the polars stand-in into ``.dev/``; report the sizes. The
    designs set is the classifier crops at ``DESIGNS_SIDE``, written as the classify bundle."""
    if which in ("classify", "designs"):
        side = side or (DESIGNS_SIDE if which == "designs" else None)
        count = pack_crops(SOURCES[which], BUNDLE, seed, side=side, quality=quality)
        which = "classify"
    elif which == "table":  # its own set: the crops lie every way up already, none turned
        count = pack_crops(SOURCES[which], BUNDLE, seed, side=side, quality=quality, name="table")
    else:
        count = pack_photos(SOURCES[which], BUNDLE, name=which)
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                    "-d", str(BUNDLE / "whl"), *WHEELS], check=True)
    stub = BUNDLE / "stub" / "polars"
    stub.mkdir(parents=True, exist_ok=True)
    (stub / "__init__.py").write_text(POLARS_STAND_IN, encoding="utf-8")
    carried = [BUNDLE / f"{which}.bin", BUNDLE / f"{which}.idx", *(BUNDLE / "whl").iterdir(),
               BUNDLE / "stub" / "polars" / "__init__.py"]
    size = sum(p.stat().st_size for p in carried)
    print(f"{count} images packed; carried for it: {size / 2**20:.1f} MiB")
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    tree = sum((REPO / name).stat().st_size for name in tracked.stdout.decode().split("\0")
               if name and (REPO / name).is_file())
    verdict = "fits" if size + tree <= LIMIT else "is OVER the limit: move large tracked files aside"
    print(f"tracked tree {tree / 2**20:.1f} MiB + carried = {(size + tree) / 2**20:.1f} MiB of "
          f"{LIMIT / 2**20:.0f} MiB: {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("pack", "unpack"))
    parser.add_argument("--set", dest="which", choices=sorted(SOURCES), default="classify",
                        help="which training set (default: the classifier crops)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the classifier's valid sample")
    parser.add_argument("--side", type=int, help="classifier crops scaled down to this side (px)")
    parser.add_argument("--quality", type=int, default=WEBP_QUALITY, choices=range(30, 101),
                        metavar="30-100", help=f"WebP quality (default {WEBP_QUALITY})")
    args = parser.parse_args(argv)
    if args.side is not None and not 32 <= args.side <= 512:
        parser.error("--side must be 32-512 px")
    if args.action == "pack":
        pack(args.which, args.seed, args.side, args.quality)
    else:
        unpack(BUNDLE, "classify" if args.which == "designs" else args.which)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
