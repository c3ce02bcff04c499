"""A cross-site page cannot change anything; every answer carries the security headers."""

from __future__ import annotations

import re

import pytest

from assistant.service import create_app
from assistant.service.pages import PAGES
from assistant.service.security import host_allowed, same_place

PLAYERS = ["Ann", "Bo", "Chen", "Dai"]


@pytest.fixture()
def client(tmp_path):
    return create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()


def test_a_post_from_another_site_is_refused(client):
    hand = {"concealed": "123m456p789s1122z"}
    for origin in ("http://evil.example", "null", "http://localhost.evil.example",
                   "http://localhost:9999"):
        r = client.post("/api/analyze", json=hand, headers={"Origin": origin})
        assert r.status_code == 403 and r.get_json()["error_zh"], origin
        assert client.post("/api/tables", json={"players": PLAYERS},
                           headers={"Origin": origin}).status_code == 403
    assert client.post("/api/analyze", json=hand,
                       headers={"Origin": "http://localhost"}).status_code == 200
    assert client.post("/api/analyze", json=hand).status_code == 200, "curl sends no Origin"
    assert client.get("/api/health", headers={"Origin": "http://evil.example"}).status_code == 200


def test_a_foreign_host_name_is_refused_on_writes(tmp_path):
    """DNS rebinding: evil.example resolving to this machine; its page names its own host."""
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    rebound = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
    r = client.post("/api/tables", json={"players": PLAYERS}, headers=rebound)
    assert r.status_code == 403 and "--allowed-host" in r.get_json()["error"]
    allowed = create_app({"DATABASE": tmp_path / "u.sqlite3",
                          "ALLOWED_HOSTS": ["evil.example"]}).test_client()
    assert allowed.post("/api/tables", json={"players": PLAYERS},
                        headers=rebound).status_code == 201


@pytest.mark.parametrize("origin,host,same", [
    ("http://localhost:8000", "localhost:8000", True), ("https://club.example", "club.example:443", True),
    ("http://club.example:80", "club.example", True), ("https://club.example", "club.example", True),
    ("http://club.example", "club.example:8000", False), ("ftp://club.example", "club.example", False),
    ("http://[::1]:8000", "[::1]:8000", True), ("http://a:99999", "a", False),
])
def test_an_origin_is_the_same_place_as_the_host(origin, host, same):
    assert same_place(origin, host) is same


@pytest.mark.parametrize("host,ok", [
    ("127.0.0.1:8000", True), ("[::1]:8443", True), ("192.168.1.20", True), ("localhost", True),
    ("mahjong.local:8000", True), ("evil.example", False), ("", False),
])
def test_host_names_this_service_answers_to(host, ok):
    assert host_allowed(host) is ok


def test_every_answer_carries_the_security_headers(client):
    paths = list(p for p, _ in PAGES.values()) + ["/api/health", "/api/nothing",
                                                  "/static/common.js"]
    for path in paths:
        r = client.get(path)
        csp = r.headers["Content-Security-Policy"]
        script = re.search(r"script-src ([^;]*)", csp).group(1)
        assert "'unsafe-inline'" not in script and "frame-ancestors 'none'" in csp, path
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["Referrer-Policy"] == "no-referrer"
        assert "Strict-Transport-Security" not in r.headers, "HSTS only over HTTPS"
    assert client.post("/api/analyze", json={}).headers["X-Content-Type-Options"] == "nosniff"


def test_hsts_under_https(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3", "HTTPS": True}).test_client()
    assert "max-age=" in client.get("/").headers["Strict-Transport-Security"]


def test_the_pages_have_no_inline_script(client):
    for path, _ in PAGES.values():
        html = client.get(path).get_data(as_text=True)
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
        assert scripts, path
        for attrs, body in scripts:
            assert "src=" in attrs and not body.strip(), (path, body[:80])
        assert not re.search(r"\son[a-z]+=", html), f"{path}: an inline event handler"


def test_behind_a_proxy_the_client_address_and_scheme_are_the_forwarded_ones(tmp_path,
                                                                              monkeypatch):
    from assistant.service import sessions

    monkeypatch.setattr(sessions, "MAX_TABLES_PER_CLIENT_DAY", 1)
    app = create_app({"DATABASE": tmp_path / "t.sqlite3", "PROXY_HOPS": 1})
    client = app.test_client()
    for address in ("203.0.113.1", "203.0.113.2"):  # two players behind one proxy
        r = client.post("/api/tables", json={"players": PLAYERS},
                        headers={"X-Forwarded-For": address, "X-Forwarded-Proto": "https"})
        assert r.status_code == 201, r.get_json()
        assert "max-age=" in r.headers["Strict-Transport-Security"]
    again = client.post("/api/tables", json={"players": PLAYERS},
                        headers={"X-Forwarded-For": "203.0.113.1"})
    assert again.status_code == 429


def test_an_origin_of_another_scheme_is_refused(client):
    """The plain-HTTP page of the same name is another origin (a network attacker can script
    it): its writes to the HTTPS service are refused, and the other way round."""
    hand = {"concealed": "123m456p789s1122z"}
    r = client.post("/api/analyze", json=hand, headers={"Origin": "http://localhost"},
                    base_url="https://localhost")
    assert r.status_code == 403 and "https://localhost" in r.get_json()["error"]
    assert client.post("/api/analyze", json=hand, headers={"Origin": "https://localhost"},
                       base_url="https://localhost").status_code == 200
    assert client.post("/api/analyze", json=hand, headers={"Origin": "https://localhost:80"},
                       base_url="http://localhost").status_code == 403
    assert same_place("https://club.example", "club.example", "https")
    assert not same_place("http://club.example:443", "club.example:443", "https")


def test_a_key_file_every_user_can_read_is_warned_of(tmp_path, capsys):
    from assistant.commands.serve import warn_readable_key

    key = tmp_path / "key.pem"
    key.write_text("-----BEGIN PRIVATE KEY-----\n")
    key.chmod(0o644)
    assert warn_readable_key(key) is not None
    err = capsys.readouterr().err
    assert "chmod 600" in err and "所有用户都能读取" in err and "644" in err
    key.chmod(0o640)
    assert warn_readable_key(key) is None and capsys.readouterr().err == ""
