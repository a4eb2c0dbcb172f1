"""The ``alaka`` command line (Typer + Rich). Only this edge prints; the games never do.

Every error a user can cause (a bad game name, option, seed or file) is shown as one line
in red with exit code 2, never as a traceback.

This module holds the ``app``, the order its commands are listed in, and the error handling
around it (:func:`main`); each command is in a module named for its group: :mod:`.games`
(games, rules), :mod:`.play` (watch, learn, play, replay, review), :mod:`.sim` (arena, simulate,
report, tune), :mod:`.train` and :mod:`.serve`. What several commands share (consoles, common
options, parsing seats and player counts, backends) is in :mod:`.common`.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from rich.markup import escape

from alaka.cli import games, play, serve, sim, train
from alaka.cli.common import console, errors
from alaka.core.errors import AlakaError
from alaka.core.language import LANGUAGES, from_environment, speaking, tr

app = typer.Typer(
    name="alaka",
    help="Alaka: play, watch and study Alakazum! and Alakazoo.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# The commands, in the order ``alaka --help`` lists them.
app.command("games")(games.games_command)
app.command("rules")(games.rules_command)
app.command("watch")(play.watch_command)
app.command("arena")(sim.arena_command)
app.command("simulate")(sim.simulate_command)
app.command("report")(sim.report_command)
app.command("tune")(sim.tune_command)
app.command("train")(train.train_command)
app.command("learn")(play.learn_command)
app.command("play")(play.play_command)
app.command("replay")(play.replay_command)
app.command("review")(play.review_command)
app.command("serve")(serve.serve_command)


#: Metavars shown in help where an option's own name would not say what it takes.
_METAVARS = {
    "option": "NAME=VALUE",
    "players": "N",
    "games": "N",
    "jobs": "N",
    "seat": "N",
    "out": "FILE",
    "record": "FILE",
    "resume": "FILE",
    "scenario": "FILE",
    "catalogue": "FILE",
    "components": "FILE",
    "db": "FILE",
    "delay": "SECONDS",
}


def command() -> Any:
    """The ``alaka`` command with plain help: each option shows a name for its value (``--seed
    SEED``, ``-o NAME=VALUE``) rather than a Python type."""
    group = typer.main.get_command(app)
    for sub in getattr(group, "commands", {}).values():
        for param in sub.params:
            if param.metavar is None and not getattr(param, "is_flag", False) and param.name:
                param.metavar = _METAVARS.get(param.name, param.name.upper())
            if param.param_type_name == "argument":  # its name is its metavar: no "<str>" after it
                setattr(param, "display_type_rich", lambda ctx: None)  # noqa: B010
    return group


#: Typer's wording of bad values, and the project's.
_WANTED = (
    ("greater than or equal to ", "at least "),
    ("less than or equal to ", "at most "),
    ("a valid integer, unable to parse string as an integer", "a whole number"),
    ("a valid integer", "a whole number"),
    ("a valid number, unable to parse string as a number", "a number"),
    ("a valid number", "a number"),
)


def _usage_line(error: typer.TyperException) -> str:
    """A usage error in the project's one-line style: what is wrong, and where help is."""
    context = getattr(error, "ctx", None)
    where = context.command_path if context is not None else "alaka"
    message = error.format_message().strip().rstrip(".")
    param = getattr(error, "param", None)
    if isinstance(error, typer.BadParameter) and param is not None and param.opts and "should be" in message:
        wanted = message.partition("should be ")[2].partition(" (")[0]
        for theirs, ours in _WANTED:
            wanted = wanted.replace(theirs, ours)
        name = max(param.opts, key=len)
        if wanted.startswith("at least "):
            # TRANSLATORS: {option} is a command-line option (--games), typed as it is; {n} a number;
            # {command} the command (alaka play), typed as it is.
            said = tr("{option} must be at least {n}; see {command} --help")
        elif wanted.startswith("at most "):
            said = tr("{option} must be at most {n}; see {command} --help")
        elif wanted == "a whole number":
            # TRANSLATORS: {option} is a command-line option (--seed), typed as it is; {command} the
            # command (alaka play), typed as it is.
            said = tr("{option} takes a whole number; see {command} --help")
        elif wanted == "a number":
            said = tr("{option} takes a number; see {command} --help")
        else:
            # TRANSLATORS: {wanted} is what the option takes, in the command-line library's English.
            said = tr("{option} takes {wanted}; see {command} --help")
        bound = wanted.rpartition(" ")[2]
        return said.format(option=name, n=bound, wanted=wanted, command=where)
    # TRANSLATORS: {problem} is the command-line library's description of the mistake (in English);
    # {command} the command (alaka play), typed as it is.
    problem = tr("{problem}; see {command} --help")
    return problem.format(problem=f"{message[:1].lower()}{message[1:]}", command=where)


def _version(value: bool) -> None:
    if value:
        import platform

        from alaka import __version__
        from alaka.core.compiling import build

        python = f"{platform.python_implementation()} {platform.python_version()}"
        console.print(f"alaka {__version__} ({build()}; {python})", highlight=False)
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_version, is_eager=True),
    ] = False,
) -> None:
    """Alaka: play, watch and study Alakazum! and Alakazoo."""


def _reader_language(args: list[str]) -> str:
    """The language the command's errors are told in: its ``--lang`` if it gives one Alaka
    speaks, else the locale's (the commands themselves read ``--lang`` through Typer)."""
    for k, arg in enumerate(args):
        given = arg.partition("=")[2] if arg.startswith("--lang=") else None
        if arg == "--lang" and k + 1 < len(args):
            given = args[k + 1]
        if given is not None:
            code = given.strip().lower()
            return code if code in LANGUAGES else "en"
    return from_environment()


def main(args: list[str] | None = None) -> None:
    """Entry point of the ``alaka`` script and ``python -m alaka``: every error a user can
    cause is one line with exit code 2 (a usage error, a bad game, option, seed or file), in
    the language the command speaks."""
    with speaking(_reader_language(sys.argv[1:] if args is None else args)):
        _main(args)


def _error(message: str) -> None:
    """One error line: the word "error:" in red, then what is wrong."""
    # TRANSLATORS: before every error line of the command line ("error: --seed takes a whole number").
    label = escape(tr("error:"))
    errors.print(f"[red]{label}[/red] {escape(message)}")


def _main(args: list[str] | None) -> None:
    group = command()
    try:
        code = group.main(args=args, prog_name="alaka", standalone_mode=False)
    except typer.TyperException as error:
        if type(error).__name__ == "NoArgsIsHelpError":  # plain ``alaka``: the help, as asked
            console.print(group.get_help(group.make_context("alaka", [], resilient_parsing=True)))
            sys.exit(0)
        _error(_usage_line(error))
        sys.exit(2)
    except AlakaError as error:
        _error(str(error))
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        errors.print(tr("interrupted"))
        sys.exit(130)
    except typer.Exit as stop:
        sys.exit(stop.exit_code)
    sys.exit(code if isinstance(code, int) else 0)
