"""The inputs that held the service hostage, timed against a service process (``serve``'s
waitress, 16 threads): a 39.6-megapixel JPEG and PNG, eight large JPEGs at once (the server's
peak memory), a 10 MB ``concealed`` string, JSON nested 10,000 deep; then a crowd of the worst
inputs at once (``--worst 40``: small PNGs declaring 4096×4096, ``/api/read`` with its most
detections, forms of 2,000 parts, 6000×6600 JPEGs, motion photos) while ``/api/health`` is
asked every 50 ms: its p50/p95/max beside the same service idle (the peer: the ratio), the
statuses, and the server's peak resident memory, against the targets (health p95 ≤ 200 ms,
memory ≤ 1.5 GB).

    .venv/bin/python benchmarks/service_bounds.py [--stub] [--worst 40] [--only-crowd]

Prints each request's status and time, and the server's memory; not a timed test.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import threading
import time
import uuid
import zlib
from collections import Counter
from pathlib import Path

import numpy as np
from service_crowd import connect, multipart, request, rss_mb, start
from service_http import percentile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def big_jpeg(width: int = 6000, height: int = 6600) -> bytes:
    """A real 39.6-megapixel photo-like JPEG (noise over a gradient, so it is not tiny)."""
    import cv2

    rng = np.random.default_rng(1)
    small = rng.integers(0, 255, (height // 8, width // 8, 3), dtype=np.uint8)
    image = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()


def bomb_png(side: int = 4096) -> bytes:
    """A valid RGB PNG declaring ``side`` × ``side``: a few kB on the wire, 48 MB decoded."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    comp = zlib.compressobj(9)
    row = b"\x00" * (3 * side + 1)
    body = b"".join(comp.compress(row) for _ in range(side)) + comp.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def many_parts(parts: int = 2000) -> tuple[bytes, str]:
    """A multipart form of ``parts`` one-byte fields."""
    boundary = uuid.uuid4().hex
    body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"f{i}\"\r\n\r\n"
                    f"x\r\n".encode() for i in range(parts)) + f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def worst_inputs(jpeg: bytes) -> list[tuple[str, str, bytes, str]]:
    """The worst inputs, each (label, path, body, content type)."""
    from assistant.service.limits import MAX_READ_TILES

    read = json.dumps({"tiles": [{"tile": "1m", "box": [i * 7 % 900, i * 13 % 700,
                                                        i * 7 % 900 + 40, i * 13 % 700 + 55],
                                  "confidence": 0.9} for i in range(MAX_READ_TILES)]}).encode()
    motion = jpeg + b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 4000
    return [("PNG declaring 4096x4096", "/api/recognize", *multipart(bomb_png())),
            (f"/api/read, {MAX_READ_TILES} detections", "/api/read", read, "application/json"),
            ("form of 2,000 parts", "/api/recognize", *many_parts()),
            ("JPEG 6000x6600", "/api/recognize", *multipart(jpeg)),
            ("motion photo (JPEG + 1 MB video)", "/api/recognize", *multipart(motion))]


def health_latencies(port: int, stop: threading.Event, every_s: float = 0.05) -> list[float]:
    """``/api/health`` asked every ``every_s`` on one kept-alive connection until ``stop``:
    each answer's time in ms (a failure counts as the time it took, and is printed)."""
    out: list[float] = []
    conn = connect("http", port)
    while not stop.is_set():
        t0 = time.perf_counter()
        try:
            conn.request("GET", "/api/health")
            answer = conn.getresponse()
            answer.read()
            if answer.status != 200:
                print(f"  health answered {answer.status}")
        except OSError as exc:
            print(f"  health failed: {exc}")
            conn.close()
            conn = connect("http", port)
        out.append((time.perf_counter() - t0) * 1000)
        time.sleep(max(0.0, every_s - (time.perf_counter() - t0)))
    conn.close()
    return out


