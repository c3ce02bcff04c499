"""Table sessions kept in SQLite: four named players (three where the variant seats three), the
variant, bets, the dealer and its rotation, the prevalent wind, every hand's result and the running totals.

One file (default ``~/.local/share/mahjong-assistant/tables.sqlite3``, or ``$XDG_DATA_HOME``),
created 0600 in a 0700 folder, and no server; the schema is migrated on start (``PRAGMA
user_version``), so a newer service opens an older file. Each table has its own id and every query
is keyed by it: tables never mix. An id is 128 random bits, and a table is changed (a hand
recorded, the table deleted) only with its secret, given once when it is created and kept by the
players' browsers; the store keeps only the secret's SHA-256. Recording a hand is one
``BEGIN IMMEDIATE`` transaction: the hand number, dealer and wind it reads are the ones it writes
after, whatever other requests do at the same time.

Players sit in turn order 0 → 1 → 2 → 3. The dealer is East; player ``i`` has the seat wind
``WINDS[(i - dealer) % 4]``; at a table of three (三麻, 成都 三人) ``WINDS[(i - dealer) % 3]``, the
seats E S W and the deal passing 0 → 1 → 2 → 0. The dealer keeps the deal after his own win or a draw (连庄);
otherwise the deal passes to the next player, and when it comes back to player 0 the prevalent
wind moves on (E → S → W → N).

What a table carries from hand to hand is kept in each hand's record (``carry``) and read from
the last one, so no column holds it: riichi's sticks on the table and honba (and the points
held, from 25000), the 立直 sticks of a Chinese table with the ``riichi`` switch (1000 each,
seed 003 "拿出一千点筹码", taken by the next winner), the dealer's streak (连庄), and the 拉庄
stakes the next hand pays.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from ..analysis import analyze
from ..errors import MahjongError
from ..hand import HandState
from ..procedures import RIICHI_STICK, next_dealer, settle_draw, settle_riichi
from ..table_view import check_rivers, claims_before
from ..tiles import WINDS
from ..variants import RIICHI_FAMILY, TABLE_READERS, get_profile, read_variant_table, scorer_for
from ..variants.riichi import START_POINTS, noten_payments
from . import pgstore
from .errors import ApiError

#: Hands kept per table, tables created per client a day, and the size of points and kongs.
MAX_HANDS = 1000
MAX_TABLES_PER_CLIENT_DAY = 100
MAX_POINTS = 1_000_000
MAX_KONGS = 16
#: Wins recorded in one 血流成河 hand (a winner stays in and may win again; the wall is finite).
MAX_WINS = 32
#: How long the answer of a write sent with an Idempotency-Key is kept for its retries.
IDEMPOTENCY_TTL_S = 24 * 3600

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE game (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        variant TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        bets TEXT NOT NULL,
        dealer INTEGER NOT NULL,
        prevalent TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE hand (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL REFERENCES game(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        dealer INTEGER NOT NULL,
        prevalent TEXT NOT NULL,
        result TEXT NOT NULL,
        payments TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE INDEX hand_game ON hand(game_id, number);
    """,
    "ALTER TABLE game ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;",
    # The SHA-256 of the table's secret (NULL for tables made before secrets: read-only), and
    # who created it (a hash of the client's address), for the per-client limit.
    """
    ALTER TABLE game ADD COLUMN secret_hash TEXT;
    ALTER TABLE game ADD COLUMN client TEXT NOT NULL DEFAULT '';
    CREATE INDEX game_client ON game(client, created);
    """,
    # What each hand was recorded from (the request's JSON), so that correcting a hand records
    # it and every later hand again from the state before it; and the answers of retried
    # writes (``common.idempotent``): the key's hash, the request's hash, the sealed answer.
    """
    ALTER TABLE hand ADD COLUMN input TEXT;
    CREATE TABLE idempotency (
        scope TEXT NOT NULL,
        key_hash TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT,
        created REAL NOT NULL,
        PRIMARY KEY (scope, key_hash)
    );
    CREATE INDEX idempotency_created ON idempotency(created);
    """,
    # The players' tile sets (``tilesets_api``): one row a set, its examples as the bytes of
    # ``vision.tileset.TileSet.to_bytes``, so every process on one database reads every set;
    # ``imported`` notes the file-based folders already taken in.
    """
    CREATE TABLE tileset (
        id TEXT PRIMARY KEY,
        secret_hash TEXT NOT NULL,
        data BLOB NOT NULL,
        client TEXT NOT NULL DEFAULT '',
        created REAL NOT NULL,
        version INTEGER NOT NULL
    );
    CREATE INDEX tileset_client ON tileset(client, created);
    CREATE TABLE imported (what TEXT PRIMARY KEY, at REAL NOT NULL);
    """,
)


