"""The service under a crowd, on loopback: photo uploads and a burst of analyses, over HTTP and
HTTPS, against `serve`'s own servers (waitress, cheroot) run in a separate process, so that its
memory is measured apart from the clients'. Also requests per second with 1 and 2 processes.

    .venv/bin/python benchmarks/service_crowd.py [--stub] [--uploaders 16] [--uploads 20]
        [--burst 200] [--schemes http,https] [--processes 1,2] [--rate-seconds 10]

Each phase: no answer may be a 5xx or fail to connect (exit status 1 otherwise); p50/p95/max are
printed, and the server's resident memory before the phases, after each and after a pause.
With 2 processes the clients alternate between them, as a reverse proxy in front would.
Not a timed test.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

from service_http import ROOT, frames_1280x720, percentile

HAND = json.dumps({"concealed": "123m456p789s1112z", "win_tile": "S", "variant": "guangdong",
                   "context": {"self_drawn": True}}).encode()
UNVERIFIED = ssl._create_unverified_context()  # the benchmark's own self-signed certificate


def serve_one(port: int, https_dir: str | None, stub: bool, threads: int) -> None:
    """Run one service process (the body of the child)."""
    import logging

    from service_http import load_recognizer

    from assistant.service import create_app
    from assistant.service.servers import http_server
    from assistant.service.tls import https_server, self_signed

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # the burst queues by design
    recognizer, _ = load_recognizer(stub)
    db = Path(tempfile.mkdtemp()) / "crowd.sqlite3"
    app = create_app({"DATABASE": db, "RECOGNIZER": recognizer, "HTTPS": bool(https_dir)})
    if https_dir:
        server = https_server(app, "127.0.0.1", port, threads, *self_signed(Path(https_dir)))
        server.prepare()
        print("ready", flush=True)
        server.serve()
    else:
        server = http_server(app, "127.0.0.1", port, threads)
        print("ready", flush=True)
        server.run()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(scheme: str, stub: bool, threads: int, tls_dir: str) -> tuple[subprocess.Popen, int]:
    """A service process on a free port; returns it and its port once it answers."""
    port = free_port()
    cmd = [sys.executable, __file__, "--serve-one", str(port), "--threads", str(threads)]
    if scheme == "https":
        cmd += ["--tls-dir", tls_dir]
    if stub:
        cmd.append("--stub")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=env, text=True)
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise SystemExit(f"the {scheme} service did not start")
    return proc, port


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def connect(scheme: str, port: int) -> http.client.HTTPConnection:
    if scheme == "https":
        return http.client.HTTPSConnection("127.0.0.1", port, timeout=120, context=UNVERIFIED)
    return http.client.HTTPConnection("127.0.0.1", port, timeout=120)


def multipart(data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; "
            f"filename=\"frame.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").encode() + data + \
        f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def request(conn: http.client.HTTPConnection, path: str, body: bytes, ctype: str) -> int:
    conn.request("POST", path, body, {"Content-Type": ctype})
    r = conn.getresponse()
    r.read()
    return r.status


def uploads(scheme: str, ports: list[int], clients: int, each: int, frames: list[bytes]
            ) -> list[tuple[int, float]]:
    """``clients`` clients posting ``each`` photos one after another on a kept connection."""
    results: list[tuple[int, float]] = []
    lock = threading.Lock()

    def one(k: int) -> None:
        conn = connect(scheme, ports[k % len(ports)])
        for i in range(each):
            body, ctype = multipart(frames[(k + i) % len(frames)])
            t0 = time.perf_counter()
            try:
                status = request(conn, "/api/recognize", body, ctype)
            except (OSError, http.client.HTTPException):
                status = 0
                conn.close()
                conn = connect(scheme, ports[k % len(ports)])
            with lock:
                results.append((status, (time.perf_counter() - t0) * 1000))
        conn.close()

    run_threads(one, clients)
    return results


def burst(scheme: str, ports: list[int], count: int) -> list[tuple[int, float]]:
    """``count`` analyses sent at once, each on its own new connection."""
    results: list[tuple[int, float]] = []
    lock = threading.Lock()
    go = threading.Barrier(count)

    def one(k: int) -> None:
        go.wait()
        t0 = time.perf_counter()
        try:
            conn = connect(scheme, ports[k % len(ports)])
            status = request(conn, "/api/analyze", HAND, "application/json")
            conn.close()
        except (OSError, http.client.HTTPException):
            status = 0
        with lock:
            results.append((status, (time.perf_counter() - t0) * 1000))

    run_threads(one, count)
    return results


def rate(scheme: str, ports: list[int], clients: int, seconds: float) -> tuple[float, int]:
    """Analyses per second by ``clients`` keep-alive clients for ``seconds``; and the 5xx count."""
    counts = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def one(k: int) -> None:
        conn = connect(scheme, ports[k % len(ports)])
        while time.monotonic() < deadline:
            try:
                status = request(conn, "/api/analyze", HAND, "application/json")
            except (OSError, http.client.HTTPException):
                status = 0
                conn.close()
                conn = connect(scheme, ports[k % len(ports)])
            with lock:
                counts[status] += 1
        conn.close()

    t0 = time.perf_counter()
    run_threads(one, clients)
    wall = time.perf_counter() - t0
    bad = sum(n for s, n in counts.items() if s == 0 or s >= 500)
    return sum(counts.values()) / wall, bad


def run_threads(target, n: int) -> None:  # type: ignore[no-untyped-def]
    threads = [threading.Thread(target=target, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def report(name: str, results: list[tuple[int, float]], wall: float) -> int:
    """Print a phase's statuses and percentiles; returns how many were 5xx or failed."""
    ms = [d for s, d in results if s]
    statuses = Counter(s for s, _ in results)
    print(f"  {name:<28} n={len(results):<4} {wall:6.1f} s  statuses {dict(statuses)}  "
          f"p50 {percentile(ms, .5):6.0f} ms  p95 {percentile(ms, .95):6.0f} ms  "
          f"max {max(ms, default=float('nan')):6.0f} ms")
    return sum(n for s, n in statuses.items() if s == 0 or s >= 500)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stub", action="store_true", help="stub recogniser instead of the model")
    ap.add_argument("--uploaders", type=int, default=16)
    ap.add_argument("--uploads", type=int, default=20, help="photos per uploader")
    ap.add_argument("--burst", type=int, default=200, help="analyses sent at once")
    ap.add_argument("--schemes", default="http,https")
    ap.add_argument("--processes", default="1,2", help="process counts for the rate (e.g. 1,2)")
    ap.add_argument("--rate-seconds", type=float, default=10)
    ap.add_argument("--threads", type=int, default=16, help="server threads (serve's default)")
    ap.add_argument("--serve-one", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--tls-dir", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve_one:
        serve_one(args.serve_one, args.tls_dir, args.stub, args.threads)
        return 0
    frames = frames_1280x720()
    tls_dir = tempfile.mkdtemp()
    bad = 0
    for scheme in args.schemes.split(","):
        proc, port = start(scheme, args.stub, args.threads, tls_dir)
        try:
            started = rss_mb(proc.pid)
            uploads(scheme, [port], 1, 2, frames)  # warm: the model and the engine's tables load
            burst(scheme, [port], 1)
            print(f"{scheme}: one service process ({'stub' if args.stub else 'model'}), "
                  f"{args.threads} threads; server memory {started:.0f} MB at start, "
                  f"{rss_mb(proc.pid):.0f} MB warm")
            t0 = time.perf_counter()
            res = uploads(scheme, [port], args.uploaders, args.uploads, frames)
            bad += report(f"{args.uploaders} clients x {args.uploads} photos", res,
                          time.perf_counter() - t0)
            after_uploads = rss_mb(proc.pid)
            t0 = time.perf_counter()
            res = burst(scheme, [port], args.burst)
            bad += report(f"{args.burst} analyses at once", res, time.perf_counter() - t0)
            after_burst = rss_mb(proc.pid)
            t0 = time.perf_counter()
            res = uploads(scheme, [port], args.uploaders, args.uploads, frames)
            bad += report("the photos again", res, time.perf_counter() - t0)
            time.sleep(2)
            print(f"  server memory: {after_uploads:.0f} MB after the photos, {after_burst:.0f} MB "
                  f"after the burst, {rss_mb(proc.pid):.0f} MB after the photos again")
        finally:
            proc.terminate()
            proc.wait(10)
    for n in (int(x) for x in args.processes.split(",") if x):
        procs = [start("http", args.stub, args.threads, tls_dir) for _ in range(n)]
        try:
            per_s, failed = rate("http", [p for _, p in procs], 8, args.rate_seconds)
            bad += failed
            print(f"http, {n} process{'es' if n > 1 else ''}: {per_s:.0f} analyses/s "
                  f"(8 keep-alive clients, {args.rate_seconds:.0f} s, {failed} 5xx)")
        finally:
            for proc, _ in procs:
                proc.terminate()
                proc.wait(10)
    if bad:
        print(f"FAIL: {bad} requests got a 5xx or no answer")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
