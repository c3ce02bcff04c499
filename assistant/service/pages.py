"""The four pages (score a photo, live table, teach, table session), the home page, and the
layout sheet a player prints to teach the recognizer his own tiles.

Pages are templates plus static JS/CSS served from this package: no CDN, no external asset. The
language (zh/en) is switched in the page and remembered in the browser.
"""

from __future__ import annotations

from flask import Blueprint, render_template

from ..catalogue import TEXT
from ..tiles import LAYOUT_ORDER, parse_tiles, tile_name

bp = Blueprint("pages", __name__)


@bp.app_context_processor
def _catalogue() -> dict:
    """``zh(key)`` and ``en(key)`` in the templates: the page's words from the catalogue."""
    return {"zh": lambda key: TEXT[key][0], "en": lambda key: TEXT[key][1],
            "layout_order": LAYOUT_ORDER}


def sheet_rows(per_row: int = 9) -> list[list[dict[str, str]]]:
    """The layout sheet's boxes: the tiles of :data:`LAYOUT_ORDER` in rows of ``per_row``,
    each with its code and its names, in the order a layout photo is read."""
    tiles = [{"tile": t, "zh": tile_name(t, "zh"), "en": tile_name(t, "en")}
             for t in parse_tiles(LAYOUT_ORDER)]
    return [tiles[i:i + per_row] for i in range(0, len(tiles), per_row)]


PAGES = {
    "home": ("/", "home.html"),
    "score": ("/score", "score.html"),
    "live": ("/live", "live.html"),
    "teach": ("/teach", "teach.html"),
    "table": ("/table", "table.html"),
    "sheet": ("/tileset-sheet", "tileset_sheet.html"),
}
#: What a page's template is given besides its name.
CONTEXT = {"sheet": lambda: {"rows": sheet_rows()}}


def _page(name: str, template: str):  # type: ignore[no-untyped-def]
    def view():  # type: ignore[no-untyped-def]
        extra = CONTEXT[name]() if name in CONTEXT else {}
        return render_template(template, page=name, **extra)

    view.__name__ = f"page_{name}"
    view.__doc__ = f"The {name} page."
    return view


for _name, (_path, _template) in PAGES.items():
    bp.add_url_rule(_path, endpoint=_name, view_func=_page(_name, _template))
