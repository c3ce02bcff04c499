"""A tile set's examples as kept: adding and taking back examples, refitting them to another
classifier, and storing the set (an ``.npz`` file or its bytes in the service's database).

:class:`vision.tileset_match.TileSet` adds the matching of a photo's tiles to these examples;
:mod:`vision.tileset` is the set's public face.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import numpy as np

from assistant.errors import MahjongError

from .classes import TILE_CLASSES
from .tileset_looks import NEGATIVE_TOO, Look, features_of_looks, pale_looks, unit_rows

#: A tile set's name: letters (Chinese too), digits, ``-`` and ``_``; it names a file.
NAME = re.compile(r"^[\w\-]{1,40}$")
#: Examples kept per kind; a new one beyond it replaces that kind's oldest (bounded file, and
#: later corrections say more about how the set is photographed now than the first layout).
PER_KIND = 12
#: The tile kinds a tile set may hold: the 42 faces and the face-down back is never learnt.
KINDS = tuple(TILE_CLASSES[:42])

#: A tile set class (:class:`TileSetExamples` or the matching ``TileSet``), as loading makes it.
Kept = TypeVar("Kept", bound="TileSetExamples")


def tilesets_dir() -> Path:
    """Where tile sets are kept: ``$MAHJONG_TILESETS`` or ``$XDG_DATA_HOME/mahjong-assistant/
    tilesets`` (``~/.local/share/…``), beside the table sessions."""
    if os.environ.get("MAHJONG_TILESETS"):
        return Path(os.environ["MAHJONG_TILESETS"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mahjong-assistant" / "tilesets"


def check_name(name: object) -> str:
    """A valid tile set name, or a :class:`MahjongError` naming the rule."""
    if not isinstance(name, str) or not NAME.match(name):
        raise MahjongError("a tile set name is 1-40 letters, digits, '-' or '_'", name)
    return name


@dataclass
class TileSetExamples:
    """The learnt examples of one physical tile set: codes, unit feature vectors, their ids
    (for taking one back) and where each came from (``learn`` or ``correction``); what is kept
    of it, the matching (``vision.tileset_match.TileSet``) aside."""

    name: str
    codes: list[str] = field(default_factory=list)
    vectors: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    ids: list[int] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    next_id: int = 1
    #: each example's look (None for one kept before looks were)
    looks: list[Look | None] = field(default_factory=list)
    #: the classifier the vectors are of (``TileClassifier.fingerprint``; "" unknown)
    model: str = ""
    #: a layout of it was found by the detector of dark and coloured faces (``find_layout``),
    #: which then looks first at its photos (``recognizer.FACES_DETECTOR_FILE``); a later layout
    #: the first detector finds as well does not undo it
    dark_faces: bool = False
    #: each example's face embedding (``face_embedding``) by id, and the network's digest
    _embedded: tuple[str, dict[int, np.ndarray]] = field(default_factory=lambda: ("", {}), repr=False,
                                                          compare=False)
    #: the ids of the 白板 examples and their colour (``blank_colour``), made when first needed
    _blank: tuple[tuple[int, ...], np.ndarray | None] | None = field(default=None, repr=False,
                                                                      compare=False)
    #: the ids whose looks ``pale_ink`` was decided on, and what it was
    _pale: tuple[tuple[int, ...], bool] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_name(self.name)
        self.looks += [None] * (len(self.codes) - len(self.looks))

    # --- examples -----------------------------------------------------------------------------

    def add(self, code: str, vector: np.ndarray, source: str = "learn", look: Look | None = None
            ) -> int:
        """Keep ``vector`` (with the tile's ``look``) as an example of ``code``; its id. The
        kind's oldest goes past ``PER_KIND``; a vector of another width than the others is
        refused (another model). Call :meth:`refit` with the classifier first: it binds the set
        to that classifier's features."""
        if code not in KINDS:
            raise MahjongError(f"a tile set learns tile faces, not {code!r}", code)
        vector = np.asarray(vector, np.float32).reshape(-1)
        norm = float(np.linalg.norm(vector))
        if not np.isfinite(norm) or norm == 0:
            raise MahjongError("a tile example needs features that are not all zero", code)
        if len(self.codes) and self.vectors.shape[1] != len(vector):
            raise MahjongError(
                f"tile set {self.name} was learnt with another classifier: learn it again",
                self.name)
        same = [i for i, c in enumerate(self.codes) if c == code]
        if len(same) >= PER_KIND:
            self._drop(same[0])
        row = (vector / norm)[None]
        self.vectors = row if not len(self.codes) else np.concatenate([self.vectors, row])
        self.codes.append(code)
        self.ids.append(self.next_id)
        self.sources.append(source)
        self.looks.append(look)
        self.next_id += 1
        return self.ids[-1]

    def remove(self, example_id: int) -> bool:
        """Take back the example ``example_id``; False when there is none of that id."""
        if example_id not in self.ids:
            return False
        self._drop(self.ids.index(example_id))
        return True

    def _drop(self, index: int) -> None:
        self._embedded[1].pop(self.ids[index], None)
        for column in (self.codes, self.ids, self.sources, self.looks):
            del column[index]
        self.vectors = np.delete(self.vectors, index, axis=0)

    def kinds(self) -> dict[str, int]:
        """How many examples each learnt kind has, in tile order."""
        return {code: self.codes.count(code) for code in KINDS if code in self.codes}

    def summary(self) -> dict[str, object]:
        """The set as JSON for the command line and the service (no vectors)."""
        return {"name": self.name, "examples": len(self.codes), "kinds": self.kinds(),
                "missing": [c for c in KINDS if c not in self.codes],
                "recent": [{"id": i, "tile": c, "source": s} for i, c, s in
                           list(zip(self.ids, self.codes, self.sources, strict=True))[-20:]]}

    @property
    def pale_ink(self) -> bool:
        """Whether the set's ink is paler than its faces (:func:`pale_looks` of its examples):
        its vectors, and the tiles read with it, are then features of the crops and of their
        lightness negatives together. Decided again when the examples change."""
        ids = tuple(self.ids)
        if self._pale is None or self._pale[0] != ids:
            self._pale = (ids, pale_looks(self.looks))
        return self._pale[1]

    def features_key(self, classifier: object) -> str:
        """What the vectors must be marked with (``model``) to be ``classifier``'s features as
        this set is matched: its ``fingerprint``, and ``NEGATIVE_TOO`` for a pale set."""
        fingerprint = str(getattr(classifier, "fingerprint", "") or "")
        return fingerprint + NEGATIVE_TOO if fingerprint and self.pale_ink else fingerprint

    def refit(self, classifier: object) -> bool:
        """Make the vectors the features of ``classifier`` as this set is matched
        (:meth:`features_key`): computed again from the examples' looks when they are another's,
        or the set's ink turned out pale (or not) with the examples last added; whether they were.
        A set whose examples have no look (kept before looks were) must be learnt again."""
        if not self.stale(classifier):
            if not self.codes:
                self.model = str(getattr(classifier, "fingerprint", "") or self.model)
            return False
        if any(look is None for look in self.looks):
            raise MahjongError(
                f"tile set {self.name} was learnt with another classifier: learn it again",
                self.name)
        self.vectors = unit_rows(features_of_looks(self.looks, classifier, self.pale_ink)  # type: ignore[arg-type]
                                 ).astype(np.float32)
        self.model = self.features_key(classifier)
        return True

    def stale(self, classifier: object) -> bool:
        """Whether the set holds examples whose vectors are not ``classifier``'s features as the
        set is matched (:meth:`features_key`)."""
        key = self.features_key(classifier)
        return bool(self.codes) and bool(key) and key != self.model

    # --- storage ------------------------------------------------------------------------------

    def save(self, folder: Path | None = None) -> Path:
        """Write the set to ``<folder>/<name>.npz`` (created 0700; the file 0600)."""
        folder = Path(folder) if folder else tilesets_dir()
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / f"{self.name}.npz"
        part = path.with_suffix(".part.npz")
        part.write_bytes(self.to_bytes())
        part.chmod(0o600)
        part.replace(path)
        return path

    def to_bytes(self) -> bytes:
        """The set as the bytes of an ``.npz`` file: what :meth:`save` writes and a database
        (the service's session store) keeps."""
        jpegs = [look.jpeg if look else b"" for look in self.looks]
        out = io.BytesIO()
        np.savez(out, codes=np.array(self.codes, dtype="U2"), vectors=self.vectors.astype(np.float16),
                 ids=np.array(self.ids, dtype=np.int64), sources=np.array(self.sources, dtype="U10"),
                 next_id=np.array(self.next_id), model=np.array(self.model, dtype="U64"),
                 dark_faces=np.array(self.dark_faces), pale_ink=np.array(self.pale_ink),
                 look_bytes=np.frombuffer(b"".join(jpegs), np.uint8),
                 look_ends=np.cumsum([len(j) for j in jpegs], dtype=np.int64),
                 look_boxes=np.array([look.box if look else (0.0,) * 4 for look in self.looks],
                                     np.float32).reshape(-1, 4))
        return out.getvalue()

    @classmethod
    def load(cls: type[Kept], name: str, folder: Path | None = None, create: bool = False) -> Kept:
        """The saved set ``name``; a new empty one when ``create``, else an error saying how
        to learn it."""
        check_name(name)
        path = (Path(folder) if folder else tilesets_dir()) / f"{name}.npz"
        if not path.is_file():
            if create:
                return cls(name)
            raise MahjongError(f"no tile set named {name}: learn it first with "
                               "`mahjong-assistant tileset learn`", name)
        try:
            return cls.from_bytes(name, path.read_bytes())
        except (OSError, ValueError, KeyError) as exc:
            raise MahjongError(f"the tile set file {path} cannot be read", str(path)) from exc

    @classmethod
    def from_bytes(cls: type[Kept], name: str, kept_bytes: bytes) -> Kept:
        """The set ``name`` from the bytes :meth:`to_bytes` made (ValueError, KeyError or
        OSError when they are no such file)."""
        check_name(name)
        with np.load(io.BytesIO(kept_bytes), allow_pickle=False) as data:
            looks: list[Look | None] = []
            if "look_ends" in data:  # a set saved without looks has none of these
                blob, start = data["look_bytes"].tobytes(), 0
                for end, box in zip(data["look_ends"], data["look_boxes"], strict=True):
                    looks.append(Look(blob[start:int(end)], tuple(float(v) for v in box))  # type: ignore[arg-type]
                                 if end > start else None)
                    start = int(end)
            kept = cls(name, [str(c) for c in data["codes"]], data["vectors"].astype(np.float32),
                       [int(i) for i in data["ids"]], [str(s) for s in data["sources"]],
                       int(data["next_id"]), looks, str(data["model"]) if "model" in data else "",
                       bool(data["dark_faces"]) if "dark_faces" in data else False)
            if "pale_ink" in data:  # decided when saved: not every look decoded each read
                kept._pale = (tuple(kept.ids), bool(data["pale_ink"]))
            return kept



def saved_tilesets(folder: Path | None = None) -> list[str]:
    """Names of the tile sets kept in ``folder`` (default :func:`tilesets_dir`)."""
    folder = Path(folder) if folder else tilesets_dir()
    return sorted(p.stem for p in folder.glob("*.npz") if not p.name.endswith(".part.npz")
                  and NAME.match(p.stem)) if folder.is_dir() else []



def delete_tileset(name: str, folder: Path | None = None) -> None:
    """Forget the saved set ``name`` (its file); the error :meth:`TileSet.load` gives when there
    is none."""
    check_name(name)
    path = (Path(folder) if folder else tilesets_dir()) / f"{name}.npz"
    if not path.is_file():
        TileSetExamples.load(name, folder)  # raises: no tile set of that name
    path.unlink(missing_ok=True)
