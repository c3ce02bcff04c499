"""Photo → detections → hand reading, for ``POST /api/recognize``.

The recogniser (``vision.recognizer``) and the layout reader (``vision.hand_reader``) are imported
lazily, on the first request that needs them, so the rest of the service runs without them: a
missing model is a 503 with a clear message, never a crash at start-up.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ..errors import MahjongError
from ..tiles import BACK, INDEX, is_bonus, sort_key
from .errors import ApiError

if TYPE_CHECKING:
    from .live import LiveFrame

#: Below this confidence a detection is reported as a doubt for the user to check.
DOUBT_CONFIDENCE = 0.5


class Detector(Protocol):
    """What the service needs of a recogniser."""

    def detect(self, image_bgr: np.ndarray) -> list[dict[str, Any]]: ...


class LearningDetector(Protocol):
    """A recogniser that reads with a player's tile set too (``vision.recognizer``), and looks
    with its detector of dark and coloured faces first when asked (learning a layout), where
    only the boxes are wanted without reading the names lettered on faces (``lettered``), and
    with its whole-table detector at a photo of the whole table (``whole_table``)."""

    def detect(self, image_bgr: np.ndarray, tileset: Any = None,
               faces_first: bool | None = None, lettered: bool = True,
               whole_table: bool = False) -> list[dict[str, Any]]: ...


class FairSlots:
    """A counting semaphore that hands its slots out in arrival order: a photo that has waited
    longest goes next (Python's semaphore lets a newcomer take a freed slot first, so under a
    steady crowd some waited far longer than others)."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._lock = threading.Lock()
        self._waiters: deque[threading.Event] = deque()

    def acquire(self, timeout: float) -> bool:
        """Take a slot, waiting at most ``timeout`` seconds behind the earlier arrivals."""
        with self._lock:
            if self._free and not self._waiters:
                self._free -= 1
                return True
            turn = threading.Event()
            self._waiters.append(turn)
        if turn.wait(timeout):
            return True
        with self._lock:
            if turn.is_set():  # handed the slot just as the wait ran out
                return True
            self._waiters.remove(turn)
            return False

    def release(self) -> None:
        """Give the slot to the first waiter, or free it."""
        with self._lock:
            if self._waiters:
                self._waiters.popleft().set()
            else:
                self._free += 1

    def waiting(self) -> int:
        """How many are waiting for a slot."""
        with self._lock:
            return len(self._waiters)


class RecognizerHolder:
    """Loads the recogniser on first use (thread-safe). While it cannot be loaded each request
    is told why (503) and the next one tries again, so a model exported later is picked up
    without restarting the service."""

    def __init__(self, given: Detector | None = None, concurrency: int = 2, queue: int = 16,
                 wait_s: float = 60.0) -> None:
        self._detector = given
        self._lock = threading.Lock()
        #: Photos decoded and recognised at once: more would only share the same CPU cores and
        #: make every request slower; up to ``queue`` more wait their turn, at most ``wait_s``.
        self.concurrency = max(1, concurrency)
        self.slots = FairSlots(self.concurrency)
        self.queue = max(0, queue)
        self.wait_s = wait_s
        self._admitted = 0
        self._count_lock = threading.Lock()

    def fit_threads(self, threads: int) -> None:
        """Bound the photos admitted (recognised and waiting) to leave a quarter of the
        server's ``threads`` (at least 2) free, so that the cheap endpoints (health, analyze)
        always find a thread: a photo beyond is answered 503 at once rather than holding one."""
        reserve = max(2, threads // 4)
        self.concurrency = max(1, min(self.concurrency, threads - reserve))
        self.slots = FairSlots(self.concurrency)
        self.queue = max(0, min(self.queue, threads - reserve - self.concurrency))

    @contextmanager
    def admit(self) -> Iterator[float]:
        """A turn to decode and recognise one photo (yields the seconds waited); ApiError 503
        with ``Retry-After`` at once when the queue is full, or when the turn takes too long."""
        with self._count_lock:
            if self._admitted >= self.concurrency + self.queue:
                raise ApiError(503, f"the service is busy recognising other photos ({self.queue} "
                                    "waiting); try again in a few seconds", headers={"Retry-After": "2"})
            self._admitted += 1
        try:
            t0 = time.perf_counter()
            if not self.slots.acquire(timeout=self.wait_s):
                raise ApiError(503, f"the service is busy: no turn to recognise the photo within "
                                    f"{self.wait_s:.0f} s; try again",
                               headers={"Retry-After": "5"})
            try:
                yield time.perf_counter() - t0
            finally:
                self.slots.release()
        finally:
            with self._count_lock:
                self._admitted -= 1

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
                                f"(vision.recognizer) is not installed ({exc})") from None
        try:
            return Recognizer.load()
        except (MahjongError, OSError) as exc:
            raise ApiError(503, f"tile recognition is not available: the model could not be "
                                f"loaded ({exc})") from None


