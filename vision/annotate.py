"""Drawing what was recognised onto the photo: boxes, tile codes, confidence colours."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np

from assistant.errors import MahjongError


def draw_tiles(image: np.ndarray, tiles: list[dict[str, Any]], low: float = 0.5) -> np.ndarray:
    """A copy of ``image`` with each tile's box and code; doubtful tiles (under ``low``) in red."""
    out = image.copy()
    scale = max(out.shape[:2]) / 1000
    thick = max(1, round(2 * scale))
    for number, t in enumerate(tiles, 1):
        x1, y1, x2, y2 = (int(round(v)) for v in t["box"])
        colour = (40, 200, 40) if t["confidence"] >= low else (40, 40, 230)
        if t["tile"] == "back":
            colour = (200, 120, 40)
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, thick)
        label = f"{number}:{t['tile']}"
        size = 0.5 * max(scale, 0.6)
        (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, size, thick)
        cv2.rectangle(out, (x1, max(0, y1 - h - 6)), (x1 + w + 4, y1), colour, -1)
        cv2.putText(out, label, (x1 + 2, max(h, y1 - 4)), cv2.FONT_HERSHEY_SIMPLEX, size,
                    (255, 255, 255), thick, cv2.LINE_AA)
    return out


def write_image(path: str | Path, image: np.ndarray) -> None:
    """Save an image, with a clear error when the path cannot be written."""
    path = Path(path)
    ok = False
    try:
        ok = cv2.imwrite(str(path), image)
    except cv2.error:
        ok = False
    if not ok:
        raise MahjongError(f"cannot write the annotated image to {path} (folder missing, or an "
                           "unknown extension: use .jpg or .png)", str(path))
