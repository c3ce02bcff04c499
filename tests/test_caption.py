"""What a maker letters on a tile (``vision.caption``): the English name of a flower or season,
the index numeral of a suited tile."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import caption
from vision import check as checking
from vision.self_taught import SURE

needs_tesseract = pytest.mark.skipif(not caption.available(),
                                     reason="Tesseract is not installed (apt-get install tesseract-ocr)")


def _face(word: str | None, circles: int = 0) -> np.ndarray:
    """A cream face 300 × 400 with a red picture in its upper half and ``word`` lettered under
    it, or ``circles`` dark rings in rows (a circle tile) and no word."""
    face = np.full((400, 300, 3), (215, 235, 240), np.uint8)
    if word is not None:
        cv2.circle(face, (150, 130), 70, (40, 40, 200), -1)
        cv2.circle(face, (150, 130), 25, (60, 200, 230), -1)
        size = 2.2 if len(word) <= 4 else 1.5
        (w, _), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_DUPLEX, size, 4)
        cv2.putText(face, word, ((300 - w) // 2, 330), cv2.FONT_HERSHEY_DUPLEX, size, (20, 20, 20), 4)
    for k in range(circles):
        centre = (75 + 150 * (k % 2), 60 + 95 * (k // 2))
        cv2.circle(face, centre, 38, (30, 30, 30), 8)
        cv2.circle(face, centre, 12, (30, 30, 30), -1)
    return face


def _numbered(numeral: str | None, pips: int = 4) -> np.ndarray:
    """A cream face 300 × 400 with ``pips`` filled circles in rows and ``numeral`` printed small
    and red in its upper right corner (as sets sold abroad do)."""
    face = np.full((400, 300, 3), (215, 235, 240), np.uint8)
    for k in range(pips):
        cv2.circle(face, (90 + 120 * (k % 2), 130 + 100 * (k // 2)), 34, (40, 120, 40), -1)
    if numeral is not None:
        cv2.putText(face, numeral, (235, 70), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (30, 30, 190), 4)
    return face


def _photo(*faces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The faces side by side on a green cloth, and their boxes."""
    photo = np.full((520, 40 + 340 * len(faces), 3), (40, 110, 40), np.uint8)
    boxes = []
    for k, face in enumerate(faces):
        x = 40 + 340 * k
        photo[60:460, x:x + 300] = face
        boxes.append([x, 60, x + 300, 460])
    return photo, np.array(boxes, float)


def test_a_word_names_the_kind_it_begins_and_no_other() -> None:
    assert [caption.kind_named(w) for w in caption.BONUS_NAMES] == [f"{k}f" for k in range(1, 9)]
    assert caption.kind_named("orc") == "2f" and caption.kind_named("Aut.") == "7f"
    assert caption.kind_named("SU") is None  # SUMMER or nothing: too short to say
    assert caption.kind_named("ORO") is None and caption.kind_named("SUN") is None
    assert caption.kind_named("CHRYSANTHEMUM") == "3f"


def test_the_names_are_those_the_generated_designs_letter() -> None:
    """The designs the networks were trained on letter these very names (``BONUS_WORDS``)."""
    designs = pytest.importorskip("datasets.synth.designs")
    assert tuple(designs.BONUS_WORDS) == caption.BONUS_NAMES


@needs_tesseract
def test_each_face_is_named_by_its_own_lettered_name() -> None:
    photo, boxes = _photo(_face("SPR"), _face(None, circles=8), _face("WINTER"), _face("PLUM"))
    assert caption.read_kinds(photo, boxes) == ["5f", None, "8f", "1f"]


