"""The recognizer and its generators stay in modules a newcomer can read whole: none of
``vision/`` or ``datasets/`` is over ``MAX_LINES`` lines, each a module with one job."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Lines a module of the recognizer or the generators may hold.
MAX_LINES = 600


def test_no_module_of_the_recognizer_or_the_generators_is_over_600_lines() -> None:
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for package in ("vision", "datasets") for path in sorted((ROOT / package).rglob("*.py"))}
    assert len(sizes) > 50, "the packages were not found"
    over = {path: lines for path, lines in sizes.items() if lines > MAX_LINES}
    assert not over, f"modules over {MAX_LINES} lines (split them by job): {over}"
