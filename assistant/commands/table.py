"""``mahjong-assistant table``: the table procedures of a variant.

``dice`` (which wall and stack the deal starts from), ``draw`` (is the hand drawn), ``next-dealer``,
``wind`` (prevalent wind over a sequence of hands), ``claim`` (who takes a discard),
``pass-lock`` (过手不和 replay), ``liable`` (包自摸 from the claims), ``settle-draw`` (kong
payments of a drawn hand; Sichuan's 查花猪 / 查大叫 with the hands), ``exchange`` and
``exchange-advice`` (Sichuan 换三张 and 定缺), ``dora`` (宝牌 from its indicator), ``charleston`` and
``charleston-advice`` (查理士顿), ``wild`` (the wild tiles an indicator makes), ``kong-tile``
(which tile replaces a kong), ``seats`` (西安's ways of drawing seats). Examples::

    mahjong-assistant table dice --variant shaanxi --throws 3,4 5,2 --dealer E
    mahjong-assistant table draw --variant guangdong --kongs 1 --stacks-left 7
    mahjong-assistant table next-dealer --dealer E --winners S
    mahjong-assistant table exchange-advice --hand 1239m45p1235789s
    mahjong-assistant table dora --indicator 9p --json
    mahjong-assistant table charleston-advice --hand 123m456p789s11sEWC
    mahjong-assistant table wild --variant wuhan --indicator 5m --json
    mahjong-assistant table kong-tile --variant xian --kind an
    mahjong-assistant table seats --variant xian --method A --throws 6
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..catalogue import TEXT, text
from ..cli import dump, read_json
from ..errors import MahjongError
from ..procedures import (
    charleston,
    charleston_advice,
    dice_start,
    exchange_advice,
    exchange_three,
    is_draw,
    kong_replacement_tile,
    liabilities,
    next_dealer,
    pass_lock,
    resolve_declared,
    seat_draw,
    settle_draw,
    wild_tiles,
    wind_rounds,
)
from ..report import score_lines
from ..scoring.dora import dora_of
from ..tiles import parse_tiles
from ..variants import get_profile


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="procedure", metavar="PROCEDURE", required=True)

    def common(q: argparse.ArgumentParser, variant: bool = True) -> None:
        if variant:
            q.add_argument("--variant", required=True,
                           help="the variant (`mahjong-assistant variants` lists them)")
            q.add_argument("--options", help="house-rule overrides as a JSON object")
        q.add_argument("--json", action="store_true", help="print JSON")
        q.add_argument("--lang", default="zh", choices=["zh", "en"], help="language")

    q = sub.add_parser("dice", help="which wall and stack the deal starts from")
    q.add_argument("--dealer", default="E", help="the dealer's seat wind (default E)")
    q.add_argument("--throws", nargs="+", required=True,
                   help="each throw as its dice (3,4) or its total (7); two throws in Shaanxi and "
                        "Xi'an, one throw of three dice in Guangdong")
    common(q)
    q = sub.add_parser("draw", help="whether the hand is drawn (荒庄) with this much wall left")
    q.add_argument("--kongs", type=int, default=0, help="kongs made this hand (all seats)")
    left = q.add_mutually_exclusive_group(required=True)
    left.add_argument("--stacks-left", type=float, help="stacks (墩) left in the wall")
    left.add_argument("--tiles-left", type=int, help="tiles left in the wall")
    common(q)
    q = sub.add_parser("next-dealer", help="who deals the next hand")
    q.add_argument("--dealer", required=True, help="this hand's dealer")
    q.add_argument("--winners", nargs="*", default=[], help="the winners in the order they won "
                                                            "(none: a drawn hand)")
    q.add_argument("--discarder", help="the discarder of a win on a discard (Sichuan: the "
                                       "discarder of several winners may deal next)")
    q.add_argument("--variant", help="the variant, where it has its own rule (sichuan, xueliu)")
    q.add_argument("--options", help="house-rule overrides as a JSON object")
    common(q, variant=False)
    q = sub.add_parser("exchange", help="换三张: what each seat receives (JSON {seat: [3 tiles]} "
                                        "on stdin)")
    q.add_argument("--direction", choices=["clockwise", "counterclockwise", "opposite"],
                   help="the direction (default: the variant's exchange_three option)")
    common(q)
    q = sub.add_parser("exchange-advice", help="换三张 and 定缺: which three tiles to pass, which "
                                               "suit to give up")
    q.add_argument("--hand", required=True, help="the dealt hand, e.g. 123569m2478p1389s")
    common(q, variant=False)
    q = sub.add_parser("wind", help="prevalent wind before each hand (JSON list of "
                                    "{dealer, winners} on stdin)")
    q.add_argument("--first-dealer", default="E", help="the first dealer")
    q.add_argument("--reseat-after", type=int, help="17-tile note: the players draw seats again "
                                                    "after the dealer keeps the deal this many "
                                                    "times (连庄四把之后重新排定位置: 4)")
    q.add_argument("--base", type=int, default=1, help="the base of a hand without 连庄")
    q.add_argument("--base-step", type=int, default=0, help="17-tile note: what each 连庄 adds "
                                                            "to the base (底数增加)")
    common(q, variant=False)
    q = sub.add_parser("claim", help="who takes a discard, from what each seat declares")
    q.add_argument("--discarder", required=True, help="the seat that discarded")
    q.add_argument("--claims", nargs="+", required=True,
                   help="SEAT=CLAIM pairs, CLAIM one of win kong pung chow, e.g. S=chow W=win")
    common(q)
    q = sub.add_parser("pass-lock", help="replay [seat, action, tile] events (JSON on stdin) and "
                                         "say whether each try_win is allowed")
    common(q)
    q = sub.add_parser("liable", help="who is liable (包自摸) for whom, from the claims in order "
                                      "(JSON list of {seat, claim, tile, from} on stdin)")
    common(q)
    q = sub.add_parser("dora", help="宝牌: the tile an indicator shows (9 → 1, 北 → 东, 中 → 白)")
    q.add_argument("--indicator", required=True, help="the indicator tile, e.g. 9p or N")
    common(q, variant=False)
    q = sub.add_parser("charleston", help="查理士顿: the passes right, left, opposite (JSON "
                                          "{hands, passes, second_round} on stdin)")
    common(q, variant=False)
    q = sub.add_parser("charleston-advice", help="查理士顿: which three tiles to pass")
    q.add_argument("--hand", required=True, help="the dealt hand, e.g. 123m456p789s11sEWC")
    common(q, variant=False)
    q = sub.add_parser("wild", help="the wild tiles the tile turned up at the start makes")
    q.add_argument("--indicator", required=True, help="the tile turned up, e.g. 5m or 北")
    common(q)
    q = sub.add_parser("kong-tile", help="which tile replaces a kong (西安: 明杠上面，暗杠下面)")
    q.add_argument("--kind", required=True, choices=["an", "jia", "zhi", "concealed", "added",
                                                     "exposed"], help="the kong's kind")
    common(q)
    q = sub.add_parser("seats", help="seats drawn before the first hand (西安: methods A, B, C)")
    q.add_argument("--method", choices=["A", "B", "C"],
                   help="A: one throw counts from the thrower to East; B: each throws, the "
                        "highest is East; C: the four winds drawn face down (default: the "
                        "variant's seat_method)")
    q.add_argument("--throws", nargs="*", default=[],
                   help="A: the one throw; B: each position's throw in order; C: the throw "
                        "that picks who draws first")
    q.add_argument("--drawn", nargs="*", default=[],
                   help="C: the wind tile each position drew, from the first drawer on")
    common(q)
    q = sub.add_parser("settle-draw", help="payments of a drawn hand (kongs), table JSON on stdin")
    common(q)


def _profile(args: argparse.Namespace) -> Any:
    options = read_json(args.options, "--options") if getattr(args, "options", None) else None
    return get_profile(args.variant, options)


def _throw(text: str) -> int | list[int]:
    try:
        parts = [int(x) for x in text.split(",")]
    except ValueError:
        raise MahjongError(f"a throw is its dice (3,4) or its total (7), got {text!r}", text) from None
    return parts[0] if len(parts) == 1 else parts


def _claims(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        seat, _, claim = pair.partition("=")
        if not claim:
            raise MahjongError(f"a claim is SEAT=CLAIM (e.g. S=chow), got {pair!r}", pair)
        out[seat] = claim
    return out


def compute(args: argparse.Namespace) -> dict[str, Any]:
    """The procedure's result as JSON-ready data."""
    kind = args.procedure
    if kind == "dice":
        return dice_start(_profile(args), args.dealer, [_throw(t) for t in args.throws])
    if kind == "draw":
        tiles = args.tiles_left if args.tiles_left is not None else round(2 * args.stacks_left)
        return is_draw(_profile(args), args.kongs, tiles)
    if kind == "next-dealer":
        profile = _profile(args) if args.variant else None
        return {"dealer": args.dealer, "winners": args.winners,
                "next_dealer": next_dealer(args.dealer, args.winners, profile, args.discarder)}
    if kind == "exchange":
        return exchange_three(_profile(args), read_json(sys.stdin.read(), "the passes"),
                              args.direction)
    if kind == "exchange-advice":
        return exchange_advice(parse_tiles(args.hand))
    if kind == "dora":
        tiles = parse_tiles(args.indicator)
        if len(tiles) != 1:
            raise MahjongError(f"宝牌: the indicator is one tile, got {args.indicator!r}",
                               "indicator")
        return {"dora": dora_of(tiles[0])}
    if kind == "charleston":
        data = read_json(sys.stdin.read(), "the Charleston")
        if not isinstance(data, dict):
            raise MahjongError("the Charleston is a JSON object {hands, passes, second_round}",
                               "charleston")
        return charleston(data.get("hands"), data.get("passes"), bool(data.get("second_round")))
    if kind == "charleston-advice":
        return charleston_advice(parse_tiles(args.hand))
    if kind == "wind":
        hands = read_json(sys.stdin.read(), "the hands")
        if not isinstance(hands, list):
            raise MahjongError("the hands must be a JSON list of {dealer, winners}", "hands")
        return wind_rounds(args.first_dealer, hands, args.reseat_after, args.base, args.base_step)
    if kind == "claim":
        profile = _profile(args)
        return {"variant": profile.name, "discarder": args.discarder,
                "takes": resolve_declared(profile, args.discarder, _claims(args.claims))}
    if kind == "pass-lock":
        profile = _profile(args)
        if not profile.pass_lock:
            raise MahjongError(f"variant {profile.name!r} has no pass lock (过手不和): a seat that "
                               "passed a win may still win", profile.name)
        data = read_json(sys.stdin.read(), "the events")
        events = data.get("events") if isinstance(data, dict) else data
        if not isinstance(events, list):
            raise MahjongError("the events must be a JSON list of [seat, action, tile]", "events")
        return pass_lock(events, profile.extra.get("pass_lock_scope", "same_tile"))
    if kind == "wild":
        tiles = parse_tiles(args.indicator)
        if len(tiles) != 1:
            raise MahjongError(f"--indicator is one tile, got {args.indicator!r}", args.indicator)
        return wild_tiles(_profile(args), tiles[0])
    if kind == "kong-tile":
        return kong_replacement_tile(_profile(args), args.kind)
    if kind == "seats":
        return seat_draw(_profile(args), [_throw(t) for t in args.throws], args.drawn,
                         args.method)
    if kind == "liable":
        claims = read_json(sys.stdin.read(), "the claims")
        if not isinstance(claims, list):
            raise MahjongError("the claims must be a JSON list of {seat, claim, tile, from}", "claims")
        return {"liable": liabilities(_profile(args), claims)}
    return settle_draw(_profile(args), read_json(sys.stdin.read() or "{}", "the table"))


