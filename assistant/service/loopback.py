"""The service under waitress on a free loopback port, in a thread: for tests and benchmarks."""

from __future__ import annotations

import threading
from typing import Any


class LoopbackServer:
    """Serve ``app`` on 127.0.0.1 (a free port) until :meth:`close`; stops cleanly."""

    def __init__(self, app: Any, threads: int = 6) -> None:
        from .servers import http_server

        self.server = http_server(app, "127.0.0.1", 0, threads)
        self.host = f"127.0.0.1:{self.server.effective_port}"
        self.url = f"http://{self.host}"
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        """waitress's own loop, in short turns, so that close() can stop it."""
        from waitress import wasyncore

        while not self._stop.is_set():
            wasyncore.loop(timeout=0.1, map=self.server._map, count=1)

    def close(self) -> None:
        self._stop.set()
        self.thread.join(timeout=5)
        self.server.task_dispatcher.shutdown()
        for channel in list(self.server._map.values()):
            channel.close()
