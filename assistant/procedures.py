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
from .profile import RuleProfile
from .scoring.items import item
from .scoring.settlement import Ledger
from .scoring.table import next_seat
from .tiles import DRAGONS, WINDS, check_code
from .variants import DRAW_SETTLERS, KONG_SETTLERS, read_variant_table

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
    """The wall the deal runs into after ``owner``'s: his 下家's (counterclockwise) or 上家's."""
    return next_seat(owner, 1 if profile.extra.get("wall_direction") == "counterclockwise" else 3)


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
    dealer = _seat(dealer, "dealer")
    mode = profile.extra.get("dice", "three_dice")
    count, dice, rule = DICE_MODES[mode]
    if not isinstance(throws, (list, tuple)) or len(throws) != count:
        raise MahjongError(f"variant {profile.name!r} throws {rule}; got {throws!r}", throws)
    if mode == "sum_and_smaller" and not isinstance(throws[0], (list, tuple)):
        raise MahjongError("九自手 needs both dice (e.g. 4,5), not only their total", throws[0])
    totals = [_throw_total(t, dice, f"throw {k + 1}") for k, t in enumerate(throws)]
    first = totals[0]
    offset = (first - 1) % 4
    wall = next_seat(dealer, offset)
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
    zh, en = _SEAT_NAMES[offset]
    out: dict[str, Any] = {
        "variant": profile.name, "dealer": dealer, "throws": totals, "wall_seat": wall,
        "wall_zh": zh, "wall_en": en, "skip_stacks": skip, "wall_stacks": stacks,
        "start_wall_seat": start, "skip_in_start_wall": left_to_skip,
        "stacks_left_in_wall": left, "grabs_from_wall": left // 2,
        "direction": profile.extra.get("wall_direction"),
    }
    if two:
        out["second_thrower"] = wall
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
    return {"variant": profile.name, "kongs": kongs, "tiles_left": tiles_left,
            "dead_wall_tiles": dead, "draw": draw, "rule_en": f"the hand is drawn {when_en}",
            "rule_zh": when_zh}


def next_dealer(dealer: str, winners: list[str], profile: RuleProfile | None = None,
                discarder: str | None = None) -> str:
    """The dealer keeps the deal when he wins (alone or with others) or the hand is drawn;
    otherwise the deal passes to his 下家. Sichuan (its ``next_dealer`` option): the first winner
    deals, or the discarder whose discard made several winners."""
    dealer = _seat(dealer, "dealer")
    if not isinstance(winners, list):
        raise MahjongError("winners must be a list of seat winds", winners)
    for w in winners:
        _seat(w, "a winner")
    rule = profile.extra.get("next_dealer") if profile is not None else None
    if rule is not None and winners:
        if rule == "discarder_on_multiple" and len(winners) > 1 and discarder is not None:
            return _seat(discarder, "discarder")
        return winners[0]
    return dealer if not winners or dealer in winners else next_seat(dealer)


#: 换三张: where each seat's three tiles go, by direction (turn order E → S → W → N is the
#: seeds' 逆时针: counterclockwise passes to the 下家).
EXCHANGE_STEPS = {"counterclockwise": 1, "opposite": 2, "clockwise": 3}


def exchange_three(profile: RuleProfile, passes: Any, direction: str | None = None) -> dict[str, Any]:
    """换三张: each seat passes three tiles of one suit; returns what each seat receives."""
    direction = direction or profile.extra.get("exchange_three", "none")
    if direction not in EXCHANGE_STEPS:
        raise MahjongError(f"换三张: the direction is one of {', '.join(EXCHANGE_STEPS)}, got "
                           f"{direction!r} (this table plays exchange_three = "
                           f"{profile.extra.get('exchange_three', 'none')!r})", direction)
    if not isinstance(passes, dict) or set(passes) != set(WINDS):
        raise MahjongError("换三张: give the three tiles of each seat E S W N", "passes")
    received: dict[str, list[str]] = {}
    for seat, tiles in passes.items():
        if not isinstance(tiles, list) or len(tiles) != 3:
            raise MahjongError(f"换三张: seat {seat} passes three tiles", seat)
        codes = [check_code(t) for t in tiles]
        if len({t[1] for t in codes}) != 1 or not all(len(t) == 2 and t[1] in "mps" for t in codes):
            raise MahjongError(f"换三张: seat {seat}'s three tiles must be of one suit", seat)
        received[next_seat(seat, EXCHANGE_STEPS[direction])] = codes
    return {"direction": direction, "received": {s: received[s] for s in WINDS}}


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


def wind_rounds(first_dealer: str, hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The prevalent wind (风圈) before each hand: East first; a round ends when the deal passes
    on from the round's fourth dealer (back to the first dealer), then E → S → W → N. Also the
    连庄 count before each hand (hands the dealer has kept in a row: 十六张's ``table.streak``).

    >>> wind_rounds("E", [{"winners": ["E"]}, {"winners": []}, {"winners": ["S"]}])["streak_before_each_hand"]
    [0, 1, 2]
    """
    dealer = _seat(first_dealer, "first_dealer")
    prevalent = 0
    before = []
    streaks: list[int] = []
    streak = 0
    for k, hand in enumerate(hands):
        if not isinstance(hand, dict):
            raise MahjongError(f"hand {k + 1} must be an object with dealer and winners", hand)
        if hand.get("dealer", dealer) != dealer:
            raise MahjongError(f"hand {k + 1}: the dealer should be {dealer}, got "
                               f"{hand.get('dealer')!r}", hand.get("dealer"))
        before.append(WINDS[prevalent % 4])
        streaks.append(streak)
        following = next_dealer(dealer, hand.get("winners") or [])
        if following != dealer and following == first_dealer:
            prevalent += 1
        streak = streak + 1 if following == dealer else 0
        dealer = following
    return {"prevalent_before_each_hand": before, "prevalent_after_last": WINDS[prevalent % 4],
            "next_dealer": dealer, "rounds_completed": prevalent,
            "streak_before_each_hand": streaks, "streak_after_last": streak}


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

    A chow by any seat but the discarder's 下家, or where chows are not allowed, is refused.
    """
    discarder = _seat(discarder, "discarder")
    seats: dict[str, dict[str, Any]] = {}
    for seat, claim in declared.items():
        _seat(seat, "a claiming seat")
        if seat == discarder:
            raise MahjongError(f"seat {seat} discarded the tile and cannot claim it", seat)
        if claim not in _CLAIMS:
            raise MahjongError(f"seat {seat}: a claim is one of {', '.join(_CLAIMS)}, got {claim!r}",
                               claim)
        may_chow = profile.chow_allowed and next_seat(discarder) == seat
        seats[seat] = {"win": claim == "win", "kong": claim in ("kong", "zhi_kong"),
                       "pung": claim == "pung", "chows": [[claim]] if claim == "chow" and may_chow
                       else [], "distance": turn_distance(discarder, seat)}
    outcome = resolve(seats, profile)
    if outcome["winners"]:
        return dict.fromkeys(outcome["winners"], "win")
    taken = outcome["claim"]
    return {taken["seat"]: declared[taken["seat"]]} if taken else {}


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
    ledger = Ledger()
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
