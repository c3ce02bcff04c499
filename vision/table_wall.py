"""A seat's wall in the whole-table reader's seat frame: which rows of backs are the wall and
which the hidden hand, its upper level seen in one row with a hand, and what lies past its ends
(``vision.table_reader`` places the tiles by them; docs/table-reader.md, "How tiles are placed").
"""

from __future__ import annotations

import numpy as np

from assistant.tiles import BACK, is_bonus
from vision.layout import Box, Row

#: Rows of backs closer than this many tile lengths are one line (the two levels of a wall).
LEVELS = 0.5
#: The wall's upper level is told from the hand standing behind it in one row by a step in depth
#: of at least this share of a box's depth (``upper_level``).
UPPER_STEP = 0.3
#: Whether both wall levels seen in one row with the hand are the wall (``upper_level``); off
#: only to measure without.
TWO_LEVELS = True
#: A line of at most this many tiles inside the hand's (a hand stands as one line of about 13)
#: is a wall's last stacks, not the hand (``back_rows``).
SHORT_WALL = 3
#: The outer of two steps parts the upper level from the hand at this share of a box's depth.
SECOND_STEP = 0.2


def past_wall_end(row: Row) -> list[Box]:
    """A wall row's faces lying three or more in a run past either end of its backs: a meld at
    the seat's right, in line with the wall's upper level where a far seat is seen steeply (a
    wall shows one face, the indicator, and a river tile linked into its row lies inside it)."""
    backs = [k for k, b in enumerate(row.tiles) if b.code == BACK]
    if not backs:
        return []
    ends = [row.tiles[:backs[0]], row.tiles[backs[-1] + 1:]]
    return [b for end in ends if len(end) >= 3 for b in end]


def across(row: Row, box: Box) -> float:
    """How far ``box``'s centre lies beyond ``row``'s line, outward (the seat's frame)."""
    u = row.direction
    n = np.array([-u[1], u[0]])
    n = n if n[1] >= 0 else -n
    origin = np.mean([b.center for b in row.tiles], axis=0)
    return float((box.center - origin) @ n)


def _span(boxes: list[Box]) -> tuple[float, float]:
    """How far ``boxes`` reach along their row: the least left edge and the greatest right."""
    return min(float(b.box[0]) for b in boxes), max(float(b.box[2]) for b in boxes)


def upper_level(backs: list[Box]) -> set[int]:
    """Input indices of the wall's upper level where it lies in one row with the hand behind.

    Seen steeply from the far side, a wall's top tiles lie in the photo where the hand stands:
    one row.  Their centres stay nearer the middle than the standing tiles' by a step (the
    widest between depths sorted, a third of a box's depth at least, thrice the usual step).
    Where both of the wall's levels lie in the row, two such steps part three lines: the wall
    is all before the outer one where the middle line lies over the inner one's stacks (the
    upper level between its lower level and the hand).
    """
    if len(backs) < 4:
        return set()
    ranked = sorted(backs, key=lambda b: float(b.center[1]))
    depths = np.array([float(b.center[1]) for b in ranked])
    steps = np.diff(depths)
    k = int(np.argmax(steps))
    height = float(np.median([b.size[1] for b in backs]))
    usual = float(np.median(np.delete(steps, k))) if len(steps) > 1 else 0.0

    def parts(j: int, share: float = UPPER_STEP) -> bool:  # two tiles or more either side
        return (steps[j] >= share * height and steps[j] >= 3 * usual
                and 2 <= j + 1 <= len(ranked) - 2)

    if not parts(k):
        return set()
    outer = max(j for j in range(len(steps)) if j == k or parts(j, SECOND_STEP))
    if TWO_LEVELS and outer > k:
        # the upper level lies over the lower's stacks: within its span along the row
        lo, hi = _span(ranked[:k + 1])
        if all(lo <= float(b.center[0]) <= hi for b in ranked[k + 1:outer + 1]):
            k = outer
    return {b.index for b in ranked[:k + 1]}