def crowd(port: int, pid: int, count: int, jpeg: bytes) -> int:
    """``count`` worst inputs at once while health is asked: health's latency beside the idle
    service's, the statuses, the peak memory; 1 when a target is missed."""
    stop = threading.Event()
    idle: list[float] = []
    prober = threading.Thread(target=lambda: idle.extend(health_latencies(port, stop)))
    prober.start()
    time.sleep(3)
    stop.set()
    prober.join()
    inputs = worst_inputs(jpeg)
    statuses: Counter[tuple[str, int]] = Counter()
    lock = threading.Lock()
    peak = [rss_mb(pid)]
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], rss_mb(pid))
            time.sleep(0.02)

    def one(k: int) -> None:
        label, path, body, ctype = inputs[k % len(inputs)]
        conn = connect("http", port)
        try:
            status = request(conn, path, body, ctype)
        except OSError:
            status = 0
        conn.close()
        with lock:
            statuses[(label, status)] += 1

    busy: list[float] = []
    stop = threading.Event()
    prober = threading.Thread(target=lambda: busy.extend(health_latencies(port, stop)))
    watcher = threading.Thread(target=watch)
    watcher.start()
    prober.start()
    t0 = time.perf_counter()
    senders = [threading.Thread(target=one, args=(k,)) for k in range(count)]
    for t in senders:
        t.start()
    for t in senders:
        t.join()
    wall = time.perf_counter() - t0
    stop.set()
    prober.join()
    done.set()
    watcher.join()
    print(f"{count} worst inputs at once, answered in {wall:.1f} s:")
    for (label, status), n in sorted(statuses.items()):
        print(f"  {label:<36} {status}  × {n}")
    p95_idle, p95_busy = percentile(idle, 0.95), percentile(busy, 0.95)
    print(f"  health idle (peer)  n={len(idle):<4} p50 {percentile(idle, 0.5):6.1f} ms  "
          f"p95 {p95_idle:6.1f} ms  max {max(idle):6.1f} ms")
    print(f"  health under crowd  n={len(busy):<4} p50 {percentile(busy, 0.5):6.1f} ms  "
          f"p95 {p95_busy:6.1f} ms  max {max(busy):6.1f} ms  "
          f"(p95 {p95_busy / max(p95_idle, 1e-3):.1f}× idle)")
    print(f"  server memory peak {peak[0]:.0f} MB, {rss_mb(pid):.0f} MB after")
    failed = [(label, status) for (label, status) in statuses if status == 0 or status >= 500
              and status != 503]
    ok = p95_busy <= 200 and peak[0] <= 1536 and not failed
    print(f"  targets: health p95 ≤ 200 ms, memory ≤ 1536 MB, no 5xx but 503: "
          f"{'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stub", action="store_true", help="stub recogniser instead of the model")
    ap.add_argument("--worst", type=int, default=40, help="worst inputs sent at once (0: none)")
    ap.add_argument("--only-crowd", action="store_true", help="only the crowd of worst inputs")
    args = ap.parse_args(argv)
    from test_service_support import huge_png

    jpeg = big_jpeg()
    png = huge_png(6000, 6600)
    proc, port = start("http", args.stub, 16, "")
    try:
        print(f"server memory at start {rss_mb(proc.pid):.0f} MB "
              f"({'stub' if args.stub else 'model'})")
        if args.only_crowd:
            return crowd(port, proc.pid, args.worst, jpeg)

        def timed(label: str, path: str, body: bytes, ctype: str) -> None:
            conn = connect("http", port)
            t0 = time.perf_counter()
            status = request(conn, path, body, ctype)
            print(f"  {label:<44} {status}  {(time.perf_counter() - t0) * 1000:7.0f} ms")
            conn.close()

        timed(f"JPEG 6000x6600 ({len(jpeg) // 1024} KB)", "/api/recognize", *multipart(jpeg))
        timed(f"PNG 6000x6600 ({len(png) // 1024} KB)", "/api/recognize", *multipart(png))
        timed("10 MB concealed string", "/api/analyze",
              b'{"concealed": "' + b"1" * 10_000_000 + b'"}', "application/json")
        timed("JSON nested 10,000 deep", "/api/analyze", b"[" * 10_000 + b"]" * 10_000,
              "application/json")
        peak = [rss_mb(proc.pid)]
        done = threading.Event()

        def watch() -> None:
            while not done.is_set():
                peak[0] = max(peak[0], rss_mb(proc.pid))
                time.sleep(0.05)

        watcher = threading.Thread(target=watch)
        watcher.start()
        t0 = time.perf_counter()
        threads = [threading.Thread(target=timed, args=(f"  JPEG 6000x6600, {k + 1} of 8 at once",
                                                        "/api/recognize", *multipart(jpeg)))
                   for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        done.set()
        watcher.join()
        print(f"  eight at once: {time.perf_counter() - t0:.1f} s; server memory peak "
              f"{peak[0]:.0f} MB, {rss_mb(proc.pid):.0f} MB after")
        if args.worst:
            return crowd(port, proc.pid, args.worst, jpeg)
    finally:
        proc.terminate()
        proc.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
