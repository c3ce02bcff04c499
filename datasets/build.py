"""Build every training set of the tile recognizer with one command: ``python -m datasets.build``.

Why one command: the sets are derived data (git-ignored under ``work/``), so any machine, a GPU box
included, must be able to rebuild exactly the same files from ``shared/`` and a seed. It writes:

* ``work/real/detect``   - 2-class (tile/back) YOLO set from the real photos (``datasets.real``);
* ``work/real/classify`` - 42-class crop set in ultralytics' folder layout (``datasets.real``);
* ``work/real/negatives`` - crops of what is not a tile (seams between tiles, bare table) for the
  classifier's ``none`` class (``datasets.negatives``);
* ``work/real/stretch``  - stretched copies of the real train photos (``datasets.stretch``), for
  tiles squeezed harder than any in ``train``;
* ``work/synth/<kind>``  - synthetic sets from ``datasets.synth.render_dataset`` when that module
  is importable (it is written separately); skipped with a message otherwise;
* ``work/mixed/...``     - real + synthetic training sets, validated on the real ``valid`` split
  only (the numbers that matter are on real photos): ``detect/data.yaml`` lists the real, stretched
  and synthetic image folders; ``classify`` holds real crops (hard links), squashed copies of 30 %
  of them (``datasets.stretch.squash_crop``: tiles of photos squashed out of shape), synthetic
  crops resized like the real ones, when rendered, and the negatives as the last class, ``none``;
  then a share of all these train crops again, turned a quarter, half or three quarters round
  (``datasets.turned``: tiles lie any way up on a table).

A ``work/build.json`` manifest records the command, seed and counts, so a training log can name the
exact data it used.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from datasets import negatives, real, stretch, turned
from vision.classes import NOT_A_TILE, TILE_CLASSES

REPO_ROOT = real.REPO_ROOT
WORK = REPO_ROOT / "work"
SYNTH_KINDS = ("detect", "classify")


def build_synth(out_root: Path, count: int, seed: int, kinds: tuple[str, ...],
                designs: int | None = None, exclude_art: list[str] | None = None) -> dict:
    """Render the synthetic sets if ``datasets.synth`` offers ``render_dataset``; else explain.

    Each kind gets its own seed (``seed`` + its index in ``SYNTH_KINDS``) so the sets differ but
    stay reproducible. ``designs`` generated designs join the art found here, less the sets
    ``exclude_art`` names (held out, to measure how an unseen design reads).
    """
    try:
        from datasets.synth import render_dataset  # type: ignore[attr-defined]
    except ImportError as exc:
        msg = f"synthetic renderer not available ({exc}); skipping synthetic sets"
        print(msg, file=sys.stderr)
        return {"skipped": msg}
    results: dict = {}
    for kind in kinds:
        i = SYNTH_KINDS.index(kind)
        out_dir = out_root / kind
        print(f"synth {kind}: {count} images -> {out_dir}")
        try:
            result = render_dataset(out_dir, count, seed + i, kind, designs=designs,
                                    exclude_art=exclude_art)
        except (ValueError, NotImplementedError) as exc:
            print(f"synth {kind} refused: {exc}", file=sys.stderr)
            results[kind] = {"skipped": str(exc)}
            continue
        results[kind] = {"out": str(out_dir), "seed": seed + i, "count": count,
                         "designs": designs, "exclude_art": exclude_art}
        if isinstance(result, dict):
            results[kind]["result"] = {k: str(v) for k, v in result.items()}
    return results


def build_negatives(source: Path, out: Path, seed: int, size: int) -> dict:
    """The ``none`` crops (``datasets.negatives``), kept clear of what the shipped detector finds."""
    from assistant.errors import MahjongError
    from vision.recognizer import Recognizer, Thresholds

    try:
        recognizer = Recognizer.load(thresholds=Thresholds(score=0.1))
    except MahjongError as exc:  # no shipped model yet: no negatives, said so
        print(f"no negatives: {exc}", file=sys.stderr)
        return {"skipped": str(exc)}

    def find(image: np.ndarray) -> list[negatives.Box]:
        return [tuple(box) for box in recognizer.find(image)[0]]

    return dict(sorted(negatives.build_negatives(source, out / "real" / "negatives", find, seed,
                                                 size).items()))


def _link_or_copy(src: Path, dst: Path) -> None:
    """Hard-link ``src`` to ``dst`` (same disk, no extra space), copying if linking fails."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


#: Share of the real train crops that also go to ``work/mixed/classify`` squashed along one axis.
SQUASHED_SHARE = 0.3


