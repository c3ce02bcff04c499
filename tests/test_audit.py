"""The corrections found by eye to the labels of `valid` (datasets/valid_audit.csv)."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasets.audit import AUDIT_FILE, UNASSERTED, corrected, read_audit
from vision.classes import TILE_CLASSES
from vision.evaluate import VALID, labelled_photos, placeholder_labels


def test_a_relabel_or_drop_row_must_name_a_label() -> None:
    """A row whose box meets no label (a drop: no label of its code) is an error, not silently
    a new tile or nothing."""
    labels = [{"tile": "1p", "box": [0, 0, 10, 14]}]
    with pytest.raises(ValueError, match="no label"):
        corrected(labels, [{"action": "relabel", "box": [30, 0, 40, 14], "tile": "4p"}])
    with pytest.raises(ValueError, match="no label"):
        corrected(labels, [{"action": "drop", "box": [0, 0, 10, 14], "tile": "2p"}])
    assert labels[0]["tile"] == "1p"  # the source labels are not changed in place


def test_an_unknown_action_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "audit.csv"
    path.write_text("photo,action,x1,y1,x2,y2,tile,seen\na.jpg,remove,0,0,1,1,1p,\n")
    with pytest.raises(ValueError, match="unknown action 'remove'"):
        read_audit(path)


def test_audit_rows_are_tile_codes() -> None:
    rows = [fix for fixes in read_audit().values() for fix in fixes]
    assert len(rows) > 100
    assert all(fix["tile"] in TILE_CLASSES or fix["tile"] == UNASSERTED for fix in rows)
    assert all(fix["box"][0] < fix["box"][2] and fix["box"][1] < fix["box"][3] for fix in rows)


@pytest.mark.skipif(not VALID.is_dir(), reason="../shared dataset missing")
def test_every_correction_applies_to_a_valid_photo() -> None:
    """Each audited photo is in `valid`, each relabel and drop meets its label (else
    ValueError), the labels change in number by the added and dropped rows only, and no
    placeholder photo is left."""
    audit = read_audit()
    source = {path.name: truth for path, truth in labelled_photos()}
    assert set(audit) <= set(source), f"not in valid: {set(audit) - set(source)}"
    fixed = dict((path.name, truth) for path, truth in labelled_photos(audited=True))
    for name, fixes in audit.items():
        added = sum(fix["action"] == "add" for fix in fixes)
        dropped = sum(fix["action"] == "drop" for fix in fixes)
        assert len(fixed[name]) == len(source[name]) + added - dropped
    assert not any(placeholder_labels(truth) for truth in fixed.values())
    assert sum(placeholder_labels(truth) for truth in source.values()) == 7
    assert AUDIT_FILE.stat().st_size < 100_000


@pytest.mark.skipif(not VALID.is_dir(), reason="../shared dataset missing")
def test_sheets_draw_every_correction(tmp_path: Path) -> None:
    """`python -m datasets.audit --sheets DIR` draws each corrected box once, 24 to a sheet."""
    import cv2

    from datasets.audit import main

    rows = sum(len(fixes) for fixes in read_audit().values())
    assert main(["--sheets", str(tmp_path)]) == 0
    sheets = sorted(tmp_path.glob("audit-*.png"))
    assert len(sheets) == -(-rows // 24)
    first = cv2.imread(str(sheets[0]))
    assert first.shape == (4 * 244, 6 * 220, 3)
    assert first.std() > 20  # photos, not blank cells
