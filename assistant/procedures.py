"""Table procedures of the variants: dice → wall and stack, when a hand is drawn, who deals next,
the prevalent wind, the passed-win lock, claim resolution, and settling a drawn hand's kongs.

Plain functions driven by the profile's data (``dice``, ``wall_stacks``, ``wall_direction``,
``huangzhuang_stacks`` or ``dead_wall_stacks``, ``tiles_108``), so every variant shares them.

>>> from assistant.variants import get_profile
>>> r = dice_start(get_profile("shaanxi"), "E", [6, 7])
>>> r["wall_seat"], r["skip_stacks"], r["stacks_left_in_wall"], r["saying"]
('S', 13, 4, '五八（七六）十三，两把抓干')
>>> dead_wall_tiles(get_profile("xian"), 1), next_dealer("E", ["S"])
(14, 'S')
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .analysis import analyze_state
from .claims import resolve, turn_distance
from .errors import MahjongError
from .legality import claim_kinds, closed_to_claims
from .profile import RuleProfile
from .scoring.items import item
from .scoring.settlement import Ledger
from .scoring.table import KONG_KINDS, check_seat, next_seat, seat_winds
from .tiles import DRAGONS, WINDS, check_code
from .variants import COUNTS_DORA, DRAW_SETTLERS, KONG_SETTLERS, read_variant_table

_SEAT_NAMES = {0: ("自己", "the dealer's own wall"), 1: ("下家", "the dealer's 下家 (next seat)"),
               2: ("对家", "the seat opposite the dealer"), 3: ("上家", "the dealer's 上家 "
                                                              "(previous seat)")}


def _seat(value: Any, what: str) -> str:
    if value not in WINDS:
        raise MahjongError(f"{what} must be a seat wind E S W N, got {value!r}", value)
    return value


def _throw_total(throw: Any, dice: int, what: str) -> int:
    """A throw given as its total or as the list of its dice (each 1-6)."""
    if isinstance(throw, (list, tuple)):
        if len(throw) != dice or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6
                                     for d in throw):
            raise MahjongError(f"{what}: {dice} dice of 1-6 expected, got {list(throw)!r}", throw)
        return sum(throw)
    if isinstance(throw, bool) or not isinstance(throw, int) or not dice <= throw <= 6 * dice:
        raise MahjongError(f"{what}: a throw of {dice} dice totals {dice}-{6 * dice}, got {throw!r}",
                           throw)
    return throw


def wall_stacks(profile: RuleProfile, owner: str, dealer: str) -> int:
    """Stacks (墩) in the wall in front of ``owner``: 17, 18 with flowers, or the 108-tile layout."""
    if profile.extra.get("tiles_108"):
        layout = profile.option("walls_108")
        return layout[(WINDS.index(owner) - WINDS.index(dealer)) % len(layout)]
    if profile.extra.get("flowers"):
        return 18
    return int(profile.extra.get("wall_stacks", 17))


def _beyond(profile: RuleProfile, owner: str) -> str:
    """The wall the deal runs into after ``owner``'s: his 下家's (counterclockwise) or 上家's
    (a wall a player: three walls at a table of three)."""
    seats = seat_winds(profile)
    return next_seat(owner, 1 if profile.extra.get("wall_direction") == "counterclockwise"
                     else len(seats) - 1, seats)


#: How a variant throws the dice: (throws, dice per throw, what the skip is, description).
DICE_MODES: dict[str, tuple[int, int, str]] = {
    "two_throws": (2, 2, "two throws of two dice (the dealer's, then the wall owner's); both "
                         "totals added are the stacks skipped"),
    "three_dice": (1, 3, "one throw of three dice: it picks the wall and is the count"),
    "one_throw": (1, 2, "one throw of two dice: it picks the wall and is the count"),
    "second_throw": (2, 2, "two throws of two dice: the dealer's picks the second thrower, whose "
                           "throw alone is the stacks skipped (掷6点，下家掷11点，从下家第12墩开始)"),
    "sum_and_smaller": (1, 2, "one throw of two dice: the total picks the wall, the smaller die "
                              "the stack to start on (4+5 = 九自手: own wall, the 4th stack)"),
}


def dice_start(profile: RuleProfile, dealer: str, throws: list[Any]) -> dict[str, Any]:
    """Which wall is opened and after how many stacks the dealer starts taking tiles, by the
    variant's way of throwing (:data:`DICE_MODES`): Shaanxi and Xi'an two throws added,
    Guangdong one throw of three dice, Sichuan one of two, the 南京 notes' second throw alone or
    九自手 (the smaller die)."""
    seats = seat_winds(profile)
    dealer = check_seat(_seat(dealer, "dealer"), "dealer", seats)
    mode = profile.extra.get("dice", "three_dice")
    count, dice, rule = DICE_MODES[mode]
    if not isinstance(throws, (list, tuple)) or len(throws) != count:
        raise MahjongError(f"variant {profile.name!r} throws {rule}; got {throws!r}", throws)
    if mode == "sum_and_smaller" and not isinstance(throws[0], (list, tuple)):
        raise MahjongError("九自手 needs both dice (e.g. 4,5), not only their total", throws[0])
    totals = [_throw_total(t, dice, f"throw {k + 1}") for k, t in enumerate(throws)]
    first = totals[0]
    # The count goes round the seats present: at a table of three 3 is the 上家 and 4 the dealer.
    offset = (first - 1) % len(seats)
    wall = next_seat(dealer, offset, seats)
    if mode == "sum_and_smaller":
        skip = min(throws[0]) - 1
    else:
        skip = {"two_throws": sum(totals), "second_throw": totals[-1]}.get(mode, first)
    two = count == 2
    if profile.extra.get("break_after_count") is False:
        skip -= 1  # the dealer starts on the counted stack, not after it
    start, left_to_skip = wall, skip
    while left_to_skip >= wall_stacks(profile, start, dealer):
        left_to_skip -= wall_stacks(profile, start, dealer)
        start = _beyond(profile, start)
    stacks = wall_stacks(profile, wall, dealer)
    left = max(0, stacks - skip)
    zh, en = _SEAT_NAMES[3 if offset == len(seats) - 1 and offset else offset]
    out: dict[str, Any] = {
        "variant": profile.name, "dealer": dealer, "throws": totals, "wall_seat": wall,
        "wall_zh": zh, "wall_en": en, "skip_stacks": skip, "wall_stacks": stacks,
        "start_wall_seat": start, "skip_in_start_wall": left_to_skip,
        "stacks_left_in_wall": left, "grabs_from_wall": left // 2,
        "direction": profile.extra.get("wall_direction"),
    }
    if two:
        out["second_thrower"] = wall
    out.update(_deal_and_tail(profile, dealer, start, left_to_skip))
    saying = profile.extra.get("dice_sayings", {}).get(skip)
    if saying and stacks == 17:
        out["saying"] = saying
    out["explain_en"] = (f"open {wall}'s wall ({en}); skip {skip} stacks"
                         + (f" ({left_to_skip} into {start}'s wall)" if start != wall else
                            f", {left} stacks of it left") + "; the dealer takes the next two stacks")
    out["explain_zh"] = (f"从{zh}（{wall}）门前开牌，跳过{skip}墩"
                         + (f"（转入{start}家{left_to_skip}墩）" if start != wall else
                            f"，该墙余{left}墩") + "，庄家抓其后两墩")
    return out


def _before(profile: RuleProfile, owner: str) -> str:
    """The wall before ``owner``'s in the deal's direction (the inverse of :func:`_beyond`)."""
    return next_seat(owner, 3 if profile.extra.get("wall_direction") == "counterclockwise" else 1)


def _stack_at(profile: RuleProfile, dealer: str, wall: str, index: int,
              steps: int) -> tuple[str, int]:
    """The stack ``steps`` stacks on (back, when negative) from stack ``index`` (0-based, counted
    the way the dice count) of ``wall``'s wall, as (wall, index)."""
    index += steps
    while index >= wall_stacks(profile, wall, dealer):
        index -= wall_stacks(profile, wall, dealer)
        wall = _beyond(profile, wall)
    while index < 0:
        wall = _before(profile, wall)
        index += wall_stacks(profile, wall, dealer)
    return wall, index


