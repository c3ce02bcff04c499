"""Reading a request's inputs the same way on every blueprint: its JSON body, the objects in it,
its bearer secret.

The hand API, the tables and the tile sets each read these, so they live below all three
rather than in one of them.
"""

from __future__ import annotations

from typing import Any

from flask import request

from ..errors import MahjongError
from .errors import ApiError
from .limits import parse_json


def json_body() -> dict[str, Any]:
    """The request body as a JSON object; 415 for another content type, 400 for bad JSON."""
    if not request.is_json:
        raise ApiError(415, "send the request body as JSON (Content-Type: application/json), got "
                            f"{request.mimetype or 'no content type'}")
    data = parse_json(request.get_data(cache=True))
    if not isinstance(data, dict):
        raise ApiError(400, f"the request body must be a JSON object, got {type(data).__name__}")
    _check_kongs(data)
    return data


def _check_kongs(value: Any) -> None:
    """A kong's ``type``, ``tile`` and ``from`` (under any ``kongs`` key) are plain values, so
    that the scorers compare them and never crash on a list or an object (422 otherwise)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            kongs = item.get("kongs")
            if isinstance(kongs, dict):
                for entries in kongs.values():
                    for k in entries if isinstance(entries, list) else ():
                        if isinstance(k, dict) and any(isinstance(k.get(f), (list, dict))
                                                       for f in ("type", "tile", "from")):
                            raise MahjongError("a kong is {\"type\": \"an\" | \"jia\" | \"zhi\", "
                                               "\"tile\": a tile, \"from\": a seat}", "kongs")
            stack.extend(item.values())


def expect_objects(body: dict[str, Any], *keys: str) -> None:
    """Each of ``keys`` present in ``body`` is an object or null (422 otherwise), as documented,
    rather than a falsy value quietly read as empty."""
    for key in keys:
        if body.get(key) is not None and not isinstance(body[key], dict):
            raise MahjongError(f"'{key}' must be an object, got {type(body[key]).__name__}", key)


def bearer_secret() -> str | None:
    """The secret in ``Authorization: Bearer <secret>``, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        return None
    return secret.strip()
