"""Load test on loopback: concurrent clients posting photos (and hands to analyse); no answer
may be a 5xx; the latency percentiles are reported. Bounded in requests and in time.

    .venv/bin/python benchmarks/service_load.py [--clients 8] [--requests 200] [--seconds 60]
        [--stub] [--url http://host:port]

Exit status 1 when any request got a 5xx or failed to connect. Not a timed test.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import threading
import time
from collections import Counter
from urllib.parse import urlparse

from service_http import frames_1280x720, load_recognizer, percentile, post_image, start_server

HAND = json.dumps({"concealed": "123m456p789s1112z", "win_tile": "S", "variant": "guangdong",
                   "context": {"self_drawn": True}}).encode()


def client(host: str, frames: list[bytes], budget: dict, lock: threading.Lock,
           results: list[tuple[str, int, float]], deadline: float, index: int) -> None:
    """One client: posts a photo, then a hand, ... until the shared request budget or time ends."""
    conn = http.client.HTTPConnection(host, timeout=120)
    i = index
    while time.monotonic() < deadline:
        with lock:
            if budget["left"] <= 0:
                break
            budget["left"] -= 1
        i += 1
        try:
            if i % 4:
                status, dt, _ = post_image(host, frames[i % len(frames)], conn)
                kind = "recognize"
            else:
                t0 = time.perf_counter()
                conn.request("POST", "/api/analyze", HAND, {"Content-Type": "application/json"})
                r = conn.getresponse()
                r.read()
                status, dt, kind = r.status, time.perf_counter() - t0, "analyze"
        except (OSError, http.client.HTTPException):
            status, dt, kind = 0, 0.0, "connection error"
            conn.close()
            conn = http.client.HTTPConnection(host, timeout=120)
        results.append((kind, status, dt * 1000))
    conn.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--requests", type=int, default=200, help="total requests (default 200)")
    ap.add_argument("--seconds", type=float, default=60, help="time bound (default 60)")
    ap.add_argument("--models", help="folder of the ONNX models (default models/)")
    ap.add_argument("--stub", action="store_true", help="stub recogniser instead of the model")
    ap.add_argument("--url", help="an already running service (else one is started here)")
    args = ap.parse_args(argv)
    server = None
    if args.url:
        host, which = urlparse(args.url).netloc, "external service"
    else:
        recognizer, which = load_recognizer(args.stub, args.models)
        # Twice the clients: the photo pool leaves a quarter of the threads to the cheap
        # endpoints (RecognizerHolder.fit_threads) and queues the rest of the clients.
        host, server = start_server(recognizer, threads=max(8, 2 * args.clients))
    frames = frames_1280x720()
    results: list[tuple[str, int, float]] = []
    lock = threading.Lock()
    budget = {"left": args.requests}
    deadline = time.monotonic() + args.seconds
    t0 = time.perf_counter()
    threads = [threading.Thread(target=client, args=(host, frames, budget, lock, results, deadline, k))
               for k in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    statuses = Counter(s for _, s, _ in results)
    print(f"{len(results)} requests by {args.clients} clients in {wall:.1f} s ({which}); "
          f"statuses {dict(statuses)}")
    for kind in ("recognize", "analyze"):
        ms = [d for k, s, d in results if k == kind and s]
        if ms:
            print(f"  {kind:<9} n={len(ms):<4} p50 {percentile(ms, .5):7.0f} ms   "
                  f"p95 {percentile(ms, .95):7.0f} ms   max {max(ms):7.0f} ms")
    if server is not None:
        server.close()
    bad = sum(n for s, n in statuses.items() if s == 0 or s >= 500)
    if bad:
        print(f"FAIL: {bad} requests got a 5xx or no answer")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
