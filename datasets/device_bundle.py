"""Pack what a lent GPU machine needs to train the tile classifier into ``.dev/`` (git-ignored).

The device tool copies the working tree plus named paths, 64 MiB in all, to a bare machine that
has PyTorch but neither ultralytics nor polars, and no network. So:

- the classifier crops of ``work/mixed/classify`` are re-encoded as WebP (quality 80, ~1.3 kB a
  96 px crop) and concatenated into one file with a text index (one file per crop would cost
  block padding and per-file overhead the limit does not allow); ``valid`` is sampled to 3,000;
- the ultralytics wheels are downloaded from PyPI here (pure Python);
- a stand-in for polars is written: ultralytics only reads its results CSV with it, inside a
  ``try`` (plots are off), so a reader that fails is enough there.

Usage::

    python -m datasets.device_bundle pack      # here, once: builds .dev/ (about 54 MB)
    python3 -m datasets.device_bundle unpack   # on the device machine: .dev/classify/ again

then ``run`` with ``carry [".dev"]`` and ``bash scripts/device_train.sh`` (see there).

The tracked tree travels too. ``pack`` prints both sizes against the limit; when over it, move
the large tracked files the device does not read (``models/*.onnx``, the detector checkpoints)
aside for that one call and restore them with ``git checkout -- models`` (done so on 2026-11-29).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BUNDLE = REPO / ".dev"
SOURCE = REPO / "work" / "mixed" / "classify"
WHEELS = ("ultralytics==8.4.190", "ultralytics-thop==2.2.3")
VALID_SAMPLE = 3000
LIMIT = 64 * 2**20  # what the device tool copies, tree and carried paths together
WEBP_QUALITY = 80

POLARS_STAND_IN = '''"""Stand-in for polars on the GPU machine (see datasets/device_bundle.py)."""


def read_csv(*args, **kwargs):
    raise RuntimeError("polars is not installed on this machine")
'''


def _encode(path: str) -> bytes:
    import cv2

    ok, data = cv2.imencode(".webp", cv2.imread(path), [cv2.IMWRITE_WEBP_QUALITY, WEBP_QUALITY])
    if not ok:
        raise ValueError(f"{path}: could not be encoded")
    return data.tobytes()


def pack_crops(source: Path, bundle: Path, seed: int = 0, valid_sample: int = VALID_SAMPLE) -> int:
    """Write ``bundle/classify.bin`` (the crops as WebP, end to end) and ``classify.idx`` (one
    line per crop: split, class folder, byte length); returns the number of crops."""
    from concurrent.futures import ProcessPoolExecutor

    if not (source / "train").is_dir():
        raise SystemExit(f"{source} missing: build it with `python -m datasets.build`")
    jobs: list[tuple[str, str, str]] = []
    for split in ("train", "val"):
        files = sorted(str(p) for p in (source / split).glob("*/*"))
        if split == "val" and len(files) > valid_sample:
            files = sorted(random.Random(seed).sample(files, valid_sample))
        jobs += [(split, Path(f).parent.name, f) for f in files]
    bundle.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor() as pool, open(bundle / "classify.bin", "wb") as blob, \
            open(bundle / "classify.idx", "w", encoding="utf-8") as index:
        for (split, label, _), data in zip(jobs, pool.map(_encode, [j[2] for j in jobs], chunksize=256),
                                           strict=True):
            blob.write(data)
            index.write(f"{split} {label} {len(data)}\n")
    return len(jobs)


def pack(seed: int = 0) -> None:
    """Write the crops, the wheels and the polars stand-in into ``.dev/``; report the size."""
    count = pack_crops(SOURCE, BUNDLE, seed)
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                    "-d", str(BUNDLE / "whl"), *WHEELS], check=True)
    stub = BUNDLE / "stub" / "polars"
    stub.mkdir(parents=True, exist_ok=True)
    (stub / "__init__.py").write_text(POLARS_STAND_IN, encoding="utf-8")
    size = sum(p.stat().st_size for p in BUNDLE.rglob("*") if p.is_file())
    print(f"{count} crops packed; {BUNDLE} holds {size / 2**20:.1f} MiB")
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    tree = sum((REPO / name).stat().st_size for name in tracked.stdout.decode().split("\0")
               if name and (REPO / name).is_file())
    verdict = "fits" if size + tree <= LIMIT else "is OVER the limit: move large tracked files aside"
    print(f"tracked tree {tree / 2**20:.1f} MiB + bundle = {(size + tree) / 2**20:.1f} MiB of "
          f"{LIMIT / 2**20:.0f} MiB: {verdict}")


def unpack(bundle: Path = BUNDLE) -> int:
    """Write the crops of a bundle back as ``bundle/classify/<split>/<class>/<n>.webp``."""
    count = 0
    with open(bundle / "classify.bin", "rb") as blob, \
            open(bundle / "classify.idx", encoding="utf-8") as index:
        for count, line in enumerate(index, 1):
            split, label, length = line.split()
            folder = bundle / "classify" / split / label
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{count:05d}.webp").write_bytes(blob.read(int(length)))
    print(f"{count} crops unpacked into {bundle / 'classify'}")
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("pack", "unpack"))
    parser.add_argument("--seed", type=int, default=0, help="seed of the valid sample")
    args = parser.parse_args(argv)
    pack(args.seed) if args.action == "pack" else unpack()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
