"""Shared fixtures: where ../shared lies, the vectors in it, and a throw-away PostgreSQL; a test
that draws art with a font this machine lacks is skipped, naming the font."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from test_service_support import PostgresServer

from datasets.synth.fonts import FontMissing

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MAHJONG_SHARED", ROOT.parent / "shared"))
VECTORS = SHARED / "vectors"


def load_vectors(relative: str) -> list[dict]:
    """Rows of one JSON-lines vector file; the suite fails loudly when ../shared is missing."""
    path = VECTORS / relative
    if not path.exists():
        pytest.fail(f"test vectors not found at {path}: put ../shared beside the project "
                    "or set MAHJONG_SHARED")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def vector_params(relative: str, keep=lambda row: True) -> list:
    """pytest parameters, one per vector row, named by the row id."""
    path = VECTORS / relative
    if not path.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{path} missing"))]
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [pytest.param(r, id=r["id"]) for r in rows if keep(r)]


@pytest.fixture(scope="module")
def postgres():
    """A PostgreSQL server for the module's tests, or the reason there is none."""
    server = PostgresServer()
    reason = server.start()
    yield server if reason is None else reason
    server.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    """A fixture that draws art with fonts this machine lacks skips its tests (see below)."""
    try:
        return (yield)
    except FontMissing as exc:
        pytest.skip(str(exc))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """A test that draws a generated design (or a font's tiles) with fonts this machine lacks is
    skipped naming them: drawn with other fonts its pixels would be another design's, so it
    passes or fails by which fonts happen to be installed."""
    try:
        return (yield)
    except FontMissing as exc:
        pytest.skip(str(exc))


class Counted:
    """An onnxruntime session that counts its runs, so a test sees which model looked or named."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.runs = 0

    def run(self, *args: Any, **kwargs: Any) -> Any:
        self.runs += 1
        return self.session.run(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)


@pytest.fixture()
def sessions(monkeypatch: pytest.MonkeyPatch) -> dict[str, Counted]:
    """Every session the recognizer opens itself, counted, by file name."""
    import vision.recognizer as recognizer

    opened: dict[str, Counted] = {}
    plain = recognizer._session

    def counted(path: Path) -> Counted:
        opened[Path(path).name] = Counted(plain(path))
        return opened[Path(path).name]

    monkeypatch.setattr(recognizer, "_session", counted)
    return opened


@pytest.fixture()
def true_table():
    """A rendered whole table's labelled tiles (``vision.evaluate_table.truth``) for a
    ``(seed, index)``: the scenes the table reader is measured on; skipped without tile art."""
    synth = pytest.importorskip("datasets.synth.table")
    import numpy as np

    from vision.evaluate_table import truth

    def rendered(seed: int, index: int) -> list[dict[str, Any]]:
        try:
            scene = synth.render_table_scene(np.random.default_rng([seed, index]))
        except (RuntimeError, ValueError, OSError, ImportError) as exc:
            pytest.skip(f"no tile art or fonts to render with: {exc}")
        return truth(scene)

    return rendered
