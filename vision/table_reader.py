"""Recognised tiles of a whole table -> seats, zones, river order, melds and the indicator.

The arrange stage for a photo of the whole table: it takes what the recognizer gives per tile
(``{"tile", "box", "confidence", "unsure", "detection"}`` as ``detect --json`` prints them, an
optional ``"sideways"`` honoured) and works from where each tile lies:

1. **The table plane** (:mod:`vision.table_plane`): the perspective undone from the tiles' box
   areas (1/depth cubed, 1/depth affine in pixel position on a plane), the shear left from the
   table's two directions of rows, each axis scaled by the tiles' spread (a table is square), so
   photos from a seat (tilted 20-60 degrees) and from above read alike.
2. **Seats.** Around the middle of the tiles, a tile belongs to the side of the square it lies
   towards: ``self`` at the bottom of the photo, then ``right``, ``across``, ``left``
   counter-clockwise as the players sit.
3. **Zones.** In each seat's own frame (its left to right, its depth from the middle outward)
   the outermost band is the seat's rack: standing backs are its hidden hand (counted, not read),
   face-up groups that make sets are melds (the sideways tile of :func:`vision.layout.turned`
   says who gave it, :func:`vision.melds.meld_of`), flowers are bonus, the rest of ``self``'s
   faces are his hand.  Inside the band, face-down tiles are the wall and a face-up tile lying in
   the wall's line is the indicator; the other face-up tiles are the river, read in rows from the
   middle outward, each left to right from the seat's own point of view (``find_rows``).
4. **One indicator**, chosen by where it lies before how likely it is a face: in a row of the
   wall's backs, then level with the wall's upper level seen in line with a hand, then alone near
   the wall's line (a face-up row there is a river's last row); among faces lying alike, the one
   the detector (``"detection"``, where given) and the classifiers together find likeliest (the
   product of their scores); a face both doubt is a back read as a face, no indicator.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from assistant.catalogue import text
from assistant.errors import MahjongError
from assistant.table_view import COPIES
from assistant.tiles import BACK, is_bonus
from vision.check import FACE_NOT_BACK
from vision.find import DEFAULT_THRESHOLDS
from vision.hand_reader import boxes_from_detections, unit_score
from vision.layout import Box, Row, find_rows
from vision.melds import rack_sets, runs
from vision.table_plane import (
    DIAGONAL,
    INSIDE,
    fit_plane,
    seat_frame,
    seat_of,
    usual_aspects,
)
from vision.table_wall import (
    across,
    back_rows,
    between_backs,
    past_wall_end,
    upper_faces,
    upper_level,
)

SEATS = ("self", "right", "across", "left")
ZONES = ("hand", "meld", "river", "bonus", "indicator", "wall")
#: A full set is 144 tiles; more found than this is no table (or boxes found twice).
MAX_TILES = 160
#: The seat's rack is the band this many tile lengths deep at its outer edge.
RACK_BAND = 1.3
#: A face-up tile within this many tile lengths of the wall's line (across it) lies on or in the
#: wall: the indicator.
WALL_LINE = 0.6
#: How surely a face-up tile is the indicator, by where it lies (``_choose_indicator`` takes the
#: surest place first, then the surest name): in a row of the wall's backs; level with the wall's
#: upper level where that lies in one row with a hand; alone near the wall's line.
ON_WALL, UPPER_LEVEL, NEAR_WALL = 0, 1, 2
#: A face on the wall's line that the detector doubts is a tile (under ``Thresholds.sure_tile``)
#: and the classifiers name with little probability (under ``check.FACE_NOT_BACK``, which makes
#: an unlike back a face) is one of the wall's backs read as a face, not the indicator: on seeds
#: 63 / 64 / 66 / 67 of ``vision.evaluate_table`` the four indicators read where none lay were
#: such (detector 0.38-0.48, named at 0.07-0.21: gen-15's pale backs on the far wall), and of the
#: 64 read right none was (those the detector doubted were named at 0.48 or more).
DOUBTED = (DEFAULT_THRESHOLDS.sure_tile, FACE_NOT_BACK)
#: A tile near a diagonal continues a seat's row when it lies level with a neighbour there to
#: within this many tile widths (``_corners_by_rows``).
ROW_FIT = 0.3


@dataclass
class TableTile:
    """One tile of the photo as placed: input index, code, box, seat, zone and its order."""

    index: int
    code: str
    box: tuple[float, float, float, float]
    confidence: float
    unsure: bool
    detection: float = 1.0  # the detector's score, where the recognizer gave one
    seat: str | None = None
    zone: str | None = None
    order: int | None = None
    meld: int | None = None
    on_wall: int = NEAR_WALL  # for an indicator: where it lies (``ON_WALL`` ...) ...
    aside: str = "river"  # ... and its zone where another is the indicator
    frame: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # box in the seat's frame

    def to_json(self) -> dict[str, Any]:
        """The tile as the answer's ``tiles`` list gives it."""
        out = {"tile": self.code, "box": [round(v, 1) for v in self.box], "seat": self.seat,
               "zone": self.zone, "order": self.order, "confidence": round(self.confidence, 4),
               "unsure": self.unsure}
        if self.meld is not None:
            out["meld"] = self.meld
        return out


