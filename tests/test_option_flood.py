"""A flood of distinct option sets against a real gunicorn worker: every answer given, and the
worker's memory stays within the bound deploy/README.md states.

Each option set a client names is a game model of its own (docs/rulesets.md, "Any option set,
first used"): what the service keeps per model is made as requests read it and bounded, so a
client naming hundreds of house rules can neither make a worker build every card set of a game
nor grow it without end.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import urllib.request
from pathlib import Path

from live import COMMAND, ROOT, free_port, launch, wait_ready

from bench.options import option_sets, workload

#: deploy/README.md ("Worker sizing"): how much a worker may grow over a flood of distinct
#: option sets.
FLOOD_MIB = 30
SETS = 300


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def _worker(master: int) -> int:
    """The one worker process of a gunicorn master."""
    children = [
        int(pid)
        for pid in os.listdir("/proc")
        if pid.isdigit()
        and Path(f"/proc/{pid}/stat").exists()
        and int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) == master
    ]
    assert len(children) == 1, children
    return children[0]


def _post(base: str, path: str, body: object) -> int:
    request = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        json.load(answer)
        return int(answer.status)


def test_a_flood_of_distinct_option_sets_keeps_a_worker_bounded() -> None:
    """deploy/README.md ("Worker sizing"): 300 distinct valid option sets, each with a hand's
    leads, an answer to a play and a classification, all answered 200 by one worker, which
    grows by less than ``FLOOD_MIB`` (after the same calls under every preset, as a service
    in use has made)."""
    rulesets: list[object] = []
    for options in option_sets(SETS, 11):
        rulesets.append({"name": options.pop("ruleset"), **options})
    grown = _flood(rulesets)
    assert grown < FLOOD_MIB, f"the worker grew {grown:.1f} MiB over {SETS} option sets"


def test_a_flood_of_wild_games_keeps_a_worker_bounded() -> None:
    """The same for the wildcard games (docs/rules.md §14), whose engine keeps tables per game
    model, its wild ranks included (``wildfast._MODEL_TABLES``, the moves made, the counts
    kept): 300 distinct option sets, each under laizi with one wild rank or tiandi laizi with
    two, drawn among the ranks the hand holds and the answered play does not, so that the
    hand's first page of leads and its answers read wilds (the play classified holds none).
    Before the wild games' encoded moves were kept apart (``service/api/encoding.py``), a
    worker grew by 51 to 53 MiB here."""
    (hand, _), (_, previous) = workload(7, hands=1)
    assert previous is not None
    rng = random.Random(12)
    ranks = sorted({c for c in hand if c not in previous + "BR"})
    rulesets: list[object] = []
    for n, options in enumerate(option_sets(SETS, 12)):
        options.pop("ruleset")
        if n % 2:
            rulesets.append({"name": "laizi", "wild": rng.choice(ranks), **options})
        else:
            rulesets.append({"name": "tiandi_laizi", "wild": rng.sample(ranks, 2), **options})
    grown = _flood(rulesets, ("laizi", "tiandi_laizi"), (ranks[0], ranks[:2]))
    assert grown < FLOOD_MIB, f"the worker grew {grown:.1f} MiB over {SETS} wild option sets"


def _flood(
    rulesets: list[object],
    presets: tuple[str, ...] = ("standard", "douzero", "rlcard", "openspiel", "huanle", "botzone"),
    wilds: tuple[object, ...] = (),
) -> float:
    """How many MiB one gunicorn worker grew by answering a hand's leads, an answer to a play
    and a classification under each rule set (each answered 200), after the same calls under
    the ``presets`` (with ``wilds``, their wild ranks in turn), as a service in use has made."""
    calls = workload(7, hands=1)
    (hand, _), (_, previous) = calls
    assert previous is not None
    port = free_port()
    env = os.environ | {
        "DDZ_BIND": f"127.0.0.1:{port}",
        "DDZ_WORKERS": "1",
        "DDZ_LOG_LEVEL": "WARNING",
    }
    base = f"http://127.0.0.1:{port}"

    def use(ruleset: object) -> None:
        assert _post(base, "/v1/legal-moves", {"hand": hand, "ruleset": ruleset}) == 200
        body = {"hand": hand, "previous": previous, "ruleset": ruleset}
        assert _post(base, "/v1/legal-moves", body) == 200
        assert _post(base, "/v1/classify", {"cards": previous, "ruleset": ruleset}) == 200

    with tempfile.TemporaryDirectory(prefix="ddz-flood-") as folder:
        log = Path(folder) / "gunicorn.log"
        process = launch(COMMAND, cwd=ROOT, env=env, log=log)
        try:
            wait_ready(base + "/healthz", process, log)
            worker = _worker(process.pid)
            for n, name in enumerate(presets):
                use({"name": name, "wild": wilds[n]} if wilds else name)
            before = _rss_kib(worker)
            for ruleset in rulesets:
                use(ruleset)
            grown = (_rss_kib(worker) - before) / 1024
            assert _worker(process.pid) == worker  # the same worker answered throughout
        finally:
            process.terminate()
            process.wait(timeout=30)
    return grown
