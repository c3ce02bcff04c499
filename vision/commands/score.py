"""``mahjong-assistant score PHOTO``: recognise the tiles, read the hand from their layout, score it.

The tiles come from the recognizer, or from ``--detections FILE`` (a ``detect --json`` line, or
just its list of tiles), which needs no model.  The hand is read by :mod:`vision.hand_reader`;
when the reading is unsure (doubts) the hand is shown with the doubtful tiles named and is not
scored, unless ``--force``: correct it with ``--fix N=TILE`` (N as numbered in the report).

Exit status: 0 scored (or analysed), 1 read but unsure (doubts), 2 bad input or no model.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from assistant.analysis import analyze
from assistant.catalogue import text, translate
from assistant.cli import dump, read_json
from assistant.errors import MahjongError
from assistant.hand import HandState
from assistant.report import analysis_report
from assistant.tiles import WINDS, parse_tile, tile_name
from vision.hand_reader import MIN_CONFIDENCE, Reading, read_hand


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("photo", nargs="?", help="photo of the hand (JPEG, PNG, …)")
    p.add_argument("--detections", metavar="FILE.json",
                   help="tiles found earlier (a `detect --json` line; - for stdin) instead of "
                        "running the model")
    p.add_argument("--variant", help="rule variant, e.g. guangdong, shaanxi, xian")
    p.add_argument("--self-drawn", action="store_true", help="the winning tile was self-drawn")
    p.add_argument("--seat", choices=WINDS, default="E", help="the player's seat wind")
    p.add_argument("--prevalent", choices=WINDS, default="E", help="the prevalent (round) wind")
    p.add_argument("--table", metavar="FILE.json",
                   help="table facts for the scoring: dealer, seat, bets, discarder, kongs")
    p.add_argument("--win", metavar="TILE", help="the winning tile, when it is not set apart")
    p.add_argument("--indicator", metavar="TILE", help="the tile turned up at the start: the "
                   "variant makes its wild tiles from it (武汉 赖子, 温州 财神 …)")
    p.add_argument("--fix", action="append", default=[], metavar="N=TILE",
                   help="correction: tile N (as numbered in the report) is TILE; N=- drops it; "
                        "repeat or separate with commas")
    p.add_argument("--min-confidence", type=float, default=MIN_CONFIDENCE,
                   help=f"tiles recognised with less are doubts (default {MIN_CONFIDENCE})")
    p.add_argument("--force", action="store_true", help="analyse and score even when unsure")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--annotate", metavar="OUT.jpg",
                   help="write the photo with the groups read, the winning tile and the doubts")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="report language")
    p.add_argument("--models", help="folder with the ONNX models (default: models/)")
    p.add_argument("--tileset", metavar="NAME", help="read with your own tile set, learnt with "
                                                     "`tileset learn NAME PHOTO`")


def _load_detections(source: str) -> Any:
    text = sys.stdin.read() if source == "-" else _read_text(source)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and text.lstrip().startswith("{") and not text.strip().endswith("]"):
        text = lines[0]  # a detect --json output of several photos: the first one
    return read_json(text, f"detections {source}")


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MahjongError(f"cannot read {path}: {exc.strerror}", path) from None


def _recognise(args: argparse.Namespace, whole_table: bool = False
               ) -> tuple[list[dict[str, Any]], Any]:
    """Detections and the photo (None when they come from a file without a photo);
    ``whole_table``: a photo of the whole table, looked at with the whole-table detector."""
    if args.detections:
        data = _load_detections(args.detections)
        tiles = data.get("tiles") if isinstance(data, dict) else data
        image = _read_photo(args.photo) if args.photo and args.annotate else None
        return tiles, image
    if not args.photo:
        raise MahjongError("give a PHOTO, or --detections FILE.json", "photo")
    try:
        from vision.recognizer import Recognizer
    except ImportError as exc:
        raise MahjongError(f"the tile recognizer is not available ({exc}); pass --detections "
                           "FILE.json from `detect --json` instead", "recognizer") from None
    from vision.tileset import TileSet

    tileset = TileSet.load(args.tileset) if getattr(args, "tileset", None) else None
    image = _read_photo(args.photo)
    return Recognizer.load(args.models).detect(image, tileset, whole_table=whole_table), image


def _read_photo(path: str) -> Any:
    from vision.images import read_image

    return read_image(path)


def _fixes(values: list[str]) -> list[str]:
    return [f.strip() for v in values for f in v.split(",") if f.strip()]


def _state(reading: Reading, args: argparse.Namespace) -> dict[str, Any]:
    """The engine's hand state: the tiles read plus what the caller told about the table."""
    state: dict[str, Any] = dict(reading.hand)
    state["context"] = {"self_drawn": bool(args.self_drawn), "seat_wind": args.seat,
                        "prevalent_wind": args.prevalent}
    if args.variant:
        state["variant"] = args.variant
    if getattr(args, "indicator", None):
        state["indicator"] = parse_tile(args.indicator, "--indicator")
    if args.table:
        table = read_json(_read_text(args.table), f"table {args.table}")
        if not isinstance(table, dict):
            raise MahjongError("--table must hold a JSON object (dealer, seat, bets, …)", "table")
        state["table"] = table
    return state


