"""Train the two stages of the tile recognizer with ultralytics, resumably, and export ONNX.

Stage 1 is a small YOLO detector with two classes (``tile`` face up, ``back`` face down); stage 2 a
YOLO classifier on crops, whose output index is the ``TILE_CLASSES`` index (see ``datasets.real``).
Both start from a model YAML: no pretrained weights exist offline, and none may be downloaded.

Why the care about resuming: a session is stopped after 180 minutes, so a CPU run spans sessions.
Every epoch the run's ``last.pt`` is copied to ``models/checkpoints/<name>_last.pt`` (git-tracked,
a few MB) and a rerun of the same command resumes from it, from ``work/runs/<name>`` if present.
Each invocation appends one JSON line (command, seed, data, git commit, epochs, metrics) to
``models/train_log.jsonl``.

Nothing here may reach the network (``vision.train_setup``). torch and ultralytics are imported
inside functions only, so importing ``vision`` never pulls them in. This module is the run and
the command; the tasks, folders and offline guard are ``vision.train_setup``, checkpoints
``vision.train_checkpoints``, the run log ``vision.train_record`` and the ONNX export
``vision.train_export``.

Usage::

    python -m vision.train classify                 # CPU defaults, resumes if a checkpoint exists
    python -m vision.train detect --imgsz 320
    python -m vision.train classify --gpu           # device 0, bigger batch, more epochs
    python -m vision.train export classify          # best.pt -> models/tile_classifier.onnx
"""

from __future__ import annotations

import argparse
import shutil
import signal
import sys
from pathlib import Path
from typing import Any

from . import train_setup as setup
from .train_checkpoints import (
    GIT_CHECKPOINT_LIMIT,
    _prepare_resume,
    _save_epoch_callback,
    checkpoint_path,
    find_resume,
    save_git_checkpoint,
)
from .train_export import add_feature_output, batch_dynamic, export, preprocess_crop, verify_classifier_onnx
from .train_record import (
    RunRecord,
    _append_log,
    _data_manifest,
    _git_commit,
    _now,
    read_progress,
    write_run_log,
)
from .train_setup import _NETWORK_ATTEMPTS, AUGMENT, TASKS, _configure_ultralytics, go_offline

__all__ = [
    "AUGMENT", "FINE_TUNE_LR", "GIT_CHECKPOINT_LIMIT", "TASKS", "RunRecord", "add_feature_output",
    "batch_dynamic", "checkpoint_path", "export", "find_resume", "go_offline", "main",
    "preprocess_crop", "read_progress", "save_git_checkpoint", "train", "verify_classifier_onnx",
    "write_run_log",
]

#: Learning rate of a fine-tuning run (``--init``). The from-scratch rate (AdamW 0.00167) with
#: fresh moment estimates doubled the detector's loss within 20 batches; a tenth of it does not.
FINE_TUNE_LR = 0.0002


def _terminate(signum: int, frame: Any) -> None:
    """Turn SIGTERM (session stop, ``kill PID``) into an exception so the run still gets logged."""
    raise SystemExit(128 + signum)


def _patch_amp_check() -> None:
    """Skip ultralytics' AMP self-test on a GPU: it would download yolo26n.pt, impossible here."""
    import ultralytics.engine.trainer as trainer_mod

    trainer_mod.check_amp = lambda model: True  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- the run


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
    save_dir = setup.RUNS / name
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
                project=str(setup.RUNS),
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
    p.add_argument("--out", type=Path, default=setup.MODELS, help="folder of the ONNX file (default models/)")
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
