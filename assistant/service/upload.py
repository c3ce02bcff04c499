"""Checking an uploaded photo before any model sees it: type, size, dimensions, integrity.

The header is read first (JPEG, PNG, WebP, BMP, GIF) so that a 100-megapixel image is refused
before it is decoded into gigabytes of memory, and a JPEG that stops before its end marker (a
truncated upload) is refused rather than analysed half grey; what follows the end marker (the
video of a motion photo) is ignored. Only what recognition needs is
decoded: the recogniser reads the tiles at most ``WORK_SIDE`` pixels on the long side, so a JPEG
larger than that is decoded reduced (libjpeg's DCT scaling, 1/2 to 1/8, through Pillow's
``draft``) to between ``WORK_SIDE / 2`` and ``WORK_SIDE`` — at most 16.8 megapixels decoded,
whatever its size; formats that cannot be decoded reduced (PNG, WebP, BMP, GIF) are refused above
``MAX_FULL_DECODE_PIXELS``, which a phone photo of 4032×3024 fits.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

import numpy as np

from .errors import ApiError

#: Defaults, overridable in the app config (``MAX_IMAGE_PIXELS``, ``MAX_IMAGE_SIDE``).
MAX_IMAGE_PIXELS = 40_000_000
MAX_IMAGE_SIDE = 12_000
#: The long side of the image the recogniser is given; larger photos are decoded reduced.
WORK_SIDE = 4096
#: Formats decoded whole (all but JPEG) are refused above this many pixels (4096 × 4096).
MAX_FULL_DECODE_PIXELS = WORK_SIDE * WORK_SIDE
#: Memory one photo may take while it is recognised (``PHOTO_MEMORY_BUDGET`` in the config),
#: and what the recogniser takes per pixel of the image it is given: 31-34 bytes measured
#: (resident memory after ``Recognizer.detect`` on 1024², 2048² and 4096² images, over the
#: model loaded: +48, +144, +524 MB). An image decoded larger than the budget allows is
#: reduced before recognition: 400 MB keeps a 12-megapixel phone photo (4032×3024) whole.
PHOTO_MEMORY_BUDGET = 400 * 1024 * 1024
BYTES_PER_WORK_PIXEL = 32


def work_pixels(config: dict) -> int:
    """The most pixels a photo is recognised at under the config's memory budget per photo."""
    return int(config.get("PHOTO_MEMORY_BUDGET", PHOTO_MEMORY_BUDGET)) // BYTES_PER_WORK_PIXEL


@dataclass(frozen=True)
class ImageInfo:
    """What the header says: the format and the size in pixels; ``scale`` is the decoded size
    over this size (1 when decoded whole)."""

    format: str
    width: int
    height: int
    scale: float = 1.0


def sniff(data: bytes) -> ImageInfo:
    """Format and dimensions from the first bytes; ApiError 415 when it is no image we read."""
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
        raise ApiError(415, "HEIC/AVIF photos are not supported: send a JPEG (on an iPhone, "
                            "Settings → Camera → Formats → Most Compatible)")
    raise ApiError(415, "the upload is not an image: send a JPEG, PNG, WebP or BMP photo")


def _jpeg_size(data: bytes) -> ImageInfo:
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
    raise ApiError(400, "the JPEG is truncated or damaged: no frame header was found")


def _webp_size(data: bytes) -> ImageInfo:
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
    raise ApiError(400, "the WebP image is truncated or damaged")


def check_bounds(info: ImageInfo, max_pixels: int = MAX_IMAGE_PIXELS,
                 max_side: int = MAX_IMAGE_SIDE) -> None:
    """Refuse (413) an image too large to decode safely, (400) one with no pixels."""
    if info.width <= 0 or info.height <= 0:
        raise ApiError(400, f"the {info.format} image has no pixels ({info.width}×{info.height})")
    if info.width > max_side or info.height > max_side or info.width * info.height > max_pixels:
        mp = info.width * info.height / 1e6
        raise ApiError(413, f"the image is {info.width}×{info.height} ({mp:.0f} megapixels); the "
                            f"limit is {max_pixels / 1e6:.0f} megapixels and {max_side} pixels a side",
                       width=info.width, height=info.height)


def jpeg_end(data: bytes) -> int | None:
    """Where the JPEG's image data ends (just past its EOI marker FFD9), found by walking its
    segments and scans; None when it stops before. Bytes after the end are not the image's: a
    phone's motion photo appends its video there, so they are ignored, not taken for damage.

    >>> jpeg_end(bytes.fromhex("ffd8 ffda 0002 12 ff00 34 ffd9") + b"ftyp mp4 video")
    12
    >>> jpeg_end(bytes.fromhex("ffd8 ffda 0002 12 ff00 34")) is None
    True
    """
    i, n = 2, len(data)
    while i + 1 < n:
        if data[i] != 0xFF:
            return None  # a segment must start here: damaged
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte before a marker
            i += 1
            continue
        if marker == 0xD9:
            return i + 2
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:
            i += 2
            continue
        if i + 4 > n:
            return None
        i += 2 + struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker != 0xDA:
            continue
        # Entropy-coded data of a scan: an FF in it is followed by 00 (a stuffed byte) or a
        # restart marker D0-D7; any other byte after an FF is the next marker.
        while True:
            i = data.find(b"\xff", i)
            if i < 0 or i + 1 >= n:
                return None
            follow = data[i + 1]
            if follow == 0x00 or 0xD0 <= follow <= 0xD7 or follow == 0xFF:
                i += 1 if follow == 0xFF else 2
                continue
            break
    return None


