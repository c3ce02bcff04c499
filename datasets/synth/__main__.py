"""Command line: ``python -m datasets.synth --out DIR --count N --seed S --kind scenes``.

``--sheet FILE.png`` also writes a contact sheet of the first scenes (``--annotate`` draws the
labels on it) so that people can look at samples.  ``--designs N`` adds N generated tile designs
(``gen-0`` ..), ``--art-sets a,b`` / ``--exclude-art a,gen-*`` choose the art sets (leave one
design out), ``--list-art`` prints the chosen sets and ``--face-sheets DIR`` writes one face
contact sheet per chosen set.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2

from datasets.synth import art
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
    ap.add_argument("--designs", type=int, default=None,
                    help="add N generated designs gen-0..gen-N-1 (default $MAHJONG_DESIGNS or 0)")
    ap.add_argument("--art-sets", help="comma-separated art sets to use (default: all found here)")
    ap.add_argument("--exclude-art", help="comma-separated art sets or patterns (gen-*) to leave out")
    ap.add_argument("--list-art", action="store_true", help="print the chosen art sets and exit")
    ap.add_argument("--face-sheets", type=Path, help="write DIR/<set>.png face sheets and exit")
    ap.add_argument("--backs", type=float, default=0.0,
                    help="share of scenes made to find face-down tiles in (concealed kongs, a "
                         "discard face down)")
    ap.add_argument("--coloured", type=float, default=0.0,
                    help="share of scenes whose tile faces are dark or tinted, not ivory")
    ap.add_argument("--photos", type=float, default=0.0,
                    help="share of scenes that are a player's photos of his set (one tile close "
                         "up, or tiles laid out in rows)")
    ap.add_argument("--bonus", type=float, default=0.0,
                    help="share of scenes that are photos of a set's flowers and seasons")
    args = ap.parse_args(argv)
    for share in ("backs", "coloured", "photos", "bonus"):
        if not 0.0 <= getattr(args, share) <= 1.0:
            ap.error(f"--{share} is a share of the scenes, from 0 to 1")
    names = art.select_art_sets(args.art_sets, args.designs, args.exclude_art)
    if args.list_art:
        print("\n".join(names))
        return
    if args.face_sheets:
        args.face_sheets.mkdir(parents=True, exist_ok=True)
        for name in names:
            path = args.face_sheets / f"{name}.png"
            cv2.imwrite(str(path), art.contact_sheet(art.load_art_set(name), scale=0.75))
            print(f"face sheet {name} -> {path}")
        return
    t0 = time.perf_counter()
    if not args.sheet_only:
        render_dataset(args.out, args.count, args.seed, args.kind, art_sets=names, backs=args.backs,
                       coloured=args.coloured, photos=args.photos, bonus=args.bonus)
        dt = time.perf_counter() - t0
        each = dt / max(args.count, 1)
        print(f"{args.count} scenes -> {args.out} in {dt:.1f}s ({each:.3f}s each)")
    if args.sheet or args.sheet_only:
        path = args.sheet or args.out / "sheet.png"
        scenes = [render_scene(scene_rng(args.seed, i), args.layout, names)
                  for i in range(min(args.count, 16))]
        path.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(path), contact_sheet(scenes, annotated=args.annotate))
        print(f"contact sheet -> {path}")


if __name__ == "__main__":
    main()
