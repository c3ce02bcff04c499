"""Learning a tile set: the tiles of a layout photo, named in reading order, and a player's
corrections, kept as examples (docs/tilesets.md)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from assistant.errors import MahjongError
from assistant.tiles import parse_tiles

from .boxes import overlap_share
from .tileset_looks import Look, pale_looks
from .tileset_match import TileSet
from .tileset_store import KINDS

#: Tiles one learning photo may name (a whole set laid out is 42 kinds; some lay out doubles).
MAX_LAYOUT = 144


def layout_tiles(text: str) -> list[str]:
    """The tiles a learning photo shows, in reading order, from the tile grammar
    (``123456789m…ESWNCFP``, ``1f``…); bounded and faces only."""
    if not isinstance(text, str) or len(text) > 4 * MAX_LAYOUT:
        raise MahjongError(f"a layout names at most {MAX_LAYOUT} tiles", "tiles")
    tiles = parse_tiles(text)
    if not tiles:
        raise MahjongError("name the tiles of the photo in order, e.g. 123456789m", "tiles")
    if len(tiles) > MAX_LAYOUT:
        raise MahjongError(f"a layout names at most {MAX_LAYOUT} tiles", "tiles")
    for tile in tiles:
        if tile not in KINDS:
            raise MahjongError(f"a tile set learns tile faces, not {tile!r}", tile)
    return tiles


def reading_order(boxes: np.ndarray) -> list[int]:
    """Indices of ``boxes`` (x1, y1, x2, y2) in rows, top to bottom, each left to right: a new
    row starts where a tile's centre lies more than half a tile below the row's.

    >>> reading_order(np.array([[50, 2, 90, 60], [0, 0, 40, 58], [0, 80, 40, 140], [48, 84, 88, 141]]))
    [1, 0, 2, 3]
    """
    if not len(boxes):
        return []
    boxes = np.asarray(boxes, float)
    cy = (boxes[:, 1] + boxes[:, 3]) / 2
    height = float(np.median(boxes[:, 3] - boxes[:, 1]))
    rows: list[list[int]] = []
    for i in np.argsort(cy, kind="stable"):
        if rows and cy[i] - np.mean(cy[rows[-1]]) <= height / 2:
            rows[-1].append(int(i))
        else:
            rows.append([int(i)])
    return [i for row in rows for i in sorted(row, key=lambda j: boxes[j, 0])]


#: Detection scores a layout photo is looked at again with while it shows fewer tiles than the
#: player named (a set unlike any trained on scores lower: kmj-jade's pale engraved faces, one at
#: 0.349 against the 0.35 kept); the first look that shows exactly as many is taken.
LAYOUT_SCORES = (0.25, 0.15)
#: Share of a box's area over better boxes past which a lower look's box is taken for one lying
#: across two tiles of a layout (laid apart) rather than a tile.
LAYOUT_OVERLAP = 0.3


def _apart(found: list[dict[str, object]]) -> list[dict[str, object]]:
    """The boxes of a layout photo's lower look that lie apart, the detector's surest first: a box
    lying across two tiles (half of each) is dropped."""
    kept: list[dict[str, object]] = []
    for tile in sorted(found, key=lambda t: -float(t["detection"])):  # type: ignore[arg-type]
        if sum(overlap_share(tile["box"], k["box"]) for k in kept) <= LAYOUT_OVERLAP:  # type: ignore[arg-type]
            kept.append(tile)
    return kept


def find_layout(image: np.ndarray, count: int, recognizer: object
                ) -> tuple[list[dict[str, object]], bool]:
    """The ``count`` tiles of a layout photo, as the recognizer finds them, and whether the
    detector of dark and coloured faces found them (``TileSet.dark_faces``).

    The player laid every tile face up, so a pale face the recognizer takes for a back is one of
    them (unless the faces alone are as many as named: a back found on the cloth is none). While
    fewer are found, the photo is looked at again with lower detection scores
    (``LAYOUT_SCORES``); each detector's first look with exactly ``count`` is its answer. The
    second detector (dark or coloured faces) is asked where the first found too few or read a
    face-up tile as a back, and its answer is taken where it reads fewer backs: it knows the
    set's faces better. Else the error says how many the first look found."""
    found = recognizer.detect(image, faces_first=False, lettered=False)  # type: ignore[attr-defined]
    firsts = (False, True) if getattr(recognizer, "faces_detector", None) is not None else (False,)
    best: tuple[int, list[dict[str, object]], bool] | None = None
    for faces_first in firsts:
        tiles = _layout_look(image, count, recognizer, faces_first, found)
        if tiles is None:
            continue
        backs = sum(t["tile"] == "back" for t in tiles)
        if best is None or backs < best[0]:
            best = (backs, tiles, faces_first)
        if backs == 0:
            break
    if best is not None:
        return best[1], best[2]
    raise MahjongError(f"the photo shows {len(found)} tiles but {count} were named: lay them out "
                       "in rows, apart, all face up, and name every one in order", str(len(found)))


