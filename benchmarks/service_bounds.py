"""The inputs of issue 23 that held the service hostage, timed against a service process:
a 39.6-megapixel JPEG and PNG, eight large JPEGs at once (the server's peak memory), a 10 MB
``concealed`` string, JSON nested 10,000 deep.

    .venv/bin/python benchmarks/service_bounds.py [--stub]

Prints each request's status and time, and the server's memory; not a timed test.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

import numpy as np
from service_crowd import connect, multipart, request, rss_mb, start

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def big_jpeg(width: int = 6000, height: int = 6600) -> bytes:
    """A real 39.6-megapixel photo-like JPEG (noise over a gradient, so it is not tiny)."""
    import cv2

    rng = np.random.default_rng(1)
    small = rng.integers(0, 255, (height // 8, width // 8, 3), dtype=np.uint8)
    image = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stub", action="store_true", help="stub recogniser instead of the model")
    args = ap.parse_args(argv)
    from test_service_support import huge_png

    jpeg = big_jpeg()
    png = huge_png(6000, 6600)
    proc, port = start("http", args.stub, 16, "")
    try:
        print(f"server memory at start {rss_mb(proc.pid):.0f} MB "
              f"({'stub' if args.stub else 'model'})")

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
    finally:
        proc.terminate()
        proc.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
