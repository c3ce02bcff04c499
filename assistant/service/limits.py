"""Bounds on every request, checked before any work is done on it.

The body has a size bound per endpoint (a photo upload may be megabytes, a hand state is a few
hundred bytes), the headers and the address have one, and a JSON body is walked once, right after
parsing, so that no string, list, object, nesting or number is larger than a hand, a table or a
photo's tiles can need: a 10 MB ``concealed`` string or JSON nested 10,000 deep is refused in
microseconds, before the engine sees it.
"""

from __future__ import annotations

import json
import math
from typing import Any

from flask import Flask, request

from .errors import ApiError

#: Body bytes of a JSON request (a hand state, claims, a table's hand) unless listed below.
MAX_JSON_BYTES = 64 * 1024
#: Per endpoint (Flask endpoint name → bytes); the photo upload is ``MAX_CONTENT_LENGTH``.
BODY_LIMITS = {"api.read_detections": 256 * 1024,
               # The Charleston's advice reads one dealt hand: a few hundred bytes.
               "api.charleston_pass": 8 * 1024}
#: Detections ``/api/read`` reads a hand from: a hand with four kongs, its winning tile and
#: eight flowers is 27 tiles; the rest leaves room for a photo's strays (read in 0.02-0.1 s of
#: CPU, where 500 took 0.55-2 s).
MAX_READ_TILES = 100
#: Request headers (names and values, all together) and the query string.
MAX_HEADER_BYTES = 16 * 1024
MAX_QUERY_BYTES = 4 * 1024
#: The JSON walked after parsing.
MAX_DEPTH = 12
MAX_STRING = 400
MAX_LIST = 600
MAX_KEYS = 64
MAX_KEY = 64
MAX_NODES = 20_000
MAX_NUMBER = 1e9
#: A query parameter's value.
MAX_PARAM = 400


#: The endpoints that take a photo: bounded by the upload limit.
UPLOADS = frozenset({"api.recognize_photo", "api.recognize_live", "api.read_table_photo",
                     "tilesets.learn_tileset", "tilesets.add_example"})
#: Parts of a photo upload's multipart form: the photo and at most a few short fields
#: (``tileset``, ``tiles``, ``box``, ``tile``); more is refused while parsing, by its count.
MAX_FORM_PARTS = 16


def body_limit(endpoint: str | None, upload_limit: int) -> int:
    """The body bound of an endpoint, in bytes."""
    if endpoint in UPLOADS:
        return upload_limit
    return BODY_LIMITS.get(endpoint or "", MAX_JSON_BYTES)


def check_request_bounds() -> None:
    """Headers, address and declared body size within bounds (431, 414, 413), else ApiError."""
    from flask import current_app

    size = sum(len(k) + len(v) + 4 for k, v in request.headers.items())
    if size > MAX_HEADER_BYTES:
        raise ApiError(431, f"request headers too large: {size} bytes, the limit is "
                            f"{MAX_HEADER_BYTES}")
    query = request.environ.get("QUERY_STRING", "")
    if len(query) > MAX_QUERY_BYTES:
        raise ApiError(414, f"the query string is too long: {len(query)} bytes, the limit is "
                            f"{MAX_QUERY_BYTES}")
    limit = body_limit(request.endpoint, current_app.config["MAX_CONTENT_LENGTH"])
    request.max_content_length = limit  # also bounds a body sent without Content-Length
    # A form's parts are bounded by their count; a text field by the body's own bound (so a
    # 413 within the body's bound names the parts: errors.register_error_handlers).
    request.max_form_parts = MAX_FORM_PARTS
    request.max_form_memory_size = limit
    if request.content_length is not None and request.content_length > limit:
        raise ApiError(413, f"request body too large: {request.content_length} bytes, the limit "
                            f"for {request.path} is {limit} bytes", limit=limit)


def parse_json(data: bytes) -> Any:
    """The JSON value in ``data``; ApiError 400 for bad JSON, nesting too deep, NaN/Infinity."""
    try:
        value = json.loads(data, parse_constant=_no_constant)
    except RecursionError:
        raise ApiError(400, f"the JSON is nested too deeply (the limit is {MAX_DEPTH} levels)") from None
    except (ValueError, TypeError):
        raise ApiError(400, "the request body is not valid JSON"
                       ) from None
    check_value(value)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def check_value(value: Any) -> None:
    """Walk a parsed JSON value once; ApiError 400 naming the first thing out of bounds."""
    nodes = 0
    stack: list[tuple[Any, int, str]] = [(value, 0, "body")]
    while stack:
        item, depth, where = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            _refuse(f"the JSON has more than {MAX_NODES} values")
        if depth > MAX_DEPTH:
            _refuse(f"the JSON is nested too deeply at {where} (the limit is {MAX_DEPTH} levels)")
        if isinstance(item, str):
            _check_string(item, where, MAX_STRING)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, (int, float)):
            if not math.isfinite(item) or abs(item) > MAX_NUMBER:
                _refuse(f"the number at {where} is out of range (at most {MAX_NUMBER:.0e} in size)")
        elif isinstance(item, list):
            if len(item) > MAX_LIST:
                _refuse(f"the list at {where} has {len(item)} items; the limit is {MAX_LIST}")
            stack.extend((v, depth + 1, f"{where}[{i}]") for i, v in enumerate(item))
        elif isinstance(item, dict):
            if len(item) > MAX_KEYS:
                _refuse(f"the object at {where} has {len(item)} keys; the limit is {MAX_KEYS}")
            for k, v in item.items():
                _check_string(k, f"a key of {where}", MAX_KEY)
                stack.append((v, depth + 1, f"{where}.{k}"))


def _check_string(text: str, where: str, limit: int) -> None:
    if len(text) > limit:
        _refuse(f"the string at {_clip(where)} has {len(text)} characters; the limit is {limit}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        _refuse(f"the string at {_clip(where)} holds a lone UTF-16 surrogate (not a character)")


def _clip(where: str) -> str:
    """A JSON path as shown in a message: printable, short, never a lone surrogate."""
    where = where.encode("utf-8", "replace").decode("utf-8")
    return where if len(where) <= 80 else where[:80] + "…"


def _refuse(message: str) -> None:
    raise ApiError(400, message)


def query_param(name: str, default: str | None = None, limit: int = MAX_PARAM) -> str | None:
    """A query parameter, refused (400) when longer than ``limit`` characters."""
    value = request.args.get(name, default)
    if value is not None and len(value) > limit:
        raise ApiError(400, f"the query parameter {name!r} has {len(value)} characters; the limit "
                            f"is {limit}")
    return value


def install(app: Flask) -> None:
    """Check the bounds of every request before its view runs."""
    app.before_request(check_request_bounds)
