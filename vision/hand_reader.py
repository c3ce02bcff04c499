"""Recognised tiles -> the player's hand state (engine JSON) and the doubts about it.

Input: detections as ``mahjong-assistant detect --json`` prints them, ``{"tile": code, "box":
[x1, y1, x2, y2], "confidence": p}`` (an optional ``"sideways": bool`` is honoured).  The rows
and groups come from :mod:`vision.layout`; this module decides what each row is:

* rows of five or more face-down tiles are other players' hands or the wall: ignored;
* the nearest row (lowest in the photo) is the meld row when every group in it is a set or bonus
  tiles and another row lies behind it; the row behind is then the concealed hand;
* otherwise the nearest row is the concealed hand; a second row behind it is added when the hand
  is short of 13 tiles with one row and complete with both (a hand laid in two rows);
* the winning tile is the one the caller names, else a single tile set apart at the right end of
  the concealed row (or lying just beyond it), when the hand then makes 14 tiles;
* groups beside the concealed row that carry a sideways or face-down tile are melds laid to the
  side; bonus tiles (flowers, seasons) anywhere in the hand are collected under ``bonus``.

Tiles are numbered 1.. in reading order (rows far to near, each left to right); corrections
(``3=5p``: tile 3 is 5p; ``3=-``: tile 3 is not a tile) use these numbers.  Anything unsure is a
*doubt* naming its tiles: a tile under the confidence threshold, a fifth copy, a group that is no
set, a face-down tile outside a concealed kong, a tile count that fits no hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from assistant.errors import MahjongError
from assistant.hand import HandState
from assistant.tiles import ALL_CODES, BACK, is_bonus, parse_tiles
from vision.layout import Box, Row, extents, find_rows, tile_width, trend_line, turned
from vision.melds import row_sets

#: Tiles recognised with less confidence than this are doubts.
MIN_CONFIDENCE = 0.5
#: The last tile of the concealed row is set apart (the winning tile) when the centre spacing
#: before it is the row's widest and exceeds the usual spacing there (the others' spacings,
#: extrapolated along the row for perspective) by this fraction ...
WIN_SPACING = 0.2
#: ... or, in a row of two tiles, the centre spacing exceeds the tile width by this.
WIN_GAP_SHORT = 0.1
#: A group beside the concealed row is a meld laid to the side only with a face-down tile or a
#: clearly sideways one (evidence this much above the usual sideways test, see layout.turned).
SIDE_MELD = 0.2
#: A lone tile is a winning tile set apart past the concealed row's end when its centre lies this
#: many tile widths beyond the last tile's (past it, with a gap of up to a tile and a half) ...
BEYOND_ALONG = (0.75, 2.5)
#: ... and at most this many tile heights off the row's line (a tile laid flat beside standing
#: ones has its centre lower; a discard behind the row is further off).
BEYOND_ACROSS = 1.2


@dataclass
class Reading:
    """What was read: tiles in reading order, the hand state, its groups and the doubts."""

    tiles: list[Box]
    hand: dict[str, Any]
    groups: list[dict[str, Any]] = field(default_factory=list)
    doubts: list[dict[str, Any]] = field(default_factory=list)
    numbers: dict[int, int] = field(default_factory=dict)  # input index -> reading number

    @property
    def sure(self) -> bool:
        return not self.doubts

    def number(self, box: Box) -> int:
        """The 1-based reading number of a tile (as read before any correction dropped tiles,
        so that the numbers of a report stay valid for the next run's corrections)."""
        return self.numbers.get(box.index) or next(
            k for k, t in enumerate(self.tiles, 1) if t.index == box.index)

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "groups": self.groups, "doubts": self.doubts,
                "order": [t.index for t in self.tiles]}