def build_mixed(work: Path, crop_size: int = 96, seed: int = 0) -> dict:
    """Combine the real, stretched and synthetic sets into ``work/mixed`` (module docstring).

    Returns counts of what was added to the real sets.
    """
    out = work / "mixed"
    real_det, synth_det = work / "real" / "detect", work / "synth" / "detect"
    real_cls, synth_cls = work / "real" / "classify", work / "synth" / "classify"
    negative = work / "real" / "negatives"
    stretched = work / "real" / "stretch"
    stats: dict = {}
    extra = [folder / "images" for folder in (stretched, synth_det) if (folder / "images").is_dir()]
    if extra and real_det.is_dir():
        (out / "detect").mkdir(parents=True, exist_ok=True)
        lines = [
            f"path: {work.resolve()}",
            "train:",
            f"  - {(real_det / 'images' / 'train').resolve()}",
            *(f"  - {folder.resolve()}" for folder in extra),
            f"val: {(real_det / 'images' / 'val').resolve()}",
            "names:",
            *(f"  {i}: {n}" for i, n in enumerate(real.DETECT_CLASSES)),
        ]
        (out / "detect" / "data.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        for folder in extra:
            key = f"detect_images/{folder.parent.relative_to(work).as_posix()}"
            stats[key] = len(list(folder.glob("*.jpg")))
    if real_cls.is_dir():
        target = out / "classify"
        if target.exists():
            shutil.rmtree(target)
        for split in ("train", "val"):
            for folder in sorted((real_cls / split).iterdir()):
                (target / split / folder.name).mkdir(parents=True, exist_ok=True)
                for image in folder.iterdir():
                    _link_or_copy(image, target / split / folder.name / image.name)
        stats["classify_squashed_crops"] = stretch.build_squashed_crops(
            real_cls / "train", target / "train", SQUASHED_SHARE, seed)
        added = 0
        for index, code in enumerate(TILE_CLASSES):
            if code == "back":  # the classifier names faces; the detector finds face-down tiles
                continue
            source = synth_cls / code
            images = sorted(source.glob("*.jpg")) if source.is_dir() else []
            if not images:
                continue
            folder = target / "train" / real.class_folder(index)
            folder.mkdir(parents=True, exist_ok=True)
            for image in images:
                crop = cv2.imread(str(image), cv2.IMREAD_COLOR)
                if crop is None:
                    continue
                crop = cv2.resize(crop, (crop_size, crop_size), interpolation=cv2.INTER_AREA)
                cv2.imwrite(str(folder / f"synth_{image.name}"), crop)
                added += 1
        stats["classify_synth_crops"] = added
        for split in ("train", "val"):
            images = sorted((negative / split).glob("*.jpg")) if (negative / split).is_dir() else []
            if images:
                folder = target / split / f"{len(TILE_CLASSES) - 1:02d}_{NOT_A_TILE}"  # after the faces
                folder.mkdir(parents=True, exist_ok=True)
                for image in images:
                    _link_or_copy(image, folder / image.name)
            stats[f"classify_none_crops/{split}"] = len(images)
        stats["classify_turned_crops"] = turned.build_turned_crops(target / "train", seed)
    return stats


def main(argv: list[str] | None = None) -> int:
    """Parse options, build the real sets, then the synthetic ones, and write the manifest."""
    parser = argparse.ArgumentParser(description="Build all tile-recognizer training sets.")
    parser.add_argument("--source", type=Path, default=real.DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=WORK, help="root of all outputs")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--synth-count", type=int, default=2000, help="images per synthetic set")
    parser.add_argument("--synth-kinds", nargs="+", choices=SYNTH_KINDS, default=list(SYNTH_KINDS),
                        help="which synthetic sets to render")
    parser.add_argument("--designs", type=int, default=None,
                        help="generated tile designs gen-0..gen-N-1 the synthetic sets draw from too")
    parser.add_argument("--exclude-art", action="append", default=None, metavar="SET",
                        help="an art set (or pattern, gen-*) left out of the synthetic sets: held out")
    parser.add_argument("--no-synth", action="store_true", help="only the real sets")
    parser.add_argument("--no-real", action="store_true", help="only the synthetic sets")
    parser.add_argument("--stretch-copies", type=int, default=1350,
                        help="stretched copies of real train photos (0: none)")
    parser.add_argument("--pad", type=float, default=0.1, help="crop padding (fraction of side)")
    parser.add_argument("--crop-size", type=int, default=96, help="saved crop side in px")
    args = parser.parse_args(argv)

    started = time.time()
    manifest: dict = {
        "command": " ".join([Path(sys.executable).name, "-m", "datasets.build", *sys.argv[1:]]),
        "seed": args.seed,
        "source": str(args.source),
    }
    if not args.no_real:
        if not args.source.is_dir():
            print(f"real dataset not found at {args.source}", file=sys.stderr)
            return 2
        det = real.build_detection(args.source, args.out / "real" / "detect")
        cls = real.build_classification(args.source, args.out / "real" / "classify", args.pad, args.crop_size)
        manifest["real_detect"] = dict(sorted(det.items()))
        manifest["real_classify"] = {
            k: v for k, v in sorted(cls.items()) if not k.startswith(("train/", "val/"))
        }
        manifest["real_classify_per_class"] = {
            k: v for k, v in sorted(cls.items()) if k.startswith(("train/", "val/"))
        }
        print("real detect:", manifest["real_detect"])
        if args.stretch_copies:
            manifest["real_stretch"] = stretch.build_stretched(
                args.out / "real" / "detect", args.out / "real" / "stretch", args.stretch_copies, args.seed)
            print("real stretch:", manifest["real_stretch"])
        print("real classify:", manifest["real_classify"])
        manifest["real_negatives"] = build_negatives(args.source, args.out, args.seed, args.crop_size)
        print("real negatives:", manifest["real_negatives"])
    if not args.no_synth:
        synth_root = args.out / "synth"
        manifest["synth"] = build_synth(synth_root, args.synth_count, args.seed, tuple(args.synth_kinds),
                                        args.designs, args.exclude_art)
    if (args.out / "real" / "detect").is_dir():
        manifest["mixed"] = build_mixed(args.out, args.crop_size, args.seed)
        print("mixed:", manifest["mixed"])
    manifest["seconds"] = round(time.time() - started, 1)
    args.out.mkdir(parents=True, exist_ok=True)
    previous = args.out / "build.json"
    if previous.is_file():  # a partial rebuild keeps what the manifest says of the other sets
        manifest = {**json.loads(previous.read_text(encoding="utf-8")), **manifest}
    (args.out / "build.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(f"done in {manifest['seconds']} s; manifest {args.out / 'build.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