#: The end of the deal after three rounds of two stacks each, by variant (stack offsets from the
#: first stack taken, 0-based; "upper"/"lower" tile): the dealer's two tiles, then one each.
DEAL_FINISHES: dict[str, tuple[tuple[int, str], ...]] = {
    # 广东 跳牌(隔一墩)抓上層两牌: the dealer takes the upper tiles of the 1st and 3rd stacks left.
    "jump": ((0, "upper"), (2, "upper"), (0, "lower"), (1, "upper"), (1, "lower")),
    # 西安 上面相邻的两张: the upper tiles of the next two stacks; the others one each in order.
    "two_tops": ((0, "upper"), (1, "upper"), (0, "lower"), (1, "lower"), (2, "upper")),
}
_LAYER_ZH = {"upper": "上层", "lower": "下层"}


def _deal_and_tail(profile: RuleProfile, dealer: str, start: str, skip: int) -> dict[str, Any]:
    """Where each grab of the deal comes from (three rounds of two stacks a seat, then the
    variant's finish: 跳牌), the next tile drawn, and the wall's tail (杠尾): the last stack, where
    kong replacements come from, and the 宝牌 indicator (扛尾倒数第三墩上层) where 宝牌 count."""
    def at(steps: int, layer: str | None = None) -> dict[str, Any]:
        wall, index = _stack_at(profile, dealer, start, skip, steps)
        spot: dict[str, Any] = {"wall_seat": wall, "stack": index + 1}
        if layer:
            spot["layer"] = layer
        return spot

    out: dict[str, Any] = {}
    finish = profile.extra.get("deal_finish")
    if finish in DEAL_FINISHES:
        grabs = []
        for rnd in range(3):
            for k in range(4):
                first = 8 * rnd + 2 * k
                grabs.append({"seat": next_seat(dealer, k), "round": rnd + 1, "tiles": 4,
                              "stacks": [at(first), at(first + 1)]})
        takers = [dealer, dealer, next_seat(dealer, 1), next_seat(dealer, 2), next_seat(dealer, 3)]
        taken: set[tuple[int, str]] = set()
        for seat, (offset, layer) in zip(takers, DEAL_FINISHES[finish], strict=True):
            grabs.append({"seat": seat, "round": 4, "tiles": 1, "stacks": [at(24 + offset, layer)]})
            taken.add((offset, layer))
        following = next((o, la) for o in range(4) for la in ("upper", "lower")
                         if (o, la) not in taken)
        own = [g["stacks"][0] for g in grabs[12:14]]
        where = [f"{o['wall_seat']}{o['stack']}" for o in own]
        out["deal"] = {"finish": finish, "grabs": grabs,
                       "next_draw": at(24 + following[0], following[1]),
                       "hands": {s: sum(g["tiles"] for g in grabs if g["seat"] == s)
                                 for s in WINDS},
                       "explain_zh": "每家三轮各抓两墩（四张）；然后庄家"
                                     f"{'跳牌（隔一墩）' if finish == 'jump' else ''}抓{where[0]}墩、"
                                     f"{where[1]}墩的上层两张，其余三家依次各抓一张：庄家14张，其余各13张",
                       "explain_en": f"three rounds of two stacks (four tiles) each; then the dealer "
                                     f"{'jumps a stack (跳牌) and ' if finish == 'jump' else ''}takes "
                                     f"the upper tiles of stacks {where[0]} and {where[1]}, the "
                                     "others one tile each in turn: the dealer 14, the others 13"}
    tail = at(-1)
    out["kong_end"] = tail
    if profile.name in COUNTS_DORA:
        out["dora_indicator"] = at(-3, "upper")
        spot = out["dora_indicator"]
        out["dora_indicator"]["explain_zh"] = (f"扛尾倒数第三墩上层：{spot['wall_seat']}家牌墙第"
                                               f"{spot['stack']}墩上层那张")
        out["dora_indicator"]["explain_en"] = (f"the upper tile of the third stack from the kong "
                                               f"end (扛尾倒数第三墩上层): {spot['wall_seat']}'s wall, "
                                               f"stack {spot['stack']}")
    return out


