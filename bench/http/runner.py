"""The scenarios, the rounds, the worker sweep, the targets, the table and the JSON results."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import statistics
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from .. import nginx, probes
from . import bodies, deployed, load, servers
from .mixed import redis_server
from .servers import Workers

RESULTS = Path(__file__).resolve().parent / "results.json"
BUSY = 1.0
"""A 1-minute load average above this at the start is reported: other work shares the CPUs."""

WORST_HAND = "333444555666789TJQKA"
"""The hand with the most leads known (497 under the standard rules)."""
TYPICAL_HAND = "334445666799JJJQKK22"
"""A 20-card landlord hand leading: trios 444 666 JJJ, pairs 33 99 KK 22, singles 5 7 Q. Its 66
leads are the median of ``python -m bench``'s 1,000 random 20-card hands (seed 20240601 + 1),
where it is drawn; they fit in the default page of 100."""
CLASSIFY_CARDS = "3 3 3 10 10"

APPS = {"floor": servers.FLOOR, "service": servers.SERVICE}
QUIET, LOUD = "WARNING", "INFO"

Check = Callable[[dict[str, Any]], str]


def _require(ok: bool, text: str) -> None:
    if not ok:
        raise RuntimeError(f"unexpected answer: {text}")


def _same_as(body: dict[str, Any]) -> Check:
    def check(answer: dict[str, Any]) -> str:
        _require(answer == body, f"the floor answered {answer!r}")
        return "body echoed"

    return check


def _kind(kind: str) -> Check:
    def check(answer: dict[str, Any]) -> str:
        found = answer["combination"]["kind"]
        _require(found == kind, f"classified as {found!r}, not {kind!r}")
        return f"kind {found}"

    return check


def _moves(count: int, listed: int) -> Check:
    def check(answer: dict[str, Any]) -> str:
        found = (answer["count"], len(answer["moves"]))
        _require(found == (count, listed), f"count, listed = {found}, not {(count, listed)}")
        return f"count {count}, {listed} moves listed"

    return check


def _paged(least: int, limit: int) -> Check:
    def check(answer: dict[str, Any]) -> str:
        count, listed = answer["count"], len(answer["moves"])
        expected = min(limit, count - answer["offset"])
        _require(count >= least and listed == expected, f"count {count}, {listed} listed")
        return f"first body: count {count}, {listed} moves listed"

    return check


def _verdict(answer: dict[str, Any]) -> str:
    _require(isinstance(answer.get("beats"), bool), f"no verdict: {answer!r}")
    return f"first body: beats {answer['beats']}, {answer['reason']}"


def _results(count: int) -> Check:
    def check(answer: dict[str, Any]) -> str:
        found = len(answer["results"])
        _require(found == count, f"{found} results, not {count}")
        return f"first body: {count} results"

    return check


def _replayed(answer: dict[str, Any]) -> str:
    _require(answer["valid"] and answer["winner"] is not None, f"not played out: {answer!r}")
    return f"first body: valid, {answer['winner']} won"


BATCH = 100
"""Items in each batch body."""


@dataclass(frozen=True)
class Scenario:
    """One POST loaded by wrk, on the floor or the service, and its target (share of floor).

    ``body`` is sent on every request, or, with ``bodies``, the bodies it makes in turn (the
    first one checked before the load)."""

    key: str
    title: str
    app: str
    path: str
    body: dict[str, Any] | None
    check: Check = field(repr=False)
    target: float | None = None
    log_level: str = QUIET
    bodies: Callable[[], list[str]] | None = field(default=None, repr=False)
    note: str = ""
    deployed: bool = False
    """Run in the deployed configuration (``deployed``: nginx, Redis, the limit on)."""
    batch_of: str | None = None
    """A batch of ``BATCH`` items: the scenario of one item, which its items/s are compared to."""

    @property
    def request(self) -> str:
        """What is sent, for the table and the JSON."""
        if self.body is not None:
            return f"POST {self.path} {bodies.compact(self.body)}"
        return f"POST {self.path}: {self.note}"


FLOOR_BODY = {"cards": CLASSIFY_CARDS, "ruleset": "standard"}
RANDOM = "20,000 seeded random 20-card hands in turn (median 67 leads), default page"
WORST_LIKE = "the 729 hands shaped as the worst one (4 trios in a chain, 8 singles) at offsets 0-17"
PAIRS = "4,000 different pairs of plays in turn (a response or a lead of a random hand)"
RECORDS = "700 hands played at random to their end, each under 20 base stakes: 14,000 in turn"
BATCHES = "400 bodies of 100 items in turn"
FLOOR = Scenario(
    "floor",
    "floor: bare Flask + marshmallow",
    "floor",
    "/echo",
    FLOOR_BODY,
    check=_same_as(FLOOR_BODY),
)
CLASSIFY = Scenario(
    "classify",
    "classify 3 3 3 10 10",
    "service",
    "/v1/classify",
    {"cards": CLASSIFY_CARDS},
    check=_kind("trio_pair"),
    target=0.95,
)
BEATS = Scenario(
    "beats",
    "beats, 4,000 different pairs",
    "service",
    "/v1/beats",
    None,
    check=_verdict,
    target=0.95,
    bodies=bodies.beats_bodies,
    note=PAIRS,
)
MOVES_RANDOM = Scenario(
    "moves_random",
    "legal-moves random hands (uncached)",
    "service",
    "/v1/legal-moves",
    None,
    check=_paged(1, 100),
    target=0.80,
    bodies=bodies.random_hand_bodies,
    note=RANDOM,
)
MOVES_TYPICAL = Scenario(
    "moves_typical",
    "legal-moves typical hand (cached)",
    "service",
    "/v1/legal-moves",
    {"hand": TYPICAL_HAND},
    check=_moves(66, 66),
    target=0.60,
)


def _deployed(scenario: Scenario, target: float | None) -> Scenario:
    """The scenario in the deployed configuration."""
    return dataclasses.replace(
        scenario,
        key=f"deployed_{scenario.key}",
        title=f"deployed: {scenario.title}",
        deployed=True,
        target=target,
    )


SCENARIOS = (
    FLOOR,
    CLASSIFY,
    BEATS,
    MOVES_TYPICAL,
    MOVES_RANDOM,
    Scenario(
        "moves_worst", "legal-moves worst hand, limit 100 (cached)", "service",
        "/v1/legal-moves", {"hand": WORST_HAND}, check=_moves(497, 100), target=0.30,
    ),
    Scenario(
        "moves_worst_all", "legal-moves worst hand, limit 1000 (cached)", "service",
        "/v1/legal-moves", {"hand": WORST_HAND, "limit": 1000}, check=_moves(497, 497),
        target=0.30,
    ),
    Scenario(
        "moves_worstlike", "legal-moves worst-like, limit 100 (uncached)", "service",
        "/v1/legal-moves", None, check=_paged(450, 100), target=0.70,
        bodies=partial(bodies.worst_like_bodies, None), note=WORST_LIKE + ", default page",
    ),
    Scenario(
        "moves_worstlike_all", "legal-moves worst-like, limit 1000 (uncached)", "service",
        "/v1/legal-moves", None, check=_paged(450, 1000), target=0.30,
        bodies=partial(bodies.worst_like_bodies, 1000), note=WORST_LIKE + ", limit 1000",
    ),
    Scenario(
        "classify_batch", "classify/batch x100", "service", "/v1/classify/batch", None,
        check=_results(BATCH), bodies=partial(bodies.batch_bodies, "classify"),
        note=BATCHES + ": 1 to 6 cards of random hands", batch_of="classify",
    ),
    Scenario(
        "beats_batch", "beats/batch x100", "service", "/v1/beats/batch", None,
        check=_results(BATCH), bodies=partial(bodies.batch_bodies, "beats"),
        note=BATCHES + ": pairs as the beats scenario's", batch_of="beats",
    ),
    Scenario(
        "hands_cached", "hands/validate, one record (cached)", "service", "/v1/hands/validate",
        None, check=_replayed, bodies=partial(bodies.record_bodies, 1, 1),
        note="one hand played at random to its end, on every request",
    ),
    Scenario(
        "hands_uncached", "hands/validate, 14,000 records (uncached)", "service",
        "/v1/hands/validate", None, check=_replayed, bodies=bodies.record_bodies, note=RECORDS,
    ),
    Scenario(
        "classify_info", "classify, DDZ_LOG_LEVEL=INFO to a file", "service", "/v1/classify",
        {"cards": CLASSIFY_CARDS}, check=_kind("trio_pair"), log_level=LOUD,
    ),
    _deployed(FLOOR, None),
    _deployed(CLASSIFY, 0.90),
    _deployed(BEATS, None),
    _deployed(MOVES_TYPICAL, None),
    _deployed(MOVES_RANDOM, 0.72),
)  # fmt: skip
BATCH_TARGET = 20.0
"""Items a second of a batch of 100 against requests a second of single ones, at least."""

#: The worker configurations compared on the classify scenario and the floor (2 cores here).
SWEEP = (Workers("sync", 2), Workers("sync", 3), Workers("sync", 4), Workers("gthread", 2, 4))


@dataclass(frozen=True)
class Config:
    """Sizes of one run."""

    name: str
    rounds: int  # passes over every scenario (and every sweep configuration), interleaved
    wrk: load.WrkSettings
    rate_limit: str | None = None  # DDZ_RATE_LIMIT for the service; None: the project's default

    @classmethod
    def full(cls, rounds: int = 5) -> Config:
        """5 s per measured run after a 2 s warm-up, every scenario 5 times (on this shared
        machine, more and shorter pairs give steadier medians than fewer long ones)."""
        return cls("full", rounds, load.WrkSettings(seconds=5, warmup_seconds=2))

    @classmethod
    def mixed(cls, rounds: int = 2) -> Config:
        """The mixed workload's: 10 s per measured run after a 3 s warm-up, twice."""
        return cls("full", rounds, load.WrkSettings())

    @classmethod
    def quick(cls, rounds: int = 1) -> Config:
        """2 s per measured run after a 1 s warm-up, once: a smoke run."""
        return cls("quick", rounds, load.WrkSettings(seconds=2, warmup_seconds=1))