def _askew(word: str, angle: float) -> np.ndarray:
    """A framed cream face 300 × 400 lettered ``word`` large in its lower part (as kmahjongg's
    traditional winter, WIN), turned ``angle`` degrees."""
    face = np.full((400, 300, 3), (222, 236, 238), np.uint8)
    cv2.rectangle(face, (18, 18), (282, 382), (120, 120, 120), 2)
    (w, _), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_SIMPLEX, 2.6, 5)
    cv2.putText(face, word, ((300 - w) // 2, 330), cv2.FONT_HERSHEY_SIMPLEX, 2.6, (20, 20, 20), 5)
    turn = cv2.getRotationMatrix2D((150, 200), angle, 1.0)
    return cv2.warpAffine(face, turn, (300, 400), borderValue=(222, 236, 238))


@needs_tesseract
def test_a_name_photographed_askew_under_a_frame_is_read() -> None:
    """Photos catch a lettered face askew: its letters are read as a row of their own, level
    (:func:`caption.letter_rows`); among the face's frame and turned, none of these is read."""
    photo, boxes = _photo(_askew("WIN", 8), _askew("PLUM", -12), _askew("AUT", 15), _askew("SUM", 20))
    assert caption.read_kinds(photo, boxes) == ["8f", "1f", "7f", "6f"]


@needs_tesseract
def test_a_name_on_a_tile_lying_upside_down_or_on_its_side_is_read() -> None:
    """A tile across the table lies upside down, one in a discard row may lie on its side: its
    row of letters is read turned every way it may lie (:func:`caption.read_kinds`). Read only
    as it lies, none of these is read."""
    photo, boxes = _photo(_askew("WIN", 5), _askew("PLUM", -8), _face("AUT"), _askew("SUM", 0))
    upside_down = cv2.rotate(photo, cv2.ROTATE_180)
    height, width = photo.shape[:2]
    turned_boxes = np.array([[width - x2, height - y2, width - x1, height - y1] for x1, y1, x2, y2 in boxes])
    assert caption.read_kinds(upside_down, turned_boxes) == ["8f", "1f", "7f", "6f"]
    on_its_side = cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE)
    side_boxes = np.array([[height - y2, x1, height - y1, x2] for x1, y1, x2, y2 in boxes])
    assert caption.read_kinds(on_its_side, side_boxes) == ["8f", "1f", "7f", "6f"]
    left_side = cv2.rotate(photo, cv2.ROTATE_90_COUNTERCLOCKWISE)
    left_boxes = np.array([[y1, width - x2, y2, width - x1] for x1, y1, x2, y2 in boxes])
    assert caption.read_kinds(left_side, left_boxes) == ["8f", "1f", "7f", "6f"]


@needs_tesseract
def test_a_pale_face_in_a_box_mostly_of_dark_cloth_is_read_dark_on_pale() -> None:
    """A detector's box round a tile seen at a slant holds its side and the cloth too, more of
    them than of its face: the ink is still the face's own dark letters, and told from the face
    around them, not from the box's (the cloth's) tone."""
    photo = np.full((700, 600, 3), (60, 40, 30), np.uint8)
    photo[150:550, 150:450] = _askew("ORC", 10)
    assert caption.read_kinds(photo, np.array([[60, 30, 540, 670]], float)) == ["2f"]


@needs_tesseract
def test_a_face_with_no_name_or_a_pale_name_on_a_dark_face() -> None:
    dark = 255 - _face("AUT")  # pale letters on a dark (jade-like) face
    photo, boxes = _photo(_face(None), dark)
    assert caption.read_kinds(photo, boxes) == [None, "7f"]


def test_without_tesseract_nothing_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(caption, "available", lambda: False)
    photo, boxes = _photo(_face("SPR"))
    assert caption.read_kinds(photo, boxes) == [None]
    assert caption.read_kinds(photo, np.zeros((0, 4))) == []


def test_a_face_too_small_to_read_is_left_alone() -> None:
    photo, _ = _photo(_face("SPR"))
    assert caption.read_kinds(photo, np.array([[10, 10, 14, 30]], float)) == [None]


def test_only_unsure_faces_of_a_design_not_known_are_renamed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The recognizer asks for the names of its unsure faces only, and only in a photo whose
    faces it reads unsurely (a design it does not know): a real photo's sure tiles stay."""

    asked: list[int] = []

    def read(image: np.ndarray, boxes: np.ndarray) -> list[str | None]:
        asked.append(len(boxes))
        return ["5f"] * len(boxes)

    monkeypatch.setattr(caption, "available", lambda: True)
    monkeypatch.setattr(caption, "read_kinds", read)
    photo = np.zeros((100, 100, 3), np.uint8)
    lone = [{"tile": "4m", "box": [10, 10, 40, 50], "confidence": 0.2, "detection": 0.9, "unsure": True}]
    renamed = checking._lettered(photo, lone)
    assert renamed == [{"tile": "5f", "box": [10, 10, 40, 50], "confidence": SURE,
                        "detection": 0.9}]
    sure = {"tile": "1m", "box": [50, 10, 80, 50], "confidence": 0.99, "detection": 0.9}
    known = [sure, dict(sure), {**lone[0], "box": [10, 60, 40, 95]}]  # median 0.99: known
    assert checking._lettered(photo, known) == known and asked == [1]


def test_a_failed_or_garbled_tesseract_run_reads_nothing_and_raises_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    from types import SimpleNamespace

    sheet = np.full((100, 400), 255, np.uint8)
    table = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
             "5\t1\t1\t1\t1\t1\t30\t40\t90\t20\t96.5\tPLUM\n"
             "5\t1\t1\t1\t1\t2\t30\tx\t90\t20\t96.5\tSPR\n"  # garbled: skipped
             "5\t1\t1\t1\t1\t3\t30\t40\t90\t20\t3.0\tORC\n")
    monkeypatch.setattr(caption.subprocess, "run",
                        lambda *a, **k: SimpleNamespace(stdout=table.encode()))
    assert caption._words([sheet], "11", caption.ALPHABET) == [("PLUM", 96.5, 0, 50.0), ("ORC", 3.0, 0, 50.0)]

    def slow(*args: object, **kwargs: object) -> None:
        raise subprocess.TimeoutExpired("tesseract", caption.TIMEOUT_S)

    monkeypatch.setattr(caption.subprocess, "run", slow)
    assert caption._words([sheet], "11", caption.ALPHABET) == []


