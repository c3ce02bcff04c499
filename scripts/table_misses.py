"""Where the table reader loses face-up tiles and rivers, by cause and design (a diagnostic).

``python scripts/table_misses.py --seed 64 [--scenes 24] [--cache DIR] [--models DIR] [--json]``
renders the scenes ``vision.evaluate_table`` measures (same seeds, same scenes), reads each with
the whole-table recognizer (``--models``: another folder's) and the reader, and counts:

* each true face-up tile (not a hidden hand's back) not placed in its seat and zone, as: not
  found by the detector at all (no box of its look at IoU 0.5), found by it but dropped by
  checking, reported a back, or reported a face (right or wrong name) but placed elsewhere; and
  those placed right but reported a back (counted right by ``vision.evaluate_table``); per
  design (``Scene.art``), true seat and zone; and the true backs reported as faces;
* each river not read exactly as: a tile missing (not found, or reported as a back, or placed
  elsewhere), a name wrong (every tile there), the order wrong (every tile there and named
  right), or a tile added that is none of its own;
* each river not in order (``rivers_in_order``, names aside), by every cause it has: a true
  tile missing (not found, read as a back, placed in another seat or zone), a tile added (a box
  on no true tile or on one found twice, or another zone's tile, telling a wall's or hand's
  back read as a face), or only the order;
* each scene's indicator not read: not found, read as a back, named wrong, another tile
  chosen (where that one truly lies), or placed in another zone; and scenes without one where
  one was read.

``--true-boxes`` reads the true boxes and names instead (the arrange stage alone, in a
second): the face-up tiles placed wrong, rivers not in order and indicators missed, by scene.

``--without`` reads without the whole-table checking rules (``vision.check.SEAMS``,
``UNLIKE_BACKS``, ``ON_CLOTH``, ``vision.wall_blanks``), ``--without-wall-blanks`` without
reading a wall's pale backs named 白板 as backs alone, ``--without-cloth`` without ``ON_CLOTH``
alone (白板 and backs of the bare cloth's colour), ``--without-self-taught`` without
``vision.self_taught``, ``--without-set-counts`` without ``vision.set_counts``. ``--cache DIR``
keeps each scene's photo, truth and detector look
(``Finder.find``) there, so a second run with changed checking rules re-reads only the name and
check stages. Not part of the product: it reads the recognizer's stages as they are.
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from vision import check, self_taught, set_counts, wall_blanks
from vision.evaluate_table import Tally, match, river_places, score, truth
from vision.find import Found
from vision.recognizer import Recognizer
from vision.table_reader import MAX_TILES, read_table


def scene_data(seed: int, k: int, cache: Path | None) -> dict[str, Any]:
    """The scene's photo, truth and design, rendered or from ``cache``."""
    path = cache / f"scene_{seed}_{k}.pkl" if cache else None
    if path is not None and path.is_file():
        return pickle.loads(path.read_bytes())
    from datasets.synth.table import render_table_scene

    scene = render_table_scene(np.random.default_rng([seed, k]))
    data = {"image": scene.image, "truth": truth(scene), "art": scene.art}
    if path is not None:
        path.write_bytes(pickle.dumps(data))
    return data


def found_of(recognizer: Recognizer, image: np.ndarray, name: str, cache: Path | None) -> Found:
    """The whole-table look's boxes (the find stage), computed or from ``cache``."""
    path = cache / f"found_{name}.pkl" if cache else None
    if path is not None and path.is_file():
        return Found(*pickle.loads(path.read_bytes()))
    found = recognizer.find(image, False, whole_table=True)
    if path is not None:
        path.write_bytes(pickle.dumps(tuple(found)))
    return found


def river_cause(seat: str, true: list[dict[str, Any]], pairs: dict[int, int],
                answer: dict[str, Any]) -> str | None:
    """Why ``seat``'s river is not exact (None where it is, or it has no river)."""
    river = sorted((i for i, t in enumerate(true) if t["seat"] == seat and t["zone"] == "river"),
                   key=lambda i: true[i]["order"])
    if not river:
        return None
    got = answer["seats"][seat]["river"]
    want = [true[i]["tile"] for i in river]
    if got == want:
        return None
    tiles = answer["tiles"]
    for i in river:
        j = pairs.get(i)
        if j is None:
            return "missing: not found"
        if tiles[j]["tile"] == "back":
            return "missing: read as a back"
        if tiles[j]["seat"] != seat or tiles[j]["zone"] != "river":
            return "missing: placed elsewhere"
    if len(got) > len(want):
        return "a tile added"
    named = [tiles[pairs[i]]["tile"] for i in river]
    if named != want:
        return "a name wrong"
    return "order"


