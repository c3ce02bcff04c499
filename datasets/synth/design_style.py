"""The style of a generated tile design (``gen-0``, ``gen-1``, …): every choice its seed makes
(fonts, colours, drawing styles, jitter), and the design names.

:mod:`datasets.synth.designs` draws the faces in that style. A design is drawn only with the
fonts named here (``CJK_FONTS``, ``LATIN_FONTS``); on a machine lacking them its style is refused
(:class:`~datasets.synth.fonts.FontMissing`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from datasets.synth.fonts import FontMissing, NamedFont, find_font, missing_fonts

#: Art set name prefix of the generated designs (``gen-0``, ``gen-1``, ...).
GEN_PREFIX = "gen-"
#: Suffix of a generated design drawn with its flower and season pictures swapped among the
#: kinds (``gen-7-swapped``), each kept under its own name and number: a face whose picture
#: says nothing, so that a network trained on it reads the caption. Makers draw the same kind
#: differently (kmj-traditional's summer is a sun, spring a butterfly; this generator's spring is
#: a sun) and only the name on the tile is the same everywhere.
SWAPPED = "-swapped"
_GEN_NAME = re.compile(r"^gen-(\d+)(-swapped)?$")
#: Supersampling factor: faces are drawn this many times larger and averaged down (anti-aliasing).
SS = 3

NUMERALS = "一二三四五六七八九"
WINDS = {"E": "東", "S": "南", "W": "西", "N": "北"}
FLOWERS = "梅蘭菊竹"  # 1f-4f: plum, orchid, chrysanthemum, bamboo
SEASONS = "春夏秋冬"  # 5f-8f: spring, summer, autumn, winter
#: The same flowers and seasons as sets made for players who read English name them (1f-8f).
BONUS_WORDS = ("PLUM", "ORCHID", "MUM", "BAMBOO", "SPRING", "SUMMER", "AUTUMN", "WINTER")
#: The Chinese fonts the designs are drawn with, in the order a seed picks among them (Debian's
#: fonts-arphic-ukai, fonts-arphic-uming, fonts-lxgw-wenkai). Named, not whatever Chinese font a
#: machine has: another font (Droid Sans Fallback, Noto CJK) draws every design otherwise, and a
#: design whose font is missing is refused (``FontMissing``) rather than drawn with another.
CJK_FONTS = (
    NamedFont("arphic/ukai.ttc", "AR PL UKai CN", "Book", "fonts-arphic-ukai", kind="kai"),
    NamedFont("arphic/uming.ttc", "AR PL UMing CN", "Light", "fonts-arphic-uming", kind="song"),
    *(NamedFont(f"lxgw-wenkai/LXGWWenKai-{style}.ttf", "LXGW WenKai", style, "fonts-lxgw-wenkai",
                kind="kai") for style in ("Bold", "Light", "Regular")))
#: Latin fonts the English names of flowers and seasons may be lettered in (Debian's
#: fonts-dejavu-core, fonts-liberation, fonts-noto-core): sets sold abroad letter them in a bold
#: sans or a serif of their own, not in the Chinese font's Latin letters, and a classifier that
#: learnt one lettering did not read another (models/MODEL_CARD.md).
LATIN_FONTS = tuple(NamedFont(file, family, style, package, kind="latin")
                    for file, family, style, package in (
    ("dejavu/DejaVuSans-Bold.ttf", "DejaVu Sans", "Bold", "fonts-dejavu-core"),
    ("dejavu/DejaVuSans.ttf", "DejaVu Sans", "Book", "fonts-dejavu-core"),
    ("dejavu/DejaVuSansCondensed-Bold.ttf", "DejaVu Sans", "Condensed Bold", "fonts-dejavu-core"),
    ("dejavu/DejaVuSerif-Bold.ttf", "DejaVu Serif", "Bold", "fonts-dejavu-core"),
    ("liberation/LiberationSans-Bold.ttf", "Liberation Sans", "Bold", "fonts-liberation"),
    ("liberation/LiberationSans-Regular.ttf", "Liberation Sans", "Regular", "fonts-liberation"),
    ("liberation/LiberationSansNarrow-Bold.ttf", "Liberation Sans Narrow", "Bold",
     "fonts-liberation"),
    ("liberation/LiberationSerif-Bold.ttf", "Liberation Serif", "Bold", "fonts-liberation"),
    ("liberation/LiberationSerif-Regular.ttf", "Liberation Serif", "Regular", "fonts-liberation"),
    ("noto/NotoSans-Bold.ttf", "Noto Sans", "Bold", "fonts-noto-core"),
    ("noto/NotoSans-Regular.ttf", "Noto Sans", "Regular", "fonts-noto-core"),
    ("noto/NotoSerif-Bold.ttf", "Noto Serif", "Bold", "fonts-noto-core"),
    ("noto/NotoSans-BoldItalic.ttf", "Noto Sans", "Bold Italic", "fonts-noto-core")))
#: The share of designs whose English names are lettered in one of those (the rest in their
#: Chinese font's Latin letters, as before).
LATIN_CAPTION_SHARE = 0.7
#: The share of designs that number their circles and bamboos with a small index digit in a
#: corner, as sets made for export do (the art drawn a little smaller below it).
SUIT_INDEX_SHARE = 0.3
#: The share of designs whose 白板 is a lattice border (a band of small squares round the face,
#: some in a second colour) rather than the blank the first stream drew.
LATTICE_BLANK_SHARE = 0.15

RGB = tuple[int, int, int]
RED: RGB = (190, 30, 35)
GREEN: RGB = (20, 120, 55)
BLUE: RGB = (30, 65, 160)
BLACK: RGB = (25, 25, 30)
INK_COLOURS = {"blue": BLUE, "black": BLACK, "green": GREEN, "red": RED,
               "navy": (20, 35, 100), "teal": (10, 105, 110), "dark-green": (15, 80, 40),
               "crimson": (160, 15, 50), "orange": (215, 95, 20), "purple": (110, 40, 140),
               "pink": (220, 90, 140), "yellow": (225, 170, 20), "brown": (110, 65, 30)}


def is_generated(name: str) -> bool:
    """True for an art set name of the form ``gen-<seed>``."""
    return _GEN_NAME.match(name) is not None


def design_seed(name: str) -> int:
    """The seed of a generated design's name (``gen-7`` -> 7)."""
    m = _GEN_NAME.match(name)
    if m is None:
        raise ValueError(f"not a generated design name: {name!r}")
    return int(m.group(1))