@needs_tesseract
def test_each_face_is_given_the_numeral_printed_on_it() -> None:
    photo, boxes = _photo(_numbered("4"), _numbered(None), _numbered("7", pips=6), _numbered("2", pips=2),
                          _numbered("8"), _numbered("3"))
    assert caption.read_numerals(photo, boxes) == [(4,), (), (7,), (2,), (8,), (3,)]


@needs_tesseract
def test_a_six_is_a_nine_upside_down_and_a_numeral_read_only_turned_over_is_not_taken() -> None:
    """A tile lying the other way up shows its numeral turned over: a 6 or a 9 names either
    rank, either way up; a 4 turned over is not read as any digit."""
    upside_down = [cv2.rotate(face, cv2.ROTATE_180) for face in (_numbered("6"), _numbered("4"))]
    photo, boxes = _photo(_numbered("6"), _numbered("9"), *upside_down)
    assert caption.read_numerals(photo, boxes) == [(6, 9), (6, 9), (6, 9), ()]


def test_a_nine_read_surely_only_as_it_lies_is_a_six_or_a_nine(monkeypatch: pytest.MonkeyPatch) -> None:
    """An upside-down 6 条 reads 9 surely as it lies, and turned back over its 6 may fall short
    of sure: it is 6-or-9 still; any other digit read so is that digit alone."""
    reads = {"9": [("9", 91.0, 0, 56.0), ("4", 8.0, 0, 144.0)], "7": [("7", 91.0, 0, 56.0)]}
    for digit, ranks in (("9", (6, 9)), ("7", (7,))):
        monkeypatch.setattr(caption, "available", lambda: True)
        monkeypatch.setattr(caption, "_words", lambda sheets, layout, letters, d=digit: reads[d])
        photo, boxes = _photo(_numbered(digit))
        assert caption.read_numerals(photo, boxes) == [ranks]


