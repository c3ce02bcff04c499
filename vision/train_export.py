"""Exporting a run's best weights to the ONNX files the recognizer loads (onnxruntime, no torch),
with a free batch size and the features output a tile set is matched on, checked on real crops."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from . import train_setup as setup
from .train_checkpoints import checkpoint_path, save_git_checkpoint
from .train_setup import _NETWORK_ATTEMPTS, TASKS, _configure_ultralytics, go_offline


def export(task: str, name: str | None = None, weights: Path | None = None,
           out: Path = setup.MODELS) -> Path:
    """Export a run's best weights to ONNX under ``out`` (``models/``); keep its ``last.pt`` in git.

    The ONNX file is what the runtime loads with onnxruntime (no torch at inference). Another
    ``out`` lets a candidate be measured (``vision.evaluate --models``) before it is shipped.
    """
    go_offline()
    _configure_ultralytics()
    from ultralytics import YOLO

    spec = TASKS[task]
    name = name or spec["name"]
    run_weights = setup.RUNS / name / "weights"
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
    export_dir = setup.WORK / "export" / name
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
