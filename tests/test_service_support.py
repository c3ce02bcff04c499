"""Shared pieces of the service tests: a stub recogniser and test images made on the fly."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PHOTOS = ROOT.parent / "shared" / "datasets" / "chinese-mahjong-detection-v4" / "valid" / "images"

#: A winning hand for the stub to "see": 123m 456p 789s EEE SS, left to right.
STUB_TILES = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "S", "S"]


class StubRecognizer:
    """Stands in for the trained model: the same 14 tiles in a row whatever the image."""

    def __init__(self, tiles: list[str] | None = None) -> None:
        self.tiles = tiles or STUB_TILES
        self.calls = 0
        #: When set, every third frame misreads one tile and misses another, as a real camera
        #: does now and then (for the live page's smoothing).
        self.flaky = False

    def detect(self, image_bgr: np.ndarray) -> list[dict[str, Any]]:
        self.calls += 1
        h, w = image_bgr.shape[:2]
        step = w / (len(self.tiles) + 2)
        out = [{"tile": t, "box": [step * (i + 1), h * 0.4, step * (i + 1.9), h * 0.6],
                "confidence": 0.3 if i == 4 else 0.95} for i, t in enumerate(self.tiles)]
        if self.flaky and self.calls % 3 == 0:
            out[2]["tile"] = "P" if out[2]["tile"] != "P" else "C"
            del out[7]
        return out


def jpeg_bytes(width: int = 320, height: int = 240) -> bytes:
    """A small valid JPEG (a gradient)."""
    import cv2

    image = np.zeros((height, width, 3), np.uint8)
    image[:, :, 1] = np.linspace(0, 255, width, dtype=np.uint8)[None, :]
    ok, buf = cv2.imencode(".jpg", image)
    assert ok
    return buf.tobytes()


def huge_png(width: int = 10_000, height: int = 10_000) -> bytes:
    """A real, valid grey PNG of ``width`` × ``height`` (100 megapixels by default), ~100 kB:
    rows of zeros compress to almost nothing, so the file is small but decoding it is not."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    comp = zlib.compressobj(9)
    row = b"\x00" * (width + 1)
    parts = [comp.compress(row * 500) for _ in range(height // 500)]
    parts.append(comp.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(parts))
            + chunk(b"IEND", b""))


def real_photo() -> Path | None:
    """One real photo of tiles from the shared dataset, if it is there."""
    if not PHOTOS.is_dir():
        return None
    return next(iter(sorted(PHOTOS.glob("*.jpg"))), None)
