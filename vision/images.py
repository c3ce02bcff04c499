"""Reading user photos safely: any size, EXIF orientation applied, clear errors for bad files.

Photos come from phones and browsers: they may be rotated by EXIF, truncated by a failed upload,
not images at all, or absurdly large. Pillow reads the header first, so dimensions are checked
before any pixel is decoded.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from assistant.errors import MahjongError

#: Largest file accepted, in bytes, and largest image, in pixels and a side: the service's upload
#: bounds (``assistant.service.upload``), so a huge photo is refused from its header, not decoded.
MAX_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 40_000_000
MAX_SIDE = 12_000


def read_image(source: bytes | str | Path, name: str | None = None) -> np.ndarray:
    """Decode a photo to a BGR ``uint8`` array with EXIF orientation applied.

    Raises :class:`MahjongError` naming the problem: missing or empty file, not an image,
    truncated data, too many bytes or pixels.
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
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            width, height = image.size
            if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
                raise MahjongError(f"{label}: {width}×{height} is too large (at most "
                                   f"{MAX_PIXELS // 1_000_000} megapixels and {MAX_SIDE} pixels "
                                   "a side)", label)
            image.load()
    except MahjongError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise MahjongError(f"{label}: the image is too large (at most "
                           f"{MAX_PIXELS // 1_000_000} megapixels)", label) from None
    except UnidentifiedImageError:
        raise MahjongError(f"{label}: not an image this program can read "
                           "(JPEG, PNG, WebP, BMP, …)", label) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise MahjongError(f"{label}: the image data is damaged or truncated ({exc})", label) from None
    image = ImageOps.exif_transpose(image)
    rgb = np.asarray(image.convert("RGB"))
    return np.ascontiguousarray(rgb[:, :, ::-1])
