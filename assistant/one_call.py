"""``analyze`` of a complete MCR or riichi hand in one core call (``assistant/_answer.c``), from
the request to the answer.

:func:`answer` hands a request to the core's ``mcr_answer`` where the core is built, the variant
is MCR under its default options and the request is a plain dict; the core answers the requests
it is sure of (see ``_answer.c``: a complete hand of any form, no fifth copy …) with the very dict
the Python path writes, and returns ``NotImplemented`` for every other, which
:func:`assistant.analysis.analyze` then answers (or refuses, naming the problem) itself. The core
names no error and writes no word a player reads: what MCR's answer holds fixed is read here from
the card, the catalogue and the table rules and handed over once (:func:`setup`), with the
functions that write its notes to ``assumed``; a hand under the minimum is given the refusal every
page gives (:func:`assistant.verdict.refusal`). ``MAHJONG_ASSISTANT_PURE=1`` switches it off with
the rest of the core. Both paths give the same JSON, key order included
(``tests/test_analyze_one_call.py``).

Riichi (``riichi_answer``) is the same under any values of riichi's own options: the card and the
options that change a score are packed once per option values (:func:`riichi_card`, riichi's
``native_card``) and handed over with each request; the yaku's and dora's names, the limits'
names, the note of the winner's own riichi stick and, for every seat, prevalent wind, way of
winning and table, what ``read_riichi_table`` reads (the dealer, the discarder, the notes of
``assumed``; None where it refuses) are handed over once (:func:`riichi_setup`). A hand without a
yaku, 三麻 and any table key but ``discarder``, ``honba`` and ``riichi_sticks`` stay on the Python
path.
"""

from __future__ import annotations

from typing import Any

from . import native
from .errors import MahjongError
from .hand import HandState
from .scoring.fan_table import all_tiles
from .scoring.patterns import CATALOGUE
from .scoring.settlement import Ledger
from .shanten import ALL_FORMS
from .tiles import TILES, WINDS
from .variants import get_profile
from .variants.mcr import (
    FLOWER,
    TABLE,
    UNIT,
    fourth_tile_ignored,
    read_mcr_table,
    robbing_kong_ignored,
    settle,
    under_minimum,
)
from .variants.riichi import DEFAULTS as RIICHI_OPTIONS
from .variants.riichi import (
    DORA_KEYS,
    DORA_NAMES,
    GATED_BY_OPEN,
    LIMIT_NAMES,
    LIMIT_OF_CODE,
    native_card,
    read_riichi_table,
)
from .verdict import refusal

#: How an item's tiles are chosen, by the card line's key, as ``_answer.c`` numbers them (the
#: tile finders of ``scoring/patterns.py``); every other line shows the whole hand, and the
#: relations (一般高 …) the sets they combine.
ALL, CONCEALED_PUNGS, KONGS, WIN, WIND_PUNGS, DRAGON_PUNGS, PREVALENT, SEAT, TILE_HOG, \
    TERMINAL_PUNGS, SETS = range(11)
TILE_KINDS: dict[str, int] = {
    **dict.fromkeys(("four_concealed_pungs", "three_concealed_pungs", "two_concealed_pungs"),
                    CONCEALED_PUNGS),
    **dict.fromkeys(("three_kongs", "two_concealed_kongs", "concealed_and_melded_kong",
                     "two_melded_kongs", "concealed_kong", "melded_kong"), KONGS),
    **dict.fromkeys(("last_tile", "edge_wait", "closed_wait", "single_wait"), WIN),
    "big_three_winds": WIND_PUNGS, "two_dragon_pungs": DRAGON_PUNGS, "dragon_pung": DRAGON_PUNGS,
    "prevalent_wind_pung": PREVALENT, "seat_wind_pung": SEAT, "tile_hog": TILE_HOG,
    "terminal_pung": TERMINAL_PUNGS,
}

