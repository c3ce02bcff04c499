"""``mahjong-assistant claims``: who may chow, pung, kong or win on a discard (JSON on stdin)."""

from __future__ import annotations

import argparse
import sys

from ..claims import claims_on_discard
from ..cli import dump, read_json
from ..report import claims_report


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON instead of a report")
    p.add_argument("--lang", default="zh", choices=["zh", "en"], help="report language")


def run(args: argparse.Namespace) -> int:
    result = claims_on_discard(read_json(sys.stdin.read(), "the claims request"))
    print(dump(result) if args.json else claims_report(result, args.lang))
    return 0
