"""The arrange stage's rules for what a whole-table photo shows when the recognizer errs or the
table is laid out unevenly: which face-up tile is the indicator, a wall read as a hand, his own
melds beside a hand read as backs, a flower's name in a river.  On constructed tile lists (the
table of ``test_table_reader``, seen from above)."""

from __future__ import annotations

import numpy as np
import pytest
from test_table_reader import H, W, _place, table

from vision.table_reader import table_answer


def tile(code: str, seat: str, a: float, o: float, confidence: float = 0.95) -> dict:
    """One tile as the recognizer lists it, ``a`` along the seat's left to right and ``o`` out
    from the middle (as ``test_table_reader.table`` places them)."""
    corners = _place(seat, a, o)
    pts = np.column_stack([400 + corners[:, 0], 400 - corners[:, 1]])
    return {"tile": code, "box": [float(pts[:, 0].min()), float(pts[:, 1].min()),
                                  float(pts[:, 0].max()), float(pts[:, 1].max())],
            "confidence": confidence}


def without_indicator(tiles: list[dict]) -> list[dict]:
    """The table with its turned-up tile (across's wall) turned down again."""
    return [{**t, "tile": "back"} if t["tile"] == "7s" else t for t in tiles]


#: The walls' line lies 290 out; a tile this far out lies near it, inside (within 0.6 lengths).
NEAR_WALL = 290 - 0.45 * H


def test_the_tile_on_the_wall_is_the_indicator_before_a_surer_one_near_it():
    tiles = table()[0] + [tile("9p", "right", 0.0, NEAR_WALL, confidence=0.99)]
    answer = table_answer(tiles)
    assert answer["indicator"] == "7s"
    assert answer["tiles"][-1]["zone"] == "river"
    assert answer["seats"]["right"]["river"] == ["E", "S", "W", "9p"]


def test_of_two_faces_on_the_walls_the_indicator_is_the_one_likelier_a_face_to_both_stages():
    """A back of right's wall read as a face that the classifiers name more surely than the
    indicator but the detector doubts (71, 19: 3条 at 0.78, detector 0.40, against the true 6筒 at
    0.51 and 0.68): the indicator is the face both stages find likelier, not the surer name."""
    tiles, where = table()
    on_wall = [k for k, w in enumerate(where) if w[:2] == ("right", "wall")]
    tiles[on_wall[3]] = {**tiles[on_wall[3]], "tile": "8p", "confidence": 0.78, "detection": 0.40}
    shown = next(k for k, w in enumerate(where) if w[1] == "indicator")
    tiles[shown] = {**tiles[shown], "confidence": 0.51, "detection": 0.68}
    answer = table_answer(tiles)
    assert answer["indicator"] == "7s"
    assert answer["tiles"][on_wall[3]]["zone"] == "wall"
    tiles[shown] = {**tiles[shown], "detection": 0.30}  # now the detector doubts it more
    assert table_answer(tiles)["indicator"] == "8p"


def test_a_row_of_faces_near_the_wall_is_a_rivers_last_row_not_the_indicator():
    tiles = without_indicator(table()[0]) + [
        tile(code, "right", a, NEAR_WALL, confidence=0.99) for code, a in (("9p", -16), ("1s", 16))]
    answer = table_answer(tiles)
    assert answer["indicator"] is None
    assert [t["zone"] for t in answer["tiles"][-2:]] == ["river", "river"]
    assert answer["seats"]["right"]["river"] == ["E", "S", "W", "9p", "1s"]


def _hand_with_a_face(step: float) -> list[dict]:
    """Across's standing backs with their fifth tile a face ``step`` nearer the middle: the
    wall's upper level seen in line with the hand (far side, tilted camera)."""
    tiles = without_indicator(table()[0])
    fifth = [k for k, t in enumerate(tiles) if t["tile"] == "back"
             and tile("back", "across", -200 + 4 * (W + 1) + W / 2, 350)["box"] == t["box"]]
    assert len(fifth) == 1
    tiles[fifth[0]] = tile("5m", "across", -200 + 4 * (W + 1) + W / 2, 350 - step)
    return tiles


def test_a_face_amid_anothers_backs_a_step_nearer_the_middle_is_the_indicator():
    answer = table_answer(_hand_with_a_face(0.34 * H))
    assert answer["indicator"] == "5m"
    assert answer["seats"]["across"]["hidden"] == 9


