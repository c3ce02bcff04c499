"""Fast checks of the synthetic scene renderer (datasets.synth)."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np
import pytest

from datasets.synth import hand as hand_mod
from datasets.synth.art import available_art_sets
from datasets.synth.layout import LAYOUTS

pytestmark = pytest.mark.skipif(not available_art_sets(), reason="no tile art on this machine")


@pytest.fixture(scope="module")
def scenes():
    """One scene of every layout, rendered once for the module."""
    from datasets.synth import render_scene

    return {name: render_scene(np.random.default_rng(100 + i), name)
            for i, name in enumerate(LAYOUTS)}


def test_every_layout_renders_labelled_tiles(scenes):
    for name, s in scenes.items():
        h, w = s.image.shape[:2]
        assert s.image.dtype == np.uint8 and s.image.ndim == 3
        assert 480 <= max(h, w) <= 1280
        assert s.layout == name
        assert any(t.labelled for t in s.tiles), name


def test_labels_inside_image(scenes):
    for s in scenes.values():
        h, w = s.image.shape[:2]
        for t in s.tiles:
            if not t.labelled:
                continue
            x1, y1, x2, y2 = t.box
            assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h
            assert 0 < t.visible <= 1.0
            assert len(t.quad) == 4


def _check_hand_matches_tiles(s):
    gt = s.hand
    h = hand_mod.hand_from_json(gt)
    assert hand_mod.is_legal(h)
    by_group: dict[str, list] = {}
    for t in s.tiles:
        by_group.setdefault(t.group, []).append(t)
    assert [t.code for t in by_group.get("concealed", [])] == gt["concealed"]
    assert [t.code for t in by_group.get("bonus", [])] == gt["flowers"]
    win = by_group.get("win", [])
    assert [t.code for t in win] == ([gt["win_tile"]] if gt["win_tile"] else [])
    for i, m in enumerate(gt["melds"]):
        tiles = by_group[f"meld{i}"]
        assert len(tiles) == len(m["tiles"])
        sideways = [k for k, t in enumerate(tiles) if t.sideways]
        assert sideways == ([m["claimed_index"]] if m["claimed_index"] is not None else [])
        for t, code in zip(tiles, m["tiles"], strict=True):
            assert t.code in (code, "back")
            assert t.code == code or m["concealed"]


def test_hand_ground_truth_is_legal_and_drawn():
    from datasets.synth import render_scene

    for seed in range(3):
        for layout in ("hand", "flat"):
            s = render_scene(np.random.default_rng(seed), layout)
            _check_hand_matches_tiles(s)
            assert isinstance(s.meta["hand_in_view"], bool)


def test_random_hands_are_legal():
    for seed in range(300):
        h = hand_mod.random_hand(np.random.default_rng(seed), hand_mod.TilePool())
        assert hand_mod.is_legal(h), h
        counts = Counter(h.all_tiles())
        assert max(counts.values()) <= 4


def test_scenes_made_to_find_backs_in_hold_a_concealed_kong_and_a_discard_face_down():
    """``backs``: the scenes that measure how face-down tiles are found."""
    from datasets.synth import render_scene

    for seed in range(20):
        h = hand_mod.random_hand(np.random.default_rng(seed), hand_mod.TilePool(), concealed_kong=True)
        assert hand_mod.is_legal(h), h
        assert h.melds[0].type == "kong" and h.melds[0].concealed
    s = render_scene(np.random.default_rng(1), "flat", backs=True)
    _check_hand_matches_tiles(s)
    kong = [t.code for t in s.tiles if t.group == "meld0"]
    assert len(kong) == 4 and "back" in kong
    for seed in range(3):
        pond = render_scene(np.random.default_rng(seed), "discards", backs=True)
        assert [t.pose for t in pond.tiles].count("down") >= 1
        plain = render_scene(np.random.default_rng(seed), "discards")
        assert "down" not in [t.pose for t in plain.tiles]


def test_illegal_hands_are_rejected():
    bad_chow = hand_mod.Hand(["1m"] * 10, [hand_mod.Meld("chow", ["1m", "2m", "4m"])])
    assert not hand_mod.is_legal(bad_chow)
    fifth = hand_mod.Hand(["1m"] * 5 + ["2m"] * 8)
    assert not hand_mod.is_legal(fifth)
    short = hand_mod.Hand(["1m", "2m"])
    assert not hand_mod.is_legal(short)


def test_scene_tile_counts_respect_the_set(scenes):
    for s in scenes.values():
        counts = Counter(t.code for t in s.tiles if t.code != "back")
        assert all(n <= 4 for n in counts.values())


def test_same_seed_same_image():
    from datasets.synth import render_scene

    a = render_scene(np.random.default_rng(7))
    b = render_scene(np.random.default_rng(7))
    assert np.array_equal(a.image, b.image)
    assert a.to_json() == b.to_json()


def test_render_dataset_detect_and_classify(tmp_path):
    from datasets.synth import render_dataset

    render_dataset(tmp_path / "det", 2, seed=3, kind="detect")
    labels = sorted((tmp_path / "det" / "labels").glob("*.txt"))
    assert len(labels) == 2
    for f in labels:
        for line in f.read_text().split("\n"):
            if line:
                cls, *xywh = line.split()
                assert cls in ("0", "1")
                assert all(0 <= float(v) <= 1 for v in xywh)
    render_dataset(tmp_path / "cls", 2, seed=3, kind="classify")
    assert len(list((tmp_path / "cls").glob("*/*.jpg"))) > 0
    render_dataset(tmp_path / "sc", 1, seed=3, kind="scenes")
    assert (tmp_path / "sc" / "000000.json").exists()


def test_a_dataset_can_hold_scenes_made_to_find_backs_in(tmp_path):
    """``backs=1``: every scene a hand with a concealed kong or a discard pond with a tile face
    down; ``backs=0`` renders as before, seed for seed."""
    import json

    from datasets.synth import render_dataset

    render_dataset(tmp_path / "plain", 3, seed=4, kind="scenes", art_sets=["smooth"])
    render_dataset(tmp_path / "again", 3, seed=4, kind="scenes", art_sets=["smooth"], backs=0.0)
    render_dataset(tmp_path / "backs", 3, seed=4, kind="scenes", art_sets=["smooth"], backs=1.0)
    for i in range(3):
        plain, again, backs = (json.loads((tmp_path / d / f"{i:06d}.json").read_text())
                               for d in ("plain", "again", "backs"))
        assert plain == again
        if plain["layout"] in ("hand", "flat"):
            assert backs["hand"]["melds"][0]["concealed"]


def test_coloured_faces_are_dark_with_pale_glyphs_or_tinted_and_never_the_backs_colour():
    """``coloured``: a set a detector trained on ivory faces alone would not find (jade green,
    black, red faces with pale glyphs; tinted faces); without it a style is drawn as before."""
    from datasets.synth.art import load_art_set
    from datasets.synth.body import _face_texture, random_style

    art = load_art_set("smooth")
    dark = tinted = 0
    for seed in range(30):
        plain = random_style(np.random.default_rng(seed), art)
        again = random_style(np.random.default_rng(seed), art, coloured=False)
        assert np.array_equal(plain.face_color, again.face_color) and not plain.light_ink
        assert plain.face_color.mean() > 180  # ivory
        style = random_style(np.random.default_rng(seed), art, coloured=True)
        assert np.abs(style.back_color - style.face_color).sum() > 100  # 150 before noise
        if style.light_ink:
            dark += 1
            assert style.face_color.mean() < 100
            face = _face_texture(style, "E", 0)
            inked = art.faces["E"][..., 3] > 200
            glyph = cv2.resize(inked.astype(np.uint8), (int(face.shape[1] * 0.9),
                                                        int(face.shape[0] * 0.9))) > 0
            y0 = (face.shape[0] - glyph.shape[0]) // 2
            x0 = (face.shape[1] - glyph.shape[1]) // 2
            region = face[y0:y0 + glyph.shape[0], x0:x0 + glyph.shape[1], :3].mean(axis=2)
            assert region[glyph].mean() > region[~glyph].mean() + 60  # pale glyph, dark face
        else:
            tinted += 1
            assert 100 < style.face_color.mean() < 215
    assert dark and tinted


def test_a_dataset_can_hold_a_players_photos_of_his_set_one_tile_as_one_box(tmp_path):
    """``photos=1``: every image a player's photo (one tile close up, or rows of tiles); a
    one-tile photo is labelled as exactly one tile, found large in the frame."""
    import json

    from datasets.synth import render_dataset

    render_dataset(tmp_path / "ph", 6, seed=5, kind="scenes", art_sets=["smooth"], photos=1.0,
                   coloured=0.5)
    layouts = []
    for i in range(6):
        scene = json.loads((tmp_path / "ph" / f"{i:06d}.json").read_text())
        layouts.append(scene["layout"])
        labelled = [t for t in scene["tiles"] if t["labelled"]]
        if scene["layout"] == "single":
            assert len(labelled) == 1
            x1, y1, x2, y2 = labelled[0]["box"]
            assert (x2 - x1) * (y2 - y1) > 0.03 * scene["width"] * scene["height"]
        else:
            assert scene["layout"] == "rows" and len(labelled) >= 9
    assert "single" in layouts


def test_a_dataset_can_hold_photos_of_a_sets_flowers_and_seasons(tmp_path):
    """``bonus=1``: every image a player's photo of his flowers and seasons, one close up or all
    eight in rows among a few other kinds, so a classifier sees them as often as the rest."""
    import json

    from datasets.synth import render_dataset
    from vision.classes import BONUS_CODES as BONUS

    render_dataset(tmp_path / "bonus", 6, seed=3, kind="scenes", art_sets=["smooth"], bonus=1.0)
    layouts = []
    for i in range(6):
        scene = json.loads((tmp_path / "bonus" / f"{i:06d}.json").read_text())
        layouts.append(scene["layout"])
        codes = [t["code"] for t in scene["tiles"]]
        if scene["layout"] == "single":
            assert len(codes) == 1 and codes[0] in BONUS
        else:
            assert scene["layout"] == "rows" and set(BONUS) <= set(codes) and len(codes) <= 14
    assert set(layouts) == {"single", "rows"}


def test_the_photos_of_a_players_set_show_one_set() -> None:
    """``player_set``: a player's layout photo and his close-ups are of one set (the face colour
    and ink the same in every photo; another seed or design, another set), so learning a set
    from its layout photo is measured on the tiles it was learnt from."""
    from datasets.synth.photos import player_set, rows_photo, single_tile_photo

    def face_colour(scene) -> np.ndarray:  # type: ignore[no-untyped-def]
        """Median BGR of the middle of the largest tile's box (the face; lit, so roughly)."""
        tile = max(scene.tiles, key=lambda t: (t.box[2] - t.box[0]) * (t.box[3] - t.box[1]))
        x1, y1, x2, y2 = tile.box
        w, h = x2 - x1, y2 - y1
        patch = scene.image[int(y1 + 0.15 * h):int(y2 - 0.15 * h), int(x1 + 0.15 * w):int(x2 - 0.15 * w)]
        return np.median(patch.reshape(-1, 3), axis=0)

    styles = {seed: player_set("gen-12", True, seed) for seed in range(8)}
    assert len({tuple(s.face_color.round()) for s in styles.values()}) > 1  # seeds give other sets
    assert player_set("gen-12", True, 3).face_color.tolist() == styles[3].face_color.tolist()
    assert player_set("gen-13", True, 3).face_color.tolist() != styles[3].face_color.tolist()
    style = styles[0]
    assert style.art.name == "gen-12"
    rows = rows_photo(np.random.default_rng(1), "gen-12", ["1m", "E", "5p"], style=style)
    close = single_tile_photo(np.random.default_rng(2), "gen-12", "E", True, style=style)
    assert np.abs(face_colour(rows) - face_colour(close)).max() < 60
    assert rows.meta["tile_mm"] == close.meta["tile_mm"]  # one body size
    with pytest.raises(ValueError, match="gen-12"):
        single_tile_photo(np.random.default_rng(2), "gen-13", "E", True, style=style)