def run(args: argparse.Namespace) -> int:
    result = compute(args)
    if args.json:
        print(dump(result))
        return 0
    zh = args.lang == "zh"
    kind = args.procedure
    if kind == "dice":
        print(result["explain_zh"] if zh else result["explain_en"])
        if "saying" in result:
            print(("口诀: " if zh else "Saying: ") + result["saying"])
        for key in ("deal", "dora_indicator"):
            if key in result:
                print(result[key]["explain_zh"] if zh else result[key]["explain_en"])
    elif kind == "draw":
        verdict = ("荒庄" if zh else "drawn hand") if result["draw"] else ("继续" if zh else "play on")
        print(f"{verdict}: {result['rule_zh'] if zh else result['rule_en']}")
        if result.get("auto_win"):
            print(result["auto_win_zh"] if zh else result["auto_win_en"])
    elif kind == "next-dealer":
        print(("下一盘庄家: " if zh else "Next dealer: ") + result["next_dealer"])
    elif kind == "wind":
        print(("每盘风圈: " if zh else "Prevalent wind per hand: ")
              + " ".join(result["prevalent_before_each_hand"]))
        print(("之后: " if zh else "Then: ") + f"{result['prevalent_after_last']}, "
              + ("庄家 " if zh else "dealer ") + result["next_dealer"])
    elif kind == "claim":
        takes = result["takes"]
        print(", ".join(f"{s}: {text('claim.' + c, args.lang) if 'claim.' + c in TEXT else c}"
                        for s, c in takes.items()) or ("无人要牌" if zh else "nobody"))
    elif kind == "liable":
        rows = [f"{s} ← {v['seat']} ({v['rule']})" for s, v in result["liable"].items()]
        print("\n".join(rows) or ("无人包牌" if zh else "nobody is liable"))
    elif kind == "pass-lock":
        print(" ".join("✓" if ok else "✗" for ok in result["try_win_results"]))
    elif kind == "exchange":
        for seat, tiles in result["received"].items():
            print(f"{seat} {'收到' if zh else 'receives'}: {' '.join(tiles)}")
    elif kind == "dora":
        print(("宝牌: " if zh else "Dora: ") + result["dora"])
    elif kind == "charleston":
        for seat, tiles in result["hands"].items():
            print(f"{seat}: {' '.join(tiles)}")
    elif kind == "charleston-advice":
        print(("传出: " if zh else "Pass: ") + " ".join(result["pass"]))
    elif kind == "wild":
        print(result["explain_zh"] if zh else result["explain_en"])
        if "stand_in" in result:
            print(("白板代替: " if zh else "白板 stands for: ") + result["stand_in"]["as"])
    elif kind == "kong-tile":
        print(result["explain_zh"] if zh else result["explain_en"])
    elif kind == "seats":
        print(result["explain_zh"] if zh else result["explain_en"])
    elif kind == "exchange-advice":
        print(("换出: " if zh else "Pass: ") + " ".join(result["pass"]))
        print(("定缺: " if zh else "Give up the suit: ") + result["void_suit"])
    else:
        print("\n".join(score_lines(result, args.lang)))
    return 0
