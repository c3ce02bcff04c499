"""The ``serve`` command starts waitress (not Flask's development server); a bounded load test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from assistant.cli import build_parser

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def test_serve_runs_the_app_under_waitress(monkeypatch, tmp_path):
    import waitress

    calls = {}
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: calls.update(app=app, **kw))
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "8123",
                                      "--database", str(tmp_path / "t.sqlite3")])
    from assistant.commands import serve

    assert serve.run(args) == 0
    assert calls["host"] == "0.0.0.0" and calls["port"] == 8123
    assert calls["app"].name == "assistant.service"
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
