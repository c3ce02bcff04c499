"""The photograph-like changes of rendered images (``datasets.augment``): each changes the pixels
the way its name says, stays within its bounds, and draws the same under the same seed."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from datasets import augment


def _face(height: int = 120, width: int = 90) -> np.ndarray:
    """An ivory tile face with dark strokes and a red dot: ink on a pale ground."""
    image = np.full((height, width, 3), (200, 225, 235), np.uint8)
    for x in range(15, width - 15, 20):
        cv2.line(image, (x, 15), (x, height - 15), (40, 90, 30), 3)
    cv2.circle(image, (width // 2, height // 2), 10, (40, 40, 200), -1)
    return image


def _sharpness(image: np.ndarray) -> float:
    return float(cv2.Laplacian(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var())


def test_defocus_softens_strokes_more_the_wider_the_disc() -> None:
    face = _face()
    small, large = augment.defocus(face, 1.0), augment.defocus(face, 3.0)
    assert _sharpness(face) > _sharpness(small) > _sharpness(large)
    assert abs(float(large.mean()) - float(face.mean())) < 2  # light spread, not lost
    assert np.array_equal(augment.defocus(face, 0.0), face)


def test_jpeg_loses_more_at_lower_quality() -> None:
    face = augment.sensor_noise(_face(), 6, seed=1)  # detail JPEG must throw away
    error = {q: np.abs(augment.jpeg(face, q).astype(int) - face).mean() for q in (30, 60, 95)}
    assert error[30] > error[60] > error[95] > 0
    assert augment.jpeg(face, 30).shape == face.shape


def test_white_balance_scales_each_channel_by_its_gain() -> None:
    face = _face()
    out = augment.white_balance(face, (1.2, 1.0, 0.8))
    ratio = out.reshape(-1, 3).mean(axis=0) / face.reshape(-1, 3).mean(axis=0)
    assert ratio[0] > 1.08 and abs(ratio[1] - 1) < 0.01 and ratio[2] < 0.82  # B up (clipped at 255), R down
    assert (out[..., 1] == face[..., 1]).all()


def test_glare_brightens_its_spot_and_darkens_nothing() -> None:
    face = _face() // 2  # dim enough that the highlight does not clip at white
    out = augment.glare(face, (0.25, 0.25), 0.1, 120)
    gain = out.astype(int) - face
    assert (gain >= 0).all()
    assert gain[30, 22].min() > 100 and gain[-5, -5].max() <= 2
    assert (augment.glare(_face(), (0.25, 0.25), 0.1, 120)[30, 22] == 255).all()  # washed out white


def test_soft_shadow_darkens_one_side_by_its_depth() -> None:
    face = np.full((100, 100, 3), 200, np.uint8)
    out = augment.soft_shadow(face, angle=0.0, offset=0.0, depth=0.5, softness=0.02)  # right half
    assert abs(int(out[50, 95, 0]) - 100) <= 3  # deep in the shadow: half the light
    assert int(out[50, 5, 0]) >= 197  # the lit side as it was


def test_perspective_moves_a_mark_where_map_boxes_says() -> None:
    image = np.zeros((200, 160, 3), np.uint8)
    image[60:70, 100:110] = 255
    shifts = np.array([[0.1, 0.05], [-0.05, 0.1], [-0.1, -0.05], [0.05, -0.1]])
    out, matrix = augment.perspective(image, shifts)
    (box,) = augment.map_boxes(np.array([[100, 60, 110, 70]]), matrix, 160, 200)
    ys, xs = np.nonzero(out[..., 0] > 127)
    assert abs(xs.mean() - (box[0] + box[2]) / 2) < 2 and abs(ys.mean() - (box[1] + box[3]) / 2) < 2
    still, identity = augment.perspective(image, np.zeros((4, 2)))
    assert np.allclose(identity, np.eye(3)) and np.array_equal(still, image)
    with pytest.raises(ValueError, match="corner shifts"):
        augment.perspective(image, np.full((4, 2), 0.5))


def test_print_wear_fades_the_ink_and_leaves_the_face() -> None:
    face = _face()
    ink = face[..., 1] < 120
    ground = (face == face[5, 5]).all(axis=2)
    worn = augment.print_wear(face, 0.7, seed=3, stroke_px=6, blotch_px=20)
    assert worn[ink].astype(int).sum() > face[ink].astype(int).sum()  # paler ink
    assert np.abs(worn[ground].astype(int) - face[ground]).max() <= 1
    assert np.array_equal(augment.print_wear(face, 0.0, seed=3), face)
    assert np.array_equal(worn, augment.print_wear(face, 0.7, seed=3, stroke_px=6, blotch_px=20))


def test_sensor_noise_has_its_sigma_and_its_seed() -> None:
    grey = np.full((200, 200, 3), 128, np.uint8)
    noisy = augment.sensor_noise(grey, 5.0, seed=7)
    assert 4.5 < float(noisy.astype(float).std()) < 5.5
    assert np.array_equal(noisy, augment.sensor_noise(grey, 5.0, seed=7))
    assert not np.array_equal(noisy, augment.sensor_noise(grey, 5.0, seed=8))


def test_photograph_is_seeded_and_bounded() -> None:
    face = _face()
    one = [augment.photograph(np.random.default_rng(s), face) for s in range(12)]
    again = [augment.photograph(np.random.default_rng(s), face) for s in range(12)]
    for (a, ma), (b, mb) in zip(one, again, strict=True):
        assert np.array_equal(a, b) and np.array_equal(ma, mb)
        assert a.shape == face.shape and a.dtype == np.uint8
    assert len({a.tobytes() for a, _ in one}) == 12
    # within the bounds: a shadow takes at most 0.6 of the light, the exposure 0.1, a cast 0.2
    # of a channel, and glare adds light; the ink strokes still show (a blur at most 3 px)
    for a, _ in one:
        assert 0.3 * face.mean() < a.mean() < 1.3 * face.mean()
        assert _sharpness(a) > 0.05 * _sharpness(face)


def test_photograph_at_no_strength_keeps_the_picture() -> None:
    face = _face()
    for seed in range(6):
        out, matrix = augment.photograph(np.random.default_rng(seed), face, strength=0.0)
        assert np.allclose(matrix, np.eye(3))
        # only the exposure (±10 %) and a JPEG at quality 95 are left
        assert np.abs(out.astype(float) - face).mean() < 0.12 * face.mean()


@pytest.mark.parametrize("call, message", [
    (lambda f: augment.jpeg(f, 0), "JPEG quality"),
    (lambda f: augment.white_balance(f, (1.0, 1.0)), "three gains"),
    (lambda f: augment.white_balance(f, (3.0, 1.0, 1.0)), "white-balance gain"),
    (lambda f: augment.defocus(f, -1), "defocus radius"),
    (lambda f: augment.glare(f, (0.5, 0.5), 0.1, 400), "glare gain"),
    (lambda f: augment.soft_shadow(f, 0, 0, 1.5, 0.1), "shadow depth"),
    (lambda f: augment.print_wear(f, 2.0, seed=0), "wear fade"),
    (lambda f: augment.sensor_noise(f, -2, seed=0), "noise sigma"),
    (lambda f: augment.photograph(np.random.default_rng(0), f, strength=2), "strength"),
    (lambda f: augment.jpeg(f.astype(np.float32), 50), "BGR uint8"),
])
def test_bad_settings_are_refused_by_name(call, message) -> None:
    with pytest.raises(ValueError, match=message):
        call(_face())


def test_photographed_copies_are_seeded_and_bounded() -> None:
    """The evaluators' ``--photographed N``: the same seed gives the same copies, 0 the photo as
    it is, and more than ``MAX_COPIES`` is refused before any work."""
    from datasets.augment import MAX_COPIES, photographed_copies

    image = np.full((64, 48, 3), 200, np.uint8)
    image[20:40, 10:30] = 30
    first, again = photographed_copies(image, 2, [7]), photographed_copies(image, 2, [7])
    assert len(first) == 2 and all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert photographed_copies(image, 0, [7])[0] is image
    with pytest.raises(ValueError, match="copies"):
        photographed_copies(image, MAX_COPIES + 1, [7])