def river_order_causes(seat: str, true: list[dict[str, Any]], pairs: dict[int, int],
                       answer: dict[str, Any], detected: list[dict[str, Any]]) -> set[str]:
    """Why ``seat``'s river is not in order (``rivers_in_order``; empty where it is): each true
    tile missing from it (not found, read as a back, placed elsewhere) and each tile added to it
    (a box matching no true tile: found twice, or on nothing; or another zone's tile)."""
    tiles = answer["tiles"]
    river, placed = river_places(seat, true, tiles)
    if not river or placed == [pairs.get(i) for i in river]:
        return set()
    whose = {j: i for i, j in pairs.items()}
    causes = set()
    for i in river:
        j = pairs.get(i)
        if j is None:
            causes.add("missing: not found")
        elif detected[j]["tile"] == "back":
            causes.add("missing: read as a back")
        elif tiles[j]["seat"] != seat:
            causes.add("missing: placed in another seat")
        elif j not in placed:
            causes.add(f"missing: placed in the seat's {tiles[j]['zone']}")
    for j in placed:
        if j not in whose:
            causes.add("added: a box on no tile, or on one found twice")
        elif whose[j] not in river:
            was = true[whose[j]]
            back = " (a back read as a face)" if was["tile"] == "back" and detected[j]["tile"] != \
                "back" else ""
            causes.add(f"added: a tile of {was['seat']}/{was['zone']}{back}")
    return causes or {"order"}


def indicator_cause(true: list[dict[str, Any]], pairs: dict[int, int], answer: dict[str, Any],
                    detected: list[dict[str, Any]]) -> str | None:
    """Why the scene's indicator was not read (None where it was, or the scene has none); in a
    scene without one, whether a tile was taken for one all the same."""
    shown = [i for i, t in enumerate(true) if t["zone"] == "indicator"]
    if not shown:
        return None if answer["indicator"] is None else "none shown, one read"
    i = shown[0]
    if answer["indicator"] == true[i]["tile"]:
        return None
    j = pairs.get(i)
    if j is None:
        return "not found"
    got = answer["tiles"][j]
    if detected[j]["tile"] == "back":
        return "read as a back"
    if got["zone"] == "indicator":
        return "named wrong"
    chosen = [t for t in answer["tiles"] if t["zone"] == "indicator"]
    if chosen:
        k = answer["tiles"].index(chosen[0])
        was = [true[a] for a, b in pairs.items() if b == k]
        where = f"{was[0]['seat']}/{was[0]['zone']}" if was else "not a true tile"
        return f"another tile chosen ({where}); it placed {got['seat']}/{got['zone']}"
    return f"placed {'its own seat' if got['seat'] == true[i]['seat'] else 'another seat'}" \
        f"/{got['zone']}, none chosen"


