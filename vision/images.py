"""Reading user photos safely: any size, EXIF orientation applied, clear errors for bad files.

Photos come from phones and browsers: they may be rotated by EXIF, truncated by a failed upload,
not images at all, or absurdly large. The header is read first (``sniff``), so dimensions are
checked before any pixel is decoded, and only what recognition needs is decoded: a JPEG larger
than ``WORK_SIDE`` is decoded reduced (libjpeg's DCT scaling through Pillow's ``draft``), other
formats are refused above ``MAX_FULL_DECODE_PIXELS``, and the decoded photo is brought within
``MAX_WORK_PIXELS``, the recognizer's memory budget. The service's uploads
(``assistant.service.upload``) are checked and reduced by the same functions.
"""

from __future__ import annotations

import io
import struct
import warnings
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from assistant.errors import MahjongError

#: Largest file accepted, in bytes, and largest image, in pixels and a side: the service's upload
#: bounds (``assistant.service.upload``), so a huge photo is refused from its header, not decoded.
MAX_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 40_000_000
MAX_SIDE = 12_000
#: The long side of the image the recognizer is given; larger photos are decoded reduced.
WORK_SIDE = 4096
#: Formats decoded whole (all but JPEG) are refused above this many pixels (4096 × 4096).
MAX_FULL_DECODE_PIXELS = WORK_SIDE * WORK_SIDE
#: Memory one photo may take while it is recognised (``PHOTO_MEMORY_BUDGET`` in the service's
#: config), and what the recognizer takes per pixel of the image it is given: 31-34 bytes
#: measured (resident memory after ``Recognizer.detect`` on 1024², 2048² and 4096² images, over
#: the model loaded: +48, +144, +524 MB). An image decoded larger than the budget allows is
#: reduced before recognition: 400 MB keeps a 12-megapixel phone photo (4032×3024) whole.
PHOTO_MEMORY_BUDGET = 400 * 1024 * 1024
BYTES_PER_WORK_PIXEL = 32
MAX_WORK_PIXELS = PHOTO_MEMORY_BUDGET // BYTES_PER_WORK_PIXEL


class ImageError(MahjongError):
    """A photo that cannot be read: ``unsupported`` where it is no image of a format read here
    (the service answers 415), else damaged or too large (400)."""

    def __init__(self, message: str, token: object | None = None, unsupported: bool = False) -> None:
        super().__init__(message, token)
        self.unsupported = unsupported




@dataclass(frozen=True)
class ImageInfo:
    """What the header says: the format and the size in pixels; ``scale`` is the decoded size
    over this size (1 when decoded whole)."""

    format: str
    width: int
    height: int
    scale: float = 1.0


def sniff(data: bytes) -> ImageInfo:
    """Format and dimensions from the first bytes; :class:`ImageError` (``unsupported``) when it
    is no image we read, without decoding a pixel."""
    if data.startswith(b"\xff\xd8"):
        return _jpeg_size(data)
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return ImageInfo("png", w, h)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_size(data)
    if data.startswith(b"BM") and len(data) >= 26:
        w, h = struct.unpack("<ii", data[18:26])
        return ImageInfo("bmp", abs(w), abs(h))
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        w, h = struct.unpack("<HH", data[6:10])
        return ImageInfo("gif", w, h)
    if data[4:8] == b"ftyp" and data[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"avif"):
        raise ImageError("HEIC/AVIF photos are not supported: send a JPEG (on an iPhone, "
                         "Settings → Camera → Formats → Most Compatible)", unsupported=True)
    raise ImageError("the upload is not an image: send a JPEG, PNG, WebP or BMP photo", unsupported=True)


def _jpeg_size(data: bytes) -> ImageInfo:
    """A JPEG's size from its first frame header (SOF), walking the segments before it."""
    i = 2
    n = len(data)
    segments = 0
    while i + 9 < n and segments < 5000:  # real JPEGs have a few dozen segments before SOF
        segments += 1
        if data[i] != 0xFF:
            i = data.find(b"\xff", i)  # skip junk at C speed, not byte by byte
            if i < 0:
                break
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return ImageInfo("jpeg", w, h)
        i += 2 + length
    raise ImageError("the JPEG is truncated or damaged: no frame header was found")


def _webp_size(data: bytes) -> ImageInfo:
    """A WebP's size from its first chunk (lossy, lossless or extended)."""
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        w, h = struct.unpack("<HH", data[26:30])
        return ImageInfo("webp", w & 0x3FFF, h & 0x3FFF)
    if chunk == b"VP8L" and len(data) >= 25:
        b = data[21:25]
        w = 1 + (((b[1] & 0x3F) << 8) | b[0])
        h = 1 + (((b[3] & 0x0F) << 10) | (b[2] << 2) | ((b[1] & 0xC0) >> 6))
        return ImageInfo("webp", w, h)
    if chunk == b"VP8X" and len(data) >= 30:
        w = 1 + int.from_bytes(data[24:27], "little")
        h = 1 + int.from_bytes(data[27:30], "little")
        return ImageInfo("webp", w, h)
    raise ImageError("the WebP image is truncated or damaged")


