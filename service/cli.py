"""The ``ddz-referee`` command: ask the rules questions from a shell, answers as JSON.

ddz-referee classify "3 3 3 10 10"
ddz-referee beats 2222 34567 --rules rlcard
ddz-referee moves 333444555666789TJQKA [PREVIOUS] [--kinds chain,bomb]
ddz-referee score --bid 3 --winner landlord --bombs 2 --rockets 1
ddz-referee rulesets
ddz-referee validate records.jsonl [--rules botzone]   (one verdict a line, then the totals)
ddz-referee serve [--bind 127.0.0.1:8000] [--workers 3]   (the HTTP API, under gunicorn)
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import json
import os
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .answers import (
    InputError,
    Play,
    beats_answer,
    classify_answer,
    moves_answer,
    rulesets_answer,
    score_answer,
)
from .config import Settings
from .rules import CardError, Kind, RuleSet, RuleSetError, get_ruleset, read_play
from .rules.scoring import ScoreError


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for item in args.option or ():
        key, _, text = item.partition("=")
        overrides[key.strip()] = json.loads(text) if text else True
    return overrides


def _ruleset_of(args: argparse.Namespace) -> RuleSet:
    return get_ruleset(args.rules, **_overrides(args))


def _classify(args: argparse.Namespace, rules: RuleSet) -> dict[str, Any]:
    return classify_answer(read_play(args.cards, rules), rules)


def _beats(args: argparse.Namespace, rules: RuleSet) -> dict[str, Any]:
    return beats_answer(
        Play(read_play(args.play, rules)), Play(read_play(args.previous, rules)), rules
    )


def _moves(args: argparse.Namespace, rules: RuleSet) -> dict[str, Any]:
    kinds = [Kind(k) for k in args.kinds.split(",")] if args.kinds else None
    previous = Play(read_play(args.previous, rules)) if args.previous else None
    return moves_answer(read_play(args.hand, rules), rules, previous=previous, kinds=kinds)


def _score(args: argparse.Namespace, rules: RuleSet) -> dict[str, Any]:
    fields = ("bid", "winner", "bombs", "rockets", "spring", "doublings", "partner")
    return score_answer({name: getattr(args, name) for name in fields}, rules)


def _rulesets(args: argparse.Namespace, rules: RuleSet) -> dict[str, Any]:
    del args, rules
    return rulesets_answer()


def validate_file(args: argparse.Namespace) -> int:
    """Judge a JSON-lines file of hand records and Botzone logs (``-``: standard input): one
    JSON verdict a line, then the summary and totals; progress on standard error every
    ``PROGRESS_EVERY`` lines. Exit 2 when a line could not be read (each is named), else 0."""
    # The records are read by the HTTP layer's schemas, whose import takes seconds that the
    # other commands need not pay.
    from .records_file import PROGRESS_EVERY, judge_lines  # noqa: PLC0415

    _ruleset_of(args)  # the rule set given must be one, before any line is read
    overrides = _overrides(args)
    ruleset: str | dict[str, Any] = {"name": args.rules, **overrides} if overrides else args.rules
    total = None if args.file == "-" else _count_lines(Path(args.file))

    def progress(done: int) -> None:
        of = f" of {total:,}" if total else ""
        print(f"ddz-referee: {done:,}{of} lines read", file=sys.stderr, flush=True)

    shown = progress if not args.quiet and (total is None or total >= PROGRESS_EVERY) else None
    with _opened(args.file) as lines:
        for found in judge_lines(lines, ruleset, shown):
            print(json.dumps(found, ensure_ascii=False), flush=True)
    return 2 if found["unreadable"] else 0


def _count_lines(path: Path) -> int:
    with path.open("rb") as stream:
        return sum(1 for _ in stream)


def _opened(name: str) -> Any:
    return contextlib.nullcontext(sys.stdin) if name == "-" else open(name, encoding="utf-8")


def gunicorn_config() -> Path:
    """The project's ``gunicorn.conf.py``: in the package when installed, else beside it."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "gunicorn.conf.py", here.parent / "gunicorn.conf.py"):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("gunicorn.conf.py is missing from the installation")


def taken(bind: str) -> bool:
    """Whether a TCP address ``host:port`` is already listened on (a Unix socket or a list of
    addresses is left to gunicorn).

    >>> import socket
    >>> with socket.socket() as held:
    ...     held.bind(("127.0.0.1", 0))
    ...     held.listen()
    ...     taken("127.0.0.1:%d" % held.getsockname()[1])
    True
    """
    host, _, port = bind.rpartition(":")
    if not host or not port.isdigit() or bind.startswith(("unix:", "fd://")) or "," in bind:
        return False
    family = socket.AF_INET6 if host.startswith("[") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
        try:
            probe.bind((host.strip("[]"), int(port)))
        except OSError as error:
            return error.errno == errno.EADDRINUSE
    return False


