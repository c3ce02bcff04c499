"""``mahjong-assistant detect IMAGE…``: every tile in each photo, with its box and confidence."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from assistant.catalogue import error_zh, text, translate
from assistant.cli import dump
from assistant.errors import MahjongError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("images", nargs="+", help="photos (JPEG, PNG, …)")
    p.add_argument("--json", action="store_true", help="one JSON line per photo")
    p.add_argument("--annotate", metavar="OUT.jpg",
                   help="write the photo with boxes and tile names (OUT-2.jpg… for more photos)")
    p.add_argument("--models", help="folder with the ONNX models (default: models/)")
    p.add_argument("--tileset", metavar="NAME", help="read with your own tile set, learnt with "
                                                     "`tileset learn NAME PHOTO`")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="language of the lines and errors")


def _annotate_path(base: str, index: int, count: int) -> Path:
    path = Path(base)
    return path if count == 1 else path.with_name(f"{path.stem}-{index + 1}{path.suffix}")


def run(args: argparse.Namespace) -> int:
    from vision.annotate import draw_tiles, write_image
    from vision.images import read_image
    from vision.recognizer import Recognizer
    from vision.tileset import TileSet

    tileset = TileSet.load(args.tileset) if args.tileset else None  # unknown: an error first
    recognizer = Recognizer.load(args.models)
    failed = 0
    for i, path in enumerate(args.images):
        try:
            image = read_image(path)
            tiles = recognizer.detect(image, tileset)
            if args.annotate:
                write_image(_annotate_path(args.annotate, i, len(args.images)),
                            draw_tiles(image, tiles))
        except MahjongError as exc:
            failed += 1
            if args.json:
                print(dump({"path": path, "error": str(exc), "error_zh": error_zh(str(exc))}),
                      flush=True)
            else:
                print(f"mahjong-assistant detect: {text('cli.error', args.lang)}: "
                      f"{translate(str(exc), args.lang)}", file=sys.stderr)
            continue
        height, width = image.shape[:2]
        if args.json:
            print(dump({"path": path, "image": {"width": width, "height": height},
                        "tiles": tiles}), flush=True)
        else:
            codes = " ".join(t["tile"] for t in tiles)
            print(text("detect.found", args.lang, path=path, n=len(tiles), codes=codes))
    return 2 if failed else 0
