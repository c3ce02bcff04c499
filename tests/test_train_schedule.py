"""A fine-tuning run hands ultralytics the learning rate it was given (``--lr``).

Ultralytics itself is replaced by a stand-in that records what it is asked: the schedule is the
project's choice (a smaller rate for the CPU's smaller batch), not ultralytics'.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest

from vision import train as train_mod
from vision import train_setup


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    """What the stand-in ``YOLO.train`` is called with; logs and runs go under ``tmp_path``."""
    calls: list[dict[str, Any]] = []

    class FakeYOLO:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        def add_callback(self, *args: Any) -> None:
            pass

        def train(self, **kwargs: Any) -> None:
            calls.append(kwargs)

    monkeypatch.setitem(sys.modules, "ultralytics", types.SimpleNamespace(YOLO=FakeYOLO))
    for name in ("go_offline", "_configure_ultralytics", "write_run_log"):  # the run log stays
        monkeypatch.setattr(train_mod, name, lambda: None)
    monkeypatch.setattr(train_mod.signal, "signal", lambda *args: None)
    monkeypatch.setattr(train_setup, "TRAIN_LOG", tmp_path / "train_log.jsonl")
    monkeypatch.setattr(train_setup, "RUNS", tmp_path / "runs")
    monkeypatch.setattr(train_setup, "CHECKPOINTS", tmp_path / "checkpoints")
    (tmp_path / "data").mkdir()
    (tmp_path / "start.pt").write_bytes(b"weights")
    return calls


def _fine_tune(tmp_path: Path, argv: list[str]) -> None:
    train_mod.main(["classify", "--data", str(tmp_path / "data"), "--init", str(tmp_path / "start.pt"),
                    "--name", "lr-check", "--no-export", *argv])


def test_a_fine_tune_runs_at_the_rate_given(asked: list[dict[str, Any]], tmp_path: Path) -> None:
    _fine_tune(tmp_path, ["--lr", "0.00005"])
    assert asked[-1]["lr0"] == 0.00005 and asked[-1]["optimizer"] == "AdamW"
    assert asked[-1]["pretrained"] == str(tmp_path / "start.pt")
    logged = (tmp_path / "train_log.jsonl").read_text(encoding="utf-8")
    assert '"lr0": 5e-05' in logged  # the log says how the run was trained


def test_a_fine_tune_without_a_rate_takes_the_default(asked: list[dict[str, Any]], tmp_path: Path) -> None:
    _fine_tune(tmp_path, [])
    assert asked[-1]["lr0"] == train_mod.FINE_TUNE_LR
