"""Synthetic photos of mahjong tiles, rendered from face art, for training and testing.

``render_scene`` makes one labelled picture (tile boxes, face quads, hand-state ground truth);
``render_dataset`` writes detection, classification or raw-scene datasets.  See README.md here.
"""

from datasets.synth.export import render_dataset
from datasets.synth.scene import Scene, SceneTile, render_scene

__all__ = ["Scene", "SceneTile", "render_dataset", "render_scene"]