def test_a_back_read_as_a_face_level_with_the_hand_is_no_indicator():
    answer = table_answer(_hand_with_a_face(0.0))
    assert answer["indicator"] is None


def test_his_melds_beside_a_hand_read_as_backs_are_melds():
    """From above his standing tiles show their backs; his pung lies beside them, no gap."""
    tiles, _ = table(hands={"self": ("back " * 10 + "5p 5p 5p", [])})
    seats = table_answer(tiles)["seats"]
    assert [m["tiles"] for m in seats["self"]["melds"]] == [["5p"] * 3]
    assert seats["self"]["hidden"] == 10


def test_tiles_laid_apart_at_his_hands_right_are_a_meld_though_named_wrong():
    tiles, truth = table(hands={"self": ("1s 1s 2s 3s 9s 9s C F P N", [("5p 6p 5p", 0)])})
    answer = table_answer(tiles)
    assert [(t["seat"], t["zone"]) for t in answer["tiles"]] == [(s, z) for s, z, _ in truth]
    assert answer["seats"]["self"]["melds"] == []
    assert [n["key"] for n in answer["notes"]].count("table.not_a_set") == 1


def test_his_short_hand_left_of_two_melds_laid_touching_is_the_hand():
    """Four tiles in his hand and two pungs laid with no gap between: the six tiles of the melds
    outnumber the hand, which is the longest group that makes no sets."""
    hand, melds = "1s 4s 9p N", "5p 5p 5p W W W"
    rack = [tile(code, "self", -200 + (k + 0.5) * (W + 1), 350) for k, code in enumerate(hand.split())]
    start = -200 + 4 * (W + 1) + 20
    rack += [tile(code, "self", start + (k + 0.5) * (W + 1), 350)
             for k, code in enumerate(melds.split())]
    answer = table_answer(table(hands={"self": ("", [])})[0] + rack)
    assert answer["seats"]["self"]["hand"] == hand.split()
    assert [m["tiles"] for m in answer["seats"]["self"]["melds"]] == [["5p"] * 3, ["W"] * 3]


def test_the_blank_tops_of_his_standing_hand_are_no_melds():
    """From above his standing tiles' tops are blank, read as 白板 after two read as backs: eight
    of one face make two kongs by their names, but a set holds four, so they are his hand."""
    tiles, _ = table(hands={"self": ("back back " + "P " * 8, [("2m 2m 2m", None)])})
    seats = table_answer(tiles)["seats"]
    assert seats["self"]["hand"] == ["P"] * 8
    assert [m["tiles"] for m in seats["self"]["melds"]] == [["2m"] * 3]


def test_a_meld_in_line_with_a_wall_past_its_end_is_no_indicator():
    """Across's pung lies in line with his wall (its upper level, seen steeply), just past the
    wall's end and surer named than the turned-up tile: three faces in a run there are a meld."""
    pung = [tile("9p", "across", (k + 0.5) * (W + 1), 290, 0.99) for k in range(5, 8)]
    answer = table_answer(table()[0] + pung)
    assert answer["indicator"] == "7s"
    assert sorted(m["tiles"] for m in answer["seats"]["across"]["melds"]) == [
        ["3s", "4s", "5s"], ["9p"] * 3]


def test_a_river_tile_linked_into_a_wall_row_yields_to_the_one_on_a_wall():
    """A discard of his lying close inside his wall joins the wall's row (his river's last row
    seen steeply); surer named than the tile turned up on across's wall, it still lies nearer
    the middle than his wall's backs: the one among the backs is the indicator."""
    discard = tile("9m", "self", 3.0 * (W + 1), 290 - 0.3 * H, 0.99)
    answer = table_answer(table()[0] + [discard])
    assert answer["indicator"] == "7s"
    assert (answer["tiles"][-1]["seat"], answer["tiles"][-1]["zone"]) == ("self", "river")


def test_a_flower_named_in_a_rivers_row_stays_in_the_river():
    tiles, _ = table()
    tiles = [{**t, "tile": "1f"} if t["tile"] == "S" else t for t in tiles]
    seats = table_answer(tiles)["seats"]
    assert seats["right"]["river"] == ["E", "1f", "W"]
    assert seats["right"]["bonus"] == []


