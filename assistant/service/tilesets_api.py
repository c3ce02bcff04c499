"""A player's own tile set over the API: made, taught from a layout photo, corrected, undone.

A tile set is owned as a table is: ``POST /api/tilesets`` answers its ``id`` (128 random bits,
also the set's name in :mod:`vision.tileset`) and a ``secret``; reading a set needs only its id,
every change needs ``Authorization: Bearer <secret>`` (403 otherwise). The sets are files in
the service's data folder (``tilesets/`` beside the table database, 0700; the config
``TILESETS`` or ``$MAHJONG_TILESETS`` overrides it), each ``<id>.npz`` (the examples, bounded by
``vision.tileset.PER_KIND`` a kind) with ``<id>.key`` (the secret's SHA-256). Photos are bounded
and decoded by :mod:`.upload` and recognised in the same queue as every other photo.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import re
import secrets
import tempfile
import threading
import time
from collections import defaultdict, deque
from pathlib import Path
from typing import Any

import numpy as np
from flask import Blueprint, current_app, jsonify, request

from ..errors import MahjongError
from .errors import ApiError, _short
from .inputs import bearer_secret
from .recognize import RecognizerHolder
from .upload import uploaded_photo

bp = Blueprint("tilesets", __name__, url_prefix="/api/tilesets")

#: A tile set's id: 32 hex digits (128 random bits).
ID = re.compile(r"^[0-9a-f]{32}$")
#: Sets the service keeps in all, and that one client may make in a day (by its address).
MAX_TILESETS = 10_000
MAX_TILESETS_PER_CLIENT_DAY = 50
#: The ``tiles`` form field (a layout's tiles typed) and the ``box`` field, in characters.
MAX_TILES_FIELD = 600
MAX_BOX_FIELD = 100
#: Example ids are counters: at most this many digits are looked up.
MAX_EXAMPLE_DIGITS = 9


def _vision() -> Any:
    """:mod:`vision.tileset`, or 503 when the recogniser's package is not installed."""
    try:
        import vision.tileset as tileset  # noqa: PLC0415 (heavy, optional)
    except ImportError as exc:
        raise ApiError(503, "tile recognition is not available: the recogniser "
                            f"(vision.recognizer) is not installed ({exc})") from None
    return tileset


