"""The compiled core (``assistant/_core.c``) when it is built, else ``None``: the engine's switch.

The public functions of :mod:`assistant.shanten`, :mod:`assistant.waits`, :mod:`assistant.advice`,
:mod:`assistant.batch` and :mod:`assistant.decompose` (and the counting of a hand's tile codes in
:mod:`assistant.hand` and :mod:`assistant.rules`) ask ``native.core`` first and answer on their
pure-Python path when it is ``None`` or when the core returns ``NotImplemented`` (input it does
not take: too many copies, the wrong length, a type it does not read). Both paths give the same answers
(``tests/test_native_core.py``). Set ``MAHJONG_ASSISTANT_PURE=1`` to force the pure-Python path,
e.g. to compare the two or to rule the core out when chasing a bug.

>>> describe() in ("compiled core (assistant._core)", "pure Python (the compiled core is not built)",
...                f"pure Python ({PURE_ENV} is set)")
True
"""

from __future__ import annotations

import os
from types import ModuleType

from .suit_table import tables

#: The environment variable that forces the pure-Python path when set to anything but 0 or empty.
PURE_ENV = "MAHJONG_ASSISTANT_PURE"


def _load() -> ModuleType | None:
    """The extension, or ``None`` where it is not built or the environment asks for pure Python."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return None
    try:
        from . import _core
    except ImportError:
        return None
    _core.set_loader(tables)  # the tables are read on the core's first call, not at import
    return _core


core: ModuleType | None = _load()


def describe() -> str:
    """Which path answers, in words for engineers (the benchmark's first line, a bug report)."""
    if core is not None:
        return "compiled core (assistant._core)"
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return f"pure Python ({PURE_ENV} is set)"
    return "pure Python (the compiled core is not built)"