Log = Callable[[str], None]


@dataclass
class Session:
    """What every run of one benchmark shares: its sizes, its log folder, the bodies written
    there, the problems seen."""

    cfg: Config
    logdir: Path
    log: Log
    problems: list[str] = field(default_factory=list)
    servers_started: int = 0
    prepared: dict[str, tuple[str, str]] = field(default_factory=dict)

    def payload(self, scenario: Scenario) -> tuple[str, str]:
        """The body checked before the load, and wrk's argument: that body, or ``@FILE`` of the
        scenario's bodies (written once per run)."""
        if scenario.key not in self.prepared:
            if scenario.bodies is None:
                body = bodies.compact(scenario.body or {})
                self.prepared[scenario.key] = (body, body)
            else:
                made = scenario.bodies()
                path = bodies.write(made, self.logdir / f"{scenario.key}.jsonl")
                self.prepared[scenario.key] = (made[0], f"@{path}")
        return self.prepared[scenario.key]

    def settings(self, log_level: str) -> dict[str, str]:
        """The ``DDZ_*`` variables of a server besides its workers."""
        found = {"DDZ_LOG_LEVEL": log_level}
        if self.cfg.rate_limit is not None:
            found["DDZ_RATE_LIMIT"] = self.cfg.rate_limit
        return found

    def log_path(self, label: str) -> Path:
        """A fresh log file for the next server."""
        self.servers_started += 1
        safe = label.replace(" ", "_").replace("/", "_")
        return self.logdir / f"{self.servers_started:03d}-{safe}.log"


