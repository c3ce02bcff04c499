"""SVG art to pixels: one rasteriser for every SVG face set (:mod:`datasets.synth.art`) and tile
sheet (:mod:`datasets.synth.sheets`), so both draw an SVG alike."""

from __future__ import annotations

import cv2
import numpy as np


def svg_to_rgba(svg: bytes | str, width: int, height: int | None = None) -> np.ndarray:
    """Rasterize SVG text to an RGBA array with cairosvg (``height`` None keeps the aspect)."""
    import cairosvg  # imported lazily: only needed to fill the cache

    data = svg.encode() if isinstance(svg, str) else svg
    png = cairosvg.svg2png(bytestring=data, output_width=width, output_height=height)
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED)
    return cv2.cvtColor(img, cv2.COLOR_BGRA2RGBA)