def kong_replacement_tile(profile: RuleProfile, kind: str) -> dict[str, Any]:
    """Which tile replaces a kong: from the last stack of the wall (杠尾), the upper or the lower
    tile by the kong's kind where the variant says so (西安: 明杠上面，暗杠下面)."""
    if kind not in KONG_KINDS:
        raise MahjongError(f"a kong is one of {', '.join(KONG_KINDS)}, got {kind!r}", kind)
    kind = KONG_KINDS[kind]
    layer = (profile.extra.get("kong_replacement_layer") or {}).get(kind)
    out: dict[str, Any] = {"variant": profile.name, "kind": kind, "from": "kong_end",
                           "layer": layer}
    if layer:
        which = "明杠" if kind != "an" else "暗杠"
        out["explain_zh"] = f"从牌墙最后一墩（杠尾）补一张：{which}取{_LAYER_ZH[layer]}"
        out["explain_en"] = (f"replace from the wall's last stack (杠尾): the {layer} tile for "
                             f"{'an exposed' if kind != 'an' else 'a concealed'} kong "
                             "(明杠上面，暗杠下面)")
    else:
        out["explain_zh"] = "从牌墙最后一墩（杠尾）补一张；本规则没有规定取上层还是下层"
        out["explain_en"] = ("replace from the wall's last stack (杠尾); this variant's rules do "
                             "not say which of its two tiles")
    return out


#: 西安's ways of drawing seats (seed 002, 三.2); 东，西，南，北 is the seed's order for B.
SEAT_METHODS = {"A": ("任意一人掷骰，从掷骰者（算1）逆时针数到点数，该位为东",
                      "one throw: count from the thrower (1) in turn order; that place is East"),
                "B": ("每人各掷一次，点数由大到小依次为东、西、南、北",
                      "everyone throws: from the highest total down, 东, 西, 南, 北"),
                "C": ("东南西北四张牌扣放，掷骰定谁先摸，摸到哪张坐哪方",
                      "the four winds face down: the throw picks who draws first; each sits "
                      "where his tile says")}
_B_ORDER = ("E", "W", "S", "N")


def seat_draw(profile: RuleProfile, throws: list[Any], drawn: list[Any] | None = None,
              method: str | None = None) -> dict[str, Any]:
    """The wind of each place at the table before the first hand (places 1-4 in turn order, 1
    the thrower), by the variant's ``seat_method`` or ``method``: A one throw counted to East, B
    everyone's throw ranked (ties throw again), C the winds drawn, the throw picking who draws
    first. East deals first."""
    method = method or profile.extra.get("seat_method")
    if method not in SEAT_METHODS:
        raise MahjongError(f"variant {profile.name!r} has no way of drawing seats; choose a "
                           f"method: {', '.join(SEAT_METHODS)}", "method")
    drawn = list(drawn or [])
    if method in ("A", "C"):
        if len(throws) != 1:
            raise MahjongError(f"seats by method {method}: one throw of two dice, got {throws!r}",
                               "throws")
        total = _throw_total(throws[0], 2, "the throw")
        first = (total - 1) % 4 + 1  # counted from the thrower, place 1
        if method == "A":
            winds = {p: WINDS[(p - first) % 4] for p in range(1, 5)}
        else:
            if sorted(drawn) != sorted(WINDS) or len(drawn) != 4:
                raise MahjongError("seats by method C: give the wind tile each place drew, four "
                                   "different winds E S W N, from the first drawer on", "drawn")
            winds = {(first - 1 + k) % 4 + 1: drawn[k] for k in range(4)}
    else:
        if len(throws) != 4:
            raise MahjongError("seats by method B: four throws, one per place in turn order",
                               "throws")
        totals = [_throw_total(t, 2, f"place {k + 1}'s throw") for k, t in enumerate(throws)]
        tied = sorted({t for t in totals if totals.count(t) > 1})
        if tied:
            places = [k + 1 for k, t in enumerate(totals) if t in tied]
            raise MahjongError(f"seats by method B: places {places} tie at {tied}; they throw "
                               "again", "throws")
        ranked = sorted(range(4), key=lambda k: -totals[k])
        winds = {ranked[k] + 1: _B_ORDER[k] for k in range(4)}
    east = next(p for p, w in winds.items() if w == "E")
    zh, en = SEAT_METHODS[method]
    return {"variant": profile.name, "method": method, "seats": {str(p): winds[p]
                                                                 for p in sorted(winds)},
            "dealer_place": east, "rule_zh": zh, "rule_en": en,
            "explain_zh": f"方法{method}：" + "，".join(f"{p}号位{winds[p]}" for p in sorted(winds))
                          + f"；{east}号位坐东，先坐庄",
            "explain_en": f"method {method}: " + ", ".join(f"place {p} {winds[p]}"
                                                          for p in sorted(winds))
                          + f"; place {east} is East and deals first"}


def _kongs_made(kongs: Any) -> int:
    if isinstance(kongs, bool) or not isinstance(kongs, int) or kongs < 0:
        raise MahjongError(f"the number of kongs made must be a whole number from 0, got {kongs!r}",
                           kongs)
    return kongs


