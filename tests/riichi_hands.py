"""Seeded random riichi wins and the oracle's answer for them (PyPI ``mahjong``, tests only).

:func:`random_case` builds a winning hand (four sets and a pair, seven pairs or thirteen orphans)
with random melds, winds, flags, dora indicators, honba, sticks and house rules, as this
project's JSON and as the oracle's call; :func:`oracle` runs the oracle. Used by
``tests/test_variant_riichi.py`` and ``benchmarks/riichi_speed.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from assistant.tiles import TILES

WINDS = ("E", "S", "W", "N")
SUITS = "mps"
#: The oracle's 34 order (dragons 白 發 中) as this project's codes: the indices below are its.
OTILES = TILES[:31] + ("P", "F", "C")
ORPHANS = [i for i, t in enumerate(OTILES) if t[0] in "19" or len(t) == 1]
FIVES = {4: "0m", 13: "0p", 22: "0s"}  # tile index -> red code; copy 0 is the red one


@dataclass
class Case:
    """One random win: the project's hand JSON, its options, and the oracle's arguments."""

    state: dict[str, Any]
    options: dict[str, Any]
    tiles: list[int]  # 136-ids of all 14+ tiles, melds included
    win: int
    melds: list[tuple[str, list[int], bool]]  # (type, 136-ids, opened)
    dora: list[int]
    ura: list[int]
    flags: dict[str, Any] = field(default_factory=dict)


class _Wall:
    """Tile copies handed out as 136-ids; copy 0 of a five is its red one."""

    def __init__(self, rng: random.Random, red: dict[int, bool]) -> None:
        self.rng = rng
        self.used = [0] * 34
        self.taken: dict[int, list[int]] = {}
        self.red = red

    def take(self, i: int) -> int:
        """A free copy of tile ``i``: a five's red copy first where the hand has a red one."""
        free = [c for c in range(4) if i * 4 + c not in self.taken.get(i, [])]
        red = i in FIVES and 0 in free and (self.red.get(i, False) or len(free) == 1)
        c = 0 if red else next(c for c in free if c != 0 or i not in FIVES)
        self.taken.setdefault(i, []).append(i * 4 + c)
        self.used[i] += 1
        return i * 4 + c


def _groups(rng: random.Random) -> tuple[list[tuple[str, int]], int, list[int]] | None:
    """Four sets (kind, first tile index) and a pair, within four copies; some hands start from
    a template (三色, 一气, 一杯口, 九莲, 绿一色) so the rarer yaku come up too."""
    pool = rng.choice(["any", "any", "one", "one_honours", "honours_heavy", "terminals",
                       "simples", "simples"])
    suit = rng.choice(SUITS)
    counts = [0] * 34

    def tile() -> int:
        if pool == "one":
            return SUITS.index(suit) * 9 + rng.randrange(9)
        if pool == "one_honours":
            return rng.choice([SUITS.index(suit) * 9 + rng.randrange(9), 27 + rng.randrange(7)])
        if pool == "honours_heavy":
            return rng.choice([rng.randrange(27), 27 + rng.randrange(7), 27 + rng.randrange(7)])
        if pool == "terminals":
            return rng.choice(ORPHANS)
        if pool == "simples":
            return rng.randrange(3) * 9 + 1 + rng.randrange(7)
        return rng.randrange(34)

    groups: list[tuple[str, int]] = []
    template = rng.choices(["none", "sanshoku", "ittsu", "peiko", "gates", "green"],
                           [0.72, 0.08, 0.08, 0.06, 0.03, 0.03])[0]
    base = SUITS.index(suit) * 9
    if template == "sanshoku":
        n = rng.randrange(7)
        groups = [("chow", k * 9 + n) for k in range(3)]
    elif template == "ittsu":
        groups = [("chow", base + k) for k in (0, 3, 6)]
    elif template == "peiko":
        t = rng.randrange(3) * 9 + rng.randrange(7)
        groups = [("chow", t), ("chow", t)]
    elif template == "gates":
        groups = [("pung", base), ("chow", base + 1), ("chow", base + 4), ("pung", base + 8)]
        pair = base + rng.randrange(9)
    elif template == "green":
        groups = [("chow", 19)]  # 234s
        greens = [19, 20, 21, 23, 25, 32]
        while len(groups) < 4:
            groups.append(("pung", rng.choice(greens)))
        pair = rng.choice(greens)
    for kind, t in groups:
        for k in range(3):
            counts[t + (k if kind == "chow" else 0)] += 1
    while len(groups) < 4:
        t = tile()
        if t < 27 and t % 9 <= 6 and rng.random() < 0.7:
            groups.append(("chow", t))
            for k in range(3):
                counts[t + k] += 1
        else:
            groups.append(("pung", t))
            counts[t] += 3
    if template not in ("gates", "green"):
        pair = tile()
    counts[pair] += 2
    if max(counts) > 4:
        return None
    return groups, pair, counts


def random_case(rng: random.Random) -> Case:
    """A random winning hand with random flags and house rules (retries until consistent)."""
    while True:
        case = _attempt(rng)
        if case is not None:
            return case


