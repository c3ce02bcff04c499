"""The detector's whole-table training windows: cut as the recognizer cuts them, labelled with
the tiles they hold, in training designs only, and the same under the same seed."""

from __future__ import annotations

import numpy as np
import pytest

from datasets.synth.art import available_art_sets
from datasets.synth.table import HELD_OUT_ART
from datasets.synth.table_windows import (
    DETECT_SIZE,
    _cut,
    table_windows,
    training_designs,
    write_set,
)

pytestmark = pytest.mark.skipif(not available_art_sets(), reason="no tile art on this machine")


def _designs() -> tuple[str, ...]:
    return training_designs(designs=4)


def test_training_designs_leave_out_every_held_out_design() -> None:
    names = training_designs(designs=20)
    assert names and not set(names) & set(HELD_OUT_ART)
    assert "gen-3" in names and "gen-12" not in names and "gen-15" not in names


def test_windows_hold_their_boxes_and_come_from_training_designs_only() -> None:
    seen = 0
    for i in range(3):
        for window in table_windows(np.random.default_rng([5, i]), _designs(), per_scene=3):
            h, w = window.image.shape[:2]
            assert max(h, w) == DETECT_SIZE
            assert window.art in _designs() and window.art not in HELD_OUT_ART
            b = window.boxes
            assert len(b) == len(window.classes) and set(window.classes.tolist()) <= {0, 1}
            assert (b[:, 0] >= 0).all() and (b[:, 1] >= 0).all()
            assert (b[:, 2] <= w).all() and (b[:, 3] <= h).all()
            assert (b[:, 2] > b[:, 0]).all() and (b[:, 3] > b[:, 1]).all()
            seen += len(b)
    assert seen > 30, "the windows hold almost no tiles"


def test_the_same_seed_cuts_the_same_windows() -> None:
    first = table_windows(np.random.default_rng([9, 1]), _designs(), per_scene=2)
    again = table_windows(np.random.default_rng([9, 1]), _designs(), per_scene=2)
    other = table_windows(np.random.default_rng([9, 2]), _designs(), per_scene=2)
    assert len(first) == len(again) > 0
    for a, b in zip(first, again, strict=True):
        assert np.array_equal(a.image, b.image) and np.array_equal(a.boxes, b.boxes)
        assert a.turned == b.turned and a.art == b.art
    assert not all(np.array_equal(a.image, b.image) for a, b in zip(first, other, strict=False))


def test_windows_drawn_about_a_larger_far_tile_show_larger_tiles() -> None:
    """``far_px`` is the far tiles' size at the detector's input the windows are cut about (the
    whole-table look's ``vision.find.TABLE_TILE``): the same scenes at 30 px hold larger tiles
    than at 20."""
    def sides(far_px: float) -> float:
        got = [np.minimum(w.boxes[:, 2] - w.boxes[:, 0], w.boxes[:, 3] - w.boxes[:, 1])
               for i in range(3) for w in table_windows(np.random.default_rng([7, i]), _designs(),
                                                        per_scene=3, far_px=far_px)]
        return float(np.median(np.concatenate(got)))

    assert sides(30.0) > 1.2 * sides(20.0)


def test_held_out_designs_are_refused() -> None:
    with pytest.raises(ValueError, match="held out"):
        table_windows(np.random.default_rng(0), ["smooth", "kmj-jade"])


def test_a_turned_window_labels_the_tile_where_it_lies_after_the_turn() -> None:
    image = np.zeros((200, 300, 3), np.uint8)
    image[40:60, 210:240] = 255  # a bright "tile" at x 210-240, y 40-60
    boxes = np.array([[210.0, 40.0, 240.0, 60.0], [0.0, 0.0, 5.0, 190.0]])
    for turned in (False, True):
        out, cut, cls = _cut(image, boxes, np.array([0, 1]), (100, 0, 300, 200), turned)
        assert out.shape[:2] == (DETECT_SIZE, DETECT_SIZE)
        assert cls.tolist() == [0], "the box outside the window was kept"
        ys, xs = np.nonzero(out[..., 0] > 127)
        found = [xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]
        assert np.allclose(cut[0], found, atol=2.5), (turned, cut[0], found)


def test_a_tile_mostly_outside_the_window_is_not_labelled() -> None:
    image = np.zeros((100, 100, 3), np.uint8)
    boxes = np.array([[40.0, 10.0, 60.0, 30.0], [50.0, 50.0, 70.0, 70.0]])
    _, _, cls = _cut(image, boxes, np.array([0, 1]), (0, 0, 55, 100), False)
    assert cls.tolist() == [0]  # three quarters inside: kept; a quarter: left out


def test_the_set_lists_its_windows_and_the_real_photos(tmp_path) -> None:
    real = tmp_path / "real"
    (real / "images" / "train").mkdir(parents=True)
    (real / "images" / "val").mkdir(parents=True)
    for k in range(5):
        (real / "images" / "train" / f"p{k}.jpg").write_bytes(b"x")
    counts = write_set(tmp_path / "set", 2, 3, 4, 2, real, 3)
    listed = (tmp_path / "set" / "train.txt").read_text().split()
    assert counts["real_photos"] == 3 and len(listed) == counts["windows"] + 3
    assert sum(str(real) in line for line in listed) == 3
    labels = sorted((tmp_path / "set" / "labels").glob("*.txt"))
    assert len(labels) == counts["windows"] > 0
    for path in labels:
        for line in path.read_text().splitlines():
            cls, *box = line.split()
            assert cls in ("0", "1") and all(0.0 <= float(v) <= 1.0 for v in box)
    yaml = (tmp_path / "set" / "data.yaml").read_text()
    assert "train.txt" in yaml and str(real / "images" / "val") in yaml
    assert counts["tiles"] + counts["backs"] == sum(
        len(p.read_text().splitlines()) for p in labels)


def test_workers_render_the_same_set(tmp_path) -> None:
    """Scenes rendered in two processes make the windows one process makes, file for file:
    each scene draws from its own seed, so a set is reproduced whatever the machine."""
    one = write_set(tmp_path / "one", 2, 3, 4, 2, None, 0)
    two = write_set(tmp_path / "two", 2, 3, 4, 2, None, 0, workers=2)
    assert one == two and one["windows"] > 0
    for name in ("labels", "images"):
        first = sorted((tmp_path / "one" / name).iterdir())
        assert [p.name for p in first] == sorted(p.name for p in (tmp_path / "two" / name).iterdir())
        assert all(p.read_bytes() == (tmp_path / "two" / name / p.name).read_bytes() for p in first)
