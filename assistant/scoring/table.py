"""The ``table`` object of a scored hand: dealer, seats, bets, the discarder, kongs; checked.

Keys (seats are winds ``E S W N``, the issue's names kept): ``dealer``, ``seat`` (the winner),
``bets`` (seat -> bet), ``discarder`` (null when self-drawn), ``kongs`` (seat -> list of
``{"type", "tile", "from"}``), and where a variant needs them ``liable`` (the seat liable for a
self-draw, Guangdong 包自摸), ``winners`` (every seat winning on the same discard),
``prevalent_wind``, and for 十六张 ``streak`` (连庄: hands the dealer has already kept in a row) and
``la_zhuang`` (拉庄: the seats that leave a third of what they owe the dealer as the next stake),
``claims_before`` (the seats that chowed, punged or konged before the winner's first draw, or
``true`` when someone did: 天和/地和/人和 are then void).
Kong types: ``an``/``concealed`` 暗杠, ``jia``/``added`` 加杠, ``zhi``/``exposed``
直杠 (a discard claimed onto a concealed pung; ``from`` is the discarder).

>>> t = read_table({"dealer": "E", "seat": "S", "bets": {"E": 2}, "discarder": "W"},
...                self_drawn=False, default_seat="E", max_bet=4)
>>> t.bets, t.self_drawn, t.others
({'E': 2, 'S': 0, 'W': 0, 'N': 0}, False, ['W', 'N', 'E'])
>>> read_table({"bets": {"E": 5}}, self_drawn=True, default_seat="E", max_bet=4)
Traceback (most recent call last):
...
assistant.errors.MahjongError: table.bets: seat E bets 5, but the bets are 0-4
>>> read_table({"seat": "X"}, self_drawn=True, default_seat="E", max_bet=4)
Traceback (most recent call last):
...
assistant.errors.MahjongError: table.seat must be a seat wind E S W N, got 'X'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import MahjongError
from ..tiles import WINDS, check_code

#: Accepted kong type names -> the kind used in scoring (an 暗杠, jia 加杠, zhi 直杠).
KONG_KINDS = {"an": "an", "concealed": "an", "jia": "jia", "added": "jia",
              "zhi": "zhi", "exposed": "zhi"}
#: What the table shows (``assistant.table_view``, checked there; read by the analysis and the
#: advice, not by the scoring): each seat's river, melds, declaration, void suit and the tile
#: turned up. The scorers' table readers accept them and leave them alone.
SHOWN_KEYS = ("rivers", "melds", "declared", "void_suits", "indicator")
TABLE_KEYS = ("dealer", "seat", "bets", "discarder", "kongs", "liable", "winners", "prevalent_wind",
              "in_play", "birds", "streak", "la_zhuang", "claims_before", *SHOWN_KEYS)
#: ``Table.liable`` when the input does not say: the variant may derive it from the melds.
NOT_GIVEN = "not_given"


def next_seat(seat: str, steps: int = 1, seats: tuple[str, ...] = WINDS) -> str:
    """The seat ``steps`` turns after ``seat`` in turn order E → S → W → N (下家 for 1); at a
    table of three (``seats`` E S W) West's 下家 is East.

    >>> next_seat("W"), next_seat("W", seats=("E", "S", "W")), next_seat("E", 2, ("E", "S", "W"))
    ('N', 'E', 'W')
    """
    return seats[(seats.index(seat) + steps) % len(seats)]


@dataclass(frozen=True)
class Kong:
    """A kong made this hand: who made it, its kind, the tile, and for ``zhi`` the discarder."""

    seat: str
    kind: str
    tile: str | None = None
    source: str | None = None


@dataclass(slots=True)
class Table:
    """The table facts a scorer needs, checked; ``assumed`` lists the defaults it filled in. Its
    fields in slots: every scored hand builds one, and a slotted instance is made in less than
    half the time (0.8 against 1.8 µs measured)."""

    dealer: str
    seat: str | None
    bets: dict[str, int]
    discarder: str | None
    kongs: list[Kong] = field(default_factory=list)
    liable: Any = NOT_GIVEN
    winners: list[str] = field(default_factory=list)
    prevalent_wind: str | None = None
    assumed: list[str] = field(default_factory=list)
    #: Seats still playing the hand (血战到底: a seat that has won leaves); all four by default.
    in_play: list[str] = field(default_factory=lambda: list(WINDS))
    #: 扎鸟 (长沙): the tiles turned up after the win.
    birds: list[str] = field(default_factory=list)
    #: 十六张: hands the dealer has kept in a row (连庄), and the seats that 拉庄 (read by taiwan).
    streak: int = 0
    la_zhuang: list[str] = field(default_factory=list)
    #: The seats at the table in turn order: E S W N, or E S W where three play (三麻, 三人).
    seats: tuple[str, ...] = WINDS
    #: The seats that chowed, punged or konged before the winner's first draw (``("?",)`` when
    #: the input only says someone did): any of them voids 天和/地和/人和.
    claims_before: tuple[str, ...] = ()
    #: Riichi's 本场 counters and the riichi sticks on the table (seat -> sticks it put there).
    honba: int = 0
    riichi_sticks: dict[str, int] = field(default_factory=dict)

    @property
    def self_drawn(self) -> bool:
        """No discarder: the winning tile was drawn."""
        return self.discarder is None

    @property
    def others(self) -> list[str]:
        """The seats other than the winner still in the hand, in turn order after him."""
        assert self.seat is not None
        seats, n = self.seats, len(self.seats)
        at = seats.index(self.seat)
        return [s for s in (seats[(at + k) % n] for k in range(1, n)) if s in self.in_play]

    def kongs_of(self, seat: str) -> list[Kong]:
        """The kongs ``seat`` made this hand, in the order given."""
        return [k for k in self.kongs if k.seat == seat]


def check_seat(value: Any, what: str, seats: tuple[str, ...] = WINDS) -> str:
    """``value`` when it is one of ``seats``; else an error naming ``what`` and the seats."""
    if value not in WINDS:
        raise MahjongError(f"{what} must be a seat wind E S W N, got {value!r}", value)
    if value not in seats:
        raise MahjongError(f"{what}: {value} has no seat at a table of {len(seats)} players "
                           f"(seats {' '.join(seats)})", value)
    return value


_seat = check_seat


def read_table(data: dict[str, Any] | None, *, self_drawn: bool, default_seat: str,
               max_bet: int | None, robbing_kong: bool = False, need_seat: bool = True,
               prevalent_wind: str | None = None, seats: tuple[str, ...] = WINDS) -> Table:
    """Check the ``table`` object and fill in defaults (each one noted in ``assumed``).

    ``max_bet`` is the variant's largest bet (``None``: no maximum, ``0``: the variant has no
    bets). Without a table: dealer E, the hand's seat wind as the seat, no bets, and on a discard
    the 上家 as discarder. ``seats``: the seats at the table (E S W where three play); a seat
    named outside them is refused.
    """
    assumed: list[str] = []
    if data is None:
        data = {}
        assumed.append("no table given: dealer E, no bets, no kongs")
    if not isinstance(data, dict):
        raise MahjongError("'table' must be an object", "table")
    for key in data:
        if key not in TABLE_KEYS:
            raise MahjongError(f"unknown key {key!r} in table; known: {', '.join(TABLE_KEYS)}", key)
    dealer = "E"
    if data.get("dealer") is not None:
        dealer = _seat(data["dealer"], "table.dealer", seats)
    elif data:
        assumed.append("dealer E")
    seat: str | None = None
    if data.get("seat") is not None:
        seat = _seat(data["seat"], "table.seat", seats)
    elif need_seat:
        seat = _seat(default_seat, "seat_wind", seats)
        assumed.append(f"seat {seat} (the hand's seat wind)")
    bets = _bets(data.get("bets"), max_bet, seats)
    discarder = _discarder(data, seat, self_drawn, robbing_kong, assumed, seats)
    kongs = _kongs(data.get("kongs"), seats)
    liable = data["liable"] if "liable" in data else NOT_GIVEN
    if liable is not None and liable != NOT_GIVEN:
        if not isinstance(liable, dict) or "seat" not in liable:
            raise MahjongError("table.liable must be null or {\"seat\": wind, \"rule\": name}",
                               "liable")
        _seat(liable["seat"], "table.liable.seat", seats)
        if liable["seat"] == seat:
            raise MahjongError("table.liable: the winner cannot be liable for his own win", "liable")
    winners = _winners(data.get("winners"), seat, discarder, seats)
    prevalent = data.get("prevalent_wind", prevalent_wind)
    if prevalent is not None:
        _seat(prevalent, "table.prevalent_wind")
    in_play = _in_play(data.get("in_play"), seat, discarder, seats)
    birds = data.get("birds") or []
    if not isinstance(birds, list) or len(birds) > 8:
        raise MahjongError("table.birds must list the bird tiles turned up (8 at most)", "birds")
    return Table(dealer, seat, bets, discarder, kongs, liable, winners, prevalent, assumed, in_play,
                 [check_code(b) for b in birds], seats=seats,
                 claims_before=_claims_before(data.get("claims_before"), seats))


def _claims_before(value: Any, seats: tuple[str, ...]) -> tuple[str, ...]:
    """``table.claims_before``: the seats that claimed or konged before the winner's first draw,
    or a boolean saying whether anyone did (``("?",)`` standing for someone unnamed)."""
    if value is None or value is False:
        return ()
    if value is True:
        return ("?",)
    if not isinstance(value, list) or len(value) > len(seats):
        raise MahjongError("table.claims_before must list the seats that chowed, punged or "
                           "konged before the winner's first draw (or be true / false)",
                           "claims_before")
    out = tuple(_seat(w, "table.claims_before", seats) for w in value)
    if len(set(out)) != len(out):
        raise MahjongError("table.claims_before lists a seat twice", "claims_before")
    return out


def _in_play(value: Any, seat: str | None, discarder: str | None,
             at_table: tuple[str, ...] = WINDS) -> list[str]:
    if value is None:
        return list(at_table)
    if not isinstance(value, list) or len(value) > 4:
        raise MahjongError("table.in_play must list the seats still in the hand", "in_play")
    seats = [_seat(w, "table.in_play", at_table) for w in value]
    if len(set(seats)) != len(seats):
        raise MahjongError("table.in_play lists a seat twice", "in_play")
    for who, what in ((seat, "the winner"), (discarder, "the discarder")):
        if who is not None and who not in seats:
            raise MahjongError(f"table.in_play: {what} {who} has already left the hand", who)
    if seat is not None and len(seats) < 2:
        raise MahjongError("table.in_play: a win needs another seat still in the hand", "in_play")
    return [w for w in WINDS if w in seats]


def read_hand_table(state: Any, profile: Any, data: dict[str, Any] | None = None,
                    need_seat: bool = True, max_bet: int | None = 0) -> Table:
    """The ``table`` of a hand (or ``data`` without one) checked under its variant's rules: the
    table object itself, then what the rules make impossible (see :func:`check_win`)."""
    if state is not None:
        check_kong_robbing(state.robbing_kong, profile.kong_robbable, profile.name)
    table = read_table(state.table if state else data, self_drawn=bool(state and state.self_drawn),
                       default_seat=state.seat_wind if state else "E", max_bet=max_bet,
                       robbing_kong=bool(state and state.robbing_kong), need_seat=need_seat,
                       prevalent_wind=state.prevalent_wind if state else None,
                       seats=seat_winds(profile))
    if state is not None:
        check_win(state, table, profile)
    return table


def check_win(state: Any, table: Table, profile: Any) -> None:
    """Refuse a win the variant's rules make impossible, naming the rule: several winners on one
    discard where only the nearest wins (截和); 杠上开花 without a kong; robbing a kong that is
    not an added one."""
    if len(table.winners) > 1 and not profile.multiple_winners:
        raise MahjongError(f"variant {profile.name!r} has one winner per discard (截和): the "
                           "nearest seat in turn order wins, so table.winners lists only one",
                           "winners")
    if state.kong_replacement and state.self_drawn and not any(
            m.is_kong for m in state.melds) and not getattr(state, "laid_out", None) and not (
            getattr(state, "nukidora", 0)):
        raise MahjongError("kong_replacement (杠上开花): a win on the replacement tile needs the "
                           "kong among the winner's melds (or a single tile laid out as a kong, "
                           "武汉 红中杠 / 赖子杠, or a 北 set aside in 三麻)", "kong_replacement")
    if getattr(state, "kong_on_kong", False) and not (
            state.kong_replacement and state.self_drawn
            and sum(m.is_kong for m in state.melds) >= 2):
        raise MahjongError("kong_on_kong (槓上槓): a win on the replacement of a second kong in "
                           "a row needs kong_replacement, self_drawn and two kongs among the "
                           "winner's melds", "kong_on_kong")
    if state.first_go_around and table.kongs:
        kong = table.kongs[0]
        raise MahjongError(f"first_go_around (天和/地和/人和) is impossible with seat {kong.seat}'s "
                           "kong in table.kongs: any claim or kong, a concealed one (暗杠) "
                           "included, ends the first go-around", "first_go_around")
    if state.first_go_around and table.claims_before:
        if table.claims_before == ("?",):
            raise MahjongError("first_go_around (天和/地和/人和) is impossible: someone chowed, "
                               "punged or konged before the winner's first draw "
                               "(table.claims_before), and 如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和",
                               "first_go_around")
        raise MahjongError(f"first_go_around (天和/地和/人和) is impossible: seat "
                           f"{' '.join(table.claims_before)} chowed, punged or konged before the "
                           "winner's first draw (table.claims_before), and "
                           "如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和", "first_go_around")
    if state.kong_replacement and not state.self_drawn:
        raise MahjongError("kong_replacement (杠上开花) is a win on the tile drawn after a kong, "
                           "so it is self-drawn; a win on a discard after a kong is "
                           "after_kong_discard (杠上炮)", "kong_replacement")
    if state.after_kong_discard and state.self_drawn:
        raise MahjongError("after_kong_discard (杠上炮) is a win on a discard, not self-drawn",
                           "after_kong_discard")
    if state.robbing_kong and table.discarder is not None:
        for kong in table.kongs_of(table.discarder):
            if kong.tile == state.win_tile and kong.kind == "jia":
                raise MahjongError(f"the added kong of {kong.tile} robbed from seat "
                                   f"{table.discarder} is never made (抢杠: the tile goes to the "
                                   "winner), so it is not paid: leave it out of table.kongs",
                                   "robbing_kong")
            if kong.tile == state.win_tile:
                what = ("a concealed kong (暗杠) cannot be robbed" if kong.kind == "an" else
                        "a kong on a discard (暗刻开明杠) cannot be robbed: a win on that tile "
                        "is an ordinary win on the discard, paid by the discarder")
                raise MahjongError(f"{what}; only an added kong (加杠) can be robbed",
                                   "robbing_kong")


def check_kong_robbing(robbing_kong: bool, robbable: bool, variant: str) -> None:
    """Refuse a win by robbing a kong where the variant (or its options) does not allow it."""
    if robbing_kong and not robbable:
        raise MahjongError(f"variant {variant!r} does not allow robbing a kong (option "
                           "kong_robbable = false)", "robbing_kong")


def seat_winds(profile: Any) -> tuple[str, ...]:
    """The seats a variant's table has in turn order: E S W N, or E S W where three play."""
    return WINDS[:getattr(profile, "seats", 4)]


