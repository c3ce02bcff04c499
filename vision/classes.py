"""Class lists of the tile recognizer: the rules engine's tile codes, in a fixed order."""

SUIT_CODES = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
HONOR_CODES = ["E", "S", "W", "N", "C", "F", "P"]
BONUS_CODES = [f"{n}f" for n in range(1, 9)]

#: The 42 face classes of the classifier, then ``back`` for a face-down tile.
TILE_CLASSES = SUIT_CODES + HONOR_CODES + BONUS_CODES + ["back"]

#: The classifier's last class when trained with negatives: the box holds no tile (a seam between
#: two tiles, an empty rack slot); the recognizer drops such boxes.
NOT_A_TILE = "none"

#: Tiles whose face is blank (白板): the detector, which learnt a tile largely by the ink on it,
#: scores them low, so the recognizer keeps them at a lower detection score (``Thresholds``).
BLANK_FACES = frozenset({"P"})

#: The classifier's second output: each crop's features before the last layer, which a player's
#: own tile set (``vision.tileset``) is learnt and matched on (``vision.train.add_feature_output``).
FEATURES_OUTPUT = "features"