def dead_wall_tiles(profile: RuleProfile, kongs: int) -> int:
    """Tiles still in the wall when the hand is drawn (荒庄): by kong count, or 0 (to the last)."""
    kongs = _kongs_made(kongs)
    if profile.extra.get("tiles_108"):
        return 0
    table = profile.extra.get("huangzhuang_stacks")
    if table:
        key = max(k for k in table if k <= kongs)
        return 2 * table[key]
    return 2 * int(profile.extra.get("dead_wall_stacks", 0))


def is_draw(profile: RuleProfile, kongs: int, tiles_left: int) -> dict[str, Any]:
    """Whether the hand is drawn with ``tiles_left`` tiles in the wall and ``kongs`` kongs made."""
    if isinstance(tiles_left, bool) or not isinstance(tiles_left, int) or tiles_left < 0:
        raise MahjongError(f"tiles left must be a whole number from 0, got {tiles_left!r}", tiles_left)
    dead = dead_wall_tiles(profile, kongs)
    draw = tiles_left <= dead
    when_en = (f"when {dead} tiles ({dead // 2} stacks) are left" if dead else
               "when the last tile has been drawn and discarded without a win")
    when_zh = f"剩{dead // 2}墩（{dead}张）时荒庄" if dead else "摸完最后一张且无人和牌时流局"
    out = {"variant": profile.name, "kongs": kongs, "tiles_left": tiles_left,
           "dead_wall_tiles": dead, "draw": draw, "rule_en": f"the hand is drawn {when_en}",
           "rule_zh": when_zh}
    last = profile.extra.get("auto_win_tiles")
    if last:
        auto = not draw and tiles_left <= last
        out["auto_win"] = auto
        out["auto_win_en"] = (f"the last {last} tiles (最后{last}张自动和): a ready seat that draws "
                              "its winning tile wins at once; it may not pass"
                              + ("" if auto else f" (from {last} tiles left)"))
        out["auto_win_zh"] = (f"最后{last}张自动和：听牌的一家摸到他和的牌，立即和牌，不能不和"
                              + ("" if auto else f"（剩{last}张起）"))
    return out


def next_dealer(dealer: str, winners: list[str], profile: RuleProfile | None = None,
                discarder: str | None = None) -> str:
    """The dealer keeps the deal when he wins (alone or with others) or the hand is drawn;
    otherwise the deal passes to his 下家 (at a table of three West's 下家 is East). Sichuan (its
    ``next_dealer`` option): the first winner deals, or the discarder whose discard made several
    winners; 百张 and 推倒和 (``rotate``, 轮庄): the deal passes every hand. Several winners where
    the variant has one (截和) are refused.

    >>> from assistant.variants import get_profile
    >>> next_dealer("W", ["E"], get_profile("riichi_sanma")), next_dealer("W", ["E"])
    ('E', 'N')
    """
    seats = seat_winds(profile)
    dealer = check_seat(_seat(dealer, "dealer"), "dealer", seats)
    if not isinstance(winners, list):
        raise MahjongError("winners must be a list of seat winds", winners)
    for w in winners:
        check_seat(_seat(w, "a winner"), "a winner", seats)
    if profile is not None and len(winners) > 1 and not profile.multiple_winners:
        raise MahjongError(f"variant {profile.name!r} has one winner per discard (截和): the "
                           "nearest seat in turn order wins, so winners lists only one", winners)
    rule = profile.extra.get("next_dealer") if profile is not None else None
    if rule == "rotate":
        return next_seat(dealer, seats=seats)
    if rule is not None and winners:
        if rule == "discarder_on_multiple" and len(winners) > 1 and discarder is not None:
            return _seat(discarder, "discarder")
        return winners[0]
    return dealer if not winners or dealer in winners else next_seat(dealer, seats=seats)


#: 换三张: where each seat's three tiles go, by direction (turn order E → S → W → N is the
#: seeds' 逆时针: counterclockwise passes to the 下家).
EXCHANGE_STEPS = {"counterclockwise": 1, "opposite": 2, "clockwise": 3}


def exchange_three(profile: RuleProfile, passes: Any, direction: str | None = None) -> dict[str, Any]:
    """换三张: each seat passes three tiles of one suit; returns what each seat receives. At a
    table of three (成都 三人) the seats are E S W and no seat sits opposite.

    >>> from assistant.variants import get_profile
    >>> three = get_profile("sichuan", {"players": 3})
    >>> exchange_three(three, {"E": ["1m"] * 3, "S": ["2p"] * 3, "W": ["3s"] * 3},
    ...                "counterclockwise")["received"]
    {'E': ['3s', '3s', '3s'], 'S': ['1m', '1m', '1m'], 'W': ['2p', '2p', '2p']}
    """
    direction = direction or profile.extra.get("exchange_three", "none")
    seats = seat_winds(profile)
    if direction not in EXCHANGE_STEPS:
        raise MahjongError(f"换三张: the direction is one of {', '.join(EXCHANGE_STEPS)}, got "
                           f"{direction!r} (this table plays exchange_three = "
                           f"{profile.extra.get('exchange_three', 'none')!r})", direction)
    if len(seats) == 3 and direction == "opposite":
        raise MahjongError("换三张: at a table of three nobody sits opposite; pass clockwise or "
                           "counterclockwise", direction)
    if not isinstance(passes, dict) or set(passes) != set(seats):
        if len(seats) == 3:
            raise MahjongError("换三张: give the three tiles of each seat E S W (a table of "
                               "three)", "passes")
        raise MahjongError("换三张: give the three tiles of each seat E S W N", "passes")
    received: dict[str, list[str]] = {}
    for seat, tiles in passes.items():
        if not isinstance(tiles, list) or len(tiles) != 3:
            raise MahjongError(f"换三张: seat {seat} passes three tiles", seat)
        codes = [check_code(t) for t in tiles]
        if len({t[1] for t in codes}) != 1 or not all(len(t) == 2 and t[1] in "mps" for t in codes):
            raise MahjongError(f"换三张: seat {seat}'s three tiles must be of one suit", seat)
        step = EXCHANGE_STEPS[direction] if direction != "clockwise" else len(seats) - 1
        if len(seats) == 2:  # two players: the other seat is every direction's
            step = 1
        received[next_seat(seat, step, seats)] = codes
    return {"direction": direction, "received": {s: received[s] for s in seats}}