def _corners_by_rows(tiles: list[TableTile], middles: np.ndarray, corners: np.ndarray) -> None:
    """Face-up tiles near a diagonal go to the seat whose row they continue (in place).

    In its own seat's frame such a tile lies level with a neighbour one tile along; in the other
    seat's frame its nearest tiles are a row and a column off.  Where neither seat's rows say so
    clearly, a tile lying nearer the middle than a seat's first row by half a tile
    (``_inside_rows``) is not that seat's (each river starts as far out as the others end); else
    it is kept as the aspect said.
    """
    x, y = np.abs(middles[:, 0]), np.abs(middles[:, 1])
    near = [k for k, t in enumerate(tiles) if t.code != BACK and abs(x[k] - y[k]) < DIAGONAL
            and max(x[k], y[k]) < INSIDE]
    if not near:
        return
    settled = {k: tiles[k].seat for k in range(len(tiles))
               if k not in near and tiles[k].code != BACK and max(x[k], y[k]) < INSIDE}
    for k in near:
        vertical = "self" if middles[k, 1] > 0 else "across"
        horizontal = "right" if middles[k, 0] > 0 else "left"
        fits = {seat: _row_fit(seat, k, [j for j, s in settled.items() if s == seat], middles,
                               corners) for seat in (vertical, horizontal)}
        good = [seat for seat, fit in fits.items() if fit < ROW_FIT]
        if len(good) != 1:
            good = [seat for seat in fits if not _inside_rows(
                seat, k, [j for j, s in settled.items() if s == seat], middles, corners)]
        if len(good) == 1:
            tiles[k].seat = good[0]


def _inside_rows(seat: str, k: int, others: list[int], middles: np.ndarray,
                 corners: np.ndarray) -> bool:
    """Whether tile ``k`` lies nearer the middle than all of ``seat``'s tiles ``others`` by over
    half a tile's depth (in that seat's frame)."""
    if not others:
        return False
    depth = seat_frame(seat, middles[[k, *others]])[:, 1]
    tile = float(np.median([np.ptp(seat_frame(seat, corners[j])[:, 1]) for j in others]))
    return bool(depth[0] < depth[1:].min() - 0.5 * tile)


def _row_fit(seat: str, k: int, others: list[int], middles: np.ndarray,
             corners: np.ndarray) -> float:
    """How far off level tile ``k`` lies with its nearest neighbour along ``seat``'s rows, in
    tile widths (infinite with no neighbour within two widths along)."""
    if not others:
        return np.inf
    frame = seat_frame(seat, middles[[k, *others]])
    widths = [np.ptp(seat_frame(seat, corners[j])[:, 0]) for j in others]
    width = float(np.median(widths))
    along = np.abs(frame[1:, 0] - frame[0, 0])
    level = np.abs(frame[1:, 1] - frame[0, 1])
    close = along < 2.0 * width
    return float(level[close].min() / width) if close.any() else np.inf


