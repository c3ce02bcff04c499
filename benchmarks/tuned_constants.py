"""The recognizer's tuned constants counted, the measure of the recognizer issue's "the tuned
constants halved": each module-level UPPER_CASE name a stage module assigns itself (not one it
imports) whose value is a number, a bool or a tuple of numbers (or of such tuples), plus the fields of
``vision.find.Thresholds``::

    python benchmarks/tuned_constants.py            # the count by module
    python benchmarks/tuned_constants.py --names    # and each constant's name
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import numbers
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: The modules of the find, cut, name and check stages and the helpers only they use.
STAGES = ("find", "cut", "name", "check", "pieces", "windows", "preprocess", "caption", "face_marks",
          "face_match", "tileset_match", "self_taught", "wall_blanks")


def _tuned(value: object) -> bool:
    """A number, a bool or a tuple of numbers (or of such tuples: views, looks), not a string,
    a dict or a tuple of names."""
    if isinstance(value, tuple):
        return bool(value) and all(_tuned(part) for part in value)
    return isinstance(value, numbers.Number)


def assigned(module: str) -> list[str]:
    """The tuned constants ``vision.<module>`` assigns itself, in the order it assigns them."""
    path = ROOT / "vision" / f"{module}.py"
    loaded = importlib.import_module(f"vision.{module}")
    names: list[str] = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) and node.value is not None else [])
        for target in targets:
            if (isinstance(target, ast.Name) and target.id.isupper() and target.id not in names
                    and _tuned(getattr(loaded, target.id, None))):
                names.append(target.id)
    return names


def main(argv: list[str] | None = None) -> int:
    """Print the count by module and the total."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", action="store_true", help="each constant's name too")
    args = parser.parse_args(argv)
    from vision.find import Thresholds

    counts = {module: assigned(module) for module in STAGES}
    counts["Thresholds"] = [field.name for field in dataclasses.fields(Thresholds)]
    for module, names in counts.items():
        print(f"{module:14} {len(names):3}" + (f"  {', '.join(names)}" if args.names else ""))
    print(f"{'total':14} {sum(len(names) for names in counts.values()):3}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