def upper_faces(tiles: list[Box], upper: set[int]) -> set[int]:
    """Input indices of face-up tiles lying on the wall's upper level (``upper_level``) where
    it lies in one row with the hand: level with its backs (within a quarter of the step to the
    hand) and within their span along the row.  Melds lie at the rack's end, nearer the hand."""
    backs = [b for b in tiles if b.index in upper]
    hand = [b for b in tiles if b.code == BACK and b.index not in upper]
    if not backs or not hand:
        return set()
    deepest = max(float(b.center[1]) for b in backs)
    level = deepest + 0.25 * (float(np.median([b.center[1] for b in hand])) - deepest)
    lo, hi = _span(backs)
    return {b.index for b in tiles if b.code != BACK and not is_bonus(b.code)
            and float(b.center[1]) <= level and lo <= float(b.center[0]) <= hi}


def back_rows(rows: list[Row], length: float) -> tuple[list[Row], list[Row]]:
    """A seat's rows of backs -> (its hidden hand's rows, its wall's rows), middle outward.

    Rows closer than ``LEVELS`` tile lengths are one line (a wall stacked two high shows two
    rows from a seat).  The outermost line is the hand when another line lies inside it; a
    single line is the wall where face-up tiles lie beyond it, else the hand (the others', or
    ``self``'s seen from straight above, which shows its backs).  Inside a lone hand line, the
    nearest row of at most ``SHORT_WALL`` tiles with a back is the wall (a back named a face).
    """
    # a hand of a few backs can stand in one row with many melds: three backs make a back row
    count = {id(r): sum(b.code == BACK for b in r.tiles) for r in rows}
    # and a wall's last stack is a back beside the indicator: half a row of backs makes one
    # where a rack lies beyond it (the wall lies between the river and the rack)
    outer = max(r.offset for r in rows) - LEVELS * length if rows else 0.0
    backs = [r for r in rows if count[id(r)] >= 3 or 2 * count[id(r)] > len(r.tiles)
             or 2 * count[id(r)] == len(r.tiles) and r.offset < outer]
    lines: list[list[Row]] = []
    for row in sorted(backs, key=lambda r: r.offset):
        if lines and row.offset - lines[-1][-1].offset < LEVELS * length:
            lines[-1].append(row)
        else:
            lines.append([row])
    if not lines:
        return [], []
    if (len(lines) >= 2 and sum(len(r.tiles) for r in lines[-1]) < 3
            and sum(len(r.tiles) for r in lines[-2]) > SHORT_WALL):
        # a back or two beyond the hand (a box on nothing, or found twice) is no hand: it
        # stands with the line inside it; but a hand stands as one line of about 13, and a
        # line inside of a few stacks is the wall, the back or two beyond what was found of
        # the hand
        lines[-2:] = [lines[-2] + lines[-1]]
    if len(lines) >= 2:
        return lines[-1], [r for line in lines[:-1] for r in line]
    # a row of faces beyond the one line is the rack (his hand, the others' melds whose hand
    # was not found): the line is the wall
    beyond = [r for r in rows
              if r not in backs and r.offset > lines[0][-1].offset + LEVELS * length]
    if beyond:
        return [], lines[0]
    # a wall lies between the river and the rack: a few tiles with a back among them, the row
    # nearest inside the hand, are its last stacks with a back named a face (no back row)
    inside = [r for r in rows if r not in backs
              and r.offset < lines[0][0].offset - LEVELS * length]
    last = max(inside, key=lambda r: r.offset, default=None)
    if last is not None and len(last.tiles) <= SHORT_WALL and count[id(last)] >= 1:
        return lines[0], [last]
    return lines[0], []


def between_backs(groups: list[list[Box]], g: int) -> bool:
    """Whether run ``g`` is one face-up tile, no flower, with two backs or more on either side
    (a meld with a tile read as a back has a face beside its other faces), lying nearer the
    middle than the backs by the wall's step (``UPPER_STEP``; a standing back read as a face
    lies level with the others)."""
    run = groups[g]
    if not (0 < g < len(groups) - 1 and len(run) == 1 and run[0].code != BACK
            and not is_bonus(run[0].code)
            and all(len(groups[h]) >= 2 and all(b.code == BACK for b in groups[h])
                    for h in (g - 1, g + 1))):
        return False
    backs = [b for group in groups for b in group if b.code == BACK]
    level = float(np.median([b.center[1] for b in backs]))
    height = float(np.median([b.size[1] for b in backs]))
    return float(run[0].center[1]) < level - UPPER_STEP * height