@dataclass
class TableReading:
    """The placed tiles and what they make, by seat."""

    tiles: list[TableTile]
    indicator: str | None = None
    melds: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    notes: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The answer: seats, indicator, every tile once, notes in Chinese and English."""
        seats: dict[str, dict[str, Any]] = {}
        for seat in SEATS:
            mine = [t for t in self.tiles if t.seat == seat]

            def zone(name: str, tiles: list[TableTile] = mine) -> list[TableTile]:
                return sorted((t for t in tiles if t.zone == name),
                              key=lambda t: (t.order if t.order is not None else 0))

            hand = zone("hand")
            seats[seat] = {"hand": [t.code for t in hand if t.code != BACK],
                           "hidden": sum(t.code == BACK for t in hand),
                           "melds": self.melds.get(seat, []),
                           "river": [t.code for t in zone("river")],
                           "bonus": [t.code for t in zone("bonus")],
                           "wall": len(zone("wall"))}
        return {"seats": seats, "indicator": self.indicator,
                "tiles": [t.to_json() for t in sorted(self.tiles, key=lambda t: t.index)],
                "notes": self.notes}


def note(key: str, seat: str | None = None, zone: str | None = None,
         **params: Any) -> dict[str, str]:
    """A note for the player, in both languages from the catalogue (a seat, a zone in its
    words)."""
    out = {"key": key}
    for lang in ("zh", "en"):
        words = {"seat": text(f"table.seat.{seat}", lang)} if seat else {}
        if zone:
            words["zone"] = text(f"table.zone.{zone}", lang)
        out[lang] = text(key, lang, **params, **words)
    return out


def read_table(detections: Any, corrections: Any = None) -> TableReading:
    """Arrange a whole table's recognised tiles (``detect``'s list) into seats and zones.

    ``corrections``: ``[{"index": i, "seat": s, "zone": z}, ...]`` puts tile ``i`` (its place in
    ``detections``) where the player says, however it was read.
    """
    raw = detections.get("tiles", detections.get("detections")) if isinstance(
        detections, dict) else detections
    if isinstance(raw, list) and len(raw) > MAX_TILES:
        raise MahjongError(f"{len(raw)} tiles found in the photo, more than the {MAX_TILES} a "
                           "table can hold", len(raw))
    boxes = boxes_from_detections(raw if raw is not None else [])
    for b in boxes:
        if not all(np.isfinite(b.box)) or max(abs(v) for v in b.box) > 1e7:
            raise MahjongError(f"detection {b.index + 1}: box must be [x1, y1, x2, y2]",
                               list(b.box))
    fixes = parse_corrections(corrections, len(boxes))
    tiles = [TableTile(b.index, b.code, b.box, b.confidence, bool(raw[b.index].get("unsure")),
                       unit_score(raw[b.index], "detection", b.index)) for b in boxes]
    reading = TableReading(tiles)
    if not boxes:
        reading.notes.append(note("table.no_tiles"))
        return reading
    plane = fit_plane(boxes)
    corners = np.array([[[b.box[0], b.box[1]], [b.box[2], b.box[1]], [b.box[0], b.box[3]],
                         [b.box[2], b.box[3]]] for b in boxes]).reshape(-1, 2)
    table_corners = plane.to_table(corners).reshape(len(boxes), 4, 2)
    middles = plane.to_table(np.array([b.center for b in boxes]))
    aspects = np.log(np.ptp(table_corners[:, :, 0], axis=1) + 1e-9) - np.log(
        np.ptp(table_corners[:, :, 1], axis=1) + 1e-9)
    faces = np.array([t.code != BACK for t in tiles])
    usual = usual_aspects(middles, aspects, faces)
    for tile, mid, aspect, face in zip(tiles, middles, aspects, faces, strict=True):
        tile.seat = seat_of(mid, float(aspect) if face else None, usual)
    _corners_by_rows(tiles, middles, table_corners)
    for k, fix in fixes.items():
        if fix.get("seat"):
            tiles[k].seat = fix["seat"]
    for seat in SEATS:
        mine = [t for t in tiles if t.seat == seat]
        for t in mine:
            pts = seat_frame(seat, table_corners[t.index])
            t.frame = (float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max()),
                       float(pts[:, 1].max()))
        _arrange_seat(reading, seat, mine, fixes)
    _choose_indicator(reading, {k for k, fix in fixes.items() if fix.get("zone") == "indicator"})
    _check(reading)
    return reading


def parse_corrections(corrections: Any, count: int) -> dict[int, dict[str, str]]:
    """Check the player's corrections: tile index -> {"seat", "zone"} (either may be absent)."""
    if corrections in (None, []):
        return {}
    if not isinstance(corrections, list):
        raise MahjongError("corrections must be a list of {index, seat, zone} objects",
                           "corrections")
    out: dict[int, dict[str, str]] = {}
    for fix in corrections:
        if not isinstance(fix, dict) or not isinstance(fix.get("index"), int):
            raise MahjongError("corrections must be a list of {index, seat, zone} objects", fix)
        if not 0 <= fix["index"] < count:
            raise MahjongError(f"correction for tile {fix['index']}, but the photo has {count} "
                               "tiles", fix["index"])
        seat, zone = fix.get("seat"), fix.get("zone")
        if seat is not None and seat not in SEATS:
            raise MahjongError(f"unknown seat {seat!r}: seats are self, right, across, left", seat)
        if zone is not None and zone not in ZONES:
            raise MahjongError(f"unknown zone {zone!r}: zones are hand, meld, river, bonus, "
                               "indicator, wall", zone)
        out[fix["index"]] = {k: v for k, v in (("seat", seat), ("zone", zone)) if v}
    return out


