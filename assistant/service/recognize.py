"""Photo → detections → hand reading, for ``POST /api/recognize``.

The recogniser (``vision.recognizer``) and the layout reader (``vision.hand_reader``) are imported
lazily, on the first request that needs them, so the rest of the service runs without them: a
missing model is a 503 with a clear message, never a crash at start-up.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Protocol

import numpy as np

from ..errors import MahjongError
from ..tiles import BACK, INDEX, is_bonus, sort_key
from .errors import ApiError

#: Below this confidence a detection is reported as a doubt for the user to check.
DOUBT_CONFIDENCE = 0.5


class Detector(Protocol):
    """What the service needs of a recogniser."""

    def detect(self, image_bgr: np.ndarray) -> list[dict[str, Any]]: ...


class RecognizerHolder:
    """Loads the recogniser on first use (thread-safe). While it cannot be loaded each request
    is told why (503) and the next one tries again, so a model exported later is picked up
    without restarting the service."""

    def __init__(self, given: Detector | None = None, concurrency: int = 2) -> None:
        self._detector = given
        self._lock = threading.Lock()
        #: Photos recognised at once: more would only share the same CPU cores and make every
        #: request slower; the others wait their turn in the server's threads.
        self.slots = threading.BoundedSemaphore(max(1, concurrency))

    def get(self) -> Detector:
        """The loaded recogniser, or ApiError 503 saying what is missing."""
        if self._detector is not None:
            return self._detector
        with self._lock:
            if self._detector is None:
                self._detector = self._load()
        return self._detector

    def _load(self) -> Detector:
        try:
            from vision.recognizer import Recognizer  # noqa: PLC0415 (heavy, optional)
        except ImportError as exc:
            raise ApiError(503, "tile recognition is not available: the recogniser "
                                f"(vision.recognizer) is not installed ({exc})",
                           "识牌功能不可用：没有安装识别模块") from None
        try:
            return Recognizer.load()
        except (MahjongError, OSError) as exc:
            raise ApiError(503, f"tile recognition is not available: the model could not be "
                                f"loaded ({exc})", "识牌功能不可用：识别模型没有装好，请手动输入牌") from None


def clean_detections(raw: list[dict[str, Any]], width: int, height: int) -> list[dict[str, Any]]:
    """Detections as JSON: tile code, box [x1, y1, x2, y2] in pixels, confidence (0-1)."""
    out = []
    for d in raw:
        box = [float(v) for v in d["box"]]
        out.append({"tile": str(d["tile"]),
                    "box": [round(min(max(v, 0.0), lim), 1)
                            for v, lim in zip(box, (width, height, width, height), strict=True)],
                    "confidence": round(float(d.get("confidence", 1.0)), 3)})
    return out


def simple_reading(detections: list[dict[str, Any]]) -> dict[str, Any]:
    """A fallback reading when ``vision.hand_reader`` is absent: the face-up playing tiles,
    left to right, as the concealed hand when there are 13 or 14 of them."""
    playing = [d for d in detections if d["tile"] in INDEX]
    playing.sort(key=lambda d: d["box"][0])
    tiles = [d["tile"] for d in playing]
    doubts = [{"index": i, "tile": d["tile"], "confidence": d["confidence"],
               "reason": "low confidence"}
              for i, d in enumerate(playing) if d["confidence"] < DOUBT_CONFIDENCE]
    bonus = sorted((d["tile"] for d in detections if is_bonus(d["tile"])), key=sort_key)
    hand: dict[str, Any] | None = None
    if len(tiles) in (13, 14):
        hand = {"concealed": tiles, "bonus": bonus}
    elif tiles:
        doubts.append({"reason": f"{len(tiles)} face-up tiles found; a hand has 13 or 14"})
    backs = sum(1 for d in detections if d["tile"] == BACK)
    return {"reader": "simple", "hand": hand, "tiles": tiles, "doubts": doubts, "backs": backs}


def read_layout(detections: list[dict[str, Any]]) -> dict[str, Any]:
    """The hand state read from the detections: by ``vision.hand_reader`` when installed
    (``{"hand", "groups", "doubts", "order"}``), else by :func:`simple_reading`."""
    try:
        from vision.hand_reader import read_hand  # noqa: PLC0415 (optional part)
    except ImportError:
        return simple_reading(detections)
    try:
        result = read_hand(detections).to_json()
    except MahjongError as exc:
        reading = simple_reading(detections)
        reading["doubts"].append({"reason": f"the layout could not be read: {exc}"})
        return reading
    result["reader"] = "vision.hand_reader"
    return result


def recognize(holder: RecognizerHolder, image: np.ndarray) -> dict[str, Any]:
    """What ``detect --json`` prints for the image (``image``, ``tiles``), the layout reading, and
    the time each step took."""
    detector = holder.get()
    h, w = image.shape[:2]
    t0 = time.perf_counter()
    with holder.slots:
        t1 = time.perf_counter()
        try:
            raw = detector.detect(image)
        except MahjongError as exc:
            raise ApiError(422, f"the photo could not be read: {exc}", "这张照片读不出来") from None
    t2 = time.perf_counter()
    detections = clean_detections(raw, w, h)
    reading = read_layout(detections)
    t3 = time.perf_counter()
    return {"image": {"width": w, "height": h}, "tiles": detections, "reading": reading,
            "timing_ms": {"queue": round((t1 - t0) * 1000, 1),
                          "detect": round((t2 - t1) * 1000, 1),
                          "read": round((t3 - t2) * 1000, 1)}}
