"""One service process for the tests that need several on one database: the app with the
stub recogniser under waitress, as ``serve`` runs it; prints ``ready <port>`` once it listens.

    python tests/service_process.py DATABASE
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main(database: str) -> None:
    """Serve the app on a free loopback port until killed."""
    from test_service_support import StubRecognizer

    from assistant.service import create_app
    from assistant.service.servers import http_server

    app = create_app({"DATABASE": database, "RECOGNIZER": StubRecognizer()})
    server = http_server(app, "127.0.0.1", 0, threads=8)
    print(f"ready {server.effective_port}", flush=True)
    server.run()


if __name__ == "__main__":
    main(sys.argv[1])