def _frame_box(tile: TableTile) -> Box:
    return Box(tile.index, tile.code, tile.frame, tile.confidence)


def _arrange_seat(reading: TableReading, seat: str, tiles: list[TableTile],
                  fixes: dict[int, dict[str, str]]) -> None:
    """Zones, orders and melds of one seat's tiles (module docstring, step 3).

    Works on the seat's rows (``find_rows`` in the seat's frame, middle outward), not on single
    tiles' depths: under perspective left in the frame a seat's rows slant, and a row stays
    one row.  Rows mostly of backs are the wall and the hidden hand, rows of faces lie inside the
    wall (river), on its line (the indicator) or beyond it (the rack).
    """
    if not tiles:
        return
    length = float(np.median([max(t.frame[2] - t.frame[0], t.frame[3] - t.frame[1])
                              for t in tiles]))
    forced = {k: f["zone"] for k, f in fixes.items() if "zone" in f}
    for t in tiles:
        if t.index in forced:
            t.zone = forced[t.index]
    free = {t.index: t for t in tiles if t.index not in forced}
    rows = find_rows([_frame_box(t) for t in free.values()])
    # across the rows a tilt stretches every box; a tile's width along its row keeps its size
    width = float(np.median([t.frame[2] - t.frame[0] for t in tiles]))
    hidden_rows, wall_rows = back_rows(rows, width)
    face_rows = [r for r in rows if r not in hidden_rows and r not in wall_rows]
    rack: list[TableTile] = []
    upper = upper_level([b for row in hidden_rows for b in row.tiles if b.code == BACK])
    shown = upper_faces([b for row in hidden_rows for b in row.tiles], upper)
    for row in hidden_rows:
        rack += [free[b.index] for b in row.tiles if b.index not in upper | shown]
    for index in upper:
        free[index].zone = "wall"
    for index in shown:
        free[index].zone, free[index].on_wall, free[index].aside = "indicator", UPPER_LEVEL, "wall"
    for row in wall_rows:
        # a face nearer the middle than all the wall's backs is a river tile linked into its row
        inner = min((float(b.center[1]) for b in row.tiles if b.code == BACK), default=np.inf)
        past = past_wall_end(row)
        rack += [free[b.index] for b in past]
        for b in row.tiles:
            if b in past:
                continue
            free[b.index].zone = "wall" if b.code == BACK else "indicator"
            free[b.index].on_wall = ON_WALL
            free[b.index].aside = "river" if float(b.center[1]) < inner else "wall"
    if wall_rows:
        line, inside, beyond = wall_rows[-1], -WALL_LINE * length, WALL_LINE * length
    elif hidden_rows:
        line, inside, beyond = hidden_rows[0], -RACK_BAND * length, -RACK_BAND * length
    elif face_rows and (seat == "self" or len(free) >= 5):
        line, inside, beyond = face_rows[-1], -RACK_BAND * length, -RACK_BAND * length
    else:
        line, inside, beyond = None, 0.0, 0.0  # a few face-up tiles alone: discards, no rack
    for row in face_rows:
        # the indicator lies on the wall, alone: a face-up row near the wall's line is a river's
        # last row (a far seat's rows lie close under what perspective leaves in the frame)
        alone = sum(b.code != BACK for b in row.tiles) == 1
        # rivers lie inside the wall: a row of faces whose middle lies beyond the wall's line is
        # the rack's (his standing hand behind a wall whose near level was found twice)
        outside = line is not None and wall_rows and not alone and float(np.median(
            [across(line, b) for b in row.tiles])) > 0
        for b in row.tiles:
            t = free[b.index]
            where = across(line, b) if line is not None else -np.inf
            if where > beyond or outside:
                rack.append(t)
            elif is_bonus(t.code) and alone:
                # flowers are set aside, never discarded: one in a river's row is a river tile
                # named wrong, and its place there keeps the river's order
                t.zone = "bonus"
            elif where >= inside and alone:
                t.zone = "indicator"
            else:
                t.zone = "river"
    _read_rack(reading, seat, rack)
    _order(tiles)