def exchange_advice(tiles: list[str]) -> dict[str, Any]:
    """Which three tiles to pass at 换三张 and which suit to give up at 定缺: the suit held least
    (of those with three tiles or more), and of it the three whose loss costs the rest least;
    then the suit held least after the pass.

    >>> from assistant.tiles import parse_tiles
    >>> exchange_advice(parse_tiles("1239m45p1235789s"))
    {'pass': ['9m', '1m', '2m'], 'suit': 'm', 'void_suit': 'm'}
    """
    from .shanten import shanten
    from .tiles import to_counts

    codes = [check_code(t) for t in tiles]
    by_suit = {s: [t for t in codes if t.endswith(s) and len(t) == 2] for s in "mps"}
    candidates = [s for s in "mps" if len(by_suit[s]) >= 3]
    if not candidates:
        raise MahjongError("换三张 needs three tiles of one suit in the hand", "tiles")
    suit = min(candidates, key=lambda s: (len(by_suit[s]), s))
    chosen: list[str] = []
    rest = list(codes)
    for _ in range(3):
        options = [t for t in dict.fromkeys(by_suit[suit]) if t in rest]
        best = min(options, key=lambda t: (shanten(to_counts(_without(rest, t))), t))
        chosen.append(best)
        rest.remove(best)
        by_suit[suit].remove(best)
    left = {s: sum(1 for t in rest if t.endswith(s) and len(t) == 2) for s in "mps"}
    return {"pass": chosen, "suit": suit, "void_suit": min("mps", key=lambda s: (left[s], s))}


def _without(tiles: list[str], tile: str) -> list[str]:
    out = list(tiles)
    out.remove(tile)
    return out


def wind_rounds(first_dealer: str, hands: list[dict[str, Any]], reseat_after: int | None = None,
                base: int = 1, base_step: int = 0) -> dict[str, Any]:
    """The prevalent wind (风圈) before each hand: East first; a round ends when the deal passes
    on from the round's fourth dealer (back to the first dealer), then E → S → W → N. Also the
    连庄 count before each hand (hands the dealer has kept in a row: 十六张's ``table.streak``).

    The 17-tile note: "如果庄家连庄则还是此位玩家当庄底数增加" — the base before each hand is
    ``base + base_step × 连庄`` (``base_before_each_hand``); "连庄四把之后四位玩家重新排定位置" — with
    ``reseat_after`` (4), once the dealer has kept the deal that many times the players draw
    their seats again before the next hand (``reseat_before_each_hand``), East deals it and the
    count starts again.

    >>> wind_rounds("E", [{"winners": ["E"]}, {"winners": []}, {"winners": ["S"]}])["streak_before_each_hand"]
    [0, 1, 2]
    """
    dealer = _seat(first_dealer, "first_dealer")
    for name, value, low in (("reseat_after", reseat_after, 1), ("base", base, 0),
                             ("base_step", base_step, 0)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not low <= value <= 10000):
            raise MahjongError(f"{name} must be a whole number from {low} to 10000, got "
                               f"{value!r}", name)
    if len(hands) > 1000:
        raise MahjongError(f"at most 1000 hands, got {len(hands)}", "hands")
    prevalent = 0
    before = []
    streaks: list[int] = []
    reseats: list[bool] = []
    streak = 0
    reseat = False
    for k, hand in enumerate(hands):
        if not isinstance(hand, dict):
            raise MahjongError(f"hand {k + 1} must be an object with dealer and winners", hand)
        if hand.get("dealer", dealer) != dealer:
            raise MahjongError(f"hand {k + 1}: the dealer should be {dealer}, got "
                               f"{hand.get('dealer')!r}", hand.get("dealer"))
        before.append(WINDS[prevalent % 4])
        streaks.append(streak)
        reseats.append(reseat)
        following = next_dealer(dealer, hand.get("winners") or [])
        if following != dealer and following == first_dealer:
            prevalent += 1
        streak = streak + 1 if following == dealer else 0
        reseat = reseat_after is not None and streak >= reseat_after
        if reseat:  # 重新排定位置: the players draw seats again, East deals, no streak
            following, streak = "E", 0
        dealer = following
    out = {"prevalent_before_each_hand": before, "prevalent_after_last": WINDS[prevalent % 4],
           "next_dealer": dealer, "rounds_completed": prevalent,
           "streak_before_each_hand": streaks, "streak_after_last": streak}
    if base_step:
        out["base_before_each_hand"] = [base + base_step * n for n in streaks]
    if reseat_after is not None:
        out["reseat_before_each_hand"] = reseats
        out["reseat_before_next"] = reseat
    return out


