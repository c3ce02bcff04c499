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


class StubClassifier:
    """Stands in for the classifier's features: a bump where the box's centre lies across the
    photo, so the same place gives the same features and tiles a stub's step apart differ."""

    def features(self, image_bgr: np.ndarray, boxes: np.ndarray, negative_too: bool = False
                 ) -> np.ndarray:
        """One unit row of 64 numbers per box (x1, y1, x2, y2); the same with ``negative_too``."""
        width = image_bgr.shape[1]
        bins = np.arange(64)
        centres = (np.asarray(boxes, float)[:, 0] + np.asarray(boxes, float)[:, 2]) / 2 / width
        rows = np.exp(-((bins[None] - centres[:, None] * 64) ** 2) / 2.0) + 1e-3
        return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


class StubRecognizer:
    """Stands in for the trained model: the same 14 tiles in a row whatever the image; with a
    player's tile set, a tile at the very place of a learnt example is read as that example."""

    def __init__(self, tiles: list[str] | None = None) -> None:
        self.tiles = tiles or STUB_TILES
        self.calls = 0
        #: When set, every third frame misreads one tile and misses another, as a real camera
        #: does now and then (for the live page's smoothing).
        self.flaky = False
        self.classifier = StubClassifier()
        #: The tile set the last photo was read with (None: without).
        self.tileset: Any = None
        #: Whether the last photo was looked at as a whole table (the whole-table detector).
        self.whole_table = False

    def detect(self, image_bgr: np.ndarray, tileset: Any = None,
               faces_first: bool | None = None, lettered: bool = True,
               whole_table: bool = False) -> list[dict[str, Any]]:
        out = self._detect(image_bgr)
        self.tileset, self.whole_table = tileset, whole_table
        if tileset is not None and len(tileset.codes) and out:
            from vision.tileset import KINDS

            boxes = np.array([d["box"] for d in out], float)
            sims = tileset.similarities(self.classifier.features(image_bgr, boxes), list(KINDS))
            for d, row in zip(out, sims, strict=True):
                if row.max() > 0.99:
                    d["tile"] = KINDS[int(row.argmax())]
        return out

    def _detect(self, image_bgr: np.ndarray) -> list[dict[str, Any]]:
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


class PostgresServer:
    """A throw-away PostgreSQL server for the store tests: Debian's ``initdb`` and ``pg_ctl`` on
    a Unix socket in a temporary folder (run as the ``postgres`` user when the tests run as
    root), or the server in ``MAHJONG_TEST_POSTGRES`` (a URL). :meth:`start` returns why not
    when there is none, for the tests to skip saying so."""

    def __init__(self) -> None:
        self.url: str | None = None
        self.folder: Path | None = None
        self._ctl: list[str] = []
        self._made = 0

    def start(self) -> str | None:
        """Start (or find) the server; None when it runs, else the reason it cannot."""
        import glob
        import os
        import shutil
        import socket
        import subprocess
        import tempfile

        try:
            import psycopg  # noqa: F401
        except ImportError:
            return "psycopg is not installed (pip install -e '.[postgres]')"
        if os.environ.get("MAHJONG_TEST_POSTGRES"):
            self.url = os.environ["MAHJONG_TEST_POSTGRES"]
            return None
        found = shutil.which("initdb") or next(iter(sorted(glob.glob(
            "/usr/lib/postgresql/*/bin/initdb"))), None)
        if not found:
            return ("no PostgreSQL server: initdb is not installed (apt-get install postgresql, "
                    "or set MAHJONG_TEST_POSTGRES to a server's URL)")
        bindir = Path(found).resolve().parent
        run_as: list[str] = []
        self.folder = Path(tempfile.mkdtemp(prefix="mahjong-pg-"))
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            if not shutil.which("runuser"):
                return "the tests run as root and runuser is missing to start PostgreSQL"
            try:
                shutil.chown(self.folder, "postgres", "postgres")
            except (LookupError, OSError) as exc:
                return f"the tests run as root and there is no postgres user ({exc})"
            run_as = ["runuser", "-u", "postgres", "--"]
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        data, log = self.folder / "data", self.folder / "log"
        try:
            subprocess.run([*run_as, str(bindir / "initdb"), "-D", str(data), "-A", "trust",
                            "-U", "postgres", "-E", "UTF8", "--no-sync"], check=True,
                           capture_output=True, timeout=120)
            self._ctl = [*run_as, str(bindir / "pg_ctl"), "-D", str(data)]
            subprocess.run([*self._ctl, "-l", str(log), "-w", "-t", "60", "-o",
                            f"-k {self.folder} -p {port} -c listen_addresses='' -c fsync=off "
                            "-c max_connections=60", "start"],
                           check=True, capture_output=True, timeout=120)
        except (subprocess.SubprocessError, OSError) as exc:
            detail = getattr(exc, "stderr", b"") or b""
            return f"PostgreSQL could not be started ({exc}; {detail.decode(errors='replace')[-300:]})"
        self.url = f"postgresql://postgres@/postgres?host={self.folder}&port={port}"
        return None

    def database(self) -> str:
        """A new, empty database on the server; its URL."""
        import uuid

        import psycopg

        assert self.url is not None
        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        base, _, query = self.url.partition("?")
        return f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")

    def stop(self) -> None:
        """Stop the server started here (one given by URL is left alone)."""
        import shutil
        import subprocess

        if self._ctl:
            subprocess.run([*self._ctl, "-m", "immediate", "stop"], capture_output=True,
                           timeout=60)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
