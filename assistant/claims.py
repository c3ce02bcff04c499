"""Claims on a discard (吃 碰 杠 和) for every other seat, and how they resolve.

Turn order is E → S → W → N. Only the next seat after the discarder may chow; any seat may pung,
kong or win. A win beats a kong or pung, which beats a chow; when several seats can win, the
profile decides whether they all win (一炮多响) or only the nearest in turn order (截和).

>>> r = claims_on_discard({"discard": "5p", "discarder": "E",
...     "hands": {"S": {"concealed": "46p123m456s78sEES"}, "W": {"concealed": "55p19m19s1234567z"}}})
>>> r["seats"]["S"]["chows"], r["seats"]["W"]["pung"], r["claim"]
([['4p', '5p', '6p']], True, {'seat': 'W', 'type': 'pung', 'can_kong': False})
"""

from __future__ import annotations

from typing import Any

from .errors import MahjongError
from .hand import HandState
from .jokers import pung_priority
from .legality import claim_melds, discard_win, joker_pungs, resolve_melds
from .profile import RuleProfile
from .rules import rules_of
from .scoring.table import check_seat, seat_winds
from .table_view import last_discard, shows_table, table_of
from .tiles import INDEX, WINDS, parse_tile, tile_name
from .variants import get_profile


def next_seat(seat: str, steps: int = 1, seats: tuple[str, ...] = WINDS) -> str:
    """The seat ``steps`` turns after ``seat`` (E → S → W → N → E; E → S → W → E at three)."""
    return seats[(seats.index(seat) + steps) % len(seats)]


def turn_distance(frm: str, to: str, seats: tuple[str, ...] = WINDS) -> int:
    """Turns from ``frm`` to ``to`` (1 = the next player) among ``seats``."""
    return (seats.index(to) - seats.index(frm)) % len(seats)


def relative_source(claimer: str, discarder: str, seats: tuple[str, ...] = WINDS) -> str:
    """Where the discarder sits for the claimer: ``left`` (上家), ``opposite`` or ``right``
    (at a table of three the seat after the claimer is his 下家, on the right).

    >>> relative_source("E", "W", ("E", "S", "W")), relative_source("E", "S", ("E", "S", "W"))
    ('left', 'right')
    """
    distance = turn_distance(discarder, claimer, seats)
    return "left" if distance == 1 else "right" if distance == len(seats) - 1 else "opposite"


def seat_claims(state: HandState, profile: RuleProfile, tile: str, may_chow: bool,
                robbing: bool = False, passed: bool = False) -> dict[str, Any]:
    """What one seat may do with the discarded ``tile``, as :mod:`assistant.legality` decides:
    ``pungs`` and ``kongs`` list each meld it may make (wilds and 芜湖's winds included)."""
    if state.tile_count != profile.hand_size or state.win_tile is not None:
        raise MahjongError(f"a seat claiming a discard holds {profile.hand_size} tiles (a kong "
                           f"counting 3), "
                           f"this one holds {state.tile_count}", state.tile_count)
    rules = rules_of(profile, state)
    state = resolve_melds(profile, state, rules.wild_codes)
    if tile in rules.wild_codes and not profile.wild_discard:
        raise MahjongError(f"variant {profile.name!r}: a wild tile ({tile}, {tile_name(tile)}) "
                           "is never discarded (财神不能打出), so it cannot be claimed", tile)
    win = discard_win(state, profile, rules, tile, robbing, passed)
    if robbing:
        return {"win": win, "kong": False, "pung": False, "chows": [], "pungs": [], "kongs": []}
    melds = claim_melds(state, profile, rules, tile, may_chow)
    out = {"win": win, "kong": bool(melds["kong"]), "pung": bool(melds["pung"]),
           "chows": melds["chow"], "pungs": melds["pung"], "kongs": melds["kong"]}
    jokers = joker_pungs(state, profile, tile)
    if jokers:  # 特别百搭: a real tile and a joker pung too
        out.update(pung=True, joker_pungs=jokers)
    return out


