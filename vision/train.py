"""Train the two stages of the tile recognizer with ultralytics, resumably, and export ONNX.

Stage 1 is a small YOLO detector with two classes (``tile`` face up, ``back`` face down); stage 2 a
YOLO classifier on crops, whose output index is the ``TILE_CLASSES`` index (see ``datasets.real``).
Both start from a model YAML: no pretrained weights exist offline, and none may be downloaded.

Why the care about resuming: a session is stopped after 180 minutes, so a CPU run spans sessions.
Every epoch the run's ``last.pt`` is copied to ``models/checkpoints/<name>_last.pt`` (git-tracked,
a few MB) and a rerun of the same command resumes from it, from ``work/runs/<name>`` if present.
Each invocation appends one JSON line (command, seed, data, git commit, epochs, metrics) to
``models/train_log.jsonl``.

Nothing here may reach the network: ``YOLO_OFFLINE`` is set, ultralytics' config dir is moved to
``work/ultralytics`` with a local font in place of Arial (which it would otherwise download), and a
socket guard refuses and logs every connection attempt. torch and ultralytics are imported inside
functions only, so importing ``vision`` never pulls them in.

Usage::

    python -m vision.train classify                 # CPU defaults, resumes if a checkpoint exists
    python -m vision.train detect --imgsz 320
    python -m vision.train classify --gpu           # device 0, bigger batch, more epochs
    python -m vision.train export classify          # best.pt -> models/tile_classifier.onnx
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
WORK = REPO_ROOT / "work"
RUNS = WORK / "runs"
MODELS = REPO_ROOT / "models"
CHECKPOINTS = MODELS / "checkpoints"
TRAIN_LOG = MODELS / "train_log.jsonl"
CONFIG_DIR = WORK / "ultralytics"

#: Default per-task settings: (CPU values, GPU values). Chosen from the measured CPU cost in the
#: dataset manifest (~95 s/epoch for 64 px crops; detector cost scales with pixel count).
TASKS: dict[str, dict[str, Any]] = {
    "classify": {
        "model": "yolov8n-cls.yaml",
        "data": WORK / "mixed" / "classify",
        "name": "classify-turnall64b",
        "onnx": "tile_classifier.onnx",
        "cpu": {"imgsz": 64, "batch": 64, "epochs": 60},
        # crops are stored at 96 px; the measured GPU recipe (96 px, then 64 px) is
        # scripts/device_train.sh
        "gpu": {"imgsz": 96, "batch": 256, "epochs": 60},
    },
    "detect": {
        "model": "yolov8n.yaml",
        "data": WORK / "mixed" / "detect" / "data.yaml",
        "name": "detect-gpu-11300126-320",
        "onnx": "tile_detector.onnx",
        "cpu": {"imgsz": 320, "batch": 16, "epochs": 40},
        # 320 px on a GPU too: the recognizer runs the detector at 320 px to stay faster than
        # the peer on a CPU (scripts/device_train.sh ... detect)
        "gpu": {"imgsz": 320, "batch": 64, "epochs": 300},
    },
}

#: Augmentation overrides. A mirrored tile never occurs on a table, so the classifier sees no
#: flips (the real train split already holds rotated and sheared copies); its random crop keeps at
#: least 70% of the (already padded) crop so the face stays whole. The detector only tells a tile
#: from a tile's back, which a mirror does not change, and flipped both ways a photo is turned
#: upside down: a table photographed from the other side (detect-mixed2 and the first GPU run
#: trained without flips and missed 4 times as many tiles on valid photos turned 180°).
AUGMENT: dict[str, dict[str, Any]] = {
    "classify": {"fliplr": 0.0, "flipud": 0.0, "scale": 0.3, "erasing": 0.2},
    "detect": {"fliplr": 0.5, "flipud": 0.5},
}


@dataclass
class RunRecord:
    """One line of ``models/train_log.jsonl``: enough to reproduce or continue a run."""

    task: str
    name: str
    command: str
    seed: int
    data: str
    model: str
    device: str
    settings: dict[str, Any]
    git_commit: str
    started: str
    resumed_from: str | None = None
    finished: str | None = None
    epochs_done: int | None = None
    metrics: dict[str, float] = field(default_factory=dict)
    data_manifest: dict[str, Any] | None = None
    network_attempts: list[str] = field(default_factory=list)
    error: str | None = None


# --------------------------------------------------------------------------- offline setup

_NETWORK_ATTEMPTS: list[str] = []


def _refuse(*args: Any, **kwargs: Any) -> Any:
    """Socket guard: record the attempted address and refuse, as a closed network would."""
    _NETWORK_ATTEMPTS.append(repr(args[:2]))
    raise OSError("network access is disabled during training (vision.train guard)")


def go_offline() -> None:
    """Make ultralytics fully offline before it is imported, and guard the socket layer.

    ``YOLO_OFFLINE`` stops its online checks; a private config dir with a local font stands in
    for the Arial download that dataset checks trigger; the guard catches anything left.
    """
    os.environ["YOLO_OFFLINE"] = "1"
    os.environ["YOLO_CONFIG_DIR"] = str(CONFIG_DIR)
    os.environ.setdefault("MPLBACKEND", "Agg")
    CONFIG_DIR.mkdir(parents=True, exist_ok=True)
    _install_local_font()
    socket.getaddrinfo = _refuse  # type: ignore[assignment]
    socket.create_connection = _refuse  # type: ignore[assignment]


def _install_local_font() -> None:
    """Put matplotlib's DejaVu Sans where ultralytics looks for Arial, so it never fetches it."""
    font_dir = CONFIG_DIR / "Ultralytics"  # ultralytics appends this to YOLO_CONFIG_DIR
    font_dir.mkdir(parents=True, exist_ok=True)
    targets = [font_dir / "Arial.ttf", font_dir / "Arial.Unicode.ttf"]
    if all(t.exists() for t in targets):
        return
    try:
        import matplotlib
    except ImportError:
        return
    font = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    if font.is_file():
        for target in targets:
            if not target.exists():
                shutil.copyfile(font, target)


