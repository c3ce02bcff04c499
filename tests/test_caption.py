"""Flowers and seasons told by the English name lettered on them (``vision.caption``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import caption

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
    from vision import recognizer

    asked: list[int] = []

    def read(image: np.ndarray, boxes: np.ndarray) -> list[str | None]:
        asked.append(len(boxes))
        return ["5f"] * len(boxes)

    monkeypatch.setattr(caption, "available", lambda: True)
    monkeypatch.setattr(caption, "read_kinds", read)
    photo = np.zeros((100, 100, 3), np.uint8)
    lone = [{"tile": "4m", "box": [10, 10, 40, 50], "confidence": 0.2, "detection": 0.9, "unsure": True}]
    renamed = recognizer._lettered(photo, lone)
    assert renamed == [{"tile": "5f", "box": [10, 10, 40, 50], "confidence": caption.CONFIDENCE,
                        "detection": 0.9}]
    sure = {"tile": "1m", "box": [50, 10, 80, 50], "confidence": 0.99, "detection": 0.9}
    known = [sure, dict(sure), {**lone[0], "box": [10, 60, 40, 95]}]  # median 0.99: known
    assert recognizer._lettered(photo, known) == known and asked == [1]


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
    assert caption._words(sheet, "11", caption.ALPHABET) == [("PLUM", 96.5, 50.0), ("ORC", 3.0, 50.0)]

    def slow(*args: object, **kwargs: object) -> None:
        raise subprocess.TimeoutExpired("tesseract", caption.TIMEOUT_S)

    monkeypatch.setattr(caption.subprocess, "run", slow)
    assert caption._words(sheet, "11", caption.ALPHABET) == []
