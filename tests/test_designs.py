"""Generated tile designs (datasets.synth.designs) and the choice of art sets (leave one out)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from datasets.synth import designs, fontfaces
from datasets.synth.art import FACE_CODES, FACE_SIZE, select_art_sets
from datasets.synth.fonts import FontMissing, find_font

# A test drawing a design whose fonts are missing here is skipped naming them (tests/conftest.py).


@pytest.fixture(scope="module")
def two_designs():
    """Designs 0 and 1, drawn once for the module."""
    return designs.generated_design(0), designs.generated_design(1)


def test_every_design_has_all_42_faces(two_designs):
    for faces in two_designs:
        assert list(faces) == FACE_CODES and len(faces) == 42
        for code, rgba in faces.items():
            assert rgba.shape == (FACE_SIZE[1], FACE_SIZE[0], 4) and rgba.dtype == np.uint8, code
            if code != "P":  # 白板 may be an empty face
                assert (rgba[..., 3] > 128).sum() > 200, f"{code} draws almost nothing"


def test_faces_of_one_design_are_all_different(two_designs):
    for faces in two_designs:
        codes = list(faces)
        for i, a in enumerate(codes):
            for b in codes[i + 1:]:
                assert not np.array_equal(faces[a], faces[b]), (a, b)


def test_faces_differ_between_seeds(two_designs):
    a, b = two_designs
    differ = [c for c in FACE_CODES if not np.array_equal(a[c], b[c])]
    assert len(differ) >= 41  # only two empty 白板 faces could be equal


def test_a_seed_always_draws_the_same_faces(two_designs):
    style = designs.design_style(0)
    assert style == designs.design_style(0)
    for code in ("3m", "7p", "1s", "8s", "F", "P", "2f", "7f"):
        assert np.array_equal(designs.draw_face(style, code), two_designs[0][code]), code


def test_many_seeds_cover_the_styles():
    styles = [designs.design_style(s) for s in range(40)]
    for field, values in (("dot_style", {"rings", "flower", "disc", "coin"}),
                          ("stick_style", {"segmented", "bar", "double"}),
                          ("one_bamboo", {"bird", "peacock", "stick"}),
                          ("blank", {"frame", "empty", "double", "corners", "lattice"}),
                          ("flower_kind", {"char", "plant", "numeral"}),
                          ("bonus_caption", {"chinese", "english", "short"})):
        assert {getattr(s, field) for s in styles} == values, field
    assert {s.font.kind for s in styles} == {f.kind for f in designs.CJK_FONTS}


def test_a_set_sold_abroad_names_its_flower_pictures_in_english():
    style = next(s for s in map(designs.design_style, range(100)) if s.flower_kind == "plant")
    drawn = {caption: {code: designs.draw_face(replace(style, bonus_caption=caption), code)
                       for code in ("2f", "3f")} for caption in ("chinese", "english", "short")}
    assert not np.array_equal(drawn["chinese"]["2f"], drawn["english"]["2f"])
    assert not np.array_equal(drawn["english"]["2f"], drawn["short"]["2f"])  # ORCHID, ORC
    assert np.array_equal(drawn["english"]["3f"], drawn["short"]["3f"])  # MUM either way


@pytest.mark.skipif(not designs.latin_fonts(), reason="no Latin font (fonts-dejavu-core) here")
def test_english_names_are_lettered_in_many_latin_fonts_and_only_the_name_changes():
    styles = [designs.design_style(s) for s in range(60)]
    lettered = {s.caption_font for s in styles} - {None}
    assert len(lettered) >= 3 and all(f.kind == "latin" for f in lettered)
    assert None in {s.caption_font for s in styles}  # some keep their Chinese font's letters
    style = next(s for s in styles if s.flower_kind == "plant")
    font = designs.latin_fonts()[0]
    plain, lettered_face = (designs.draw_face(replace(style, bonus_caption="english", caption_font=f),
                                              "1f") for f in (None, font))
    rows = np.flatnonzero(np.any(plain != lettered_face, axis=(1, 2)))
    assert len(rows) and rows.min() >= 0.74 * FACE_SIZE[1]  # the name under it; the picture as it was

def test_some_designs_number_their_circles_and_bamboos_with_a_corner_digit():
    styles = [designs.design_style(s) for s in range(60)]
    indexed = [s for s in styles if s.suit_index]
    assert 0.15 * len(styles) <= len(indexed) <= 0.45 * len(styles)
    assert {s.suit_index for s in indexed} == {"tl", "tr"}
    for style in (next(s for s in indexed if s.suit_index == c) for c in ("tl", "tr")):
        plain = replace(style, suit_index=None)
        for code in ("4p", "6s", "1s"):
            ink = designs.draw_face(style, code)[..., 3] > 0
            band = ink[: int(0.1 * FACE_SIZE[1])]  # the top tenth of the face
            third = FACE_SIZE[0] // 3
            corner, far = (band[:, :third], band[:, -third:])[:: 1 if style.suit_index == "tl" else -1]
            assert corner.any() and not far.any(), (style.seed, code)
            assert not np.array_equal(ink, designs.draw_face(plain, code)[..., 3] > 0)
        assert np.array_equal(designs.draw_face(style, "5m"), designs.draw_face(plain, "5m"))


def test_some_designs_draw_their_blank_as_a_lattice_border_with_nothing_inside():
    styles = [designs.design_style(s) for s in range(80)]
    lattices = [s for s in styles if s.blank == "lattice"]
    assert 0.05 * len(styles) <= len(lattices) <= 0.3 * len(styles)
    for style in lattices[:3]:
        ink = designs.draw_face(style, "P")[..., 3] > 0
        rows, cols = np.nonzero(ink)
        face = ink[rows.min(): rows.max() + 1, cols.min(): cols.max() + 1]  # the lattice's extent
        height, width = face.shape
        assert not face[height // 4: 3 * height // 4, width // 4: 3 * width // 4].any()  # blank
        assert face[:, : width // 6].mean() > 0.3 and face[: height // 10].mean() > 0.3  # the band
        assert np.array_equal(designs.draw_face(style, "5p"),  # only the blank changes
                              designs.draw_face(replace(style, blank="frame"), "5p"))


def test_generated_names():
    assert designs.design_names(3) == ["gen-0", "gen-1", "gen-2"]
    assert designs.is_generated("gen-12") and designs.design_seed("gen-12") == 12
    assert not designs.is_generated("smooth") and not designs.is_generated("gen-x")


def test_select_and_exclude_art_sets():
    names = select_art_sets(["gen-0"], designs=3)
    assert names == ("gen-0", "gen-1", "gen-2")
    assert select_art_sets("gen-0,gen-1,gen-2", exclude="gen-1") == ("gen-0", "gen-2")
    assert select_art_sets(["gen-4", "gen-5", "gen-6"], exclude=["gen-4", "gen-6"]) == ("gen-5",)
    left = select_art_sets(designs=2, exclude="gen-0")
    assert "gen-0" not in left and "gen-1" in left
    with pytest.raises(ValueError, match="unknown art set"):
        select_art_sets(["no-such-set"])
    with pytest.raises(ValueError, match="no art set left"):
        select_art_sets(["gen-0"], exclude="gen-*")


def test_excluded_art_set_is_never_drawn():
    from datasets.synth.boxes import layout_scene

    names = select_art_sets(["gen-0", "gen-1", "gen-2"], exclude="gen-1")
    seen = {layout_scene(np.random.default_rng(s), "loose", names).art for s in range(12)}
    assert seen == {"gen-0", "gen-2"}


def test_render_dataset_with_generated_designs(tmp_path):
    from datasets.synth import render_dataset

    render_dataset(tmp_path, 2, seed=5, kind="scenes", art_sets=["gen-0", "gen-1"],
                   exclude_art="gen-1")
    arts = {json.loads(p.read_text())["art"] for p in tmp_path.glob("*.json")}
    assert arts == {"gen-0"}


def test_a_design_missing_its_fonts_is_refused_naming_them_and_left_out_when_counted(
        monkeypatch, tmp_path):
    """On a machine without the named fonts (no font folder but an empty one) no design is
    drawn with whatever else is there: asking for one names its fonts and their packages, and
    designs asked for by number are left out."""
    monkeypatch.setenv("MAHJONG_FONT_DIRS", str(tmp_path))
    missing = designs.missing_design_fonts("gen-12")
    assert missing and set(missing) <= set(designs.CJK_FONTS + designs.LATIN_FONTS)
    with pytest.raises(FontMissing, match="gen-12") as refused:
        designs.design_style(12)
    for font in missing:
        assert font.family in str(refused.value) and font.package in str(refused.value)
    assert "fonts-arphic-ukai" in str(refused.value)  # gen-12 writes its characters in UKai
    with pytest.raises(FileNotFoundError, match="art set 'gen-0' is drawn with"):
        select_art_sets(["gen-0"])
    with pytest.raises(ValueError, match="no art set left.*fonts-"):
        select_art_sets([], designs=3)
    with pytest.raises(FontMissing, match="fonts-symbola"):
        fontfaces.font_faces("uni-symbola")
    assert designs.cjk_fonts() == () and designs.latin_fonts() == ()


def test_a_design_is_drawn_the_same_whatever_other_fonts_are_installed(monkeypatch, tmp_path):
    """Design 13 on a machine with only its own fonts, beside a Chinese font no design names
    (a monospaced Kai here): the same faces as with every design font installed."""
    drawn_here = designs.generated_design(13)
    style = designs.design_style(13)
    for font in dict.fromkeys((style.font, style.honor_font, style.caption_font)):
        if font is not None:
            named = next(f for f in designs.CJK_FONTS + designs.LATIN_FONTS
                         if f.family == font.family and str(find_font(f)) == font.path)
            (tmp_path / named.file).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / named.file).symlink_to(font.path)
    mono = sorted(Path("/usr/share/fonts/truetype/lxgw-wenkai").glob("LXGWWenKaiMono-*.ttf"))
    for path in mono[:1]:
        (tmp_path / path.name).symlink_to(path)
    monkeypatch.setenv("MAHJONG_FONT_DIRS", str(tmp_path))
    assert len(designs.cjk_fonts()) < len(designs.CJK_FONTS)  # the other designs' fonts: gone
    assert designs.design_style(13) != style  # found in the folder given, not the system's
    drawn_apart = designs.generated_design(13)
    assert all(np.array_equal(drawn_here[c], drawn_apart[c]) for c in FACE_CODES)


def test_a_design_drawn_with_its_pictures_swapped_keeps_each_kinds_name_and_number():
    """``gen-N-swapped``: every picture drawn on another kind's face, the caption and the number
    where they were; the rest of the set, and design N itself, as drawn before."""
    seed = next(s for s in range(100) if designs.design_style(s).flower_kind == "plant"
                and designs.design_style(s).season_kind == "plant")
    assert designs.is_swapped(f"gen-{seed}-swapped") and not designs.is_swapped(f"gen-{seed}")
    assert designs.design_seed(f"gen-{seed}-swapped") == seed
    style, swapped = designs.design_style(seed), designs.swapped_style(seed)
    assert style.pictures == tuple(range(8)) and sorted(swapped.pictures) == list(range(8))
    assert all(swapped.pictures[k] != k for k in range(8))
    plain, other = designs.generated_design(seed), designs.generated_design(seed, swapped=True)
    assert [c for c in FACE_CODES if not np.array_equal(plain[c], other[c])] == [f"{k}f" for k in range(1, 9)]
    # the picture design N draws for a kind is the one its swapped twin draws for another kind,
    # under that kind's own name: laid over the same caption, only the picture differs
    moved = designs.draw_face(replace(style, pictures=(swapped.pictures[0],) * 8), "1f")
    assert np.array_equal(moved, other["1f"])
    assert not np.array_equal(moved, plain["1f"])