def _configure_ultralytics() -> None:
    """Turn off ultralytics' analytics and hub sync, and keep its runs under ``work/``."""
    from ultralytics import settings

    wanted = {
        "sync": False,
        "runs_dir": str(RUNS),
        "weights_dir": str(WORK / "weights"),
        "datasets_dir": str(WORK / "datasets"),
        **{k: False for k in ("clearml", "comet", "dvc", "mlflow", "raytune", "tensorboard")},
        **{k: False for k in ("wandb", "vscode_msg", "openvino_msg")},
    }
    settings.update({k: v for k, v in wanted.items() if k in settings})


# --------------------------------------------------------------------------- helpers


def _git_commit() -> str:
    """Return the current commit hash (or ``unknown``) so a log line names the code it ran."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=REPO_ROOT, capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _now() -> str:
    """UTC timestamp for the log."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _append_log(record: RunRecord) -> None:
    """Append one run record to ``models/train_log.jsonl``."""
    MODELS.mkdir(parents=True, exist_ok=True)
    with TRAIN_LOG.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(asdict(record), default=str) + "\n")


def _data_manifest() -> dict[str, Any] | None:
    """Read ``work/build.json`` (written by ``datasets.build``) to tie the run to its data."""
    path = WORK / "build.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k != "real_classify_per_class"}


def checkpoint_path(name: str) -> Path:
    """Where a run's ``last.pt`` is kept in git between sessions."""
    return CHECKPOINTS / f"{name}_last.pt"


def find_resume(name: str) -> Path | None:
    """Return the newest ``last.pt`` of run ``name``: the run folder first, then the git copy."""
    candidates = [RUNS / name / "weights" / "last.pt", checkpoint_path(name)]
    existing = [p for p in candidates if p.is_file()]
    if not existing:
        return None
    return max(existing, key=lambda p: _checkpoint_epoch(p))


def _checkpoint_epoch(path: Path) -> int:
    """Epoch index stored in an ultralytics checkpoint (-1 if unreadable or finished)."""
    import torch

    try:
        ckpt = torch.load(path, map_location="cpu", weights_only=False)
    except Exception:  # noqa: BLE001 - a corrupt file just loses the comparison
        return -1
    return int(ckpt.get("epoch", -1))