def _read_rack(reading: TableReading, seat: str, rack: list[TableTile]) -> None:
    """The seat's rack: hidden hand (backs), melds, bonus tiles, and ``self``'s own hand."""
    for t in rack:
        if is_bonus(t.code):
            t.zone = "bonus"
    rest = [t for t in rack if t.zone != "bonus"]
    if not rest:
        return
    rows = find_rows([_frame_box(t) for t in rest])
    by_index = {t.index: t for t in rest}
    melds: list[dict[str, Any]] = []
    for row in rows:
        if seat == "self":
            # his hand stands (read as backs where seen from above), the melds lie at its right;
            # two melds laid touching outnumber a hand of four or fewer, so the hand is the
            # longest group that makes no sets (the longest of all where every one makes sets)
            groups = [part for g in row.groups for part in _laid_at_end(row, g)]
            loose = [g for g in range(len(groups)) if not _could_be_melds(row, groups[g])]
            hand_group = max(loose or range(len(groups)), key=lambda g: len(groups[g]))
        else:
            # the others' hand is the longest run of backs
            groups = _lift_upper_faces([run for g in row.groups for run in runs(g)], by_index)
            hand_group = max(range(len(groups)), key=lambda g: (
                sum(b.code == BACK for b in groups[g]), len(groups[g])))
        for g, group in enumerate(groups):
            hidden = seat != "self" and all(b.code == BACK for b in group)
            if g == hand_group and (len(group) > 4 or hidden or not rack_sets(row, group)):
                for b in group:
                    by_index[b.index].zone = "hand"
                continue
            sets = rack_sets(row, group)
            if sets is None:
                # the others' hands stand hidden: their face-up tiles were laid out to be seen;
                # at his own rack, three tiles or more apart at the hand's right were laid out
                laid = seat != "self" or (g > hand_group and len(group) >= 3)
                shown = laid and any(b.code != BACK for b in group)
                for b in group:
                    by_index[b.index].zone = "meld" if shown and b.code != BACK else "hand"
                if shown:
                    reading.notes.append(note("table.not_a_set", seat=seat,
                                              tiles=" ".join(b.code for b in group)))
                continue
            for meld, chunk in sets:
                for k, b in enumerate(chunk):
                    t = by_index[b.index]
                    t.zone, t.order, t.meld = "meld", k, len(melds)
                melds.append(meld)
    reading.melds[seat] = melds


def _could_be_melds(row: Row, group: list[Box]) -> bool:
    """Whether a group of ``self``'s rack cuts into sets that a set of tiles holds: no face
    more than four times (the tops of his standing tiles seen from above are blank, read as a
    row of 白板 that cuts into kongs)."""
    faces = Counter(b.code for b in group if b.code != BACK)
    return max(faces.values(), default=0) <= COPIES and rack_sets(row, group) is not None


def _laid_at_end(row: Row, group: list[Box]) -> list[list[Box]]:
    """``self``'s rack group with the faces after its last back cut off where they make sets:
    his standing hand read as backs, melds laid beside it with no gap between."""
    last = max((k for k, b in enumerate(group) if b.code == BACK), default=-1)
    tail = group[last + 1:]
    if last < 0 or len(tail) < 3 or rack_sets(row, tail) is None:
        return [group]
    return [group[:last + 1], tail]


def _lift_upper_faces(groups: list[list[Box]], by_index: dict[int, TableTile]
                      ) -> list[list[Box]]:
    """Another seat's rack runs with each face amid the standing backs (``between_backs``)
    taken out as the indicator on the wall's upper level, seen in line with the hand
    (``upper_level``; no meld is so short), and the backs either side joined again."""
    out: list[list[Box]] = []
    k = 0
    while k < len(groups):
        if out and between_backs(groups, k):
            t = by_index[groups[k][0].index]
            t.zone, t.on_wall, t.aside = "indicator", UPPER_LEVEL, "hand"
            out[-1] = out[-1] + groups[k + 1]
            k += 2
            continue
        out.append(groups[k])
        k += 1
    return out