def clean_detections(raw: list[dict[str, Any]], width: float, height: float,
                     scale: float = 1.0) -> list[dict[str, Any]]:
    """Detections as JSON: tile code, box [x1, y1, x2, y2] in pixels of the photo as sent (the
    boxes of an image decoded at ``scale`` are scaled back), confidence (0-1), and where given
    the recognizer's doubt (``unsure``) and the detector's score (``detection``)."""
    out = []
    for d in raw:
        values = [d["box"][k] for k in range(len(d["box"]))] if isinstance(d["box"], list) else []
        if len(values) != 4 or any(isinstance(v, bool) for v in
                                   [*values, d.get("confidence"), d.get("detection")]):
            raise ValueError("a box has four numbers, and a confidence is a number")
        box = [float(v) / scale for v in values]
        out.append({"tile": str(d["tile"]),
                    "box": [round(min(max(v, 0.0), lim), 1)
                            for v, lim in zip(box, (width, height, width, height), strict=True)],
                    "confidence": round(float(d.get("confidence", 1.0)), 3)})
        if d.get("unsure") is True:  # the recognizer's doubt, which the table reader reports
            out[-1]["unsure"] = True
        if d.get("detection") is not None:  # the detector's score, which the table reader weighs
            out[-1]["detection"] = round(float(d["detection"]), 3)
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


def recognize(holder: RecognizerHolder, data: bytes, limits: dict[str, int],
              tileset: Any = None,
              arrange: Callable[[list[dict[str, Any]]], dict[str, Any]] = read_layout,
              live: LiveFrame | None = None, whole_table: bool = False) -> dict[str, Any]:
    """What ``detect --json`` prints for the photo ``data`` (``image``, ``tiles``), the layout
    reading (``arrange``: one player's hand, or the whole table), and the time each step took;
    decoded and recognised in a bounded queue, with the player's ``tileset``
    (``vision.tileset.TileSet``) when given. A ``live`` frame is answered ``superseded`` when a
    newer one of its client came while it waited; a still one is answered from the client's
    last reading, another names only what changed since its previous frame (``live``: whether
    the frame was ``held`` or ``read``, and how many tiles were kept and named).
    ``whole_table``: a photo of the whole table, looked at with the recogniser's whole-table
    detector (asked for only then: a plain ``Detector`` need not know the word)."""
    from .upload import check_upload, decode_upload, work_pixels

    check_upload(data, limits["MAX_IMAGE_PIXELS"], limits["MAX_IMAGE_SIDE"],
                 limits["MAX_FULL_DECODE_PIXELS"])  # bad uploads are refused without a turn
    detector = holder.get()
    with holder.admit() as waited:
        if live is not None and live.superseded():
            return {"superseded": True, "timing_ms": {"queue": round(waited * 1000, 1)}}
        t1 = time.perf_counter()
        image, info = decode_upload(data, limits["MAX_IMAGE_PIXELS"], limits["MAX_IMAGE_SIDE"],
                                    limits["WORK_SIDE"], limits["MAX_FULL_DECODE_PIXELS"],
                                        work_pixels(limits))
        t2 = time.perf_counter()
        try:
            if live is not None:
                raw = live.detect(detector, image, tileset)
            else:
                table = {"whole_table": True} if whole_table else {}
                raw = (detector.detect(image, **table) if tileset is None
                       else detector.detect(image, tileset, **table))  # type: ignore[call-arg]
        except MahjongError as exc:
            raise ApiError(422, f"the photo could not be read: {exc}") from None
        del image
    t3 = time.perf_counter()
    detections = clean_detections(raw, info.width, info.height, info.scale)
    reading = arrange(detections) if live is None else live.arranged(arrange, detections)
    t4 = time.perf_counter()
    image_json: dict[str, Any] = {"width": info.width, "height": info.height,
                                  "format": info.format}
    if info.scale != 1.0:
        image_json["recognized_at"] = {"width": round(info.width * info.scale),
                                       "height": round(info.height * info.scale)}
    out: dict[str, Any] = {"image": image_json, "tiles": detections, "reading": reading}
    if tileset is not None:
        out["tileset"] = tileset.name
    if live is not None and live.stats is not None:
        out["live"] = live.stats
    return {**out,
            "timing_ms": {"queue": round(waited * 1000, 1),
                          "decode": round((t2 - t1) * 1000, 1),
                          "detect": round((t3 - t2) * 1000, 1),
                          "read": round((t4 - t3) * 1000, 1)}}
