"""The designers' facts of docs/balance.md, measured again: simulate, then query the results.

Run:  python benchmarks/balance_facts.py [--games 2000] [--jobs 2] [--folder balance] [--only seats]

It runs the ``alaka simulate`` commands it prints (heuristic bots in every seat unless said):

- each game at every player count, with its built-in rules;
- the same games with the learned bot, then random play, in every seat (``--seats``), so that
  a seat's fact can be told apart as the game's (it holds under every kind of play) or the
  heuristic's (it moves with the bots); ``--only seats`` plays and answers these alone;
- for each Alakazoo reading that is an option with other values (``alaka rules alakazoo``
  lists them), the same games under each of its other values (``--vary``);

then answers each question with the DuckDB query it prints, and writes the answers as
Markdown (``FOLDER/facts.md``, also printed) for docs/balance.md. A results file already in the
folder is continued (``--resume``), not played again, so an interrupted run picks up where it
stopped and a bigger ``--games`` adds games. Needs the ``sim`` extra and DuckDB
(``pip install -e '.[sim]' duckdb``).

How a reading "matters" is measured with paired games: by the seed rule game ``i`` of every
variant starts from the same deal and the same dice, so a game the reading never touches plays
out exactly as with the default (equal ``digest``); the share of games that play out
differently is how often the reading comes up at all, and the share with different winners
how often it changes the result.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import duckdb

import alaka
from alaka.sim.estimates import wilson

PLAYERS = {"alakazum": "2-5", "alakazoo": "2-4"}
#: The other kinds of seat the turn-order facts are measured under, besides the heuristic.
OTHER_SEATS = ("learned", "random")


def simulate(args: list[str], path: Path, games: int, jobs: int) -> None:
    """Run (or continue) one documented ``alaka simulate`` command."""
    if path.exists():
        command = ["alaka", "simulate", "--resume", str(path), "--games", str(games), "--jobs", str(jobs)]
    else:
        command = ["alaka", "simulate", *args, "--games", str(games), "--jobs", str(jobs), "--out", str(path)]
    print("$ " + " ".join(command), flush=True)
    subprocess.run([sys.executable, "-m", "alaka", *command[1:]], check=True)


def query(sql: str) -> list[tuple[object, ...]]:
    print("\n".join("    " + line for line in sql.strip().splitlines()), flush=True)
    return duckdb.sql(sql).fetchall()


def interval(successes: float, n: int) -> str:
    low, high = wilson(successes, n)
    return f"{100 * successes / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def readings() -> list[tuple[str, list[str]]]:
    """Alakazoo's readings: its options with a fixed set of values, each with its other values."""
    out = []
    for p in alaka.game("alakazoo").parameters:
        if p.choices:
            values = [p.default, *(c for c in p.choices if c != p.default)]
        elif p.kind is bool:
            values = [p.default, not p.default]
        else:
            continue
        out.append((p.name, [str(v).lower() if isinstance(v, bool) else str(v) for v in values]))
    return out


def first_player_advantage(path: Path) -> list[str]:
    rows = query(f"""
        SELECT players, count(*),
               sum(CASE WHEN list_contains(winners, first_player) THEN 1.0 / len(winners) ELSE 0 END),
               sum(CASE WHEN len(winners) = 0 THEN 1 ELSE 0 END)
        FROM '{path}' GROUP BY players ORDER BY players
    """)
    lines = [
        "| players | games | first player wins (95%) | even share | nobody wins |",
        "|---|---|---|---|---|",
    ]
    for players, games, wins, nobody in rows:
        lines.append(f"| {players} | {games} | {interval(wins, games)} | {100 / players:.1f}% | {nobody} |")
    return lines


def by_position(path: Path) -> list[str]:
    rows = query(f"""
        SELECT players, (seat - first_player + players) % players AS position, count(*),
               sum(CASE WHEN list_contains(winners, seat) THEN 1.0 / len(winners) ELSE 0 END)
        FROM (SELECT *, unnest(range(players)) AS seat FROM '{path}')
        GROUP BY ALL ORDER BY players, position
    """)
    table: dict[int, list[str]] = {}
    for players, _position, games, wins in rows:  # in position order
        table.setdefault(players, []).append(interval(wins, games))
    most = max(table)
    lines = ["| players | " + " | ".join(f"{k + 1}." for k in range(most)) + " |", "|---" * (most + 1) + "|"]
    for players, cells in table.items():
        lines.append(f"| {players} | " + " | ".join(cells + ["-"] * (most - len(cells))) + " |")
    return lines