def default_path() -> Path:
    """Where tables are kept unless configured: the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mahjong-assistant" / "tables.sqlite3"


class SessionStore:
    """Table sessions in one SQLite file; safe to use from several threads (a connection each)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self._keep: sqlite3.Connection | None = None
        #: A PostgreSQL server's URL (``postgresql://…``), or None for SQLite.
        self.url: str | None = str(path) if pgstore.is_url(path) else None
        #: An in-memory database's connections share one cache, where a busy table is an error
        #: ("database table is locked") rather than a wait: its transactions take turns here.
        self._turns = threading.RLock()
        if self.url is not None:
            self.target = self.url
            self.path = Path("postgresql")
        elif str(path) == ":memory:":
            # One in-memory database shared by this store's connections, alive while it is.
            self.target = f"file:tables-{uuid.uuid4().hex}?mode=memory&cache=shared"
            self._keep = sqlite3.connect(self.target, uri=True, check_same_thread=False)
            self.path = Path(":memory:")
        else:
            self.path = Path(path) if path else default_path()
            _private_file(self.path)
            self.target = str(self.path)
        self.migrate()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.target, timeout=30, uri=self._keep is not None,
                               isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 30000")
        return conn

    @contextmanager
    def _db(self, immediate: bool = False) -> Iterator[Any]:
        """A connection in one transaction (``BEGIN IMMEDIATE`` takes the write lock first, so
        what is read in it cannot change before it commits); rolled back on any error."""
        if self.url is not None:
            conn = pgstore.Connection(self.url)
            try:
                yield conn
                conn.commit()
            except BaseException:
                conn.rollback()
                raise
            finally:
                conn.close()
            return
        with self._turns if self._keep is not None else nullcontext():
            conn = self._connect()
            try:
                conn.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
                try:
                    yield conn
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                conn.close()

    def transaction(self, immediate: bool = False) -> Any:
        """A connection in one transaction, for the other stores kept in this database (the
        tile sets): ``with store.transaction() as db: db.execute(sql, params)``."""
        return self._db(immediate)

    def migrate(self) -> int:
        """Bring the schema up to date; returns the schema version."""
        if self.url is not None:
            return pgstore.migrate(self.url, tuple(map(pgstore.postgres_sql, MIGRATIONS)))
        conn = self._connect()
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for number, script in enumerate(MIGRATIONS[version:], version + 1):
                conn.executescript(f"BEGIN IMMEDIATE; {script}; PRAGMA user_version = {number}; "
                                   "COMMIT;")
            return len(MIGRATIONS)
        finally:
            conn.close()

    # -- tables -----------------------------------------------------------------------------

    def create(self, data: dict[str, Any], client: str = "") -> dict[str, Any]:
        """A new table from ``{"players": [4 names], "variant", "options", "bets", "name"}``;
        the answer carries its ``secret`` (given only here). ``client`` (e.g. the address)
        bounds how many tables one client makes a day (429 beyond)."""
        variant = data.get("variant") or "default"
        options = data.get("options") or {}
        profile = get_profile(variant, options)
        n = profile.seats  # three at a 三麻 or 成都 三人 table: E S W, the deal E → S → W
        players = data.get("players")
        if (not isinstance(players, list) or len(players) != n
                or not all(isinstance(p, str) and p.strip() for p in players)):
            if n != 4:
                raise MahjongError(f"'players' must be the {n} players' names, in seating order: "
                                   f"variant {profile.name!r} seats {n}", "players")
            raise MahjongError("'players' must be the four players' names, in seating order",
                               "players")
        players = [p.strip()[:40] for p in players]
        if len(set(players)) != n:
            raise MahjongError("the four players need different names" if n == 4 else
                               "the players need different names", "players")
        bets = _bets(data.get("bets"), profile)
        name = data.get("name") or " · ".join(players)
        if not isinstance(name, str):
            raise MahjongError("'name' must be a string", "name")
        name = name[:80]
        game_id = secrets.token_hex(16)  # 128 random bits: not guessable, not enumerable
        secret = secrets.token_urlsafe(32)
        who = _client_key(client)
        now = time.time()
        with self._db(immediate=True) as db:
            made = db.execute("SELECT COUNT(*) AS n FROM game WHERE client = ? AND created > ?",
                              (who, now - 86400)).fetchone()["n"]
            if client and made >= MAX_TABLES_PER_CLIENT_DAY:
                raise ApiError(429, f"this client has made {made} tables today; the limit is "
                                    f"{MAX_TABLES_PER_CLIENT_DAY} a day",
                               headers={"Retry-After": "3600"})
            db.execute("INSERT INTO game (id, name, variant, options, players, bets, dealer, "
                       "prevalent, created, secret_hash, client) "
                       "VALUES (?, ?, ?, ?, ?, ?, 0, 'E', ?, ?, ?)",
                       (game_id, name, profile.name, json.dumps(options), json.dumps(players),
                        json.dumps(bets), now, _digest(secret), who))
        return {**self.get(game_id), "secret": secret}

    def list(self) -> list[dict[str, Any]]:
        """Every table, newest first, without its hands (for the operator: not served)."""
        with self._db() as db:
            ids = [r["id"] for r in db.execute("SELECT id FROM game ORDER BY created DESC")]
            return [self._table(db, i, with_hands=False) for i in ids]

    def authorized(self, game_id: str, secret: str | None) -> bool:
        """Whether ``secret`` is the table's (compared in constant time); KeyError when there is
        no such table. A table made before secrets has none and is read-only."""
        with self._db() as db:
            row = db.execute("SELECT secret_hash FROM game WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        if not secret or row["secret_hash"] is None:
            return False
        return hmac.compare_digest(row["secret_hash"], _digest(secret))

    def get(self, game_id: str, with_hands: bool = True, offset: int = 0,
            limit: int | None = None) -> dict[str, Any]:
        """One table: players with seat winds and totals, dealer, prevalent wind, and its hands
        (``limit`` of them from ``offset``, all by default)."""
        with self._db() as db:
            return self._table(db, game_id, with_hands, offset, limit)

    def _table(self, db: Any, game_id: str, with_hands: bool = True, offset: int = 0,
               limit: int | None = None, lock: bool = False) -> dict[str, Any]:
        """One table read in the transaction ``db`` is in (``lock``: its row locked until the
        transaction ends, on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` has locked it all)."""
        lock_sql = " FOR UPDATE" if lock and self.url is not None else ""
        row = db.execute("SELECT * FROM game WHERE id = ?" + lock_sql, (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        hands = db.execute("SELECT * FROM hand WHERE game_id = ? ORDER BY number",
                           (game_id,)).fetchall()
        hand_rows = [{"number": h["number"], "dealer": h["dealer"], "prevalent_wind":
                      h["prevalent"], "result": json.loads(h["result"]),
                      "payments": json.loads(h["payments"])} for h in hands]
        return self._compose(dict(row), hand_rows, with_hands, offset, limit)

    def _compose(self, row: dict[str, Any], hand_rows: list[dict[str, Any]],
                 with_hands: bool = True, offset: int = 0, limit: int | None = None
                 ) -> dict[str, Any]:
        """A table as answered, from its game row and its hands (as :meth:`_table` reads them)."""
        hands = hand_rows
        players = json.loads(row["players"])
        n = len(players)
        totals = [0] * n
        for h in hand_rows:
            for i in range(n):
                totals[i] += h["payments"][i]
        dealer = row["dealer"]
        bets = json.loads(row["bets"])
        carry = carried_state(hand_rows[-1]["result"] if hand_rows else None, n)
        start = stick = 0
        options = json.loads(row["options"])
        if row["variant"] in RIICHI_FAMILY:
            japanese = get_profile(row["variant"], options)
            start = int(japanese.extra.get("start_points", START_POINTS))
            stick = int(japanese.option("stick_value"))
        elif isinstance(options, dict) and options.get("riichi") is True:
            stick = RIICHI_STICK  # the Chinese 立直 switch: the seed's 一千点筹码
        # Points held: the start, what the hands paid, less the riichi sticks still on the table.
        held = [start + totals[i] - stick * carry["riichi_sticks"][i] for i in range(n)]
        out: dict[str, Any] = {
            "id": row["id"], "name": row["name"], "variant": row["variant"],
            "options": json.loads(row["options"]), "dealer": dealer,
            "prevalent_wind": row["prevalent"], "hand_number": len(hands) + 1,
            "players": [{"index": i, "name": players[i], "seat_wind": seat_wind(i, dealer, n),
                         "bet": bets[i], "total": totals[i], "held": held[i],
                         "dealer": i == dealer} for i in range(n)],
            "totals": totals, "start_points": start, "held": held, "riichi_stick": stick,
            **carry,
        }
        if with_hands:
            end = None if limit is None else offset + limit
            out["hands"] = hand_rows[offset:end]
            out["hands_total"] = len(hand_rows)
        return out

    def delete(self, game_id: str) -> None:
        """Remove a table and its hands."""
        with self._db(immediate=True) as db:
            if self.url is not None:  # wait for a hand being recorded on it, then delete
                db.execute("SELECT id FROM game WHERE id = ? FOR UPDATE", (game_id,))
            db.execute("DELETE FROM hand WHERE game_id = ?", (game_id,))
            cur = db.execute("DELETE FROM game WHERE id = ?", (game_id,))
            if cur.rowcount == 0:
                raise KeyError(game_id)

    # -- hands ------------------------------------------------------------------------------

    def record(self, game_id: str, data: dict[str, Any]) -> dict[str, Any]:
        """Record one hand's result, pay it, and rotate the dealer and prevalent wind.

        ``{"result": "draw"}``, or ``{"result": "win", "winner": i, "discarder": j | null,
        "hand": hand state}`` (scored by the table's variant), or with ``"points": [4 numbers]``
        summing to zero instead of a hand, for variants that do not score or a hand settled by
        hand. ``bets`` (4 numbers) overrides the table's bets for this hand. ``kongs`` (player
        number -> list of ``{"type": an|jia|zhi, "tile", "from": player}``) are the kongs made
        this hand: paid with the win, or on a draw where the variant lets them stand. Several
        players winning on one discard (一炮多响, where the variant allows it): ``"winners":
        [{"winner": i, "hand" | "points"}, ...]`` with the one ``discarder``. 血战到底 / 血流成河,
        where the hand goes on after a win: ``"wins": [each win as above, in the order they
        came]``, each settled between the players still in, and ``"draw": {"hands": {player:
        hand}}`` when the wall ran out with several still in (查花猪, 查大叫). Riichi:
        ``"riichi": [players]`` who declared (a stick each on the table; also on a Chinese table
        with the ``riichi`` switch, 1000 a stick), ``"tenpai": [players]``
        ready at a draw (noten payments; the dealer tenpai keeps the deal). 十六张:
        ``"la_zhuang": [players]`` asking 拉庄 of the dealer. ``"rivers"`` (seat wind -> the
        discards in order, as :func:`assistant.table_view.check_rivers` bounds them) is kept
        with the hand for its history.
        """
        if not isinstance(data, dict):
            raise MahjongError("a hand's result must be a JSON object", "result")
        with self._db(immediate=True) as db:
            # Read, score and write in one write transaction: no other hand comes between.
            table = self._table(db, game_id, with_hands=False, lock=True)
            if table["hand_number"] > MAX_HANDS:
                raise ApiError(409, f"this table has {MAX_HANDS} hands, the most a table keeps: "
                                    "start a new table")
            self._insert(db, game_id, table, data)
            return self._table(db, game_id)

    def _insert(self, db: Any, game_id: str, table: dict[str, Any], data: dict[str, Any]
                ) -> tuple[dict[str, Any], int, str]:
        """Score ``data`` on ``table`` as it stands, keep the hand (with the input it was
        recorded from) and move the deal on, in the transaction ``db`` is in; the hand as
        :meth:`_table` reads it, and the next dealer and prevalent wind."""
        given = json.dumps(data)  # as sent: scoring it must not change what is replayed
        number, values = self._hand(table, data)
        db.execute("INSERT INTO hand (game_id, number, dealer, prevalent, result, payments, "
                   "created, input) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (game_id, number, *values[:4], time.time(), given))
        db.execute("UPDATE game SET dealer = ?, prevalent = ? WHERE id = ?",
                   (*values[4:], game_id))
        return ({"number": number, "dealer": values[0], "prevalent_wind": values[1],
                 "result": json.loads(values[2]), "payments": json.loads(values[3])},
                values[4], values[5])

    def correct(self, game_id: str, number: int, data: dict[str, Any]) -> dict[str, Any]:
        """Record hand ``number`` again from ``data``, and every later hand again from what it
        was recorded from, so that the dealer, the winds, what is carried and the totals follow
        the correction; all or nothing (422 naming the later hand the correction makes invalid,
        409 for a later hand kept without its input). KeyError: no such table; 404: no such hand."""
        if not isinstance(data, dict):
            raise MahjongError("a hand's result must be a JSON object", "result")
        with self._db(immediate=True) as db:
            self._table(db, game_id, with_hands=False, lock=True)
            rows = db.execute("SELECT number, dealer, prevalent, input FROM hand WHERE game_id = ? "
                              "AND number >= ? ORDER BY number", (game_id, number)).fetchall()
            if not rows or rows[0]["number"] != number:
                raise ApiError(404, f"this table has no hand {number}")
            later = []
            for row in rows[1:]:
                if row["input"] is None:
                    raise ApiError(409, f"hand {row['number']} was recorded before corrections "
                                        f"were kept, so hand {number} cannot be corrected; undo "
                                        "the hands after it first")
                later.append((row["number"], json.loads(row["input"])))
            db.execute("DELETE FROM hand WHERE game_id = ? AND number >= ?", (game_id, number))
            db.execute("UPDATE game SET dealer = ?, prevalent = ? WHERE id = ?",
                       (rows[0]["dealer"], rows[0]["prevalent"], game_id))
            # The table is read once and moved on in memory hand by hand (reading it again for
            # each hand made correcting hand 1 of 300 take 0.9 s: every read walks every hand).
            table = self._table(db, game_id)
            game = {k: v for k, v in table.items() if k != "hands"}
            row = dict(db.execute("SELECT * FROM game WHERE id = ?", (game_id,)).fetchone())
            hand_rows = list(table["hands"])
            for k, (hand_number, hand_data) in enumerate([(number, data), *later]):
                try:
                    hand, row["dealer"], row["prevalent"] = self._insert(db, game_id, game,
                                                                         hand_data)
                except MahjongError as exc:
                    if k == 0:
                        raise
                    raise MahjongError(f"the correction of hand {number} makes hand "
                                       f"{hand_number} invalid: {exc}", exc.token) from None
                hand_rows.append(hand)
                game = self._compose(row, hand_rows, with_hands=False)
            return self._table(db, game_id)

    def undo(self, game_id: str, number: int) -> dict[str, Any]:
        """Take back hand ``number``, the last one: the deal, the winds and what is carried go
        back to what they were before it (409 for an earlier hand: correct it instead).
        KeyError: no such table; 404: no such hand."""
        with self._db(immediate=True) as db:
            table = self._table(db, game_id, with_hands=False, lock=True)
            last = table["hand_number"] - 1
            if not 1 <= number <= last:
                raise ApiError(404, f"this table has no hand {number}")
            if number != last:
                raise ApiError(409, f"only the last hand ({last}) can be undone; correct hand "
                                    f"{number} instead")
            row = db.execute("SELECT dealer, prevalent FROM hand WHERE game_id = ? AND number = ?",
                             (game_id, number)).fetchone()
            db.execute("DELETE FROM hand WHERE game_id = ? AND number = ?", (game_id, number))
            db.execute("UPDATE game SET dealer = ?, prevalent = ? WHERE id = ?",
                       (row["dealer"], row["prevalent"], game_id))
            return self._table(db, game_id)

    # -- retried writes (common.idempotent) -------------------------------------------------

    def idempotency_begin(self, scope: str, key_hash: str, fingerprint: str
                          ) -> tuple[int, str] | None:
        """The kept answer (status, sealed body) of an earlier request with this key, or None
        after noting this one as running; 422 for the key with another request, 409 while the
        first is still running."""
        now = time.time()
        with self._db(immediate=True) as db:
            db.execute("DELETE FROM idempotency WHERE created < ?", (now - IDEMPOTENCY_TTL_S,))
            row = db.execute("SELECT fingerprint, status, body FROM idempotency WHERE scope = ? "
                             "AND key_hash = ?" + (" FOR UPDATE" if self.url else ""),
                             (scope, key_hash)).fetchone()
            if row is None:
                cur = db.execute("INSERT INTO idempotency (scope, key_hash, fingerprint, status, "
                                 "body, created) VALUES (?, ?, ?, 0, NULL, ?) ON CONFLICT DO "
                                 "NOTHING", (scope, key_hash, fingerprint, now))
                if cur.rowcount:
                    return None
                # another process noted the same key between the read and the insert
                row = {"fingerprint": fingerprint, "status": 0, "body": None}
        if row["fingerprint"] != fingerprint:
            raise ApiError(422, "this Idempotency-Key was used for another request: use a new "
                                "key for each new request")
        if not row["status"]:
            raise ApiError(409, "the first request with this Idempotency-Key is still being "
                                "answered; try again in a moment", headers={"Retry-After": "1"})
        return int(row["status"]), str(row["body"])

    def idempotency_finish(self, scope: str, key_hash: str, status: int, sealed: str) -> None:
        """Keep the answer of the request noted by :meth:`idempotency_begin`."""
        with self._db(immediate=True) as db:
            db.execute("UPDATE idempotency SET status = ?, body = ? WHERE scope = ? AND "
                       "key_hash = ?", (status, sealed, scope, key_hash))

    def idempotency_forget(self, scope: str, key_hash: str) -> None:
        """Drop the note of a request that failed: a retry runs it again."""
        with self._db(immediate=True) as db:
            db.execute("DELETE FROM idempotency WHERE scope = ? AND key_hash = ?",
                       (scope, key_hash))

    def _hand(self, table: dict[str, Any], data: dict[str, Any]) -> tuple[int, tuple[Any, ...]]:
        """The hand's number and (dealer, prevalent, result JSON, payments JSON, new dealer, new
        prevalent), computed from the table as it stands."""
        dealer = table["dealer"]
        prevalent = table["prevalent_wind"]
        n = len(table["players"])
        result = data.get("result")
        if result not in ("win", "draw"):
            raise MahjongError("'result' must be 'win' or 'draw'", "result")
        bets = _bets(data["bets"], get_profile(table["variant"], table["options"])) if data.get(
            "bets") is not None else [
            p["bet"] for p in table["players"]]
        record: dict[str, Any] = {"result": result, "bets": bets}
        if data.get("rivers") is not None:  # what each seat discarded, kept for the history
            record["rivers"] = check_rivers(data["rivers"], WINDS[:n])
        kongs = _kongs(data.get("kongs"), dealer, n)
        if kongs:
            record["kongs"] = data["kongs"]
        profile = get_profile(table["variant"], table["options"])
        riichi = profile.name in RIICHI_FAMILY
        # A Chinese table with the 立直 switch: each declaration puts a stick on the table.
        chinese_riichi = not riichi and profile.riichi
        declared = _players(data.get("riichi"), "riichi", n)
        tenpai = _players(data.get("tenpai"), "tenpai", n)
        la_zhuang = _players(data.get("la_zhuang"), "la_zhuang", n)
        if declared and not (riichi or chinese_riichi):
            raise MahjongError(f"variant {profile.name!r} plays without 立直 (option riichi = "
                               "false), so 'riichi' does not apply", "riichi")
        if tenpai and not riichi:
            raise MahjongError(f"'riichi' and 'tenpai' are riichi's (立直) table facts; this table "
                               f"plays {profile.name!r}", "tenpai")
        if la_zhuang and profile.name != "taiwan":
            raise MahjongError(f"'la_zhuang' (拉庄) is 十六张's (taiwan) rule; this table plays "
                               f"{profile.name!r}", "la_zhuang")
        if tenpai and result != "draw":
            raise MahjongError("'tenpai' names the players ready at a drawn hand (流局): record "
                               "it with result 'draw'", "tenpai")
        if la_zhuang and result != "win":
            raise MahjongError("'la_zhuang' (拉庄) is settled when the dealer wins: record it with "
                               "result 'win'", "la_zhuang")
        carry = {"honba": table["honba"], "riichi_sticks": list(table["riichi_sticks"]),
                 "streak": table["streak"], "stakes": table["stakes"]}
        if riichi or chinese_riichi:
            # A winner whose hand says riichi declared it: his stick is on the table too.
            entries = _entries(data)
            for entry in entries if isinstance(entries, list) else []:
                if not isinstance(entry, dict):
                    continue
                ctx = entry.get("hand", {}).get("context") if isinstance(
                    entry.get("hand"), dict) else None
                if (isinstance(ctx, dict) and (ctx.get("riichi") or ctx.get("double_riichi"))
                        and entry.get("winner") not in declared):
                    declared.append(_player(entry.get("winner"), "winner", n))
            for p in declared:
                carry["riichi_sticks"][p] += 1
            if declared:
                record["riichi"] = sorted(declared)
        extra: dict[str, Any] = {}
        if riichi:
            extra = {"honba": carry["honba"], "declared": declared, "riichi_sticks": {
                seat_wind(i, dealer, n): k for i, k in enumerate(carry["riichi_sticks"]) if k}}
        elif profile.name == "taiwan":
            extra = {"streak": min(carry["streak"], 99),
                     "la_zhuang": [seat_wind(p, dealer, n) for p in la_zhuang]}
            if la_zhuang:
                record["la_zhuang"] = la_zhuang
        winners: list[str] = []
        discarder: str | None = None
        dealer_keeps: bool | None = None
        if result == "draw":
            payments = self._draw(table, kongs, bets)
            if riichi:
                by_wind = {seat_wind(i, dealer, n): i for i in range(n)}
                for payer, payee, each in noten_payments(int(profile.option("noten_payment")),
                                                         [seat_wind(p, dealer, n) for p in tenpai],
                                                         WINDS[:n]):
                    payments[by_wind[payer]] -= each
                    payments[by_wind[payee]] += each
                record["tenpai"] = sorted(tenpai)
                dealer_keeps = dealer in tenpai  # 親の聴牌連荘; noten, the deal passes
                carry["honba"] += 1
        else:
            if data.get("wins") is not None:
                payments, wins, still_in = self._hand_played_on(table, data, bets, kongs)
                record["still_in"] = still_in
            else:
                payments, wins = self._wins(table, data, bets, kongs, extra=extra,
                                            rivers=record.get("rivers"))
            if riichi:
                self._riichi_points_win(profile, carry, wins, payments, dealer)
                carry["honba"] = carry["honba"] + 1 if dealer in [w["winner"] for w in wins] else 0
                carry["riichi_sticks"] = [0] * n
            elif chinese_riichi:
                # The Chinese scorers count no stick: the session pays them to the winner.
                # 血战 / 血流: the hand's first win takes them.
                first_wins = wins if data.get("wins") is None else wins[:1]
                self._pay_sticks(carry, first_wins, payments, dealer, RIICHI_STICK,
                                 scored_pays=False)
                carry["riichi_sticks"] = [0] * n
            record.update(winner=wins[0]["winner"], winners=[w["winner"] for w in wins],
                          discarder=wins[0]["discarder"], wins=wins)
            if "score" in wins[0]:
                record.update(score=wins[0]["score"], hand=wins[0]["hand"])
            winners = [seat_wind(w["winner"], dealer, n) for w in wins]
            if wins[0]["discarder"] is not None:
                discarder = seat_wind(wins[0]["discarder"], dealer, n)
        # The variant's rule (assistant.procedures.next_dealer): by default the dealer, East,
        # keeps the deal on his win or a draw, else it passes to his 下家; Sichuan's first winner
        # deals next, Changsha's discarder of several winners (通炮).
        nxt = WINDS.index(next_dealer("E", winners, profile, discarder))
        if dealer_keeps is not None:
            nxt = 0 if dealer_keeps else 1
        new_dealer, new_prevalent = pass_deal(dealer, prevalent, (dealer + nxt) % n)
        # 拉庄 stakes left by the last hand are paid with this one; this hand's are carried on.
        if carry["stakes"]:
            for stake in carry["stakes"]:
                payments[stake["from"]] -= stake["amount"]
                payments[stake["to"]] += stake["amount"]
            record["stakes_paid"] = carry["stakes"]
        by_seat = {seat_wind(i, dealer, n): i for i in range(n)}
        carry["stakes"] = [{"from": by_seat[c["from"]], "to": by_seat[c["to"]],
                            "amount": int(c["amount"])}
                           for w in record.get("wins", []) for c in
                           w.get("score", {}).get("carried", [])]
        carry["streak"] = carry["streak"] + 1 if new_dealer == dealer else 0
        record["carry"] = carry
        return table["hand_number"], (dealer, prevalent, json.dumps(record, ensure_ascii=False),
                                      json.dumps(payments), new_dealer, new_prevalent)

    def _hand_played_on(self, table: dict[str, Any], data: dict[str, Any], bets: list[int],
                        kongs: dict[str, Any]) -> tuple[list[int], list[dict[str, Any]], list[int]]:
        """血战 / 血流: the wins of one hand in order, each paid by the players still in (a
        winner leaves in 血战, stays in 血流), then the draw's 查花猪 / 查大叫 among the rest."""
        profile = get_profile(table["variant"], table["options"])
        after = profile.extra.get("after_win")
        if after not in ("leave", "stay"):
            raise MahjongError(f"variant {profile.name!r} ends the hand at the first win: record "
                               "one win ('winner' or 'winners'), not a list of 'wins'", "wins")
        events = data["wins"]
        if not isinstance(events, list) or not 0 < len(events) <= MAX_WINS or not all(
                isinstance(e, dict) for e in events):
            raise MahjongError(f"'wins' must list each win of the hand, in the order they came "
                               f"({MAX_WINS} at most)", "wins")
        dealer = table["dealer"]
        n = len(table["players"])
        still = list(range(n))
        payments, wins = [0] * n, []
        for k, event in enumerate(events):
            if len(still) < 2:
                raise MahjongError(f"win {k + 1}: only one player is still in (血战到底 ends with "
                                   "the last player)", "wins")
            in_play = [seat_wind(p, dealer, n) for p in still]
            paid, these = self._wins(table, event, bets, kongs if k == 0 else {}, in_play)
            for win in these:
                if win["winner"] not in still:
                    raise MahjongError(f"win {k + 1}: player {win['winner']} has already won and "
                                       "left the hand (血战到底)", "wins")
                win["still_in"] = list(still)
            payments = [a + b for a, b in zip(payments, paid, strict=True)]
            wins += these
            if after == "leave":
                still = [p for p in still if p not in {w["winner"] for w in these}]
        draw = data.get("draw")
        if draw is not None:
            if not isinstance(draw, dict) or not isinstance(draw.get("hands"), dict):
                raise MahjongError("'draw' gives the hands of the players still in: "
                                   "{\"hands\": {player: hand}}", "draw")
            # JSON keys are strings: "0" … "3" name the players.
            hands = {seat_wind(_player(int(p) if p.isdecimal() else p, "draw player", n), dealer,
                               n): h
                     for p, h in draw["hands"].items()}
            facts = {"dealer": "E", "hands": hands, "in_play": [seat_wind(p, dealer, n) for p in still]}
            by_wind = settle_draw(profile, facts).get("payments", {})
            paid = [int(by_wind.get(seat_wind(i, dealer, n), 0)) for i in range(n)]
            payments = [a + b for a, b in zip(payments, paid, strict=True)]
        return payments, wins, still

    def _riichi_points_win(self, profile: Any, carry: dict[str, Any], wins: list[dict[str, Any]],
                           payments: list[int], dealer: int) -> None:
        """A riichi win given as 'points' (not scored here): the sticks on the table go to the
        winner nearest the discarder as well (a scored hand's score pays them itself)."""
        self._pay_sticks(carry, wins, payments, dealer, int(profile.option("stick_value")),
                         scored_pays=True)

    def _pay_sticks(self, carry: dict[str, Any], wins: list[dict[str, Any]], payments: list[int],
                    dealer: int, value: int, scored_pays: bool) -> None:
        """Every 立直 stick on the table (``carry``) to the hand's first winner, the one nearest
        the discarder among several, by ``procedures.settle_riichi``: his own come back, the
        others' are paid to him, so the hand still sums to zero. ``scored_pays``: a scored win
        has paid them in its score (riichi) and nothing is added here."""
        first = wins[0]
        n = len(payments)
        if len(wins) > 1 and first["discarder"] is not None:
            order = [(first["discarder"] + k) % n for k in range(1, n)]
            first = min(wins, key=lambda w: order.index(w["winner"]))
        if scored_pays and "score" in first:
            return
        pot = [seat_wind(p, dealer, n) for p, k in enumerate(carry["riichi_sticks"]) for _ in range(k)]
        settled = settle_riichi([], [seat_wind(first["winner"], dealer, n)], value, pot)
        for p in range(n):
            paid = int(settled["payments"].get(seat_wind(p, dealer, n), 0))
            payments[p] += paid
            first["payments"][p] += paid
        if pot and not scored_pays:
            first["riichi_sticks"] = {"taken": len(pot), "each": value}

    def _wins(self, table: dict[str, Any], data: dict[str, Any], bets: list[int],
              kongs: dict[str, Any], in_play: list[str] | None = None,
              extra: dict[str, Any] | None = None, rivers: dict[str, list[str]] | None = None
              ) -> tuple[list[int], list[dict[str, Any]]]:
        """Payments of a won hand (one winner, or several on one discard) and each win;
        ``in_play``: the seats still in the hand (血战到底), all four by default; ``extra``: the
        table facts the session carries (riichi's honba and sticks, 十六张's 连庄 and 拉庄);
        ``rivers``: the hand's rivers by seat wind as recorded (who claimed before the win)."""
        entries = _entries(data)
        if not isinstance(entries, list) or not entries or not all(isinstance(e, dict)
                                                                   for e in entries):
            raise MahjongError("'winners' must be a list of {winner, hand or points}", "winners")
        n = len(table["players"])
        discarder = data.get("discarder")
        if discarder is not None:
            discarder = _player(discarder, "discarder", n)
        players = [_player(e.get("winner"), "winner", n) for e in entries]
        if len(set(players)) != len(players):
            raise MahjongError("a player is named twice among the winners", "winners")
        if discarder in players:
            raise MahjongError("the winner cannot have discarded his own winning tile", "discarder")
        if len(players) > 1:
            if discarder is None:
                raise MahjongError("several winners need a discard to win on", "discarder")
            if not get_profile(table["variant"], table["options"]).multiple_winners:
                raise MahjongError(f"variant {table['variant']!r} lets only one player win on a "
                                   "discard (截和)", "winners")
        winds = [seat_wind(p, table["dealer"], n) for p in players]
        payments = [0] * n
        wins = []
        for k, (entry, player) in enumerate(zip(entries, players, strict=True)):
            win: dict[str, Any] = {"winner": player, "discarder": discarder}
            if entry.get("points") is not None:
                paid = _points(entry["points"], n)
            else:
                # The kongs are settled once, with the first winner's hand.
                paid, score = self._score(table, entry.get("hand"), player, discarder, bets,
                                          kongs if k == 0 else {}, winds, in_play, extra, rivers)
                win.update(score=score, hand=score_hand(entry["hand"], get_profile(
                    table["variant"], table["options"]).hand_size))
            win["payments"] = paid
            payments = [a + b for a, b in zip(payments, paid, strict=True)]
            wins.append(win)
        return payments, wins

    def _draw(self, table: dict[str, Any], kongs: dict[str, Any], bets: list[int]) -> list[int]:
        """Payments of a drawn hand: none, or the kongs' where the variant lets them stand."""
        n = len(table["players"])
        if not kongs:
            return [0] * n
        profile = get_profile(table["variant"], table["options"])
        facts: dict[str, Any] = {"dealer": "E", "kongs": kongs}
        if any(bets):
            facts["bets"] = {seat_wind(i, table["dealer"], n): bets[i] for i in range(n)}
        by_wind = settle_draw(profile, facts).get("payments", {})
        return [int(by_wind.get(seat_wind(i, table["dealer"], n), 0)) for i in range(n)]

    def _score(self, table: dict[str, Any], hand: Any, winner: int, discarder: int | None,
               bets: list[int], kongs: dict[str, Any], winners: list[str] | None = None,
               in_play: list[str] | None = None, extra: dict[str, Any] | None = None,
               rivers: dict[str, list[str]] | None = None) -> tuple[list[int], dict[str, Any]]:
        """Score the winning hand with the table facts filled in (``extra``: those the session
        carries from hand to hand; ``table.claims_before`` of a first go-around win from the
        recorded ``rivers`` where the hand does not say it); payments per player."""
        profile = get_profile(table["variant"], table["options"])
        if scorer_for(profile) is None:
            raise MahjongError(f"variant {profile.name!r} does not score hands: give 'points' for "
                               "each player instead", "points")
        if not isinstance(hand, dict):
            raise MahjongError("give the winning 'hand' (a hand state) or 'points'", "hand")
        dealer = table["dealer"]
        n = len(table["players"])
        wind = {i: seat_wind(i, dealer, n) for i in range(n)}
        state = dict(hand)
        for key in ("context", "table"):
            if state.get(key) is not None and not isinstance(state[key], dict):
                raise MahjongError(f"the hand's '{key}' must be an object", key)
        context = dict(state.get("context") or {})
        context.update(self_drawn=discarder is None, seat_wind=wind[winner],
                       prevalent_wind=table["prevalent_wind"])
        extra = dict(extra or {})
        if winner in extra.pop("declared", []) and not context.get("double_riichi"):
            context["riichi"] = True  # the record says he declared riichi
        state["context"] = context
        table_facts = dict(state.get("table") or {})
        table_facts.update(dealer="E", seat=wind[winner], discarder=None if discarder is None
                           else wind[discarder])
        if any(bets):
            table_facts["bets"] = {wind[i]: bets[i] for i in range(n)}
        if kongs:
            table_facts["kongs"] = kongs
        if winners and len(winners) > 1:
            table_facts["winners"] = winners
        if in_play is not None and len(in_play) < n:
            table_facts["in_play"] = in_play
        if rivers is not None and context.get("first_go_around") and (
                table_facts.get("claims_before") is None):
            # the session saw the discards: who played out of turn claimed (天和/地和/人和 void)
            table_facts["claims_before"] = claims_before(
                rivers, wind[winner], None if discarder is None else wind[discarder], WINDS[:n])
        table_facts.update(extra)  # the session's own count, whatever the hand says
        state["table"] = table_facts
        state["variant"] = table["variant"]
        state["options"] = table["options"]
        result = analyze(state)
        if not result["is_win"] or "score" not in result:
            raise MahjongError("the hand given for the winner is not a winning hand", "hand")
        score = result["score"]
        by_wind = score.get("payments", {})
        return [int(by_wind.get(wind[i], 0)) for i in range(n)], score


def score_hand(hand: dict[str, Any], hand_size: int = 13) -> dict[str, Any]:
    """The winning hand as kept with the result: its tiles (as codes) and winning tile
    (``hand_size``: 13, or 16 for 十六张)."""
    state = HandState.from_json({k: v for k, v in hand.items() if k in ("concealed", "melds",
                                                                          "win_tile")}, hand_size)
    return {"concealed": state.concealed, "melds": [m.to_json() for m in state.melds],
            "win_tile": state.win_tile}


def seat_wind(player: int, dealer: int, seats: int = 4) -> str:
    """The seat wind of ``player`` when ``dealer`` deals (the dealer is East); at a table of
    three the seats are E S W.

    >>> seat_wind(0, 2), seat_wind(0, 2, 3), seat_wind(2, 0, 3)
    ('W', 'S', 'W')
    """
    return WINDS[(player - dealer) % seats]


def rotate(dealer: int, prevalent: str, dealer_keeps: bool, seats: int = 4) -> tuple[int, str]:
    """The next hand's dealer and prevalent wind when the deal stays or passes to the 下家 (at a
    table of three the third player's 下家 is the first).

    >>> rotate(0, "E", True), rotate(0, "E", False), rotate(3, "E", False), rotate(3, "N", False)
    ((0, 'E'), (1, 'E'), (0, 'S'), (0, 'E'))
    >>> rotate(2, "E", False, 3)
    (0, 'S')
    """
    return pass_deal(dealer, prevalent, dealer if dealer_keeps else (dealer + 1) % seats)


def pass_deal(dealer: int, prevalent: str, new_dealer: int) -> tuple[int, str]:
    """The next hand's dealer and prevalent wind when the deal goes to ``new_dealer`` (the 下家,
    or where a variant sends it): the wind moves on when the deal passes the first dealer.

    >>> pass_deal(2, "E", 1), pass_deal(1, "E", 3), pass_deal(1, "E", 1)
    ((1, 'S'), (3, 'E'), (1, 'E'))
    """
    if new_dealer < dealer:
        prevalent = WINDS[(WINDS.index(prevalent) + 1) % 4]
    return new_dealer, prevalent


def carried_state(record: dict[str, Any] | None, seats: int = 4) -> dict[str, Any]:
    """What a table carries into its next hand, as the last hand's record left it: riichi's
    ``honba`` and ``riichi_sticks`` (player number -> sticks on the table), the dealer's
    ``streak`` (连庄: hands kept in a row) and the 拉庄 ``stakes`` the next hand pays."""
    carry = (record or {}).get("carry") or {}
    return {"honba": int(carry.get("honba", 0)),
            "riichi_sticks": list(carry.get("riichi_sticks") or [0] * seats),
            "streak": int(carry.get("streak", 0)), "stakes": list(carry.get("stakes") or [])}


def _entries(data: dict[str, Any]) -> Any:
    """The winners of a won hand: ``winners``, or the one ``winner`` given at the top."""
    entries = data.get("winners")
    if entries is None:
        entries = [{k: data[k] for k in ("winner", "hand", "points") if k in data}]
    return entries


def _players(value: Any, what: str, seats: int = 4) -> list[int]:
    """A list of different player numbers (``riichi``, ``tenpai``, ``la_zhuang``); [] if absent."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise MahjongError(f"'{what}' must list player numbers 0-3, got {value!r}", what)
    players = [_player(p, what, seats) for p in value]
    if len(set(players)) != len(players):
        raise MahjongError(f"'{what}' names a player twice", what)
    return players


def _player(value: Any, what: str, seats: int = 4) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        if seats != 4:
            raise MahjongError(f"'{what}' must be a player number 0-{seats - 1} (a table of "
                               f"{seats}), got {value!r}", what)
        raise MahjongError(f"'{what}' must be a player number 0-3, got {value!r}", what)
    return value


def _bets(value: Any, profile: Any) -> list[int]:
    """The players' bets (one a seat at the variant's table), checked by a scoring variant's own
    table rules (its range; none where it has no bets), so a table is never made whose every scored
    win would be refused; a variant that scores nothing (points given by hand) keeps them as the
    players' note."""
    seats = profile.seats
    if value is None:
        return [0] * seats
    if seats != 4 and (not isinstance(value, list) or len(value) != seats):
        raise MahjongError(f"'bets' must be {seats} whole numbers 0-100, one per player", "bets")
    if (not isinstance(value, list) or len(value) != seats
            or not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 100
                       for b in value)):
        raise MahjongError("'bets' must be four whole numbers 0-100, one per player", "bets")
    if any(value) and profile.name in TABLE_READERS:
        read_variant_table(profile, {"dealer": "E", "bets": dict(zip(WINDS, value, strict=False))})
    return value


def _kongs(value: Any, dealer: int, seats: int = 4) -> dict[str, Any]:
    """Kongs keyed by player number → keyed by seat wind (``from`` too), as the scorers read them."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise MahjongError("'kongs' must map a player number (0-3) to a list of kongs", "kongs")
    out: dict[str, Any] = {}
    for key, items in value.items():
        try:
            player = int(key)
        except (TypeError, ValueError):
            raise MahjongError(f"'kongs': {key!r} is not a player number 0-3", "kongs") from None
        _player(player, "kongs", seats)
        if (not isinstance(items, list) or len(items) > MAX_KONGS
                or not all(isinstance(k, dict) for k in items)):
            raise MahjongError(f"'kongs' of player {player} must be a list of kongs", "kongs")
        converted = []
        for k in items:
            k = dict(k)
            if not isinstance(k.get("type"), str) or not isinstance(k.get("tile", ""), str):
                raise MahjongError("a kong is {\"type\": \"an\" | \"jia\" | \"zhi\", \"tile\": a "
                                   "tile, \"from\": a player}", "kongs")
            if k.get("from") is not None:
                k["from"] = seat_wind(_player(k["from"], "a kong's 'from'", seats), dealer, seats)
            converted.append(k)
        out[seat_wind(player, dealer, seats)] = converted
    return out


def _points(value: Any, seats: int = 4) -> list[int]:
    if seats != 4 and (not isinstance(value, list) or len(value) != seats):
        raise MahjongError(f"'points' must be {seats} whole numbers, one per player", "points")
    if (not isinstance(value, list) or len(value) != seats
            or not all(isinstance(p, int) and not isinstance(p, bool) and abs(p) <= MAX_POINTS
                       for p in value)):
        raise MahjongError(f"'points' must be four whole numbers (at most {MAX_POINTS} in size), "
                           "one per player", "points")
    if sum(value) != 0:
        raise MahjongError(f"'points' must sum to zero (what one wins the others pay), got "
                           f"{sum(value)}", "points")
    return list(value)  # a copy: the riichi sticks are added to it, never to the request


def _digest(secret: str) -> str:
    """The SHA-256 (hex) of a table's secret: what the store keeps instead of the secret."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _client_key(client: str) -> str:
    """A client's address as kept for the per-client limit: a short hash, not the address."""
    return hashlib.sha256(client.encode("utf-8")).hexdigest()[:16] if client else ""


def _private_file(path: Path) -> None:
    """Create the database file 0600 (its folder 0700 when made here) before SQLite opens it;
    SQLite gives its -wal and -shm files the same mode."""
    if not path.parent.is_dir():
        path.parent.mkdir(parents=True, mode=0o700)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
