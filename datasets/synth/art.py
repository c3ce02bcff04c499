"""Face artwork: find, rasterize once, cache and load the glyph layer of every tile kind.

Every art set is turned into the same thing: a transparent RGBA canvas of ``FACE_SIZE`` holding only
the engraved glyph (no tile body), keyed by the project's tile code.  The body, the ivory face
colour and the engraving are drawn later by :mod:`datasets.synth.body`, so all sets look like
real tiles in the same way.  The art itself never enters the repository: it is read from
``/work/shared/tileart`` (or ``$MAHJONG_TILEART``), from Debian's ``kdegames-mahjongg-data-kf5``
package, from the tile sheets of ``xmahjongg`` and ``gnome-mahjongg`` (:mod:`datasets.synth.sheets`)
and from the fonts with Unicode's mahjong tiles (:mod:`datasets.synth.fontfaces`), and the
rasterized PNGs are cached under ``work/synth_faces`` (git-ignored).  Sets named ``gen-<seed>``
are drawn by :mod:`datasets.synth.designs` and cached the same way.
"""

from __future__ import annotations

import fnmatch
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np

from datasets.synth import designs as _designs
from datasets.synth import fontfaces as _fontfaces
from datasets.synth import sheets as _sheets
from datasets.synth.fonts import FontMissing
from datasets.synth.raster import svg_to_rgba
from vision.classes import TILE_CLASSES

REPO_ROOT = Path(__file__).resolve().parents[2]
#: Width, height in pixels of every cached glyph canvas (the tile face has a 3:4 aspect).
FACE_SIZE = (192, 256)
FACE_CODES = [c for c in TILE_CLASSES if c != "back"]
TILEART_DIR = Path(os.environ.get("MAHJONG_TILEART", REPO_ROOT.parent / "shared" / "tileart"))
KMAHJONGG_DIR = Path(os.environ.get("MAHJONG_KMAHJONGG", "/usr/share/kmahjongglib/tilesets"))
CACHE_DIR = Path(os.environ.get("MAHJONG_FACE_CACHE", REPO_ROOT / "work" / "synth_faces"))

# --- index -> tile code tables (each checked by eye on a contact sheet, see README) -------------

#: smooth-faces/tile-NN.png index -> code.
SMOOTH_INDEX: dict[int, str] = {
    **{i: f"{i + 1}p" for i in range(9)},
    9: "N", 10: "W", 11: "S", 12: "E", 13: "C", 14: "F",
    **{15 + i: f"{i + 1}m" for i in range(9)},
    **{24 + i: f"{i + 1}s" for i in range(9)},
    33: "2f", 34: "3f", 35: "1f", 36: "4f", 37: "P",
    38: "5f", 39: "6f", 40: "7f", 41: "8f",
}

#: uni.svg nested-svg id -> code.
UNICODE_IDS: dict[str, str] = {
    **{f"t_ch{n}": f"{n}m" for n in range(1, 10)},
    **{f"t_do{n}": f"{n}p" for n in range(1, 10)},
    **{f"t_ba{n}": f"{n}s" for n in range(1, 10)},
    "t_wi_east": "E", "t_wi_south": "S", "t_wi_west": "W", "t_wi_north": "N",
    "t_dr_red": "C", "t_dr_green": "F", "t_dr_white": "P",
    "t_fl_plum": "1f", "t_fl_orchid": "2f", "t_fl_chrysanthemum": "3f", "t_fl_bamboo": "4f",
    "t_se_spring": "5f", "t_se_summer": "6f", "t_se_fall": "7f", "t_se_winter": "8f",
}

#: fluffystuff/Regular file stem -> code (Japanese set: no flowers or seasons).
FLUFFY_FILES: dict[str, str] = {
    **{f"Man{n}": f"{n}m" for n in range(1, 10)},
    **{f"Pin{n}": f"{n}p" for n in range(1, 10)},
    **{f"Sou{n}": f"{n}s" for n in range(1, 10)},
    "Ton": "E", "Nan": "S", "Shaa": "W", "Pei": "N", "Chun": "C", "Hatsu": "F", "Haku": "P",
}

#: kmahjongg svgz element id -> code.
KMAHJONGG_IDS: dict[str, str] = {
    **{f"CHARACTER_{n}": f"{n}m" for n in range(1, 10)},
    **{f"ROD_{n}": f"{n}p" for n in range(1, 10)},
    **{f"BAMBOO_{n}": f"{n}s" for n in range(1, 10)},
    "WIND_1": "N", "WIND_2": "S", "WIND_3": "E", "WIND_4": "W",
    "DRAGON_1": "P", "DRAGON_2": "F", "DRAGON_3": "C",
    **{f"FLOWER_{n}": f"{n}f" for n in range(1, 5)},
    **{f"SEASON_{n}": f"{n + 4}f" for n in range(1, 5)},
}
#: kmahjongg face area in SVG user units where a tileset's .desktop file does not say it.
KMAHJONGG_FACE = (69.0, 89.0)


