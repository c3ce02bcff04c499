"""PostgreSQL behind the session store's interface, for more than one machine.

``SessionStore("postgresql://…")`` (``serve --database postgresql://…`` or ``DATABASE_URL``)
keeps the same tables as the SQLite file, migrated the same way (the SQLite migrations put in
PostgreSQL's dialect by :func:`postgres_sql`, version for version, tracked in ``schema_version``), and the
same queries: a connection here takes the store's ``?`` placeholders. Recording a hand locks the
table's row (``SELECT … FOR UPDATE``) in its transaction, as ``BEGIN IMMEDIATE`` does in SQLite,
so hands recorded at once by several processes are numbered and rotated one after another.
Needs ``psycopg`` (the ``postgres`` extra).
"""

from __future__ import annotations

from typing import Any

#: SQLite's words -> PostgreSQL's, all the two dialects differ by in the store's schema.
DIALECT = (("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGSERIAL PRIMARY KEY"),
           ("REAL NOT NULL", "DOUBLE PRECISION NOT NULL"), ("BLOB", "BYTEA"))


def postgres_sql(script: str) -> str:
    """A SQLite migration (``sessions.MIGRATIONS``) in PostgreSQL's dialect, so the two stores
    keep one schema, version for version.

    >>> postgres_sql("id INTEGER PRIMARY KEY AUTOINCREMENT, created REAL NOT NULL")
    'id BIGSERIAL PRIMARY KEY, created DOUBLE PRECISION NOT NULL'
    """
    for sqlite, postgres in DIALECT:
        script = script.replace(sqlite, postgres)
    return script


#: The advisory lock that lets one process at a time migrate.
MIGRATION_LOCK = 0x6D616A6F6E67


def is_url(target: Any) -> bool:
    """Whether a DATABASE setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


class Connection:
    """A psycopg connection that takes the store's SQL (``?`` placeholders) and gives rows that
    are read by column name, as ``sqlite3.Row`` is."""

    def __init__(self, url: str) -> None:
        import psycopg
        from psycopg.rows import dict_row

        self.raw = psycopg.connect(url, row_factory=dict_row, connect_timeout=10)

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """Run one statement; the cursor (``fetchone``, ``fetchall``, ``rowcount``, iteration)."""
        return self.raw.execute(sql.replace("?", "%s"), params)

    def commit(self) -> None:
        """Commit the transaction."""
        self.raw.commit()

    def rollback(self) -> None:
        """Roll the transaction back."""
        self.raw.rollback()

    def close(self) -> None:
        """Close the connection."""
        self.raw.close()


def migrate(url: str, migrations: tuple[str, ...]) -> int:
    """Bring the server's schema up to date, one process at a time; the schema version."""
    conn = Connection(url)
    try:
        conn.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = conn.execute("SELECT MAX(version) AS v FROM schema_version").fetchone()
        version = row["v"] or 0
        for number, script in enumerate(migrations[version:], version + 1):
            for statement in (s.strip() for s in script.split(";")):
                if statement:
                    conn.execute(statement)
            conn.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
        conn.commit()
        return len(migrations)
    except BaseException:
        conn.rollback()
        raise
    finally:
        conn.close()