def _layout_look(image: np.ndarray, count: int, recognizer: object, faces_first: bool,
                 found: list[dict[str, object]]) -> list[dict[str, object]] | None:
    """One detector's first look at a layout photo that shows exactly ``count`` tiles, at the
    recognizer's scores and then lower ones (``LAYOUT_SCORES``); ``found``: the first detector's
    look already made."""
    looks = [recognizer.detect(image, faces_first=True, lettered=False) if faces_first else found]  # type: ignore[attr-defined]
    for score in LAYOUT_SCORES:
        if _as_many(looks[-1], count) is not None or len(looks[-1]) > count:
            break
        closer = copy.copy(recognizer)  # the service's recognizer is shared: its thresholds stay
        closer.thresholds = replace(recognizer.thresholds, score=score,  # type: ignore[attr-defined]
                                    blank_score=min(score, recognizer.thresholds.blank_score),  # type: ignore[attr-defined]
                                    back_score=score)
        looks.append(_apart(closer.detect(image, faces_first=faces_first, lettered=False)))
    for look in looks:
        if (tiles := _as_many(look, count)) is not None:
            return tiles
    return None


def _as_many(found: list[dict[str, object]], count: int) -> list[dict[str, object]] | None:
    """``found`` if it holds ``count`` tiles, else its faces if they are that many, else None."""
    for tiles in (found, [t for t in found if t["tile"] != "back"]):
        if len(tiles) == count:
            return tiles
    return None


def learn(tileset: TileSet, image: np.ndarray, tiles: list[str], recognizer: object,
          source: str = "learn") -> list[dict[str, object]]:
    """Add each tile of a layout photo as an example of the kind ``tiles`` names in reading
    order; what was learnt, with what the recognizer read there before (``read``) and the
    example's id. The photo must show exactly as many tiles as ``tiles`` names (``find_layout``)."""
    found, faces = find_layout(image, len(tiles), recognizer)
    boxes = np.array([t["box"] for t in found], float)
    order = reading_order(boxes)
    tileset.dark_faces = tileset.dark_faces or faces  # once its faces needed that detector
    ids = _add_examples(tileset, recognizer.classifier, image, boxes[order], tiles, source)  # type: ignore[attr-defined]
    return [{"tile": code, "read": found[i]["tile"], "box": found[i]["box"], "id": example}
            for code, i, example in zip(tiles, order, ids, strict=True)]


def add_correction(tileset: TileSet, image: np.ndarray, box: Sequence[float] | np.ndarray,
                   code: str, classifier: object) -> int:
    """Keep the tile in ``box`` of ``image`` as an example of ``code`` (a player's correction
    on the score or live page): its features and look; the example's id."""
    return _add_examples(tileset, classifier, image, np.array([box], float), [code], "correction")[0]


def _add_examples(tileset: TileSet, classifier: object, image: np.ndarray, boxes: np.ndarray,
                  codes: Sequence[str], source: str) -> list[int]:
    """Keep the tiles in ``boxes`` of ``image`` as examples of ``codes``; their ids. Their
    features are made as the set will be matched with them (``pale_looks`` of all its looks);
    where that changed the set's matching, every example's are made again from its look."""
    tileset.refit(classifier)
    before = tileset.pale_ink if tileset.codes else None
    looks = [Look.cut(image, box) for box in boxes]
    negative = pale_looks([*tileset.looks, *looks])
    feats = classifier.features(image, boxes, negative)  # type: ignore[attr-defined]
    ids = [tileset.add(code, vector, source, look)
           for code, vector, look in zip(codes, feats, looks, strict=True)]
    if before in (None, negative) and tileset.pale_ink == negative:
        tileset.model = tileset.features_key(classifier)  # every vector made as it is matched
    tileset.refit(classifier)  # else every one made again
    return ids



def learnt_summary(tileset: TileSet, learnt: list[dict[str, object]]) -> dict[str, object]:
    """What one learning photo taught (``learnt``, per kind, how many the recognizer read right
    before) and the set afterwards, as the command and the service answer it."""
    per_kind = {code: n for code in KINDS if (n := sum(1 for x in learnt if x["tile"] == code))}
    right = sum(1 for x in learnt if x["tile"] == x["read"])
    return {"tileset": tileset.summary(), "learnt": learnt, "per_kind": per_kind,
            "count": len(learnt), "read_right": right}
