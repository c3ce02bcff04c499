"""The table-session API: create a table of four players, record hands, read the totals."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from .api import json_body
from .errors import ApiError
from .sessions import SessionStore

bp = Blueprint("tables", __name__, url_prefix="/api/tables")


def store() -> SessionStore:
    """This app's session store (one SQLite file, set by the config ``DATABASE``)."""
    return current_app.extensions["sessions"]


def _get(table_id: str) -> dict:
    try:
        return store().get(table_id)
    except KeyError:
        raise ApiError(404, f"no table {table_id!r}", f"没有这个牌局 {table_id!r}") from None


@bp.get("")
def list_tables():  # type: ignore[no-untyped-def]
    """Every table kept, newest first."""
    return jsonify({"tables": store().list()})


@bp.post("")
def create_table():  # type: ignore[no-untyped-def]
    """A new table: four players in seating order, the variant, its options and the bets."""
    return jsonify(store().create(json_body())), 201


@bp.get("/<table_id>")
def get_table(table_id: str):  # type: ignore[no-untyped-def]
    """One table with its hands and running totals."""
    return jsonify(_get(table_id))


@bp.delete("/<table_id>")
def delete_table(table_id: str):  # type: ignore[no-untyped-def]
    """Forget a table."""
    try:
        store().delete(table_id)
    except KeyError:
        raise ApiError(404, f"no table {table_id!r}", f"没有这个牌局 {table_id!r}") from None
    return jsonify({"deleted": table_id})


@bp.post("/<table_id>/hands")
def record_hand(table_id: str):  # type: ignore[no-untyped-def]
    """Record a hand's result; answers the table with the new dealer, wind and totals."""
    _get(table_id)
    body = json_body()
    try:
        return jsonify(store().record(table_id, body)), 201
    except KeyError:
        raise ApiError(404, f"no table {table_id!r}", f"没有这个牌局 {table_id!r}") from None
