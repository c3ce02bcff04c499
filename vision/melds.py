"""One group of tiles laid apart -> a declared set (chow, pung, kong, concealed kong), or None.

The tile turned sideways is the claimed one; where it lies says whom it came from, as players lay
it (and as the synthetic scenes do): leftmost = from the left (上家), rightmost = from the right
(下家), in between = from opposite (对家).  A chow can only be claimed from the left.  Face-down
tiles beside face-up copies make a concealed kong; its tiles are given as the face they hide.
A seat's rack on a whole table is cut into runs (``runs``) and its runs into sets (``rack_sets``).
"""

from __future__ import annotations

from typing import Any

from assistant.tiles import INDEX, is_bonus, is_suited
from vision.layout import Box, Row, turned

BACK = "back"


def is_chow(codes: list[str]) -> bool:
    """Three consecutive tiles of one suit, in any order."""
    if len(codes) != 3 or not all(is_suited(c) for c in codes):
        return False
    idx = sorted(INDEX[c] for c in codes)
    return idx[0] // 9 == idx[2] // 9 and idx[1] == idx[0] + 1 and idx[2] == idx[0] + 2


def source_of(kind: str, position: int, size: int) -> str:
    """Seat the claimed tile came from, by the display position of the sideways tile."""
    if kind == "chow" or position == 0:
        return "left"
    return "right" if position == size - 1 else "opposite"


def meld_of(codes: list[str], turned: int | None = None) -> dict[str, Any] | None:
    """The meld (hand-state JSON) that ``codes`` laid left to right make, or None if no set.

    ``turned`` is the display position of the sideways tile (the claimed one), if any.
    """
    if not codes or any(is_bonus(c) for c in codes):
        return None
    faces = [c for c in codes if c != BACK]
    if not faces and len(codes) == 4:  # a concealed kong all face down: its tile is unknown
        return {"type": "kong", "tiles": [BACK] * 4, "concealed": True, "from": None}
    if not faces or len(set(faces)) > 1 and not (len(codes) == 3 and is_chow(codes)):
        return None
    if len(codes) == 4:
        if len(faces) < 4:
            return {"type": "kong", "tiles": [faces[0]] * 4, "concealed": True, "from": None}
        kind = "kong"
    elif len(codes) == 3 and len(faces) == 3:
        kind = "chow" if is_chow(codes) else "pung"
    else:
        return None
    meld: dict[str, Any] = {"type": kind, "tiles": list(codes), "concealed": False, "from": None}
    if turned is not None:
        meld["claimed_index"] = turned + 1
        meld["from"] = source_of(kind, turned, len(codes))
    return meld


def split_sets(codes: list[str], gaps: list[float]) -> list[tuple[int, int]] | None:
    """Cut a run of tiles into consecutive sets of 3 or 4: ``[(start, end), ...]`` or None.

    ``gaps`` (one fewer than ``codes``) are the spaces between neighbours; among the possible
    cuts the one that cuts at the widest gaps and keeps the narrow ones inside sets wins
    (dynamic programming from the right end, so long rows cost little).
    """
    n = len(codes)
    best: list[tuple[float, list[tuple[int, int]]] | None] = [None] * (n + 1)
    best[n] = (0.0, [])
    for start in range(n - 3, -1, -1):
        for size in (3, 4):
            end = start + size
            rest = best[end] if end <= n else None
            if rest is None or meld_of(codes[start:end]) is None:
                continue
            score = rest[0] - sum(gaps[start:end - 1]) + (gaps[end - 1] if end < n else 0.0)
            if best[start] is None or score > best[start][0]:
                best[start] = (score, [(start, end)] + rest[1])
    return best[0][1] if best[0] is not None else None


def concealed_kong(codes: list[str]) -> bool:
    """Whether four tiles laid in a row are a concealed kong as it lies on the table: two of
    one face between two backs, or two backs between two of one face (docs/table-reader.md).

    >>> concealed_kong(["back", "5m", "5m", "back"]), concealed_kong(["E", "back", "back", "E"])
    (True, True)
    >>> concealed_kong(["back", "5m", "6m", "back"]), concealed_kong(["back"] * 4)
    (False, False)
    """
    if len(codes) != 4:
        return False
    outer, inner = {codes[0], codes[3]}, {codes[1], codes[2]}
    return len(outer) == 1 and len(inner) == 1 and BACK in outer ^ inner and not any(
        is_bonus(c) for c in codes)


def runs(group: list[Box]) -> list[list[Box]]:
    """A group cut where face-down tiles meet face-up ones: another seat's standing backs and
    the melds laid beside them with no gap between; a concealed kong's backs and faces
    (:func:`concealed_kong`) stay one run."""
    runs: list[list[Box]] = []
    k, kong_ends = 0, -1
    while k < len(group):
        four = group[k:k + 4]
        if concealed_kong([b.code for b in four]):
            runs.append(list(four))
            k, kong_ends = k + 4, len(runs)
            continue
        b = group[k]
        if runs and len(runs) != kong_ends and (runs[-1][-1].code == BACK) == (b.code == BACK):
            runs[-1].append(b)
        else:
            runs.append([b])
        k += 1
    return runs


def row_sets(row: Row, tiles: list[Box]) -> list[tuple[dict[str, Any] | None, list[Box]]] | None:
    """``tiles`` (consecutive in ``row``) cut into sets where the row's gaps allow, each with the
    meld it makes (the sideways tile says from whom; None where its names make none), or None
    where they cut into no sets."""
    where = {b.index: k for k, b in enumerate(row.tiles)}
    gaps = [max(row.gaps[where[a.index]:where[b.index]], default=0.0)
            for a, b in zip(tiles, tiles[1:], strict=False)]
    cuts = split_sets([b.code for b in tiles], gaps)
    if cuts is None:
        return None
    return [(meld_of([b.code for b in tiles[start:end]], turned(row, tiles[start:end])),
             tiles[start:end]) for start, end in cuts]


def rack_sets(row: Row, group: list[Box]) -> list[tuple[dict[str, Any], list[Box]]] | None:
    """A group of the rack cut into declared sets (``row_sets``), or None where any makes no
    meld."""
    codes = [b.code for b in group]
    if len(codes) < 3 or all(c == BACK for c in codes) and len(codes) != 4:
        return None
    sets = row_sets(row, group)
    if sets is None or any(meld is None for meld, _ in sets):
        return None
    out = []
    for meld, chunk in sets:
        if meld.get("concealed"):
            # as it lies: the faces shown, the others unknown, so a table counts only those
            # seen (``assistant.table_view.seen_on_table``)
            meld["tiles"] = [b.code for b in chunk]
        out.append((meld, chunk))
    return out
