"""``mahjong-assistant serve``: the web service under waitress (a production WSGI server)."""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0 to reach it from a phone on the LAN)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    p.add_argument("--database", help="SQLite file of the table sessions "
                                      "(default ~/.local/share/mahjong-assistant/tables.sqlite3)")


def run(args: argparse.Namespace) -> int:
    import waitress

    from ..service import create_app

    app = create_app({"DATABASE": args.database})
    print(f"麻将助手 serving on http://{args.host}:{args.port}/  (Ctrl-C to stop)", flush=True)
    waitress.serve(app, host=args.host, port=args.port, threads=args.threads,
                   max_request_body_size=app.config["MAX_CONTENT_LENGTH"] + 65536,
                   ident="mahjong-assistant")
    return 0
