"""A run's checkpoints: found to resume from, prepared for a longer run, and copied each epoch
into git's checkpoint folder small enough to commit (a CPU run spans sessions)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from . import train_setup as setup


def checkpoint_path(name: str) -> Path:
    """Where a run's ``last.pt`` is kept in git between sessions."""
    return setup.CHECKPOINTS / f"{name}_last.pt"


def find_resume(name: str) -> Path | None:
    """Return the newest ``last.pt`` of run ``name``: the run folder first, then the git copy."""
    candidates = [setup.RUNS / name / "weights" / "last.pt", checkpoint_path(name)]
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
                shutil.copyfile(results, setup.CHECKPOINTS / f"{name}_results.csv")

    return on_fit_epoch_end
