"""Past one machine: two service processes on one PostgreSQL server, as behind a load
balancer; a tile set learnt through one is read through the other, and a table made on one is
recorded on the other. The compose file of docs/deploy.md is valid YAML of that deployment."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import yaml
from test_service_support import STUB_TILES, jpeg_bytes

ROOT = Path(__file__).resolve().parent.parent



@pytest.fixture()
def two_processes(postgres, tmp_path):
    """Two service processes on one fresh PostgreSQL database, each with its own data folder
    as on two machines; their ports."""
    if isinstance(postgres, str):
        pytest.skip(f"PostgreSQL tests skipped: {postgres}")
    url = postgres.database()
    env = {k: v for k, v in os.environ.items() if k != "MAHJONG_TILESETS"}
    procs = [subprocess.Popen([sys.executable, str(ROOT / "tests" / "service_process.py"), url],
                              stdout=subprocess.PIPE, text=True,
                              env={**env, "PYTHONPATH": str(ROOT),
                                   "XDG_DATA_HOME": str(tmp_path / f"machine{k}")})
             for k in range(2)]
    try:
        ports = []
        for proc in procs:
            assert proc.stdout is not None
            line = proc.stdout.readline().split()
            assert line[:1] == ["ready"], f"a service process did not start: {line}"
            ports.append(int(line[1]))
        yield ports
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(20)


def call(port: int, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request(method, path, body, headers or {})
    answer = conn.getresponse()
    status, data = answer.status, json.loads(answer.read())
    conn.close()
    return status, data


def form(fields: dict[str, str], photo: bytes) -> tuple[bytes, dict[str, str]]:
    boundary = uuid.uuid4().hex
    parts = [f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode()
             for k, v in fields.items()]
    parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; "
                 "filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".encode() + photo
                 + b"\r\n")
    return (b"".join(parts) + f"--{boundary}--\r\n".encode(),
            {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def test_a_set_learnt_on_one_process_is_read_on_the_other(two_processes):
    one, other = two_processes
    status, made = call(one, "POST", "/api/tilesets")
    assert status == 201
    auth = {"Authorization": f"Bearer {made['secret']}"}
    body, headers = form({"tiles": "123m456p789sEEESS"}, jpeg_bytes())
    status, learnt = call(one, "POST", f"/api/tilesets/{made['id']}/learn", body,
                          {**headers, **auth})
    assert status == 200 and learnt["count"] == len(STUB_TILES), learnt
    status, kept = call(other, "GET", f"/api/tilesets/{made['id']}")
    assert status == 200 and kept["examples"] == len(STUB_TILES)
    assert kept["kinds"]["E"] == 3
    body, headers = form({"tileset": made["id"]}, jpeg_bytes())
    status, read = call(other, "POST", "/api/recognize", body, headers)
    assert status == 200 and read["tileset"] == made["id"]
    status, _ = call(other, "DELETE", f"/api/tilesets/{made['id']}/examples/1", None, auth)
    assert status == 200
    assert call(one, "GET", f"/api/tilesets/{made['id']}")[1]["examples"] == len(STUB_TILES) - 1


def test_a_table_made_on_one_process_is_recorded_on_the_other_once(two_processes):
    one, other = two_processes
    status, table = call(one, "POST", "/api/tables",
                         json.dumps({"players": ["A", "B", "C", "D"]}).encode(),
                         {"Content-Type": "application/json"})
    assert status == 201
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {table['secret']}",
               "Idempotency-Key": "hand-1"}
    draw = json.dumps({"result": "draw"}).encode()
    assert call(other, "POST", f"/api/tables/{table['id']}/hands", draw, headers)[0] == 201
    # the answer was lost; the client retries through the other process
    assert call(one, "POST", f"/api/tables/{table['id']}/hands", draw, headers)[0] == 201
    assert call(one, "GET", f"/api/tables/{table['id']}")[1]["hand_number"] == 2


def test_the_compose_file_describes_processes_behind_a_proxy_on_postgresql():
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert {"proxy", "postgres", "assistant"} <= set(services)
    app = services["assistant"]
    command = " ".join(app["command"]) if isinstance(app["command"], list) else app["command"]
    assert "--database" in command and "postgresql://" in command
    assert "--proxy-hops" in command and "--host" in command
    assert app["deploy"]["replicas"] >= 2
    assert "postgres" in app["depends_on"] and "assistant" in services["proxy"]["depends_on"]
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text(encoding="utf-8")
    assert "reverse_proxy" in caddyfile and "dynamic a assistant 8000" in caddyfile
