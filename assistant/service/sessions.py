"""Table sessions kept in SQLite: four named players, the variant, bets, the dealer and its
rotation, the prevalent wind, every hand's result and the running totals.

One file (default ``~/.local/share/mahjong-assistant/tables.sqlite3``, or ``$XDG_DATA_HOME``) and
no server; the schema is migrated on start (``PRAGMA user_version``), so a newer service opens an
older file. Each table has its own id and every query is keyed by it: tables never mix.

Players sit in turn order 0 → 1 → 2 → 3. The dealer is East; player ``i`` has the seat wind
``WINDS[(i - dealer) % 4]``. The dealer keeps the deal after his own win or a draw (连庄);
otherwise the deal passes to the next player, and when it comes back to player 0 the prevalent
wind moves on (E → S → W → N).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..analysis import analyze
from ..errors import MahjongError
from ..hand import HandState
from ..procedures import next_dealer, settle_draw
from ..tiles import WINDS
from ..variants import get_profile, scorer_for

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
)


def default_path() -> Path:
    """Where tables are kept unless configured: the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mahjong-assistant" / "tables.sqlite3"


class SessionStore:
    """Table sessions in one SQLite file; safe to use from several threads (a connection each)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self._keep: sqlite3.Connection | None = None
        if str(path) == ":memory:":
            # One in-memory database shared by this store's connections, alive while it is.
            self.target = f"file:tables-{uuid.uuid4().hex}?mode=memory&cache=shared"
            self._keep = sqlite3.connect(self.target, uri=True, check_same_thread=False)
            self.path = Path(":memory:")
        else:
            self.path = Path(path) if path else default_path()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.target = str(self.path)
        self.migrate()

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.target, timeout=30, uri=self._keep is not None)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        try:
            with conn:
                yield conn
        finally:
            conn.close()

    def migrate(self) -> int:
        """Bring the schema up to date; returns the schema version."""
        with self._db() as db:
            db.execute("PRAGMA journal_mode = WAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            for number, script in enumerate(MIGRATIONS[version:], version + 1):
                db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
            return len(MIGRATIONS)

    # -- tables -----------------------------------------------------------------------------

    def create(self, data: dict[str, Any]) -> dict[str, Any]:
        """A new table from ``{"players": [4 names], "variant", "options", "bets", "name"}``."""
        players = data.get("players")
        if (not isinstance(players, list) or len(players) != 4
                or not all(isinstance(p, str) and p.strip() for p in players)):
            raise MahjongError("'players' must be the four players' names, in seating order",
                               "players")
        players = [p.strip()[:40] for p in players]
        if len(set(players)) != 4:
            raise MahjongError("the four players need different names", "players")
        variant = data.get("variant") or "default"
        options = data.get("options") or {}
        profile = get_profile(variant, options)
        bets = _bets(data.get("bets"))
        name = str(data.get("name") or " · ".join(players))[:80]
        game_id = uuid.uuid4().hex[:12]
        with self._db() as db:
            db.execute("INSERT INTO game (id, name, variant, options, players, bets, dealer, "
                       "prevalent, created) VALUES (?, ?, ?, ?, ?, ?, 0, 'E', ?)",
                       (game_id, name, profile.name, json.dumps(options), json.dumps(players),
                        json.dumps(bets), time.time()))
        return self.get(game_id)

    def list(self) -> list[dict[str, Any]]:
        """Every table, newest first, without its hands."""
        with self._db() as db:
            rows = db.execute("SELECT id FROM game ORDER BY created DESC").fetchall()
        return [self.get(r["id"], with_hands=False) for r in rows]

    def get(self, game_id: str, with_hands: bool = True) -> dict[str, Any]:
        """One table: players with seat winds and totals, dealer, prevalent wind, hands."""
        with self._db() as db:
            row = db.execute("SELECT * FROM game WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            hands = db.execute("SELECT * FROM hand WHERE game_id = ? ORDER BY number",
                               (game_id,)).fetchall()
        players = json.loads(row["players"])
        totals = [0] * 4
        hand_rows = []
        for h in hands:
            payments = json.loads(h["payments"])
            for i in range(4):
                totals[i] += payments[i]
            hand_rows.append({"number": h["number"], "dealer": h["dealer"],
                              "prevalent_wind": h["prevalent"], "result": json.loads(h["result"]),
                              "payments": payments})
        dealer = row["dealer"]
        bets = json.loads(row["bets"])
        out: dict[str, Any] = {
            "id": row["id"], "name": row["name"], "variant": row["variant"],
            "options": json.loads(row["options"]), "dealer": dealer,
            "prevalent_wind": row["prevalent"], "hand_number": len(hands) + 1,
            "players": [{"index": i, "name": players[i], "seat_wind": seat_wind(i, dealer),
                         "bet": bets[i], "total": totals[i], "dealer": i == dealer}
                        for i in range(4)],
            "totals": totals,
        }
        if with_hands:
            out["hands"] = hand_rows
        return out

    def delete(self, game_id: str) -> None:
        """Remove a table and its hands."""
        with self._db() as db:
            cur = db.execute("DELETE FROM game WHERE id = ?", (game_id,))
            db.execute("DELETE FROM hand WHERE game_id = ?", (game_id,))
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
        [{"winner": i, "hand" | "points"}, ...]`` with the one ``discarder``.
        """
        table = self.get(game_id, with_hands=False)
        dealer = table["dealer"]
        prevalent = table["prevalent_wind"]
        result = data.get("result")
        if result not in ("win", "draw"):
            raise MahjongError("'result' must be 'win' or 'draw'", "result")
        bets = _bets(data["bets"]) if data.get("bets") is not None else [
            p["bet"] for p in table["players"]]
        record: dict[str, Any] = {"result": result, "bets": bets}
        kongs = _kongs(data.get("kongs"), dealer)
        if kongs:
            record["kongs"] = data["kongs"]
        winners: list[str] = []
        if result == "draw":
            payments = self._draw(table, kongs, bets)
        else:
            payments, wins = self._wins(table, data, bets, kongs)
            record.update(winner=wins[0]["winner"], winners=[w["winner"] for w in wins],
                          discarder=wins[0]["discarder"], wins=wins)
            if "score" in wins[0]:
                record.update(score=wins[0]["score"], hand=wins[0]["hand"])
            winners = [seat_wind(w["winner"], dealer) for w in wins]
        # The engine's rule (assistant.procedures): the dealer, East, keeps the deal on his win
        # or a draw; otherwise it passes to his 下家 (South).
        dealer_keeps = next_dealer("E", winners) == "E"
        number = table["hand_number"]
        new_dealer, new_prevalent = rotate(dealer, prevalent, dealer_keeps)
        with self._db() as db:
            db.execute("INSERT INTO hand (game_id, number, dealer, prevalent, result, payments, "
                       "created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (game_id, number, dealer, prevalent, json.dumps(record, ensure_ascii=False),
                        json.dumps(payments), time.time()))
            db.execute("UPDATE game SET dealer = ?, prevalent = ? WHERE id = ?",
                       (new_dealer, new_prevalent, game_id))
        return self.get(game_id)

    def _wins(self, table: dict[str, Any], data: dict[str, Any], bets: list[int],
              kongs: dict[str, Any]) -> tuple[list[int], list[dict[str, Any]]]:
        """Payments of a won hand (one winner, or several on one discard) and each win."""
        entries = data.get("winners")
        if entries is None:
            entries = [{k: data[k] for k in ("winner", "hand", "points") if k in data}]
        if not isinstance(entries, list) or not entries or not all(isinstance(e, dict)
                                                                   for e in entries):
            raise MahjongError("'winners' must be a list of {winner, hand or points}", "winners")
        discarder = data.get("discarder")
        if discarder is not None:
            discarder = _player(discarder, "discarder")
        players = [_player(e.get("winner"), "winner") for e in entries]
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
        winds = [seat_wind(p, table["dealer"]) for p in players]
        payments = [0] * 4
        wins = []
        for k, (entry, player) in enumerate(zip(entries, players, strict=True)):
            win: dict[str, Any] = {"winner": player, "discarder": discarder}
            if entry.get("points") is not None:
                paid = _points(entry["points"])
            else:
                # The kongs are settled once, with the first winner's hand.
                paid, score = self._score(table, entry.get("hand"), player, discarder, bets,
                                          kongs if k == 0 else {}, winds)
                win.update(score=score, hand=score_hand(entry["hand"]))
            win["payments"] = paid
            payments = [a + b for a, b in zip(payments, paid, strict=True)]
            wins.append(win)
        return payments, wins

    def _draw(self, table: dict[str, Any], kongs: dict[str, Any], bets: list[int]) -> list[int]:
        """Payments of a drawn hand: none, or the kongs' where the variant lets them stand."""
        if not kongs:
            return [0] * 4
        profile = get_profile(table["variant"], table["options"])
        facts: dict[str, Any] = {"dealer": "E", "kongs": kongs}
        if any(bets):
            facts["bets"] = {seat_wind(i, table["dealer"]): bets[i] for i in range(4)}
        by_wind = settle_draw(profile, facts).get("payments", {})
        return [int(by_wind.get(seat_wind(i, table["dealer"]), 0)) for i in range(4)]

    def _score(self, table: dict[str, Any], hand: Any, winner: int, discarder: int | None,
               bets: list[int], kongs: dict[str, Any], winners: list[str] | None = None
               ) -> tuple[list[int], dict[str, Any]]:
        """Score the winning hand with the table facts filled in; payments per player."""
        profile = get_profile(table["variant"], table["options"])
        if scorer_for(profile) is None:
            raise MahjongError(f"variant {profile.name!r} does not score hands: give 'points' for "
                               "each player instead", "points")
        if not isinstance(hand, dict):
            raise MahjongError("give the winning 'hand' (a hand state) or 'points'", "hand")
        dealer = table["dealer"]
        wind = {i: seat_wind(i, dealer) for i in range(4)}
        state = dict(hand)
        context = dict(state.get("context") or {})
        context.update(self_drawn=discarder is None, seat_wind=wind[winner],
                       prevalent_wind=table["prevalent_wind"])
        state["context"] = context
        table_facts = dict(state.get("table") or {})
        table_facts.update(dealer="E", seat=wind[winner], discarder=None if discarder is None
                           else wind[discarder])
        if any(bets):
            table_facts["bets"] = {wind[i]: bets[i] for i in range(4)}
        if kongs:
            table_facts["kongs"] = kongs
        if winners and len(winners) > 1:
            table_facts["winners"] = winners
        state["table"] = table_facts
        state["variant"] = table["variant"]
        state["options"] = table["options"]
        result = analyze(state)
        if not result["is_win"] or "score" not in result:
            raise MahjongError("the hand given for the winner is not a winning hand", "hand")
        score = result["score"]
        by_wind = score.get("payments", {})
        return [int(by_wind.get(wind[i], 0)) for i in range(4)], score


