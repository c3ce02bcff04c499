"""The WSGI servers the service runs under: waitress for HTTP, cheroot for HTTPS (``tls``).

Both are sized for a crowd at a table or a club: enough threads, a listen backlog far above
cheroot's default of 5, and every error the server itself answers (a body or headers over its
own bound, a malformed request) is JSON like the app's own errors, with the same security
headers (``security.HEADERS``, HSTS over HTTPS). The photo pool is fitted to the threads
(``RecognizerHolder.fit_threads``), so photos never take the threads the cheap endpoints need.
"""

from __future__ import annotations

from typing import Any

from .errors import json_error_body
from .security import HEADERS, HSTS

#: The listen backlog: connections the kernel holds before a thread takes them.
BACKLOG = 1024
#: Headers a server accepts before answering itself; the app's own bound (431, JSON) is lower.
SERVER_HEADER_LIMIT = 256 * 1024

_ZH = {400: "请求有误", 408: "请求超时", 413: "请求内容太大", 431: "请求头太大",
       500: "服务内部错误"}


def server_headers(https: bool) -> list[tuple[str, str]]:
    """The headers of an error the server answers itself: the app's security headers, and
    ``no-store`` (an error is never worth caching)."""
    headers = [*HEADERS.items(), ("Cache-Control", "no-store")]
    if https:
        headers.append(("Strict-Transport-Security", HSTS))
    return headers


def json_error_task() -> type:
    """waitress's error task, answering JSON ``{error, status, error_zh}`` instead of text."""
    from waitress.task import ErrorTask

    class JsonErrorTask(ErrorTask):
        """An error waitress answers itself (before the app), as JSON."""

        def execute(self) -> None:
            """Write the error as JSON and close the connection."""
            e = self.request.error
            body = json_error_body(e.code, f"{e.reason.lower()}: {e.body}",
                                   _ZH.get(e.code, "请求有误"))
            self.status = f"{e.code} {e.reason}"
            self.response_headers.append(("Content-Type", "application/json; charset=utf-8"))
            self.response_headers.extend(server_headers(https=False))
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    return JsonErrorTask


def http_server(app: Any, host: str, port: int, threads: int) -> Any:
    """A waitress server for ``app`` (bound, not yet running); OSError when it cannot bind."""
    import waitress
    from waitress.channel import HTTPChannel

    app.extensions["recognizer"].fit_threads(threads)
    server = waitress.create_server(
        app, host=host, port=port, threads=threads, backlog=BACKLOG,
        connection_limit=max(100, 16 * threads),
        max_request_body_size=app.config["MAX_CONTENT_LENGTH"] + 65536,
        max_request_header_size=SERVER_HEADER_LIMIT, ident="mahjong-assistant")

    class JsonChannel(HTTPChannel):
        error_task_class = json_error_task()

    server.channel_class = JsonChannel
    return server


def json_connection_class() -> type:
    """cheroot's connection whose own error answers (``simple_response``: a body or headers
    over its bound, a malformed request) are JSON with the security headers and HSTS."""
    from cheroot import errors
    from cheroot.server import HTTPConnection, HTTPRequest

    class JsonRequest(HTTPRequest):
        """A request whose server-made answers are JSON."""

        def simple_response(self, status: Any, msg: Any = "") -> None:
            """Write an error cheroot answers itself as JSON, with the security headers."""
            status = str(status)
            code = int(status[:3])
            reason = status[4:].strip().lower()
            detail = msg.decode("iso-8859-1") if isinstance(msg, bytes) else str(msg or "")
            body = json_error_body(code, f"{reason}: {detail}" if detail else reason,
                                   _ZH.get(code, "请求有误"))
            lines = [f"{self.server.protocol} {status}", f"Content-Length: {len(body)}",
                     "Content-Type: application/json; charset=utf-8",
                     *(f"{k}: {v}" for k, v in server_headers(https=True))]
            if code in (413, 414) or code >= 500:
                self.close_connection = True
                lines.append("Connection: close")
            head = ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8")
            try:
                self.conn.wfile.write(head + body)
            except OSError as ex:
                if ex.args and ex.args[0] not in errors.socket_errors_to_ignore:
                    raise

    class JsonConnection(HTTPConnection):
        RequestHandlerClass = JsonRequest

    return JsonConnection