def _attempt(rng: random.Random) -> Case | None:
    red = {i: rng.random() < 0.3 for i in FIVES}
    wall = _Wall(rng, red)
    form = rng.choices(["regular", "pairs", "orphans"], [0.86, 0.1, 0.04])[0]
    concealed: list[int] = []
    melds: list[tuple[str, list[int], bool]] = []
    if form == "regular":
        made = _groups(rng)
        if made is None:
            return None
        groups, pair, counts = made
        kongs = 0
        for kind, t in groups:
            claim = rng.random() < 0.3
            if kind == "chow":
                ids = [wall.take(t + k) for k in range(3)]
                (melds.append(("chi", ids, True)) if claim else concealed.extend(ids))
            elif rng.random() < 0.12 and counts[t] == 3:
                ids = [wall.take(t) for _ in range(4)]
                melds.append(("kan", ids, rng.random() < 0.5))
                kongs += 1
            else:
                ids = [wall.take(t) for _ in range(3)]
                (melds.append(("pon", ids, True)) if claim else concealed.extend(ids))
        concealed += [wall.take(pair), wall.take(pair)]
    elif form == "pairs":
        for i in rng.sample(range(34), 7):
            concealed += [wall.take(i), wall.take(i)]
    else:
        for i in ORPHANS:
            concealed.append(wall.take(i))
        concealed.append(wall.take(rng.choice(ORPHANS)))
    if not concealed:
        return None
    win = rng.choice(concealed)
    opened = any(o for _, _, o in melds)
    kongs = sum(1 for m in melds if m[0] == "kan")
    tsumo = rng.random() < 0.5
    riichi = not opened and rng.random() < 0.5
    double = riichi and rng.random() < 0.15
    ippatsu = riichi and rng.random() < 0.3
    last = rng.random() < 0.06
    rinshan = tsumo and kongs > 0 and not last and rng.random() < 0.3
    chankan = (not tsumo and not last and sum(1 for x in concealed if x // 4 == win // 4) == 1
               and rng.random() < 0.06)
    first = not melds and not riichi and rng.random() < 0.04
    seat = rng.choice(WINDS)
    prevalent = rng.choice(("E", "E", "S", "S", "W", "N"))
    if first and not tsumo and seat == "E":
        first = False
    def indicator() -> int:
        return wall.take(rng.choice([i for i in range(34) if wall.used[i] < 4]))

    n_dora = rng.randint(1, 1 + kongs)
    dora = [indicator() for _ in range(n_dora)]
    ura = [indicator() for _ in range(n_dora)] if riichi else []
    honba = rng.choice((0, 0, 1, 2, 5))
    others = [w for w in WINDS if w != seat]
    sticks = {w: 1 for w in others if rng.random() < 0.15}
    discarder = None if tsumo else rng.choice(others)
    options = {"open_tanyao": rng.random() < 0.7, "aka_dora": rng.random() < 0.8,
               "kiriage": rng.random() < 0.3, "double_yakuman": rng.random() < 0.7,
               "kazoe": rng.choice(("yakuman", "yakuman", "sanbaiman", "none")),
               "renhou": "five_han"}

    def code(i: int) -> str:
        return FIVES[i // 4] if i % 4 == 0 and i // 4 in FIVES else OTILES[i // 4]

    rest = list(concealed)
    rest.remove(win)
    meld_json = [{"type": {"chi": "chow", "pon": "pung", "kan": "kong"}[k],
                  "tiles": [code(i) for i in ids], "concealed": not o} for k, ids, o in melds]
    state = {
        "variant": "riichi", "concealed": [code(i) for i in rest], "melds": meld_json,
        "win_tile": code(win), "options": options,
        "context": {"self_drawn": tsumo, "seat_wind": seat, "prevalent_wind": prevalent,
                    "riichi": riichi and not double, "double_riichi": double, "ippatsu": ippatsu,
                    "wall_last": last, "kong_replacement": rinshan, "robbing_kong": chankan,
                    "first_go_around": first},
        "dora_indicators": [code(i) for i in dora],
        "ura_dora_indicators": [code(i) for i in ura],
        "table": {"discarder": discarder, "honba": honba, "riichi_sticks": sticks},
    }
    flags = {"tsumo": tsumo, "riichi": riichi and not double, "double": double,
             "ippatsu": ippatsu, "last": last, "rinshan": rinshan, "chankan": chankan,
             "first": first, "seat": seat, "prevalent": prevalent, "honba": honba,
             "sticks": len(sticks) + (1 if riichi else 0)}
    tiles = concealed + [i for _, ids, _ in melds for i in ids]
    return Case(state, options, tiles, win, melds, dora, ura, flags)


def oracle(case: Case) -> Any:
    """The oracle's HandResponse for the case (PyPI ``mahjong``, a dev dependency)."""
    from mahjong.constants import EAST, NORTH, SOUTH, WEST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld

    wind = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
    f, o = case.flags, case.options
    kazoe = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
             "none": HandConstants.KAZOE_NO_LIMIT}[o["kazoe"]]
    rules = OptionalRules(has_open_tanyao=o["open_tanyao"], has_aka_dora=o["aka_dora"],
                          has_double_yakuman=o["double_yakuman"], kazoe_limit=kazoe,
                          kiriage=o["kiriage"], renhou_as_yakuman=o["renhou"] == "yakuman")
    dealer = f["seat"] == "E"
    config = HandConfig(
        is_tsumo=f["tsumo"], is_riichi=f["riichi"] or f["double"], is_daburu_riichi=f["double"],
        is_ippatsu=f["ippatsu"], is_rinshan=f["rinshan"], is_chankan=f["chankan"],
        is_haitei=f["last"] and f["tsumo"], is_houtei=f["last"] and not f["tsumo"],
        is_tenhou=f["first"] and f["tsumo"] and dealer,
        is_chiihou=f["first"] and f["tsumo"] and not dealer,
        is_renhou=f["first"] and not f["tsumo"] and not dealer and o["renhou"] != "none",
        player_wind=wind[f["seat"]], round_wind=wind[f["prevalent"]],
        tsumi_number=f["honba"], kyoutaku_number=f["sticks"], options=rules)
    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}
    melds = [Meld(kinds[k], ids, opened=o_) for k, ids, o_ in case.melds]
    return HandCalculator.estimate_hand_value(case.tiles, case.win, melds, case.dora, config,
                                              ura_dora_indicators=case.ura)
