"""The web service: a JSON API over the rules engine and the recogniser, and four pages.

``create_app(config)`` builds the Flask app; ``mahjong-assistant serve`` runs it under waitress.
Config keys (all optional): ``DATABASE`` (SQLite path of the table sessions, or ``":memory:"``),
``MAX_CONTENT_LENGTH`` (upload bytes), ``MAX_IMAGE_PIXELS`` and ``MAX_IMAGE_SIDE`` (decoded size),
``RECOGNIZER`` (an object with ``detect(image_bgr)``, e.g. a stub in tests; by default
``vision.recognizer.Recognizer.load()`` on first use), ``RECOGNIZE_CONCURRENCY`` (photos
recognised at once, default 2: one per core of the target machine), ``RECOGNIZE_QUEUE`` (photos
waiting for a turn before the service answers 503 busy, default 16), ``WORK_SIDE``,
``MAX_FULL_DECODE_PIXELS`` and ``PHOTO_MEMORY_BUDGET`` (bytes one photo may take while it is
recognised; see ``upload``), ``HTTPS`` (served over TLS: HSTS is sent),
``ALLOWED_HOSTS`` (Host names accepted on state-changing requests besides IP addresses,
localhost, this machine's names and ``*.local``; see ``security``), ``PROXY_HOPS`` (reverse
proxies in front whose ``X-Forwarded-For``/``-Proto``/``-Host`` are trusted: the client's address
for the per-client limits, the scheme for HSTS, the host for the origin check), ``TILESETS``
(the folder of tile sets kept as files before they were kept in the session store, imported once;
default ``tilesets/`` beside ``DATABASE``, see ``tilesets_api``).
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask

from .common import SecretGuard
from .errors import register_error_handlers
from .limits import install as install_limits
from .live import LiveClients
from .recognize import RecognizerHolder
from .security import install as install_security
from .sessions import SessionStore
from .tilesets_api import TilesetStore, default_folder
from .upload import (
    MAX_FULL_DECODE_PIXELS,
    MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE,
    PHOTO_MEMORY_BUDGET,
    WORK_SIDE,
)

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 20 * 1024 * 1024,
    "MAX_IMAGE_PIXELS": MAX_IMAGE_PIXELS,
    "MAX_IMAGE_SIDE": MAX_IMAGE_SIDE,
    "MAX_FULL_DECODE_PIXELS": MAX_FULL_DECODE_PIXELS,
    "WORK_SIDE": WORK_SIDE,
    "PHOTO_MEMORY_BUDGET": PHOTO_MEMORY_BUDGET,
    "DATABASE": None,
    "RECOGNIZER": None,
    "RECOGNIZE_CONCURRENCY": 2,
    "RECOGNIZE_QUEUE": 16,
    "RECOGNIZE_WAIT_S": 60.0,
    "JSON_SORT_KEYS": False,
    "HTTPS": False,
    "PROXY_HOPS": 0,
    "ALLOWED_HOSTS": (),
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """A configured app: API blueprints, pages, JSON error handlers, the session store."""
    app = Flask(__name__, static_folder="static", template_folder="templates")
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    app.extensions["recognizer"] = RecognizerHolder(
        app.config["RECOGNIZER"], app.config["RECOGNIZE_CONCURRENCY"],
        app.config["RECOGNIZE_QUEUE"], app.config["RECOGNIZE_WAIT_S"])
    app.extensions["sessions"] = SessionStore(app.config["DATABASE"])
    app.extensions["tilesets"] = TilesetStore(app.extensions["sessions"],
                                              default_folder(app.config))
    app.extensions["secret_guard"] = SecretGuard()
    app.extensions["live"] = LiveClients()

    from .api import bp as api_bp
    from .pages import bp as pages_bp
    from .tables_api import bp as tables_bp
    from .tilesets_api import bp as tilesets_bp

    app.register_blueprint(api_bp)
    app.register_blueprint(tables_bp)
    app.register_blueprint(tilesets_bp)
    app.register_blueprint(pages_bp)
    if app.config["PROXY_HOPS"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = int(app.config["PROXY_HOPS"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
    register_error_handlers(app)
    install_limits(app)
    install_security(app)
    logging.getLogger("assistant.service").setLevel(logging.INFO)
    return app


__all__ = ["create_app"]
