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
