"""JSON errors for the web service: every failure is ``{"error": message, ...}`` with a status.

Bad input is always a 4xx with a message that says what was wrong; a 500 is only ever a bug in
the service itself (logged with its traceback), never the answer to something a client sent.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from ..catalogue import error_zh
from ..errors import MahjongError

log = logging.getLogger("assistant.service")


class ApiError(Exception):
    """An error the client caused (or a 503 when a part is not installed): status, message in
    English and, where given, in Chinese (``error_zh``) for the pages to show."""

    def __init__(self, status: int, message: str, zh: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = {**extra, **({"error_zh": zh} if zh else {})}


def error_response(status: int, message: str, **extra: Any) -> tuple[Response, int]:
    """The JSON body of an error: ``error`` (the message), ``status``, and any extra fields."""
    body = {"error": message, "status": status, **extra}
    return jsonify(body), status


_HTTP_MESSAGES = {
    400: "bad request",
    404: "no such page or API endpoint",
    405: "method not allowed on this endpoint",
    413: "upload too large",
    415: "unsupported content type",
}
_HTTP_MESSAGES_ZH = {400: "请求有误", 404: "没有这个页面或接口", 405: "这个接口不支持该请求方法",
                     413: "上传的文件太大", 415: "内容类型不支持"}


def register_error_handlers(app: Flask) -> None:
    """JSON answers for ApiError, MahjongError (422), HTTP errors and, last, real bugs (500)."""

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):  # type: ignore[no-untyped-def]
        return error_response(exc.status, exc.message, **exc.extra)

    @app.errorhandler(MahjongError)
    def _mahjong_error(exc: MahjongError):  # type: ignore[no-untyped-def]
        token = exc.token if isinstance(exc.token, (str, int, float, bool)) else None
        # The engine's messages are English; their Chinese is in the catalogue.
        return error_response(422, str(exc), token=token, error_zh=error_zh(str(exc)))

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
        status = exc.code or 400
        limit = app.config.get("MAX_CONTENT_LENGTH")
        message = _HTTP_MESSAGES.get(status, exc.name)
        if status == 413:
            message = f"upload too large: the limit is {limit} bytes"
        elif exc.description and status not in (404, 405):
            message = f"{message}: {exc.description}"
        zh = _HTTP_MESSAGES_ZH.get(status)
        if status == 413:
            zh = f"上传的文件太大：上限 {limit} 字节"
        response, code = error_response(status, message, **({"error_zh": zh} if zh else {}))
        if status == 405 and exc.get_response().headers.get("Allow"):
            response.headers["Allow"] = exc.get_response().headers["Allow"]
        return response, code

    @app.errorhandler(Exception)
    def _bug(exc: Exception):  # type: ignore[no-untyped-def]
        log.exception("internal error")
        return error_response(500, "internal error in the service (a bug; it has been logged)")