# --- running ------------------------------------------------------------------------------------


def answer(server: servers.Server | deployed.Stack, path: str, body: str) -> dict[str, Any]:
    """One request, outside the load: status 200 and a JSON answer."""
    request = urllib.request.Request(
        server.url(path),
        data=body.encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            _require(reply.status == 200, f"{path}: status {reply.status}")
            data: dict[str, Any] = json.loads(reply.read())
    except urllib.error.HTTPError as error:
        raise RuntimeError(
            f"{path} answered {error.code} before the load: {error.read()!r}"
        ) from None
    return data


Target = servers.Server | deployed.Stack


def _measure(server: Target, scenario: Scenario, s: Session) -> dict[str, Any]:
    first, argument = s.payload(scenario)
    checked = scenario.check(answer(server, scenario.path, first))
    label = server.workers.label + (", deployed" if scenario.deployed else "")
    s.log(f"[bench.http]   {scenario.key} ({label}): {checked}; wrk ...")
    clients = deployed.CLIENTS if scenario.deployed else 0
    figures = load.measure(
        server.url(scenario.path), argument, s.cfg.wrk, cpu=server.cpu_seconds, clients=clients
    )
    figures["checked"] = checked
    if figures["failed"] or figures["warmup_failed"]:
        s.problems.append(
            f"{scenario.key} ({label}): errors {figures['errors']}, "
            f"warm-up errors {figures['warmup_failed']}"
        )
    return figures


def _after(server: Target, s: Session) -> None:
    for line in server.trouble():
        s.problems.append(f"{server.app} ({server.workers.label}) log: {line}")
    if server.exit_code not in (0, None):
        s.problems.append(f"{server.app} ({server.workers.label}) exited with {server.exit_code}")


def serve_and_measure(
    app: str, log_level: str, workers: Workers, scenarios: Iterable[Scenario], s: Session
) -> dict[str, dict[str, Any]]:
    """Start one server, run the scenarios on it in turn, stop it; each scenario's figures."""
    label = f"{app}-{workers.label}-{log_level}"
    found = {}
    with servers.serving(APPS[app], workers, s.settings(log_level), s.log_path(label)) as server:
        for scenario in scenarios:
            found[scenario.key] = _measure(server, scenario, s)
    _after(server, s)
    return found


def _one_round(workers: Workers, s: Session, r: int) -> dict[str, list[dict[str, Any]]]:
    """Every server of the round up at once (an idle one costs no CPU); each service scenario
    measured right next to a run of the floor of its configuration (after it in even rounds,
    before it in odd ones), so that each share compares two runs seconds apart on the same
    machine. The deployed configuration's servers share one Redis, fresh each round."""
    runs: dict[str, list[dict[str, Any]]] = {sc.key: [] for sc in SCENARIOS}
    floors = {sc.deployed: sc for sc in SCENARIOS if sc.app == "floor"}
    with ExitStack() as stack:
        redis_url = stack.enter_context(redis_server())
        up: dict[tuple[str, str, bool], Target] = {}
        for sc in SCENARIOS:
            key = (sc.app, sc.log_level, sc.deployed)
            if key not in up:
                up[key] = stack.enter_context(_serving(sc, workers, s, redis_url))
        for sc in SCENARIOS:
            if sc.app == "floor":
                continue
            floor = floors[sc.deployed]
            pair = (floor, sc) if r % 2 == 0 else (sc, floor)
            figures = {x.key: _measure(up[(x.app, x.log_level, x.deployed)], x, s) for x in pair}
            runs[floor.key].append(figures[floor.key])
            runs[sc.key].append(figures[sc.key] | {"floor_rps": figures[floor.key]["rps"]})
    for server in up.values():
        _after(server, s)
    return runs


def _serving(
    sc: Scenario, workers: Workers, s: Session, redis_url: str
) -> AbstractContextManager[Target]:
    """The server a scenario runs on: a gunicorn, or in the deployed configuration a gunicorn
    behind nginx with Redis and the limit."""
    label = f"{sc.app}-{workers.label}-{sc.log_level}" + ("-deployed" if sc.deployed else "")
    settings = s.settings(sc.log_level)
    if not sc.deployed:
        return servers.serving(APPS[sc.app], workers, settings, s.log_path(label))
    settings |= deployed.settings(redis_url)
    return deployed.serving(APPS[sc.app], workers, settings, s.log_path(label))


def _median(runs: list[dict[str, Any]], key: str) -> float:
    return float(statistics.median(run[key] for run in runs))


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "rps": _median(runs, "rps"),
        "p50_ms": _median(runs, "p50_ms"),
        "p99_ms": _median(runs, "p99_ms"),
        "server_cpu_us": _median(runs, "server_cpu_us"),
        "rps_runs": [round(run["rps"], 1) for run in runs],
        "failed": sum(run["failed"] + run["warmup_failed"] for run in runs),
        "bytes_per_response": runs[0]["bytes_per_response"],
    }


