"""Art sets drawn by people: Debian's tile sheets (xmahjongg, GNOME Mahjongg), kmahjongg's SVG
tilesets and fonts with Unicode's mahjong tiles: each kind where the table reads it, only the
glyph left (no face colour, no outline)."""

from __future__ import annotations

import numpy as np
import pytest

from datasets.synth import art as art_sets
from datasets.synth import fontfaces, sheets
from datasets.synth.art import load_art_set
from datasets.synth.fonts import find_font

SHEETS = [name for name, sheet in sheets.SHEETS.items() if sheet.path.exists()]
FONTS = [name for name, font in fontfaces.FONT_SETS.items() if find_font(font)]
KMAHJONGG = [f"kmj-{tileset}" for tileset in ("default", "traditional", "classic", "jade")
             if (art_sets.KMAHJONGG_DIR / f"{tileset}.svgz").exists()]
AVAILABLE = SHEETS + FONTS + KMAHJONGG
pytestmark = pytest.mark.skipif(not AVAILABLE, reason="xmahjongg / gnome-mahjongg / kmahjongg / "
                                                      "symbol fonts missing")


def _expected(name: str) -> set[str]:
    """The kinds a set must draw: its sheet's order, its tileset's elements, or every kind for a
    font."""
    if name in sheets.SHEETS:
        return {code for code in sheets.SHEETS[name].order if code}
    if name.startswith("kmj-"):
        own = art_sets.KMAHJONGG_OWN_IDS.get(name.removeprefix("kmj-"), {})
        return {code for code in {**art_sets.KMAHJONGG_IDS, **own}.values() if code}
    return set(fontfaces.CODEPOINTS.values())


def _ink(face: np.ndarray) -> float:
    """Share of a glyph canvas that is drawn (opaque)."""
    return float((face[..., 3] > 128).mean())


@pytest.mark.parametrize("name", AVAILABLE)
def test_a_set_has_every_kind_it_names_as_glyphs_alone(name: str) -> None:
    art = load_art_set(name)
    assert set(art.faces) == _expected(name)
    for code, face in art.faces.items():
        alpha = face[..., 3]
        # the face colour is keyed out: the corners are clear (a speck of the scan aside), and
        # the glyph is there
        corners = np.concatenate([alpha[:8, :8], alpha[:8, -8:], alpha[-8:, :8], alpha[-8:, -8:]])
        assert np.median(corners) < 30, (name, code)
        if code == "P" and _ink(face) == 0:
            continue  # a blank 白板, as many sets draw it
        assert 0.01 < _ink(face) < 0.6, (name, code)


@pytest.mark.parametrize("name", AVAILABLE)
def test_a_set_is_read_in_the_right_order(name: str) -> None:
    """More circles and more sticks draw more ink: a grid read one cell off breaks this."""
    faces = load_art_set(name).faces
    for suit in "ps":
        assert _ink(faces[f"9{suit}"]) > _ink(faces[f"2{suit}"]) > 0, (name, suit)
        assert _ink(faces[f"8{suit}"]) > _ink(faces[f"3{suit}"]), (name, suit)
    # every kind is its own picture
    codes = sorted(faces)
    for i, a in enumerate(codes):
        for b in codes[i + 1:]:
            assert not np.array_equal(faces[a], faces[b]), (name, a, b)


def test_a_face_colour_is_keyed_out_even_where_the_glyph_fills_the_edges() -> None:
    face = np.full((48, 36, 3), (212, 193, 169), np.uint8)
    face[:, :6] = (0, 80, 40)  # a glyph touching the whole left edge
    glyph = sheets.key_out_face(face, 96)
    assert glyph[48, 40, 3] == 0 and glyph[48, 2, 3] == 255


@pytest.mark.parametrize("name", FONTS)
def test_a_font_sets_tile_outline_is_dropped_and_its_white_dragon_is_a_frame(name: str) -> None:
    faces = load_art_set(name).faces
    for code in ("E", "5m", "9p"):  # the outline would draw ink all along the canvas's edges
        alpha = faces[code][..., 3]
        assert (alpha[:, :4] > 128).mean() < 0.2 and (alpha[:4] > 128).mean() < 0.2, (name, code)
    blank = faces["P"][..., 3] > 128
    h, w = blank.shape
    assert blank[h // 3:2 * h // 3, w // 3:2 * w // 3].mean() < 0.02 < blank.mean()


def test_a_kmahjongg_tileset_is_sized_by_the_face_its_desktop_file_names(tmp_path) -> None:
    desktop = tmp_path / "set.desktop"
    desktop.write_text("[KMahjonggTileset]\nName=Set\nTileFaceWidth=71\nTileFaceHeight=86\n")
    assert art_sets._kmahjongg_face(desktop) == (71.0, 86.0)
    desktop.write_text("[KMahjonggTileset]\nName=Set\nTileFaceWidth=wide\n")
    assert art_sets._kmahjongg_face(desktop) == art_sets.KMAHJONGG_FACE
    assert art_sets._kmahjongg_face(tmp_path / "none.desktop") == art_sets.KMAHJONGG_FACE


@pytest.mark.skipif("kmj-classic" not in KMAHJONGG, reason="kmahjongg's classic tileset missing")
def test_the_classic_tilesets_flowers_are_numbered_as_a_table_numbers_them() -> None:
    """classic draws "Orchid" first and "Plum" second; 梅 (plum: pink on a brown branch) is the
    first flower, 蘭 (orchid: purple) the second."""
    classic = load_art_set("kmj-classic").faces
    assert "P" not in classic  # its 白板 is a dragon picture

    def red_over_blue(face: np.ndarray) -> float:
        inked = face[..., 3] > 128
        return float((face[..., 0].astype(int) - face[..., 2])[inked].mean())

    assert red_over_blue(classic["1f"]) > 15 > 0 > red_over_blue(classic["2f"])


@pytest.mark.skipif("kmj-jade" not in KMAHJONGG, reason="kmahjongg's jade tileset missing")
def test_the_jade_set_is_drawn_white_on_its_own_red_face_and_its_backs_are_not_that_red() -> None:
    from datasets.synth.body import random_style

    jade = load_art_set("kmj-jade")
    east = jade.faces["E"]
    assert east[..., :3][east[..., 3] > 200].mean() > 180  # the glyph is white
    for seed in range(20):
        style = random_style(np.random.default_rng(seed), jade)
        b, g, r = style.face_color
        assert r > 90 > g and r > 90 > b, style.face_color  # dark red, not ivory
        assert np.abs(style.back_color - style.face_color).sum() > 100