def pass_lock(events: list[Any], scope: str = "same_tile") -> dict[str, Any]:
    """Replay seat events and say whether each ``try_win`` is allowed (过手不和).

    Events are ``[seat, action, tile]``: ``pass_win`` (the seat could win on ``tile`` and did
    not: locked on that tile, or on every discard with ``scope = "any_tile"``), ``try_win``, and
    ``draw``/``chow``/``pung``/``kong`` (动牌: the seat's lock ends). ``discard`` changes nothing.
    """
    if scope not in ("same_tile", "any_tile"):
        raise MahjongError(f"pass-lock scope is same_tile or any_tile, got {scope!r}", scope)
    locked: dict[str, set[str]] = {}
    results: list[bool] = []
    for k, event in enumerate(events):
        if not isinstance(event, (list, tuple)) or len(event) != 3:
            raise MahjongError(f"event {k + 1} must be [seat, action, tile]", event)
        seat, action, tile = event
        _seat(seat, f"event {k + 1}")
        if tile is not None:
            check_code(tile)
        if action == "pass_win":
            locked.setdefault(seat, set()).add(tile if scope == "same_tile" else "*")
        elif action == "try_win":
            held = locked.get(seat, set())
            results.append(tile not in held and "*" not in held)
        elif action in ("draw", "chow", "pung", "kong"):
            locked.pop(seat, None)
        elif action != "discard":
            raise MahjongError(f"event {k + 1}: unknown action {action!r}", action)
    return {"try_win_results": results, "locked": {s: sorted(t) for s, t in locked.items() if t}}


def liabilities(profile: RuleProfile, claims: list[Any]) -> dict[str, dict[str, str]]:
    """Who is liable (包自摸) for whom, from the hand's claims in order (Guangdong).

    Each claim is ``{"seat", "claim": chow|pung|kong, "tile", "from"}``. The discarder who gives a
    seat its 4th exposed set (十二张落地) is liable for that seat's self-draw, but only for the
    first such seat (包先不包后); the discarder of the 4th wind set (大四喜) or the 3rd dragon set
    (大三元) of a seat whose others are exposed is liable too, and that liability comes first.
    The result is what ``table.liable`` of each seat's win should say.
    """
    sets: Counter[str] = Counter()
    big: dict[str, Counter[str]] = {"winds": Counter(), "dragons": Counter()}
    liable: dict[str, dict[str, str]] = {}
    twelve_given: set[str] = set()
    for k, c in enumerate(claims):
        if not isinstance(c, dict) or c.get("claim") not in ("chow", "pung", "kong"):
            raise MahjongError(f"claim {k + 1} must be {{\"seat\", \"claim\": chow|pung|kong, "
                               f"\"tile\", \"from\"}}, got {c!r}", c)
        seat, source = _seat(c.get("seat"), f"claim {k + 1} seat"), _seat(c.get("from"),
                                                                          f"claim {k + 1} from")
        if seat == source:
            raise MahjongError(f"claim {k + 1}: a seat cannot claim its own discard", seat)
        tile = check_code(c.get("tile"))
        if c["claim"] == "chow" and next_seat(source) != seat:
            raise MahjongError(f"claim {k + 1}: seat {seat} chows only the discard of its 上家 "
                               f"{next_seat(seat, 3)}, not of {source}", source)
        sets[seat] += 1
        if profile.extra.get("big_hand_liability") and c["claim"] != "chow":
            for group, tiles, size in (("winds", WINDS, 4), ("dragons", DRAGONS, 3)):
                if tile in tiles:
                    big[group][seat] += 1
                    if big[group][seat] == size:
                        liable[seat] = {"seat": source, "rule": "big_hand_liability"}
        if (profile.extra.get("twelve_down_liability") and sets[seat] == 4 and seat not in liable
                and source not in twelve_given):
            liable[seat] = {"seat": source, "rule": "twelve_down_liability"}
            twelve_given.add(source)
    return liable


_CLAIMS = ("win", "kong", "zhi_kong", "pung", "chow")


def resolve_declared(profile: RuleProfile, discarder: str, declared: dict[str, str]) -> dict[str, str]:
    """Who takes a discard, given what each seat declares: ``{seat: claim}`` of the winners (all
    of them with several winners allowed, else the nearest) or of the one seat that takes it.

    A claim the variant does not let that seat make (:func:`assistant.legality.claim_kinds`: a
    chow by any seat but the discarder's 下家 or where chows are not played, any set where
    discards are never claimed) is refused, naming the rule: a table that records it has a
    wrong record, and dropping it would hide that.
    """
    at_table = seat_winds(profile)
    discarder = check_seat(_seat(discarder, "discarder"), "discarder", at_table)
    seats: dict[str, dict[str, Any]] = {}
    for seat, claim in declared.items():
        check_seat(_seat(seat, "a claiming seat"), "a claiming seat", at_table)
        if seat == discarder:
            raise MahjongError(f"seat {seat} discarded the tile and cannot claim it", seat)
        if claim not in _CLAIMS:
            raise MahjongError(f"seat {seat}: a claim is one of {', '.join(_CLAIMS)}, got {claim!r}",
                               claim)
        kinds = claim_kinds(profile, next_seat(discarder, seats=at_table) == seat)
        _check_claim_kind(profile, discarder, seat, claim, kinds, at_table)
        seats[seat] = {"win": claim == "win",
                       "kong": claim in ("kong", "zhi_kong"),
                       "pung": claim == "pung",
                       "chows": [[claim]] if claim == "chow" else [],
                       "distance": turn_distance(discarder, seat, at_table)}
    outcome = resolve(seats, profile)
    if outcome["winners"]:
        return dict.fromkeys(outcome["winners"], "win")
    taken = outcome["claim"]
    return {taken["seat"]: declared[taken["seat"]]} if taken else {}


def _check_claim_kind(profile: RuleProfile, discarder: str, seat: str, claim: str,
                      kinds: tuple[str, ...], at_table: tuple[str, ...]) -> None:
    """Refuse a declared set the variant does not let ``seat`` make with the discard, naming the
    rule (:func:`assistant.legality.claim_kinds` decides)."""
    kind = "kong" if claim == "zhi_kong" else claim
    if kind == "win" or kind in kinds:
        return
    if closed_to_claims(profile):
        raise MahjongError(f"seat {seat} cannot {kind} the discard of seat {discarder}: two "
                           "players at a 成都 table never claim a discard (两人麻将：不能吃、碰，"
                           "打出的牌背面向上)", claim)
    if not profile.chow_allowed:
        raise MahjongError(f"seat {seat} cannot chow: variant {profile.name!r} does not allow "
                           "chows", claim)
    raise MahjongError(f"seat {seat} cannot chow the discard of seat {discarder}: only the "
                       f"discarder's 下家 (seat {next_seat(discarder, seats=at_table)}) may chow",
                       claim)