def _bets(value: Any, max_bet: int | None, seats: tuple[str, ...] = WINDS) -> dict[str, int]:
    bets = dict.fromkeys(seats, 0)
    if value is None:
        return bets
    if not isinstance(value, dict):
        raise MahjongError("table.bets must map seat winds to bets, e.g. {\"E\": 2, \"S\": 0}", "bets")
    for seat, bet in value.items():
        if seat not in WINDS:
            raise MahjongError(f"table.bets: unknown seat {seat!r}; seats are E S W N", seat)
        _seat(seat, "table.bets", seats)
        if isinstance(bet, bool) or not isinstance(bet, int) or bet < 0:
            raise MahjongError(f"table.bets: seat {seat} bets {bet!r}; a bet is a whole number "
                               "from 0", bet)
        if max_bet is not None and bet > max_bet:
            if max_bet == 0:
                raise MahjongError(f"table.bets: seat {seat} bets {bet}, but this variant has no "
                                   "bets", bet)
            raise MahjongError(f"table.bets: seat {seat} bets {bet}, but the bets are "
                               f"0-{max_bet}", bet)
        bets[seat] = bet
    return bets


def _discarder(data: dict[str, Any], seat: str | None, self_drawn: bool, robbing_kong: bool,
               assumed: list[str], seats: tuple[str, ...] = WINDS) -> str | None:
    if "discarder" not in data:
        if self_drawn or seat is None:
            return None
        discarder = next_seat(seat, len(seats) - 1, seats)
        assumed.append(f"discarder {discarder} (the winner's 上家)")
        return discarder
    value = data["discarder"]
    if value is None:
        if robbing_kong:
            raise MahjongError("table.discarder must name the seat whose kong was robbed", "discarder")
        if not self_drawn and seat is not None:
            assumed.append("self-drawn (table.discarder is null)")
        return None
    discarder = _seat(value, "table.discarder", seats)
    if self_drawn:
        raise MahjongError(f"the hand is self-drawn, but table.discarder names {discarder}; "
                           "give null for a self-drawn win", "discarder")
    if discarder == seat:
        raise MahjongError(f"seat {seat} cannot win on its own discard", "discarder")
    return discarder


