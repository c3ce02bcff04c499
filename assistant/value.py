"""The value of each discard: the chance to be ready and to win by the last own draw, and the
expected gain, under the variant's own rules for a win and its own scoring.

The model (docs/advice.md): only the player's own draws; the k-th of them (k = 0, 1, …) is tile
*i* with probability ``(unseen_i - kept_i) / (unseen - k)``, where ``unseen_i`` counts the copies
nobody has seen and ``kept_i`` the copies of *i* the player has drawn and kept; a draw that does
not lower the hand's shanten is thrown straight back (and counted as one of the tiles no later
step wants), a draw that does is kept and the discard that serves the measure best is made. A
completed hand wins when the variant accepts it as a self-drawn win and is worth the winner's
gain in the variant's settlement. A hand that must give up a suit (定缺, 缺一门) measures its
distance from ready with that suit's tiles counted as tiles no win can use
(:func:`distance`). This is exact, under that model, for hands at most ``EXACT_SHANTEN`` from
ready: every chain of improving draws is enumerated and its probability summed per remaining
draw count, with each 13-tile hand evaluated once (a memo by hand).

>>> from assistant.analysis import analyze
>>> r = analyze({"concealed": "123m456p789s11z23p5s", "variant": "riichi",
...              "context": {"draws_left": 10}})
>>> d = r["discards"][0]
>>> d["tile"], d["tenpai_chance"], 0 < d["win_chance"] < 1
('5s', 1.0, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from math import comb, floor
from typing import Any

import numpy as np

from . import native
from .danger import Table
from .errors import MahjongError, NotScored
from .hand import MAX_DRAWS_LEFT, HandState
from .profile import RuleProfile
from .scoring.table import SHOWN_KEYS
from .shanten import Form, shanten
from .tiles import INDEX, TILES, WINDS
from .variants import scorer_for
from .waits import Rules, best_forms, helpful_draws

#: Hands at most this far from ready (by :func:`distance`) are valued exactly under the model;
#: farther hands by the approximation of :func:`_chain`.
EXACT_SHANTEN = 2
#: Hands one decision values exactly at most (each costs a shanten scan and a pass over the
#: draws, about 0.1 ms), and at most ``DISCARD_HANDS`` more for any discard but the first (the
#: memo is shared, so later discards reuse the earlier ones' hands); past either the discard
#: takes the approximation, so a decision is bounded whatever the hand. No decision of either
#: benchmark run reaches it (the most hands one values is 760, riichi; 703 Sichuan), so every
#: discard there within ``EXACT_SHANTEN`` is exact (docs/advice.md *Speed*).
MAX_HANDS = 1000
DISCARD_HANDS = 500
#: Winning hands one decision scores at most, and at most ``DISCARD_WINS`` more for any discard
#: but the first, bounded as the hands are: a hand of several wild tiles reaches thousands of
#: wins of a dozen readings each (a Sichuan hand holding four wild 6筒 scored 4,537 in 3 s),
#: while the benchmark runs' decisions score at most 230 (``tests/test_value_advice.py``).
MAX_WINS = 1000
DISCARD_WINS = 500
#: Draws assumed when neither the input nor the table says how many are left (a riichi wall of
#: 136 less 14 dead and 53 dealt leaves 69, about 17 for each seat).
DEFAULT_DRAWS = 17
#: Live waits of a typical ready hand (a two-sided wait with a copy or two seen), the last step of
#: the approximation beyond ``EXACT_SHANTEN``.
READY_WAITS = 6
#: How many winning hands ``targets`` lists.
TARGETS_SHOWN = 3

Key = tuple[tuple[int, ...], int]
#: (the won hand state, its natural counts, its wilds) -> the readings the variant lets win; the
#: analysis hands its own in, so this module never imports it back.
Judge = Callable[[HandState, list[int], int], list[Any]]


class OverBudget(Exception):
    """The decision reached ``MAX_HANDS`` hands valued or ``MAX_WINS`` wins scored exactly."""


@dataclass
class Outlook:
    """The measures of one 13-tile hand, indexed by the own draws still to come (0 … n)."""

    win: np.ndarray
    tenpai: np.ndarray
    points: np.ndarray
    #: winning hand name -> its part of ``points`` at each draw count
    shares: dict[tuple[str, str], np.ndarray] = field(default_factory=dict)


@dataclass(frozen=True)
class Win:
    """A winning hand's gain for the player (self-drawn, by the variant's payments) and the
    fan that names it."""

    gain: float
    name: tuple[str, str]


@dataclass
class ValueModel:
    """Everything one decision shares: the hand's rules, the unseen pool, the memos by hand."""

    state: HandState
    profile: RuleProfile
    rules: Rules
    pool: list[int]
    draws: int
    start: Key
    judge: Judge
    memo: dict[Key, Outlook] = field(default_factory=dict)
    budget: int = MAX_HANDS
    win_budget: int = MAX_WINS
    shape: dict[Key, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    shanten14: dict[Key, int] = field(default_factory=dict)
    wins: dict[Key, Win | None] = field(default_factory=dict)
    #: the best play after each 14-tile hand (many 13-tile hands reach the same one by a draw)
    chosen: dict[Key, Outlook | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        codes = [c for c in self.rules.wild_codes if c in INDEX]
        self.wild_index = INDEX[codes[0]] if codes else -1
        unseen = sum(self.pool)
        steps = np.arange(self.draws + 1)
        # tiles in the pool at the draw made with t draws still to come: unseen - (n - t)
        self.left = np.maximum(unseen - (self.draws - steps), 0).astype(float)
        # shared, never written: the measures of a hand with nothing to gain, or always ready
        self.zero = np.zeros(self.draws + 1)
        self.one = np.ones(self.draws + 1)
        self.dropped = dropped_suit(self.state, self.profile, self.start)

    def canonical(self, counts: list[int], wilds: int) -> Key:
        """The key of a hand, with the tiles of the suit to give up all counted on that suit's
        1: no step of the model tells them apart (never drawn, never part of a win, each
        discarded before any other tile), so the discards of one or another share one tree."""
        if self.dropped is not None:
            lo = 9 * self.dropped
            counts = list(counts)
            counts[lo:lo + 9] = [sum(counts[lo:lo + 9])] + [0] * 8
        return (tuple(counts), wilds)

    def info(self, key: Key) -> tuple[int, tuple[int, ...]]:
        """Distance from ready of a 13-tile hand (:func:`distance`) and the tiles (indices, a
        wild among them) that lower it; a tile of the suit to give up never does."""
        found = self.shape.get(key)
        if found is None:
            counts, wilds = list(key[0]), key[1]
            if self.dropped is None:
                s, tiles = helpful_draws(counts, wilds, self.rules)
            else:  # measured as distance() does: the suit's tiles as that many wild tiles
                lo = 9 * self.dropped
                strays = sum(counts[lo:lo + 9])
                counts[lo:lo + 9] = [0] * 9
                s, tiles = helpful_draws(counts, wilds + strays,
                                         _rules_without(self.rules, self.dropped))
                s += strays
                tiles = [i for i in tiles if not lo <= i < lo + 9]
            draws = tuple(tiles) + ((self.wild_index,) if self.wild_index >= 0 and s >= 0 else ())
            found = self.shape[key] = (s, draws)
        return found

    def shanten_of(self, key: Key) -> int:
        """Distance from ready of a hand, without its tiles (cheaper, for discards to rule out)."""
        found = self.shape.get(key)
        if found is not None:
            return found[0]
        s = self.shanten14.get(key)
        if s is None:
            s = self.shanten14[key] = distance(list(key[0]), key[1], self.rules, self.dropped)
        return s

    def left_of(self, key: Key, i: int) -> int:
        """Unseen copies of tile ``i`` once the player holds the hand ``key``."""
        if i == self.wild_index:
            return self.pool[i] - max(0, key[1] - self.start[1])
        return self.pool[i] - max(0, key[0][i] - self.start[0][i])

    def win(self, key: Key) -> Win | None:
        """The win a complete 14-tile hand makes, or None where the variant refuses it."""
        if key not in self.wins:
            if len(self.wins) >= self.win_budget:
                raise OverBudget
            self.wins[key] = winning_value(self.state, self.profile, self.rules, key, self.judge)
        return self.wins[key]

    def outlook(self, key: Key) -> Outlook:
        """The measures of a 13-tile hand for every count of draws still to come."""
        found = self.memo.get(key)
        if found is not None:
            return found
        if len(self.memo) >= self.budget:
            raise OverBudget
        s, draws = self.info(key)
        n = self.draws
        tenpai = self.one if s == 0 else self.zero
        steps: list[tuple[float, Any]] = []  # (copies, child: Win | Outlook)
        counts = list(key[0])
        for i in draws:
            copies = self.left_of(key, i)
            if copies <= 0:
                continue
            if i == self.wild_index:
                drawn: Key = (key[0], key[1] + 1)
            else:
                counts[i] += 1
                drawn = (tuple(counts), key[1])
                counts[i] -= 1
            if s == 0:
                found_win = self.win(drawn)
                if found_win is not None:
                    steps.append((copies, found_win))
                continue
            child = self.best_child(drawn, s - 1)
            if child is not None:
                steps.append((copies, child))
        useful = sum(c for c, _ in steps)
        # the draw made with t draws still to come (t = 1 … n): its pool, the chance it is
        # thrown back, and each measure's gain from the useful draws, as vectors over t
        left = np.maximum(self.left[1:], useful)  # the useful copies are all still there
        inv = np.divide(1.0, left, out=np.zeros(n), where=left > 0)
        stay = (left - useful) * inv
        wins = [(c, w) for c, w in steps if isinstance(w, Win)]
        subs = [(c, o) for c, o in steps if isinstance(o, Outlook)]
        names = list(dict.fromkeys([w.name for _, w in wins]
                                   + [name for _, o in subs for name in o.shares]))
        # every measure's gain per draw as one row (win, points, ready, then each winning hand's
        # part of points), all run through the same recursion at once
        gains = np.zeros((3 + len(names), n))
        row = {name: 3 + k for k, name in enumerate(names)}
        for c, w in wins:
            gains[0] += c
            gains[1] += c * w.gain
            gains[row[w.name]] += c * w.gain
        if subs:
            copies = np.array([c for c, _ in subs], dtype=float)
            gains[0] += copies @ np.array([o.win[:-1] for _, o in subs])
            gains[1] += copies @ np.array([o.points[:-1] for _, o in subs])
            gains[2] += copies @ np.array([o.tenpai[:-1] for _, o in subs])
            for c, o in subs:
                for name, part in o.shares.items():
                    gains[row[name]] += c * part[:-1]
        out = _recur_rows(stay, gains * inv)
        win, points = out[0], out[1]
        if s != 0:
            tenpai = np.minimum(out[2], 1.0)
        shares = {name: out[row[name]] for name in names}
        found = self.memo[key] = Outlook(win, tenpai, points, shares)
        return found

    def best_child(self, drawn: Key, target: int) -> Outlook | None:
        """After an improving draw, the discard that keeps the lower shanten and serves each
        measure best (each measure its own best discard, draw count by draw count)."""
        if drawn in self.chosen:
            return self.chosen[drawn]
        best = self.chosen[drawn] = self._best_child(drawn, target)
        return best

    def _best_child(self, drawn: Key, target: int) -> Outlook | None:
        """:meth:`best_child` without its memo. A hand holding a tile of the suit to give up
        discards one (docs/advice.md: that discard is at least as good as any other, and all
        such tiles are alike), the lowest, so one child stands for them all."""
        counts = list(drawn[0])
        if self.dropped is not None:
            lo = 9 * self.dropped
            stray = next((j for j in range(lo, lo + 9) if counts[j]), None)
            if stray is not None:
                counts[stray] -= 1
                return self.outlook((tuple(counts), drawn[1]))
        best: Outlook | None = None
        children = []
        for d in range(34):
            if not counts[d]:
                continue
            counts[d] -= 1
            key = (tuple(counts), drawn[1])
            counts[d] += 1
            if self.shanten_of(key) == target:
                children.append(self.outlook(key))
        if drawn[1] and self.rules.wild_codes and self.profile.wild_discard:
            key = (drawn[0], drawn[1] - 1)
            if self.shanten_of(key) == target:
                children.append(self.outlook(key))
        if len(children) == 1:  # read only by the hands before it: no copy needed
            return children[0]
        for child in children:
            if best is None:
                best = Outlook(child.win.copy(), child.tenpai.copy(), child.points.copy(),
                               dict(child.shares))
                continue
            np.maximum(best.win, child.win, out=best.win)
            np.maximum(best.tenpai, child.tenpai, out=best.tenpai)
            better = child.points > best.points
            if better.any():
                best.points = np.where(better, child.points, best.points)
                names = best.shares.keys() | child.shares.keys()
                best.shares = {name: np.where(better, child.shares.get(name, self.zero),
                                              best.shares.get(name, self.zero))
                               for name in names}
        return best


#: Below this chance of a draw being thrown back the closed form of :func:`_recur_rows` loses
#: precision (it divides by the product of those chances), and the step-by-step loop runs.
CLOSED_FORM_STAY = 1e-3


def _recur_rows(stay: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """``x[:, 0] = 0``, ``x[:, t] = stay[t-1] * x[:, t-1] + gain[:, t-1]`` for every row of
    ``gain`` (a measure with t draws to come, from the chance a draw is thrown back and what the
    useful draws bring). In closed form, ``x[t] = P[t] · Σ_{j≤t} gain[j] / P[j]`` with ``P`` the
    running product of ``stay``: a few array operations for all measures at once, where a loop
    costs a Python step per draw and per measure."""
    k, n = gain.shape
    out = np.zeros((k, n + 1))
    if n == 0:
        return out
    if stay.min() >= CLOSED_FORM_STAY:
        prod = np.cumprod(stay)
        out[:, 1:] = prod * np.cumsum(gain / prod, axis=1)
        return out
    x = np.zeros(k)
    for t in range(n):
        x = stay[t] * x + gain[:, t]
        out[:, t + 1] = x
    return out


def distance(counts: list[int], wilds: int, rules: Rules, dropped: int | None = None) -> int:
    """The variant's distance from ready of a hand that must give up the suit ``dropped``
    (0 m, 1 p, 2 s; ``None``: none): the shanten with that suit's tiles kept in the hand but
    part of no set or pair. Ready (0) means ready holding none of them.

    Each form's shanten is ``target - min(target, overlap + wilds) - 1``, the overlap being the
    most held tiles some complete hand of the form keeps. Taking the ``k`` tiles of that suit
    out and adding ``k`` wild tiles keeps the hand's size (the sets it needs) and adds exactly
    ``k`` to every form's ``overlap + wilds`` (which never passes the cap: it is at most the
    hand's size, at most the target), so that shanten plus ``k`` is the distance, and the engine
    (the compiled core included) measures it as it measures any hand. Only the regular form and
    seven pairs count there: 十三幺 and the knitted forms need tiles of all three suits.

    >>> from assistant.tiles import parse_tiles, to_counts
    >>> distance(to_counts(parse_tiles("123m456m789s11s58p")), 0, Rules(), 1)
    2
    """
    strays = 0
    if dropped is not None:
        lo = 9 * dropped
        strays = sum(counts[lo:lo + 9])
        counts = counts[:lo] + [0] * 9 + counts[lo + 9:]
        wilds += strays
        rules = _rules_without(rules, dropped)
    if rules.three_player or (Form.KNITTED_STRAIGHT in rules.forms and native.core is None):
        # the pure-Python 组合龙 scan is costly and best_forms' bound spares most of it;
        # the compiled core takes every form at once (≈0.4 µs against ≈0.5 ms a hand)
        return best_forms(counts, wilds, rules)[0] + strays
    return shanten(counts, wilds, rules.forms, rules.four_as_two_pairs) + strays


@cache
def _rules_without(rules: Rules, dropped: int | None) -> Rules:
    """The rules a hand giving up a suit is measured by: the forms that need no tile of it."""
    if dropped is None:
        return rules
    return replace(rules, forms=tuple(f for f in rules.forms
                                      if f in (Form.REGULAR, Form.SEVEN_PAIRS)))


def dropped_suit(state: HandState, profile: RuleProfile, start: Key) -> int | None:
    """The suit (0 m, 1 p, 2 s) the hand must give up before it can win: the declared void
    suit, or under 缺一门 with three suits held, the one with fewest tiles (a melded suit stays)."""
    if state.void_suit:
        return "mps".index(state.void_suit)
    if not profile.lack_a_suit:
        return None
    melded = {"mps".index(t[1]) for m in state.melds for t in m.faces
              if len(t) == 2 and t[1] in "mps"}
    held = [sum(start[0][9 * k:9 * k + 9]) for k in range(3)]
    if len(melded | {k for k in range(3) if held[k]}) < 3:
        return None
    free = [k for k in range(3) if k not in melded and held[k]]
    return min(free, key=lambda k: held[k]) if free else None


def winning_value(state: HandState, profile: RuleProfile, rules: Rules, key: Key,
                  judge: Judge) -> Win | None:
    """The gain of a complete hand won by self-draw, scored the way ``analyze`` scores a win:
    the variant's readings and win condition, then its scorer and payments; None where the
    variant does not let it win (no yaku, under the minimum, the void suit held)."""
    won = hand_state(state, rules, key)
    readings = judge(won, list(key[0]), key[1])
    if not readings:
        return None
    scorer = scorer_for(profile)
    if scorer is None:  # a profile that reads hands but scores none: a win is worth one
        return Win(1.0, ("和牌", "Win"))
    try:
        score = scorer(won, profile, readings)
    except NotScored:
        return None
    if score.get("below_minimum"):
        return None
    payments = score.get("payments") or {}
    gain = float(payments.get(score.get("winner") or state.seat_wind, 0))
    if gain <= 0:
        return None
    return Win(gain, _main_fan(score))


def _main_fan(score: dict[str, Any]) -> tuple[str, str]:
    """The fan that names a winning hand: the item worth most (its first on a tie)."""
    items = [i for i in score.get("items", []) if i.get("name_zh") and not i.get("event")]
    if not items:
        return ("和牌", "Win")
    top = max(items, key=lambda i: i.get("value", 0) * i.get("count", 1))
    return (top["name_zh"], top["name_en"])


def hand_state(state: HandState, rules: Rules, key: Key) -> HandState:
    """The player's hand as the counts ``key`` (14 tiles: the last natural or wild tile made
    the winning draw), melds and table facts kept, won by self-draw."""
    tiles = [TILES[i] for i, c in enumerate(key[0]) for _ in range(c)]
    wild = rules.wild_codes[0] if rules.wild_codes else None
    tiles += [wild] * (key[1] - rules.virtual_wilds) if wild else []
    table = state.table
    if table is not None:
        table = {k: v for k, v in table.items() if k not in SHOWN_KEYS}
        table.pop("discarder", None)
    return replace(state, concealed=tiles[:-1], win_tile=tiles[-1], self_drawn=True,
                   table=table, stood=[], discards=[])


def _chain(s: int, useful: int, unseen: int, draws: int) -> tuple[float, float]:
    """Win and ready chances of a hand ``s`` from ready (the approximation beyond
    ``EXACT_SHANTEN``): s+1 steps, each made by a draw among the tiles that lower the hand;
    those are ``useful`` now and shrink step by step, geometrically, to ``READY_WAITS`` at the
    last (a hand's effective tiles narrow as it takes shape)."""
    if useful <= 0 or unseen <= 0:
        return 0.0, 0.0
    ratio = min(READY_WAITS / useful, 1.0)
    per_step = [useful * ratio ** (j / s) for j in range(s + 1)] if s else [useful]
    dist = [1.0] + [0.0] * (s + 1)  # dist[j]: j steps made
    for k in range(draws):
        left = unseen - k
        if left <= 0:
            break
        nxt = [0.0] * (s + 2)
        nxt[s + 1] = dist[s + 1]
        for j in range(s + 1):
            p = min(per_step[j] / left, 1.0)
            nxt[j] += dist[j] * (1 - p)
            nxt[j + 1] += dist[j] * p
        dist = nxt
    return dist[s + 1], sum(dist[s:])


def hypergeometric_win(waits: int, unseen: int, draws: int) -> float:
    """Chance that ``draws`` draws without replacement from ``unseen`` tiles hit one of
    ``waits``: the floor of a ready hand's win chance."""
    draws = min(draws, unseen)
    if waits <= 0 or draws <= 0:
        return 0.0
    return 1.0 - comb(unseen - waits, draws) / comb(unseen, draws)


def unseen_pool(state: HandState, profile: RuleProfile, rules: Rules) -> list[int]:
    """Unseen copies of each tile: the variant's set less the hand, the melds, the visible and
    indicator tiles, every seat's river and melds (checked by :func:`seen_tiles`)."""
    seen, _ = seen_tiles(state, profile)
    copies = 1 if profile.one_copy else 4
    pool = [0 if i in rules.absent else max(0, 4 - seen[t]) for i, t in enumerate(TILES)]
    for t in profile.one_copy:
        pool[INDEX[t]] = max(0, copies - seen[t])
    return pool


def seen_tiles(state: HandState, profile: RuleProfile) -> tuple[Counter[str], dict[str, Counter[str]]]:
    """Every tile the player sees, and where: the hand, the table's rivers and melds, the visible
    and indicator tiles. A tile seen more often than the set holds is refused, naming where."""
    places: dict[str, Counter[str]] = {
        "hand": state.own_counts(),
        "visible": Counter(state.visible) + Counter(state.laid_out)
        + Counter(t for t in state.bonus if len(t) == 1)
        + Counter(state.dora_indicators + ([state.indicator] if state.indicator else [])),
    }
    table = Table.read(state.table, state.seat_wind)
    if state.discards and state.seat_wind not in table.rivers:
        places["river " + state.seat_wind] = Counter(state.discards)
    for seat, tiles in table.rivers.items():
        places["river " + seat] = Counter(tiles)
    for seat, melds in table.melds.items():
        places["melds " + seat] = Counter(t for m in melds for t in m)
    seen: Counter[str] = Counter()
    for c in places.values():
        seen += c
    for t, c in seen.items():
        limit = 1 if t in profile.one_copy else 4
        if c > limit:
            where = ", ".join(f"{n} in {place}" for place, got in places.items()
                              if (n := got[t]))
            raise MahjongError(f"tile {t} is seen {c} times ({where}), but the set has {limit}", t)
    return seen, places


def default_draws(state: HandState, profile: RuleProfile, rules: Rules) -> int:
    """Own draws left when the input does not say: the variant's wall less the deal and the
    discards the rivers show, shared among the seats; 17 without rivers."""
    rivers = (state.table or {}).get("rivers")
    if not rivers:
        return DEFAULT_DRAWS
    seats = 3 if profile.three_player else 4
    wall = 4 * (34 - len(rules.absent)) - (14 if profile.riichi else 0)
    wall -= seats * profile.hand_size + 1
    wall -= sum(len(r) for r in rivers.values())
    return max(0, min(MAX_DRAWS_LEFT, wall // seats))


def value_model(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int],
                wilds: int, draws: int, judge: Judge) -> ValueModel:
    """The shared model of one decision on the 14-tile hand ``counts`` (``wilds`` wild tiles)."""
    return ValueModel(state, profile, rules, unseen_pool(state, profile, rules), draws,
                      (tuple(counts), wilds), judge)


def discard_value(model: ValueModel, tile: str) -> dict[str, Any]:
    """``win_chance``, ``tenpai_chance``, ``expected_points`` and ``targets`` of one discard."""
    counts, wilds = list(model.start[0]), model.start[1]
    if tile in model.rules.wild_codes:
        wilds -= 1
    else:
        counts[INDEX["E" if model.rules.fold_winds and tile in WINDS else tile]] -= 1
    key = model.canonical(counts, wilds)
    s, draws = model.info(key)
    n = model.draws
    o = None
    if s <= EXACT_SHANTEN:
        # the first discard valued (the most efficient) may use the whole budget, so the
        # approximated ones have an exact gain per win to be measured by
        model.budget = min(len(model.memo) + DISCARD_HANDS, MAX_HANDS) if model.memo \
            else MAX_HANDS
        model.win_budget = min(len(model.wins) + DISCARD_WINS, MAX_WINS) if model.wins \
            else MAX_WINS
        try:
            o = model.outlook(key)
        except OverBudget:
            o = None
    if o is not None:
        win, tenpai, points = float(o.win[n]), float(o.tenpai[n]), float(o.points[n])
        shares = {name: float(v[n]) for name, v in o.shares.items()}
        exact = True
    else:
        useful = sum(model.left_of(key, i) for i in draws)
        win, tenpai = _chain(max(s, 0), useful, sum(model.pool), n)
        points, shares, exact = 0.0, {}, False
    win, tenpai = _unit(win), _unit(max(tenpai, win))
    if s == 0:
        tenpai = 1.0
    targets = []
    if points > 0:
        for (zh, en), part in sorted(shares.items(), key=lambda kv: -kv[1])[:TARGETS_SHOWN]:
            if part > 0:
                share = floor(1000 * part / points) / 1000  # rounded down: the shares sum to ≤ 1
                if share > 0:
                    targets.append({"name_zh": zh, "name_en": en, "share": share})
    return {"win_chance": round(win, 4), "tenpai_chance": round(tenpai, 4),
            "expected_points": round(points if win > 0 else 0.0, 2), "targets": targets,
            **({} if exact else {"approximate": True})}


def _unit(p: float) -> float:
    """A probability kept inside [0, 1] against rounding."""
    return min(1.0, max(0.0, p))
