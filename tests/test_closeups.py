"""The close-up training photos of the faces detector: one box a whole tile, in frame, in
training designs only, circles and bamboos the more often, and the same under the same seed."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from datasets.synth.art import available_art_sets
from datasets.synth.closeups import (
    SAVE_SIDE,
    close_up,
    draw_codes,
    training_designs,
    write_set,
    yolo_text,
)
from datasets.synth.table import HELD_OUT_ART

pytestmark = pytest.mark.skipif(not available_art_sets(), reason="no tile art on this machine")


def _designs() -> tuple[str, ...]:
    return training_designs(designs=4)


def test_training_designs_leave_out_every_design_kept_for_measuring() -> None:
    names = training_designs(designs=20)
    assert names and not set(names) & set(HELD_OUT_ART)
    assert "gen-3" in names and "gen-12" not in names and "gen-15" not in names


@pytest.mark.parametrize("name", ["kmj-jade", "gen-13", "gen-507"])
def test_held_out_designs_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="held out"):
        close_up(np.random.default_rng(0), ["smooth", name])


def test_each_tile_is_one_box_in_frame_spanning_most_of_it() -> None:
    counts, spans = Counter(), []
    for i in range(8):
        photo = close_up(np.random.default_rng([4, i]), _designs())
        h, w = photo.image.shape[:2]
        assert max(h, w) == SAVE_SIDE and photo.art in _designs()
        b = photo.boxes
        assert len(b) == len(photo.codes) in (1, 2, 3)
        assert (b[:, :2] >= 0).all() and (b[:, 2] <= w).all() and (b[:, 3] <= h).all()
        assert (b[:, 2] > b[:, 0]).all() and (b[:, 3] > b[:, 1]).all()
        span = max((b[:, 2].max() - b[:, 0].min()) / w, (b[:, 3].max() - b[:, 1].min()) / h)
        spans.append(span)
        counts[len(b)] += 1
        lines = yolo_text(photo).splitlines()
        assert len(lines) == len(b) and all(line.startswith("0 ") for line in lines)
        values = np.array([line.split()[1:] for line in lines], float)
        assert ((values > 0) & (values <= 1)).all()
    assert min(spans) > 0.25 and max(spans) > 0.75, spans


def test_touching_tiles_are_boxed_apart() -> None:
    for i in range(40):
        photo = close_up(np.random.default_rng([6, i]), _designs(), photographed_share=0.0)
        if len(photo.boxes) > 1:
            break
    else:
        pytest.fail("no photo of touching tiles in 40 draws")
    b = photo.boxes
    x1, y1 = np.maximum(b[0, :2], b[1, :2])
    x2, y2 = np.minimum(b[0, 2:], b[1, 2:])
    overlap = max(0.0, x2 - x1) * max(0.0, y2 - y1)
    assert overlap < 0.5 * min(np.prod(b[:2, 2:] - b[:2, :2], axis=1)), "two tiles boxed as one"


def test_circles_and_bamboos_are_drawn_most() -> None:
    codes = draw_codes(np.random.default_rng(1), ["1p", "5p", "3s", "9s", "1m", "E", "C", "2f"], 2000)
    suits = Counter(c[-1] if c in ("1p", "5p", "3s", "9s") else "other" for c in codes)
    assert suits["p"] > suits["other"] and suits["s"] > suits["other"]
    without_suits = draw_codes(np.random.default_rng(2), ["E", "C"], 20)
    assert len(without_suits) == 20 and set(without_suits) == {"E", "C"}
    with pytest.raises(ValueError, match="no tile faces"):
        draw_codes(np.random.default_rng(2), [], 1)


def test_the_same_seed_renders_the_same_photo() -> None:
    first = close_up(np.random.default_rng([9, 1]), _designs())
    again = close_up(np.random.default_rng([9, 1]), _designs())
    other = close_up(np.random.default_rng([9, 2]), _designs())
    assert np.array_equal(first.image, again.image) and np.array_equal(first.boxes, again.boxes)
    assert first.codes == again.codes and first.art == again.art
    assert first.image.shape != other.image.shape or not np.array_equal(first.image, other.image)


def test_the_set_lists_its_photos_and_the_real_share(tmp_path) -> None:
    real = tmp_path / "real"
    for split in ("train", "val"):
        (real / "images" / split).mkdir(parents=True)
    for k in range(5):
        (real / "images" / "train" / f"{k}.jpg").write_bytes(b"")
    counts = write_set(tmp_path / "out", 3, 2, 4, real, real_share=2)
    assert counts["photos"] == 3 and counts["tiles"] >= 3
    listed = (tmp_path / "out" / "train.txt").read_text().split()
    assert len(listed) == 5 and sum("closeup_" in p for p in listed) == 3
    assert len(list((tmp_path / "out" / "labels").glob("*.txt"))) == 3
    yaml = (tmp_path / "out" / "data.yaml").read_text()
    assert "train.txt" in yaml and str((real / "images" / "val").resolve()) in yaml
    with pytest.raises(FileNotFoundError, match="no training images"):
        write_set(tmp_path / "again", 1, 2, 4, real, 1, [(tmp_path / "empty", 3)])
