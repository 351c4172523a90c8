"""``python -m bench.http [--quick] [--workers-sweep] [--profile] [--rounds N] [--rate-limit L]
[--logs DIR] [--out PATH]``: run, print the table, write the JSON; exit 1 on any error seen.
``python -m bench.http --mixed [--quick] [--rounds N]``: the mixed workload with and without
Redis instead (``bench/http/mixed.py``)."""

from __future__ import annotations

import argparse
import dataclasses
import signal
import sys
import tempfile
from pathlib import Path

from . import inprocess, load, mixed, runner

MISSING_WRK = (
    "bench.http needs wrk, the HTTP load generator, and it is not on the PATH.\n"
    "Install it with: apt-get install -y wrk   (the Debian package wrk)"
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench.http", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="2 s per scenario, one round")
    parser.add_argument(
        "--workers-sweep",
        action="store_true",
        help="also compare sync x2, x3, x4 and gthread 2x4 on the floor and classify",
    )
    parser.add_argument("--rounds", type=int, help="rounds (default: 5, --mixed: 2, --quick: 1)")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="also print where a request's time goes (Flask test client, cProfile)",
    )
    parser.add_argument(
        "--rate-limit",
        metavar="LIMIT",
        help="DDZ_RATE_LIMIT for the service, e.g. '1000000000 per minute' to measure the "
        "limiter's cost without a 429 (default: the project's default)",
    )
    parser.add_argument(
        "--mixed",
        action="store_true",
        help="only the mixed workload, with and without Redis",
    )
    parser.add_argument("--logs", type=Path, help="keep the gunicorn logs in this folder")
    parser.add_argument(
        "--out",
        type=Path,
        default=runner.RESULTS,
        help="JSON file (default bench/http/results.json)",
    )
    return parser


def _config(args: argparse.Namespace) -> runner.Config:
    make = runner.Config.quick if args.quick else runner.Config.full
    if args.mixed and not args.quick:
        make = runner.Config.mixed
    cfg = make() if args.rounds is None else make(args.rounds)
    return dataclasses.replace(cfg, rate_limit=args.rate_limit)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # unwinds: every gunicorn started is stopped on the way out


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    args = _parser().parse_args(argv)
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    if not load.available():
        print(MISSING_WRK, file=sys.stderr)
        return 2
    cfg = _config(args)
    with tempfile.TemporaryDirectory(prefix="ddz-bench-http-") as temporary:
        logdir = args.logs or Path(temporary)
        logdir.mkdir(parents=True, exist_ok=True)
        if args.mixed:
            return _mixed(cfg, logdir, args.out)
        try:
            results = runner.run(
                cfg,
                logdir,
                with_sweep=args.workers_sweep,
                log=lambda text: print(text, file=sys.stderr, flush=True),
            )
        except RuntimeError as error:  # a server that does not start, a wrong answer, wrk
            print(f"bench.http: {error}", file=sys.stderr)
            return 1
    print(runner.render(results))
    print(f"results written to {runner.write(results, args.out)}")
    if args.profile:
        print(inprocess.run_fresh())
    return 1 if results["problems"] else 0


def _mixed(cfg: runner.Config, logdir: Path, out: Path) -> int:
    try:
        found = mixed.run(
            cfg.rounds, cfg.wrk, logdir, lambda text: print(text, file=sys.stderr, flush=True)
        )
    except RuntimeError as error:
        print(f"bench.http: {error}", file=sys.stderr)
        return 1
    print(mixed.render(found))
    path = out.with_name("mixed-results.json") if out == runner.RESULTS else out
    print(f"results written to {runner.write(found, path)}")
    failed = sum(v["failed"] for v in found["runs"].values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
