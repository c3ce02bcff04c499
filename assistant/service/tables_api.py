"""The table-session API: create a table of four players, record hands, read the totals.

A table is private to those who hold its link: its id is 128 random bits, ``GET /api/tables``
lists none (each browser keeps the tables it made, with their secrets, itself), and every change
(recording a hand, deleting the table) must carry the secret given when the table was made, as
``Authorization: Bearer <secret>``; without it the answer is 403.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request

from .errors import ApiError
from .inputs import bearer_secret, expect_objects, json_body
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
    try:
        ok = store().authorized(table_id, bearer_secret())
    except KeyError:
        raise _missing(table_id) from None
    if not ok:
        raise ApiError(403, "changing a table needs its secret: send the header "
                            "'Authorization: Bearer <secret>' with the secret given when the table "
                            "was created (it is in the table's shared link)")


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
def create_table():  # type: ignore[no-untyped-def]
    """A new table: four players in seating order, the variant, its options and the bets; the
    answer carries the table's ``id`` and ``secret``."""
    body = json_body()
    expect_objects(body, "options")
    return jsonify(store().create(body, client=request.remote_addr or "")), 201


@bp.get("/<table_id>")
def get_table(table_id: str):  # type: ignore[no-untyped-def]
    """One table with its running totals and its hands (``?offset=&limit=`` for a page)."""
    offset = _int_param("offset", 0, 0, MAX_HANDS)
    limit = _int_param("limit", MAX_HANDS, 0, MAX_HANDS)
    return jsonify(_get(table_id, offset=offset, limit=limit))


@bp.delete("/<table_id>")
def delete_table(table_id: str):  # type: ignore[no-untyped-def]
    """Forget a table (needs its secret)."""
    _authorize(table_id)
    try:
        store().delete(table_id)
    except KeyError:
        raise _missing(table_id) from None
    return jsonify({"deleted": table_id})


@bp.post("/<table_id>/hands")
def record_hand(table_id: str):  # type: ignore[no-untyped-def]
    """Record a hand's result (needs the table's secret); answers the table with the new
    dealer, wind and totals."""
    _authorize(table_id)
    body = json_body()
    try:
        return jsonify(store().record(table_id, body)), 201
    except KeyError:  # deleted meanwhile
        raise _missing(table_id) from None
