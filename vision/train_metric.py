"""Train the metric head (``vision.metric_head``) on rendered photos of many tile designs.

Each training design is photographed as a player's own set would be (``datasets.synth.photos``:
one physical set a design, ``player_set``): two layout photos of every kind in rows and 21
close-ups of one tile. The shipped classifiers' features of each tile (cut at its true box) are
kept, a file a design under ``work/metric/<classifiers' fingerprint>/`` (made once; a later run
reuses them). The head is then fitted by episodes, as a player's set is used: the kinds of one
layout photo of a design are the examples, its other photos' tiles are read against them
(softmax of the cosine similarities at ``tileset.TEMPERATURE``), and the loss is how often the
right kind does not win. It is chosen on designs it never saw (``VALID_DESIGNS``, plain and
coloured): one-shot accuracy of their close-ups, printed beside the features' own. A design
whose layout shows ink paler than its faces (``tileset.mostly_pale``) keeps its tiles'
lightness negatives' features too, and is matched as a player's pale set is: each tile mapped
as it is and in its negative, the two summed (``TileClassifier.features(..., negative_too)``). Each tile
kind as all the training designs draw it (the mean of its mapped features: ``MetricHead.kinds``)
is kept in the head too: what a tile of a set never learnt is likened to.

The run checkpoints every ``CHECK_EVERY`` steps to ``models/checkpoints/<name>_last.pt`` and a
rerun resumes there; each invocation is a line of ``models/train_log.jsonl``. Torch is needed
here only (the ``train`` extra); the runtime applies the head with numpy.

    python -m vision.train_metric --name metric-a --steps 1500
    python -m vision.train_metric --name metric-a --out /tmp/cand   # a candidate elsewhere
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from .classes import TILE_CLASSES
from .metric_head import METRIC_FILE, MetricHead
from .tileset import TEMPERATURE, mostly_pale, unit_rows

REPO_ROOT = Path(__file__).resolve().parent.parent
FEATURES_DIR = REPO_ROOT / "work" / "metric"
#: Designs the head learns from: generated ones the classifiers trained on and the art sets,
#: without the designs the recognizer is measured on (``vision.evaluate_designs``: gen-12..15,
#: kmj-traditional, kmj-jade) nor ``VALID_DESIGNS``.
ART_SETS = ("smooth", "unicode", "fluffy", "kmj-default", "kmj-classic", "xmj-real", "xmj-dorothys",
            "xmj-dorwhite", "xmj-gnome", "xmj-gnome2", "gnome-postmodern", "uni-symbola", "uni-noto")
HELD_OUT = frozenset({"gen-12", "gen-13", "gen-14", "gen-15", "kmj-traditional", "kmj-jade"})
VALID_DESIGNS = ("gen-500", "gen-501", "gen-502", "gen-503")
#: Close-ups rendered a design (of as many different kinds).
CLOSE_UPS = 21
#: The table scenes a set is played in, in turn (``datasets.synth.scene.LAYOUTS``).
SCENE_LAYOUTS = ("hand", "discards", "flat")
CHECK_EVERY = 250
#: Designs an episode batch draws.
EPISODES = 8


def training_designs(count: int) -> list[str]:
    """``count`` generated designs (gen-16 onwards, the held-out ones skipped) and the art sets."""
    names = [f"gen-{i}" for i in range(count + 16) if f"gen-{i}" not in HELD_OUT]
    return [*ART_SETS, *names[:count]]


def player_photos(design: str, coloured: bool, seed: int, close_ups: int = CLOSE_UPS,
                  scenes: int = 0, photographed: float = 0.0) -> list[tuple[np.ndarray, list[Any], int]]:
    """One physical set of ``design`` photographed as a player would (``datasets.synth.photos``:
    ``player_set``): two layout photos of every kind in rows, then ``close_ups`` photos of one
    tile, then ``scenes`` table scenes played with it (a hand standing or lying, discard rows),
    each as (image, its labelled tiles, which: 0 and 1 the layouts, 2 a close-up, 3 a scene's
    faces). The same seed draws the same photos (the metric head's features and the face
    network's faces are of them). ``photographed``: each photo then made to look taken by a
    phone of a used set (``datasets.augment.photograph`` at that strength; 0: as rendered)."""
    from datasets.synth.art import load_art_set
    from datasets.synth.photos import player_set, rows_photo, single_tile_photo
    from datasets.synth.scene import render_scene

    rows = [c for c in TILE_CLASSES[:42] if c in load_art_set(design).codes]
    style = player_set(design, coloured, seed)
    out = []
    for j in range(2):
        scene = rows_photo(np.random.default_rng([seed, j, 100]), design, rows, coloured=coloured,
                           style=style)
        out.append((scene.image, [t for t in scene.tiles if t.labelled], j))
    rng = np.random.default_rng([seed, 7])
    for code in rng.permutation(rows)[:close_ups]:
        scene = single_tile_photo(np.random.default_rng([seed, rows.index(code)]), design, str(code),
                                  coloured, style)
        tile = max(scene.tiles, key=lambda t: (t.box[2] - t.box[0]) * (t.box[3] - t.box[1]))
        out.append((scene.image, [tile], 2))
    for j in range(scenes):
        scene = render_scene(np.random.default_rng([seed, j, 300]), SCENE_LAYOUTS[j % len(SCENE_LAYOUTS)],
                             style=style)
        out.append((scene.image, [t for t in scene.tiles if t.labelled and t.code != "back"], 3))
    if not photographed:
        return out
    return [_photographed(image, tiles, which, photographed, seed, k)
            for k, (image, tiles, which) in enumerate(out)]


def _photographed(image: np.ndarray, tiles: list[Any], which: int, strength: float, seed: int,
                  index: int) -> tuple[np.ndarray, list[Any], int]:
    """One player photo made to look taken by a phone of a used set (worn ink, shadow, glare,
    slant, cast, focus, noise, JPEG: ``datasets.augment.photograph``), its tiles' boxes moved
    with the slant; drawn from ``seed`` and the photo's ``index``."""
    from datasets.augment import map_boxes, photograph

    tile_px = float(np.median([t.box[3] - t.box[1] for t in tiles])) if tiles else None
    image, matrix = photograph(np.random.default_rng([seed, index, 500]), image, strength, tile_px=tile_px)
    boxes = map_boxes(np.array([t.box for t in tiles], float), matrix, image.shape[1], image.shape[0])
    moved = [replace(t, box=[float(v) for v in box]) for t, box in zip(tiles, boxes, strict=True)]
    return image, moved, which


def design_features(design: str, coloured: bool, seed: int, classifier: Any, photographed: float = 0.0
                    ) -> dict[str, np.ndarray]:
    """The features of one design's player photos (:func:`player_photos`): ``feats`` (one unit
    row a tile), ``codes`` and ``photo`` (0, 1: the layout photos; 2: a close-up); ``pale`` (most
    of the first layout's tiles show ink paler than their face), and for a pale design
    ``negative``, each tile's features in its lightness negative."""
    from .cut import pale_ink_at

    photos = player_photos(design, coloured, seed, photographed=photographed)
    image, tiles, _ = photos[0]
    pale = mostly_pale([pale_ink_at(image, tile.box) for tile in tiles])
    feats, negative, codes, photo = [], [], [], []
    for image, tiles, which in photos:
        boxes = np.array([t.box for t in tiles], float)
        codes += [t.code for t in tiles]
        photo += [which] * len(tiles)
        feats.append(classifier.features(image, boxes))
        if pale:
            negative.append(classifier.negative_features(image, boxes))
    out = {"feats": np.vstack(feats).astype(np.float32), "codes": np.array(codes),
           "photo": np.array(photo), "pale": np.array(pale), "drawn": np.array(drawn(design))}
    if pale:
        out["negative"] = np.vstack(negative).astype(np.float32)
    return out


def drawn(design: str) -> str:
    """The design's faces as drawn now (``ArtSet.digest``), kept with what is made of them."""
    from datasets.synth.art import load_art_set

    return load_art_set(design).digest


def current(path: Path, design: str, *keys: str) -> bool:
    """Whether the file at ``path`` holds ``keys`` and was made from the design as drawn now: a
    generator that draws it otherwise since (a new style) has it made again."""
    if not path.is_file():
        return False
    with np.load(path) as data:
        return ("drawn" in data.files and str(data["drawn"]) == drawn(design)
                and all(key in data.files for key in keys))


def features(designs: list[str], coloured: bool, seed: int, classifier: Any, photographed: float = 0.0
             ) -> list[dict[str, np.ndarray]]:
    """Each design's features, from ``FEATURES_DIR`` where made before, else made and kept
    (``photographed``: of the photos made phone-like at that strength, kept apart)."""
    folder = FEATURES_DIR / classifier.features_of
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for design in designs:
        looks = f"-photographed{photographed:g}" if photographed else ""
        path = folder / f"{design}-{'coloured' if coloured else 'plain'}-{seed}{looks}.npz"
        if not current(path, design, "pale"):  # kept before pale designs were: made again
            part = path.with_suffix(".part.npz")
            np.savez(part, **design_features(design, coloured, seed, classifier, photographed))
            part.replace(path)
            print(f"features: {path.name}", flush=True)
        with np.load(path) as data:
            out.append({k: data[k] for k in data.files})
    return out


def mapped(episode: dict[str, np.ndarray], head: MetricHead | None = None) -> np.ndarray:
    """An episode's tiles as a tile set compares them: in ``head`` (None: the features as they
    are), a pale design's as the sum of each tile's and its negative's, unit rows."""
    def through(feats: np.ndarray) -> np.ndarray:
        return unit_rows(feats) if head is None else head(feats)

    z = through(episode["feats"])
    return unit_rows(z + through(episode["negative"])) if "negative" in episode else z


def one_shot(episodes: list[dict[str, np.ndarray]], head: MetricHead | None = None) -> float:
    """Share of the close-ups whose nearest tile of the first layout photo is of their kind."""
    right = total = 0
    for ep in episodes:
        z = mapped(ep, head)
        support, query = ep["photo"] == 0, ep["photo"] == 2
        nearest = (z[query] @ z[support].T).argmax(axis=1)
        right += int((ep["codes"][support][nearest] == ep["codes"][query]).sum())
        total += int(query.sum())
    return right / max(total, 1)


def sure_from(episodes: list[dict[str, np.ndarray]], head: MetricHead) -> float:
    """The similarity at which a tile is as likely a learnt kind as not (``MetricHead.trust_at``):
    where as many tiles fall below their own kind's nearest example (in the other layout photo
    of their design) as tiles rise above the nearest example of another kind (a tile whose kind
    the set did not learn), on a grid of 0.01."""
    own, other = [], []
    for ep in episodes:
        z = mapped(ep, head)
        for layout in (0, 1):
            support, query = ep["photo"] == layout, ep["photo"] != layout
            sims = z[query] @ z[support].T
            same = ep["codes"][query][:, None] == ep["codes"][support][None, :]
            own.append(np.where(same, sims, -2).max(axis=1)[same.any(axis=1)])
            other.append(np.where(same, -2, sims).max(axis=1))
    mine, others = np.concatenate(own), np.concatenate(other)
    grid = np.round(np.arange(0.3, 0.95, 0.01), 2)
    gap = [abs((mine < t).mean() - (others >= t).mean()) for t in grid]
    return float(grid[int(np.argmin(gap))])


def kind_means(episodes: list[dict[str, np.ndarray]], head: MetricHead) -> MetricHead:
    """``head`` with each tile kind as the ``episodes``' designs draw it (``MetricHead.kinds``:
    the unit mean of its mapped features, every design's tiles of it counted)."""
    codes = tuple(TILE_CLASSES[:42])
    sums = np.zeros((len(codes), len(head.scale)), np.float64)
    for ep in episodes:
        z = mapped(ep, head)
        for k, code in enumerate(codes):
            sums[k] += z[ep["codes"] == code].sum(axis=0)
    return replace(head, kinds=unit_rows(sums).astype(np.float32), kind_codes=codes)


def nearest_kind(episodes: list[dict[str, np.ndarray]], head: MetricHead) -> float:
    """Share of the close-ups nearest their own kind of ``head.kinds`` (no set learnt)."""
    right = total = 0
    for ep in episodes:
        query = ep["photo"] == 2
        sims = head.kind_similarities(mapped(ep, head)[query])
        right += int((np.array(head.kind_codes)[sims.argmax(axis=1)] == ep["codes"][query]).sum())
        total += int(query.sum())
    return right / max(total, 1)


def fit(name: str, train: list[dict[str, np.ndarray]], valid: list[dict[str, np.ndarray]],
        features_of: str, steps: int, rank: int, lr: float, seed: int, fresh: bool = False
        ) -> tuple[MetricHead, dict[str, float]]:
    """Fit the head by episodes (resuming ``name``'s checkpoint unless ``fresh``); the step with
    the best one-shot accuracy on ``valid`` (its checks every ``CHECK_EVERY`` steps) is kept."""
    import torch

    from .train_checkpoints import checkpoint_path

    dim = train[0]["feats"].shape[1]
    torch.manual_seed(seed)
    params = {"scale": torch.nn.Parameter(torch.ones(dim)),
              "down": torch.nn.Parameter(torch.randn(dim, rank) * 0.01),
              "up": torch.nn.Parameter(torch.zeros(rank, dim))}
    optimizer = torch.optim.AdamW(params.values(), lr=lr, weight_decay=1e-4)
    step, best, best_step, best_state = 0, -1.0, 0, None
    last = checkpoint_path(name)
    if last.is_file() and not fresh:
        saved = torch.load(last, weights_only=False)
        if saved["features_of"] == features_of and saved["rank"] == rank:
            for key, value in saved["params"].items():
                params[key].data.copy_(value)
            optimizer.load_state_dict(saved["optimizer"])
            step, best = saved["step"], saved["best"]
            best_step, best_state = saved["best_step"], saved["best_state"]
            print(f"resumed {name} at step {step} (best {best:.3f} at {best_step})", flush=True)
    rng = np.random.default_rng([seed, step])
    tensors = [(torch.tensor(ep["feats"]), torch.tensor(ep["negative"]) if "negative" in ep else None,
                ep["codes"], ep["photo"]) for ep in train]

    def through(feats: Any) -> Any:
        x = torch.nn.functional.normalize(feats, dim=1)
        return torch.nn.functional.normalize(x * params["scale"] + (x @ params["down"]) @ params["up"], dim=1)


    def head_of(state: dict[str, Any]) -> MetricHead:
        return MetricHead(*(state[k].detach().float().numpy().copy() for k in ("scale", "down", "up")),
                          features_of)

    while step < steps:
        loss = torch.zeros(())
        for _ in range(EPISODES):
            feats, negative, codes, photo = tensors[rng.integers(len(tensors))]
            layout = int(rng.integers(2))  # either layout photo may be the one learnt
            support, query = np.flatnonzero(photo == layout), np.flatnonzero(photo != layout)
            z = through(feats)
            if negative is not None:  # a pale design, matched as a pale set is
                z = torch.nn.functional.normalize(z + through(negative), dim=1)
            kinds = {code: k for k, code in enumerate(codes[support])}
            target = torch.tensor([kinds.get(code, -100) for code in codes[query]])
            logits = z[query] @ z[support].T / TEMPERATURE
            loss = loss + torch.nn.functional.cross_entropy(logits, target, ignore_index=-100)
        optimizer.zero_grad()
        (loss / EPISODES).backward()
        optimizer.step()
        step += 1
        if step % CHECK_EVERY == 0 or step == steps:
            score = one_shot(valid, head_of(params))
            if score > best:  # kept as the head file keeps it (half precision: a smaller checkpoint)
                best, best_step = score, step
                best_state = {k: v.detach().to(torch.float16) for k, v in params.items()}
            print(f"step {step}: loss {float(loss.detach()) / EPISODES:.4f}, "
                  f"valid one-shot {score:.3f}", flush=True)
            torch.save({"params": {k: v.detach() for k, v in params.items()},
                        "optimizer": optimizer.state_dict(), "step": step, "best": best,
                        "best_step": best_step, "best_state": best_state,
                        "features_of": features_of, "rank": rank}, last)
    if best_state is None:
        raise SystemExit(f"{name}: nothing trained (asked for {steps} steps, done {step})")
    head = head_of(best_state)
    head = replace(head, trust_at=sure_from(valid, head))
    return head, {"valid_one_shot": round(best, 4), "best_step": best_step, "steps_done": step,
                  "trust_at": head.trust_at}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train the metric head a tile set is matched in.")
    parser.add_argument("--name", default="metric", help="run name (checkpoint, log line)")
    parser.add_argument("--designs", type=int, default=200, help="generated training designs")
    parser.add_argument("--art-looks", type=int, default=0,
                        help="each art set photographed as this many more sets (coloured, plain…)")
    parser.add_argument("--steps", type=int, default=1500)
    parser.add_argument("--rank", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--fresh", action="store_true", help="ignore the run's checkpoint")
    parser.add_argument("--photographed", type=float, default=0.0,
                        help="training photos made phone-like at this strength, 0..1 (datasets.augment)")
    parser.add_argument("--models", type=Path, help="classifiers' folder (default models/)")
    parser.add_argument("--out", type=Path, help=f"folder to write {METRIC_FILE} to (default: the models')")
    args = parser.parse_args(argv)

    from . import train_record as training
    from .recognizer import MODELS_DIR, TileClassifier

    models = args.models or MODELS_DIR
    classifier = TileClassifier.load(models)
    classifier.metric = None  # the head is trained on the classifiers' own features
    record = training.RunRecord(
        task="metric", name=args.name, command="python -m vision.train_metric " + shlex.join(
            sys.argv[1:] if argv is None else argv), seed=args.seed,
        data=f"{args.designs} generated designs + {len(ART_SETS)} art sets ({1 + args.art_looks} "
             "sets each), plain and coloured" + (f", photographed {args.photographed:g}"
                                                  if args.photographed else ""),
        model=f"metric head rank {args.rank}", device="cpu",
        settings={"imgsz": "features", "batch": f"{EPISODES} designs", "epochs": args.steps,
                  "rank": args.rank, "lr": args.lr, "photographed": args.photographed},
        git_commit=training._git_commit(), started=training._now())
    designs = training_designs(args.designs)
    half = len(designs) // 2
    looks = args.photographed
    train = (features(designs[:half], False, args.seed, classifier, looks)
             + features(designs[half:], True, args.seed + 1, classifier, looks))
    for look in range(args.art_looks):  # the sets drawn by people, as more players' sets
        train += features(list(ART_SETS), look % 2 == 0, args.seed + 10 + look, classifier, looks)
    # the valid designs as rendered: their one-shot figure compares with every earlier run's
    valid = (features(list(VALID_DESIGNS), False, args.seed + 2, classifier)
             + features(list(VALID_DESIGNS), True, args.seed + 3, classifier))
    print(f"valid one-shot on the features alone: {one_shot(valid):.3f}", flush=True)
    start = time.time()
    head, metrics = fit(args.name, train, valid, classifier.features_of, args.steps, args.rank,
                        args.lr, args.seed, args.fresh)
    metrics["valid_one_shot_features"] = round(one_shot(valid), 4)
    head = kind_means(train, head)
    metrics["valid_nearest_kind"] = round(nearest_kind(valid, head), 4)
    out = Path(args.out or models)
    out.mkdir(parents=True, exist_ok=True)
    head.save(out / METRIC_FILE)
    record.finished, record.epochs_done, record.metrics = training._now(), metrics["steps_done"], metrics
    training._append_log(record)
    print(f"{out / METRIC_FILE}: valid one-shot {metrics['valid_one_shot']:.3f} (features alone "
          f"{metrics['valid_one_shot_features']:.3f}), a learnt kind from similarity "
          f"{head.trust_at:.2f}, close-ups nearest their kind as the training designs draw it "
          f"{metrics['valid_nearest_kind']:.3f}, {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