def score(args: argparse.Namespace) -> dict[str, Any]:
    """Everything the command reports, as one JSON object."""
    if args.variant:
        from assistant.variants import get_profile

        get_profile(args.variant)  # an unknown variant is an error before any photo is read
    tiles, image = _recognise(args)
    win = None
    if args.win:
        win = parse_tile(args.win, "--win")
    reading = read_hand(tiles, win_tile=win, fixes=_fixes(args.fix),
                        min_confidence=args.min_confidence)
    state = _state(reading, args)
    result = None
    if reading.sure or args.force:
        try:
            state = HandState.from_json(state).to_json()
            result = analyze(state)
        except MahjongError as exc:
            if reading.sure:
                reading.doubts.append({"kind": "hand", "message": str(exc), "tiles": []})
        if result is not None and state.get("win_tile") and not result["is_win"]:
            # a tile was set apart as the winning one, yet the hand is not complete: most
            # likely a tile is misread, so the reading is not trusted
            reading.doubts.append({"kind": "not_complete", "message": (
                f"the hand with the winning tile {state['win_tile']} set apart is not complete: "
                "check the tiles"), "tiles": [g for grp in reading.groups
                                              if grp["kind"] in ("concealed", "win")
                                              for g in grp["tiles"]]})
    read = [{"number": reading.number(t), "input": t.index + 1, "tile": t.code}
            for t in reading.tiles]
    out: dict[str, Any] = {"tiles": tiles, "read": read, "hand": state,
           "groups": reading.groups, "doubts": reading.doubts, "sure": reading.sure,
           "result": result}
    if args.annotate:
        from vision.annotate_hand import draw_reading

        draw_reading(args.annotate, image, reading)
    return out


def _meld_words(meld: dict[str, Any], lang: str) -> str:
    """A meld read from the photo in words: ``(碰, 上家)`` / ``(pung, from the left (上家))``."""
    kind = "concealed_kong" if meld["type"] == "kong" and meld["concealed"] else meld["type"]
    words = [text(f"meld.{kind}", lang)]
    if meld.get("from"):
        words.append(text(f"from.{meld['from']}", lang))
    return f" ({', '.join(words)})"


def report(out: dict[str, Any], lang: str) -> str:
    """The readable report: the tiles as numbered, the groups, the doubts, the engine's answer."""
    code = {r["number"]: r["tile"] for r in out["read"]}
    lines = [f"{text('photo.read', lang)}: " + " ".join(f"{n}:{c}" for n, c in code.items())]
    for g in out["groups"]:
        label = text(f"photo.{g['kind']}", lang)
        codes = " ".join(code[n] for n in g["tiles"])
        extra = _meld_words(g["meld"], lang) if g["kind"] == "meld" else ""
        lines.append(f"  {label}{extra}: {codes}  [#{', #'.join(map(str, g['tiles']))}]"
                     if g["tiles"] else f"  {label}: -")
    if out["doubts"]:
        lines.append(f"{text('photo.unsure', lang)}:")
        for d in out["doubts"]:
            which = f" (#{', #'.join(map(str, d['tiles']))})" if d["tiles"] else ""
            lines.append(f"  - {translate(d['message'], lang)}{which}")
        lines.append(text("photo.fix", lang))
    if out["result"] is not None:
        lines.append("")
        lines.append(analysis_report(out["result"], lang))
    elif out["doubts"]:
        lines.append(text("photo.not_scored", lang))
    win = out["hand"].get("win_tile")
    if win and out["result"] is not None:
        lines.append(f"{text('photo.winning_tile', lang)}: {tile_name(win, lang)}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    out = score(args)
    print(dump(out) if args.json else report(out, args.lang))
    return 0 if out["sure"] else 1
