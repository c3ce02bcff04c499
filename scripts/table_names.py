"""What the whole-table names get wrong, by size, seat, zone, pose, design and kind (a diagnostic).

``python scripts/table_names.py --seed 63 [--scenes 24] [--cache DIR] [--models A --models B]``
renders the scenes ``vision.evaluate_table`` measures (same seeds, same scenes; ``--cache`` as in
``scripts/table_misses.py``, photos and the detector's look kept), finds the tiles once with the
whole-table detector, and names them with each ``--models`` folder's classifiers (default
``models/``; a folder needs only the ONNX files that differ, the rest is read from ``models/``).
For every true face-up tile matched by a box (IoU 0.5, as ``vision.evaluate_table`` matches) it
counts the names right per band of the box's shorter side, seat (``across`` lies upside down,
``left``/``right`` a quarter turned), zone, sideways meld tile, design, suit kind, and the most
frequent confusions. Not part of the product: it reads the recognizer's stages as they are.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table_misses import found_of, scene_data  # noqa: E402

from vision.evaluate_table import match  # noqa: E402
from vision.recognizer import Recognizer  # noqa: E402
from vision.sessions import MODELS_DIR  # noqa: E402

#: Bands of the box's shorter side (px): the reader names 3 in 10 right under 16 px.
BANDS = (16, 20, 24, 32)


def band(side: float) -> str:
    """The size band a box's shorter side falls in."""
    low = 0
    for high in BANDS:
        if side < high:
            return f"{low}-{high}px"
        low = high
    return f"{low}+px"


def kind(code: str) -> str:
    """The tile's kind: a suit's numbers, winds, dragons, flowers."""
    if code[-1] in "mps":
        return {"m": "characters", "p": "dots", "s": "bamboo"}[code[-1]]
    if code[-1] == "f":
        return "flowers"
    return "winds" if code in ("E", "S", "W", "N") else "dragons"


def models_folder(extra: Path | None, keep: Path) -> str:
    """``models/`` with ``extra``'s ONNX files in place of its own (a temporary folder)."""
    if extra is None:
        return str(MODELS_DIR)
    for f in Path(MODELS_DIR).iterdir():
        if f.is_file():
            (keep / f.name).symlink_to(f.resolve())
    for f in extra.glob("*.onnx"):
        (keep / f.name).unlink(missing_ok=True)
        shutil.copy(f, keep / f.name)
    return str(keep)


def tally(seed: int, scenes: int, cache: Path | None, models: str) -> dict[str, Any]:
    """Names right per band, seat, zone, pose, design and kind, and the top confusions."""
    recognizer = Recognizer.load(models)
    look = recognizer.find
    right: dict[str, Counter[str]] = {k: Counter() for k in ("band", "seat", "zone", "pose",
                                                              "design", "kind", "band_seat")}
    seen: dict[str, Counter[str]] = {k: Counter() for k in right}
    confusions: Counter[str] = Counter()
    for k in range(scenes):
        data = scene_data(seed, k, cache)
        image, true, art = data["image"], data["truth"], data["art"]
        found = found_of(recognizer, image, f"{seed}_{k}", cache)
        recognizer.find = lambda *a, _f=found, **kw: _f  # type: ignore[method-assign]
        detected = recognizer.detect(image, whole_table=True)
        recognizer.find = look  # type: ignore[method-assign]
        for i, j in match(true, detected).items():
            t = true[i]
            if t["hidden"] or t["tile"] == "back":
                continue
            x1, y1, x2, y2 = t["box"]
            keys = {"band": band(min(x2 - x1, y2 - y1)), "seat": t["seat"], "zone": t["zone"],
                    "pose": "sideways" if t["sideways"] else "flat", "design": art,
                    "kind": kind(t["tile"])}
            keys["band_seat"] = f"{keys['band']} {t['seat']}"
            got = detected[j]["tile"]
            for what, key in keys.items():
                seen[what][key] += 1
                right[what][key] += got == t["tile"]
            if got != t["tile"]:
                confusions[f"{t['tile']}->{got}"] += 1
    out: dict[str, Any] = {"models": models, "matched": sum(seen["band"].values()),
                           "right": sum(right["band"].values())}
    for what in seen:
        out[what] = {key: f"{right[what][key] / n:.3f} of {n}"
                     for key, n in sorted(seen[what].items())}
    out["confusions"] = dict(confusions.most_common(20))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=63)
    p.add_argument("--scenes", type=int, default=24)
    p.add_argument("--cache", type=Path)
    p.add_argument("--models", type=Path, action="append",
                   help="a folder whose ONNX files replace models/' (repeat to compare)")
    args = p.parse_args(argv)
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
    results = []
    for extra in args.models or [None]:
        with tempfile.TemporaryDirectory() as keep:
            results.append(tally(args.seed, args.scenes, args.cache,
                                 models_folder(extra, Path(keep))))
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