def test_one_line_of_backs_with_faces_beyond_it_is_the_wall():
    """A seat whose standing hand was not found: its wall is not read as the hand."""
    tiles, truth = table(hands={"right": ("", [("E E E", 1)])})
    answer = table_answer(tiles)
    right = [(t["zone"], z) for t, (s, z, _) in zip(answer["tiles"], truth, strict=True)
             if s == "right"]
    assert all(got == want for got, want in right), right
    assert answer["seats"]["right"]["hidden"] == 0
    assert answer["seats"]["right"]["wall"] == 10


def test_a_stray_back_beyond_a_hand_stands_with_it():
    """A box on nothing beyond right's standing backs: the hand is not read as a wall."""
    answer = table_answer(table()[0] + [tile("back", "right", 0.0, 350 + 1.4 * H)])
    assert answer["seats"]["right"]["wall"] == 10
    assert answer["seats"]["right"]["hidden"] == 14


@pytest.mark.parametrize("scene", [(64, 4), (64, 10), (64, 23), (63, 22), (67, 2)])
def test_rendered_tables_whose_indicator_or_corner_misled_the_reader(scene, true_table):
    """Held-out rendered tables, on their true boxes: a river's lone last tile near the wall
    beside the indicator on the wall (64, 4), a seat's one discard at the corner of the river
    across (64, 10), a wall down to one stack beside the indicator (64, 23), a river's last row
    near the wall in a table without an indicator (63, 22), his hand of four left of two melds
    laid touching and across's pung in line with his wall's upper level (67, 2)."""
    from vision.evaluate_table import Tally, score

    true = true_table(*scene)
    answer = table_answer([{"tile": t["tile"], "box": t["box"]} for t in true])
    tally = Tally()
    score(tally, true, answer, {i: i for i in range(len(true))})
    figures = tally.figures()
    assert figures["rivers_in_order"] == 1.0, figures
    shown = [t["tile"] for t in true if t["zone"] == "indicator"]
    assert answer["indicator"] == (shown[0] if shown else None)


def test_his_hand_beyond_a_wall_found_twice_is_no_river(true_table):
    """Rendered table (67, 14) on its true boxes with the two boxes the detector put between his
    wall and his standing hand (a wall level found twice): the wall's line moves out to them,
    and his hand, beyond its middle, is still his hand, not his river's last row."""
    true = true_table(67, 14)
    found_twice = [{"tile": "back", "box": [514, 688, 574, 765]},
                   {"tile": "back", "box": [563, 687, 623, 757]}]
    seats = table_answer([{"tile": t["tile"], "box": t["box"]} for t in true] + found_twice)["seats"]
    for zone in ("hand", "river"):
        want = sorted(t["tile"] for t in true if t["seat"] == "self" and t["zone"] == zone)
        assert sorted(seats["self"][zone]) == want


