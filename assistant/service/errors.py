"""JSON errors for the web service: every failure is ``{"error": message, ...}`` with a status.

Bad input is always a 4xx with a message that says what was wrong; a 500 is only ever a bug in
the service itself (logged with its traceback), never the answer to something a client sent.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from flask import Flask, Response, current_app, jsonify
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

from ..catalogue import error_zh
from ..errors import MahjongError

log = logging.getLogger("assistant.service")


class ApiError(Exception):
    """An error the client caused (or a 503 when a part is not installed or busy): status,
    message in English, and its Chinese (``error_zh``, from the catalogue unless given) for the
    pages to show; ``headers`` (e.g. ``Retry-After``) go with the answer."""

    def __init__(self, status: int, message: str, zh: str | None = None,
                 headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}
        self.extra = {**extra, "error_zh": zh or error_zh(message)}


class SafeJSONProvider(DefaultJSONProvider):
    """Flask's JSON, except that a lone UTF-16 surrogate in a string (which UTF-8 cannot
    encode) is written as its ``\\uXXXX`` escape instead of crashing the response."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """JSON text that always encodes as UTF-8."""
        text = super().dumps(obj, **kwargs)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            # Only lone surrogates fail here; inside JSON strings \udXXX is their valid escape.
            text = text.encode("utf-8", "backslashreplace").decode("utf-8")
        return text


def error_response(status: int, message: str, **extra: Any) -> tuple[Response, int]:
    """The JSON body of an error: ``error`` and ``error_en`` (the message), ``status``, and any
    extra fields (``error_zh``, the message in Chinese)."""
    body = {"error": message, "error_en": message, "status": status, **extra}
    return jsonify(body), status


_HTTP_MESSAGES = {
    400: "bad request",
    404: "no such page or API endpoint",
    405: "method not allowed on this endpoint",
    413: "request body too large",
    414: "the address (URL) is too long",
    415: "unsupported content type",
    431: "request headers too large",
}
_HTTP_MESSAGES_ZH = {400: "请求有误", 404: "没有这个页面或接口", 405: "这个接口不支持该请求方法",
                     413: "请求内容太大", 414: "网址太长", 415: "内容类型不支持",
                     431: "请求头太大"}


def register_error_handlers(app: Flask) -> None:
    """JSON answers for ApiError, MahjongError (422), HTTP errors and, last, real bugs (500)."""
    app.json = SafeJSONProvider(app)
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.sort_keys = False  # type: ignore[attr-defined]

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):  # type: ignore[no-untyped-def]
        response, code = error_response(exc.status, exc.message, **exc.extra)
        response.headers.update(exc.headers)
        return response, code

    @app.errorhandler(MahjongError)
    def _mahjong_error(exc: MahjongError):  # type: ignore[no-untyped-def]
        token = exc.token if isinstance(exc.token, (str, int, float, bool)) else None
        if isinstance(token, str) and len(token) > 200:
            token = token[:200] + "…"
        # The engine's messages are English; their Chinese is in the catalogue.
        message = _short(str(exc))
        return error_response(422, message, token=token, error_zh=error_zh(message))

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
        status = exc.code or 400
        message = _HTTP_MESSAGES.get(status, exc.name)
        zh = _HTTP_MESSAGES_ZH.get(status)
        if status == 413:
            from flask import request

            limit = request.max_content_length or current_app.config.get("MAX_CONTENT_LENGTH")
            size = request.content_length
            if (request.mimetype == "multipart/form-data" and size is not None and limit
                    and size <= limit):
                # Within the body's bound: werkzeug stopped at the form's count of parts.
                message = (f"the form has more than {request.max_form_parts} parts; a photo upload "
                           "sends the field 'image' and a few short fields")
                zh = None
            else:
                message = f"request body too large: the limit for {request.path} is {limit} bytes"
                zh = f"请求内容太大：上限 {limit} 字节"
        elif exc.description and status not in (404, 405, 413, 431):
            message = f"{message}: {_short(exc.description)}"
        response, code = error_response(status, message, error_zh=zh or error_zh(message))
        if status == 405 and exc.get_response().headers.get("Allow"):
            response.headers["Allow"] = exc.get_response().headers["Allow"]
        return response, code

    @app.errorhandler(Exception)
    def _bug(exc: Exception):  # type: ignore[no-untyped-def]
        log.exception("internal error")
        return error_response(500, "internal error in the service (a bug; it has been logged)",
                              error_zh="服务内部错误（已记录）")


def _short(text: str, limit: int = 500) -> str:
    """A message cut to ``limit`` characters, so an echoed input never makes a huge answer."""
    return text if len(text) <= limit else text[:limit] + "…"


def json_error_body(status: int, message: str, zh: str) -> bytes:
    """An error body for answers made outside Flask (the WSGI servers' own 4xx)."""
    return json.dumps({"error": message, "error_en": message, "status": status, "error_zh": zh},
                      ensure_ascii=False).encode("utf-8")
