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

import numpy as np

from vision.images import (
    BYTES_PER_WORK_PIXEL,
    MAX_FULL_DECODE_PIXELS,
    MAX_PIXELS,
    MAX_SIDE,
    PHOTO_MEMORY_BUDGET,
    WORK_SIDE,
    ImageError,
    ImageInfo,
    jpeg_reduced,
)
from vision.images import sniff as sniff_header

from .errors import ApiError

#: Defaults, overridable in the app config (``MAX_IMAGE_PIXELS``, ``MAX_IMAGE_SIDE``): the bounds
#: every photo is read under (``vision.images``), whose header reading and reduced decoding the
#: uploads share.
MAX_IMAGE_PIXELS = MAX_PIXELS
MAX_IMAGE_SIDE = MAX_SIDE


def work_pixels(config: dict) -> int:
    """The most pixels a photo is recognised at under the config's memory budget per photo."""
    return int(config.get("PHOTO_MEMORY_BUDGET", PHOTO_MEMORY_BUDGET)) // BYTES_PER_WORK_PIXEL


def sniff(data: bytes) -> ImageInfo:
    """Format and dimensions from the first bytes (``vision.images.sniff``); ApiError 415 when
    it is no image we read, 400 when its header is damaged."""
    try:
        return sniff_header(data)
    except ImageError as exc:
        raise ApiError(415 if exc.unsupported else 400, str(exc)) from None


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
        image = jpeg_reduced(data, info, work_side)
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
