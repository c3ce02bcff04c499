"""Train the face network (``vision.face_embedding``) on rendered photos of many tile designs.

Each design is photographed as a player's own set would be (``datasets.synth.photos``: one
physical set a design, ``player_set``): two layout photos of every kind in rows and
``--close-ups`` photos of one tile. Each tile is cut at its true box as a tile set cuts it
(``tileset.Look``) and kept as the network reads it (``face_embedding.upright_face``), a file a
design under ``work/faces/48x64/`` (made once; a later run reuses them; ``--workers`` processes
render). The network is fitted by episodes, as a player's set is used: one layout photo's tiles
are the examples, the design's close-ups and some tiles of its other layout photo are read
against them (softmax of the cosine similarities at ``tileset.TEMPERATURE``), and the loss is
how often the right kind does not win. Faces are shifted, turned, scaled, blurred and noised a
little, and an episode's lightness or colours are turned over at times (a jade or dark set). The
step kept is the one whose close-ups of designs it never saw (``VALID_DESIGNS``, plain and
coloured) are read best by one layout photo. With ``--both-ways`` each tile read is also looked
at turned over, as the recognizer looks at a tile to find which way up it lies
(``face_embedding.way_up``), and the right kind must win either way it is looked at: a face
upside down must lie near no other kind (an upside-down 萬 likened to a flower); the step kept
is then the one whose close-ups are read best looked at both ways. ``--swapped N`` adds N of the
designs drawn with their flower and season pictures swapped among the kinds (only the name on
the tile tells them), ``--across SHARE`` that share of episodes reading another design's tiles
against one design's layout (a tile likened to its kind as another set draws it); neither has
made a network worth shipping (runs faces-h and faces-i: models/MODEL_CARD.md, "Runs").

The run checkpoints every ``CHECK_EVERY`` steps to ``models/checkpoints/<name>_last.pt`` and a
rerun resumes there; each invocation is a line of ``models/train_log.jsonl``; the network is
exported to ``FACES_FILE`` (onnx), and each kind as its training sets draw it to ``KINDS_FILE``
(``face_embedding.DrawnKinds``: what a tile of a design no player taught is likened to). With
``--scenes`` each set is also played in table scenes (a hand, a discard row) whose tiles are
read against its layout too. Torch is needed here only (the ``train`` extra).

    python -m vision.train_faces --name faces-c --steps 2500   # the shipped network (run faces-c)
    python -m vision.train_faces --name faces-next --out /tmp/cand   # a candidate elsewhere
    python -m vision.train_faces --kinds-only   # the kinds alone, for the network in models/
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from datasets.synth.designs import SWAPPED, design_seed, design_style

from . import train_metric
from .face_embedding import (
    FACE_SIZE,
    FACES_FILE,
    KINDS_FILE,
    DrawnKinds,
    FaceEmbedding,
    standardized,
    upright_face,
)
from .tileset import TEMPERATURE, Look, network_reads

REPO_ROOT = Path(__file__).resolve().parent.parent
FACES_DIR = REPO_ROOT / "work" / "faces"
#: Designs no network trains on: the six the model card measures, and the valid ones.
VALID_DESIGNS = tuple(f"gen-{i}" for i in range(500, 520))
CHECK_EVERY = 100
#: The sets each kind as drawn is made from (``KINDS_FILE``): the first this many generated
#: designs and the art sets, rendered with ``KINDS_SCENES`` table scenes each (their layouts
#: are what counts). The 465 sets a network trains on read held-out designs worse before
#: learning (jade 0.810 → 0.774): more generated designs crowd out those drawn by people.
KINDS_DESIGNS = 150
KINDS_SCENES = 2
#: Of an episode's other layout photo, this many tiles are read beside its close-ups.
OTHER_LAYOUT = 12
#: The network's widths (three stages of two 3 × 3 convolutions) and its embedding's.
WIDTHS = (16, 32, 64)
EMBEDDING = 128


def design_faces(design: str, coloured: bool, seed: int, close_ups: int, scenes: int = 0
                 ) -> dict[str, np.ndarray]:
    """One design's player photos (``train_metric.player_photos``) as faces: ``faces`` (uint8,
    upright, ``FACE_SIZE``), ``codes`` and ``photo`` (0, 1: the layout photos; 2: a close-up;
    3: a table scene's tile, of those the network is asked about: ``tileset.network_reads``)."""
    faces, codes, photo = [], [], []
    for image, tiles, which in train_metric.player_photos(design, coloured, seed, close_ups, scenes):
        for tile in tiles:
            if which == 3 and not network_reads(tile.box):
                continue
            look = Look.cut(image, tile.box)
            if look is not None:
                faces.append(upright_face(look.pixels()[1]))
                codes.append(tile.code)
                photo.append(which)
    return {"faces": np.array(faces, np.uint8), "codes": np.array(codes), "photo": np.array(photo),
            "drawn": np.array(train_metric.drawn(design))}


def _folder() -> Path:
    """Where the faces are kept: a folder for each size they are cut at."""
    return FACES_DIR / "x".join(map(str, FACE_SIZE))


def _made(job: tuple[str, bool, int, int, int]) -> Path:
    """Render one design's faces to their file (unless there) and return the path."""
    design, coloured, seed, close_ups, scenes = job
    path = _folder() / (f"{design}-{'coloured' if coloured else 'plain'}-{seed}-{close_ups}"
                        + (f"-{scenes}" if scenes else "") + ".npz")
    if not train_metric.current(path, design):
        part = path.with_suffix(".part.npz")
        np.savez(part, **design_faces(design, coloured, seed, close_ups, scenes))
        part.replace(path)
        print(f"faces: {path.name}", flush=True)
    return path


def faces(jobs: list[tuple[str, bool, int, int, int]], workers: int) -> list[dict[str, np.ndarray]]:
    """Each job's (design, coloured, seed, close-ups, scenes) faces, rendered where not kept yet."""
    _folder().mkdir(parents=True, exist_ok=True)
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            paths = list(pool.map(_made, jobs, chunksize=4))
    else:
        paths = [_made(job) for job in jobs]
    out = []
    for path in paths:
        with np.load(path) as data:
            out.append({k: data[k] for k in data.files})
    return out


def training_jobs(designs: int, art_looks: int, close_ups: int, seed: int, scenes: int = 0,
                  swapped: int = 0) -> list[tuple[str, bool, int, int, int]]:
    """What the network trains on (design, coloured, seed, close-ups, scenes): the art sets,
    each also as ``art_looks`` more players' sets, and ``designs`` generated designs, every
    other one coloured, then the first ``swapped`` of those designs with flower or season
    pictures drawn with the pictures swapped among the kinds (``designs.SWAPPED``: the name on
    the tile tells the kind, its picture does not); never a held-out design nor a valid one."""
    names = [d for d in train_metric.training_designs(designs + len(VALID_DESIGNS)) if d not in VALID_DESIGNS]
    jobs = []
    for k, design in enumerate(names[:len(train_metric.ART_SETS) + designs]):
        jobs.append((design, k % 2 == 1, seed + 50 + k, close_ups, scenes))
        if design in train_metric.ART_SETS:  # the sets drawn by people, as more players' sets
            jobs += [(design, look % 2 == 0, seed + 60 + look, close_ups, scenes)
                     for look in range(art_looks)]
    pictured = [name for name in names[len(train_metric.ART_SETS):]
                if design_style(design_seed(name)).has_pictures][:swapped]
    jobs += [(name + SWAPPED, k % 2 == 0, seed + 5000 + k, close_ups, scenes)
             for k, name in enumerate(pictured)]
    return jobs


def network() -> Any:
    """The face network (torch): three stages of two convolutions, pooled to 4 × 3 cells, a
    linear map to ``EMBEDDING``, a unit row."""
    import torch
    from torch import nn

    def block(width_in: int, width_out: int) -> list[nn.Module]:
        return [nn.Conv2d(width_in, width_out, 3, padding=1, bias=False), nn.BatchNorm2d(width_out),
                nn.ReLU(inplace=True)]

    a, b, c = WIDTHS

    class FaceNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(*block(3, a), *block(a, a), nn.MaxPool2d(2),
                                      *block(a, b), *block(b, b), nn.MaxPool2d(2),
                                      *block(b, c), *block(c, c), nn.MaxPool2d(2),
                                      *block(c, c), nn.AdaptiveAvgPool2d((4, 3)))
            self.head = nn.Linear(c * 12, EMBEDDING)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return nn.functional.normalize(self.head(self.body(x).flatten(1)), dim=1)

    return FaceNet()


def tensors(episodes: list[dict[str, np.ndarray]]) -> Any:
    """All episodes' faces as the network reads them (one float tensor, N × 3 × 64 × 48)."""
    import torch

    return torch.from_numpy(np.concatenate([np.stack([standardized(face) for face in ep["faces"]])
                                            for ep in episodes]))


def augmented(x: Any, rng: np.random.Generator) -> Any:
    """``x`` shifted, turned and scaled a little (each face its own), at times blurred; noised."""
    import torch
    from torch.nn import functional

    n = len(x)
    angle, scale = (torch.tensor(v, dtype=torch.float32) for v in
                    (rng.normal(0, 0.08, n), rng.uniform(0.9, 1.1, n)))
    dx, dy = (torch.tensor(rng.normal(0, 0.05, n), dtype=torch.float32) for _ in range(2))
    theta = torch.stack([torch.stack([scale * torch.cos(angle), -scale * torch.sin(angle), dx], 1),
                         torch.stack([scale * torch.sin(angle), scale * torch.cos(angle), dy], 1)], 1)
    grid = functional.affine_grid(theta, list(x.shape), align_corners=False)
    x = functional.grid_sample(x, grid, padding_mode="border", align_corners=False)
    if rng.random() < 0.3:
        x = functional.avg_pool2d(x, 3, 1, 1)
    return x + 0.1 * torch.randn_like(x)


def embedded(net: Any, x: Any) -> np.ndarray:
    """``x`` embedded by ``net`` in inference mode (512 faces a pass)."""
    import torch

    training = net.training
    net.eval()
    with torch.no_grad():
        z = torch.cat([net(x[i:i + 512]) for i in range(0, len(x), 512)]).numpy()
    net.train(training)
    return z


def turned_over(x: Any) -> Any:
    """Faces (N × 3 × H × W) turned upside down: the one other view of a tile the recognizer
    looks at (a tile lying on its side is stood up either way, ``face_embedding.SIDE_WAYS``)."""
    return x.flip(2, 3)


def one_shot(net: Any, x: Any, episodes: list[dict[str, np.ndarray]]) -> float:
    """Share of the close-ups whose nearest tile of the first layout photo is of their kind."""
    z = embedded(net, x)
    starts = np.cumsum([0] + [len(ep["codes"]) for ep in episodes])
    return train_metric.one_shot([{**ep, "feats": z[start:start + len(ep["codes"])]}
                                  for ep, start in zip(episodes, starts, strict=False)])


def either_way_shot(net: Any, x: Any, episodes: list[dict[str, np.ndarray]]) -> float:
    """Share of the close-ups whose nearest tile of the first layout photo is of their kind,
    each close-up looked at as it stands and turned over (the nearer view counts, as the
    recognizer finds the way up a tile lies). A close-up lying upside down has the same two
    views, so it reads alike."""
    z, over = embedded(net, x), embedded(net, turned_over(x))
    starts = np.cumsum([0] + [len(ep["codes"]) for ep in episodes])
    right = total = 0
    for ep, start in zip(episodes, starts, strict=False):
        mine = slice(start, start + len(ep["codes"]))
        support, query = ep["photo"] == 0, ep["photo"] == 2
        examples = z[mine][support]
        sims = np.hstack([z[mine][query] @ examples.T, over[mine][query] @ examples.T])
        nearest = sims.argmax(axis=1) % len(examples)
        right += int((ep["codes"][support][nearest] == ep["codes"][query]).sum())
        total += int(query.sum())
    return right / max(total, 1)


def valid_loss(net: Any, x: Any, episodes: list[dict[str, np.ndarray]], both_ways: bool = False
               ) -> float:
    """The episodes' close-ups' mean :func:`episode_loss` against their first layout photo (no
    augmentation; each also turned over with ``both_ways``): how sure the right kind's win is,
    which still tells two steps apart once both read every valid close-up right."""
    import torch

    z = torch.from_numpy(embedded(net, x))
    over = torch.from_numpy(embedded(net, turned_over(x))) if both_ways else None
    starts = np.cumsum([0] + [len(ep["codes"]) for ep in episodes])
    losses = []
    for ep, start in zip(episodes, starts, strict=False):
        support = start + np.flatnonzero(ep["photo"] == 0)
        query = start + np.flatnonzero(ep["photo"] == 2)
        kinds = {code: i for i, code in enumerate(ep["codes"][support - start])}
        target = torch.tensor([kinds.get(code, -100) for code in ep["codes"][query - start]])
        turned = over[query] if over is not None else None
        losses.append(float(episode_loss(z[support], z[query], target, turned)))
    return float(np.mean(losses))


def episode_loss(examples: Any, read: Any, target: Any, over: Any = None) -> Any:
    """How often the right kind does not win: cross-entropy of the tiles ``read`` (embeddings)
    against the ``examples`` (softmax of cosines at ``TEMPERATURE``), ``target`` each one's
    example's index (-100: a kind not learnt, left out). With ``over`` (the tiles read turned
    over) each is looked at both ways and the right kind may win in either view: a face turned
    over must lie near no other kind, a face alike both ways (a 2 筒, a 白板) costs nothing
    (``tests/test_face_network.py``; no doctest: torch is the ``train`` extra's only)."""
    import torch
    from torch.nn import functional

    logits = read @ examples.T / TEMPERATURE
    if over is None:
        return functional.cross_entropy(logits, target, ignore_index=-100)
    turned = over @ examples.T / TEMPERATURE
    known = target >= 0
    right = torch.stack([logits[known, target[known]], turned[known, target[known]]], 1)
    both = torch.cat([logits, turned], 1)[known]
    return (torch.logsumexp(both, 1) - torch.logsumexp(right, 1)).mean()


def fit(name: str, train: list[dict[str, np.ndarray]], valid: list[dict[str, np.ndarray]],
        steps: int, episodes: int, lr: float, seed: int, fresh: bool = False,
        init: Path | None = None, both_ways: bool = False, across: float = 0.0
        ) -> tuple[Any, dict[str, float]]:
    """Fit the network by episodes (resuming ``name``'s checkpoint unless ``fresh``; a new run
    starts from the weights another run kept, ``init``, where given); the step with the best
    one-shot accuracy on ``valid`` (checked every ``CHECK_EVERY`` steps) is kept, of steps alike
    the one with the lowest :func:`valid_loss` (the valid designs' close-ups are all read right
    early in a run from a kept network: the first such step was kept before). ``both_ways``:
    each tile read is also looked at turned over, the right kind to win over both views (and
    the step kept the one whose close-ups read best so, :func:`either_way_shot`). ``across``:
    the share of episodes whose tiles read are another design's, likened to this one's layout
    (what a tile of a set no player taught is likened to: the kinds as many designs draw them,
    ``KINDS_FILE``; read where their pictures are swapped, ``training_jobs``, only the name on
    the tile is alike)."""
    import torch

    from .train_checkpoints import checkpoint_path

    torch.manual_seed(seed)
    net = network()
    optimizer = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, lr, total_steps=steps, pct_start=0.1)
    step, best, best_loss, best_step, best_state = 0, -1.0, np.inf, 0, None
    last = checkpoint_path(name)
    if last.is_file() and not fresh:
        saved = torch.load(last, weights_only=False)
        if saved["steps"] == steps and saved["widths"] == WIDTHS:
            net.load_state_dict(saved["net"])
            optimizer.load_state_dict(saved["optimizer"])
            schedule.load_state_dict(saved["schedule"])
            step, best = saved["step"], saved["best"]
            best_loss = saved.get("best_loss", np.inf)  # a run checkpointed before it was kept
            best_step, best_state = saved["best_step"], saved["best_state"]
            print(f"resumed {name} at step {step} (best {best:.3f} at {best_step})", flush=True)
        else:  # the schedule is of one length: another one starts afresh
            print(f"{name}: its checkpoint is of {saved['steps']} steps; starting afresh", flush=True)
    if step == 0 and init is not None:
        net.load_state_dict(torch.load(init, weights_only=False)["best_state"])
        print(f"{name}: starting from the weights {init} kept", flush=True)
    x_train, x_valid = tensors(train), tensors(valid)
    starts = np.cumsum([0] + [len(ep["codes"]) for ep in train])
    while step < steps:
        rng = np.random.default_rng([seed, step])  # a resumed run draws what it would have
        loss = torch.zeros(())
        for _ in range(episodes):
            k = int(rng.integers(len(train)))
            ep, first = train[k], starts[k]
            layout = int(rng.integers(2))  # either layout photo may be the one learnt
            support = np.flatnonzero(ep["photo"] == layout)
            read_ep, read_first = ep, first  # the tiles read: of the same set, or of another
            if across and rng.random() < across:
                j = int(rng.integers(len(train)))
                read_ep, read_first = train[j], starts[j]
            other = np.flatnonzero(read_ep["photo"] == 1 - layout)
            played = np.flatnonzero(read_ep["photo"] == 3)
            query = np.r_[np.flatnonzero(read_ep["photo"] == 2),
                          rng.choice(other, min(OTHER_LAYOUT, len(other)), replace=False),
                          rng.choice(played, min(OTHER_LAYOUT, len(played)), replace=False)]
            x = augmented(x_train[np.r_[first + support, read_first + query]], rng)
            if rng.random() < 0.25:  # lightness turned over: a set with pale ink
                x[:, 0] = -x[:, 0]
            if rng.random() < 0.25:  # colours turned over
                x[:, 1:] = -x[:, 1:]
            if both_ways:  # the tiles read, turned over too
                x = torch.cat([x, turned_over(x[len(support):])])
            z = net(x)
            kinds = {code: i for i, code in enumerate(ep["codes"][support])}
            target = torch.tensor([kinds.get(code, -100) for code in read_ep["codes"][query]])
            read = z[len(support):len(support) + len(query)]
            over = z[len(support) + len(query):] if both_ways else None
            loss = loss + episode_loss(z[:len(support)], read, target, over)
        optimizer.zero_grad()
        (loss / episodes).backward()
        optimizer.step()
        schedule.step()
        step += 1
        if step % CHECK_EVERY == 0 or step == steps:
            score = (either_way_shot if both_ways else one_shot)(net, x_valid, valid)
            sure = valid_loss(net, x_valid, valid, both_ways)
            if (score, -sure) > (best, -best_loss):
                best, best_loss, best_step = score, sure, step
                best_state = {k: v.detach().clone() for k, v in net.state_dict().items()}
            print(f"step {step}: loss {float(loss.detach()) / episodes:.4f}, valid one-shot "
                  f"{'either way ' if both_ways else ''}{score:.4f}, valid loss {sure:.4f}", flush=True)
            torch.save({"net": net.state_dict(), "optimizer": optimizer.state_dict(),
                        "schedule": schedule.state_dict(), "step": step, "best": best,
                        "best_loss": best_loss, "best_step": best_step, "best_state": best_state,
                        "steps": steps, "widths": WIDTHS}, last)
    if best_state is None:
        raise SystemExit(f"{name}: nothing trained (asked for {steps} steps, done {step})")
    net.load_state_dict(best_state)
    metrics = {"valid_one_shot": round(one_shot(net, x_valid, valid), 4), "best_step": best_step,
               "steps_done": step, "valid_loss": round(best_loss, 4)}
    if both_ways:
        metrics["valid_either_way"] = round(either_way_shot(net, x_valid, valid), 4)
    return net.eval(), metrics


