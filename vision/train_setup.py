"""Where training keeps its runs, checkpoints and log, what each task trains by default, and how
a run is kept offline.

Nothing here may reach the network: ``YOLO_OFFLINE`` is set, ultralytics' config dir is moved to
``work/ultralytics`` with a local font in place of Arial (which it would otherwise download), and a
socket guard refuses and logs every connection attempt. The other training modules read the
folders through this module (``setup.RUNS``), so a test moves them all by setting them here.
"""

from __future__ import annotations

import os
import shutil
import socket
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
