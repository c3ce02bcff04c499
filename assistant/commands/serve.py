"""``mahjong-assistant serve``: the web service under a production WSGI server.

HTTP under waitress; HTTPS (``--https`` with a self-signed certificate, or ``--certfile`` and
``--keyfile``) under cheroot, because a phone opens its camera only on a secure page.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import MahjongError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0 to reach it from a phone on the LAN)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    p.add_argument("--database", help="SQLite file of the table sessions "
                                      "(default ~/.local/share/mahjong-assistant/tables.sqlite3)")
    p.add_argument("--https", action="store_true",
                   help="serve HTTPS with a self-signed certificate for this machine, made once "
                        "and kept beside the database (phones need HTTPS for the live camera)")
    p.add_argument("--certfile", type=Path, help="serve HTTPS with this PEM certificate (chain)")
    p.add_argument("--keyfile", type=Path, help="the PEM private key of --certfile")


def _certificate(args: argparse.Namespace, database: Path) -> tuple[Path, Path] | None:
    """The certificate and key to serve HTTPS with, or None for plain HTTP."""
    if (args.certfile is None) != (args.keyfile is None):
        raise MahjongError("--certfile and --keyfile go together")
    if args.certfile is not None:
        return args.certfile, args.keyfile
    if args.https:
        from ..service.tls import self_signed

        return self_signed(database.parent / "tls")
    return None


def run(args: argparse.Namespace) -> int:
    from ..service import create_app
    from ..service.sessions import default_path

    database = Path(args.database) if args.database else default_path()
    certificate = _certificate(args, database)
    app = create_app({"DATABASE": args.database})
    if certificate is None:
        import waitress

        print(f"麻将助手 serving on http://{args.host}:{args.port}/  (Ctrl-C to stop)", flush=True)
        waitress.serve(app, host=args.host, port=args.port, threads=args.threads,
                       max_request_body_size=app.config["MAX_CONTENT_LENGTH"] + 65536,
                       ident="mahjong-assistant")
        return 0
    from ..service.tls import https_server

    try:
        server = https_server(app, args.host, args.port, args.threads, *certificate)
    except ValueError as exc:
        raise MahjongError(str(exc)) from exc
    print(f"麻将助手 serving on https://{args.host}:{args.port}/  certificate {certificate[0]}  "
          "(Ctrl-C to stop)", flush=True)
    try:
        server.safe_start()
    finally:
        server.stop()
    return 0
