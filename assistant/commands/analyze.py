"""``mahjong-assistant analyze``: a hand state as JSON on stdin (or ``--hand``) → the analysis."""

from __future__ import annotations

import argparse
import sys

from ..analysis import analyze
from ..catalogue import error_zh
from ..cli import dump, read_json
from ..errors import MahjongError
from ..report import analysis_report


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hand", help="tiles typed directly instead of JSON on stdin, e.g. 123m456p789s1122z")
    p.add_argument("--variant", help="rule variant (see `mahjong-assistant variants`)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a report")
    p.add_argument("--jsonl", action="store_true",
                   help="read one hand state per line and write one result line each (a bad "
                        "line gives an error line; exit status 2 when any line failed)")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="report language")


def run(args: argparse.Namespace) -> int:
    if args.jsonl:
        return _run_lines(args)
    data = {"concealed": args.hand} if args.hand else read_json(sys.stdin.read(), "the hand state")
    result = analyze(data, variant=args.variant)
    print(dump(result) if args.json else analysis_report(result, args.lang))
    return 0


def _run_lines(args: argparse.Namespace) -> int:
    """One result per input line; a bad line gives an error line and the rest go on."""
    failed = 0
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            result = analyze(read_json(line, f"line {number}"), variant=args.variant)
        except MahjongError as exc:
            failed += 1
            print(dump({"error": str(exc), "error_zh": error_zh(str(exc)), "line": number}),
                  flush=True)
            continue
        print(dump(result), flush=True)
    return 2 if failed else 0
