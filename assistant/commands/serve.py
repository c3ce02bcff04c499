"""``mahjong-assistant serve``: the web service under a production WSGI server.

HTTP under waitress; HTTPS (``--https`` with a self-signed certificate, or ``--certfile`` and
``--keyfile``) under cheroot, because a phone opens its camera only on a secure page. Whatever
stops it from starting (a busy port, an unknown host, a database it cannot write) is one clear
line and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path

from ..errors import MahjongError


def _port(text: str) -> int:
    """A TCP port, 1-65535 (0 would bind a random port; 99999 is no port)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range: give 1-65535")
    return port


def _threads(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 1 <= n <= 256:
        raise argparse.ArgumentTypeError(f"{n} threads: give 1-256")
    return n


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0 to reach it from a phone on the LAN)")
    p.add_argument("--port", type=_port, default=8000, help="port, 1-65535 (default 8000)")
    p.add_argument("--threads", type=_threads, default=16, help="worker threads (default 16)")
    p.add_argument("--database", help="SQLite file of the table sessions (default "
                                      "~/.local/share/mahjong-assistant/tables.sqlite3), or a "
                                      "PostgreSQL server's postgresql://… URL (also taken from "
                                      "$DATABASE_URL)")
    p.add_argument("--https", action="store_true",
                   help="serve HTTPS with a self-signed certificate for this machine, made once "
                        "and kept beside the database (phones need HTTPS for the live camera)")
    p.add_argument("--certfile", type=Path, help="serve HTTPS with this PEM certificate (chain)")
    p.add_argument("--keyfile", type=Path, help="the PEM private key of --certfile")
    p.add_argument("--proxy-hops", type=int, default=0, metavar="N",
                   help="behind N reverse proxies: trust their X-Forwarded-For, -Proto and -Host "
                        "(the client's address for the per-client limits, HTTPS for HSTS)")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="a host name the service answers to on state-changing requests, besides "
                        "IP addresses, localhost and this machine's names (e.g. the name behind "
                        "a reverse proxy); may be repeated")


def _certificate(args: argparse.Namespace, database: Path) -> tuple[Path, Path] | None:
    """The certificate and key to serve HTTPS with, or None for plain HTTP."""
    if (args.certfile is None) != (args.keyfile is None):
        raise MahjongError("--certfile and --keyfile go together")
    if args.certfile is not None:
        warn_readable_key(args.keyfile)
        return args.certfile, args.keyfile
    if args.https:
        from ..service.tls import self_signed

        try:
            return self_signed(database.parent / "tls")
        except OSError as exc:
            raise MahjongError(f"cannot write the certificate in {database.parent / 'tls'}: "
                               f"{exc.strerror or exc}") from None
    return None


def warn_readable_key(keyfile: Path) -> str | None:
    """Warn (on stderr, Chinese first and English beside it) when the private key can be read
    by every user of the machine, who could then pose as this service; the warning or None."""
    import stat
    import sys

    from ..catalogue import error_zh

    try:
        mode = stat.S_IMODE(keyfile.stat().st_mode)
    except OSError:
        return None  # a missing key is refused, naming it, by https_server
    if not mode & stat.S_IROTH:
        return None
    english = (f"the key file {keyfile} can be read by every user of this machine (mode "
               f"{mode:o}): chmod 600 {keyfile}")
    print(f"mahjong-assistant serve: 警告：{error_zh(english)}\n  (warning: {english})",
          file=sys.stderr, flush=True)
    return english


def _bind_error(exc: OSError, host: str, port: int) -> MahjongError:
    """A bind failure said plainly: the port is taken, the host unknown, or not allowed."""
    import errno
    import socket

    if isinstance(exc, socket.gaierror):
        return MahjongError(f"cannot listen on host {host!r}: no such address ({exc.strerror})")
    if exc.errno == errno.EADDRINUSE:
        return MahjongError(f"port {port} on {host} is already in use: stop the other server or "
                            "choose another --port")
    if exc.errno == errno.EADDRNOTAVAIL:
        return MahjongError(f"cannot listen on {host}: it is not an address of this machine")
    if exc.errno == errno.EACCES:
        return MahjongError(f"no permission to listen on port {port} (ports below 1024 need "
                            "privileges): choose another --port")
    return MahjongError(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


def _database_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean the database cannot be opened (psycopg's when installed)."""
    try:
        import psycopg
    except ImportError:
        return (OSError, sqlite3.Error)
    return (OSError, sqlite3.Error, psycopg.Error)


def run(args: argparse.Namespace) -> int:
    import os

    from ..service import create_app
    from ..service.pgstore import is_url
    from ..service.sessions import default_path

    target = args.database or os.environ.get("DATABASE_URL") or None
    url = target if is_url(target) else None
    database = default_path() if url or not target else Path(target)
    certificate = _certificate(args, database)
    shown = "the PostgreSQL server" if url else str(database)
    try:
        app = create_app({"DATABASE": url or target, "HTTPS": certificate is not None,
                          "ALLOWED_HOSTS": tuple(args.allowed_host),
                          "PROXY_HOPS": max(0, args.proxy_hops)})
    except ImportError as exc:
        raise MahjongError(f"a postgresql:// database needs psycopg ({exc}): pip install "
                           "'mahjong-assistant[postgres]'") from None
    except _database_errors() as exc:
        reason = getattr(exc, "strerror", None) or str(exc).strip().splitlines()[0]
        raise MahjongError(f"cannot open the table database {shown}: {reason} (choose a "
                           "writable place, or a reachable server, with --database)") from None
    if certificate is None:
        from ..service.servers import http_server

        try:
            server = http_server(app, args.host, args.port, args.threads)
        except OSError as exc:
            raise _bind_error(exc, args.host, args.port) from None
        print(f"麻将助手 serving on http://{args.host}:{args.port}/  (Ctrl-C to stop)", flush=True)
        server.run()
        return 0
    from ..service.tls import https_server

    try:
        server = https_server(app, args.host, args.port, args.threads, *certificate)
        server.prepare()  # binds now, so a busy port is reported before "serving"
    except ValueError as exc:
        raise MahjongError(str(exc)) from exc
    except OSError as exc:
        raise _bind_error(exc, args.host, args.port) from None
    print(f"麻将助手 serving on https://{args.host}:{args.port}/  certificate {certificate[0]}  "
          "(Ctrl-C to stop)", flush=True)
    try:
        server.serve()
    finally:
        server.stop()
    return 0
