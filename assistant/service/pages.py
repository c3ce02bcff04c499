"""The four pages (score a photo, live table, teach, table session) and the home page.

Pages are templates plus static JS/CSS served from this package: no CDN, no external asset. The
language (zh/en) is switched in the page and remembered in the browser.
"""

from __future__ import annotations

from flask import Blueprint, render_template

from ..catalogue import TEXT

bp = Blueprint("pages", __name__)


@bp.app_context_processor
def _catalogue() -> dict:
    """``zh(key)`` and ``en(key)`` in the templates: the page's words from the catalogue."""
    return {"zh": lambda key: TEXT[key][0], "en": lambda key: TEXT[key][1]}


PAGES = {
    "home": ("/", "home.html"),
    "score": ("/score", "score.html"),
    "live": ("/live", "live.html"),
    "teach": ("/teach", "teach.html"),
    "table": ("/table", "table.html"),
}


def _page(name: str, template: str):  # type: ignore[no-untyped-def]
    def view():  # type: ignore[no-untyped-def]
        return render_template(template, page=name)

    view.__name__ = f"page_{name}"
    view.__doc__ = f"The {name} page."
    return view


for _name, (_path, _template) in PAGES.items():
    bp.add_url_rule(_path, endpoint=_name, view_func=_page(_name, _template))
