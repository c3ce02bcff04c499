"""Photos read by the commands (``vision.images.read_image``) are bounded before they are decoded."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from assistant.catalogue import is_known
from assistant.errors import MahjongError
from vision import images
from vision.images import MAX_FULL_DECODE_PIXELS, read_image


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header declares ``width``×``height`` and whose pixel data is a few bytes:
    decoding it would need the declared size, reading its header does not."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    head = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
    data = b"IDAT" + zlib.compress(b"\0" * 64)
    return head + struct.pack(">I", len(data) - 4) + data + struct.pack(">I", zlib.crc32(data))


def test_a_png_larger_than_a_whole_decode_is_refused_from_its_header(monkeypatch) -> None:
    """6000×4000 is under the 40-megapixel bound but a PNG is decoded whole: refused before
    Pillow decodes a pixel, naming the size, with its Chinese in the catalogue."""
    def no_decode(*args, **kwargs):
        raise AssertionError("decoded")

    monkeypatch.setattr(images, "_decoded", no_decode)
    assert 6000 * 4000 > MAX_FULL_DECODE_PIXELS
    with pytest.raises(MahjongError, match="6000×4000 is too large for a PNG") as caught:
        read_image(_png_header(6000, 4000), name="table.png")
    assert is_known(str(caught.value))


def test_a_large_jpeg_is_decoded_reduced() -> None:
    """A 6000×4500 JPEG is decoded at a DCT scale (1/2), not whole and then shrunk."""
    buf = io.BytesIO()
    Image.new("RGB", (6000, 4500), (40, 120, 200)).save(buf, "JPEG", quality=50)
    image = read_image(buf.getvalue())
    assert image.shape == (2250, 3000, 3)
    assert abs(int(image[100, 100, 0]) - 200) < 8  # BGR, the colour kept


def test_a_photo_is_brought_within_the_memory_budget() -> None:
    """The decoded photo is scaled down to the pixels the recognizer may spend memory on."""
    buf = io.BytesIO()
    Image.new("RGB", (2000, 1000), (200, 30, 30)).save(buf, "PNG")
    image = read_image(buf.getvalue(), max_work_pixels=500_000)
    assert image.shape[0] * image.shape[1] <= 500_000 and image.shape[1] == 2 * image.shape[0]
    assert max(read_image(buf.getvalue(), work_side=1000).shape[:2]) == 1000
    assert read_image(buf.getvalue()).shape[:2] == (1000, 2000)  # within both: whole


def test_a_damaged_header_is_named() -> None:
    with pytest.raises(MahjongError, match="damaged or truncated"):
        read_image(b"\xff\xd8\xff\xe0" + b"\0" * 40, name="photo.jpg")


def test_the_service_shares_the_header_reading() -> None:
    """The upload checks answer from the same header reader: 415 for no image, sizes alike."""
    from assistant.service.errors import ApiError
    from assistant.service.upload import check_upload, sniff

    assert sniff(_png_header(6000, 4000)) == images.sniff(_png_header(6000, 4000))
    with pytest.raises(ApiError) as caught:
        check_upload(b"GIF8 not really")
    assert caught.value.status == 415