_CORE = native.core if hasattr(native.core, "mcr_answer") else None
_RIICHI = native.core if hasattr(native.core, "riichi_answer") else None
_ready: bool | None = None  # None: not yet handed over; False: the core cannot hold the card
_riichi_ready: bool | None = None
#: The packed card by the request's riichi options (their items in the order given, and the
#: values' types; None where the core does not hold them), bounded as options come from requests.
_cards: dict[Any, bytes | None] = {}
_MAX_CARDS = 256


def answer(data: Any, variant: str | None, options: dict[str, Any] | None) -> Any:
    """The core's whole answer to ``analyze(data, variant, options)``, or ``NotImplemented``."""
    global _ready
    if _CORE is None or options or type(data) is not dict:
        return NotImplemented
    if variant == "riichi" or (variant is None and data.get("variant") == "riichi"):
        return riichi_answer(data)
    if variant != "mcr" and not (variant is None and data.get("variant") == "mcr"):
        return NotImplemented
    if _ready is None:
        made = setup()
        if made is not None:
            _CORE.mcr_setup(made)
        _ready = made is not None
    if not _ready:
        return NotImplemented
    found = _CORE.mcr_answer(data)
    if found is not NotImplemented:
        refused = refusal(found)  # under the minimum: the reason every page gives
        if refused is not None:
            found["not_a_win"] = refused
    return found


def setup() -> tuple[Any, ...] | None:
    """What MCR's answer holds fixed, as ``mcr_setup`` reads it; None where the core cannot
    hold the card (a line whose tiles it does not choose, the card not packed)."""
    profile = get_profile("mcr")
    card = TABLE.card(profile.extra)
    if card.native is None or profile.forms != ALL_FORMS or TABLE.fallback is None:
        return None
    lines = {}
    for bit, line in card.by_bit.items():
        key = line.entry.pattern
        kind = SETS if key in card.joint_lines else TILE_KINDS.get(key)
        if kind is None:
            if line.tiles is not all_tiles:
                return None
            kind = ALL
        lines[bit] = (line.name_zh, line.name_en, key, line.value, kind)
    entry = TABLE.fallback
    pattern = CATALOGUE[entry.pattern]
    if pattern.tiles is not None:  # the fallback's item shows the whole hand (FanTable._item)
        return None
    fallback = (entry.name_zh or pattern.name_zh, entry.name_en or pattern.name_en,
                entry.pattern, entry.worth(profile.extra))
    return (card.native, lines, fallback,
            (*FLOWER, "flowers"), UNIT, profile.option("min_points"), profile.name,
            profile.kong_robbable, tuple(TILES), tuple(f.value for f in profile.forms),
            tuple(WINDS), settlements(profile), profile.four_as_two_pairs,
            (fourth_tile_ignored, robbing_kong_ignored, under_minimum))


def settlements(profile: Any) -> tuple[Any, ...]:
    """For each seat wind, prevalent wind, self-draw or not and robbing a kong or not (in that
    order of digits), the table MCR reads without a ``table`` and its settlement: (winner,
    dealer, ((payer, payee, a, b, reason), ...) paying ``a + b × points``, the notes of
    ``assumed``); None where the table's rules refuse the win."""
    rows: list[Any] = []
    for seat in WINDS:
        for prevalent in WINDS:
            for self_drawn in (False, True):
                for robbing in (False, True):
                    rows.append(_settlement(profile, HandState(
                        concealed=[], seat_wind=seat, prevalent_wind=prevalent,
                        self_drawn=self_drawn, robbing_kong=robbing)))
    return tuple(rows)


def _settlement(profile: Any, state: HandState) -> Any:
    try:
        table = read_mcr_table(state, profile)
    except MahjongError:
        return None
    paid = []
    for points in (0, 1, 2):
        ledger = Ledger()
        settle(ledger, table, points)
        paid.append(ledger.entries)
    if len({len(p) for p in paid}) != 1:
        return None
    transfers = []
    for (payer, payee, a, reason), (*_, one, _r), (*_, two, _s) in zip(*paid, strict=True):
        if two - one != one - a:  # not a + b × points: the Python path settles it
            return None
        transfers.append((payer, payee, a, one - a, reason))
    return (table.seat, table.dealer, tuple(transfers), tuple(table.assumed))


