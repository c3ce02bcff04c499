"""The service's modules import one way: no module of ``assistant/service`` imports, at its top
or inside a function, one that imports it back (``api`` ↔ ``tables_api`` ↔ ``tilesets_api``
shared their JSON body and secret check through each other; ``common`` holds them now)."""

from __future__ import annotations

import ast
from pathlib import Path

SERVICE = Path(__file__).resolve().parent.parent / "assistant" / "service"


def imports() -> dict[str, set[str]]:
    """Each service module → the service modules it imports (relative imports, anywhere)."""
    graph: dict[str, set[str]] = {}
    for path in SERVICE.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
        graph[path.stem] = {m for m in found if (SERVICE / f"{m}.py").is_file()}
    return graph


def test_no_service_module_imports_itself_back() -> None:
    graph = imports()
    assert "tables_api" not in graph["tilesets_api"] and "api" not in graph["tables_api"]

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        stack = list(graph[start])
        while stack:
            name = stack.pop()
            if name not in seen:
                seen.add(name)
                stack.extend(graph.get(name, ()))
        return seen

    circles = sorted(m for m in graph if m != "__init__" and m in reach(m))
    assert not circles, f"service modules that import themselves back: {circles}"
