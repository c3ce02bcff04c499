"""The fonts art is drawn with, each named by file, family and style, and where this machine has them.

A generated design (:mod:`datasets.synth.designs`) or a symbol-font set
(:mod:`datasets.synth.fontfaces`) is drawn with fonts, so its pixels are those of its fonts: each
names the fonts it draws with, and a set whose fonts are missing here is refused with
:class:`FontMissing` (and skipped where sets are listed), never drawn with another font that
happens to be installed.

Fonts are looked for in ``FONT_DIRS``: ``$MAHJONG_FONT_DIRS`` (folders separated by
``os.pathsep``; an empty folder shows what a machine without fonts does), else the system's font
folders. A file found must carry the family and style named, so a file of the same name from
another font is not taken for it.

>>> missing = NamedFont("none/NoSuch.ttf", "No Such", "Bold", "fonts-no-such")
>>> find_font(missing) is None
True
>>> print(FontMissing([missing], "design gen-0"))
design gen-0 is drawn with a font missing here: No Such Bold (none/NoSuch.ttf, Debian's fonts-no-such)
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

#: The system's font folders, Debian's first (the named files' paths are relative to it).
SYSTEM_FONT_DIRS = ("/usr/share/fonts/truetype", "/usr/share/fonts", "/usr/local/share/fonts",
                    "~/.local/share/fonts", "~/.fonts")


def font_dirs() -> tuple[Path, ...]:
    """The folders fonts are looked for in: ``$MAHJONG_FONT_DIRS`` when set, else the system's."""
    value = os.environ.get("MAHJONG_FONT_DIRS")
    names = value.split(os.pathsep) if value is not None else SYSTEM_FONT_DIRS
    return tuple(Path(n).expanduser() for n in names if n.strip())


@dataclass(frozen=True)
class NamedFont:
    """One font face art is drawn with: its file (Debian's path under /usr/share/fonts/truetype),
    the family and style its name table gives, the Debian package that installs it, its face
    index in a collection (.ttc) and the kind of lettering it is (kai / song / latin / symbols)."""

    file: str
    family: str
    style: str
    package: str
    index: int = 0
    kind: str = ""

    def describe(self) -> str:
        """The font as a person installing it needs it named."""
        return f"{self.family} {self.style} ({self.file}, Debian's {self.package})"


class FontMissing(FileNotFoundError):
    """Art that is drawn with fonts this machine does not have; names each missing font."""

    def __init__(self, fonts: Iterable[NamedFont], what: str = "") -> None:
        self.fonts = tuple(fonts)
        named = "; ".join(f.describe() for f in self.fonts)
        fonts = "fonts" if len(self.fonts) > 1 else "a font"
        super().__init__(f"{what or 'this art'} is drawn with {fonts} missing here: {named}")


def find_font(font: NamedFont) -> Path | None:
    """Where this machine has ``font`` (its file, carrying its family and style), or None."""
    return _find(font, font_dirs())


@lru_cache(maxsize=256)
def _find(font: NamedFont, dirs: tuple[Path, ...]) -> Path | None:
    """``find_font`` for one list of folders: the named path under each folder, then the file's
    name anywhere below it (distributions file fonts in folders of their own)."""
    name = Path(font.file).name
    for folder in dirs:
        if not folder.is_dir():
            continue
        for path in (folder / font.file, folder / name, *sorted(folder.rglob(name))):
            if path.is_file() and _names(path, font.index) == (font.family, font.style):
                return path
    return None


def _names(path: Path, index: int) -> tuple[str, str] | None:
    """The family and style a font file's face ``index`` names itself with (None: unreadable)."""
    from PIL import ImageFont

    try:
        family, style = ImageFont.truetype(str(path), size=16, index=index).getname()
    except OSError:
        return None
    return family or "", style or ""


def missing_fonts(fonts: Iterable[NamedFont | None]) -> list[NamedFont]:
    """Those of ``fonts`` this machine does not have (None entries, no font, are skipped)."""
    return [f for f in dict.fromkeys(fonts) if f is not None and find_font(f) is None]
