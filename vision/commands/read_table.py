"""``mahjong-assistant read-table PHOTO``: the whole table from one photo, seat by seat.

Each seat's hand (the others' counted), melds with whom the claimed tile came from, river in
discard order and flowers; the turned-up tile, and what it makes wild (or dora) under
``--variant``.  The tiles come from the recognizer, or from ``--detections FILE.json`` (a
``detect --json`` line) without a model; :mod:`vision.table_reader` arranges them.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from assistant.catalogue import error_zh, text, translate
from assistant.cli import dump
from assistant.errors import MahjongError
from vision.commands.score import _load_detections, _recognise
from vision.table_reader import SEATS, ZONES, table_answer


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("photo", nargs="?", help="photo of the table (JPEG, PNG, …)")
    p.add_argument("--detections", metavar="FILE.json",
                   help="tiles found earlier (a `detect --json` line; - for stdin) instead of "
                        "running the model")
    p.add_argument("--variant", help="rule variant: says what the turned-up tile makes wild")
    p.add_argument("--move", action="append", default=[], metavar="N=SEAT[:ZONE]",
                   help="correction: tile N (its place in `tiles`, from 0) belongs to SEAT "
                        "(self, right, across, left) and ZONE (hand, meld, river, bonus, "
                        "indicator, wall); repeat for more")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="report language")
    p.add_argument("--models", help="folder with the ONNX models (default: models/)")
    p.add_argument("--tileset", metavar="NAME", help="read with your own tile set, learnt with "
                                                     "`tileset learn NAME PHOTO`")
    p.set_defaults(annotate=None)


def parse_move(value: str) -> dict[str, Any]:
    """``"7=left:river"`` -> ``{"index": 7, "seat": "left", "zone": "river"}``."""
    number, sep, place = value.partition("=")
    seat, _, zone = place.partition(":")
    if not sep or not number.strip().isdigit():
        raise MahjongError(f"a move is N=SEAT or N=SEAT:ZONE (e.g. 7=left:river), got {value!r}",
                           value)
    out: dict[str, Any] = {"index": int(number)}
    if seat.strip():
        out["seat"] = seat.strip()
    if zone.strip():
        out["zone"] = zone.strip()
    return out


def indicator_meaning(indicator: str | None, variant: str | None, lang: str) -> str | None:
    """What the turned-up tile makes of others under ``variant``: its wilds or riichi's dora."""
    if not indicator or not variant:
        return None
    from assistant.variants import COUNTS_DORA, get_profile
    from assistant.variants.riichi import DORA_OF, DORA_OF_THREE
    from assistant.wilds import describe_wilds, wilds_from_indicator

    profile = get_profile(variant)
    if profile.wild_indicator:
        wilds = wilds_from_indicator(profile.wild_indicator, indicator)
        return text("table.wilds", lang, tiles=describe_wilds(wilds, lang))
    if profile.name in COUNTS_DORA:
        dora = (DORA_OF_THREE if profile.three_player else DORA_OF)[indicator]
        return text("table.dora", lang, tiles=describe_wilds([dora], lang))
    return None


def report(answer: dict[str, Any], lang: str, variant: str | None = None) -> list[str]:
    """The answer as lines for the player, seat by seat."""
    lines = []
    for seat in SEATS:
        s = answer["seats"][seat]
        parts = []
        if s["hand"] or s["hidden"]:
            hand = " ".join(s["hand"])
            if s["hidden"]:
                hand = (hand + " " if hand else "") + text("table.hidden", lang, n=s["hidden"])
            parts.append(f"{text('table.hand', lang)} {hand}")
        for meld in s["melds"]:
            source = meld.get("from")
            where = {"left": "left", "right": "right", "opposite": "across"}.get(source or "")
            tail = f" ({text('table.from', lang, seat=text(f'table.seat.{where}', lang))})" \
                if where else ""
            parts.append(f"{text('table.melds', lang)} {' '.join(meld['tiles'])}{tail}")
        if s["river"]:
            parts.append(f"{text('table.river', lang)} {' '.join(s['river'])}")
        if s["bonus"]:
            parts.append(f"{text('table.bonus', lang)} {' '.join(s['bonus'])}")
        if s["wall"]:
            parts.append(text("table.wall", lang, n=s["wall"]))
        lines.append(f"{text(f'table.seat.{seat}', lang)}: " + (" · ".join(parts) or "—"))
    if answer["indicator"]:
        line = text("table.indicator", lang, tile=answer["indicator"])
        meaning = indicator_meaning(answer["indicator"], variant, lang)
        lines.append(line + (f" → {meaning}" if meaning else ""))
    else:
        lines.append(text("table.no_indicator", lang))
    lines += [n[lang] for n in answer["notes"]]
    return lines


def run(args: argparse.Namespace) -> int:
    try:
        if args.variant:
            from assistant.variants import get_profile

            get_profile(args.variant)  # an unknown variant is an error before any photo is read
        moves = [parse_move(m) for m in args.move]
        if args.detections and not args.photo:
            data = _load_detections(args.detections)
            tiles = data.get("tiles") if isinstance(data, dict) else data
        else:
            tiles, _ = _recognise(args, whole_table=True)
        answer = table_answer(tiles, moves)
    except MahjongError as exc:
        if args.json:
            print(dump({"error": str(exc), "error_zh": error_zh(str(exc))}))
        else:
            print(f"mahjong-assistant read-table: {text('cli.error', args.lang)}: "
                  f"{translate(str(exc), args.lang)}", file=sys.stderr)
        return 2
    if args.json:
        print(dump(answer))
    else:
        print("\n".join(report(answer, args.lang, args.variant)))
    return 0


__all__ = ["SEATS", "ZONES", "add_arguments", "indicator_meaning", "parse_move", "report", "run"]