def _order(tiles: list[TableTile]) -> None:
    """Orders in the hand (left to right), the river (rows from the middle outward, each left
    to right) and the wall, all from the seat's own point of view."""
    for zone in ("hand", "river", "wall", "bonus", "indicator"):
        mine = [t for t in tiles if t.zone == zone]
        if zone == "river":
            ranked = [t.index for row in river_rows(mine) for t in row]
        else:
            ranked = [t.index for t in sorted(mine, key=lambda t: t.frame[0] + t.frame[2])]
        place = {index: k for k, index in enumerate(ranked)}
        for t in mine:
            t.order = place[t.index]


def river_rows(tiles: list[TableTile]) -> list[list[TableTile]]:
    """A river's rows, from the middle outward, each left to right (the seat's own view).

    ``find_rows`` (its links follow rows that slant under perspective left in the frame), unless
    it finds rows running across the seat: a far river can be foreshortened so much that
    neighbours across a row lie nearer than along it.  Then, as the seat's rows run along x in
    its frame, they are cut where the depth steps by over 0.4 of a tile's width.
    """
    if not tiles:
        return []
    rows = find_rows([_frame_box(t) for t in tiles])
    if all(abs(float(r.direction[1])) < 0.45 for r in rows if len(r.tiles) > 1):
        by_index = {t.index: t for t in tiles}
        return [[by_index[b.index] for b in r.tiles] for r in rows]
    ordered = sorted(tiles, key=lambda t: t.frame[1] + t.frame[3])
    # a tile's width along the row keeps its size where a tilt stretches the boxes' depth
    width = float(np.median([t.frame[2] - t.frame[0] for t in tiles]))
    rows: list[list[TableTile]] = [[ordered[0]]]
    for prev, t in zip(ordered, ordered[1:], strict=False):
        if (t.frame[1] + t.frame[3] - prev.frame[1] - prev.frame[3]) / 2 > 0.4 * width:
            rows.append([])
        rows[-1].append(t)
    return [sorted(row, key=lambda t: t.frame[0] + t.frame[2]) for row in rows]


def _choose_indicator(reading: TableReading, forced: set[int]) -> None:
    """One indicator: the face-up tile lying surest on a wall (``ON_WALL`` ...; among a wall
    row's faces those among its backs before a river tile linked into it), then the likeliest a
    face; any others go where they lie (``TableTile.aside``: a river's last tile near the wall,
    a face on the wall, a face amid a hand's backs), with a note. A face both detector and
    classifiers doubt (``DOUBTED``) goes where it lies without one, unless the player put it
    there (``forced``: tile indices)."""
    for t in reading.tiles:
        if t.zone == "indicator" and is_bonus(t.code):
            t.zone = "bonus"  # a flower is never turned up: it is replaced
        elif (t.zone == "indicator" and t.index not in forced and t.detection < DOUBTED[0]
              and t.confidence < DOUBTED[1]):
            t.zone = t.aside  # a back of the wall read as a face, or a river tile
    # Likeliest a face: the detector's score times the classifiers' probability. A wall's back
    # read as a face is named surely but doubted by the detector, or found surely and named at
    # 0.04-0.13 (pale backs); by the name alone, seeds 70 / 71 found one indicator fewer each,
    # by the detector's score first, 67 one fewer (docs/table-reader.md).
    found = sorted((t for t in reading.tiles if t.zone == "indicator"),
                   key=lambda t: (t.on_wall, t.aside == "river", -t.detection * t.confidence))
    if not found:
        return
    reading.indicator = found[0].code
    found[0].order = 0
    for t in found[1:]:
        t.zone = t.aside
        reading.notes.append(note("table.extra_indicator", tile=t.code, seat=t.seat,
                                  zone=t.zone))
    if len(found) > 1:
        seats = {t.seat for t in found[1:]}
        for seat in seats:
            _order([t for t in reading.tiles if t.seat == seat])


def _check(reading: TableReading) -> None:
    """Notes on what the player should look at: unsure names and counts no table has."""
    unsure = [t for t in reading.tiles if t.unsure]
    if unsure:
        reading.notes.append(note("table.unsure", n=len(unsure),
                                  tiles=" ".join(t.code for t in unsure[:8])))
    faces = [t.code for t in reading.tiles if t.code != BACK and not is_bonus(t.code)]
    over = sorted({c for c in faces if faces.count(c) > COPIES})
    if over:
        reading.notes.append(note("table.too_many", tiles=" ".join(over)))


def table_answer(detections: Any, corrections: Any = None) -> dict[str, Any]:
    """``read_table`` as the JSON answer of ``read-table`` and ``/api/read-table``."""
    return read_table(detections, corrections).to_json()
