"""Shared by the service benchmarks: start the app on loopback, post a photo, the photos used.

Standard library only (http.client), so the figures measure the service, not a client library.
"""

from __future__ import annotations

import http.client
import json
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import numpy as np

from assistant.service.loopback import LoopbackServer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PHOTOS = ROOT.parent / "shared" / "datasets" / "chinese-mahjong-detection-v4" / "valid" / "images"


class StubRecognizer:
    """The same 14 tiles whatever the photo: measures the service without the model."""

    def detect(self, image: np.ndarray) -> list[dict[str, Any]]:
        h, w = image.shape[:2]
        tiles = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "S", "S"]
        return [{"tile": t, "box": [w * i / 16, h * .4, w * (i + .9) / 16, h * .6],
                 "confidence": .9} for i, t in enumerate(tiles)]


def load_recognizer(stub: bool, models: str | None = None) -> tuple[Any, str]:
    """The real recogniser (from ``models``, default ``models/``) when it loads and ``stub`` is
    false, else the stub; and its name."""
    if not stub:
        try:
            from vision.recognizer import Recognizer

            return Recognizer.load(models), f"real model ({models or 'models/'})"
        except Exception as exc:  # noqa: BLE001 (any reason the model is not there)
            print(f"real recogniser unavailable ({exc}); using the stub", file=sys.stderr)
    return StubRecognizer(), "stub recogniser (no model)"


def start_server(recognizer: Any, threads: int = 4) -> tuple[str, LoopbackServer]:
    """The app under waitress on a free loopback port; returns (host:port, server)."""
    import tempfile

    from assistant.service import create_app

    db = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    app = create_app({"DATABASE": db, "RECOGNIZER": recognizer})
    server = LoopbackServer(app, threads)
    return server.host, server


def frames_1280x720(count: int = 8) -> list[bytes]:
    """JPEG frames of 1280×720 made from real photos of tiles (a gradient if none are here)."""
    import cv2

    paths = sorted(PHOTOS.glob("*.jpg"))[:count] if PHOTOS.is_dir() else []
    out = []
    for p in paths or [None]:
        img = cv2.imread(str(p)) if p else np.full((720, 1280, 3), 90, np.uint8)
        frame = cv2.resize(img, (1280, 720), interpolation=cv2.INTER_AREA)
        out.append(cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes())
    return out


def post_image(host: str, data: bytes, conn: http.client.HTTPConnection | None = None,
               path: str = "/api/recognize", fields: dict[str, str] | None = None
               ) -> tuple[int, float, dict[str, Any]]:
    """POST the photo to ``path`` (with the form ``fields``); returns (status, seconds, JSON)."""
    boundary = uuid.uuid4().hex
    head = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                   for k, v in (fields or {}).items()).encode()
    body = head + (f"--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; "
            f"filename=\"frame.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").encode() + data + \
        f"\r\n--{boundary}--\r\n".encode()
    own = conn is None
    conn = conn or http.client.HTTPConnection(host, timeout=60)
    t0 = time.perf_counter()
    conn.request("POST", path, body,
                 {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    r = conn.getresponse()
    payload = r.read()
    dt = time.perf_counter() - t0
    if own:
        conn.close()
    try:
        parsed = json.loads(payload)
    except ValueError:
        parsed = {}
    return r.status, dt, parsed


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0-1) by nearest rank."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))] if s else float("nan")
