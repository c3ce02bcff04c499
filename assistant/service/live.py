"""The live page's lane, ``POST /api/recognize/live``: per camera client, the newest frame only,
and what its frames read kept (``vision.live.Memory``): a still frame is answered from the last
reading, and only the changed tiles of another are named again.

Each client (an id the page makes once per camera session) gets a ticket per frame; a frame
whose turn comes after a newer one of the same client arrived is answered ``superseded`` at
once, never read (the page wants the newest table, not a late one). The clients are bounded
(:data:`MAX_CLIENTS`, the least recently seen dropped first) and forgotten after
:data:`KEEP_S` idle; each keeps at most ``vision.live.MAX_REMEMBERED`` boxes (~1.2 KB each), the
tiles of its last reading and one grey thumbnail (``vision.still``, 58 KB).
"""

from __future__ import annotations

import copy
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import ApiError

#: Live clients remembered at once; one more drops the least recently seen.
MAX_CLIENTS = 64
#: A client idle this long is forgotten (its next frame is named whole).
KEEP_S = 60.0
#: A client's id: what the page generates (letters, digits, ``-``, ``_``).
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


@dataclass
class _Client:
    newest: int
    at: float
    seen: Any = None
    seen_ticket: int = -1


class LiveClients:
    """The live clients' newest tickets and previous frames, bounded and expiring; thread-safe."""

    def __init__(self, clients: int = MAX_CLIENTS, keep_s: float = KEEP_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clients = max(1, clients)
        self.keep_s = keep_s
        self._clock = clock
        self._lock = threading.Lock()
        self._state: OrderedDict[str, _Client] = OrderedDict()
        self._tickets = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._state)

    def arrive(self, client: str) -> LiveFrame:
        """A frame of ``client`` arrived: it is that client's newest from now on."""
        now = self._clock()
        with self._lock:
            while self._state:
                oldest = next(iter(self._state.values()))
                if now - oldest.at <= self.keep_s:
                    break
                self._state.popitem(last=False)
            self._tickets += 1
            state = self._state.get(client)
            if state is None:
                state = self._state[client] = _Client(self._tickets, now)
                if len(self._state) > self.clients:
                    self._state.popitem(last=False)
            state.newest, state.at = self._tickets, now
            self._state.move_to_end(client)
            return LiveFrame(self, client, self._tickets)

    def superseded(self, client: str, ticket: int) -> bool:
        """Whether a newer frame of ``client`` arrived after ``ticket``."""
        with self._lock:
            state = self._state.get(client)
            return state is not None and state.newest > ticket

    def now(self) -> float:
        """The clock the clients are timed by (seconds): what a held reading's age is read on."""
        return self._clock()

    def previous(self, client: str) -> Any:
        """What the client's frames read (``vision.live.Memory``), or None."""
        with self._lock:
            state = self._state.get(client)
            return None if state is None else state.seen

    def keep(self, client: str, ticket: int, seen: Any) -> None:
        """Remember what frame ``ticket`` read, unless a later frame's is already kept."""
        with self._lock:
            state = self._state.get(client)
            if state is not None and ticket > state.seen_ticket:
                state.seen, state.seen_ticket = seen, ticket


@dataclass
class LiveFrame:
    """One frame of a live client, as ``recognize`` reads it."""

    clients: LiveClients
    client: str
    ticket: int
    stats: dict[str, Any] | None = None
    memory: Any = None

    def superseded(self) -> bool:
        """Whether a newer frame of the same client arrived: this one is not worth reading."""
        return self.clients.superseded(self.client, self.ticket)

    def detect(self, detector: Any, image: np.ndarray, tileset: Any = None
               ) -> list[dict[str, Any]]:
        """The frame's tiles: a still scene's from the client's last reading, else naming only
        what changed since its previous frame (``stats``: which, for the answer's ``live``)."""
        from vision.live import read_live  # noqa: PLC0415 (heavy, optional)

        tiles, self.memory, self.stats = read_live(detector, image,
                                                   self.clients.previous(self.client), tileset,
                                                   self.clients.now())
        self.clients.keep(self.client, self.ticket, self.memory)
        return tiles

    def arranged(self, arrange: Callable[[list[dict[str, Any]]], dict[str, Any]],
                 detections: list[dict[str, Any]]) -> dict[str, Any]:
        """The layout reading of the frame's ``detections``: a held frame's is the one made of
        its reading's tiles (moved together, they read the same: 5-6 ms a frame saved), else
        ``arrange``'s, kept with the reading for the frames it will answer."""
        reading = getattr(self.memory, "reading", None)
        if reading is None:
            return arrange(detections)
        if self.stats is None or self.stats.get("frame") != "held" or reading.arranged is None:
            reading.arranged = arrange(detections)
        return copy.deepcopy(reading.arranged)


def live_client(value: str | None) -> str:
    """The multipart field ``client`` checked: 400 naming the rule when absent or malformed."""
    if value is None or not CLIENT_ID.fullmatch(value):
        raise ApiError(400, "give the live page's client id in the multipart field 'client' "
                            "(8 to 64 letters, digits, - or _)")
    return value