def jpeg_reduced(data: bytes, info: ImageInfo, work_side: int) -> np.ndarray | None:
    """A large JPEG decoded at the smallest DCT scale (1/2 … 1/8) that keeps at least half of
    ``work_side`` on its long side, so between ``work_side / 2`` and ``work_side`` (at most
    ``work_side²`` pixels decoded), turned by its EXIF orientation as OpenCV would; None when
    Pillow cannot read it."""
    k = work_side / 2 / max(info.width, info.height)
    try:
        with Image.open(io.BytesIO(data)) as img:
            img.draft("RGB", (max(1, int(info.width * k)), max(1, int(info.height * k))))
            turned = ImageOps.exif_transpose(img.convert("RGB"))
            rgb = np.asarray(turned)
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None
    return np.ascontiguousarray(rgb[:, :, ::-1])


def read_image(source: bytes | str | Path, name: str | None = None, work_side: int = WORK_SIDE,
               max_work_pixels: int = MAX_WORK_PIXELS) -> np.ndarray:
    """Decode a photo to a BGR ``uint8`` array with EXIF orientation applied, at most
    ``work_side`` pixels on its long side and ``max_work_pixels`` in all (the recognizer's memory
    budget): a larger JPEG is decoded reduced, a larger photo of another format scaled down.

    Raises :class:`MahjongError` naming the problem: missing or empty file, not an image,
    truncated data, too many bytes or pixels (from the header, before any pixel is decoded).
    """
    label = name or (str(source) if not isinstance(source, bytes) else "upload")
    if isinstance(source, bytes):
        data = source
    else:
        path = Path(source)
        if path.is_dir():
            raise MahjongError(f"{label}: is a folder, not a photo (give the photo files in it, "
                               f"e.g. {label.rstrip('/')}/*.jpg)", label)
        if not path.is_file():
            raise MahjongError(f"{label}: no such file", label)
        if path.stat().st_size > MAX_BYTES:
            raise MahjongError(f"{label}: file is larger than {MAX_BYTES // 2**20} MB", label)
        data = path.read_bytes()
    if not data:
        raise MahjongError(f"{label}: the file is empty", label)
    if len(data) > MAX_BYTES:
        raise MahjongError(f"{label}: larger than {MAX_BYTES // 2**20} MB", label)
    try:  # the header first: the formats sniffed here are bounded before Pillow opens them
        info: ImageInfo | None = sniff(data)
    except ImageError as exc:
        if not exc.unsupported:
            raise ImageError(f"{label}: the image data is damaged or truncated ({exc})", label) from None
        info = None  # another format Pillow reads (TIFF, …): its header is bounded below
    if info is not None:
        _bounded(label, info.width, info.height, info.format)
    image = None
    if info is not None and info.format == "jpeg" and max(info.width, info.height) > work_side:
        image = jpeg_reduced(data, info, work_side)
    if image is None:
        image = _decoded(data, label)
    height, width = image.shape[:2]
    if max(width, height) > work_side or width * height > max_work_pixels:
        k = min(work_side / max(width, height), (max_work_pixels / (width * height)) ** 0.5)
        image = cv2.resize(image, (max(1, round(width * k)), max(1, round(height * k))),
                           interpolation=cv2.INTER_AREA)
    return image


def _bounded(label: str, width: int, height: int, kind: str) -> None:
    """Refuse a photo whose header declares too many pixels: over ``MAX_PIXELS`` or ``MAX_SIDE``,
    or, in a format decoded whole (all but JPEG), over ``MAX_FULL_DECODE_PIXELS``."""
    if width <= 0 or height <= 0:
        raise ImageError(f"{label}: the image data is damaged or truncated ({width}×{height})", label)
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
        raise ImageError(f"{label}: {width}×{height} is too large (at most "
                         f"{MAX_PIXELS // 1_000_000} megapixels and {MAX_SIDE} pixels a side)", label)
    if kind != "jpeg" and width * height > MAX_FULL_DECODE_PIXELS:
        raise ImageError(f"{label}: {width}×{height} is too large for a {kind.upper()}, which is "
                         f"decoded whole (at most {MAX_FULL_DECODE_PIXELS / 1e6:.1f} megapixels; "
                         "a JPEG may be larger)", label)


def _decoded(data: bytes, label: str) -> np.ndarray:
    """The photo decoded whole by Pillow, EXIF orientation applied, as BGR."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            width, height = image.size
            kind = "jpeg" if image.format == "JPEG" else (image.format or "?").lower()
            _bounded(label, width, height, kind)
            image.load()
    except MahjongError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageError(f"{label}: the image is too large (at most "
                         f"{MAX_PIXELS // 1_000_000} megapixels)", label) from None
    except UnidentifiedImageError:
        raise ImageError(f"{label}: not an image this program can read "
                         "(JPEG, PNG, WebP, BMP, …)", label, unsupported=True) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageError(f"{label}: the image data is damaged or truncated ({exc})", label) from None
    image = ImageOps.exif_transpose(image)
    rgb = np.asarray(image.convert("RGB"))
    return np.ascontiguousarray(rgb[:, :, ::-1])