def by_position_and_seats(paths: dict[str, Path]) -> list[str]:
    """Win rate by turn-order position, a row per player count and kind of seat."""
    tables = {seats: by_position(path)[2:] for seats, path in paths.items()}
    header = by_position(next(iter(paths.values())))[:2]
    lines = [header[0].replace("| players |", "| players | seats |"), header[1] + "---|"]
    for row in range(len(next(iter(tables.values())))):
        for seats, rows in tables.items():
            players, rest = rows[row][1:].split("|", 1)
            lines.append(f"|{players}| {seats} |{rest}")
    return lines


def lengths(path: Path) -> list[str]:
    rows = query(f"""
        SELECT players, median(rounds), quantile_disc(rounds, 0.1), quantile_disc(rounds, 0.9),
               avg(rounds), avg(turns), sum(CASE WHEN truncated THEN 1 ELSE 0 END)
        FROM '{path}' GROUP BY players ORDER BY players
    """)
    lines = [
        "| players | median rounds | 10%-90% | mean rounds | mean turns | truncated |",
        "|---|---|---|---|---|---|",
    ]
    for players, median, low, high, mean, turns, truncated in rows:
        lines.append(f"| {players} | {median:g} | {low}-{high} | {mean:.2f} | {turns:.1f} | {truncated} |")
    return lines


def enemies(path: Path) -> list[str]:
    rows = query(f"""
        SELECT players, enemy_beaten, count(*), min(enemy_points), avg(winning_total),
               min(winning_total), max(winning_total),
               (SELECT count(*) FROM '{path}' AS g WHERE g.players = r.players)
        FROM '{path}' AS r WHERE enemy_beaten <> ''
        GROUP BY players, enemy_beaten ORDER BY players, count(*) DESC
    """)
    lines = [
        "| players | enemy beaten | its points | share of games (95%) | winning total: mean (min-max) |",
        "|---|---|---|---|---|",
    ]
    for players, enemy, count, points, mean, low, high, games in rows:
        lines.append(
            f"| {players} | {enemy} | {points} | {interval(count, games)} | {mean:.1f} ({low}-{high}) |"
        )
    return lines


def deck_exhaustion(path: Path) -> list[str]:
    rows = query(f"""
        SELECT players, count(*), sum(CASE WHEN deck_exhausted THEN 1 ELSE 0 END),
               sum(CASE WHEN len(winners) = 0 AND NOT deck_exhausted THEN 1 ELSE 0 END)
        FROM '{path}' GROUP BY players ORDER BY players
    """)
    lines = ["| players | games | deck ran out (95%) | no face-down enemy left |", "|---|---|---|---|"]
    total = exhausted = 0
    for players, games, out, no_enemy in rows:
        lines.append(f"| {players} | {games} | {interval(out, games)} | {no_enemy} |")
        total += games
        exhausted += out
    low, high = wilson(exhausted, total)
    lines.append("")
    lines.append(
        f"All counts together: {exhausted} of {total} games ({100 * exhausted / total:.2f}%; 95% interval "
        f"{100 * low:.2f}%-{100 * high:.2f}%)."
    )
    return lines


def voodoo(path: Path) -> list[str]:
    rows = query(f"""
        SELECT players, count(*), sum(CASE WHEN voodoo_dolls > 0 THEN 1 ELSE 0 END), avg(voodoo_dolls),
               max(voodoo_dolls)
        FROM '{path}' GROUP BY players ORDER BY players
    """)
    lines = ["| players | games with a doll played (95%) | dolls a game: mean | most |", "|---|---|---|---|"]
    for players, games, some, mean, most in rows:
        lines.append(f"| {players} | {interval(some, games)} | {mean:.2f} | {most} |")
    return lines


