"""The shipped ONNX models: where they lie, how a session is opened, the class names they carry."""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any

from assistant.errors import MahjongError

from .classes import NOT_A_TILE, TILE_CLASSES

MODELS_DIR = Path(os.environ.get("MAHJONG_MODELS", Path(__file__).resolve().parent.parent / "models"))

DETECTOR_FILE = "tile_detector.onnx"

CLASSIFIER_FILE = "tile_classifier.onnx"

#: A second classifier, trained on many tile designs (rendered art sets and generated ones as
#: well as the real photos), whose reading of each tile is averaged with the first's (weighing
#: ``SECOND_SHARE``): alone it
#: reads the real design a little worse, with the first it reads both better (docs/
#: recognizer.md, "Two stages").
DESIGNS_FILE = "tile_classifier_designs.onnx"

#: A second detector, trained on tile sets drawn on dark and coloured faces (jade, black, plum,
#: mint…) as well as on the real photos: it finds such faces the first misses, but puts more
#: extra boxes on the real photos (``valid`` precision 0.9627 → 0.9578, docs/recognizer.md,
#: "Dark and coloured faces"). So it is looked with only where the first finds few tiles
#: (``FEW_TILES``), where a layout photo shows fewer tiles than named (``tileset.find_layout``),
#: and first for a player's set whose layout it found (``TileSet.dark_faces``).
FACES_DETECTOR_FILE = "tile_detector_faces.onnx"

#: A third detector, the second fine-tuned on close-ups of one tile filling 40-98 % of the frame
#: and of two or three touching (``datasets.synth.closeups``): it finds a circle or bamboo tile
#: filling the frame whole where the second finds its circles, but fits the box of a tile the
#: second already finds whole less tightly (the top stroke of a real 三萬 cut off, so that its
#: learnt example reads as 二萬; a held-out 4 条 found by its top half). So it looks only where the
#: second left a close-up in several boxes (``find.Finder.find``); without the file it never looks.
CLOSEUP_DETECTOR_FILE = "tile_detector_closeup.onnx"

#: A detector fine-tuned on windows of rendered whole tables (``datasets.synth.table_windows``)
#: as well as on the real photos: it finds the far, small and turned tiles of a whole table the
#: first misses, but reads the real photos of hands a little worse (models/MODEL_CARD.md, the
#: detect-table runs). So only the table reader looks with it (``Recognizer.detect``'s
#: ``whole_table``); without the file it looks with the first.
TABLE_DETECTOR_FILE = "tile_detector_table.onnx"

#: A classifier fine-tuned on crops of rendered whole tables (``datasets.synth.table_crops``:
#: far, blurred tiles lying every way up) from the second's weights. Only the table reader names
#: with it (``Recognizer.detect``'s ``whole_table``); without the file the table reader names as
#: the hands are named.
TABLE_CLASSIFIER_FILE = "tile_classifier_table.onnx"
#: Its share of a whole table's probabilities (``TileClassifier.with_table``); the features (metric
#: head, tile sets) stay the pair's. On the tables of seeds 63 / 64 (classify-table1 at epoch 4),
#: names on matched tiles 0.752 / 0.757 without it, 0.800 / - at 0.5, 0.811 / 0.803 at 0.75,
#: 0.816 / 0.810 alone; rivers exact 0.358 / 0.348 → 0.411 / 0.391 at 0.75, 0.442 / 0.424 alone.
#: With classify-table5, names on the same detections (seeds 63 / 64) 2566 / 2436 of 2793 / 2667
#: alone, 2537 / 2412 at 0.8, 2537 / 2400 at 0.6.
TABLE_SHARE = 1.0


def _session(path: Path) -> Any:
    import onnxruntime as ort
    from threadpoolctl import threadpool_limits

    # numpy's BLAS threads spin while they wait for each other: its products here are small (the
    # metric head's 2560 × 128 on a photo's tiles, 0.3 ms on one thread), so a second thread only
    # waits, and where another process holds a core it waits whole time slices (87 ms a photo
    # in the metric head with a training run beside it). One BLAS thread for the process the
    # recognizer runs in: `python benchmarks/recognizer_vs_peer.py --limit 40` 139 → 52 ms.
    threadpool_limits(1, user_api="blas")

    options = ort.SessionOptions()
    options.intra_op_num_threads = max(1, min(4, os.cpu_count() or 1))
    options.log_severity_level = 3
    # onnxruntime's threads spin after each run, waiting for the next: numpy's own threads (the
    # metric head's products between two runs) then wait for a core, 25-50 ms a photo on 2 cores.
    # Not spinning: `python benchmarks/recognizer_vs_peer.py --limit 100` 154 → 66 ms a photo
    # (the peer beside it 124 → 95 ms: it ran among our spinning threads too).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def _names(session: Any) -> list[str]:
    """Class names stored by the exporter in the model metadata, in output order."""
    meta = session.get_modelmeta().custom_metadata_map
    raw = meta.get("names")
    if not raw:
        return []
    names = ast.literal_eval(raw)
    return [str(names[i]) for i in sorted(names)]


def _detector_names(session: Any) -> list[str]:
    """A detector's class names; a two-stage detector exported without them finds these two."""
    return _names(session) or ["tile", "back"]


def _code(name: str) -> str:
    """Tile code of a class name such as ``05_6m`` or ``6m`` (or ``none``: no tile in the box)."""
    code = name.split("_")[-1]
    if code not in TILE_CLASSES and code != NOT_A_TILE:
        raise MahjongError(f"the model has an unknown class {name!r}", name)
    return code
