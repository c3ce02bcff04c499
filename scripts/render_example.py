"""Render the example photo of `make demo` (examples/table.jpg) from public-domain tile art.

The shared real photos may not be redistributed, so the example is synthetic: a winning hand
(standing row, melds in front, winning tile apart) drawn with the public-domain Unicode tile
faces only (`../shared/tileart/unicode-color`, Wikimedia Commons), seeded.
Run: ``python scripts/render_example.py [--seed N]``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

import datasets.synth.scene as scene_module
from assistant import analyze
from datasets.synth import render_scene

OUT = Path(__file__).resolve().parent.parent / "examples"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", type=Path, default=OUT / "table.jpg")
    args = parser.parse_args()
    scene_module._pick_art = lambda rng: "unicode"  # public-domain art only
    seed = args.seed
    while True:  # the first seed from --seed that shows a whole winning hand
        scene = render_scene(np.random.default_rng(seed), layout="hand")
        hand = scene.to_json()["hand"]
        if (scene.meta.get("hand_in_view") and hand["win_tile"]
                and analyze({"concealed": hand["concealed"], "win_tile": hand["win_tile"],
                             "melds": [{"type": m["type"], "tiles": m["tiles"],
                                        "concealed": m["concealed"]} for m in hand["melds"]],
                             "bonus": hand["flowers"]})["is_win"]):
            break
        seed += 1
    args.seed = seed
    cv2.imwrite(str(args.out), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    truth = scene.to_json()
    args.out.with_suffix(".json").write_text(json.dumps(
        {"hand": truth["hand"], "art": truth.get("art"), "seed": args.seed}, ensure_ascii=False,
        indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({scene.image.shape[1]}x{scene.image.shape[0]})")


if __name__ == "__main__":
    main()