def test_both_wall_levels_in_one_row_with_the_hand_are_the_wall(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A far wall seen steeply shows its lower level, its upper level and the hand standing
    behind as three lines of one row (66, 12): both levels are the wall, and the face on the
    upper level is the indicator, not a meld tile; a stray box between the upper level and the
    hand does not hide the step. Without it only the lower level was the wall."""
    from vision import table_wall
    from vision.layout import Box

    h = 0.13

    def box(k: int, code: str, x: float, depth: float) -> Box:
        return Box(k, code, (x, depth - h / 2, x + 0.08, depth + h / 2))

    lower = [box(k, "back", 0.3 + 0.08 * k, 0.80 + 0.002 * k) for k in range(6)]
    upper = [box(6 + k, "back", 0.3 + 0.08 * k, 0.90 + 0.003 * k) for k in (0, 1, 3, 4, 5)]
    indicator = box(11, "C", 0.54, 0.905)
    stray = box(12, "back", 0.7, 0.93)
    hand = [box(13 + k, "back", 0.75 + 0.08 * k, 0.978 + 0.001 * k) for k in range(8)]
    meld = [box(21 + k, "3p", 0.05 + 0.08 * k, 0.975) for k in range(3)]
    tiles = lower + upper + [indicator, stray] + hand + meld
    backs = [b for b in tiles if b.code == "back"]

    wall = table_wall.upper_level(backs)
    assert wall == {b.index for b in lower + upper + [stray]}
    assert table_wall.upper_faces(tiles, wall) == {11}

    # a hand seen in two lines past the wall's stacks is no upper level: it stays the hand
    beside = [box(b.index, "back", b.box[0] + 0.6, (b.box[1] + b.box[3]) / 2) for b in upper]
    assert table_wall.upper_level(lower + beside + [stray] + hand) == {b.index for b in lower}

    monkeypatch.setattr(table_wall, "TWO_LEVELS", False)
    assert table_wall.upper_level(backs) == {b.index for b in lower}
    assert table_wall.upper_faces(tiles, table_wall.upper_level(backs)) == set()


def test_a_short_wall_inside_the_few_backs_found_of_a_hand_is_the_wall():
    """Right's wall down to two stacks and the indicator (67, 19), and of his standing hand one
    back found: a hand stands as one line of about thirteen, so the three inside are the wall
    and the face on it the indicator, not the hand's.  Without it the back beyond stood with
    them and all four were read as the hand."""
    tiles, where = table(hands={"right": ("back", [])})
    kept = [t for t, w in zip(tiles, where, strict=True) if w[:2] != ("right", "wall")]
    wall = [tile(code, "right", a, 290) for code, a in (("back", -31), ("9s", 0), ("back", 31))]
    answer = table_answer(without_indicator(kept) + wall)
    assert answer["indicator"] == "9s"
    assert answer["seats"]["right"]["wall"] == 2
    assert answer["seats"]["right"]["hidden"] == 1
    assert [t["zone"] for t in answer["tiles"][-3:]] == ["wall", "indicator", "wall"]


def test_a_short_wall_with_a_back_named_a_face_before_a_hand_is_the_wall():
    """Right's wall down to two stacks beside his standing hand, one of its backs named 2s and
    the indicator on it (66, 7): no row of backs, but the few tiles with a back among them
    nearest inside the hand lie between the river and the rack, the wall.  Without it they lay
    within the rack's band and were read as his melds and hand."""
    tiles, where = table()
    kept = [t for t, w in zip(tiles, where, strict=True) if w[:2] != ("right", "wall")]
    wall = [tile("2s", "right", -31, 305, confidence=0.3), tile("9s", "right", 0, 305),
            tile("back", "right", 31, 305)]
    answer = table_answer(without_indicator(kept) + wall)
    assert answer["indicator"] == "9s"
    assert answer["seats"]["right"]["hidden"] == 13
    assert answer["seats"]["right"]["melds"] == []
    assert [t["zone"] for t in answer["tiles"][-3:]] == ["wall", "indicator", "wall"]


def _indicator_read(detection: float, confidence: float) -> list[dict]:
    """The table with its turned-up tile (across's wall) as the detector scored and the
    classifiers named it."""
    return [{**t, "detection": detection, "confidence": confidence} if t["tile"] == "7s" else t
            for t in table()[0]]


def test_a_face_on_the_wall_both_detector_and_classifiers_doubt_is_a_back_not_the_indicator():
    """gen-15's pale backs on the far wall read as faces (detector 0.38-0.48, named at
    0.07-0.21) were taken for an indicator in tables that had none; a doubted face named surely,
    or a face the detector is sure of, stays the indicator; the player's word stands."""
    doubted = table_answer(_indicator_read(0.4, 0.1))
    assert doubted["indicator"] is None
    k = next(i for i, t in enumerate(doubted["tiles"]) if t["tile"] == "7s")
    assert doubted["tiles"][k]["zone"] == "wall"
    assert not any(n["key"] == "table.extra_indicator" for n in doubted["notes"])
    assert table_answer(_indicator_read(0.4, 0.6))["indicator"] == "7s"
    assert table_answer(_indicator_read(0.7, 0.1))["indicator"] == "7s"
    assert table_answer(table()[0])["indicator"] == "7s"  # typed in: no score, taken as sure
    forced = table_answer(_indicator_read(0.4, 0.1), [{"index": k, "zone": "indicator"}])
    assert forced["indicator"] == "7s"


@pytest.mark.parametrize("score", ["0.4", -0.1, 1.5, True, None])
def test_a_detection_score_not_from_0_to_1_is_refused_naming_the_tile(score):
    from assistant.errors import MahjongError

    tiles = _indicator_read(0.4, 0.1)
    k = next(i for i, t in enumerate(tiles) if t["tile"] == "7s")
    tiles[k]["detection"] = score
    with pytest.raises(MahjongError, match=f"detection {k + 1}: its detection score"):
        table_answer(tiles)
