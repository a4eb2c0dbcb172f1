"""A table's chance cannot be foreseen: a 256-bit secret seed per table that no message
carries, one generator per draw derived from it, and old 30-bit seeds replaced on upgrade."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import httpx
import pytest
from web_helpers import SeatPlayer, create_table, live_server, play_all

from alaka.core.errors import AlakaError
from alaka.core.protocol import CHANCE
from alaka.core.records import replay_states
from alaka.ui.web.seeds import draw_rng, new_seed
from alaka.ui.web.store import SCHEMA_VERSION, SqliteStore
from alaka.ui.web.tables import Pace, TableRoom

BOTS = [{"kind": "bot", "bot": "random"}] * 3


def test_a_seed_is_256_secret_bits_and_every_table_has_its_own() -> None:
    seeds = {new_seed() for _ in range(200)}
    assert len(seeds) == 200
    assert all(len(bytes.fromhex(seed)) == 32 for seed in seeds)  # 256 bits, written as text


def test_each_draw_has_its_own_generator_and_every_bit_of_the_seed_counts() -> None:
    seed = new_seed()
    first = [draw_rng(seed, n).random() for n in range(50)]
    assert first == [draw_rng(seed, n).random() for n in range(50)]  # a restart draws the same
    assert len(set(first)) == 50
    flipped = seed[:-1] + ("0" if seed[-1] != "0" else "1")
    assert all(draw_rng(flipped, n).random() != first[n] for n in range(50))


def _chance_draws(record: dict[str, object], count: int) -> list[str]:
    draws = []
    states = list(replay_states(record))
    actions = record["actions"]
    assert isinstance(actions, list)
    for state, action in zip(states, actions, strict=False):
        if state.current_player() == CHANCE:
            draws.append(action)
    return draws[:count]


def test_chance_does_not_repeat_across_tables_and_the_seed_is_in_no_message(tmp_path: Path) -> None:
    with live_server(tmp_path / "t.sqlite3") as server:
        ids = [create_table(server.url, "alakazum", BOTS)["table"]["id"] for _ in range(3)]
        spectators = [SeatPlayer(server.ws_url, table_id, None, seed=0) for table_id in ids]
        asyncio.run(asyncio.wait_for(play_all(spectators), 30))
        room: TableRoom = server.app.state.room
        records = [room.get(table_id).record() for table_id in ids]
        seeds = [room.get(table_id).seed for table_id in ids]
        replay = [httpx_get(server.url, f"/api/tables/{table_id}/replay?step=5") for table_id in ids]
        lobby = httpx_get(server.url, "/api/tables")
    openings = [tuple(_chance_draws(record, 20)) for record in records]
    assert len(set(openings)) == len(openings)  # three deals, three different decks
    everything = lobby + "".join(replay) + "".join(str(m) for s in spectators for m in s.messages)
    assert all(seed not in everything for seed in seeds)


def httpx_get(base: str, path: str) -> str:
    return httpx.get(base + path).text


def _first_schema(path: Path) -> None:
    """A database as the first version of the server wrote it (no version, integer seeds)."""
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, num_players INTEGER NOT NULL,
                options TEXT NOT NULL, seed INTEGER NOT NULL, created TEXT NOT NULL, rematch_of TEXT,
                rematch TEXT);
            CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
                kind TEXT NOT NULL, bot TEXT, name TEXT NOT NULL, token TEXT,
                joined INTEGER NOT NULL DEFAULT 0, open INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (table_id, seat));
            CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL,
                action TEXT NOT NULL, PRIMARY KEY (table_id, number));
            INSERT INTO tables VALUES ('t1', 'alakazoo', 2, '{}', 123456789, '2024-01-01T00:00:00+00:00',
                NULL, NULL);
            INSERT INTO seats VALUES ('t1', 0, 'bot', 'random', 'Player 1 (random)', NULL, 1, 0);
            INSERT INTO seats VALUES ('t1', 1, 'bot', 'random', 'Player 2 (random)', NULL, 1, 0);
            """
        )
    db.close()


def test_an_old_database_is_upgraded_its_guessable_seeds_replaced_and_its_games_go_on(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _first_schema(path)
    store = SqliteStore(path)
    row = store.table("t1")
    assert row is not None
    assert isinstance(row.seed, str) and len(bytes.fromhex(row.seed)) == 32
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db.execute("SELECT typeof(seed) FROM tables").fetchone() == ("text",)
    db.close()

    async def play_on() -> bool:
        room = TableRoom(SqliteStore(path), Pace.scaled(0))
        assert room.load() == []  # it last moved long ago: it waits in the store for its link
        await room.start()
        table = await room.find("t1")
        deadline = time.monotonic() + 20
        while not table.finished and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await room.stop()
        room.store.close()
        return table.finished

    assert asyncio.run(play_on())


def test_a_database_from_a_newer_alaka_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    SqliteStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(AlakaError, match="newer Alaka"):
        SqliteStore(path)
