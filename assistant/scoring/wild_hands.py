"""Readings of a hand with wild tiles as the tiles they stand for, for patterns and scores.

A decomposition already writes each group as the tiles it stands for (a group of wilds only as
``*``); here the ``*`` groups become the wild's own kind (归位), the hand's tiles are the tiles
stood for, and what each wild stands for is the difference between the two.

>>> from assistant.hand import HandState
>>> from assistant.decompose import decompositions
>>> from assistant.tiles import to_counts
>>> s = HandState.from_json({"concealed": "123m456m789m111s5p", "win_tile": "6s"})
>>> counts = to_counts(t for t in s.tiles if t != "6s")
>>> hand, stood = resolved_hands(s, decompositions(counts, 1), counts, ("6s",))[0]
>>> stood, is_full_flush(hand)
(['5p'], False)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from ..decompose import WILD, Decomposition, Group
from ..hand import HandState
from ..rules import rules_of, split_wilds
from ..shanten import Form
from ..tiles import TILES, sorted_tiles
from .fan_table import FanTable, Scored
from .patterns import SetView, Win, WinningHand, is_full_flush, winning_hands

__all__ = ["Shapeless", "best_wild_reading", "is_full_flush", "resolved_hands",
           "settled_readings"]


@dataclass(frozen=True)
class Shapeless(Decomposition):
    """A win without a hand form (三财神, 将一色 of any shape): its tiles as singles, its name."""

    name_zh: str = ""
    name_en: str = ""


def shapeless(tiles: list[str], name: tuple[str, str]) -> Shapeless:
    """The reading of a shapeless win of ``tiles``."""
    groups = tuple(Group("single", (t,)) for t in sorted_tiles(tiles))
    return Shapeless(Form.REGULAR, groups, name[0], name[1])


def _resolve(group: Group, wild_codes: tuple[str, ...]) -> tuple[str, ...]:
    """The group's tiles with ``*`` (wilds standing alone) as the first wild's own kind."""
    own = wild_codes[0] if wild_codes else TILES[0]
    if group.kind == "single":
        return tuple("1m" if t == WILD else t for t in group.tiles)
    return tuple(own if t == WILD else t for t in group.tiles)


def settled_readings(readings: list[Decomposition],
                     wild_codes: tuple[str, ...]) -> list[Decomposition]:
    """The readings with each ``*`` (a group of wilds only) as the tile it stands for (归位), so
    that every scorer reads real tiles: a card that knows no wilds scores them as tiles too."""
    out: list[Decomposition] = []
    for reading in readings:
        if isinstance(reading, Shapeless) or not any(WILD in g.tiles for g in reading.groups):
            out.append(reading)
            continue
        groups = tuple(Group(g.kind, _resolve(g, wild_codes), g.wilds) for g in reading.groups)
        out.append(replace(reading, groups=groups))
    return out


def resolved_hands(state: HandState, readings: list[Decomposition], natural: list[int],
                   wild_codes: tuple[str, ...]) -> list[tuple[WinningHand, list[str]]]:
    """Each reading as a hand of the tiles stood for, with the tiles the wilds stand for
    (``natural``: counts of the hand's own non-wild tiles)."""
    own = Counter({TILES[i]: c for i, c in enumerate(natural) if c})
    out = []
    for reading, hand in zip(readings, winning_hands(state, readings), strict=True):
        if not wild_codes or isinstance(reading, Shapeless):
            out.append((hand, []))
            continue
        groups = tuple((g.kind, _resolve(g, wild_codes)) for g in reading.groups)
        concealed = tuple(t for _, tiles in groups for t in tiles)
        melded = hand.sets[sum(1 for g in reading.groups if g.kind in ("chow", "pung")):]
        sets = tuple(SetView(k, t) for k, t in groups if k in ("chow", "pung")) + melded
        pair = next((t[0] for k, t in groups if k == "pair"), None)
        meld_tiles = tuple(t for m in state.melds for t in m.stands_for)
        stood = sorted_tiles(list((Counter(concealed) - own).elements())
                             + quint_wilds(state, wild_codes)[1])
        out.append((replace(hand, sets=sets, pair=pair, tiles=concealed + meld_tiles,
                            concealed_groups=groups, concealed_tiles=concealed), stood))
    return out


def is_hard(stood: list[str], held_wilds: list[str]) -> bool:
    """硬: no wild stands for another tile — none held, or each as its own kind (归位)."""
    return Counter(stood) == Counter(held_wilds)


def best_wild_reading(state: HandState, readings: list[Decomposition], natural: list[int],
                      wild_codes: tuple[str, ...], table: FanTable, win: Win,
                      options: dict[str, Any], extra: Any = None,
                      ) -> tuple[Scored, WinningHand, list[str]]:
    """The reading the card values highest with the wilds as what they stand for; ``extra(hand,
    stood)`` adds a variant's own items."""
    best: tuple[Scored, WinningHand, list[str]] | None = None
    for hand, stood in resolved_hands(state, readings, natural, wild_codes):
        scored = table.score(hand, win, options, extra(hand, stood) if extra else ())
        key = (scored.limit, scored.total, scored.uncapped)
        if best is None or key > (best[0].limit, best[0].total, best[0].uncapped):
            best = (scored, hand, stood)
    if best is None:
        raise ValueError("no reading to score")
    return best


def natural_counts(state: HandState, profile: Any) -> tuple[list[int], tuple[str, ...]]:
    """Counts of the hand's own tiles less its wilds (stand-ins as what they stand for), and
    the wild tiles."""
    rules = rules_of(profile, state)
    return split_wilds(state.tiles, rules)[0], rules.wild_codes


def quint_wilds(state: HandState, wild_codes: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The wild tiles in the hand's quints (昆) and the kind each stands for there."""
    faces, stood = [], []
    for m in state.melds:
        if m.type == "quint":
            wild = [t for t in m.tiles if t in wild_codes]
            faces += wild
            stood += [m.tile] * len(wild)
    return faces, stood


def held_wilds(state: HandState, wild_codes: tuple[str, ...]) -> list[str]:
    """The wild tiles among the hand's concealed tiles and its winning tile, and those standing
    in a quint (昆: a meld that cannot be without one)."""
    return [t for t in state.tiles if t in wild_codes] + quint_wilds(state, wild_codes)[0]


def score_wild_card(state: HandState, profile: Any, readings: list[Decomposition],
                    card: FanTable, *, extra: Any = None, table: Any = None,
                    payments: Any = None, unit: str = "points") -> dict[str, Any]:
    """Score a wild-tile win on ``card`` with the wilds as what they stand for; ``payments(ledger,
    table, share)`` records a variant's own payments (else :func:`pay_win`). The result tells
    what each wild stands for (``wilds_as``) and whether the win is hard (``hard``)."""
    from .by_card import pay_win, read_card_table
    from .settlement import Ledger

    table = table or read_card_table(state, profile)
    winner = table.seat
    o = profile.extra
    natural, codes = natural_counts(state, profile)
    scored, hand, stood = best_wild_reading(state, readings, natural, codes, card,
                                            Win.of(state, winner == table.dealer), o, extra)
    share = scored.total if scored.limit else scored.worth(o["base"])
    if state.self_drawn:
        share *= o.get("self_drawn_factor", 1)
    ledger = Ledger()
    if payments is not None:
        payments(ledger, table, share)
    else:
        pay_win(ledger, table, winner, share, o.get("dealer_factor", 1),
                "self-drawn" if state.self_drawn else "win on a discard")
    return {
        "variant": profile.name, "items": list(scored.items), "total": scored.total,
        "limit": scored.capped or scored.limit, "points": share, "unit": unit, "winner": winner,
        "dealer": table.dealer, "hand_form": hand.form.value, "wilds": list(codes),
        "wilds_held": held_wilds(state, codes), "wilds_as": stood,
        "hard": is_hard(stood, held_wilds(state, codes)) or any(
            i.get("event") == "hard" for i in scored.items), **ledger.to_json(),
        "assumed": table.assumed,
    }


def wild_card_scorer(card: FanTable, joker_card: FanTable | None = None) -> Any:
    """The scorer of a wild-tile variant that is its card alone: :func:`score_wild_card` on it,
    or on ``joker_card`` (in 番) where the special jokers are played (option special_jokers)."""
    def scorer(state: HandState, profile: Any, readings: list[Decomposition]) -> dict[str, Any]:
        if joker_card is not None and profile.special_jokers:
            return score_wild_card(state, profile, readings, joker_card, unit="fan")
        return score_wild_card(state, profile, readings, card)
    return scorer