def claims_on_discard(data: dict[str, Any]) -> dict[str, Any]:
    """Every seat's legal claims on a discard and the resolution, from a JSON request.

    Keys: ``discard`` (tile), ``discarder`` (seat wind), ``hands`` (seat wind -> hand state of 13
    tiles, 特别百搭 held under ``jokers``; seats not given are skipped); without ``discard``, a
    ``table`` (``table_view``: rivers by wind, or the table reader's answer seen from
    ``seat_wind``) gives the last tile of the discarder's river; optional ``variant``,
    ``options``, ``passed`` (seats that passed a win on this tile and may not take it) and
    ``robbing_kong`` (the tile was added to a pung: only a win may take it), ``riichi`` (seats
    that declared 立直: where the profile's ``riichi`` switch is on they may no longer chow,
    pung or kong, only win).
    """
    if not isinstance(data, dict):
        raise MahjongError("a claims request must be a JSON object", data)
    if (data.get("discard") is None and shows_table(data.get("table"))
            and data.get("discarder") in WINDS):
        # the tile just discarded is the last of the discarder's river, as the table shows it
        data = {**data, "discard": last_discard(table_of(data["table"], data.get(
            "seat_wind", "E")), data.get("discarder"))}
    if data.get("discard") is None:
        raise MahjongError("the claims request has no 'discard': give the discarded tile, "
                           'e.g. "discard": "5p"', "discard")
    tile = parse_tile(data["discard"], "discard")
    if tile not in INDEX:
        raise MahjongError(f"{tile!r} cannot be discarded", tile)
    discarder = data.get("discarder")
    if discarder not in WINDS:
        raise MahjongError(f"'discarder' must be a seat wind E S W N, got {discarder!r}", discarder)
    hands = data.get("hands")
    if not isinstance(hands, dict) or not hands:
        raise MahjongError("'hands' must map seat winds to hand states", "hands")
    profile = get_profile(data.get("variant"), data.get("options"))
    at_table = seat_winds(profile)
    check_seat(discarder, "'discarder'", at_table)
    passed = data.get("passed") or []
    if not isinstance(passed, list) or len(passed) > len(WINDS):
        raise MahjongError("'passed' must be a list of seat winds", "passed")
    for seat in passed:  # a seat not at the table (北 at three) never passed anything
        check_seat(seat, "'passed'", at_table)
    if passed and not profile.pass_lock:
        raise MahjongError(f"variant {profile.name!r} has no pass lock (过手不和): a seat that "
                           "passed a win may still win, so 'passed' does not apply", "passed")
    robbing = data.get("robbing_kong", False)
    if not isinstance(robbing, bool):
        raise MahjongError("'robbing_kong' must be true or false", "robbing_kong")
    riichi = data.get("riichi") or []
    if not isinstance(riichi, list) or len(riichi) > len(WINDS) or any(
            s not in WINDS for s in riichi):
        raise MahjongError("'riichi' must be a list of seat winds", "riichi")
    for seat in riichi:
        check_seat(seat, "'riichi'", at_table)
    if riichi and not profile.riichi:
        raise MahjongError(f"variant {profile.name!r} plays without 立直 (option riichi = false), "
                           "so 'riichi' does not apply", "riichi")
    seats: dict[str, Any] = {}
    for seat, hand in hands.items():
        if seat not in WINDS:
            raise MahjongError(f"unknown seat {seat!r}: seats are E S W N", seat)
        check_seat(seat, "'hands'", at_table)
        if seat == discarder:
            raise MahjongError(f"seat {seat} discarded the tile and cannot claim it", seat)
        try:
            state = HandState.from_json(hand, profile.hand_size)
        except MahjongError as exc:
            raise MahjongError(f"seat {seat}: {exc}", exc.token) from None
        entry = seat_claims(state, profile, tile, next_seat(discarder, 1, at_table) == seat,
                            robbing, seat in passed)
        if seat in riichi:  # 立直: "其后不能再上或碰牌，那当然可以和牌"
            entry.update(kong=False, pung=False, chows=[], pungs=[], kongs=[], riichi=True)
        entry["distance"] = turn_distance(discarder, seat, at_table)
        entry["from"] = relative_source(seat, discarder, at_table)
        seats[seat] = entry
    return {"discard": tile, "discard_name": {"zh": tile_name(tile, "zh"),
                                              "en": tile_name(tile, "en")},
            "discarder": discarder, "variant": profile.name, "seats": seats,
            **resolve(seats, profile, discarder)}


def resolve(seats: dict[str, dict[str, Any]], profile: RuleProfile,
            discarder: str | None = None) -> dict[str, Any]:
    """Who takes the tile: winners first (all, or the nearest), then kong/pung, then chow; with
    特别百搭, several seats that may pung settle it by 抢碰 (two real tiles first, then the best
    joker's rank, then turn order)."""
    by_turn = sorted(seats, key=lambda s: seats[s]["distance"])
    winners = [s for s in by_turn if seats[s]["win"]]
    if winners:
        return {"winners": winners if profile.multiple_winners else winners[:1], "claim": None}
    pungs = [s for s in by_turn if seats[s]["kong"] or seats[s]["pung"]]
    if len(pungs) > 1 and discarder is not None and any(
            seats[s].get("joker_pungs") for s in pungs):
        first = pung_priority(discarder, {s: [] if seats[s]["pungs"] or seats[s]["kong"]
                                          else seats[s]["joker_pungs"][:1] for s in pungs})
        pungs = [first]
    for s in pungs:
        return {"winners": [], "claim": {"seat": s, "type": "pung", "can_kong": seats[s]["kong"]}}
    for s in by_turn:
        if seats[s]["chows"]:
            return {"winners": [], "claim": {"seat": s, "type": "chow", "can_kong": False}}
    return {"winners": [], "claim": None}