@needs_tesseract
def test_no_numeral_is_read_in_the_grain_of_a_blank_face_or_on_a_dark_face_without_one() -> None:
    rng = np.random.default_rng(7)
    grain = np.clip(np.full((400, 300, 3), 225.0) + rng.normal(0, 4, (400, 300, 3)), 0, 255)
    photo, boxes = _photo(grain.astype(np.uint8), 255 - _numbered(None), 255 - _numbered("5"))
    assert caption.read_numerals(photo, boxes) == [(), (), (5,)]


def test_a_numeral_blob_is_small_and_shaped_like_a_digit() -> None:
    """A pip is round and filled, a stick thin, the face's frame touches its edge: none is read."""
    assert len(caption.numeral_blobs(_numbered("4"))) == 1
    sticks = np.full((400, 300, 3), 235, np.uint8)
    cv2.rectangle(sticks, (140, 100), (146, 160), (40, 120, 40), -1)  # a thin stick
    cv2.rectangle(sticks, (0, 0), (299, 399), (30, 30, 30), 6)  # the frame
    assert caption.numeral_blobs(sticks) == [] and caption.numeral_blobs(_numbered(None)) == []


class _Codes:
    """A classifier's kinds, all :meth:`TileClassifier._numbered` looks at."""

    codes = ["none", "back", "3f", "5f", "6f", "7f", "E", *(f"{r}{s}" for s in "mps" for r in range(1, 10))]

    def __init__(self, codes: list[str] | None = None) -> None:
        self.codes = codes or _Codes.codes


def _renamed(monkeypatch: pytest.MonkeyPatch, named: list[tuple[str, float]], ranks: list[tuple[int, ...]],
             likes: dict[str, float] | None = None) -> tuple[list[tuple[str, float]], list[int]]:
    """Faces ``named`` (code, probability), renamed by the numerals ``ranks`` read on those
    asked; the classifier's reading of each gives its name's probability and ``likes``'
    kinds theirs. Returns the names and how many faces were asked."""
    from vision import recognizer

    asked: list[int] = []

    def read(image: np.ndarray, boxes: np.ndarray) -> list[tuple[int, ...]]:
        asked.append(len(boxes))
        return [ranks[int(box[0])] for box in boxes]

    monkeypatch.setattr(caption, "available", lambda: True)
    monkeypatch.setattr(caption, "read_numerals", read)
    codes = _Codes.codes
    choice = np.full((len(named), len(codes)), 1e-6)
    for i, (code, p) in enumerate(named):
        choice[i, codes.index(code)] = p
        for kind, q in (likes or {}).items():
            choice[i, codes.index(kind)] = q
    best = np.array([codes.index(code) for code, _ in named])
    given = np.array([p for _, p in named])
    boxes = np.array([[i, 0, i + 1, 1] for i in range(len(named))], float)
    out_best, out_given = recognizer.TileClassifier._numbered(
        _Codes(), np.zeros((4, 4, 3), np.uint8), boxes, choice, best, given)  # type: ignore[arg-type]
    return [(codes[k], round(float(q), 3)) for k, q in zip(out_best, out_given, strict=True)], asked


def test_a_face_read_unsurely_takes_the_rank_of_its_numeral(monkeypatch: pytest.MonkeyPatch) -> None:
    """kmahjongg's traditional 4筒, read 5筒 at 0.68 with 4筒 the classifier's second choice, says
    4 between its circles: 4筒, sure of the rank, the suit's share of it the classifier's."""
    names, asked = _renamed(monkeypatch, [("5p", 0.68)], [(4,)], likes={"4p": 0.3, "4m": 0.1})
    assert names == [("4p", 0.75)] and asked == [1]


def test_a_numeral_naming_a_kind_the_classifier_rules_out_is_not_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pip's part read as a digit: the classifier gives that rank nothing (under
    ``NUMERAL_PLAUSIBLE`` of its best), the name stays."""
    names, _ = _renamed(monkeypatch, [("7p", 0.8)], [(4,)], likes={"4p": 0.001})
    assert names == [("7p", 0.8)]


def test_a_numeral_that_agrees_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A suited tile's own rank, a flower or season numbered as its place in its four (夏, the
    second season, 2), leave the names as they are; an honour has no numeral to agree, and is
    renamed where it was named unsurely."""
    names, _ = _renamed(monkeypatch, [("4p", 0.7), ("6f", 0.6), ("E", 0.3)], [(4,), (2,), (3,)],
                        likes={"3s": 0.2, "2s": 0.2})
    assert names == [("4p", 0.7), ("6f", 0.6), ("3s", 1.0)]