def _prepare_resume(last: Path, epochs: int, save_dir: Path) -> tuple[Path, bool]:
    """Copy ``last`` into the run folder and set its target epochs; say whether it can resume.

    Ultralytics ignores a new ``epochs`` on resume, so the stored ``train_args`` are edited to
    let a later session extend a run. A finished checkpoint (epoch -1) cannot resume: the caller
    then starts a new run from its weights.
    """
    import torch

    weights = save_dir / "weights"
    weights.mkdir(parents=True, exist_ok=True)
    target = weights / "last.pt"
    if last.resolve() != target.resolve():
        shutil.copyfile(last, target)
    ckpt = torch.load(target, map_location="cpu", weights_only=False)
    resumable = int(ckpt.get("epoch", -1)) >= 0  # a finished (stripped) run has epoch -1
    args = ckpt.get("train_args", {})
    if resumable and int(ckpt["epoch"]) + 1 >= epochs:
        print(f"checkpoint already has {ckpt['epoch'] + 1} epochs >= {epochs}; nothing to resume")
        return target, False
    if resumable and args.get("epochs") != epochs:
        args["epochs"] = epochs
        args["save_dir"] = str(save_dir)
        ckpt["train_args"] = args
        torch.save(ckpt, target)
    return target, resumable


#: Learning rate of a fine-tuning run (``--init``). The from-scratch rate (AdamW 0.00167) with
#: fresh moment estimates doubled the detector's loss within 20 batches; a tenth of it does not.
FINE_TUNE_LR = 0.0002

#: Largest checkpoint kept in git; bigger ones lose their optimizer state (see below).
GIT_CHECKPOINT_LIMIT = 15_000_000


def save_git_checkpoint(source: Path, target: Path, limit: int = GIT_CHECKPOINT_LIMIT) -> str:
    """Copy an ultralytics ``last.pt`` into git's checkpoint folder, small enough to commit.

    The optimizer state is stored as bfloat16 (fp32 range, so Adam's tiny second moments do not
    underflow as in fp16; torch casts it back to the parameters' dtype on load). If the file is
    still over ``limit`` (the detector's AdamW state is 4x its fp16 weights), the optimizer state
    is dropped: ultralytics resumes without it, restarting only the moment estimates.
    Returns how it was stored: ``"as is"``, ``"bf16 optimizer"`` or ``"no optimizer"``.
    """
    import io

    import torch

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    how = "as is"
    if source.stat().st_size > limit:
        ckpt = torch.load(source, map_location="cpu", weights_only=False)
        optimizer = ckpt.get("optimizer")
        if optimizer is not None:
            for state in optimizer.get("state", {}).values():
                for key, value in state.items():
                    if torch.is_tensor(value) and value.is_floating_point() and value.dim() > 0:
                        state[key] = value.to(torch.bfloat16)
            how = "bf16 optimizer"
        buffer = io.BytesIO()
        torch.save(ckpt, buffer)
        if buffer.tell() > limit:
            ckpt["optimizer"] = None
            how = "no optimizer"
            buffer = io.BytesIO()
            torch.save(ckpt, buffer)
        tmp.write_bytes(buffer.getvalue())
    else:
        shutil.copyfile(source, tmp)
    tmp.replace(target)
    return how


def _save_epoch_callback(name: str):
    """Build an ultralytics callback that copies ``last.pt`` into git's checkpoint folder."""

    def on_fit_epoch_end(trainer: Any) -> None:
        last = Path(trainer.last)
        if last.is_file():
            save_git_checkpoint(last, checkpoint_path(name))
            results = Path(trainer.save_dir) / "results.csv"
            if results.is_file():
                shutil.copyfile(results, CHECKPOINTS / f"{name}_results.csv")

    return on_fit_epoch_end


def _terminate(signum: int, frame: Any) -> None:
    """Turn SIGTERM (session stop, ``kill PID``) into an exception so the run still gets logged."""
    raise SystemExit(128 + signum)


def _patch_amp_check() -> None:
    """Skip ultralytics' AMP self-test on a GPU: it would download yolo26n.pt, impossible here."""
    import ultralytics.engine.trainer as trainer_mod

    trainer_mod.check_amp = lambda model: True  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- train / export