def is_swapped(name: str) -> bool:
    """True for a generated design drawn with its pictures swapped (``SWAPPED``)."""
    return is_generated(name) and name.endswith(SWAPPED)


def design_names(count: int, start: int = 0) -> list[str]:
    """Names of ``count`` generated designs, ``gen-<start>`` onwards."""
    return [f"{GEN_PREFIX}{start + i}" for i in range(count)]


# --- fonts ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CJKFont:
    """One installed font face: file, face index in a .ttc, family and kind (kai / song / hei;
    ``latin`` for the Latin fonts English names are lettered in, ``latin_fonts``)."""

    path: str
    index: int
    family: str
    kind: str


def _installed(fonts: tuple[NamedFont, ...]) -> tuple[CJKFont, ...]:
    """Those of ``fonts`` this machine has, where it has them, in their order."""
    found = ((f, find_font(f)) for f in fonts)
    return tuple(CJKFont(str(path), f.index, f.family, f.kind) for f, path in found if path)


def cjk_fonts() -> tuple[CJKFont, ...]:
    """The fonts of ``CJK_FONTS`` this machine has (a design drawn with another is refused)."""
    return _installed(CJK_FONTS)


def latin_fonts() -> tuple[CJKFont, ...]:
    """The fonts of ``LATIN_FONTS`` this machine has (a design lettered in another is refused)."""
    return _installed(LATIN_FONTS)


