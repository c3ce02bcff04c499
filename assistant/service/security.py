"""Security of the pages and the API in a browser: who may change state, and the headers.

A state-changing request (POST, PUT, PATCH, DELETE) is refused (403) when its ``Host`` is not a
name this service answers to (an IP address, ``localhost``, this machine's names, ``*.local``,
or a name given with ``serve --allowed-host``): a DNS-rebinding page names its own domain. It is
also refused when it carries an ``Origin`` that is not this service's own (scheme, host and
port): a cross-site page's ``fetch`` or form post carries its origin. Clients that are not
browsers send no ``Origin``.

Every answer carries a Content-Security-Policy without inline script (the pages load their
scripts from ``/static``), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer``
(a table's link holds its secret), ``frame-ancestors 'none'`` (and ``X-Frame-Options``), and,
when served over HTTPS, ``Strict-Transport-Security``.
"""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request

from .errors import ApiError

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob:; media-src 'self' blob: mediastream:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
}
HSTS = "max-age=31536000"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@lru_cache(maxsize=1)
def _machine_names() -> frozenset[str]:
    names = {"localhost"}
    try:
        host = socket.gethostname().lower()
        names.update({host, host.split(".")[0], socket.getfqdn().lower()})
    except OSError:
        pass
    return frozenset(n for n in names if n)


def split_host(host: str) -> str:
    """The name of a ``Host`` header, without the port and brackets, in lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str, extra: tuple[str, ...] = ()) -> bool:
    """Whether ``host`` (a Host header) names this service: an IP address, localhost, this
    machine, a ``.local`` name, or one of ``extra`` (``*`` allows any)."""
    if "*" in extra:
        return True
    name = split_host(host)
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    if name in _machine_names() or name.endswith((".localhost", ".local")):
        return True
    return name in {e.lower() for e in extra}


def same_place(origin: str, host: str, scheme: str | None = None) -> bool:
    """Whether an ``Origin`` names the same host and port as a ``Host`` header (a port left out
    on either side is the default port of the origin's scheme) and, given the request's
    ``scheme``, the same scheme: a page served over plain HTTP is another origin than the
    HTTPS one, and a network attacker can script it."""
    try:
        parts = urlsplit(origin)
        default = {"http": 80, "https": 443}.get(parts.scheme)
        origin_port = parts.port or default
        there = urlsplit(f"//{host}")
        host_port = there.port or default
    except ValueError:
        return False
    if default is None or not parts.hostname or not there.hostname:
        return False
    if scheme is not None and parts.scheme != scheme.lower():
        return False
    return (parts.hostname.lower(), origin_port) == (there.hostname.lower(), host_port)


def check_origin() -> None:
    """403 for a state-changing request from another site or to a foreign Host name."""
    if request.method not in UNSAFE:
        return
    host = request.host or ""
    if not host_allowed(host, tuple(current_app.config.get("ALLOWED_HOSTS") or ())):
        raise ApiError(403, f"this service does not answer to the name {split_host(host)[:80]!r} "
                            "(start it with --allowed-host NAME to allow it)")
    origin = request.headers.get("Origin")
    if origin is None:
        return
    if origin == "null" or not same_place(origin, host, request.scheme):
        # Behind a proxy that ends HTTPS the scheme is the proxy's X-Forwarded-Proto
        # (--proxy-hops); without it every HTTPS page would be refused here.
        here = f"{request.scheme}://{host}"
        raise ApiError(403, "a request from another site may not change anything here "
                            f"(Origin {origin[:80]!r} is not {here[:90]!r})")


def add_headers(response: Response) -> Response:
    """The security headers on every answer."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if current_app.config.get("HTTPS") or request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


def install(app: Flask) -> None:
    """Check origins before each request and add the headers to each answer."""
    app.before_request(check_origin)
    app.after_request(add_headers)