@dataclass(frozen=True)
class ArtSet:
    """One loaded art set: glyph canvases (RGBA, ``FACE_SIZE``) by tile code."""

    name: str
    faces: dict[str, np.ndarray]

    @property
    def codes(self) -> list[str]:
        """Tile codes this set can draw, in class order."""
        return [c for c in FACE_CODES if c in self.faces]

    @property
    def digest(self) -> str:
        """A short hash of the faces as drawn: photos rendered of an older drawing are made again."""
        return hashlib.sha1(b"".join(self.faces[c].tobytes() for c in self.codes)).hexdigest()[:16]


def _fit_on_canvas(rgba: np.ndarray, margin: float, scale: float | None = None) -> np.ndarray:
    """Centre a glyph image on a transparent ``FACE_SIZE`` canvas.

    With ``scale`` None the glyph is fitted inside the canvas minus ``margin`` (a fraction);
    otherwise it is resized by ``scale`` so that relative glyph sizes of a set are kept.
    """
    cw, ch = FACE_SIZE
    h, w = rgba.shape[:2]
    if scale is None:
        scale = min(cw * (1 - 2 * margin) / w, ch * (1 - 2 * margin) / h)
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    nw, nh = min(nw, cw), min(nh, ch)
    small = cv2.resize(rgba, (nw, nh), interpolation=cv2.INTER_AREA)
    canvas = np.zeros((ch, cw, 4), np.uint8)
    x0, y0 = (cw - nw) // 2, (ch - nh) // 2
    canvas[y0:y0 + nh, x0:x0 + nw] = small
    return canvas


def _crop_alpha(rgba: np.ndarray) -> np.ndarray:
    """Crop an RGBA image to the bounding box of its visible pixels."""
    ys, xs = np.nonzero(rgba[..., 3] > 8)
    if len(xs) == 0:
        return rgba
    return rgba[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _read_rgba(path: Path) -> np.ndarray:
    """Read a PNG as RGBA (adding an opaque alpha when missing)."""
    img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise FileNotFoundError(path)
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGRA)
    elif img.shape[2] == 3:
        img = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    return cv2.cvtColor(img, cv2.COLOR_BGRA2RGBA)


def _make_smooth() -> dict[str, np.ndarray]:
    """smooth-faces PNGs: already glyph-only, 224x320."""
    folder = TILEART_DIR / "smooth-faces"
    return {
        code: _fit_on_canvas(_read_rgba(folder / f"tile-{i:02d}.png"), 0.0)
        for i, code in SMOOTH_INDEX.items()
    }


def _make_unicode() -> dict[str, np.ndarray]:
    """uni.svg: render one nested <svg id=...> at a time by replacing the sheet with a <use>."""
    text = (TILEART_DIR / "unicode-color" / "uni.svg").read_text()
    head, defs_end = text.split("</defs>", 1)[0], "</defs>"
    head = re.sub(r'viewBox="[^"]*"', 'viewBox="0 0 74.7 95.1"', head, count=1)
    out = {}
    for sid, code in UNICODE_IDS.items():
        svg = f'{head}{defs_end}<use xlink:href="#{sid}" width="74.7" height="95.1"/></svg>'
        rgba = svg_to_rgba(svg, 300, 382)
        out[code] = _fit_on_canvas(rgba, 0.02)
    return out


def _make_fluffy() -> dict[str, np.ndarray]:
    """fluffystuff Regular SVGs (300x400 glyph-only faces)."""
    folder = TILEART_DIR / "fluffystuff" / "Regular"
    return {
        code: _fit_on_canvas(svg_to_rgba((folder / f"{stem}.svg").read_bytes(), 300, 400), 0.04)
        for stem, code in FLUFFY_FILES.items()
    }


def _kmahjongg_face(desktop: Path) -> tuple[float, float]:
    """A kmahjongg tileset's face size in SVG units (``TileFaceWidth``/``Height`` of its .desktop
    file; the tilesets draw their glyphs to fill faces of different sizes)."""
    keys = {}
    if desktop.exists():
        for line in desktop.read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition("=")
            keys[key.strip()] = value.strip()
    try:
        return float(keys["TileFaceWidth"]), float(keys["TileFaceHeight"])
    except (KeyError, ValueError):
        return KMAHJONGG_FACE


#: Where a kmahjongg tileset draws a kind under another element than ``KMAHJONGG_IDS`` says:
#: element id -> code, or None for a face no table would read as its kind.  Checked by eye.
KMAHJONGG_OWN_IDS: dict[str, dict[str, str | None]] = {
    # labelled "Orchid" and "Plum": 梅 is the first flower, 蘭 the second; its 白板 is a dragon
    "classic": {"FLOWER_1": "2f", "FLOWER_2": "1f", "DRAGON_1": None},
}