def check_upload(data: bytes, max_pixels: int = MAX_IMAGE_PIXELS,
                 max_side: int = MAX_IMAGE_SIDE,
                 max_full_pixels: int = MAX_FULL_DECODE_PIXELS) -> ImageInfo:
    """Every check that needs no decoding (cheap: the header and the end marker)."""
    if not data:
        raise ApiError(400, "the image is empty (zero bytes)")
    info = sniff(data)
    check_bounds(info, max_pixels, max_side)
    if info.format != "jpeg" and info.width * info.height > max_full_pixels:
        mp = info.width * info.height / 1e6
        raise ApiError(413, f"the {info.format} image is {info.width}×{info.height} ({mp:.0f} "
                            f"megapixels); a {info.format.upper()} is decoded whole, so its limit "
                            f"is {max_full_pixels / 1e6:.1f} megapixels (a JPEG may be larger)",
                       width=info.width, height=info.height)
    if info.format == "jpeg" and jpeg_end(data) is None:
        raise ApiError(400, "the JPEG is truncated: it stops before its end marker; upload it again")
    return info


def decode_upload(data: bytes, max_pixels: int = MAX_IMAGE_PIXELS,
                  max_side: int = MAX_IMAGE_SIDE, work_side: int = WORK_SIDE,
                  max_full_pixels: int = MAX_FULL_DECODE_PIXELS,
                  max_work_pixels: int = PHOTO_MEMORY_BUDGET // BYTES_PER_WORK_PIXEL
                  ) -> tuple[np.ndarray, ImageInfo]:
    """The upload as a BGR image at most ``work_side`` pixels on its long side and
    ``max_work_pixels`` in all (the memory budget of its recognition), after every check; the
    info gives the full size and the scale. ApiError (4xx) for anything wrong."""
    import cv2

    info = check_upload(data, max_pixels, max_side, max_full_pixels)
    image = None
    if info.format == "jpeg" and max(info.width, info.height) > work_side:
        image = _jpeg_reduced(data, info, work_side)
    if image is not None:
        # Reduced while decoding: the full size is the header's, turned as the photo is shown.
        h, w = image.shape[:2]
        turned = (w > h) != (info.width > info.height) and info.width != info.height
        full_w, full_h = (info.height, info.width) if turned else (info.width, info.height)
    else:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        if image is None or image.size == 0:
            raise ApiError(400, f"the {info.format} image could not be decoded (damaged or "
                                "truncated)")
        full_h, full_w = image.shape[:2]
    check_bounds(ImageInfo(info.format, full_w, full_h), max_pixels, max_side)
    h, w = image.shape[:2]
    if max(w, h) > work_side or w * h > max_work_pixels:
        # a JPEG reduced by a power of two, or a PNG, WebP, BMP: to the side and the budget
        k = min(work_side / max(w, h), (max_work_pixels / (w * h)) ** 0.5)
        image = cv2.resize(image, (max(1, round(w * k)), max(1, round(h * k))),
                           interpolation=cv2.INTER_AREA)
    return image, ImageInfo(info.format, full_w, full_h, image.shape[1] / full_w)


def _jpeg_reduced(data: bytes, info: ImageInfo, work_side: int) -> np.ndarray | None:
    """A large JPEG decoded at the smallest DCT scale (1/2 … 1/8) that keeps at least half of
    ``work_side`` on its long side, so between ``work_side / 2`` and ``work_side`` (at most
    ``work_side²`` pixels decoded), turned by its EXIF orientation as OpenCV would; None when
    Pillow cannot read it."""
    import io

    from PIL import Image, ImageOps

    k = work_side / 2 / max(info.width, info.height)
    try:
        with Image.open(io.BytesIO(data)) as img:
            img.draft("RGB", (max(1, int(info.width * k)), max(1, int(info.height * k))))
            turned = ImageOps.exif_transpose(img.convert("RGB"))
            rgb = np.asarray(turned)
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return None
    return np.ascontiguousarray(rgb[:, :, ::-1])


def uploaded_photo() -> bytes:
    """The photo of the current request (multipart field ``image``): 415 when the request is
    no multipart form, 400 when the field is missing. Its bytes are checked by
    :func:`check_upload` before any model sees them."""
    from flask import request

    if request.mimetype != "multipart/form-data":
        raise ApiError(415, "send the photo as multipart/form-data with the field 'image', got "
                            f"{request.mimetype or 'no content type'}")
    upload = request.files.get("image")
    if upload is None:
        raise ApiError(400, "no file in the multipart field 'image'")
    return upload.read()
