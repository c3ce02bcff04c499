"""Command line: ``python -m datasets.synth --out DIR --count N --seed S --kind scenes``.

``--sheet FILE.png`` also writes a contact sheet of the first scenes (``--annotate`` draws the
labels on it) so that people can look at samples.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2

from datasets.synth.export import KINDS, contact_sheet, render_dataset, scene_rng
from datasets.synth.layout import LAYOUTS
from datasets.synth.scene import render_scene


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, render the dataset and/or the preview sheet, print the timing."""
    ap = argparse.ArgumentParser(prog="python -m datasets.synth", description=__doc__)
    ap.add_argument("--out", type=Path, default=Path("work/synth_preview"))
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kind", choices=KINDS, default="scenes")
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG of the scenes")
    ap.add_argument("--sheet-only", action="store_true", help="write only the contact sheet")
    ap.add_argument("--layout", choices=LAYOUTS, help="force one layout (sheet only)")
    ap.add_argument("--annotate", action="store_true", help="draw labels on the sheet")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    if not args.sheet_only:
        render_dataset(args.out, args.count, args.seed, args.kind)
        dt = time.perf_counter() - t0
        each = dt / max(args.count, 1)
        print(f"{args.count} scenes -> {args.out} in {dt:.1f}s ({each:.3f}s each)")
    if args.sheet or args.sheet_only:
        path = args.sheet or args.out / "sheet.png"
        scenes = [render_scene(scene_rng(args.seed, i), args.layout)
                  for i in range(min(args.count, 16))]
        path.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(path), contact_sheet(scenes, annotated=args.annotate))
        print(f"contact sheet -> {path}")


if __name__ == "__main__":
    main()