def test_a_six_or_nine_leaves_either_name_and_names_the_likelier_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An upside-down 6条 reads 9 as it lies and 6 turned over: named 6条, it stays; a face
    named 5筒 with a 6-or-9 on it is the 6 or 9 the classifier likes better."""
    names, _ = _renamed(monkeypatch, [("6s", 0.6), ("5p", 0.6)], [(6, 9), (6, 9)],
                        likes={"9s": 0.3, "9p": 0.1, "6p": 0.35})
    assert names == [("6s", 0.6), ("6p", round(0.35 / 0.75, 3))]


def test_a_flower_or_season_numbered_as_its_place_is_among_the_kinds_of_that_numeral(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """jade's 秋, the third season, says 3: read unsurely as 春, it is 秋 if the classifier gives
    it some chance and no 3 of a suit more; a 7 names no flower (they number 1-4)."""
    names, _ = _renamed(monkeypatch, [("5f", 0.09), ("5f", 0.09)], [(3,), (7,)],
                        likes={"7f": 0.005, "3f": 0.001, "3m": 0.0005, "7m": 0.004})
    assert names == [("7f", round(0.005 / (0.005 + 0.001 + 0.0005 + 2e-6), 3)),
                     ("7m", round(0.004 / (0.004 + 2e-6), 3))]


def test_a_flower_or_honour_named_surely_keeps_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """jade's spring (numbered 1) had a mark on it read 4: named 春 at 0.8, it stays 春."""
    names, _ = _renamed(monkeypatch, [("5f", 0.8), ("E", 0.6)], [(4,), (3,)], likes={"4m": 0.1, "3s": 0.2})
    assert names == [("5f", 0.8), ("E", 0.6)]


def test_only_faces_read_unsurely_in_a_photo_read_unsurely_are_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Real photos of the design the classifier knows are read surely: no face of them is
    asked, and in a photo read unsurely the sure faces are not either."""
    sure = [("2m", 0.99), ("3m", 0.98), ("5p", 0.7)]
    names, asked = _renamed(monkeypatch, sure, [(), (), (4,)], likes={"4p": 0.2})
    assert names == [("2m", 0.99), ("3m", 0.98), ("5p", 0.7)] and asked == []
    unsure = [("2m", 0.99), ("3m", 0.6), ("5p", 0.7)]
    names, asked = _renamed(monkeypatch, unsure, [(1,), (), (4,)], likes={"4p": 0.2})
    assert names[2] == ("4p", 1.0) and names[:2] == unsure[:2] and asked == [2]


def test_a_name_read_unsurely_names_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows of circles read ORC at Tesseract's confidence 0-13: under ``MIN_CONFIDENCE``."""
    photo, boxes = _photo(_face(None, circles=8), _face("SPR"))
    rows = {0: ("ORC", 3.0), 1: ("SPR", 91.0)}

    def words(sheets: list[np.ndarray], layout: str, letters: str) -> list[tuple[str, float, int, float]]:
        # one word in the middle of each face's first strip (placed from a letter's height down)
        first = caption.LETTER_CELL
        out = []
        for face in (0, 1):
            strips = caption._strips(photo[60:460, 40 + 340 * face:340 + 340 * face])
            out.append((*rows[face], 0, first + strips[0].shape[0] / 2))
            first += sum(s.shape[0] + caption.LETTER_CELL for s in strips)
        return out

    monkeypatch.setattr(caption, "available", lambda: True)
    monkeypatch.setattr(caption, "_words", words)
    assert caption.read_kinds(photo, boxes) == [None, "5f"]