def _share(runs: list[dict[str, Any]]) -> float:
    """The median over the runs of each run's requests/s over its paired floor run's."""
    return float(statistics.median(run["rps"] / run["floor_rps"] for run in runs))


def scenarios(s: Session) -> dict[str, Any]:
    """Every scenario, ``rounds`` times (fresh servers per round), under the default workers."""
    workers = Workers.project_default()
    runs: dict[str, list[dict[str, Any]]] = {sc.key: [] for sc in SCENARIOS}
    for r in range(s.cfg.rounds):
        s.log(f"[bench.http] round {r + 1}/{s.cfg.rounds}, gunicorn {workers.label} ...")
        for key, found_runs in _one_round(workers, s, r).items():
            runs[key] += found_runs
    found = {}
    for sc in SCENARIOS:
        summary = _summary(runs[sc.key])
        share = 1.0 if sc.app == "floor" else _share(runs[sc.key])
        found[sc.key] = {
            "title": sc.title,
            "request": sc.request,
            "app": sc.app,
            "log_level": sc.log_level,
            **summary,
            "share_of_floor": share,
            "target": sc.target,
            "pass": None if sc.target is None else share >= sc.target,
            "deployed": sc.deployed,
            "runs": runs[sc.key],
        }
        if sc.batch_of is not None:
            found[sc.key] |= batch_figures(runs[sc.key], runs[sc.batch_of])
    return {"workers": workers.label, "scenarios": found}


