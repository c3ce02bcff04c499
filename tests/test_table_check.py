"""The check stage on a whole table: a face the detector took for a back (a red face among
backs of another colour) is read as its face, the table's real backs stay backs, and a box
lying over two tiles of a river is no tile of its own, nor is a patch of a checked cloth named
白板 or a back: the river reads as it lies."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest
from test_table_reader import table

from vision import check
from vision.check import face_not_back, named_tiles, unlike_backs
from vision.classes import NOT_A_TILE
from vision.find import Thresholds
from vision.name import Named
from vision.table_reader import read_table

GREEN_BACK = (60, 150, 20)  # BGR
IVORY = (215, 230, 235)
RED = (30, 30, 170)
#: what the classifier names a plain back (it has no class for backs, and names one a face surely)
BACK_NAMED = ("9p", 0.95)


class Namer:
    """A classifier that names each face box its true tile (``names``: box -> (code, p)) and a
    back as ``BACK_NAMED``; it records which boxes it was asked about."""

    def __init__(self, names: dict[tuple[float, ...], tuple[str, float]]) -> None:
        self.names = names
        self.asked: list[tuple[float, ...]] = []

    def name(self, image: np.ndarray, boxes: np.ndarray, *args: Any, **kwargs: Any
             ) -> tuple[list[str], np.ndarray]:
        keys = [tuple(round(float(v), 1) for v in box) for box in boxes]
        self.asked += keys
        said = [self.names.get(key, BACK_NAMED) for key in keys]
        return [code for code, _ in said], np.array([p for _, p in said])


def _photo(tiles: list[dict[str, Any]], red: int) -> np.ndarray:
    """The table's tiles painted: backs green, faces ivory with a dark stroke, tile ``red`` a red
    face with a white stroke (kmj-jade's)."""
    image = np.full((800, 800, 3), (120, 110, 100), np.uint8)
    for k, t in enumerate(tiles):
        x1, y1, x2, y2 = (int(round(v)) for v in t["box"])
        back = t["tile"] == "back"
        colour, ink = (RED, (240, 240, 240)) if k == red else (GREEN_BACK, None) if back else (
            IVORY, (30, 30, 30))
        cv2.rectangle(image, (x1, y1), (x2 - 1, y2 - 1), colour, -1)
        if ink is not None:
            cv2.line(image, (x1 + 8, (y1 + y2) // 2), (x2 - 8, (y1 + y2) // 2), ink, 3)
    return image


def _reader(monkeypatch: pytest.MonkeyPatch, found: tuple[np.ndarray, np.ndarray, np.ndarray],
            namer: Namer) -> Any:
    """A recognizer whose detector finds ``found`` (boxes, scores, classes) and whose classifier
    is ``namer``."""
    import vision.recognizer as recognizer

    reader = recognizer.Recognizer.__new__(recognizer.Recognizer)
    reader.classifier, reader.thresholds = namer, Thresholds()
    reader.det_names, reader.two_stage = ["tile", "back"], True
    monkeypatch.setattr(reader, "find", lambda image, faces_first=False, whole_table=False: found)
    return reader


def _self_river_red(monkeypatch: pytest.MonkeyPatch, named_at: float, said: str = "4m"
                    ) -> tuple[list[dict[str, Any]], dict[str, Any], Namer, int]:
    """The table of ``test_table_reader.table`` photographed, its ``self`` river's fourth tile
    (4m) a red face the detector found as a back, which the classifier names ``said`` at
    ``named_at``: what ``detect`` reports and what the reader makes of it."""
    tiles, places = table()
    red = next(k for k, place in enumerate(places) if place == ("self", "river", 3))
    assert tiles[red]["tile"] == "4m"
    boxes = np.array([t["box"] for t in tiles], float)
    classes = np.array([1 if t["tile"] == "back" or k == red else 0 for k, t in enumerate(tiles)])
    names = {tuple(round(float(v), 1) for v in t["box"]): (t["tile"], 0.95) for t in tiles
             if t["tile"] != "back"}
    names[tuple(round(float(v), 1) for v in tiles[red]["box"])] = (said, named_at)
    namer = Namer(names)
    reader = _reader(monkeypatch, (boxes, np.full(len(boxes), 0.8), classes), namer)
    found = reader.detect(_photo(tiles, red), whole_table=True)
    return found, read_table(found).to_json(), namer, sum(t["tile"] == "back" for t in tiles)


def test_a_red_face_in_a_river_found_as_a_back_is_read_as_that_tile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A red face among green backs, found face down, is read by the classifier and is the tile
    it names: the player's river lists it in its place; the walls' and hands' backs, which the
    classifier would name a face as surely, are not read at all and stay backs."""
    found, answer, namer, backs = _self_river_red(monkeypatch, 0.8)
    assert answer["seats"]["self"]["river"] == "1m 2m 3m 4m 5m 6m 7m 8m".split()
    assert sum(t["tile"] == "back" for t in found) == backs
    assert not any(code == BACK_NAMED[0] for code in (t["tile"] for t in found))
    assert answer["seats"]["right"]["hidden"] == 13 and answer["seats"]["self"]["wall"] == 10
    red = [key for key in namer.asked if namer.names.get(key, ("",))[0] == "4m"]
    assert len(red) == 1  # the red face, and of the backs none, was read as a face-down box


def test_a_back_unlike_the_others_stays_a_back_unless_named_a_face(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The red box is a face only where the classifier names one there with at least
    ``FACE_NOT_BACK``: named no tile, or a face below it, it stays a back (a back of another
    colour than the wall's: a player's own set's back, a box on the cloth)."""
    for said, p in ((NOT_A_TILE, 0.9), ("4m", check.FACE_NOT_BACK / 2)):
        found, answer, _, backs = _self_river_red(monkeypatch, p, said)
        assert sum(t["tile"] == "back" for t in found) == backs + 1, said
        assert "4m" not in answer["seats"]["self"]["river"]
    assert face_not_back("4m", check.FACE_NOT_BACK) and not face_not_back(NOT_A_TILE, 0.99)


def test_backs_of_one_colour_are_alike_and_too_few_say_nothing() -> None:
    """Only a box found face down far from the photo's backs' median colour is unlike them; with
    fewer than ``FEW_TILES`` backs to compare (a close-up, a hand) none is."""
    tiles, _ = table()
    image = _photo(tiles, red=-1)
    boxes = np.array([t["box"] for t in tiles], float)
    backs = np.array([t["tile"] == "back" for t in tiles])
    assert not unlike_backs(image, boxes, backs).any()
    first = int(np.flatnonzero(backs)[0])
    x1, y1, x2, y2 = (int(v) for v in boxes[first])
    image[y1:y2, x1:x2] = RED
    assert np.flatnonzero(unlike_backs(image, boxes, backs)).tolist() == [first]
    few = backs & (np.cumsum(backs) <= 4)
    assert not unlike_backs(image, boxes, few).any()


def test_a_box_over_two_river_tiles_is_no_tile_of_a_whole_table() -> None:
    """A box lying half on one river tile and half on the next, named less surely than both, is
    the seam between them: the river reads each tile once, in order; in a close-up (fewer than
    ``vision.windows.WHOLE_TABLE`` tiles) boxes are kept as they were."""
    tiles, _ = table()
    image = _photo(tiles, red=-1)
    first, second = (next(t for t in tiles if t["tile"] == code) for code in ("2m", "3m"))
    seam = [(a + b) / 2 for a, b in zip(first["box"], second["box"], strict=True)]
    boxes = np.array([t["box"] for t in tiles] + [seam], float)
    codes = [t["tile"] for t in tiles] + ["6s"]
    probs = np.array([0.95] * len(tiles) + [0.3])
    named = Named(boxes, np.full(len(boxes), 0.8), codes, probs)
    found = named_tiles(image, named, Thresholds())
    assert len(found) == len(tiles) and "6s" not in [t["tile"] for t in found]
    assert read_table(found).to_json()["seats"]["self"]["river"] == "1m 2m 3m 4m 5m 6m 7m 8m".split()
    river = [k for k, t in enumerate(tiles) if t["tile"] in ("1m", "2m", "3m", "4m", "5m", "6m")]
    few = Named(boxes[[*river, len(tiles)]], np.full(7, 0.8), [codes[k] for k in river] + ["6s"],
                probs[[*river, len(tiles)]])
    assert "6s" in [t["tile"] for t in named_tiles(image, few, Thresholds())]


GREY_CLOTH, PINK_CLOTH = (150, 150, 150), (160, 150, 220)  # BGR: a checked cloth's squares


def _ninth_place(tiles: list[dict[str, Any]], places: list[tuple[str, str, int]]
                 ) -> tuple[int, int, int, int]:
    """The box where the ``self`` river's ninth tile would lie: beside its eighth, in its row."""
    x1, y1, x2, y2 = (int(v) for v in tiles[places.index(("self", "river", 7))]["box"])
    return (x2 + 1, y1, x2 + 1 + (x2 - x1), y2)


def _on_checked_cloth(tiles: list[dict[str, Any]], cell: tuple[int, int, int, int]) -> np.ndarray:
    """The table's tiles (as ``_photo`` paints them, the 白板 blank) on a cloth checked grey and
    pink in squares the size of a tile, ``cell`` (x1, y1, x2, y2) one of its grey squares."""
    image = _photo(tiles, red=-1)
    bare = (image == (120, 110, 100)).all(axis=2)
    ys, xs = np.mgrid[0:image.shape[0], 0:image.shape[1]]
    w, h = cell[2] - cell[0], cell[3] - cell[1]
    grey = ((xs - cell[0]) // w + (ys - cell[1]) // h) % 2 == 0
    image[bare & grey], image[bare & ~grey] = GREY_CLOTH, PINK_CLOTH
    for t in tiles:
        if t["tile"] == "P":  # a 白板: nothing drawn on it
            x1, y1, x2, y2 = (int(round(v)) for v in t["box"])
            image[y1:y2, x1:x2] = IVORY
    return image


def test_blanks_and_backs_on_a_checked_cloth_are_no_tiles_of_a_whole_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A grey square of the cloth where the ``self`` river's next tile would lie, found as a
    白板 the detector scores low and the classifier names surely, and a pink one in the middle
    found as a back, are patches of the cloth (``ON_CLOTH``): the river reads as it lies and no
    back is added; the player's own 白板 and a wall's back, scored as low, are kept (their colours
    are not the cloth's). Without the rule both patches are read as tiles."""
    tiles, places = table()
    cell = _ninth_place(tiles, places)
    centre = (400, cell[1] - 4 * (cell[3] - cell[1]))  # a pink square in the table's middle
    patch = (centre[0], centre[1], centre[0] + 30, centre[1] + 40)
    image = _on_checked_cloth(tiles, cell)
    assert tuple(image[cell[1] + 5, cell[0] + 5]) == GREY_CLOTH
    assert tuple(image[patch[1] + 5, patch[0] + 5]) == PINK_CLOTH
    blank = next(k for k, t in enumerate(tiles) if t["tile"] == "P")
    wall_back = next(k for k, place in enumerate(places) if place[1] == "wall")
    boxes = np.array([t["box"] for t in tiles] + [cell, patch], float)
    codes = [t["tile"] for t in tiles] + ["P", "back"]
    scores = np.full(len(boxes), 0.8)
    scores[[blank, wall_back, -2]] = 0.3
    scores[-1] = 0.5  # a lone back is kept from ``back_score``
    probs = np.array([0.95] * len(tiles) + [0.9, 0.3])
    probs[[k for k, t in enumerate(tiles) if t["tile"] == "back"]] = 0.8
    named = Named(boxes, scores, codes, probs)

    found = named_tiles(image, named, Thresholds())
    assert len(found) == len(tiles)
    assert sorted(t["box"] for t in found) == sorted([round(v, 1) for v in t["box"]] for t in tiles)
    answer = read_table(found).to_json()
    assert answer["seats"]["self"]["river"] == "1m 2m 3m 4m 5m 6m 7m 8m".split()
    assert "P" in answer["seats"]["self"]["hand"]

    monkeypatch.setattr(check, "ON_CLOTH", False)
    without = named_tiles(image, named, Thresholds())
    assert len(without) == len(tiles) + 2
    assert read_table(without).to_json()["seats"]["self"]["river"][-1] == "P"


def test_a_blank_on_the_cloth_is_kept_in_a_close_up_or_where_the_detector_is_sure() -> None:
    """Out of a whole table's photo (fewer than ``WHOLE_TABLE`` boxes), or scored ``sure_tile``
    or more, a 白板 of the cloth's colour is left as it was found."""
    tiles, places = table()
    cell = _ninth_place(tiles, places)
    image = _on_checked_cloth(tiles, cell)
    few = Named(np.array([t["box"] for t in tiles[:10]] + [cell], float), np.full(11, 0.3),
                [t["tile"] for t in tiles[:10]] + ["P"], np.full(11, 0.9))
    assert any(t["box"] == [float(v) for v in cell] for t in named_tiles(image, few, Thresholds()))
    boxes = np.array([t["box"] for t in tiles] + [cell], float)
    sure = np.full(len(boxes), 0.8)
    named = Named(boxes, sure, [t["tile"] for t in tiles] + ["P"], np.full(len(boxes), 0.9))
    assert any(t["box"] == [float(v) for v in cell] for t in named_tiles(image, named, Thresholds()))


PALE_BACK = (170, 190, 235)  # BGR: gen-14's beige backs


def test_a_walls_pale_backs_named_blank_are_backs_and_a_real_blank_stays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Walls of pale backs, which the classifier names 白板 surely, are read as backs
    (``vision.wall_blanks``): more than four 白板 of one colour lying in rows are no set's; each
    seat's wall is counted and the rivers read as they lie, while the player's own ivory 白板
    in his hand stays a 白板, and so does the indicator. Without the rule the walls are 白板."""
    from vision import wall_blanks

    tiles, places = table()
    image = _photo(tiles, red=-1)
    codes, probs = [], []
    for t, (_, zone, _) in zip(tiles, places, strict=True):
        x1, y1, x2, y2 = (int(round(v)) for v in t["box"])
        if zone == "wall":
            image[y1:y2, x1:x2] = PALE_BACK
        elif t["tile"] == "P":
            image[y1:y2, x1:x2] = IVORY  # a 白板: nothing drawn on it
        codes.append("P" if zone == "wall" else t["tile"])
        probs.append(0.95 if zone == "wall" or t["tile"] != "back" else 0.8)
    boxes = np.array([t["box"] for t in tiles], float)
    named = Named(boxes, np.full(len(boxes), 0.8), codes, np.array(probs))

    found = named_tiles(image, named, Thresholds())
    walls = [k for k, place in enumerate(places) if place[1] == "wall"]
    assert len(walls) == 39
    by_box = {tuple(t["box"]): t["tile"] for t in found}
    assert all(by_box[tuple(round(float(v), 1) for v in boxes[k])] == "back" for k in walls)
    answer = read_table(found).to_json()
    assert answer["seats"]["self"]["river"] == "1m 2m 3m 4m 5m 6m 7m 8m".split()
    assert "P" in answer["seats"]["self"]["hand"]
    assert answer["indicator"] == "7s"
    assert [answer["seats"][s]["wall"] for s in ("self", "right", "across", "left")] == [10, 10, 9, 10]

    monkeypatch.setattr(wall_blanks, "WALL_BLANKS", False)
    without = named_tiles(image, named, Thresholds())
    assert sum(t["tile"] == "P" for t in without) == len(walls) + 1