def reading_matters(path: Path, name: str, default: str) -> list[str]:
    rows = query(f"""
        SELECT v.label, v.players, count(*),
               sum(CASE WHEN v.digest <> d.digest THEN 1 ELSE 0 END),
               sum(CASE WHEN v.winners <> d.winners THEN 1 ELSE 0 END),
               sum(CASE WHEN list_contains(d.winners, d.first_player) THEN 1.0 / len(d.winners) ELSE 0 END),
               sum(CASE WHEN list_contains(v.winners, v.first_player) THEN 1.0 / len(v.winners) ELSE 0 END),
               avg(d.rounds), avg(v.rounds)
        FROM '{path}' AS v JOIN '{path}' AS d
          ON v.players = d.players AND v."index" = d."index" AND d.label = '{name}={default}'
        WHERE v.label <> d.label
        GROUP BY ALL ORDER BY v.label, v.players
    """)
    lines = []
    for label, players, games, differ, winners, first_d, first_v, rounds_d, rounds_v in rows:
        lines.append(
            f"| {label} | {players} | {games} | {interval(differ, games)} | {interval(winners, games)} "
            f"| {100 * first_d / games:.1f}% -> {100 * first_v / games:.1f}% "
            f"| {rounds_d:.2f} -> {rounds_v:.2f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2000, help="games per configuration")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--folder", default="balance")
    parser.add_argument(
        "--only", choices=["seats"], help="seats: only the turn-order facts under each kind of seat"
    )
    args = parser.parse_args()
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    files = {}
    under: dict[str, dict[str, Path]] = {}
    for game, players in PLAYERS.items():
        files[game] = folder / f"{game}.parquet"
        simulate([game, "--players", players], files[game], args.games, args.jobs)
        under[game] = {"heuristic": files[game]}
        for seats in OTHER_SEATS:
            under[game][seats] = folder / f"{game}-{seats}.parquet"
            simulate(
                [game, "--players", players, "--seats", seats], under[game][seats], args.games, args.jobs
            )
    seat_facts: list[str] = []
    for game in PLAYERS:
        title = alaka.game(game).title
        seat_facts += [f"### {title}: win rate by turn-order position, by kind of seat", ""]
        seat_facts += [*by_position_and_seats(under[game]), ""]
    if args.only == "seats":
        text = "\n".join([f"{args.games} games per configuration.", "", *seat_facts])
        (folder / "seat-facts.md").write_text(text, encoding="utf-8")
        print(f"\n{text}\n{time.perf_counter() - start:.0f} s in all")
        return
    sweeps = {}
    for name, values in readings():
        sweeps[name] = (folder / f"alakazoo-{name}.parquet", values[0])
        simulate(
            ["alakazoo", "--players", "2-4", "--vary", f"{name}={','.join(values)}"],
            sweeps[name][0],
            args.games,
            args.jobs,
        )
    print(f"simulated in {(time.perf_counter() - start) / 60:.1f} min", file=sys.stderr)
    out: list[str] = [f"Heuristic bots in every seat, {args.games} games per configuration.", ""]
    for game in PLAYERS:
        title = alaka.game(game).title
        out += [f"### {title}: the first player's win rate", "", *first_player_advantage(files[game]), ""]
        out += [f"### {title}: win rate by turn-order position", "", *by_position(files[game]), ""]
        out += [f"### {title}: length", "", *lengths(files[game]), ""]
    out += seat_facts
    out += ["### Alakazum!: enemies beaten", "", *enemies(files["alakazum"]), ""]
    out += ["### Alakazum!: the forest deck running out", "", *deck_exhaustion(files["alakazum"]), ""]
    out += ["### Alakazum!: voodoo dolls played", "", *voodoo(files["alakazum"]), ""]
    out += [
        "### Alakazoo: how often each reading matters",
        "",
        "| variant | players | paired games | play differs (95%) | winners differ (95%) "
        "| first player wins | mean rounds |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, (path, default) in sweeps.items():
        out += reading_matters(path, name, default)
    out.append("")
    text = "\n".join(out)
    (folder / "facts.md").write_text(text, encoding="utf-8")
    print()
    print(text)
    print(f"\n{time.perf_counter() - start:.0f} s in all", file=sys.stderr)


if __name__ == "__main__":
    main()