def settle_draw(profile: RuleProfile, table_data: dict[str, Any] | None) -> dict[str, Any]:
    """A drawn hand (荒庄): nobody wins; the kongs' payments stand where the variant says so
    (``kongs_stand_on_draw``); a variant without kong money settles nothing. Where the variant
    settles the draw itself (Sichuan 查花猪, 查大叫), ``hands`` gives each seat's hand."""
    data = dict(table_data or {})
    hands = data.pop("hands", None)
    draw_settler = DRAW_SETTLERS.get(profile.name)
    if hands is not None and (draw_settler is None or not isinstance(hands, dict)):
        raise MahjongError("'hands' of a drawn hand is read only by a variant that settles the "
                           f"draw ({', '.join(DRAW_SETTLERS)}), as an object of seat -> hand",
                           "hands")
    table = read_variant_table(profile, data)
    ledger = Ledger(table.seats)
    items: list[dict[str, Any]] = [item("荒庄", "Drawn hand: nobody wins", 0, event="draw")]
    settler = KONG_SETTLERS.get(profile.name)
    if settler is not None and table.kongs:
        if profile.extra.get("kongs_stand_on_draw", False):
            for seat_items in settler(ledger, table, profile).values():
                items += seat_items
        else:
            items.append(item("杠分作废", "Kong payments cancelled in a drawn hand", 0,
                              event="draw"))
    if draw_settler is not None and hands is not None:
        items += draw_settler(profile, table, hands, ledger, analyze_state)
    return {"variant": profile.name, "outcome": "draw", "items": items, "total": 0,
            **ledger.to_json(), "assumed": table.assumed}


# --- Charleston (查理士顿), seed 003: "四家拿了牌后，依次序向下家、上家、对家换三张牌庄家有权再来一轮" ---

#: The passes of one round in order: to the 下家 (right), the 上家 (left), the 对家 (opposite).
CHARLESTON_PASSES = (("right", 1), ("left", 3), ("opposite", 2))


def charleston(hands: Any, passes: Any, second_round: bool = False) -> dict[str, Any]:
    """Play the Charleston: ``hands`` maps each seat to its dealt tiles, ``passes`` lists, pass by
    pass, the three tiles each seat gives; three passes (right, left, opposite), six when the
    dealer calls the second round. Returns the hands after each pass and at the end."""
    if not isinstance(hands, dict) or set(hands) != set(WINDS):
        raise MahjongError("查理士顿: give the dealt hand of each seat E S W N", "hands")
    held = {s: [check_code(t) for t in _tiles(hands[s], s)] for s in WINDS}
    order = CHARLESTON_PASSES * (2 if second_round else 1)
    if not isinstance(passes, list) or len(passes) != len(order):
        raise MahjongError(f"查理士顿: {len(order)} passes expected (right, left, opposite"
                           f"{', and again' if second_round else ''}), got "
                           f"{len(passes) if isinstance(passes, list) else passes!r}", "passes")
    steps = []
    for (direction, step), given in zip(order, passes, strict=True):
        if not isinstance(given, dict) or set(given) != set(WINDS):
            raise MahjongError(f"查理士顿 ({direction}): give the three tiles of each seat", "passes")
        moving: dict[str, list[str]] = {}
        for seat in WINDS:
            tiles = [check_code(t) for t in _tiles(given[seat], seat)]
            if len(tiles) != 3:
                raise MahjongError(f"查理士顿 ({direction}): seat {seat} passes three tiles", seat)
            left = list(held[seat])
            for t in tiles:
                if t not in left:
                    raise MahjongError(f"查理士顿 ({direction}): seat {seat} does not hold {t}", t)
                left.remove(t)
            held[seat] = left
            moving[next_seat(seat, step)] = tiles
        for seat in WINDS:
            held[seat] = held[seat] + moving[seat]
        steps.append({"direction": direction, "received": {s: moving[s] for s in WINDS}})
    return {"passes": steps, "hands": held}


def _links(tiles: list[str], tile: str) -> int:
    """Tiles held that could make a set with ``tile``: its copies, and suit tiles within two."""
    if tile[1:] not in ("m", "p", "s"):
        return tiles.count(tile)
    return sum(1 for t in tiles if t[1:] == tile[1:] and abs(int(t[0]) - int(tile[0])) <= 2)


def _tiles(value: Any, seat: str) -> list[str]:
    if not isinstance(value, list):
        raise MahjongError(f"查理士顿: seat {seat}'s tiles must be a list", seat)
    return value


def charleston_advice(tiles: list[str], hand_size: int = 13) -> dict[str, Any]:
    """Which three tiles to pass: one by one, the tile whose loss leaves the best shanten, then
    the one with the fewest neighbours held (copies, or a suit tile within two), then the one
    leaving the most tiles that would improve the rest; ``reasons`` says why each, in Chinese
    and English (``hand_size``: 13, or 16 for 十六张).

    >>> from assistant.tiles import parse_tiles
    >>> charleston_advice(parse_tiles("123m456p789s11sEWC"))["pass"]
    ['C', 'E', 'W']
    """
    from .shanten import shanten
    from .tiles import to_counts
    from .waits import Rules, helpful_draws

    rest = [check_code(t) for t in tiles]
    if len(rest) not in (hand_size, hand_size + 1):
        raise MahjongError(f"查理士顿: the advice needs a dealt hand of {hand_size} or "
                           f"{hand_size + 1} tiles", "tiles")
    chosen: list[str] = []
    reasons: list[dict[str, Any]] = []
    for _ in range(3):
        def cost(t: str) -> tuple[int, int, int, str]:
            kept = _without(rest, t)
            counts = to_counts(kept)
            useful = helpful_draws(counts, 0, Rules())[1] if len(kept) % 3 == 1 else []
            return shanten(counts), _links(kept, t), -len(useful), t
        best = min(dict.fromkeys(rest), key=cost)
        chosen.append(best)
        rest.remove(best)
        reasons.append(_charleston_reason(best, _links(rest, best)))
    return {"pass": chosen, "keep": rest, "reasons": reasons}