def boxes_from_detections(detections: Any) -> list[Box]:
    """Check the detections and turn them into layout boxes (index = position in the input)."""
    if isinstance(detections, dict):
        detections = detections.get("tiles", detections.get("detections"))
    if not isinstance(detections, list):
        raise MahjongError("detections must be a list of {tile, box, confidence} objects",
                           "detections")
    out = []
    for k, d in enumerate(detections):
        if not isinstance(d, dict) or "box" not in d or "tile" not in d:
            raise MahjongError(f"detection {k + 1} needs 'tile' and 'box'", d)
        box = d["box"]
        if (not isinstance(box, list | tuple) or len(box) != 4
                or not all(isinstance(v, int | float) for v in box)):
            raise MahjongError(f"detection {k + 1}: box must be [x1, y1, x2, y2]", box)
        code = d["tile"]
        if code not in ALL_CODES and code != BACK:
            raise MahjongError(f"detection {k + 1}: unknown tile code {code!r}", code)
        side = d.get("sideways")
        out.append(Box(k, code, (float(box[0]), float(box[1]), float(box[2]), float(box[3])),
                       unit_score(d, "confidence", k), bool(side) if side is not None else None))
    return out


def unit_score(detection: dict[str, Any], key: str, index: int) -> float:
    """A detection's score ``key`` (``confidence``, or the detector's ``detection``): a number
    from 0 to 1, 1 where not given (tiles typed in); anything else refused, naming the tile."""
    value = detection.get(key, 1.0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        if key == "detection":
            raise MahjongError(f"detection {index + 1}: its detection score must be a number "
                               "from 0 to 1", value)
        raise MahjongError(f"detection {index + 1}: its confidence must be a number from 0 to 1",
                           value)
    return float(value)


def parse_fix(text: str) -> tuple[int, str | None]:
    """``"3=5p"`` -> (3, "5p"); ``"3=-"`` -> (3, None): tile 3 is not a tile at all."""
    number, sep, code = text.partition("=")
    if not sep or not number.strip().isdigit() or int(number) < 1:
        raise MahjongError(f"a correction is N=TILE (e.g. 3=5p, or 3=- to drop tile 3), got "
                           f"{text!r}", text)
    code = code.strip()
    if code in ("-", "none", "x"):
        return int(number), None
    if code == BACK:
        return int(number), BACK
    tiles = parse_tiles(code)
    if len(tiles) != 1:
        raise MahjongError(f"correction {text!r}: one tile expected after '='", code)
    return int(number), tiles[0]


def reading_order(boxes: list[Box]) -> list[Box]:
    """Tiles in reading order: rows far to near, each left to right."""
    return [t for row in find_rows(boxes) for t in row.tiles]


def apply_fixes(boxes: list[Box], fixes: list[str]) -> list[Box]:
    """Boxes with corrections applied (numbers refer to the reading order of ``boxes``)."""
    order = reading_order(boxes)
    changes = dict(parse_fix(f) for f in fixes)
    for number in changes:
        if number > len(order):
            raise MahjongError(f"correction for tile {number}, but only {len(order)} tiles were "
                               "read", number)
    out = []
    for k, box in enumerate(order, 1):
        if k not in changes:
            out.append(box)
        elif changes[k] is not None:
            out.append(Box(box.index, str(changes[k]), box.box, 1.0, box.sideways))
    return sorted(out, key=lambda b: b.index)


@dataclass
class _Parts:
    concealed: list[Box] = field(default_factory=list)
    win: Box | None = None
    melds: list[tuple[dict[str, Any], list[Box]]] = field(default_factory=list)
    bonus: list[Box] = field(default_factory=list)
    loose: list[tuple[str, list[Box]]] = field(default_factory=list)  # (why, tiles) in doubt
    ignored: list[Box] = field(default_factory=list)


def _is_foreign(row: Row) -> bool:
    """Other players' standing tiles or the wall: a long row of backs."""
    return len(row.tiles) >= 5 and all(t.code == BACK for t in row.tiles)


def _plain(tiles: list[Box]) -> list[Box]:
    return [t for t in tiles if not is_bonus(t.code)]


def _row_sets(row: Row, tiles: list[Box]) -> list[tuple[dict[str, Any], list[Box]]] | None:
    """Cut ``tiles`` (consecutive in ``row``, bonus tiles left out) into melds, or None."""
    sets = row_sets(row, tiles)
    return None if sets is None else [(meld, chunk) for meld, chunk in sets if meld is not None]


def _take_melds(row: Row, parts: _Parts) -> bool:
    """Read ``row`` as the meld row if it is one: every tile in sets, or several groups of which
    most are sets carrying a sideways or face-down tile (the others become doubts)."""
    melds = _row_sets(row, _plain(row.tiles))
    if melds is None:
        groups = [_plain(g) for g in row.groups if _plain(g)]
        read = [(g, _row_sets(row, g)) for g in groups]
        good = [m for _, m in read if m]
        marked = any(any(t.code == BACK for t in ts) or m.get("claimed_index")
                     for ms in good for m, ts in ms)
        if len(groups) < 2 or not marked or 2 * len(good) < len(groups):
            return False
        melds = [m for ms in good for m in ms]
        parts.loose += [("not a set", g) for g, m in read if not m]
    parts.melds += melds
    parts.bonus += [t for t in row.tiles if is_bonus(t.code)]
    return True


def _size(parts: _Parts, extra: int = 0) -> int:
    return len(parts.concealed) + 3 * len(parts.melds) + extra


def _take_concealed(row: Row, parts: _Parts, trim: bool = False) -> list[Box]:
    """The concealed row's tiles; melds laid to its side are taken out.

    With ``trim``, a row holding more tiles than a hand (loose tiles lying in line with it) keeps
    only the run of groups that fits, round its biggest group; the rest is ignored.  Returns the
    last tile when it is set apart: the widest gap of the part kept is the one before it (the
    caller keeps it as the winning tile only if the hand then makes 14).
    """
    kept: list[list[Box]] = []
    for group in row.groups:
        parts.bonus += [t for t in group if is_bonus(t.code)]
        tiles = _plain(group)
        marked = any(t.code == BACK for t in tiles) or turned(row, tiles, SIDE_MELD) is not None
        melds = _row_sets(row, tiles) if marked and len(row.groups) > 1 else None
        if melds:
            parts.melds += melds
        elif tiles:
            kept.append(tiles)
    if trim:
        kept = _trim(kept, 13 - 3 * len(parts.melds) - len(parts.concealed), parts)
    flat = [t for g in kept for t in g]
    parts.concealed += flat
    if len(flat) < 2:
        return []
    return [flat[-1]] if _set_apart(row, flat) else []


def _set_apart(row: Row, tiles: list[Box]) -> bool:
    """Whether the last of ``tiles`` (a run of a row, in order) lies set apart from the rest.

    Centre spacings are used rather than the gaps between boxes: a winning tile laid flat beside
    a standing row, or half hidden, has a box unlike its neighbours', but its centre still lies
    a good part of a tile further on.  The usual spacing is the others' robust trend along the
    row (perspective shrinks the far end), extrapolated to the last place.
    """
    u = row.direction
    spacing = np.diff([float(t.center @ u) for t in tiles])
    if len(spacing) < 2:
        width = float(np.median([min(extents(t, u)) for t in tiles]))
        return bool(spacing[0] / max(width, 1e-6) - 1 > WIN_GAP_SHORT)
    slope, intercept = trend_line(spacing[:-1])
    usual = np.maximum(slope * np.arange(len(spacing)) + intercept, 1e-6)
    relative = spacing / usual - 1
    return bool(relative[-1] > WIN_SPACING and relative[-1] >= max(relative[:-1]))


def _trim(groups: list[list[Box]], need: int, parts: _Parts) -> list[list[Box]]:
    """The run of consecutive groups that makes ``need`` or ``need + 1`` tiles, if the whole
    row has more; the longest such run that holds the biggest group."""
    sizes = [len(g) for g in groups]
    if sum(sizes) <= need + 1 or len(groups) < 2:
        return groups
    biggest = int(np.argmax(sizes))
    runs = [(i, j) for i in range(len(groups)) for j in range(i + 1, len(groups) + 1)
            if i <= biggest < j and sum(sizes[i:j]) in (need, need + 1)]
    if not runs:
        return groups
    i, j = max(runs, key=lambda r: sum(sizes[r[0]:r[1]]))
    parts.ignored += [t for g in groups[:i] + groups[j:] for t in g]
    return groups[i:j]


def _beyond_end(row: Row, singles: list[Row], width: float) -> Box | None:
    """A lone tile lying just past the right end of ``row`` (a winning tile set apart), not one
    overlapping its end nor a discard some tiles further on."""
    if not row.tiles:
        return None
    last = row.tiles[-1]
    u = row.direction
    n = np.array([-u[1], u[0]])
    best, best_d = None, np.inf
    for o in singles:
        t = o.tiles[0]
        if is_bonus(t.code) or t is last:
            continue
        d = t.center - last.center
        along, across = float(d @ u), abs(float(d @ n))
        height = max(extents(last, u)[1], extents(t, u)[1])
        near = BEYOND_ALONG[0] * width <= along <= BEYOND_ALONG[1] * width
        if near and across <= BEYOND_ACROSS * height and along < best_d:
            best, best_d = t, along
    return best


def _pick_concealed(rows: list[Row], need: int, singles: list[Row], width: float
                    ) -> tuple[list[Row], Box | None]:
    """The concealed row(s), nearest first, and a winning tile lying beyond its end if any.

    ``need`` is the concealed count of a 13-tile hand with the melds found.  A row that makes 13
    with a lone tile just past its end wins over one that fits alone, which wins over the
    nearest row of two or more tiles; two rows together make a hand laid in two rows.
    """
    counts = [len(_plain(r.tiles)) for r in rows]
    for r, c in zip(rows, counts, strict=True):
        if c == need:
            win = _beyond_end(r, singles, width)
            if win is not None:
                return [r], win
    for r, c in zip(rows, counts, strict=True):
        if c in (need, need + 1):
            return [r], None
    for k in range(len(rows) - 1):
        if counts[k] + counts[k + 1] in (need, need + 1) and min(counts[k], counts[k + 1]) >= 2:
            return [rows[k + 1], rows[k]], None
    big = [r for r, c in zip(rows, counts, strict=True) if c >= 2]
    return (big or rows)[:1], None


def _assign(rows: list[Row], parts: _Parts, win_code: str | None) -> None:
    """Decide what each row is (see the module docstring) and fill ``parts``."""
    hand_rows = []
    for row in rows:
        (parts.ignored.extend(row.tiles) if _is_foreign(row) else hand_rows.append(row))
    near_first = [r for r in reversed(hand_rows) if _plain(r.tiles)]
    width = tile_width(rows)
    if not near_first:
        parts.bonus += [t for r in hand_rows for t in r.tiles if is_bonus(t.code)]
        return
    used: list[Row] = []
    big = [r for r in near_first if len(_plain(r.tiles)) >= 3]
    if big and any(r.offset < big[0].offset for r in near_first) and _take_melds(big[0], parts):
        used.append(big[0])
        near_first = [r for r in near_first if r.offset < big[0].offset]
    singles = [r for r in hand_rows if len(r.tiles) == 1]
    chosen, win = _pick_concealed(near_first, 13 - 3 * len(parts.melds), singles, width)
    apart: list[Box] = []
    for r in chosen:  # far row first: reading order
        apart = _take_concealed(r, parts, trim=len(chosen) == 1)
    used += chosen
    if win is not None and win_code is None:
        parts.win = win
        used.append(next(r for r in singles if r.tiles[0] is win))
    else:
        _find_win(parts, apart, win_code, [t for r in singles for t in r.tiles])
    for r in hand_rows:
        if any(r is u for u in used):
            continue
        for t in r.tiles:
            if t is parts.win:
                continue
            (parts.bonus if is_bonus(t.code) else parts.ignored).append(t)


def _find_win(parts: _Parts, apart: list[Box], win_code: str | None, loose: list[Box]) -> None:
    """The winning tile: the one the caller names, else one set apart at the row's end."""
    if win_code is not None:
        if parts.win is None:
            pool = parts.concealed + (loose if _size(parts) == 13 else [])
            pick = [t for t in pool if t.code == win_code]
            if pick:
                parts.win = pick[-1] if pick[-1] in parts.concealed else pick[0]
        if parts.win is not None and parts.win.code != win_code:
            parts.concealed.append(parts.win)
            parts.win = next((t for t in reversed(parts.concealed) if t.code == win_code), None)
        if parts.win is None:
            parts.loose.append((f"the winning tile {win_code} is not in the hand", []))
        elif parts.win in parts.concealed:
            parts.concealed.remove(parts.win)
        return
    if len(apart) == 1 and _size(parts) == 14:
        parts.win = apart[0]
        parts.concealed.remove(apart[0])


def _doubts(parts: _Parts, min_confidence: float, number: dict[int, int]) -> list[dict[str, Any]]:
    """Everything unsure about the reading, each naming its tiles by reading number."""
    out: list[dict[str, Any]] = []

    def add(kind: str, message: str, tiles: list[Box]) -> None:
        out.append({"kind": kind, "message": message, "tiles": [number[t.index] for t in tiles]})

    hand_tiles = parts.concealed + ([parts.win] if parts.win else []) + parts.bonus
    hand_tiles += [t for _, ts in parts.melds for t in ts]
    for why, tiles in parts.loose:
        add("group", why, tiles)
    low = [t for t in hand_tiles if t.confidence < min_confidence]
    for t in low:
        add("confidence", f"{t.code} recognised with confidence {t.confidence:.2f}", [t])
    for t in parts.concealed + ([parts.win] if parts.win else []):
        if t.code == BACK:
            add("back", "a face-down tile outside a concealed kong cannot be read", [t])
    for m, tiles in parts.melds:
        if m["concealed"] and all(t.code == BACK for t in tiles):
            add("back", "a concealed kong with every tile face down: name one of them with "
                "--fix N=TILE", tiles)
    faces: Counter[str] = Counter(t.code for t in parts.concealed + ([parts.win] if parts.win
                                                                      else []))
    for m, _ in parts.melds:
        faces.update(m["tiles"])
    for code, c in faces.items():
        if code != BACK and c > 4:
            tiles = [t for t in hand_tiles if t.code == code]
            add("copies", f"{c} copies of {code}, but a tile has only four", tiles)
    for code, c in Counter(t.code for t in parts.bonus).items():
        if c > 1:
            add("copies", f"bonus tile {code} {c} times; there is one of each",
                [t for t in parts.bonus if t.code == code])
    n = _size(parts, 1 if parts.win else 0)
    if n not in (13, 14):
        add("count", f"{n} tiles read (a kong counting 3): a hand has 13 or 14",
            parts.concealed + ([parts.win] if parts.win else []))
    return out


def read_hand(detections: Any, win_tile: str | None = None, fixes: list[str] | None = None,
              min_confidence: float = MIN_CONFIDENCE) -> Reading:
    """Read the hand in a list of detections; never raises for an odd layout, reports doubts."""
    boxes = boxes_from_detections(detections)
    number = {t.index: k for k, t in enumerate(reading_order(boxes), 1)}
    if fixes:
        boxes = apply_fixes(boxes, fixes)
    rows = find_rows(boxes)
    order = sorted((t for r in rows for t in r.tiles), key=lambda t: number[t.index])
    parts = _Parts()
    _assign(rows, parts, win_tile)
    melds = [m for m, _ in parts.melds]
    hand = {"concealed": [t.code for t in parts.concealed], "melds": melds,
            "win_tile": parts.win.code if parts.win else None,
            "bonus": [t.code for t in parts.bonus]}
    doubts = _doubts(parts, min_confidence, number)
    if not doubts:
        try:
            HandState.from_json(hand)
        except MahjongError as exc:
            doubts.append({"kind": "hand", "message": str(exc), "tiles": []})
    groups = [{"kind": "concealed", "tiles": [number[t.index] for t in parts.concealed]}]
    groups += [{"kind": "meld", "meld": m, "tiles": [number[t.index] for t in ts]}
               for m, ts in parts.melds]
    if parts.win:
        groups.append({"kind": "win", "tiles": [number[parts.win.index]]})
    if parts.bonus:
        groups.append({"kind": "bonus", "tiles": [number[t.index] for t in parts.bonus]})
    if parts.ignored:
        groups.append({"kind": "ignored", "tiles": sorted(number[t.index] for t in parts.ignored)})
    return Reading(order, hand, groups, doubts, number)