def score_hand(hand: dict[str, Any]) -> dict[str, Any]:
    """The winning hand as kept with the result: its tiles (as codes) and winning tile."""
    state = HandState.from_json({k: v for k, v in hand.items() if k in ("concealed", "melds",
                                                                          "win_tile")})
    return {"concealed": state.concealed, "melds": [m.to_json() for m in state.melds],
            "win_tile": state.win_tile}


def seat_wind(player: int, dealer: int) -> str:
    """The seat wind of ``player`` when ``dealer`` deals (the dealer is East)."""
    return WINDS[(player - dealer) % 4]


def rotate(dealer: int, prevalent: str, dealer_keeps: bool) -> tuple[int, str]:
    """The next hand's dealer and prevalent wind.

    >>> rotate(0, "E", True), rotate(0, "E", False), rotate(3, "E", False), rotate(3, "N", False)
    ((0, 'E'), (1, 'E'), (0, 'S'), (0, 'E'))
    """
    if dealer_keeps:
        return dealer, prevalent
    nxt = (dealer + 1) % 4
    if nxt == 0:
        prevalent = WINDS[(WINDS.index(prevalent) + 1) % 4]
    return nxt, prevalent


def _player(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise MahjongError(f"'{what}' must be a player number 0-3, got {value!r}", what)
    return value


def _bets(value: Any) -> list[int]:
    if value is None:
        return [0] * 4
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 100
                       for b in value)):
        raise MahjongError("'bets' must be four whole numbers 0-100, one per player", "bets")
    return value


def _kongs(value: Any, dealer: int) -> dict[str, Any]:
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
        _player(player, "kongs")
        if not isinstance(items, list) or not all(isinstance(k, dict) for k in items):
            raise MahjongError(f"'kongs' of player {player} must be a list of kongs", "kongs")
        converted = []
        for k in items:
            k = dict(k)
            if k.get("from") is not None:
                k["from"] = seat_wind(_player(k["from"], "a kong's 'from'"), dealer)
            converted.append(k)
        out[seat_wind(player, dealer)] = converted
    return out


def _points(value: Any) -> list[int]:
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in value)):
        raise MahjongError("'points' must be four whole numbers, one per player", "points")
    if sum(value) != 0:
        raise MahjongError(f"'points' must sum to zero (what one wins the others pay), got "
                           f"{sum(value)}", "points")
    return value