def riichi_answer(data: dict[str, Any]) -> Any:
    """The core's whole answer to a riichi request, or ``NotImplemented``."""
    global _riichi_ready
    if _RIICHI is None:
        return NotImplemented
    if _riichi_ready is None:
        _RIICHI.riichi_setup(riichi_setup())
        _riichi_ready = True
    given = data.get("options")
    try:  # the values' types too: True == 1 == 1.0, but only True is an option's true
        key = (tuple(given.items()), tuple(map(type, given.values()))) if type(
            given) is dict else given
        card = _cards[key]
    except TypeError:  # an option's value that is not hashable: the Python path reads it
        return NotImplemented
    except KeyError:
        if len(_cards) >= _MAX_CARDS:
            _cards.clear()
        card = _cards[key] = riichi_card(given)
    if card is None:
        return NotImplemented
    return _RIICHI.riichi_answer(data, card)


def riichi_card(given: Any) -> bytes | None:
    """The packed card of the request's options (``native_card``); None where the Python path
    answers: options that are not riichi's own scoring options, or that it refuses."""
    if given is None:
        given = {}
    if type(given) is not dict or not set(given) <= set(RIICHI_OPTIONS):
        return None
    try:
        profile = get_profile("riichi", given)
    except MahjongError:
        return None
    if profile.three_player or profile.forms != RIICHI_FORMS or profile.four_as_two_pairs:
        return None
    return native_card(profile.extra, False)


#: The forms riichi plays, as ``riichi_answer`` reads them.
RIICHI_FORMS = get_profile("riichi").forms


def riichi_setup() -> tuple[Any, ...]:
    """What riichi's answer holds fixed, as ``riichi_setup`` reads it."""
    profile = get_profile("riichi")
    lines = tuple(tuple((y.key, y.name_ja, y.name_zh, y.name_en, bool(y.yakuman))
                        for y, *_ in GATED_BY_OPEN[is_open]) for is_open in (False, True))
    dora = tuple((key, *DORA_NAMES[key]) for key in DORA_KEYS)
    limits = tuple(None if name not in LIMIT_NAMES else LIMIT_NAMES[name]
                   for name in LIMIT_OF_CODE)
    notes = tuple(f"the winner's riichi stick: riichi_sticks.{seat} = 1" for seat in WINDS)
    return (profile.name, profile.kong_robbable, tuple(TILES),
            tuple(f.value for f in ALL_FORMS), lines, dora, limits, notes,
            riichi_tables(profile))


def riichi_tables(profile: Any) -> tuple[Any, ...]:
    """For each seat wind, prevalent wind, self-draw or not, robbing a kong or not and table (none;
    no discarder named; discarder null; discarder E, S, W, N), in that order of digits, what
    ``read_riichi_table`` reads: (dealer, discarder, the notes of ``assumed``) with the seats as
    0-3 (discarder -1: none), or None where it refuses the win or reads more than one winner."""
    rows: list[Any] = []
    tables: list[Any] = [None, {}, {"discarder": None},
                         *({"discarder": seat} for seat in WINDS)]
    for seat in WINDS:
        for prevalent in WINDS:
            for self_drawn in (False, True):
                for robbing in (False, True):
                    for table in tables:
                        state = HandState(concealed=[], seat_wind=seat, prevalent_wind=prevalent,
                                          self_drawn=self_drawn, robbing_kong=robbing,
                                          table=None if table is None else dict(table))
                        try:
                            read = read_riichi_table(state, profile)
                        except MahjongError:
                            rows.append(None)
                            continue
                        if (len(read.seats) != 4 or read.seat != seat or len(read.winners) > 1
                                or isinstance(read.liable, dict) or len(read.in_play) < 4):
                            rows.append(None)
                            continue
                        rows.append((WINDS.index(read.dealer), -1 if read.discarder is None
                                     else WINDS.index(read.discarder), tuple(read.assumed)))
    return tuple(rows)