def batch_figures(batch: list[dict[str, Any]], single: list[dict[str, Any]]) -> dict[str, Any]:
    """Items a second of a batch scenario against requests a second of its single scenario:
    the median over the rounds of the ratio of their shares of the floor (each measured next
    to a floor run of its own, so the machine's swings cancel), times ``BATCH``.

    >>> batch_figures([{"rps": 60, "floor_rps": 2000}], [{"rps": 1500, "floor_rps": 1500}])
    {'items_vs_single': 3.0, 'batch_target': 20.0, 'batch_pass': False}
    """
    ratios = [
        BATCH * (b["rps"] / b["floor_rps"]) / (o["rps"] / o["floor_rps"])
        for b, o in zip(batch, single, strict=True)
    ]
    found = float(statistics.median(ratios))
    return {
        "items_vs_single": found,
        "batch_target": BATCH_TARGET,
        "batch_pass": found >= BATCH_TARGET,
    }


def _sweep_round(order: Iterable[Workers], s: Session) -> dict[str, dict[str, Any]]:
    floor, classify = SCENARIOS[0], SCENARIOS[1]
    found: dict[str, dict[str, Any]] = {}
    for workers in order:
        found[workers.label] = serve_and_measure("floor", QUIET, workers, [floor], s)
        found[workers.label] |= serve_and_measure("service", QUIET, workers, [classify], s)
    return found


def sweep(s: Session) -> dict[str, Any]:
    """The floor and classify under each worker configuration, ``rounds`` times, the order of the
    configurations rotated from round to round."""
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {
        w.label: {"floor": [], "classify": []} for w in SWEEP
    }
    for r in range(s.cfg.rounds):
        order = SWEEP[r % len(SWEEP) :] + SWEEP[: r % len(SWEEP)]
        s.log(f"[bench.http] sweep round {r + 1}/{s.cfg.rounds}: {[w.label for w in order]}")
        for label, figures in _sweep_round(order, s).items():
            for key, run in figures.items():
                runs[label][key].append(run)
    configs = {}
    for label, by_key in runs.items():
        floor, classify = _summary(by_key["floor"]), _summary(by_key["classify"])
        configs[label] = {
            "floor": floor,
            "classify": classify,
            "share_of_floor": classify["rps"] / floor["rps"],
        }
    best = max(configs, key=lambda label: configs[label]["classify"]["rps"])
    return {"configs": configs, "best_for_classify": best}


