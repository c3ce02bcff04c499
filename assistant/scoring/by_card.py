"""Scoring by the card alone: the best reading on a variant's :class:`FanTable`, its worth per
payer and the usual payments — for variants whose rules are their card, their options and a win
condition, with nothing else of their own.

The options read: ``base`` (what a hand of worth 1 costs a payer), ``self_drawn_factor`` (each
payer of a self-draw pays this many times), ``dealer_factor`` (a payment to or from the dealer
is multiplied by it) and, where kongs are paid at once, the variant's kong rates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from .fan_table import Entry, FanTable, best_reading
from .items import item
from .kongs import KongRate, settle_kongs
from .patterns import Win, WinningHand
from .settlement import Ledger
from .table import Table, read_hand_table

#: The options :func:`score_by_card` reads, for a variant's ``SPECS``.
MONEY_SPECS: dict[str, OptionSpec] = {
    "base": number("底分", "what a hand worth 1 costs each payer", 10000, 1),
    "self_drawn_factor": number("自摸时每家付的倍数", "a self-draw is paid this many times by each "
                                "of the others", 8, 1),
    "dealer_factor": number("庄家得失倍数", "payments to or from the dealer are multiplied by "
                            "this", 8, 1),
}
MONEY_DEFAULTS: dict[str, Any] = {"base": 1, "self_drawn_factor": 1, "dealer_factor": 1}

#: The card of a note that names no scores, as such tables commonly play: a plain win 1, and
#: 对对胡, 清一色 and 七对 each doubling it.
PLAIN_CARD = FanTable(
    entries=(Entry("all_pungs", 2), Entry("full_flush", 2), Entry("seven_pairs", 2)),
    combine="multiply", fallback=Entry("chicken", 1),
)

#: The plain card in 番, for a table playing the 16 special jokers (特别百搭: 摸“花”加两番): each
#: doubling of :data:`PLAIN_CARD` is one 番 and each 花 held is two, the hand worth base × 2^番
#: (so a hand without 花 costs what it costs on the plain card).
JOKER_CARD = FanTable(
    entries=(Entry("all_pungs", 1), Entry("full_flush", 1), Entry("seven_pairs", 1),
             Entry("joker_flower", 2)),
    combine="fan", fallback=Entry("chicken", 0),
)


def pay_win(ledger: Ledger, table: Table, winner: str, share: int, dealer_factor: int = 1,
            reason: str = "win") -> None:
    """The winner is paid ``share`` by each seat still in on a self-draw, by the discarder on a
    discard; a payment to or from the dealer is multiplied by ``dealer_factor``."""
    payers = table.others if table.self_drawn else [table.discarder]
    for payer in payers:
        assert payer is not None
        factor = dealer_factor if table.dealer in (payer, winner) else 1
        ledger.pay(payer, winner, share * factor, reason)


def pay_self_drawn(ledger: Ledger, table: Table, winner: str, share: int,
                   liable: str | None = None, rule: str | None = None) -> None:
    """A self-draw (or a win counted as one): each seat still in pays ``share``; under 包 the
    liable seat pays all those shares alone."""
    if liable:
        ledger.pay(liable, winner, share * len(table.others), f"liable ({rule})")
    else:
        ledger.pay_each(table.others, winner, share, "self-drawn")


def read_card_table(state: HandState | None, profile: RuleProfile,
                    data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table of a card-scored variant (no bets)."""
    return read_hand_table(state, profile, data, need_seat, max_bet=0)


def score_by_card(state: HandState, profile: RuleProfile, readings: list[Decomposition],
                  card: FanTable, *, kong_rates: dict[str, KongRate] | None = None,
                  extra: Callable[[WinningHand], list[dict[str, Any]]] | None = None,
                  unit: str = "fan") -> dict[str, Any]:
    """Score a win on ``card``: items, the total, each payer's share and the payments."""
    table = read_card_table(state, profile)
    winner = table.seat
    assert winner is not None
    o = profile.extra
    scored, hand = best_reading(state, readings, card, Win.of(state, winner == table.dealer), o,
                                extra)
    share = scored.total if scored.limit else scored.worth(o["base"])
    if state.self_drawn:
        share *= o["self_drawn_factor"]
    ledger = Ledger()
    kong_items = settle_kongs(ledger, table, kong_rates) if kong_rates else {}
    pay_win(ledger, table, winner, share, o["dealer_factor"],
            "self-drawn" if state.self_drawn else "win on a discard")
    items = list(scored.items)
    if scored.capped:
        items.append(item("封顶", f"Cap: {scored.uncapped} counted as {scored.total}",
                          scored.total - scored.uncapped, event="cap"))
    return {
        "variant": profile.name, "items": items, "total": scored.total, "limit": scored.capped
        or scored.limit, "points": share, "unit": unit, "winner": winner, "dealer": table.dealer,
        "kong_items": kong_items.get(winner, []), "hand_form": hand.form.value,
        **ledger.to_json(), "assumed": table.assumed,
    }


def card_scorer(card: FanTable, **how: Any) -> Callable[..., dict[str, Any]]:
    """The scorer of a variant that is its card alone: :func:`score_by_card` on ``card``."""
    def scorer(state: HandState, profile: RuleProfile,
               readings: list[Decomposition]) -> dict[str, Any]:
        return score_by_card(state, profile, readings, card, **how)
    return scorer
