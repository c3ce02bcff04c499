"""The ``mahjong-assistant`` command line: one program, one sub-command per job.

Sub-commands live in their own modules and register here by name; heavy ones (the recogniser,
the web service) are imported only when used, so the rules commands start fast.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from .catalogue import error_zh
from .errors import MahjongError

#: name -> (module, help). Each module has ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "analyze": ("assistant.commands.analyze",
                "shanten, waits, discard advice and win check of a hand (JSON on stdin)"),
    "claims": ("assistant.commands.claims", "legal claims on a discard for each seat (JSON)"),
    "parse": ("assistant.commands.parse", "read tiles typed in any notation; print codes and names"),
    "variants": ("assistant.commands.variants", "list the variants, or explain one with its options"),
    "table": ("assistant.commands.table", "table procedures: dice, draw, next dealer, wind, claims"),
    "detect": ("vision.commands.detect", "find and name every tile in photos"),
    "score": ("vision.commands.score", "read a photo of a hand and score it"),
    "read-table": ("vision.commands.read_table",
                   "read the whole table from one photo: every seat's river, melds and hand"),
    "tileset": ("vision.commands.tileset", "teach the recognizer your own tiles from a photo"),
    "serve": ("assistant.commands.serve", "start the web service"),
}


def _available() -> dict[str, tuple[str, str]]:
    out = {}
    for name, (module, help_text) in COMMANDS.items():
        if importlib.util.find_spec(module.rsplit(".", 1)[0]) is None:
            continue
        try:
            if importlib.util.find_spec(module) is None:
                continue
        except ModuleNotFoundError:
            continue
        out[name] = (module, help_text)
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-assistant",
        description="Mahjong table assistant 麻将助手: read tiles from photos, analyse and score hands.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in _available().items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module)
        _load(module, "add_arguments")(p)
    return parser


def _load(module: str, attr: str) -> Callable[..., Any]:
    return getattr(importlib.import_module(module), attr)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        status = int(_load(args._module, "run")(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return status
    except MahjongError as exc:
        return _fail(args, exc)
    except RecursionError:
        return _fail(args, MahjongError("the input is nested too deeply to read"))
    except BrokenPipeError:
        _quiet_stdout()
        return 141  # 128 + SIGPIPE, as a program killed by a closed pipe would end
    except KeyboardInterrupt:
        return 130


def _fail(args: argparse.Namespace, exc: MahjongError) -> int:
    """Print the error, Chinese first and English beside it (as JSON with ``--json``: ``error``
    and ``error_zh``, as the service answers), and give the bad-input exit status 2."""
    english = str(exc)
    chinese = error_zh(english)
    try:
        if getattr(args, "json", False):
            print(json.dumps({"error": english, "error_zh": chinese}, ensure_ascii=False))
        elif getattr(args, "lang", "zh") == "en":
            print(f"mahjong-assistant {args.command}: error: {english}", file=sys.stderr)
        else:
            print(f"mahjong-assistant {args.command}: 错误：{chinese}\n  (error: {english})",
                  file=sys.stderr)
    except BrokenPipeError:
        _quiet_stdout()
    return 2


def _quiet_stdout() -> None:
    """After the reader of stdout has gone (``| head``), send what is left to /dev/null."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def read_json(text: str, what: str = "input") -> Any:
    """Parse JSON, turning a syntax error into a :class:`MahjongError` that says where."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MahjongError(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column "
                           f"{exc.colno}", text[:40]) from None
    except RecursionError:
        raise MahjongError(f"{what} is nested too deeply to read", what) from None


def dump(obj: Any) -> str:
    """One JSON line, Chinese kept readable."""
    return json.dumps(obj, ensure_ascii=False)
