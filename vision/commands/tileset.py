"""``mahjong-assistant tileset …``: teach the recognizer a player's own tiles, and keep that set.

``learn NAME PHOTO --tiles …`` reads a photo of tiles laid out in rows (left to right, top to
bottom, in the order ``--tiles`` names them) and keeps each tile as an example of its kind
(:mod:`vision.tileset`); ``show``, ``list``, ``forget`` (undo one example) and ``delete`` look
after the sets kept. ``detect --tileset NAME`` and ``score --tileset NAME`` read photos with one.

Exit status: 0 done, 2 bad input (an unknown set, a photo with another number of tiles than
named, bad ``--tiles``), printed as one line in the user's language.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from assistant.catalogue import text
from assistant.cli import dump
from assistant.errors import MahjongError
from assistant.tiles import LAYOUT_ORDER
from vision.tileset import (
    TileSet,
    check_name,
    delete_tileset,
    layout_tiles,
    learnt_summary,
    saved_tilesets,
    tilesets_dir,
)

#: The order a whole set is laid out in, rows of nine (the service's layout sheet prints it).
DEFAULT_LAYOUT = LAYOUT_ORDER


def _common(p: argparse.ArgumentParser) -> None:
    """The options every ``tileset`` action takes: JSON output, language, where sets are kept."""
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="language of the lines and errors")
    p.add_argument("--folder", help="where tile sets are kept (default $MAHJONG_TILESETS or "
                                    "~/.local/share/mahjong-assistant/tilesets)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """``learn``, ``show``, ``list``, ``forget`` and ``delete`` under ``tileset``."""
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    learn = actions.add_parser("learn", help="learn a set's tiles from a photo of them in rows")
    learn.add_argument("name", help="the set's name (letters, digits, - or _)")
    learn.add_argument("photo", help="photo of the tiles laid out in rows, apart, face up")
    learn.add_argument("--tiles", default=DEFAULT_LAYOUT,
                       help="the photo's tiles in reading order (left to right, top to bottom); "
                            f"default the whole set: {DEFAULT_LAYOUT}")
    learn.add_argument("--models", help="folder with the ONNX models (default: models/)")
    _common(learn)
    show = actions.add_parser("show", help="what a set has learnt: examples of each kind")
    show.add_argument("name")
    _common(show)
    _common(actions.add_parser("list", help="the sets kept"))
    forget = actions.add_parser("forget", help="undo one example (its id as learn/show print it)")
    forget.add_argument("name")
    forget.add_argument("example", type=int, metavar="EXAMPLE_ID")
    _common(forget)
    delete = actions.add_parser("delete", help="forget a whole set")
    delete.add_argument("name")
    _common(delete)


def _folder(args: argparse.Namespace) -> Path:
    return Path(args.folder) if args.folder else tilesets_dir()


def learn_photo(args: argparse.Namespace) -> dict[str, Any]:
    """Learn ``args.photo``'s tiles into the set ``args.name`` (made when new) and save it; what
    was learnt, with how many the recognizer read right before."""
    from vision.images import read_image
    from vision.recognizer import Recognizer
    from vision.tileset import learn

    check_name(args.name)
    tiles = layout_tiles(args.tiles)  # bad --tiles is an error before any model or photo
    tileset = TileSet.load(args.name, _folder(args), create=True)
    image = read_image(args.photo)
    learnt = learn(tileset, image, tiles, Recognizer.load(args.models))
    tileset.save(_folder(args))
    return learnt_summary(tileset, learnt)


def _kinds_line(kinds: dict[str, int]) -> str:
    return " ".join(f"{code}×{n}" for code, n in kinds.items())


def _learn_report(out: dict[str, Any], lang: str) -> str:
    ts = out["tileset"]
    lines = [text("tileset.learnt", lang, name=ts["name"], n=out["count"]),
             text("tileset.read_right", lang, right=out["read_right"], n=out["count"]),
             f"  {_kinds_line(out['per_kind'])}"]
    wrong = [f"{x['read']}→{x['tile']}" for x in out["learnt"] if x["read"] != x["tile"]]
    if wrong:
        lines.append(f"  {text('tileset.misread', lang)}: {' '.join(wrong)}")
    lines.append(_show_report(ts, lang))
    return "\n".join(lines)


def _show_report(ts: dict[str, Any], lang: str) -> str:
    lines = [text("tileset.summary", lang, name=ts["name"], examples=ts["examples"],
                  kinds=len(ts["kinds"]))]
    if ts["kinds"]:
        lines.append(f"  {_kinds_line(ts['kinds'])}")
    if ts["missing"]:
        lines.append(f"  {text('tileset.missing', lang)}: {' '.join(ts['missing'])}")
    if ts["recent"]:
        lines.append(f"  {text('tileset.recent', lang)}: " + " ".join(
            f"#{r['id']}={r['tile']}" + ("*" if r["source"] != "learn" else "")
            for r in ts["recent"]))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Do the action; print its answer (JSON with ``--json``)."""
    folder = _folder(args)
    if args.action == "learn":
        out = learn_photo(args)
        print(dump(out) if args.json else _learn_report(out, args.lang))
    elif args.action == "show":
        summary = TileSet.load(args.name, folder).summary()
        print(dump(summary) if args.json else _show_report(summary, args.lang))
    elif args.action == "list":
        sets = [TileSet.load(name, folder).summary() for name in saved_tilesets(folder)]
        if args.json:
            print(dump({"tilesets": [{k: s[k] for k in ("name", "examples", "kinds")}
                                     for s in sets]}))
        elif not sets:
            print(text("tileset.none", args.lang))
        else:
            for s in sets:
                print(text("tileset.summary", args.lang, name=s["name"], examples=s["examples"],
                           kinds=len(s["kinds"])))
    elif args.action == "forget":
        tileset = TileSet.load(args.name, folder)
        if not tileset.remove(args.example):
            raise MahjongError(f"tile set {args.name} has no example {args.example}",
                               str(args.example))
        tileset.save(folder)
        summary = tileset.summary()
        print(dump(summary) if args.json else
              text("tileset.forgot", args.lang, name=args.name, id=args.example) + "\n"
              + _show_report(summary, args.lang))
    else:  # delete
        delete_tileset(args.name, folder)
        print(dump({"deleted": args.name}) if args.json else
              text("tileset.deleted", args.lang, name=args.name))
    return 0