class TilesetStore:
    """The tile sets' folder, their secrets, and a lock per set (striped) so that two changes
    of one set never lose each other's examples."""

    def __init__(self, folder: Path | None) -> None:
        #: None: a private temporary folder, made on first use and removed with the store
        #: (an app whose tables are in memory keeps its tile sets no longer either).
        self._folder = Path(folder) if folder is not None else None
        self._temporary: tempfile.TemporaryDirectory[str] | None = None
        self._locks = [threading.Lock() for _ in range(64)]
        self._made: dict[str, deque[float]] = defaultdict(deque)
        self._made_lock = threading.Lock()

    @property
    def folder(self) -> Path:
        """Where the sets are kept."""
        if self._folder is None:
            with self._made_lock:
                if self._temporary is None:
                    self._temporary = tempfile.TemporaryDirectory(prefix="mahjong-tilesets-")
            return Path(self._temporary.name)
        return self._folder

    def lock(self, tileset_id: str) -> threading.Lock:
        """The lock that orders the changes of the set ``tileset_id``."""
        return self._locks[int(tileset_id[:8], 16) % len(self._locks)]

    def _key(self, tileset_id: str) -> Path:
        return self.folder / f"{tileset_id}.key"

    def exists(self, tileset_id: str) -> bool:
        """Whether ``tileset_id`` names a set kept here."""
        return bool(ID.match(tileset_id)) and self._key(tileset_id).is_file()

    def create(self, client: str = "") -> dict[str, Any]:
        """A new empty set: its id, its secret (given only here) and its summary; 429 past the
        day's limit for ``client`` or the service's bound on sets."""
        self._count(client)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if sum(1 for _ in self.folder.glob("*.key")) >= MAX_TILESETS:
            raise ApiError(429, f"the service keeps at most {MAX_TILESETS} tile sets: delete one "
                                "you no longer use", headers={"Retry-After": "3600"})
        tileset_id = secrets.token_hex(16)
        secret = secrets.token_urlsafe(32)
        tileset = _vision().TileSet(tileset_id)
        with self.lock(tileset_id):
            tileset.save(self.folder)
            fd = os.open(self._key(tileset_id), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as out:
                out.write(_digest(secret))
        return {"id": tileset_id, "secret": secret, "tileset": tileset.summary()}

    def _count(self, client: str) -> None:
        if not client:
            return
        who = hashlib.sha256(client.encode("utf-8")).hexdigest()[:16]
        now = time.time()
        with self._made_lock:
            made = self._made[who]
            while made and made[0] < now - 86400:
                made.popleft()
            if len(made) >= MAX_TILESETS_PER_CLIENT_DAY:
                raise ApiError(429, f"this client has made {len(made)} tile sets today; the "
                                    f"limit is {MAX_TILESETS_PER_CLIENT_DAY} a day",
                               headers={"Retry-After": "3600"})
            made.append(now)

    def authorized(self, tileset_id: str, secret: str | None) -> bool:
        """Whether ``secret`` is the set's (compared in constant time)."""
        if not secret:
            return False
        try:
            kept = self._key(tileset_id).read_text(encoding="ascii").strip()
        except OSError:
            return False
        return hmac.compare_digest(kept, _digest(secret))

    def load(self, tileset_id: str) -> Any:
        """The set ``tileset_id`` (a :class:`vision.tileset.TileSet`)."""
        try:
            return _vision().TileSet.load(tileset_id, self.folder, create=True)
        except MahjongError as exc:
            raise ApiError(400, _short(str(exc))) from None

    def save(self, tileset: Any) -> None:
        """Write ``tileset`` back (unless it was deleted meanwhile: 404)."""
        if not self.exists(tileset.name):
            raise _missing(tileset.name)
        tileset.save(self.folder)

    def delete(self, tileset_id: str) -> None:
        """Forget the set: its examples and its secret."""
        with self.lock(tileset_id):
            (self.folder / f"{tileset_id}.npz").unlink(missing_ok=True)
            self._key(tileset_id).unlink(missing_ok=True)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def default_folder(config: dict[str, Any]) -> Path | None:
    """Where the app keeps tile sets: ``TILESETS``, ``$MAHJONG_TILESETS``, ``tilesets/`` beside
    the table database, None (a private temporary folder) for an in-memory one, else the user's
    data folder (as ``vision.tileset.tilesets_dir``)."""
    if config.get("TILESETS"):
        return Path(config["TILESETS"])
    if os.environ.get("MAHJONG_TILESETS"):
        return Path(os.environ["MAHJONG_TILESETS"])
    database = config.get("DATABASE")
    if str(database) == ":memory:":
        return None
    if database and "://" not in str(database):
        return Path(database).parent / "tilesets"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mahjong-assistant" / "tilesets"


def store() -> TilesetStore:
    """This app's tile set store."""
    return current_app.extensions["tilesets"]


def _missing(tileset_id: str) -> ApiError:
    return ApiError(404, f"no tile set {tileset_id[:40]!r}")


def check_id(tileset_id: str) -> str:
    """``tileset_id`` when it names a set kept here, else 404."""
    if not store().exists(tileset_id):
        raise _missing(tileset_id)
    return tileset_id


def _authorize(tileset_id: str) -> None:
    """404 for no such set, 403 unless the request carries the set's secret."""
    check_id(tileset_id)
    if not store().authorized(tileset_id, bearer_secret()):
        raise ApiError(403, "changing a tile set needs its secret: send the header "
                            "'Authorization: Bearer <secret>' with the secret given when the set "
                            "was created")


def _form_field(name: str, limit: int) -> str:
    """A text field of the multipart form, bounded; 400 when missing or too long."""
    value = request.form.get(name)
    if value is None or not value.strip():
        raise ApiError(400, f"no value in the multipart field {name!r}")
    if len(value) > limit:
        raise ApiError(400, f"the field {name!r} has {len(value)} characters; the limit is {limit}")
    return value.strip()


def _learner(holder: RecognizerHolder) -> Any:
    """The recogniser, when it can give the features a tile set learns (503 otherwise)."""
    detector = holder.get()
    if not callable(getattr(getattr(detector, "classifier", None), "features", None)):
        raise ApiError(503, "this recogniser cannot learn a tile set: its classifier gives no "
                            "features")
    return detector


def parse_box(text: str) -> list[float]:
    """``"x1,y1,x2,y2"``: four finite numbers, or 400."""
    parts = text.split(",")
    try:
        box = [float(p) for p in parts] if len(parts) == 4 else []
    except ValueError:
        box = []
    if len(box) != 4 or not all(math.isfinite(v) for v in box):
        raise ApiError(400, "'box' is four numbers x1,y1,x2,y2 in pixels of the photo")
    return box


def check_box(box: list[float], width: int, height: int) -> None:
    """400 unless ``box`` is at least a pixel each way, inside the photo as shown (``width`` ×
    ``height``: turned by its EXIF orientation, as /api/recognize gave the boxes)."""
    x1, y1, x2, y2 = box
    if not (0 <= x1 < x2 <= width and 0 <= y1 < y2 <= height) or x2 - x1 < 1 or y2 - y1 < 1:
        shown = ",".join(f"{v:g}" for v in box)
        raise ApiError(400, f"the box {shown} is not inside the {width}×{height} photo")


def _bad_input(exc: MahjongError) -> ApiError:
    """A tile set's refusal (bad tiles, a photo of another number of tiles) as a 400."""
    token = exc.token if isinstance(exc.token, (str, int, float, bool)) else None
    return ApiError(400, _short(str(exc)), token=token)


@bp.post("")
def create_tileset():  # type: ignore[no-untyped-def]
    """A new, empty tile set; the answer carries its ``id`` and ``secret``."""
    return jsonify(store().create(client=request.remote_addr or "")), 201


@bp.get("/<tileset_id>")
def get_tileset(tileset_id: str):  # type: ignore[no-untyped-def]
    """What the set has learnt: examples per kind, kinds missing, the latest examples."""
    return jsonify(store().load(check_id(tileset_id)).summary())


@bp.delete("/<tileset_id>")
def delete_tileset(tileset_id: str):  # type: ignore[no-untyped-def]
    """Forget a tile set (needs its secret)."""
    _authorize(tileset_id)
    store().delete(tileset_id)
    return jsonify({"deleted": tileset_id})


@bp.post("/<tileset_id>/learn")
def learn_tileset(tileset_id: str):  # type: ignore[no-untyped-def]
    """A layout photo (``image``) and its tiles in reading order (``tiles``, e.g.
    ``123456789m…``) → each tile kept as an example: what was learnt, how many the recogniser
    read right before, and the set afterwards (needs the secret)."""
    from .upload import check_upload, decode_upload

    _authorize(tileset_id)
    data = uploaded_photo()
    vision = _vision()
    try:
        tiles = vision.layout_tiles(_form_field("tiles", MAX_TILES_FIELD))
    except MahjongError as exc:
        raise _bad_input(exc) from None
    limits = current_app.config
    check_upload(data, limits["MAX_IMAGE_PIXELS"], limits["MAX_IMAGE_SIDE"],
                 limits["MAX_FULL_DECODE_PIXELS"])
    holder: RecognizerHolder = current_app.extensions["recognizer"]
    detector = _learner(holder)
    with store().lock(tileset_id):
        tileset = store().load(tileset_id)
        with holder.admit():
            image, info = decode_upload(data, limits["MAX_IMAGE_PIXELS"], limits["MAX_IMAGE_SIDE"],
                                        limits["WORK_SIDE"], limits["MAX_FULL_DECODE_PIXELS"])
            try:
                learnt = vision.learn(tileset, image, tiles, detector)
            except MahjongError as exc:
                raise _bad_input(exc) from None
            del image
        store().save(tileset)
    for item in learnt:  # boxes in pixels of the photo as sent
        item["box"] = [round(float(v) / info.scale, 1) for v in item["box"]]
    return jsonify(vision.learnt_summary(tileset, learnt))


@bp.post("/<tileset_id>/examples")
def add_example(tileset_id: str):  # type: ignore[no-untyped-def]
    """A correction: the photo (``image``), a tile's ``box`` in it (``x1,y1,x2,y2``) and what
    the tile is (``tile``) → that crop kept as an example (source ``correction``); its ``id``
    takes it back (needs the secret)."""
    from .upload import check_upload, decode_upload

    _authorize(tileset_id)
    data = uploaded_photo()
    vision = _vision()
    tile = _form_field("tile", 8)
    if tile not in vision.KINDS:
        raise ApiError(400, f"a tile set learns tile faces, not {tile!r}", token=tile)
    box_text = _form_field("box", MAX_BOX_FIELD)
    limits = current_app.config
    box = parse_box(box_text)
    check_upload(data, limits["MAX_IMAGE_PIXELS"], limits["MAX_IMAGE_SIDE"],
                 limits["MAX_FULL_DECODE_PIXELS"])  # bad uploads are refused without a turn
    holder: RecognizerHolder = current_app.extensions["recognizer"]
    detector = _learner(holder)
    with store().lock(tileset_id):
        tileset = store().load(tileset_id)
        with holder.admit():
            image, decoded = decode_upload(data, limits["MAX_IMAGE_PIXELS"],
                                           limits["MAX_IMAGE_SIDE"], limits["WORK_SIDE"],
                                           limits["MAX_FULL_DECODE_PIXELS"])
            check_box(box, decoded.width, decoded.height)
            scaled = np.array([[v * decoded.scale for v in box]], float)
            try:
                example = vision.add_correction(tileset, image, scaled[0], tile, detector.classifier)
            except MahjongError as exc:
                raise _bad_input(exc) from None
            del image
        store().save(tileset)
    return jsonify({"id": example, "tileset": tileset.summary()}), 201


@bp.delete("/<tileset_id>/examples/<example_id>")
def remove_example(tileset_id: str, example_id: str):  # type: ignore[no-untyped-def]
    """Take back one example (a correction added by mistake; needs the secret)."""
    _authorize(tileset_id)
    if not (example_id.isascii() and example_id.isdigit()
            and len(example_id) <= MAX_EXAMPLE_DIGITS):
        raise ApiError(404, f"no example {example_id[:20]!r} in this tile set")
    with store().lock(tileset_id):
        tileset = store().load(tileset_id)
        if not tileset.remove(int(example_id)):
            raise ApiError(404, f"no example {example_id!r} in this tile set")
        store().save(tileset)
    return jsonify({"removed": int(example_id), "tileset": tileset.summary()})


def tileset_for_photo() -> Any:
    """The set named by the form field ``tileset`` of a photo upload (``/api/recognize``), or
    None when the field is absent or empty; 404 for an unknown id."""
    value = request.form.get("tileset")
    if value is None or not value.strip():
        return None
    if len(value) > 64:
        raise _missing(value)
    tileset_id = check_id(value.strip())
    tileset = store().load(tileset_id)
    holder: RecognizerHolder = current_app.extensions["recognizer"]
    classifier = getattr(holder.get(), "classifier", None)
    if classifier is not None and tileset.stale(classifier):
        # learnt with the classifier before this one: computed again from the examples'
        # looks, once, and kept so
        with store().lock(tileset_id), holder.admit():
            tileset = store().load(tileset_id)
            try:
                if tileset.refit(classifier):
                    store().save(tileset)
            except MahjongError as exc:
                raise _bad_input(exc) from None
    return tileset