def _charleston_reason(tile: str, links: int) -> dict[str, Any]:
    """Why ``tile`` is passed, in both languages: a lone tile, or how few held tiles it could
    make a set with (``links``, counted in the hand without it)."""
    from .catalogue import text
    from .tiles import tile_name

    if links:
        key = "charleston.few_links"
    else:
        key = "charleston.lone_suit" if tile[1:] in ("m", "p", "s") else "charleston.lone_honour"
    return {"tile": tile, "links": links,
            **{f"reason_{lang}": text(key, lang, tile=tile_name(tile, lang), n=links)
               for lang in ("zh", "en")}}


def charleston_step(direction: str, round_number: int) -> dict[str, Any]:
    """One pass of the Charleston (``direction`` right, left or opposite of round 1 or 2, the
    second being the dealer's call) and the pass after it (``next``: None after the last), so
    that a page can walk the passes in the seed's order.

    >>> charleston_step("opposite", 1)["next"]
    {'direction': 'right', 'round': 2, 'dealer_calls': True}
    >>> charleston_step("opposite", 2)["next"] is None
    True
    """
    directions = [d for d, _ in CHARLESTON_PASSES]
    if direction not in directions:
        raise MahjongError(f"查理士顿: the pass is right, left or opposite, got {direction!r}",
                           "pass")
    if not isinstance(round_number, int) or isinstance(round_number, bool) or round_number not in (
            1, 2):
        raise MahjongError(f"查理士顿: the round is 1 or 2 (the dealer's second round), got "
                           f"{round_number!r}", "round")
    index = directions.index(direction)
    step = (round_number - 1) * len(directions) + index + 1
    nxt: dict[str, Any] | None = None
    if index + 1 < len(directions):
        nxt = {"direction": directions[index + 1], "round": round_number,
               "dealer_calls": round_number == 2}
    elif round_number == 1:
        nxt = {"direction": directions[0], "round": 2, "dealer_calls": True}
    return {"direction": direction, "round": round_number, "step": step,
            "seat_offset": dict(CHARLESTON_PASSES)[direction],
            "dealer_calls": round_number == 2, "next": nxt}


# --- 立直 sticks, seed 003: "在叫和时拿出一千点筹码放在列牌区前，表示“立直”" ---

#: The stake a 立直 puts up on a Chinese table with the switch on: the seed's 一千点筹码.
RIICHI_STICK = 1000


def settle_riichi(declared: Any, winners: Any, stick: int = RIICHI_STICK,
                  pot: Any = ()) -> dict[str, Any]:
    """The 立直 sticks of a hand: each seat in ``declared`` put a ``stick`` down; ``pot`` lists
    the owners of sticks left from drawn hands. The first winner takes them all (his own back);
    at a draw nothing moves and the sticks stay for the next hand (``pot_after``).

    >>> r = settle_riichi(["S", "W"], ["W"], pot=["N"])
    >>> r["payments"], r["pot_after"]
    ({'E': 0, 'S': -1000, 'W': 2000, 'N': -1000}, [])
    >>> settle_riichi(["S"], [], pot=["E"])["pot_after"]
    ['E', 'S']
    """
    for name, seats in (("declared", declared), ("winners", winners), ("pot", list(pot))):
        if not isinstance(seats, list) or any(s not in WINDS for s in seats):
            raise MahjongError(f"立直: {name} must be a list of seat winds", name)
    if len(set(declared)) != len(declared):
        raise MahjongError("立直: a seat declares once a hand", "declared")
    sticks = list(pot) + list(declared)
    ledger = Ledger()
    if not winners:
        return {**ledger.to_json(), "pot_after": sticks}
    for seat in sticks:
        if seat != winners[0]:
            ledger.pay(seat, winners[0], stick, "riichi stick (立直)")
    return {**ledger.to_json(), "taken_by": winners[0], "sticks": len(sticks), "pot_after": []}


def wild_tiles(profile: RuleProfile, indicator: str) -> dict[str, Any]:
    """The wild tiles the turned-up ``indicator`` makes under the variant's scheme, and the
    白板 stand-in where there is one (``table wild``)."""
    from .hand import HandState
    from .wilds import SCHEMES, describe_wilds, stand_ins, wild_codes_for

    if not profile.wild_indicator:
        raise MahjongError(f"variant {profile.name!r} turns up no tile for wild tiles (option "
                           "wild_indicator is off)", profile.name)
    state = HandState(concealed=[], indicator=indicator)
    wilds = wild_codes_for(profile, state)
    zh, en = SCHEMES[profile.wild_indicator]
    out: dict[str, Any] = {
        "variant": profile.name, "indicator": state.indicator, "scheme": profile.wild_indicator,
        "wilds": list(wilds), "rule_zh": zh, "rule_en": en,
        "explain_zh": f"翻出{describe_wilds([indicator])}：{describe_wilds(wilds)}是赖子",
        "explain_en": f"{describe_wilds([indicator], 'en')} turned up: "
                      f"{describe_wilds(wilds, 'en')} wild",
    }
    for tile, kind in stand_ins(profile, wilds):
        out["stand_in"] = {"tile": tile, "as": kind}
    return out
