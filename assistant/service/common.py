"""What the API blueprints share: the JSON body, the owner's secret, the wrong-secret limit and
retried writes (``Idempotency-Key``).

``api``, ``tables_api`` and ``tilesets_api`` take these from here, so the service's modules
import one way (``common`` below the three; ``api`` reads a photo's tile set from
``tilesets_api``, which imports neither ``api`` nor ``tables_api``).

A retried write records once: a client sending ``Idempotency-Key: <up to 255 visible ASCII
characters>`` on a POST, PUT or DELETE gets, for the same key, method, path and secret (or, with
no secret, the same client address) within :data:`.sessions.IDEMPOTENCY_TTL_S`, the first answer
again (``Idempotent-Replayed: true``) rather than a second hand recorded. The answer is kept in
the session store (shared by every process on one database), encrypted with a key derived from
the Idempotency-Key, which the store keeps only as a hash: the database alone never gives back a
table's secret. The same key with another body is a 422; a key whose first request is still
running is a 409.
"""

from __future__ import annotations

import base64
import hashlib
import os
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Response, current_app, request

from ..errors import MahjongError
from .errors import ApiError
from .limits import parse_json

#: Wrong secrets one client may send in :data:`SECRET_WINDOW_S` before it is told to wait (429).
MAX_WRONG_SECRETS = 20
SECRET_WINDOW_S = 60.0
#: The longest Idempotency-Key taken.
MAX_IDEMPOTENCY_KEY = 255


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


def bearer() -> str | None:
    """The secret in ``Authorization: Bearer <secret>``, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        return None
    return secret.strip()


def no_store(response: Response) -> Response:
    """``Cache-Control: no-store`` on an answer that carries a secret: no browser or proxy
    cache keeps it."""
    response.headers["Cache-Control"] = "no-store"
    return response


class SecretGuard:
    """Wrong secrets counted per client (its address) in a sliding window, so that guessing a
    table's or a tile set's secret is slowed to :data:`MAX_WRONG_SECRETS` a minute (per
    process: behind a proxy each process counts its own share)."""

    def __init__(self, limit: int = MAX_WRONG_SECRETS, window_s: float = SECRET_WINDOW_S) -> None:
        self.limit = limit
        self.window_s = window_s
        self._wrong: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _recent(self, who: str, now: float) -> deque[float]:
        wrong = self._wrong[who]
        while wrong and wrong[0] <= now - self.window_s:
            wrong.popleft()
        return wrong

    def check(self, who: str) -> None:
        """429 with ``Retry-After`` while ``who`` has sent too many wrong secrets."""
        now = time.monotonic()
        with self._lock:
            wrong = self._recent(who, now)
            if len(wrong) >= self.limit:
                wait = max(1, int(wrong[0] + self.window_s - now) + 1)
                raise ApiError(429, f"too many wrong secrets from this client ({len(wrong)} in "
                                    f"{self.window_s:.0f} s); wait {wait} s",
                               headers={"Retry-After": str(wait)})
            if not wrong:
                del self._wrong[who]

    def failed(self, who: str) -> None:
        """Count one wrong (or missing) secret from ``who``."""
        with self._lock:
            self._recent(who, time.monotonic()).append(time.monotonic())
            if len(self._wrong) > 100_000:  # bounded memory under a spray of addresses
                self._wrong.pop(next(iter(self._wrong)))


def check_secret(allowed: Callable[[str | None], bool], refusal: str) -> None:
    """Whether the request's secret passes ``allowed``: 403 with ``refusal`` when not, 429 for a
    client that has sent too many wrong ones."""
    guard: SecretGuard = current_app.extensions["secret_guard"]
    who = request.remote_addr or ""
    guard.check(who)
    if not allowed(bearer()):
        guard.failed(who)
        raise ApiError(403, refusal)


def _fingerprint() -> str:
    """A hash of what the request asks: its JSON body, or its form fields and files."""
    digest = hashlib.sha256()
    if request.mimetype == "multipart/form-data":
        for name, value in sorted(request.form.items(multi=True)):
            digest.update(f"{name}={value}\0".encode())
        for name, upload in sorted(request.files.items(multi=True), key=lambda x: x[0]):
            digest.update(f"{name}:".encode())
            digest.update(upload.read())
            upload.seek(0)
    else:
        digest.update(request.get_data(cache=True))
    return digest.hexdigest()


def _key() -> str | None:
    """The request's ``Idempotency-Key``, checked; None when absent."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not key or len(key) > MAX_IDEMPOTENCY_KEY or not all(33 <= ord(c) <= 126 for c in key):
        raise ApiError(400, f"the Idempotency-Key header must be 1-{MAX_IDEMPOTENCY_KEY} visible "
                            "ASCII characters (e.g. a UUID)")
    return key


def _seal(key: str, body: bytes) -> str:
    """``body`` encrypted (AES-GCM) with a key derived from the Idempotency-Key."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = os.urandom(12)
    sealed = AESGCM(hashlib.sha256(b"seal\0" + key.encode()).digest()).encrypt(nonce, body, None)
    return base64.b64encode(nonce + sealed).decode("ascii")


def _open(key: str, sealed: str) -> bytes:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    raw = base64.b64decode(sealed)
    return AESGCM(hashlib.sha256(b"seal\0" + key.encode()).digest()).decrypt(raw[:12], raw[12:],
                                                                             None)


def idempotent(view: Callable[..., Any]) -> Callable[..., Any]:
    """A write that a client may retry with the same ``Idempotency-Key``: answered once, and
    the same answer again for each retry (see the module's docstring)."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        key = _key()
        if key is None:
            return view(*args, **kwargs)
        store = current_app.extensions["sessions"]
        # Scoped by the secret sent, or for a write without one (making a table or a tile set)
        # by the client's address: a careless client's key "1" never answers another client
        # with the table and secret made for the first.
        holder = request.headers.get("Authorization") or f"address {request.remote_addr}"
        who = hashlib.sha256(holder.encode()).hexdigest()[:32]
        scope = f"{request.method} {request.path} {who}"
        key_hash = hashlib.sha256(key.encode()).hexdigest()
        kept = store.idempotency_begin(scope, key_hash, _fingerprint())
        if kept is not None:
            status, sealed = kept
            response = Response(_open(key, sealed), status, mimetype="application/json")
            response.headers["Idempotent-Replayed"] = "true"
            return no_store(response)
        try:
            response = current_app.make_response(view(*args, **kwargs))
        except BaseException:
            store.idempotency_forget(scope, key_hash)
            raise
        if 200 <= response.status_code < 300:
            store.idempotency_finish(scope, key_hash, response.status_code,
                                     _seal(key, response.get_data()))
        else:
            store.idempotency_forget(scope, key_hash)
        return response

    return wrapper
