"""``mahjong-assistant parse``: tiles typed in any notation → canonical codes and names."""

from __future__ import annotations

import argparse

from ..cli import dump
from ..tiles import parse_tiles, tile_name, to_compact


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("tiles", nargs="+", help="e.g. 123m456p EE 中 or 一万 五筒")
    p.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace) -> int:
    tiles = parse_tiles(" ".join(args.tiles))
    rows = [{"tile": t, "zh": tile_name(t, "zh"), "en": tile_name(t, "en")} for t in tiles]
    if args.json:
        print(dump({"tiles": tiles, "compact": to_compact(tiles), "names": rows}))
    else:
        print(to_compact(tiles))
        for r in rows:
            print(f"{r['tile']:>4}  {r['zh']}  {r['en']}")
    return 0
