"""The house has one direction: every module of ``assistant/``, ``vision/`` and ``datasets/``
imports only modules of its own room or of a lower one, and no two modules import each other
(through any chain), counting the imports inside functions as well as those at the top.

The rooms, lowest first, are those of :data:`ROOMS`: tiles → hands and engine → scoring →
variants → analysis → vision → datasets → vision's training and evaluation → service and
commands. The datasets sit between the recognizer they crop and label for and the training and
evaluation that read them. Importing ``assistant.tiles`` first runs ``assistant/__init__.py``
(the package's public face, in the analysis room); such implicit imports of a parent package
are not edges, else every module would be in one circle with its package.
"""

from __future__ import annotations

import ast
import fnmatch
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("assistant", "vision", "datasets")

#: Rooms: (name, module patterns as :mod:`fnmatch` reads them; ``pkg.*`` is everything under
#: ``pkg``). A module lies in the first room with a pattern it matches, so the rooms of a few
#: modules inside a package (vision's training, the commands) come before the package's own.
ROOMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tiles", ("assistant.tiles", "assistant.errors", "assistant.catalogue",
               "assistant.suit_table")),
    ("hands and engine", ("assistant.hand", "assistant.profile", "assistant.wilds",
                          "assistant.jokers", "assistant.decompose", "assistant.shanten",
                          "assistant.waits", "assistant.advice", "assistant.batch",
                          "assistant.rules", "assistant.native", "assistant._core",
                          "assistant.table_view")),
    ("scoring", ("assistant.scoring", "assistant.scoring.*", "assistant._patterns")),
    ("variants", ("assistant.variants", "assistant.variants.*", "assistant._riichi")),
    ("analysis", ("assistant", "assistant.legality", "assistant.value", "assistant.danger",
                  "assistant.one_call", "assistant._answer",
                  "assistant.verdict", "assistant.analysis", "assistant.claims",
                  "assistant.procedures", "assistant.report")),
    ("vision training and evaluation", ("vision.evaluate", "vision.evaluate_designs", "vision.evaluate_table",
                                        "vision.evaluate_real",
                                        "vision.train", "vision.train_*")),
    ("service and commands", ("assistant.service", "assistant.service.*", "assistant.commands",
                              "assistant.commands.*", "assistant.cli", "assistant.__main__",
                              "vision.commands", "vision.commands.*", "datasets.synth.__main__")),
    ("vision", ("vision", "vision.*")),
    ("datasets", ("datasets", "datasets.*")),
)
#: The rooms, lowest first: a module imports only from its own room and those before it.
ORDER = ("tiles", "hands and engine", "scoring", "variants", "analysis", "vision", "datasets",
         "vision training and evaluation", "service and commands")


def modules(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module of ``packages`` under ``root``: dotted name -> file (a package is its
    ``__init__.py``)."""
    found = {}
    for package in packages:
        # a C extension (assistant/_core.c) is a module too: it imports nothing of ours
        for path in sorted([*(root / package).rglob("*.py"), *(root / package).rglob("*.c")]):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(found: dict[str, Path]) -> dict[str, dict[str, int]]:
    """For each module, the modules among ``found`` it imports anywhere in its code (top level,
    functions, ``if`` blocks) -> the line of the first such import."""
    return {name: _imported(name, path, found) if path.suffix == ".py" else {}
            for name, path in found.items()}


def _imported(name: str, path: Path, found: dict[str, Path]) -> dict[str, int]:
    """The modules among ``found`` that module ``name`` (at ``path``) imports -> first line."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        named: list[str] = []
        if isinstance(node, ast.Import):
            named = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            named = [f"{source}.{alias.name}" for alias in node.names]
        for target in named:
            while target and target not in found:  # a name inside a module: that module
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.setdefault(target, node.lineno)
    return targets


def circles(graph: dict[str, dict[str, int]]) -> list[tuple[list[str], list[str]]]:
    """The import circles: each group of modules that reach one another (Tarjan's strongly
    connected components), as its members and one chain through it that ends where it began."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:  # iterative: deep chains stay within Python's stack
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return [(sorted(group), _chain(graph, group)) for group in sorted(groups, key=min)]


def _chain(graph: dict[str, dict[str, int]], group: set[str]) -> list[str]:
    """The shortest chain of imports from the group's first module back to it."""
    start = min(group)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in sorted(graph[node]):
            if target == start:
                chain = [node]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return [start, *reversed(chain[:-1]), start]
            if target in group and target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"no chain through {sorted(group)}")


