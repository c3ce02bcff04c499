"""The table-session API: create a table of four players (three where the variant seats three),
record, correct and undo hands, delete the table, read the totals.

A table is private to those who hold its link: its id is 128 random bits, ``GET /api/tables``
lists none (each browser keeps the tables it made, with their secrets, itself), and every change
(recording, correcting or undoing a hand, deleting the table) must carry the secret given when
the table was made, as ``Authorization: Bearer <secret>``; without it the answer is 403, and a
client sending wrong secrets is slowed (429, ``common.SecretGuard``). The id alone is the
read-only link: it shows the table and its hands, and every write is refused. Each write takes
an ``Idempotency-Key`` (``common.idempotent``), so a retried request records once.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request

from .common import check_secret, expect_objects, idempotent, json_body, no_store
from .errors import ApiError
from .limits import query_param
from .sessions import MAX_HANDS, SessionStore

bp = Blueprint("tables", __name__, url_prefix="/api/tables")

#: Longest table id looked up (ids are 32 hex digits; older ones 12).
MAX_ID = 64


def store() -> SessionStore:
    """This app's session store (one SQLite file, set by the config ``DATABASE``)."""
    return current_app.extensions["sessions"]


def _missing(table_id: str) -> ApiError:
    shown = table_id[:MAX_ID]
    return ApiError(404, f"no table {shown!r}")


def _get(table_id: str, **kwargs: Any) -> dict:
    if len(table_id) > MAX_ID:
        raise _missing(table_id)
    try:
        return store().get(table_id, **kwargs)
    except KeyError:
        raise _missing(table_id) from None


def _authorize(table_id: str) -> None:
    """404 for no such table, 403 unless the request carries the table's secret."""
    if len(table_id) > MAX_ID:
        raise _missing(table_id)

    def allowed(secret: str | None) -> bool:
        try:
            return store().authorized(table_id, secret)
        except KeyError:
            raise _missing(table_id) from None

    check_secret(allowed, "changing a table needs its secret: send the header 'Authorization: "
                          "Bearer <secret>' with the secret given when the table was created "
                          "(it is in the table's shared link)")


def _int_param(name: str, default: int, low: int, high: int) -> int:
    value = query_param(name, limit=12)
    if value is None:
        return default
    if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
        raise ApiError(400, f"{name} must be a whole number {low}-{high}, got {value!r}")
    return int(value)


@bp.get("")
def list_tables():  # type: ignore[no-untyped-def]
    """No table is listed: a table is seen only through its link (the page keeps its own)."""
    return jsonify({"tables": [], "note": "tables are private: each browser keeps the links of "
                                          "the tables it created"})


@bp.post("")
@idempotent
def create_table():  # type: ignore[no-untyped-def]
    """A new table: four players (or three: 三麻, 成都 三人) in seating order, the variant, its
    options and the bets; the answer carries the table's ``id`` and ``secret`` (never cached:
    ``no-store``)."""
    body = json_body()
    expect_objects(body, "options")
    return no_store(jsonify(store().create(body, client=request.remote_addr or ""))), 201


@bp.get("/<table_id>")
def get_table(table_id: str):  # type: ignore[no-untyped-def]
    """One table with its running totals and its hands (``?offset=&limit=`` for a page)."""
    offset = _int_param("offset", 0, 0, MAX_HANDS)
    limit = _int_param("limit", MAX_HANDS, 0, MAX_HANDS)
    return jsonify(_get(table_id, offset=offset, limit=limit))


@bp.delete("/<table_id>")
@idempotent
def delete_table(table_id: str):  # type: ignore[no-untyped-def]
    """Forget a table and its hands (needs its secret)."""
    _authorize(table_id)
    try:
        store().delete(table_id)
    except KeyError:
        raise _missing(table_id) from None
    return jsonify({"deleted": table_id})


@bp.post("/<table_id>/hands")
@idempotent
def record_hand(table_id: str):  # type: ignore[no-untyped-def]
    """Record a hand's result (needs the table's secret); answers the table with the new
    dealer, wind and totals."""
    _authorize(table_id)
    body = json_body()
    try:
        return jsonify(store().record(table_id, body)), 201
    except KeyError:  # deleted meanwhile
        raise _missing(table_id) from None


def _hand_number(number: str) -> int:
    """A hand's number in the address: 1 to :data:`MAX_HANDS`, else 404."""
    if not (number.isascii() and number.isdigit() and len(number) <= 6
            and 1 <= int(number) <= MAX_HANDS):
        raise ApiError(404, f"this table has no hand {number[:20]!r}")
    return int(number)


@bp.put("/<table_id>/hands/<number>")
@idempotent
def correct_hand(table_id: str, number: str):  # type: ignore[no-untyped-def]
    """Correct hand ``number`` (the body as when recording it; needs the secret): it and every
    later hand are recorded again, so the deal, the winds and the totals follow."""
    _authorize(table_id)
    hand = _hand_number(number)
    body = json_body()
    try:
        return jsonify(store().correct(table_id, hand, body))
    except KeyError:
        raise _missing(table_id) from None


@bp.delete("/<table_id>/hands/<number>")
@idempotent
def undo_hand(table_id: str, number: str):  # type: ignore[no-untyped-def]
    """Undo the last hand (its number; needs the secret): the table as it was before it."""
    _authorize(table_id)
    hand = _hand_number(number)
    try:
        return jsonify(store().undo(table_id, hand))
    except KeyError:
        raise _missing(table_id) from None