def missing_design_fonts(name: str) -> list[NamedFont]:
    """The fonts generated design ``name`` is drawn with that this machine lacks (none: it can be
    drawn, the same as on any machine with them)."""
    try:
        design_style(design_seed(name))
    except FontMissing as exc:
        return list(exc.fonts)


# --- per-seed style ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DesignStyle:
    """Every choice one generated design makes (drawn once from its seed)."""

    seed: int
    font: CJKFont  # characters and winds
    honor_font: CJKFont  # dragons, flowers, seasons
    numeral: RGB
    wan: RGB
    wan_char: str
    wan_index: str | None  # corner of a small index digit ("tl", "tr") or None
    wan_stretch: float  # vertical stretch of 萬
    text_stroke: int  # extra boldness of text (px at SS scale)
    wind: RGB
    wind_index: bool
    red: RGB
    green: RGB
    blank: str  # frame | empty | double | corners | lattice
    blank_colour: RGB
    dot_style: str  # rings | flower | disc | coin
    dot_colours: tuple[RGB, RGB, RGB]
    dot_scale: float
    one_dot: str  # petals | rays | rings
    stick_style: str  # segmented | bar | double
    stick_colours: tuple[RGB, RGB]  # main, accent
    eight_bamboo: str  # mw | rows
    one_bamboo: str  # bird | peacock | stick
    flower_kind: str  # char | plant | numeral
    season_kind: str
    plant_mirror: bool  # pictures of the plant kind drawn mirrored
    bonus_caption: str  # a picture's name: chinese (梅…) | english (PLUM…) | short (PLU…)
    bonus_colour: RGB
    bonus_index: str  # arabic | chinese | none
    stroke: float  # line width factor
    margin: tuple[float, float]  # content margins, fraction of width / height
    offset: tuple[float, float]  # content shift, fraction of width / height
    pictures: tuple[int, ...] = tuple(range(8))  # the picture (0-7) drawn for 1f-8f
    caption_font: CJKFont | None = None  # English names' lettering (None: ``honor_font``)
    suit_index: str | None = None  # corner of an index digit on circles and bamboos, or None
    suit_index_colour: RGB = RED

    @property
    def has_pictures(self) -> bool:
        """Whether the flowers or the seasons are drawn as pictures (``_plant``)."""
        return "plant" in (self.flower_kind, self.season_kind)


def _jitter(rng: np.random.Generator, c: RGB, amount: float = 12) -> RGB:
    """A colour moved a little at random (kept in 0-255)."""
    return tuple(int(v) for v in np.clip(np.array(c) + rng.normal(0, amount, 3), 0, 255))  # type: ignore[return-value]


def _pick(rng: np.random.Generator, options: list | tuple):
    """One element of ``options`` drawn by ``rng``."""
    return options[int(rng.integers(len(options)))]