def room_of(module: str) -> str | None:
    """The room a module lies in: the first of ``ROOMS`` with a pattern it matches."""
    for room, patterns in ROOMS:
        if any(fnmatch.fnmatchcase(module, p) for p in patterns):
            return room
    return None


MODULES = modules()
GRAPH = imports(MODULES)


def test_the_rooms_are_ordered_and_each_listed_once() -> None:
    assert sorted(ORDER) == sorted(room for room, _ in ROOMS)


def test_no_module_imports_another_that_imports_it_back() -> None:
    found = circles(GRAPH)
    described = [f"{len(group)} modules ({', '.join(group)}), such as " + " → ".join(chain)
                 + "  (" + ", ".join(f"{a} line {GRAPH[a][b]}" for a, b in zip(chain, chain[1:],
                                                                            strict=False)) + ")"
                 for group, chain in found]
    assert not found, "import circles:\n" + "\n".join(described)


def test_every_module_imports_only_its_own_room_or_lower_ones() -> None:
    homeless = [m for m in GRAPH if room_of(m) is None]
    assert not homeless, f"modules in no room (add them to ROOMS here): {homeless}"
    upward = []
    for module, targets in sorted(GRAPH.items()):
        level = ORDER.index(room_of(module))  # type: ignore[arg-type]
        for target, line in sorted(targets.items()):
            if ORDER.index(room_of(target)) > level:  # type: ignore[arg-type]
                upward.append(f"{MODULES[module].relative_to(ROOT)}:{line}: "
                              f"{module} ({room_of(module)}) imports {target} ({room_of(target)})")
    assert not upward, "imports from a lower room to a higher one:\n" + "\n".join(upward)


def _package(root: Path, files: dict[str, str]) -> dict[str, Path]:
    """A throw-away package ``pkg`` under ``root`` made of ``files`` (name -> source)."""
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    for name, source in files.items():
        (root / "pkg" / f"{name}.py").write_text(source)
    return modules(root, ("pkg",))


def test_an_import_inside_a_function_closes_a_circle(tmp_path: Path) -> None:
    found = _package(tmp_path, {
        "low": "def f():\n    from .high import g\n    return g\n",
        "high": "from pkg.low import f\n\ndef g():\n    return f\n",
        "apart": "from . import low\n",
    })
    graph = imports(found)
    assert graph["pkg.low"] == {"pkg.high": 2} and graph["pkg.apart"] == {"pkg.low": 1}
    assert circles(graph) == [(["pkg.high", "pkg.low"], ["pkg.high", "pkg.low", "pkg.high"])]


@pytest.mark.parametrize("module,room", [
    ("assistant.tiles", "tiles"), ("assistant.rules", "hands and engine"),
    ("assistant.scoring.readings", "scoring"), ("assistant.variants.sichuan", "variants"),
    ("assistant", "analysis"), ("vision.recognizer", "vision"),
    ("datasets.synth.art", "datasets"), ("vision.evaluate", "vision training and evaluation"),
    ("assistant.service.common", "service and commands"),
    ("datasets.synth.__main__", "service and commands"), ("elsewhere", None),
])
def test_a_module_lies_in_the_first_room_naming_it(module: str, room: str | None) -> None:
    assert room_of(module) == room