def _taken_message(bind: str) -> str:
    host, _, port = bind.rpartition(":")
    other = f"{host}:{int(port) + 1}"
    return (
        f"ddz-referee: {bind} is already in use (is the service running in another terminal?).\n"
        f"Pick another address: DDZ_BIND={other} bash scripts/run.sh\n"
        f"               or: bash scripts/run.sh serve --bind {other}"
    )


def serve(args: argparse.Namespace) -> int:
    """Replace this process with gunicorn serving the API, configured by gunicorn.conf.py;
    when its address is taken, say so and how to choose another, at once (status 1)."""
    if args.bind:
        os.environ["DDZ_BIND"] = args.bind
    if args.workers:
        os.environ["DDZ_WORKERS"] = str(args.workers)
    bind = Settings.from_env().bind
    if not taken(bind):
        config = str(gunicorn_config())
        os.execv(
            sys.executable, [sys.executable, "-m", "gunicorn", "-c", config, "service.wsgi:app"]
        )
    print(_taken_message(bind), file=sys.stderr)
    return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ddz-referee", description="Dou Dizhu rules referee: answers as JSON."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, run: Callable[..., Any], text: str) -> argparse.ArgumentParser:
        cmd = sub.add_parser(name, help=text, description=text)
        cmd.set_defaults(run=run)
        cmd.add_argument("--rules", default="standard", help="rule set name (default: standard)")
        cmd.add_argument(
            "--option",
            action="append",
            metavar="NAME=VALUE",
            help="override a rule option (JSON value)",
        )
        return cmd

    command("classify", _classify, "every reading of a card set").add_argument("cards")
    beats_cmd = command("beats", _beats, "whether a play beats the previous play")
    beats_cmd.add_argument("play")
    beats_cmd.add_argument("previous")
    moves_cmd = command("moves", _moves, "legal leads of a hand, or responses to a play")
    moves_cmd.add_argument("hand")
    moves_cmd.add_argument("previous", nargs="?")
    moves_cmd.add_argument("--kinds", help="comma-separated kinds to keep")
    score_cmd = command("score", _score, "the score of a finished hand")
    score_cmd.add_argument("--bid", type=int, required=True)
    score_cmd.add_argument("--winner", choices=("landlord", "farmers"), required=True)
    score_cmd.add_argument("--bombs", type=int, default=0)
    score_cmd.add_argument("--rockets", type=int, default=0)
    score_cmd.add_argument("--spring", action="store_true")
    score_cmd.add_argument("--doublings", type=int, default=0)
    score_cmd.add_argument(
        "--partner", action="store_true", help="six_player: the landlord had a partner"
    )
    command("rulesets", _rulesets, "the named rule sets and their options")
    text = "judge a JSON-lines file of hand records and Botzone logs, then the match totals"
    validate_cmd = command("validate", validate_file, text)
    validate_cmd.add_argument("file", help="the file, one record or log a line (-: stdin)")
    validate_cmd.add_argument("--quiet", action="store_true", help="no progress on standard error")
    serve_cmd = sub.add_parser("serve", help="serve the HTTP API (gunicorn)")
    serve_cmd.set_defaults(run=None)
    serve_cmd.add_argument(
        "--bind", help="address to listen on (default: DDZ_BIND or 127.0.0.1:8000)"
    )
    serve_cmd.add_argument(
        "--workers", type=int, help="worker processes (default: DDZ_WORKERS or 3)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; print one JSON document; return the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "serve":
        return serve(args)
    try:
        if args.command == "validate":
            return validate_file(args)
        answer = args.run(args, _ruleset_of(args))
    except InputError as error:
        problems = [{"field": error.field, "code": error.code, "message": error.message}]
        print(json.dumps({"error": str(error), "problems": problems}, ensure_ascii=False))
        return 2
    except OSError as error:
        print(json.dumps({"error": str(error), "problems": []}, ensure_ascii=False))
        return 2
    except (CardError, RuleSetError, ScoreError, ValueError) as error:
        problems = [dataclasses.asdict(p) for p in getattr(error, "problems", ())]
        print(json.dumps({"error": str(error), "problems": problems}, ensure_ascii=False))
        return 2
    print(json.dumps(answer, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
