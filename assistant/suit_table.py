"""Per-suit lookup tables behind shanten: built once by a vectorised DP, cached on disk.

For every pattern of counts in one suit (9 tiles, 0-4 copies each, key = sum c_i * 5**i) and every
target of ``m`` sets (0-5: a 16-tile hand makes five) plus ``p`` pairs (0-1), the table holds
the largest number of the pattern's tiles that a legal suit hand of that shape (no tile more
than four times) can use.
Combining the four groups (three suits and the honours) gives the exact regular-form shanten:
``shanten = (3n + 2) - best_overlap - 1`` (the minimum number of exchanges, minus one). Honours
form no chows, so they get their own table over 7 positions.

Building takes a few seconds with numpy; the result is written next to this module (or to the
user cache when the package directory is read-only) and loaded in milliseconds afterwards. The
cached file is read without numpy (its two arrays are plain bytes in a zip), so neither
``import assistant`` nor the first shanten pays numpy's import (~0.15 s on this machine).
"""

from __future__ import annotations

import ast
import os
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

#: Most sets one group can be asked for: five (the 16-tile hand's five sets and a pair).
MAX_SETS = 5
#: Row width: (m, p) for m in 0..MAX_SETS and p in 0..1, at index 2*m + p.
WIDTH = 2 * MAX_SETS + 2
_NEG = -100
_VERSION = 2
_CACHE_NAME = f"suit_tables_v{_VERSION}.npz"


def _states(chows: bool) -> list[tuple[int, int, int, int]]:
    """DP states (pending1, pending2, sets, pair): chows started one or two tiles back."""
    out = []
    for m in range(MAX_SETS + 1):
        for p in range(2):
            for a in range(5 if chows else 1):
                for b in range(5 if chows else 1):
                    if a + b <= m:
                        out.append((a, b, m, p))
    return out


def _transitions(states: list[tuple[int, int, int, int]], pos: int, chows: bool,
                 ) -> list[tuple[int, int, int]]:
    """(state, next state, tiles of this position used) for every legal move at ``pos``."""
    idx = {s: i for i, s in enumerate(states)}
    moves: set[tuple[int, int, int]] = set()
    max_k = 4 if chows and pos <= 6 else 0
    for s, (a, b, m, p) in enumerate(states):
        for k in range(max_k + 1):
            for pung in (0, 1):
                for pair in (0, 1):
                    used = 3 * pung + 2 * pair + k + a + b
                    m2, p2 = m + k + pung, p + pair
                    if used > 4 or m2 > MAX_SETS or p2 > 1:
                        continue
                    nxt = (k, a, m2, p2) if chows else (0, 0, m2, p2)
                    moves.add((s, idx[nxt], used))
    return sorted(moves)


def build_table(positions: int, chows: bool) -> np.ndarray:
    """Best overlap for every count pattern of ``positions`` tiles: shape (5**positions, WIDTH)."""
    import numpy as np

    states = _states(chows)
    n_states = len(states)
    value = np.full((n_states, 1), _NEG, dtype=np.int16)
    value[states.index((0, 0, 0, 0)), 0] = 0
    for pos in range(positions):
        moves = _transitions(states, pos, chows)
        width = value.shape[1]
        new = np.full((n_states, 5 * width), _NEG, dtype=np.int16)
        for c in range(5):
            block = new[:, c * width:(c + 1) * width]
            for s, s2, used in moves:
                np.maximum(block[s2], value[s] + min(c, used), out=block[s2])
        value = new
    table = np.zeros((value.shape[1], WIDTH), dtype=np.uint8)
    for s, (a, b, m, p) in enumerate(states):
        if a == 0 and b == 0:
            col = 2 * m + p
            table[:, col] = np.maximum(table[:, col], value[s].clip(0))
    return table


def _cache_paths() -> list[Path]:
    here = Path(__file__).resolve().parent / "data" / _CACHE_NAME
    user = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return [here, user / "mahjong-assistant" / _CACHE_NAME]


def _npy_bytes(raw: bytes, rows: int) -> bytes | None:
    """The data of a ``.npy`` file holding a C-ordered uint8 array of ``rows`` x WIDTH, or ``None``
    when the header says anything else (numpy then reads the file)."""
    if not raw.startswith(b"\x93NUMPY") or raw[6] not in (1, 2, 3):
        return None
    size_bytes = 2 if raw[6] == 1 else 4
    start = 8 + size_bytes
    header_len = int.from_bytes(raw[8:start], "little")
    try:
        header = ast.literal_eval(raw[start:start + header_len].decode("latin1"))
    except (ValueError, SyntaxError, UnicodeDecodeError):
        return None
    if header != {"descr": "|u1", "fortran_order": False, "shape": (rows, WIDTH)}:
        return None
    data = raw[start + header_len:]
    return data if len(data) == rows * WIDTH else None


def _read_cache(path: Path) -> tuple[bytes, bytes]:
    """The two tables of a cache file, as bytes."""
    with zipfile.ZipFile(path) as archive:
        suit = _npy_bytes(archive.read("suit.npy"), 5 ** 9)
        honor = _npy_bytes(archive.read("honor.npy"), 5 ** 7)
    if suit is not None and honor is not None:
        return suit, honor
    import numpy as np

    with np.load(path) as data:
        return data["suit"].tobytes(), data["honor"].tobytes()


@lru_cache(maxsize=1)
def tables() -> tuple[bytes, bytes]:
    """The suit table and the honour table as flat bytes (row = key * WIDTH), loading or building."""
    for path in _cache_paths():
        if path.exists():
            return _read_cache(path)
    import numpy as np

    suit, honor = build_table(9, chows=True), build_table(7, chows=False)
    for path in _cache_paths():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp.npz")
            np.savez_compressed(tmp, suit=suit, honor=honor)
            tmp.replace(path)
            break
        except OSError:
            continue
    return suit.tobytes(), honor.tobytes()


def suit_key(counts: list[int], start: int, length: int = 9) -> int:
    """Base-5 key of ``counts[start:start+length]`` (first tile least significant)."""
    key = 0
    for i in range(start + length - 1, start - 1, -1):
        key = key * 5 + counts[i]
    return key