def drawn_kinds(network: Path, train: list[dict[str, np.ndarray]]) -> DrawnKinds:
    """Each kind as the training designs draw it, embedded by the exported ``network`` as the
    recognizer will embed a tile (``FaceEmbedding``): the layout photos' tiles, ``KIND_DRAWINGS``
    of a kind kept."""
    faces = FaceEmbedding.load(network)
    rows, codes = [], []
    for ep in train:
        laid = ep["photo"] <= 1
        rows.append(faces(list(ep["faces"][laid])))
        codes += ep["codes"][laid].tolist()
    return DrawnKinds.made(np.vstack(rows), codes, faces.digest)


def export(net: Any, path: Path) -> None:
    """Write the network as onnx (any number of faces a pass)."""
    import warnings

    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    faces = torch.zeros((2, 3, FACE_SIZE[1], FACE_SIZE[0]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(net, (faces,), str(path), input_names=["faces"], output_names=["embedding"],
                          dynamic_axes={"faces": {0: "n"}, "embedding": {0: "n"}}, dynamo=False,
                          opset_version=17)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train the face network a tile set is compared by.")
    parser.add_argument("--name", default="faces", help="run name (checkpoint, log line)")
    parser.add_argument("--designs", type=int, default=400, help="generated training designs")
    parser.add_argument("--art-looks", type=int, default=4,
                        help="each art set photographed as this many more sets (coloured, plain…)")
    parser.add_argument("--close-ups", type=int, default=12, help="one-tile photos a design")
    parser.add_argument("--scenes", type=int, default=0,
                        help="table scenes a design is also played in (hands, discard rows)")
    parser.add_argument("--steps", type=int, default=2500)
    parser.add_argument("--episodes", type=int, default=4, help="designs a step")
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="rendering processes")
    parser.add_argument("--fresh", action="store_true", help="ignore the run's checkpoint")
    parser.add_argument("--init", type=Path, help="start from the weights this checkpoint kept")
    parser.add_argument("--swapped", type=int, default=0,
                        help="designs also drawn with their flower and season pictures swapped")
    parser.add_argument("--across", type=float, default=0.0,
                        help="share of episodes whose tiles read are of another design")
    parser.add_argument("--both-ways", action="store_true",
                        help="each tile read is also looked at turned over (which way up it lies)")
    parser.add_argument("--kinds-only", action="store_true",
                        help=f"only make {KINDS_FILE} for the network already in --out (no training)")
    parser.add_argument("--out", type=Path, help=f"folder to write {FACES_FILE} to (default models/)")
    args = parser.parse_args(argv)
    if args.swapped < 0 or not 0.0 <= args.across <= 1.0:
        parser.error("--swapped is a count of designs (0 or more), --across a share (0 to 1)")

    import torch

    from . import train_record as training
    from .recognizer import MODELS_DIR

    torch.set_num_threads(os.cpu_count() or 1)
    record = training.RunRecord(
        task="faces", name=args.name, command="python -m vision.train_faces " + shlex.join(
            sys.argv[1:] if argv is None else argv), seed=args.seed,
        data=f"{args.designs} generated designs + {len(train_metric.ART_SETS)} art sets "
             f"({1 + args.art_looks} sets each), plain and coloured, {args.close_ups} close-ups a set"
             + (f", {args.scenes} table scenes a set" if args.scenes else "")
             + (f", {args.swapped} with their pictures swapped" if args.swapped else "")
            + (", each tile read also turned over" if args.both_ways else "")
            + (f", {args.across:.0%} of episodes reading another design's tiles" if args.across else ""),
        model=f"face network {'/'.join(map(str, WIDTHS))} → {EMBEDDING}", device="cpu",
        settings={"imgsz": "x".join(map(str, FACE_SIZE)), "batch": f"{args.episodes} designs",
                  "epochs": args.steps, "lr": args.lr},
        git_commit=training._git_commit(), started=training._now())
    out = Path(args.out or MODELS_DIR)

    def make_kinds() -> None:
        drawing = faces(training_jobs(KINDS_DESIGNS, args.art_looks, args.close_ups, args.seed,
                                      KINDS_SCENES), args.workers)
        drawn_kinds(out / FACES_FILE, drawing).save(out / KINDS_FILE)
        print(f"{out / KINDS_FILE}: the kinds as {len(drawing)} sets draw them", flush=True)

    if args.kinds_only:  # neither the training nor the valid sets are wanted here
        make_kinds()
        return 0
    train = faces(training_jobs(args.designs, args.art_looks, args.close_ups, args.seed, args.scenes,
                                args.swapped), args.workers)
    valid = faces([(d, coloured, args.seed + 2 + coloured, 21, 0) for coloured in (False, True)
                   for d in VALID_DESIGNS], args.workers)
    start = time.time()
    net, metrics = fit(args.name, train, valid, args.steps, args.episodes, args.lr, args.seed,
                       args.fresh, args.init, args.both_ways, args.across)
    export(net, out / FACES_FILE)
    make_kinds()
    record.finished, record.epochs_done, record.metrics = training._now(), metrics["steps_done"], metrics
    training._append_log(record)
    print(f"{out / FACES_FILE}: valid one-shot {metrics['valid_one_shot']:.3f} (step "
          f"{metrics['best_step']}), {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