def train(
    task: str,
    *,
    data: Path | None = None,
    gpu: bool = False,
    epochs: int | None = None,
    imgsz: int | None = None,
    batch: int | None = None,
    seed: int = 0,
    name: str | None = None,
    workers: int = 2,
    fresh: bool = False,
    fraction: float = 1.0,
    init: Path | None = None,
    hours: float | None = None,
    lr: float = FINE_TUNE_LR,
) -> RunRecord:
    """Train (or resume) one stage; return the record that is also appended to the log.

    ``gpu`` switches to device 0 with the GPU defaults of ``TASKS``; explicit arguments win.
    ``fresh`` ignores any checkpoint. ``fraction`` trains on part of the data (smoke tests).
    ``init`` starts a new run from another run's weights (fine-tuning on new data: AdamW at a
    tenth of the rate ultralytics picks from scratch, a short warm-up without its bias rate of 0.1,
    which wrecks trained weights; mosaic off for the last quarter); once the run has a checkpoint
    of its own it resumes from that instead. ``hours`` bounds the run's time (ultralytics' ``time``:
    the schedule is fitted to it), for a lease of a GPU machine that ends at a fixed time.
    ``lr`` is the fine-tuning rate (for a smaller batch than the GPU recipe's, a smaller rate).
    """
    go_offline()
    signal.signal(signal.SIGTERM, _terminate)
    spec = TASKS[task]
    profile = dict(spec["gpu" if gpu else "cpu"])
    for key, value in (("epochs", epochs), ("imgsz", imgsz), ("batch", batch)):
        if value is not None:
            profile[key] = value
    name = name or spec["name"]
    data = Path(data or spec["data"])
    if not data.exists():
        raise FileNotFoundError(f"{data} missing: build it with `python -m datasets.build`")
    save_dir = RUNS / name
    device = "0" if gpu else "cpu"
    record = RunRecord(
        task=task,
        name=name,
        command=" ".join([Path(sys.executable).name, "-m", "vision.train", *sys.argv[1:]]),
        seed=seed,
        data=str(data),
        model=spec["model"],
        device=device,
        settings={**profile, **AUGMENT[task], "workers": workers, "fraction": fraction,
                  **({"time_hours": hours} if hours else {})},
        git_commit=_git_commit(),
        started=_now(),
        data_manifest=_data_manifest(),
    )

    _configure_ultralytics()
    from ultralytics import YOLO

    if gpu:
        _patch_amp_check()
    last = None if fresh else find_resume(name)
    resumable = False
    if last is not None:
        last, resumable = _prepare_resume(last, profile["epochs"], save_dir)
        record.resumed_from = str(last)
    schedule: dict[str, Any] = {}
    if last is None and init is not None:
        if not Path(init).is_file():
            raise FileNotFoundError(f"{init}: no such checkpoint to start from")
        last = Path(init)
        record.resumed_from = f"init {init}"
        schedule = {"optimizer": "AdamW", "lr0": lr, "warmup_epochs": 0.5,
                    "warmup_bias_lr": 0.0, "close_mosaic": max(1, profile["epochs"] // 4)}
        record.settings.update(schedule)
    common = {
        "device": device,
        "workers": workers,
        "batch": profile["batch"],
        "imgsz": profile["imgsz"],
        "save_dir": str(save_dir),
    }
    try:
        if resumable:
            print(f"resuming {name} from {last}")
            model = YOLO(str(last))
            model.add_callback("on_fit_epoch_end", _save_epoch_callback(name))
            model.train(resume=True, **common)
        else:
            if save_dir.exists() and (last is None or fresh):
                shutil.rmtree(save_dir)
            model = YOLO(spec["model"], task=task)
            if last is not None:  # a finished run or --init: its weights, a new schedule
                print(f"starting {name} from the weights of {last}")
            model.add_callback("on_fit_epoch_end", _save_epoch_callback(name))
            model.train(
                data=str(data),
                epochs=profile["epochs"],
                seed=seed,
                deterministic=True,
                # ultralytics loads start weights through `pretrained` only (False: random init)
                pretrained=str(last) if last is not None else False,
                amp=gpu,
                plots=False,
                project=str(RUNS),
                name=name,
                exist_ok=True,
                patience=max(20, profile["epochs"] // 4),
                cache="ram" if task == "classify" else False,
                fraction=fraction,
                verbose=True,
                **({"time": hours} if hours else {}),
                **AUGMENT[task],
                **schedule,
                **common,
            )
    except BaseException as exc:  # log a killed or failed run too, then re-raise
        record.error = repr(exc)
        raise
    finally:
        record.finished = _now()
        record.network_attempts = list(_NETWORK_ATTEMPTS)
        record.epochs_done, record.metrics = read_progress(save_dir)
        _append_log(record)
    return record


def read_progress(save_dir: Path) -> tuple[int | None, dict[str, float]]:
    """Read the last row of a run's ``results.csv``: epochs done and validation metrics."""
    return _progress_from(save_dir / "results.csv")


def _progress_from(results: Path) -> tuple[int | None, dict[str, float]]:
    """Epochs done and last-row validation metrics of one ``results.csv``."""
    if not results.is_file():
        return None, {}
    lines = [ln for ln in results.read_text(encoding="utf-8").splitlines() if ln.strip()]
    if len(lines) < 2:
        return 0, {}
    header = [h.strip() for h in lines[0].split(",")]
    row = [v.strip() for v in lines[-1].split(",")]
    metrics = {}
    for key, value in zip(header, row, strict=False):
        if key.startswith("metrics/") or key.startswith("val/"):
            try:
                metrics[key] = round(float(value), 4)
            except ValueError:
                continue
    epoch = int(float(row[0])) if row and row[0] else None
    return epoch, metrics


def export(task: str, name: str | None = None, weights: Path | None = None,
           out: Path = MODELS) -> Path:
    """Export a run's best weights to ONNX under ``out`` (``models/``); keep its ``last.pt`` in git.

    The ONNX file is what the runtime loads with onnxruntime (no torch at inference). Another
    ``out`` lets a candidate be measured (``vision.evaluate --models``) before it is shipped.
    """
    go_offline()
    _configure_ultralytics()
    from ultralytics import YOLO

    spec = TASKS[task]
    name = name or spec["name"]
    run_weights = RUNS / name / "weights"
    source = weights or next(
        (p for p in (run_weights / "best.pt", run_weights / "last.pt") if p.is_file()), None
    )
    if source is None:
        source = checkpoint_path(name)
    if not Path(source).is_file():
        raise FileNotFoundError(f"no weights for {name}")
    if (run_weights / "last.pt").is_file():
        how = save_git_checkpoint(run_weights / "last.pt", checkpoint_path(name))
        print(f"checkpoint {checkpoint_path(name)} ({how})")
    export_dir = WORK / "export" / name
    export_dir.mkdir(parents=True, exist_ok=True)
    staged = export_dir / Path(source).name
    shutil.copyfile(source, staged)
    model = YOLO(str(staged), task=task)
    imgsz = int(model.ckpt.get("train_args", {}).get("imgsz", spec["cpu"]["imgsz"]))
    exported = model.export(format="onnx", imgsz=imgsz, opset=17, simplify=True, dynamic=False)
    onnx_path = Path(exported)
    out.mkdir(parents=True, exist_ok=True)
    target = out / spec["onnx"]
    shutil.copyfile(onnx_path, target)
    if task == "classify":
        batch_dynamic(target)
        add_feature_output(target)
    print(f"exported {source} (imgsz {imgsz}) -> {target} ({target.stat().st_size / 1e6:.1f} MB)")
    data_dir = Path(model.ckpt.get("train_args", {}).get("data", ""))
    if task == "classify" and (data_dir / "val").is_dir():
        verify_classifier_onnx(target, data_dir)
    if _NETWORK_ATTEMPTS:
        print(f"warning: blocked network attempts during export: {_NETWORK_ATTEMPTS}")
    return target


def batch_dynamic(path: Path) -> None:
    """Make the batch size of an exported ONNX model free (it is exported for one image).

    The recognizer names all the tiles of a photo, in several crops each, in one call; a batch of
    one costs a session call per crop. Only the first dimension of inputs and outputs changes: a
    convolutional classifier has no operator that fixes the batch size.
    """
    import onnx

    model = onnx.load(str(path))
    del model.graph.value_info[:]  # shapes inferred for a batch of one
    for value in (*model.graph.input, *model.graph.output):
        value.type.tensor_type.shape.dim[0].dim_param = "batch"
    for prop in model.metadata_props:
        if prop.key == "batch":
            prop.value = "-1"
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def add_feature_output(path: Path) -> bool:
    """Give an exported classifier a second output, ``features``: the input of its last
    linear layer (the pooled 1280 features of yolov8n-cls). The class probabilities stay the
    first output, unchanged. Returns False when the model already has it.
    """
    import onnx

    from vision.classes import FEATURES_OUTPUT

    model = onnx.load(str(path))
    if any(out.name == FEATURES_OUTPUT for out in model.graph.output):
        return False
    last = [node for node in model.graph.node if node.op_type in ("Gemm", "MatMul")][-1]
    model.graph.node.append(onnx.helper.make_node(
        "Identity", [last.input[0]], [FEATURES_OUTPUT], name="features_identity"))
    width = next(init.dims[-1] for init in model.graph.initializer if init.name == last.input[1])
    model.graph.output.append(onnx.helper.make_tensor_value_info(
        FEATURES_OUTPUT, onnx.TensorProto.FLOAT, ["batch", width]))
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    return True


def preprocess_crop(crop_bgr: Any, imgsz: int) -> Any:
    """Turn one BGR tile crop (as cut by ``datasets.real.crop_tile``) into the classifier input.

    Square resize to ``imgsz``, BGR->RGB, scale to [0, 1], NCHW float32: what ultralytics'
    validation transform does to a square crop (its mean/std are 0/1). Kept here, torch-free,
    as the reference the runtime recognizer must match.
    """
    import cv2
    import numpy as np

    img = cv2.resize(crop_bgr, (imgsz, imgsz), interpolation=cv2.INTER_AREA)
    img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB).astype(np.float32) / 255.0
    return np.ascontiguousarray(img.transpose(2, 0, 1)[None])


def verify_classifier_onnx(onnx_path: Path, data_dir: Path, per_class: int | None = None) -> dict[str, Any]:
    """Score an exported classifier with onnxruntime on real ``val`` crops (no torch involved).

    Checks that the ONNX file, the preprocessing above and the ``TILE_CLASSES`` order agree:
    its top-1 should match ultralytics' own validation within a point or two.
    """
    import cv2
    import numpy as np
    import onnxruntime as ort

    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    inp = session.get_inputs()[0]
    imgsz = int(inp.shape[-1])
    correct = total = 0
    per_code: dict[str, tuple[int, int]] = {}
    for folder in sorted((data_dir / "val").iterdir()):
        index = int(folder.name.split("_", 1)[0])
        hits = seen = 0
        for image in sorted(folder.glob("*.jpg"))[:per_class]:  # None: all of them
            crop = cv2.imread(str(image), cv2.IMREAD_COLOR)
            probs = session.run(None, {inp.name: preprocess_crop(crop, imgsz)})[0][0]
            hits += int(np.argmax(probs)) == index
            seen += 1
        per_code[folder.name.split("_", 1)[1]] = (hits, seen)
        correct += hits
        total += seen
    worst = sorted((h / n, code) for code, (h, n) in per_code.items() if n)[:5]
    result = {
        "onnx": str(onnx_path),
        "imgsz": imgsz,
        "crops": total,
        "top1": correct / total,
        "worst": {code: round(acc, 3) for acc, code in worst},
    }
    print(f"onnxruntime check: top-1 {result['top1']:.4f} on {total} val crops; worst {result['worst']}")
    return result


RUN_LOG_TABLE = MODELS / "train_log.md"


def write_run_log(out: Path = RUN_LOG_TABLE) -> str:
    """Write every logged run as a table to ``models/train_log.md``, from ``train_log.jsonl`` and
    the results files of runs still going; the model card keeps a run a row and links there."""
    rows = [
        "# Training log",
        "",
        "Generated by `python -m vision.train card` from `models/train_log.jsonl`: a row per run"
        " started, with its command and settings. The model card's runs table keeps one row a run.",
        "",
        "| run | started (UTC) | command | seed | data | device, imgsz, batch | epochs done "
        "| valid metrics (last epoch) | best so far |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    records = []
    if TRAIN_LOG.is_file():
        lines = TRAIN_LOG.read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) for line in lines if line.strip()]
    for rec in records:
        settings = rec.get("settings", {})
        metrics = ", ".join(f"{k.split('/')[-1]} {v}" for k, v in rec.get("metrics", {}).items())
        best = _best_so_far(rec["name"])
        rows.append(
            f"| {rec['name']} | {rec['started']} | `{rec['command']}` | {rec['seed']} "
            f"| {_short(rec['data'])} "
            f"| {rec['device']}, {settings.get('imgsz')}, {settings.get('batch')} "
            f"| {rec.get('epochs_done')} of {settings.get('epochs')} | {metrics} | {best} |"
        )
    logged: dict[str, int] = {}
    for rec in records:
        logged[rec["name"]] = max(logged.get(rec["name"], 0), rec.get("epochs_done") or 0)
    for results in sorted(CHECKPOINTS.glob("*_results.csv")):
        name = results.name.removesuffix("_results.csv")
        epochs, metrics = _progress_from(results)
        if (epochs or 0) > logged.get(name, 0):  # still going: its log line comes when it stops
            shown = ", ".join(f"{k.split('/')[-1]} {v}" for k, v in metrics.items())
            rows.append(f"| {name} | (in progress) | | | | | {epochs} | {shown} | {_best_so_far(name)} |")
    table = "\n".join(rows)
    out.write_text(table + "\n", encoding="utf-8")
    return table


def _short(path: str) -> str:
    """A path relative to the repository when it lies inside it, for the card."""
    try:
        return str(Path(path).resolve().relative_to(REPO_ROOT))
    except ValueError:
        return path


def _best_so_far(name: str) -> str:
    """Best validation value in a run's ``results.csv`` (top-1 or mAP50-95), with its epoch."""
    results = RUNS / name / "results.csv"
    if not results.is_file():
        results = CHECKPOINTS / f"{name}_results.csv"
    if not results.is_file():
        return ""
    lines = [ln for ln in results.read_text(encoding="utf-8").splitlines() if ln.strip()]
    header = [h.strip() for h in lines[0].split(",")]
    for key in ("metrics/accuracy_top1", "metrics/mAP50-95(B)"):
        if key in header:
            col = header.index(key)
            values = [(float(ln.split(",")[col]), int(float(ln.split(",")[0]))) for ln in lines[1:]]
            value, epoch = max(values)
            return f"{key.split('/')[-1]} {value:.4f} (epoch {epoch})"
    return ""


def main(argv: list[str] | None = None) -> int:
    """CLI entry point; see the module docstring for examples."""
    parser = argparse.ArgumentParser(description="Train/export the tile recognizer stages.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    for task in TASKS:
        p = sub.add_parser(task, help=f"train (or resume) the {task} stage")
        p.add_argument("--data", type=Path, help="dataset (folder or data.yaml)")
        p.add_argument("--gpu", action="store_true", help="device 0, GPU batch/epochs/imgsz")
        p.add_argument("--epochs", type=int)
        p.add_argument("--imgsz", type=int)
        p.add_argument("--batch", type=int)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--name", help="run name (default: the task's)")
        p.add_argument("--workers", type=int, default=2)
        p.add_argument("--fresh", action="store_true", help="ignore existing checkpoints")
        p.add_argument("--fraction", type=float, default=1.0, help="use part of the data")
        p.add_argument("--no-export", action="store_true", help="skip the ONNX export at the end")
        p.add_argument("--init", type=Path, help="start a new run from these weights (fine-tune)")
        p.add_argument("--hours", type=float, help="stop after this many hours (schedule fitted)")
        p.add_argument("--lr", type=float, default=FINE_TUNE_LR,
                       help=f"learning rate of a fine-tuning run (--init; default {FINE_TUNE_LR})")
    p = sub.add_parser("export", help="export a run's best weights to models/*.onnx")
    p.add_argument("task", choices=sorted(TASKS))
    p.add_argument("--name")
    p.add_argument("--weights", type=Path)
    p.add_argument("--out", type=Path, default=MODELS, help="folder of the ONNX file (default models/)")
    sub.add_parser("card", help="regenerate models/train_log.md, the table of every logged run")
    args = parser.parse_args(argv)

    if args.cmd == "export":
        export(args.task, args.name, args.weights, args.out)
        write_run_log()
        return 0
    if args.cmd == "card":
        print(write_run_log())
        return 0
    train(
        args.cmd,
        data=args.data,
        gpu=args.gpu,
        epochs=args.epochs,
        imgsz=args.imgsz,
        batch=args.batch,
        seed=args.seed,
        name=args.name,
        workers=args.workers,
        fresh=args.fresh,
        fraction=args.fraction,
        init=args.init,
        hours=args.hours,
        lr=args.lr,
    )
    if not args.no_export:
        export(args.cmd, args.name)
    write_run_log()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
