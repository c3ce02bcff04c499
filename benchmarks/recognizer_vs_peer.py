"""Our tile recognizer beside the PyPI ``mahjong-detector`` (a riichi-trained YOLO ONNX model).

Run: ``python benchmarks/recognizer_vs_peer.py [--limit N]`` (needs ``pip install -e '.[bench]'``).
Both read the same 640×640 `valid` photos in this one process, alternating photo by photo so
machine load hits both alike; it prints median milliseconds per photo, the ratio, and the
accuracy figures of vision.evaluate for each, against the source labels and against the labels
corrected by eye (the peer knows no bonus tiles: they count against it, as they would for a
user).
"""

from __future__ import annotations

import argparse
import statistics
import time

from datasets.audit import corrected, read_audit
from vision.evaluate import Score, labelled_photos
from vision.images import read_image

#: The peer's class names -> our tile codes.
PEER_CODES = {"chun": "C", "haku": "P", "hatsu": "F", "tou": "E", "nan": "S", "sha": "W",
              "pe": "N"}


def peer_detect(path: str) -> list[dict]:
    """The peer's detections as our JSON shape (it reads the file with Pillow itself)."""
    from mahjong_detector.predict import CLASS_NAMES, predict
    from mahjong_detector.preprocess import preprocess_image
    from PIL import Image

    image, padding = preprocess_image(Image.open(path))
    return [{"tile": PEER_CODES.get(CLASS_NAMES[d.class_id], CLASS_NAMES[d.class_id]),
             "box": [d.x1, d.y1, d.x2, d.y2], "confidence": d.confidence}
            for d in predict(image, padding)]


def _print_rows(ours: dict, peer: dict, indent: str = "") -> None:
    """The accuracy rows of the side-by-side table."""
    for key in ("tile_accuracy", "precision", "photos_all_right"):
        print(f"{indent}{key:<{28 - len(indent)}} {ours[key]:>10.3f} {peer[key]:>17.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--models", help="folder with our ONNX models")
    args = parser.parse_args()
    from vision.recognizer import Recognizer

    ours = Recognizer.load(args.models)
    score_ours, score_peer = Score(plausible=Score()), Score(plausible=Score())
    audited_ours, audited_peer = Score(), Score()
    corrections = read_audit()
    for n, (path, truth) in enumerate(labelled_photos()):
        if n >= args.limit:
            break
        audited = corrected(truth, corrections.get(path.name, []))
        start = time.perf_counter()
        predicted = ours.detect(read_image(path))
        score_ours.seconds.append(time.perf_counter() - start)
        score_ours.add(predicted, truth)
        audited_ours.add(predicted, audited)
        start = time.perf_counter()
        predicted = peer_detect(str(path))
        score_peer.seconds.append(time.perf_counter() - start)
        score_peer.add(predicted, truth)
        audited_peer.add(predicted, audited)
    a, b = score_ours.summary(), score_peer.summary()
    pa, pb = score_ours.plausible.summary(), score_peer.plausible.summary()
    print(f"{'measure':<28} {'ours':>10} {'mahjong-detector':>17}")
    _print_rows(a, b)
    print(f"without the {a['photos'] - pa['photos']} photos whose labels are all one code:")
    _print_rows(pa, pb, indent="  ")
    print("against the labels corrected by eye (datasets/valid_audit.csv):")
    _print_rows(audited_ours.summary(), audited_peer.summary(), indent="  ")
    ma = statistics.median(score_ours.seconds) * 1000
    mb = statistics.median(score_peer.seconds) * 1000
    print(f"{'median ms per photo':<28} {ma:>10.1f} {mb:>17.1f}   (ours/peer {ma / mb:.2f}×)")
    print(f"photos: {a['photos']}, labelled tiles: {a['labelled_tiles']} (time includes reading "
          "the file for both)")


if __name__ == "__main__":
    main()
