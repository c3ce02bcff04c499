"""The rule ablation (``benchmarks/recognizer_ablation.py``) reads each row as a plain run would:
the find stage's boxes of a photo are kept between rows only while the settings find reads
(the thresholds, the constants of the modules it reads) and the photo are the same; each row
switches off a setting the stages read where it is set, a ``--set`` row wherever it is read."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from vision import check, find, recognizer, windows
from vision.find import Found, Thresholds

ROOT = Path(__file__).resolve().parent.parent


def _ablation() -> ModuleType:
    spec = importlib.util.spec_from_file_location("recognizer_ablation",
                                                  ROOT / "benchmarks" / "recognizer_ablation.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_a_photo_is_found_once_per_settings_and_each_row_gets_its_own_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Thresholds, bool, bool]] = []

    def counted_find(self: recognizer.Recognizer, image: np.ndarray, faces_first: bool = False
                     ) -> Found:
        calls.append((self.thresholds, find.CLOSE_UP_LOOKS, faces_first))
        return Found(np.array([[0.0, 0.0, 10.0, 14.0]]), np.array([0.9]), np.zeros(1, int))

    monkeypatch.setattr(recognizer.Recognizer, "find", counted_find)
    reader = object.__new__(recognizer.Recognizer)
    reader.detector, reader.thresholds = object(), Thresholds()
    photo, other = np.zeros((20, 20, 3), np.uint8), np.ones((20, 20, 3), np.uint8)
    with _ablation().found_once():
        first = reader.find(photo)
        first.boxes[0, 0] = 99.0  # a row changing its boxes changes no other row's
        assert reader.find(photo.copy()).boxes[0, 0] == 0.0 and len(calls) == 1
        reader.find(other)
        reader.find(photo, True)
        assert len(calls) == 3
        reader.thresholds = replace(Thresholds(), blank_score=0.35)
        reader.find(photo)
        monkeypatch.setattr(find, "CLOSE_UP_LOOKS", not find.CLOSE_UP_LOOKS)
        reader.find(photo)
        assert len(calls) == 5
        monkeypatch.setattr(find, "FAR_LOOK", not find.FAR_LOOK)
        reader.find(photo)
        assert len(calls) == 6
        monkeypatch.setattr(windows, "FAR_SHARE", 0.3)  # a constant of a module find reads
        reader.find(photo)
        assert len(calls) == 7
        monkeypatch.setattr(check, "CUT_OFF", 0.4)  # read after finding: boxes kept
        reader.find(photo)
        assert len(calls) == 7
    assert recognizer.Recognizer.find is counted_find  # put back as it was


def test_a_set_row_sets_a_constant_where_it_is_held_and_imported() -> None:
    """``--set find.FEW_TILES=4``: find's own, and check's, which imported it by name (a row
    setting only the first would leave check reading the old value)."""
    settings = _ablation().settings("find.FEW_TILES=4,tileset_match.STANDS_OUT=inf")
    holders = {(holder.__name__, name): value for holder, name, value in settings}
    assert holders[("vision.find", "FEW_TILES")] == 4 and holders[("vision.check", "FEW_TILES")] == 4
    assert holders[("vision.tileset_match", "STANDS_OUT")] == float("inf")


@pytest.mark.parametrize(("row", "named"), [("nowhere.FEW_TILES=4", "no module vision.nowhere"),
                                            ("find.FEWEST=4", "has no constant 'FEWEST'"),
                                            ("find.FEW_TILES=many", "is not a number")])
def test_a_set_row_naming_nothing_there_is_refused_by_name(row: str, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        _ablation().settings(row)


def test_every_rule_switches_off_a_setting_that_is_there() -> None:
    """A row naming a module attribute the stage does not hold (a helper imported elsewhere)
    would set a new name no code reads, and the rule would seem not to pay."""
    ablation = _ablation()
    for rule, setting in ablation.RULES.items():
        if isinstance(setting, dict):
            assert set(setting) <= {field for field in Thresholds.__dataclass_fields__}, rule
            continue
        for holder, attribute, _ in setting:
            assert hasattr(holder, attribute), (rule, holder, attribute)
    assert find in ablation.FIND_MODULES and windows in ablation.FIND_MODULES


def test_tuned_constants_are_the_stages_own_numbers() -> None:
    spec = importlib.util.spec_from_file_location("tuned_constants",
                                                  ROOT / "benchmarks" / "tuned_constants.py")
    counter = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(counter)  # type: ignore[union-attr]
    cut = counter.assigned("cut")
    assert "WIDER_VIEWS" in cut and "CROP_PAD" not in cut  # views counted; imported names not
    name = counter.assigned("name")
    assert "NUMERAL_ASK" in name and "FRAMED_BLANK" not in name and "TRUST_AT" not in name
