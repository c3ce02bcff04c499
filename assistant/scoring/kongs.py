"""Kong money paid at once (Shaanxi, Xi'an): each kong of the hand settled by a rate table.

>>> from assistant.scoring.table import Kong, Table
>>> t = Table("E", "S", {}, None, [Kong("W", "an", "3p"), Kong("E", "zhi", "7m", "S")])
>>> ledger = Ledger()
>>> rates = {"an": KongRate("暗杠", "Concealed kong", 2, "each"),
...          "zhi": KongRate("明杠", "Exposed kong", 1, "each")}
>>> [i["value"] for i in settle_kongs(ledger, t, rates)["W"]], ledger.net()
([6], {'E': 1, 'S': -3, 'W': 5, 'N': -3})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .items import item
from .settlement import Ledger
from .table import Table, next_seat


@dataclass(frozen=True)
class KongRate:
    """What one kind of kong earns: ``amount`` from ``each`` other seat; from the ``discarder``
    of the kong tile alone; or ``discarder_all``: the discarder pays the three shares. A kong
    without a discarder (an, jia) is always paid by each."""

    name_zh: str
    name_en: str
    amount: int
    payers: str = "each"


def _flat(payer: str, payee: str) -> int:
    return 1


def settle_kongs(ledger: Ledger, table: Table, rates: dict[str, KongRate],
                 factor: Callable[[str, str], int] = _flat) -> dict[str, list[dict[str, Any]]]:
    """Record every kong's payments; returns each konger's items (value = what he gained).

    ``factor(payer, payee)`` scales one payment (the dealer doubling, where a variant has it).
    A kind missing from ``rates`` earns nothing.
    """
    items: dict[str, list[dict[str, Any]]] = {}
    for kong in table.kongs:
        rate = rates.get(kong.kind)
        if rate is None:
            continue
        if rate.payers in ("discarder", "discarder_all") and kong.source is not None:
            payers = [kong.source]
            amount = rate.amount * (3 if rate.payers == "discarder_all" else 1)
        else:
            payers = [s for s in (next_seat(kong.seat, k) for k in (1, 2, 3)) if s in table.in_play]
            amount = rate.amount
        gained = 0
        for payer in payers:
            paid = amount * factor(payer, kong.seat)
            ledger.pay(payer, kong.seat, paid, f"kong {kong.kind}")
            gained += paid
        who = f"{rate.name_en}, {kong.seat}"
        items.setdefault(kong.seat, []).append(
            item(rate.name_zh, who, gained, tiles=[kong.tile] * 4 if kong.tile else None,
                 event=None if kong.tile else f"kong_{kong.kind}"))
    return items
