"""The ``serve`` command starts waitress (not Flask's development server); a bounded load test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from assistant.cli import build_parser

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def test_serve_runs_the_app_under_waitress(monkeypatch, tmp_path):
    import waitress

    calls = {}

    class Server:
        def run(self) -> None:
            calls["ran"] = True

    monkeypatch.setattr(waitress, "create_server",
                        lambda app, **kw: calls.update(app=app, **kw) or Server())
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "8123",
                                      "--database", str(tmp_path / "t.sqlite3")])
    from assistant.commands import serve

    assert serve.run(args) == 0 and calls["ran"]
    assert calls["host"] == "0.0.0.0" and calls["port"] == 8123
    assert calls["app"].name == "assistant.service"
    assert calls["backlog"] >= 1024 and calls["threads"] == 16
    assert (tmp_path / "t.sqlite3").exists()


def test_load_on_loopback_gets_no_5xx(capsys):
    """Concurrent clients posting photos (stub recogniser): no 5xx; the p95 is reported."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("service_load", BENCH / "service_load.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    code = module.main(["--stub", "--clients", "4", "--requests", "40", "--seconds", "60"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "p95" in out and "40 requests" in out


def test_https_with_a_self_signed_certificate(tmp_path):
    """`serve --https` serves the same app over TLS; the generated certificate names this host."""
    import json
    import socket
    import ssl
    import threading
    import urllib.request

    from assistant.service import create_app
    from assistant.service.tls import https_server, self_signed

    cert, key = self_signed(tmp_path / "tls")
    assert self_signed(tmp_path / "tls") == (cert, key)  # kept, not remade
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = https_server(create_app({"DATABASE": str(tmp_path / "t.sqlite3")}), "127.0.0.1", port,
                          2, cert, key)
    server.prepare()
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    try:
        context = ssl.create_default_context(cafile=str(cert))  # verifies 127.0.0.1 in the SAN
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/api/variants", context=context,
                                    timeout=20) as reply:
            body = json.loads(reply.read())
        assert reply.status == 200
        assert any(v["name"] == "guangdong" for v in body["variants"])
    finally:
        server.stop()
        thread.join(10)


def test_https_refuses_a_bad_certificate_clearly(tmp_path, capsys):
    from assistant.cli import main

    (tmp_path / "cert.pem").write_text("not a certificate")
    (tmp_path / "key.pem").write_text("not a key")
    code = main(["serve", "--certfile", str(tmp_path / "cert.pem"), "--keyfile",
                 str(tmp_path / "key.pem"), "--database", str(tmp_path / "t.sqlite3")])
    assert code == 2
    assert "cert.pem" in capsys.readouterr().err
    assert main(["serve", "--certfile", str(tmp_path / "cert.pem")]) == 2
    assert "--keyfile" in capsys.readouterr().err


def _serve_fails(capsys, argv: list[str], words: str) -> None:
    """``serve`` with ``argv`` exits 2 with one clear line naming ``words``, no traceback."""
    from assistant.cli import main

    try:
        code = main(["serve", *argv])
    except SystemExit as exc:  # argparse's own refusal
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert words in err and "Traceback" not in err, err


def test_serve_on_a_busy_port_says_so(tmp_path, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        _serve_fails(capsys, ["--port", str(port), "--database", str(tmp_path / "t.sqlite3")],
                     "already in use")
        _serve_fails(capsys, ["--port", str(port), "--https", "--database",
                              str(tmp_path / "t.sqlite3")], "already in use")


def test_serve_refuses_bad_ports_hosts_and_databases(tmp_path, capsys):
    db = ["--database", str(tmp_path / "t.sqlite3")]
    _serve_fails(capsys, ["--port", "99999", *db], "out of range")
    _serve_fails(capsys, ["--port", "0", *db], "out of range")
    _serve_fails(capsys, ["--port", "http", *db], "not a port number")
    _serve_fails(capsys, ["--host", "203.0.113.7", "--port", "8765", *db],
                 "not an address of this machine")
    (tmp_path / "file").write_text("")
    _serve_fails(capsys, ["--database", str(tmp_path / "file" / "t.sqlite3")],
                 "cannot open the table database")


def test_the_self_signed_key_is_private_from_the_start(tmp_path):
    import stat

    from assistant.service.tls import self_signed

    cert, key = self_signed(tmp_path / "tls")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(key.parent.stat().st_mode) == 0o700
    assert b"PRIVATE KEY" in key.read_bytes() and cert.read_bytes().startswith(b"-----BEGIN")


def test_the_https_server_queues_a_crowd(tmp_path):
    from assistant.service import create_app
    from assistant.service.tls import https_server, self_signed

    cert, key = self_signed(tmp_path / "tls")
    server = https_server(create_app({"DATABASE": str(tmp_path / "t.sqlite3")}), "127.0.0.1",
                          8443, 16, cert, key)
    assert server.request_queue_size >= 1024, "cheroot's default backlog is 5"
    assert server.requests.min == 16


def test_the_servers_own_errors_are_json(tmp_path):
    """Headers or a body over waitress's own bounds: waitress answers, in JSON."""
    import json
    import socket

    from assistant.service import create_app
    from assistant.service.loopback import LoopbackServer

    server = LoopbackServer(create_app({"DATABASE": str(tmp_path / "t.sqlite3"),
                                        "MAX_CONTENT_LENGTH": 1024}), threads=2)
    try:
        host, port = server.host.split(":")
        for head in (f"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: {'a' * 270_000}\r\n\r\n",
                     "POST /api/recognize HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n"
                     "Content-Type: multipart/form-data; boundary=b\r\n\r\n"):
            with socket.create_connection((host, int(port)), timeout=20) as s:
                s.sendall(head.encode())
                reply = b""
                try:
                    while chunk := s.recv(65536):
                        reply += chunk
                except ConnectionResetError:  # closed with our unread bytes: the answer came
                    pass
            status = int(reply.split(b" ", 2)[1])
            headers, _, body = reply.partition(b"\r\n\r\n")
            assert status in (413, 431) and b"application/json" in headers, reply[:300]
            data = json.loads(body)
            assert data["status"] == status and data["error"] and data["error_zh"]
    finally:
        server.close()


def test_serve_takes_a_postgresql_url_and_says_when_it_cannot_reach_it(monkeypatch, tmp_path,
                                                                        capsys):
    pytest.importorskip("psycopg")
    monkeypatch.setenv("DATABASE_URL", f"postgresql://nobody@/nodb?host={tmp_path}&port=1")
    _serve_fails(capsys, ["--port", "8765"], "cannot open the table database the PostgreSQL server")