def true_boxes(seed: int, scenes: int, cache: Path | None) -> dict[str, Any]:
    """The arrange stage alone on the true boxes and names: where it places tiles wrong."""
    tally = Tally()
    wrong: Counter[str] = Counter()
    rivers: Counter[str] = Counter()
    indicators: Counter[str] = Counter()
    for k in range(scenes):
        data = scene_data(seed, k, cache)
        true, art = data["truth"], data["art"]
        given = [{"tile": t["tile"], "box": t["box"], "confidence": 1.0} for t in true]
        answer = read_table(given).to_json()
        pairs = {i: i for i in range(len(true))}
        score(tally, true, answer, pairs, given)
        for i, t in enumerate(true):
            got = answer["tiles"][i]
            if not t["hidden"] and t["tile"] != "back" and (got["seat"], got["zone"]) != (
                    t["seat"], t["zone"]):
                wrong[f"{art} {t['seat']}/{t['zone']} -> {got['seat']}/{got['zone']}"] += 1
        for seat in ("self", "right", "across", "left"):
            for cause in river_order_causes(seat, true, pairs, answer, given):
                rivers[f"{cause} (scene {k}, {seat}, {art})"] += 1
        cause = indicator_cause(true, pairs, answer, given)
        if cause:
            indicators[f"{cause} (scene {k}, {art})"] += 1
    return {"seed": seed, "scenes": scenes, "figures": tally.figures(),
            "faces_placed_wrong": dict(wrong), "rivers_not_in_order": dict(rivers),
            "indicators_missed": dict(indicators)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=64)
    p.add_argument("--scenes", type=int, default=24)
    p.add_argument("--cache", type=Path)
    p.add_argument("--json", action="store_true")
    p.add_argument("--without", action="store_true",
                   help="without the whole-table checking rules (vision.check SEAMS, UNLIKE_BACKS, "
                   "ON_CLOTH)")
    p.add_argument("--without-cloth", action="store_true",
                   help="without dropping 白板 and backs of the bare cloth's colour (vision.check ON_CLOTH)")
    p.add_argument("--without-wall-blanks", action="store_true",
                   help="without reading a wall's pale backs named 白板 as backs (vision.wall_blanks)")
    p.add_argument("--without-set-counts", action="store_true",
                   help="without holding a table's names to a set's counts (vision.set_counts)")
    p.add_argument("--without-self-taught", action="store_true",
                   help="without a table teaching itself its set (vision.self_taught.SELF_TAUGHT)")
    p.add_argument("--models", type=Path, help="folder with the ONNX models (default: models/)")
    p.add_argument("--true-boxes", action="store_true",
                   help="the arrange stage alone on the true boxes and names (no recognizer)")
    args = p.parse_args(argv)
    self_taught.SELF_TAUGHT = not args.without_self_taught
    set_counts.SET_COUNTS = not args.without_set_counts
    if args.without:
        check.SEAMS = check.UNLIKE_BACKS = check.ON_CLOTH = False
    if args.without_cloth:
        check.ON_CLOTH = False
    if args.without or args.without_wall_blanks:
        wall_blanks.WALL_BLANKS = False
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
    if args.true_boxes:
        print(json.dumps(true_boxes(args.seed, args.scenes, args.cache), indent=None if args.json
                         else 1))
        return 0
    recognizer = Recognizer.load(args.models)
    look = recognizer.find
    tally = Tally()
    lost: Counter[tuple[str, str]] = Counter()
    rivers: Counter[str] = Counter()
    indicators: Counter[str] = Counter()
    out_of_order: Counter[str] = Counter()
    faces_by_art: Counter[str] = Counter()
    backs_as_faces = 0
    for k in range(args.scenes):
        data = scene_data(args.seed, k, args.cache)
        image, true, art = data["image"], data["truth"], data["art"]
        found = found_of(recognizer, image, f"{args.seed}_{k}", args.cache)
        recognizer.find = lambda *a, _f=found, **kw: _f  # type: ignore[method-assign]
        detected = recognizer.detect(image, whole_table=True)[:MAX_TILES]  # past it: refused
        recognizer.find = look  # type: ignore[method-assign]
        answer = read_table(detected).to_json()
        pairs = match(true, detected)
        score(tally, true, answer, pairs, detected)
        looked = [{"box": list(b)} for b in found.boxes]
        seen = match(true, looked)
        labels = [recognizer.det_names[c] for c in found.classes]
        for i, t in enumerate(true):
            if t["tile"] == "back" and i in pairs and detected[pairs[i]]["tile"] != "back":
                backs_as_faces += 1
            if t["hidden"] or t["tile"] == "back":
                continue
            faces_by_art[art] += 1
            j = pairs.get(i)
            right = j is not None and (answer["tiles"][j]["seat"], answer["tiles"][j]["zone"]) == (
                t["seat"], t["zone"])
            if right and detected[j]["tile"] == "back":
                lost[("placed right, but reported a back", f"{art} {t['seat']}/{t['zone']}")] += 1
            if right:
                continue
            if j is None:
                cause = ("not found" if i not in seen else
                         f"dropped in checking (found as {labels[seen[i]]})")
            elif detected[j]["tile"] == "back":
                cause = "reported a back"
            else:
                cause = "wrong seat or zone"
            if cause == "wrong seat or zone":
                got = answer["tiles"][j]
                cause = f"placed {got['seat']}/{got['zone']}"
            lost[(cause, f"{art} {t['seat']}/{t['zone']}")] += 1
        for seat in ("self", "right", "across", "left"):
            cause = river_cause(seat, true, pairs, answer)
            if cause:
                rivers[cause] += 1
            out_of_order.update(river_order_causes(seat, true, pairs, answer, detected))
        cause = indicator_cause(true, pairs, answer, detected)
        if cause:
            indicators[f"{cause} | {art}, scene {k}"] += 1
    out = {"seed": args.seed, "scenes": args.scenes, "figures": tally.figures(),
           "faces_by_design": dict(faces_by_art),
           "faces_lost": {f"{c} | {a}": n for (c, a), n in sorted(lost.items())},
           "rivers_not_exact": dict(rivers), "backs_reported_faces": backs_as_faces,
           "rivers_not_in_order": dict(out_of_order), "indicators_missed": dict(indicators)}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"seed {args.seed}, {args.scenes} scenes: {json.dumps(out['figures'])}")
    print("face-up tiles by design:", dict(faces_by_art))
    print("face-up tiles lost (cause | design seat/zone):")
    for key, n in out["faces_lost"].items():
        print(f"  {n:4d}  {key}")
    print("true backs (hands, walls) reported as faces:", backs_as_faces)
    print("rivers not exact, first cause:")
    for key, n in rivers.most_common():
        print(f"  {n:4d}  {key}")
    print("rivers not in order, each cause (a river may have several):")
    for key, n in out_of_order.most_common():
        print(f"  {n:4d}  {key}")
    print("indicators not read (cause | design, scene):")
    for key, n in indicators.most_common():
        print(f"  {n:4d}  {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
