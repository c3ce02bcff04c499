"""Art sets cut from Debian's whole-tile sheets (xmahjongg, GNOME Mahjongg): each kind where the
table reads it, its face colour keyed out so only the glyph is left."""

from __future__ import annotations

import numpy as np
import pytest

from datasets.synth import sheets
from datasets.synth.art import load_art_set

AVAILABLE = [name for name, sheet in sheets.SHEETS.items() if sheet.path.exists()]
pytestmark = pytest.mark.skipif(not AVAILABLE, reason="xmahjongg / gnome-mahjongg not installed")


def _ink(face: np.ndarray) -> float:
    """Share of a glyph canvas that is drawn (opaque)."""
    return float((face[..., 3] > 128).mean())


@pytest.mark.parametrize("name", AVAILABLE)
def test_a_sheet_set_has_every_kind_its_order_names_as_glyphs_alone(name: str) -> None:
    art = load_art_set(name)
    expected = {code for code in sheets.SHEETS[name].order if code}
    assert set(art.faces) == expected
    for code, face in art.faces.items():
        alpha = face[..., 3]
        # the face colour is keyed out: the corners are clear (a speck of the scan aside), and
        # the glyph is there
        corners = np.concatenate([alpha[:8, :8], alpha[:8, -8:], alpha[-8:, :8], alpha[-8:, -8:]])
        assert np.median(corners) < 30, (name, code)
        assert 0.01 < _ink(face) < 0.6, (name, code)


@pytest.mark.parametrize("name", AVAILABLE)
def test_a_sheet_set_is_read_in_the_right_order(name: str) -> None:
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