def _kongs(value: Any, seats: tuple[str, ...] = WINDS) -> list[Kong]:
    if value is None:
        return []
    if not isinstance(value, dict):
        raise MahjongError("table.kongs must map seat winds to lists of kongs", "kongs")
    out = []
    for seat, entries in value.items():
        if seat not in WINDS:
            raise MahjongError(f"table.kongs: unknown seat {seat!r}; seats are E S W N", seat)
        _seat(seat, "table.kongs", seats)
        if not isinstance(entries, list):
            raise MahjongError(f"table.kongs.{seat} must be a list of kongs", seat)
        for entry in entries:
            out.append(_kong(seat, entry, seats))
    return out


def _kong(seat: str, entry: Any, seats: tuple[str, ...] = WINDS) -> Kong:
    if not isinstance(entry, dict) or entry.get("type") not in KONG_KINDS:
        raise MahjongError(f"table.kongs.{seat}: each kong is {{\"type\": an|jia|zhi (or "
                           f"concealed|added|exposed), \"tile\", \"from\"}}, got {entry!r}", seat)
    kind = KONG_KINDS[entry["type"]]
    tile = check_code(entry["tile"]) if entry.get("tile") is not None else None
    source = entry.get("from")
    if kind == "zhi":
        source = _seat(source, f"table.kongs.{seat}: the 'from' of a kong on a discard", seats)
        if source == seat:
            raise MahjongError(f"table.kongs.{seat}: a kong on a discard comes from another seat",
                               source)
    elif source is not None:
        raise MahjongError(f"table.kongs.{seat}: only a kong on a discard (zhi) has a 'from'", source)
    return Kong(seat, kind, tile, source)


def _winners(value: Any, seat: str | None, discarder: str | None,
             seats: tuple[str, ...] = WINDS) -> list[str]:
    if value is None:
        return [seat] if seat else []
    if not isinstance(value, list) or not value:
        raise MahjongError("table.winners must be a list of seat winds", "winners")
    winners = [_seat(w, "table.winners", seats) for w in value]
    if len(set(winners)) != len(winners):
        raise MahjongError("table.winners lists a seat twice", "winners")
    if seat is not None and seat not in winners:
        raise MahjongError(f"table.winners must include the seat scored ({seat})", "winners")
    if len(winners) > 1 and discarder is None:
        raise MahjongError("several winners are only possible on a discard", "winners")
    if discarder in winners:
        raise MahjongError(f"the discarder {discarder} cannot be a winner", "winners")
    return winners
