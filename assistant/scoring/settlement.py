"""Settlement: who pays whom at the end of a hand, as a seat-to-seat matrix and a net per seat.

Every payment is recorded once, payer to payee, so the net amounts always sum to zero.

>>> ledger = Ledger()
>>> ledger.pay("S", "E", 3, "win")
>>> ledger.pay_each(["S", "W", "N"], "E", 2, "kong")
>>> ledger.net()
{'E': 9, 'S': -5, 'W': -2, 'N': -2}
>>> sum(ledger.net().values())
0
>>> three = Ledger(("E", "S", "W"))
>>> three.pay_each(["S", "W"], "E", 2, "self-drawn")
>>> three.net()
{'E': 4, 'S': -2, 'W': -2}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..tiles import WINDS


class Ledger:
    """Payments between the seats at the table (four, or E S W where three play), each with its
    reason, netted on demand."""

    def __init__(self, seats: tuple[str, ...] = WINDS) -> None:
        self.entries: list[tuple[str, str, int, str]] = []
        self.seats = seats

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        """Record that ``payer`` pays ``payee`` ``amount`` points for ``reason``."""
        if payer == payee:
            raise ValueError(f"seat {payer} cannot pay itself")
        if payer not in self.seats or payee not in self.seats:
            raise ValueError(f"{payer} pays {payee}, but the seats are {' '.join(self.seats)}")
        if amount:
            self.entries.append((payer, payee, amount, reason))

    def pay_each(self, payers: Iterable[str], payee: str, amount: int, reason: str) -> None:
        """Each of ``payers`` pays ``payee`` the same ``amount``."""
        for payer in payers:
            self.pay(payer, payee, amount, reason)

    def net(self) -> dict[str, int]:
        """Points won (positive) or lost (negative) per seat at the table; sums to zero."""
        out = dict.fromkeys(self.seats, 0)
        for payer, payee, amount, _ in self.entries:
            out[payer] -= amount
            out[payee] += amount
        return out

    def matrix(self) -> dict[str, dict[str, int]]:
        """``matrix[a][b]``: what seat ``a`` pays seat ``b`` in all (gross, before netting)."""
        out = {a: {b: 0 for b in self.seats if b != a} for a in self.seats}
        for payer, payee, amount, _ in self.entries:
            out[payer][payee] += amount
        return out

    def transfers(self) -> list[dict[str, Any]]:
        """Each payment with its reason, in the order it was recorded."""
        return [{"from": p, "to": q, "amount": a, "reason": r} for p, q, a, r in self.entries]

    def to_json(self) -> dict[str, Any]:
        """``payments`` (net per seat), ``matrix`` (seat to seat) and ``transfers``, as
        :meth:`net`, :meth:`matrix` and :meth:`transfers` give them, in one pass over the
        payments (every scored hand is settled)."""
        seats = self.seats
        net = dict.fromkeys(seats, 0)
        matrix = {}
        for a in seats:  # plain loops: nested comprehensions cost twice as much here
            row = {}
            for b in seats:
                if b != a:
                    row[b] = 0
            matrix[a] = row
        transfers = []
        for payer, payee, amount, reason in self.entries:
            net[payer] -= amount
            net[payee] += amount
            matrix[payer][payee] += amount
            transfers.append({"from": payer, "to": payee, "amount": amount, "reason": reason})
        return {"payments": net, "matrix": matrix, "transfers": transfers}


def combine(payments: Iterable[dict[str, int]]) -> dict[str, int]:
    """Sum the net payments of several settlements (e.g. several winners on one discard).

    >>> combine([{"E": -8, "S": 8, "W": 0, "N": 0}, {"E": -16, "S": 0, "W": 0, "N": 16}])
    {'E': -24, 'S': 8, 'W': 0, 'N': 16}
    """
    out = dict.fromkeys(WINDS, 0)
    for p in payments:
        for seat, amount in p.items():
            out[seat] += amount
    return out