def _make_kmahjongg(tileset: str) -> dict[str, np.ndarray]:
    """kmahjongg tileset: export each glyph element with rsvg-convert, keeping relative sizes."""
    exe = shutil.which("rsvg-convert")
    src = KMAHJONGG_DIR / f"{tileset}.svgz"
    if exe is None or not src.exists():
        raise FileNotFoundError(f"needs rsvg-convert and {src}")
    zoom = 4.0
    face_w, face_h = _kmahjongg_face(src.with_suffix(".desktop"))
    scale = min(FACE_SIZE[0] / face_w, FACE_SIZE[1] / face_h) / zoom * 0.98
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "set.svg"
        plain.write_bytes(gzip.decompress(src.read_bytes()))
        for eid, code in {**KMAHJONGG_IDS, **KMAHJONGG_OWN_IDS.get(tileset, {})}.items():
            if code is None:
                continue
            png = Path(tmp) / f"{eid}.png"
            subprocess.run([exe, "-i", eid, "-z", str(zoom), "-o", str(png), str(plain)],
                           check=True, capture_output=True)
            out[code] = _fit_on_canvas(_crop_alpha(_read_rgba(png)), 0.0, scale=scale)
    return out


def _on_canvases(faces: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Whole faces (a sheet's cells, a font's tiles) each filling a glyph canvas."""
    return {code: _fit_on_canvas(face, 0.0) for code, face in faces.items()}


#: Art set name -> builder.  Names are what ``load_art_set`` and the CLI accept.
BUILDERS = {
    "smooth": _make_smooth,
    "unicode": _make_unicode,
    "fluffy": _make_fluffy,
    "kmj-traditional": lambda: _make_kmahjongg("traditional"),
    "kmj-default": lambda: _make_kmahjongg("default"),
    "kmj-classic": lambda: _make_kmahjongg("classic"),
    "kmj-jade": lambda: _make_kmahjongg("jade"),
    **{name: (lambda name=name: _on_canvases(_sheets.sheet_faces(name))) for name in _sheets.SHEETS},
    **{name: (lambda name=name: _on_canvases(_fontfaces.font_faces(name))) for name in _fontfaces.FONT_SETS},
}


def is_known_art_set(name: str) -> bool:
    """True for a name ``load_art_set`` understands: a ``BUILDERS`` key or ``gen-<seed>``."""
    return name in BUILDERS or _designs.is_generated(name)


def _build(name: str) -> dict[str, np.ndarray]:
    """Draw or rasterize the faces of art set ``name`` (no cache)."""
    if _designs.is_generated(name):
        return _designs.generated_design(_designs.design_seed(name), _designs.is_swapped(name))
    if name not in BUILDERS:
        raise KeyError(f"unknown art set {name!r}: one of {', '.join(BUILDERS)} or gen-<seed>")
    return BUILDERS[name]()


def _cache_tag(name: str) -> str:
    """What a cached set must have been made with to be reused: the generator's source and the
    design's fonts for ``gen-*`` sets (so a changed drawing or font file redraws them; a missing
    font raises ``FontMissing``), else nothing."""
    if _designs.is_generated(name):
        return _designs.cache_tag(_designs.design_seed(name))
    return ""


def _cached_tag(folder: Path) -> str | None:
    """The tag a cache folder was written with ('' when it has none), None if it is incomplete."""
    if not (folder / "done").exists():
        return None
    tag = folder / "tag"
    return tag.read_text() if tag.exists() else ""


@cache
def load_art_set(name: str) -> ArtSet:
    """Load an art set from the PNG cache, rasterizing it into the cache on first use."""
    folder = CACHE_DIR / name
    tag = _cache_tag(name)
    if _cached_tag(folder) != tag:
        faces = _build(name)
        # write into a private folder and rename it, so parallel workers never see half a set
        tmp = CACHE_DIR / f".{name}.{os.getpid()}"
        tmp.mkdir(parents=True, exist_ok=True)
        for code, rgba in faces.items():
            cv2.imwrite(str(tmp / f"{code}.png"), cv2.cvtColor(rgba, cv2.COLOR_RGBA2BGRA))
        if tag:
            (tmp / "tag").write_text(tag)
        (tmp / "done").write_text("\n".join(sorted(faces)))
        if folder.exists():  # stale: made by an older generator or with other fonts
            shutil.rmtree(folder, ignore_errors=True)
        try:
            os.replace(tmp, folder)
        except OSError:  # another process finished first (or a stale folder is in the way)
            shutil.rmtree(tmp, ignore_errors=True)
            if _cached_tag(folder) != tag:
                shutil.rmtree(folder, ignore_errors=True)
                return ArtSet(name, faces)
    faces = {}
    for code in FACE_CODES:
        path = folder / f"{code}.png"
        if path.exists():
            faces[code] = _read_rgba(path)
    return ArtSet(name, faces)


@lru_cache(maxsize=1)
def available_art_sets() -> tuple[str, ...]:
    """Names of the art sets that load on this machine (missing sources are skipped)."""
    names = []
    for name in BUILDERS:
        try:
            if load_art_set(name).faces:
                names.append(name)
        except (FileNotFoundError, OSError, ImportError, subprocess.CalledProcessError):
            continue
    return tuple(names)


def default_designs() -> int:
    """How many generated designs renders add by default: ``$MAHJONG_DESIGNS`` (0 when unset)."""
    value = os.environ.get("MAHJONG_DESIGNS", "").strip()
    return int(value) if value else 0


def _names(value: str | Iterable[str] | None) -> list[str]:
    """A list of names from a comma-separated string or an iterable (empty for None)."""
    if value is None:
        return []
    items = value.split(",") if isinstance(value, str) else list(value)
    return [n.strip() for n in items if n.strip()]


def select_art_sets(art_sets: str | Iterable[str] | None = None, designs: int | None = None,
                    exclude: str | Iterable[str] | None = None) -> tuple[str, ...]:
    """The art sets a render draws from, in a fixed order (so seeds stay reproducible).

    ``art_sets``: names (a list or "a,b,c"); None means every set found here.  ``designs`` adds
    ``gen-0`` .. ``gen-<designs-1>``, less those drawn with fonts missing here (they would be
    drawn with other fonts elsewhere); None means ``$MAHJONG_DESIGNS`` when ``art_sets`` is None,
    else 0.  ``exclude`` drops names or glob patterns (``kmj-default``, ``gen-*``): leave-one-
    design-out training.  Raises ValueError for an unknown or unavailable set or an empty choice,
    ``FontMissing`` (a FileNotFoundError naming the fonts) for a design named whose fonts are
    missing.
    """
    if designs is None:
        designs = default_designs() if art_sets is None else 0
    names = list(available_art_sets()) if art_sets is None else _names(art_sets)
    found = set(available_art_sets())
    for n in names:
        if not is_known_art_set(n):
            raise ValueError(f"unknown art set {n!r}: one of {', '.join(BUILDERS)} or gen-<seed>")
        if n in BUILDERS and n not in found:
            raise ValueError(f"art set {n!r} is not available on this machine (its source is missing)")
        if _designs.is_generated(n) and (missing := _designs.missing_design_fonts(n)):
            raise FontMissing(missing, f"art set {n!r}")
    lacking = {n: _designs.missing_design_fonts(n) for n in _designs.design_names(designs)}
    names += [n for n, missing in lacking.items() if n not in names and not missing]
    drop = _names(exclude)
    names = [n for n in dict.fromkeys(names) if not any(fnmatch.fnmatchcase(n, p) for p in drop)]
    if not names:
        skipped = FontMissing(dict.fromkeys(f for missing in lacking.values() for f in missing),
                              f"{sum(map(bool, lacking.values()))} designs")
        raise ValueError("no art set left to render with (check art_sets / exclude)"
                         + (f"; {skipped}" if skipped.fonts else ""))
    return tuple(names)


def contact_sheet(art: ArtSet, cols: int = 9, scale: float = 0.5) -> np.ndarray:
    """A labelled grid of glyphs on ivory (BGR), to check the index -> code mapping by eye."""
    cw, ch = round(FACE_SIZE[0] * scale), round(FACE_SIZE[1] * scale)
    codes = FACE_CODES
    rows = (len(codes) + cols - 1) // cols
    sheet = np.full((rows * (ch + 20), cols * cw, 3), 235, np.uint8)
    for k, code in enumerate(codes):
        r, c = divmod(k, cols)
        y, x = r * (ch + 20), c * cw
        cv2.putText(sheet, code, (x + 4, y + 15), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 255), 1)
        if code not in art.faces:
            continue
        g = cv2.resize(art.faces[code], (cw, ch), interpolation=cv2.INTER_AREA).astype(np.float32)
        a = g[..., 3:] / 255.0
        roi = sheet[y + 20:y + 20 + ch, x:x + cw].astype(np.float32)
        rgb = g[..., :3][..., ::-1]
        sheet[y + 20:y + 20 + ch, x:x + cw] = (roi * (1 - a) + rgb * a).astype(np.uint8)
        cv2.rectangle(sheet, (x, y + 20), (x + cw - 1, y + 20 + ch - 1), (150, 150, 150), 1)
    return sheet
