"""What the table shows, for the rules: each seat's river and melds by seat wind, and the tiles
they take out of the unseen pool.

A hand state may carry ``table`` (the shape the value and danger advice read too):
``{"rivers": {"E": ["9s", ...], ...}, "melds": {"S": [meld, ...], ...}, "declared": {"W": 5},
"indicator": "5m"}``, rivers in discard order by seat wind (the player's own included), melds in
the hand-state format.  The table reader's answer (``vision.table_reader``: ``{"seats": {"self":
..., "right": ..., "across": ..., "left": ...}, "indicator": ...}``) is taken as it is: its seats,
named from the camera, become winds from the player's own ``seat_wind`` (``right`` is his 下家,
the next to play).

>>> t = table_of({"seats": {"self": {"river": ["9s"]}, "right": {"river": ["1m", "E"]}}},
...              seat_wind="W")
>>> t["rivers"]
{'W': ['9s'], 'N': ['1m', 'E']}
>>> seen_on_table(t, "W")
['9s', '1m', 'E']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import MahjongError
from .hand import Meld
from .tiles import BACK, parse_tile

WINDS = ("E", "S", "W", "N")
#: The reader's seats in turn order from the camera's: self, then his 下家, 对家, 上家.
CAMERA_SEATS = ("self", "right", "across", "left")
#: At most this many discards in one river (a wall of 136 between four seats and their hands).
MAX_RIVER = 30
#: Copies of each tile in the set: no river shows a face more often.
COPIES = 4
#: At most this many melds at one seat.
MAX_MELDS = 5


def seat_winds(seat_wind: str) -> dict[str, str]:
    """Camera seat -> seat wind, for a player sitting at ``seat_wind`` (turn order E S W N)."""
    if seat_wind not in WINDS:
        what = "'seat_wind'"
        raise MahjongError(f"{what} must be a seat wind E S W N, got {seat_wind!r}", seat_wind)
    start = WINDS.index(seat_wind)
    return {seat: WINDS[(start + k) % 4] for k, seat in enumerate(CAMERA_SEATS)}


def table_of(table: Any, seat_wind: str = "E") -> dict[str, Any]:
    """``table`` (by wind, or the reader's answer by camera seat) checked, by seat wind."""
    if not isinstance(table, dict):
        raise MahjongError("'table' must be an object with 'rivers' and 'melds' by seat wind, or "
                           "the table reader's answer", "table")
    # the variant's own table facts (dealer, bets, ...) stay as given
    out: dict[str, Any] = {k: v for k, v in table.items() if k not in ("seats", "tiles", "notes")}
    if "seats" in table:
        seats = table["seats"]
        if not isinstance(seats, dict):
            raise MahjongError("'table.seats' must map self, right, across, left to what each "
                               "shows", "seats")
        winds = seat_winds(seat_wind)
        for seat in seats:
            if seat not in winds:
                raise MahjongError(f"unknown seat {seat!r}: seats are self, right, across, left",
                                   seat)
        rivers = {winds[s]: (seats[s] or {}).get("river", []) for s in CAMERA_SEATS if s in seats}
        melds = {winds[s]: (seats[s] or {}).get("melds", []) for s in CAMERA_SEATS
                 if s in seats and s != "self"}
    else:
        rivers, melds = table.get("rivers") or {}, table.get("melds") or {}
    out["rivers"] = read_rivers(rivers)
    out["melds"] = _melds(melds)
    if table.get("indicator") is not None:
        out["indicator"] = parse_tile(table["indicator"], "indicator")
    return out


def check_rivers(rivers: Any, seats: tuple[str, ...] = WINDS) -> dict[str, list[str]]:
    """Rivers by seat wind, checked: each a list of at most :data:`MAX_RIVER` tiles, each seat
    one of ``seats`` (E S W at a table of three), no face shown more often than its copies.

    >>> check_rivers({"E": ["9s", "E"], "S": []})
    {'E': ['9s', 'E'], 'S': []}
    """
    out = read_rivers(rivers)
    for wind in out:
        if wind not in seats:
            raise MahjongError(f"the rivers name seat {wind}, which has no seat at a table of "
                               f"{len(seats)} players (seats {' '.join(seats)})", wind)
    shown = Counter(t for river in out.values() for t in river if t != BACK)
    for tile, count in shown.items():
        if count > COPIES:
            raise MahjongError(f"the rivers show {tile} {count} times, but a tile has only "
                               f"{COPIES} copies", tile)
    return out


def read_rivers(rivers: Any) -> dict[str, list[str]]:
    """``table.rivers`` by seat wind, bounded (:data:`MAX_RIVER` a seat) and read tile by tile."""
    if not isinstance(rivers, dict):
        raise MahjongError("'table.rivers' must map seat winds to discards in order", "rivers")
    out = {}
    for wind, river in rivers.items():
        if wind not in WINDS:
            raise MahjongError(f"unknown seat {wind!r}: seats are E S W N", "rivers")
        if not isinstance(river, list) or len(river) > MAX_RIVER:
            raise MahjongError(f"the river of seat {wind} must be a list of at most {MAX_RIVER} "
                               "tiles", "rivers")
        out[wind] = [parse_tile(t, "rivers") for t in river]
    return out


def _melds(melds: Any) -> dict[str, list[dict[str, Any]]]:
    if not isinstance(melds, dict):
        raise MahjongError("'table.melds' must map seat winds to melds", "melds")
    out = {}
    for wind, seat_melds in melds.items():
        if wind not in WINDS:
            raise MahjongError(f"unknown seat {wind!r}: seats are E S W N", wind)
        if not isinstance(seat_melds, list) or len(seat_melds) > MAX_MELDS:
            raise MahjongError(f"the melds of seat {wind} must be a list of at most {MAX_MELDS}",
                               wind)
        for k, meld in enumerate(seat_melds):
            if face_down_kong(meld):
                continue  # another seat's concealed kong laid all face down: nothing to read
            try:
                Meld.from_json(meld, k)
            except MahjongError as exc:
                raise MahjongError(f"seat {wind}: {exc}", exc.token) from None
        out[wind] = list(seat_melds)
    return out


def face_down_kong(meld: Any) -> bool:
    """Whether a seat's meld is a concealed kong with all four tiles face down, as the table
    reader gives one (``{"type": "kong", "concealed": true, "tiles": ["back"] * 4}``): no face
    to check, and none counted as seen (docs/table-reader.md)."""
    return (isinstance(meld, dict) and meld.get("type") == "kong" and meld.get("concealed") is True
            and meld.get("tiles") == [BACK] * 4)


def shows_table(table: Any) -> bool:
    """Whether a hand's ``table`` carries what the table shows (rivers, melds, the reader's
    seats), beside the variant's own facts that ``table`` also holds."""
    return isinstance(table, dict) and not _SHOWN_KEYS.isdisjoint(table)


#: The keys of ``table`` that carry what the table shows.
_SHOWN_KEYS = frozenset(("rivers", "melds", "seats"))


def seen_on_table(table: dict[str, Any], seat_wind: str, own_river: bool = True) -> list[str]:
    """Every tile the table shows face up outside the player's hand: all rivers (his own too
    unless ``own_river`` is false, where the hand lists its ``discards`` itself) and the other
    seats' melds (a concealed kong's hidden faces are not seen)."""
    out: list[str] = []
    for wind, river in table.get("rivers", {}).items():
        if wind != seat_wind or own_river:
            out += river
    for wind, melds in table.get("melds", {}).items():
        if wind == seat_wind:
            continue  # his own melds are in his hand
        for meld in melds:
            out += [t for t in meld.get("tiles", []) if t != BACK]
    return out


def claims_before(rivers: dict[str, list[str]], winner: str, discarder: str | None,
                  seats: tuple[str, ...] = WINDS) -> list[str] | bool:
    """The seats that claimed before a first go-around win (``table.claims_before``), from the
    rivers as they lay at the win: unclaimed, play runs E S W N from the dealer, each seat
    discarding once, so up to the winner's first draw (self-drawn, 天和/地和) or to the
    discard he won on (人和) the seats before him (the discarder included) show one discard each
    and the others none. A seat with discards out of that turn played out of turn: it claimed.
    Any other break of the turn (a discard missing, or two) says someone claimed, not who: True.
    False where the rivers show the first go-around unbroken.

    >>> claims_before({"E": ["1m"], "S": ["9p"]}, "W", None)
    False
    >>> claims_before({"E": ["2m"], "S": ["9p"], "N": ["E"]}, "W", None)  # N punged E's 1m
    ['N']
    >>> claims_before({"E": ["1m", "2m"], "S": ["9p"]}, "W", None)
    True
    """
    order = list(seats)
    turns = order[:order.index(discarder) + 1] if discarder is not None else order[
        :order.index(winner)]
    counts = {seat: len(rivers.get(seat, [])) for seat in order}
    out_of_turn = [seat for seat in order if seat not in turns and counts[seat]]
    if out_of_turn:
        return out_of_turn
    return any(counts[seat] != 1 for seat in turns)


def last_discard(table: dict[str, Any], seat: str) -> str:
    """The last tile of ``seat``'s river: the discard the other seats may claim."""
    river = table.get("rivers", {}).get(seat)
    if not river:
        raise MahjongError(f"the river of seat {seat} is empty: no discard to claim", seat)
    return river[-1]