def rate_limit(cfg: Config) -> str:
    """The service's rate limit in this run: the one given, else the project's default."""
    if cfg.rate_limit is not None:
        return cfg.rate_limit
    from service.config import Settings

    return str(getattr(Settings(), "rate_limit", ""))


def service_digest() -> str:
    """A digest of the code measured: ``service/**/*.py`` and ``gunicorn.conf.py``."""
    digest = hashlib.sha256()
    files = [*sorted((probes.ROOT / "service").rglob("*.py")), probes.ROOT / "gunicorn.conf.py"]
    for path in files:
        digest.update(str(path.relative_to(probes.ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Pass/miss of each scenario with a target, as a share of the floor's requests/s, and of
    each batch, as items/s against single requests/s."""
    found = [
        {
            "target": f"{v['title']}: share of floor req/s",
            "value": v["share_of_floor"],
            "limit": v["target"],
            "pass": v["pass"],
        }
        for v in results["scenarios"].values()
        if v["target"] is not None
    ]
    found += [
        {
            "target": f"{v['title']}: items/s over single req/s",
            "value": v["items_vs_single"],
            "limit": v["batch_target"],
            "pass": v["batch_pass"],
        }
        for v in results["scenarios"].values()
        if "items_vs_single" in v
    ]
    return found


def run(cfg: Config, logdir: Path, *, with_sweep: bool, log: Log = print) -> dict[str, Any]:
    """The scenarios (and the worker sweep); the results as JSON-ready data."""
    started = time.perf_counter()
    s = Session(cfg, logdir, log)
    if os.getloadavg()[0] > BUSY:
        log(
            f"[bench.http] the machine is busy (load average {os.getloadavg()[0]:.2f}): "
            "figures will be noisy"
        )
    results: dict[str, Any] = {
        "config": {"name": cfg.name, "rounds": cfg.rounds, "wrk": cfg.wrk.as_dict()},
        "rate_limit": rate_limit(cfg),
        "wrk": cfg.wrk.describe(),
        "wrk_version": load.version(),
        "machine": probes.machine(),
        "code": probes.code_state() | {"service_sha256": service_digest()},
        "core": servers.served_core(),
        "deployed": {
            "proxy": f"nginx {nginx.version()}, deploy/nginx/nginx.conf",
            "rate_limit": deployed.LIMIT,
            "clients": deployed.CLIENTS,
        },
        "loadavg_before": os.getloadavg(),
    }
    results |= scenarios(s)
    results["targets"] = targets(results)
    if with_sweep:
        results["sweep"] = sweep(s)
    if service_digest() != results["code"]["service_sha256"]:
        s.problems.append("service/ or gunicorn.conf.py changed during the run: figures mixed")
    results["problems"] = s.problems
    results["loadavg_after"] = os.getloadavg()
    results["elapsed_s"] = time.perf_counter() - started
    return results


# --- output -------------------------------------------------------------------------------------


LEGEND = (
    "  floor: req/s over the floor's, median of each run's share of the floor run next to it;",
    "  the floor row: median of all its runs; errors: wrk's socket errors, timeouts and",
    "  responses above 399 (warm-up runs included); cpu µs: gunicorn's CPU time (master and",
    "  workers) per request; bytes: per response, headers included; (cached): one body on",
    "  every request, answered from the worker's answer cache after its first; (uncached):",
    "  bodies sent in turn, more distinct ones than the workers' caches hold; deployed:",
    "  through nginx, with Redis and the limit, its share of a floor behind nginx too",
)


def _load(values: Sequence[float]) -> str:
    return " ".join(f"{x:.2f}" for x in values)


def _mark(value: bool | None) -> str:
    return "" if value is None else ("PASS" if value else "MISS")


def _scenario_rows(found: dict[str, Any]) -> list[str]:
    head = (
        f"  {'scenario':<46} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'floor':>6} {'target':>7} {'':4} {'errors':>6} {'cpu µs':>7} {'bytes':>6}"
    )
    rows = [head]
    for v in found.values():
        target = f">={v['target']:.0%}" if v["target"] is not None else ""
        rows.append(
            f"  {v['title']:<46} {v['rps']:>8.0f} {v['p50_ms']:>7.2f} {v['p99_ms']:>7.2f} "
            f"{v['share_of_floor']:>6.1%} {target:>7} {_mark(v['pass']):4} {v['failed']:>6} "
            f"{v['server_cpu_us']:>7.0f} {v['bytes_per_response']:>6.0f}"
        )
    return rows


def _batch_rows(found: dict[str, Any]) -> list[str]:
    return [
        f"  {v['title']}: {v['items_vs_single']:.1f}x the items/s of single requests "
        f"(target >={v['batch_target']:.0f}x {_mark(v['batch_pass'])})"
        for v in found.values()
        if "items_vs_single" in v
    ]


def _sweep_rows(found: dict[str, Any]) -> list[str]:
    rows = [
        f"  {'workers':<12} {'floor req/s':>11} {'classify req/s':>14} {'share':>6} "
        f"{'p50 ms':>7} {'p99 ms':>7} {'cpu µs':>7}  runs (classify req/s)"
    ]
    for label, v in found["configs"].items():
        c = v["classify"]
        runs = ", ".join(f"{x:.0f}" for x in c["rps_runs"])
        rows.append(
            f"  {label:<12} {v['floor']['rps']:>11.0f} {c['rps']:>14.0f} "
            f"{v['share_of_floor']:>6.1%} {c['p50_ms']:>7.2f} {c['p99_ms']:>7.2f} "
            f"{c['server_cpu_us']:>7.0f}  {runs}"
        )
    rows.append(f"  best for classify: {found['best_for_classify']}")
    return rows


def render(results: dict[str, Any]) -> str:
    """The results as a readable table."""
    m, cfg, code = results["machine"], results["config"], results["code"]
    found = results["scenarios"]
    info = found["classify_info"]["share_of_floor"] / found["classify"]["share_of_floor"]
    lines = [
        f"ddz-referee HTTP load ({cfg['name']} run) - {m['cpu']}, nproc {m['affinity']}, "
        f"{m['implementation']} {m['python']}, wrk {results['wrk_version']}",
        f"{results['wrk']}; {cfg['rounds']} round(s), fresh gunicorns per round, each "
        "scenario run next to a floor run",
        f"gunicorn -c gunicorn.conf.py, workers {results['workers']} (project default), "
        f"DDZ_LOG_LEVEL={QUIET} unless said",
        f"code: commit {code.get('commit')}, service/ modified since: "
        f"{code.get('service_modified')}, service digest {code['service_sha256']}; "
        f"core built as {results['core']}; rate limit: {results['rate_limit'] or 'off'}",
        f"deployed: behind {results['deployed']['proxy']}, Redis (cache and limits), "
        f"DDZ_RATE_LIMIT={results['deployed']['rate_limit']} per client, "
        f"{results['deployed']['clients']} clients in turn",
        "",
        *_scenario_rows(results["scenarios"]),
        f"  INFO access log: classify at {info:.0%} of its WARNING req/s",
        *_batch_rows(results["scenarios"]),
        *LEGEND,
        f"  load average before {_load(results['loadavg_before'])}, "
        f"after {_load(results['loadavg_after'])}",
        "",
    ]
    if "sweep" in results:
        lines += ["worker sweep (floor and classify, median of the rounds):"]
        lines += [*_sweep_rows(results["sweep"]), ""]
    lines.append("problems: " + ("none" if not results["problems"] else ""))
    lines += [f"  {p}" for p in results["problems"]]
    lines.append(f"\nelapsed {results['elapsed_s']:.0f} s")
    return "\n".join(lines)


def write(results: dict[str, Any], path: Path = RESULTS) -> Path:
    """The results as JSON (wrk's text reports included)."""
    path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