def design_style(seed: int) -> DesignStyle:
    """The style of design ``seed``: fonts, colours, drawing styles and jitter."""
    rng = np.random.default_rng([22, seed])
    fonts = CJK_FONTS
    ink = INK_COLOURS
    dot_schemes = [(BLUE, GREEN, RED), (GREEN, BLUE, RED), (ink["navy"], ink["teal"], ink["crimson"]),
                   (RED, GREEN, BLUE), (ink["dark-green"], RED, BLUE), (BLUE, RED, GREEN)]
    scheme = _pick(rng, dot_schemes)
    stick_main = _pick(rng, [GREEN, GREEN, ink["dark-green"], ink["teal"], BLUE])
    stick_accent = _pick(rng, [RED, RED, BLUE, ink["crimson"]])
    if stick_accent == stick_main:
        stick_accent = RED
    kinds = sorted({f.kind for f in fonts})
    by_kind = {k: [f for f in fonts if f.kind == k] for k in kinds}
    font = _pick(rng, by_kind[_pick(rng, kinds)])  # Kai or Song first, so Song is not outvoted
    honor_font = font if rng.random() < 0.6 else _pick(rng, by_kind[_pick(rng, kinds)])
    later = np.random.default_rng([22, seed, 1])  # choices added since: earlier ones stay as drawn
    caption = _pick(later, ["chinese", "chinese", "english", "short"])
    lettered = later.random() < LATIN_CAPTION_SHARE
    caption_font = _pick(later, LATIN_FONTS) if lettered else None
    suit_index = _pick(later, ["tl", "tr"]) if later.random() < SUIT_INDEX_SHARE else None
    suit_index_colour = _jitter(later, ink[_pick(later, ["red", "crimson", "blue", "black"])])
    lattice = later.random() < LATTICE_BLANK_SHARE
    missing = missing_fonts((font, honor_font, caption_font))
    if missing:
        raise FontMissing(missing, f"design {GEN_PREFIX}{seed}")
    drawn = {f: CJKFont(str(find_font(f)), f.index, f.family, f.kind)
             for f in (font, honor_font, caption_font) if f is not None}
    style = DesignStyle(
        seed=seed, font=drawn[font], honor_font=drawn[honor_font],
        numeral=_jitter(rng, ink[_pick(rng, ["blue", "black", "green", "navy", "black"])]),
        wan=_jitter(rng, ink[_pick(rng, ["red", "red", "crimson"])]),
        wan_char=_pick(rng, ["萬", "萬", "萬", "万"]),
        wan_index=_pick(rng, [None, None, "tl", "tr"]),
        wan_stretch=float(rng.uniform(0.85, 1.2)), text_stroke=int(rng.integers(0, 3 * SS // 2 + 1)),
        wind=_jitter(rng, ink[_pick(rng, ["black", "black", "blue", "navy"])]),
        wind_index=bool(rng.random() < 0.35),
        red=_jitter(rng, ink[_pick(rng, ["red", "crimson"])]),
        green=_jitter(rng, ink[_pick(rng, ["green", "dark-green", "teal"])]),
        blank=_pick(rng, ["frame", "empty", "double", "corners"]),
        blank_colour=_jitter(rng, ink[_pick(rng, ["blue", "green", "navy", "teal"])]),
        dot_style=_pick(rng, ["rings", "flower", "disc", "coin"]),
        dot_colours=tuple(_jitter(rng, c, 14) for c in scheme),  # type: ignore[arg-type]
        dot_scale=float(rng.uniform(0.85, 1.05)),
        one_dot=_pick(rng, ["petals", "rays", "rings"]),
        stick_style=_pick(rng, ["segmented", "bar", "double"]),
        stick_colours=(_jitter(rng, stick_main, 14), _jitter(rng, stick_accent, 14)),
        eight_bamboo=_pick(rng, ["mw", "rows"]),
        one_bamboo=_pick(rng, ["bird", "peacock", "stick"]),
        flower_kind=_pick(rng, ["char", "plant", "numeral"]),
        season_kind=_pick(rng, ["char", "plant", "numeral"]),
        plant_mirror=bool(rng.random() < 0.5),
        bonus_caption=caption,
        bonus_colour=_jitter(rng, ink[_pick(rng, ["red", "green", "blue", "black", "crimson"])]),
        bonus_index=_pick(rng, ["arabic", "arabic", "chinese", "none"]),
        stroke=float(rng.uniform(0.7, 1.4)),
        margin=(float(rng.uniform(0.07, 0.13)), float(rng.uniform(0.05, 0.10))),
        offset=(float(rng.uniform(-0.02, 0.02)), float(rng.uniform(-0.02, 0.02))),
        caption_font=drawn[caption_font] if caption_font else None, suit_index=suit_index,
        suit_index_colour=suit_index_colour,
    )
    # set after the first stream drew its blank, so that every later draw of it stays as it was
    return replace(style, blank="lattice") if lattice else style


def swapped_style(seed: int) -> DesignStyle:
    """Design ``seed``'s style with its eight bonus pictures dealt to the kinds at random (none
    left on its own kind); the names, numbers and everything else as drawn."""
    rng = np.random.default_rng([22, seed, 2])
    while True:
        order = tuple(int(k) for k in rng.permutation(8))
        if all(order[k] != k for k in range(8)):
            return replace(design_style(seed), pictures=order)
