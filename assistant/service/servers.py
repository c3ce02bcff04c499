"""The WSGI servers the service runs under: waitress for HTTP, cheroot for HTTPS (``tls``).

Both are sized for a crowd at a table or a club: enough threads, a listen backlog far above
cheroot's default of 5, and every error the server itself answers (a body or headers over its
own bound, a malformed request) is JSON like the app's own errors.
"""

from __future__ import annotations

from typing import Any

from .errors import json_error_body

#: The listen backlog: connections the kernel holds before a thread takes them.
BACKLOG = 1024
#: Headers a server accepts before answering itself; the app's own bound (431, JSON) is lower.
SERVER_HEADER_LIMIT = 256 * 1024

_ZH = {400: "请求有误", 408: "请求超时", 413: "请求内容太大", 431: "请求头太大",
       500: "服务内部错误"}


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
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    return JsonErrorTask


def http_server(app: Any, host: str, port: int, threads: int) -> Any:
    """A waitress server for ``app`` (bound, not yet running); OSError when it cannot bind."""
    import waitress
    from waitress.channel import HTTPChannel

    server = waitress.create_server(
        app, host=host, port=port, threads=threads, backlog=BACKLOG,
        connection_limit=max(100, 16 * threads),
        max_request_body_size=app.config["MAX_CONTENT_LENGTH"] + 65536,
        max_request_header_size=SERVER_HEADER_LIMIT, ident="mahjong-assistant")

    class JsonChannel(HTTPChannel):
        error_task_class = json_error_task()

    server.channel_class = JsonChannel
    return server
