"""The online table (docs/rules.md §13) against the textbook auction, in one run: whole-hand
validation of ``huanle`` records (calls, robs, shows, doublings) against ``standard`` records
(bids) on the same deals, in process and through ``POST /v1/hands/validate/batch``.

``python -m bench.online`` (``--quick`` for a short run) prints:

- in process: ``service.hands.validate`` of each record, the two kinds interleaved by the
  harness (one call each per deal, order rotated), per record and records per second;
- over HTTP: batches of 20 records posted in turn to one gunicorn (the project's default
  workers, in-process cache; every batch distinct, so no answer comes from the cache), records
  per second of each kind.

Records are self-played from fixed seeds: random legal calls or bids, random shows and
doublings, random legal plays to the end (a thrown-in hand ends at its auction).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from service.hands import Record, validate
from service.rules import HUANLE, STANDARD, RuleSet
from service.rules.game import Hand

from . import harness
from .http import servers

DECK = "3456789TJQKA2" * 4 + "BR"
STAGES = ("before_deal", "early_deal", "late_deal")
BATCH = 20


def self_played(seed: int, rules: RuleSet) -> tuple[Record, dict[str, Any]]:
    """A random hand played to its end under ``rules``: the record and its request body."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = ["".join(deck[i * 17 : (i + 1) * 17]) for i in range(3)]
    kitty = "".join(deck[51:])
    first = rng.randrange(3)
    hand = Hand.start(hands=hands, kitty=kitty, first_bidder=first, rules=rules)
    calls: list[tuple[Any, ...]] = []
    if rules.show_cards:
        for seat in rng.sample(range(3), rng.randrange(3)):
            stage = rng.choice(STAGES)
            if hand.can_call(seat, "show", stage):
                hand.call(seat, "show", stage)
                calls.append((seat, "show", stage))
    bids: list[tuple[int, int]] = []
    events: list[tuple[int, str | None]] = []
    while hand.to_act is not None:
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        if action.call:
            calls.append((action.seat, action.call))
        elif action.bid is not None:
            bids.append((action.seat, action.bid))
        else:
            events.append((action.seat, action.combination.cards if action.combination else None))
    record = Record.of(
        hands=hands, kitty=kitty, first_bidder=first, bids=bids, auction=calls, events=events
    )
    body = {
        "deal": {"hands": hands, "kitty": kitty},
        "first_bidder": first,
        "bids": [{"seat": s, "bid": b} for s, b in bids],
        "auction": [
            {"seat": c[0], "action": c[1], **({"stage": c[2]} if len(c) > 2 else {})} for c in calls
        ],
        "events": [{"seat": s, "cards": c} if c else {"seat": s, "pass": True} for s, c in events],
    }
    return record, body


def in_process(count: int, rounds: int, seed: int) -> dict[str, Any]:
    """Both kinds of record validated in turn, ``count`` deals, ``rounds`` rounds."""
    pairs = [
        (self_played(seed + i, HUANLE)[0], self_played(seed + i, STANDARD)[0]) for i in range(count)
    ]
    engines = {
        "huanle": lambda i: validate(pairs[i][0], HUANLE),
        "standard": lambda i: validate(pairs[i][1], STANDARD),
    }
    inputs = [(i,) for i in range(count)]
    harness.warm_up(engines, inputs[:50])
    samples = harness.interleaved(engines, inputs, rounds)
    found = {name: harness.summary(samples, name) for name in engines}
    for name in engines:
        found[name]["records_per_s"] = 1e6 / found[name]["mean_us"]
    found["ratio"] = harness.compare(samples, "huanle", "standard")
    events = [(len(h.events) + len(h.auction), len(s.events) + len(s.bids)) for h, s in pairs]
    found["events_per_record"] = {
        "huanle": statistics.fmean(e[0] for e in events),
        "standard": statistics.fmean(e[1] for e in events),
    }
    return found


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def over_http(count: int, seed: int) -> dict[str, Any]:
    """Distinct batches of ``BATCH`` records of each kind, posted in turn to one gunicorn."""
    bodies = {
        name: [self_played(seed + i, rules)[1] for i in range(count)]
        for name, rules in (("huanle", HUANLE), ("standard", STANDARD))
    }
    seconds = {"huanle": 0.0, "standard": 0.0}
    with tempfile.TemporaryDirectory() as logdir:
        workers = servers.Workers.project_default()
        settings = {"DDZ_LOG_LEVEL": "WARNING"}
        with servers.serving(
            servers.SERVICE, workers, settings, Path(logdir) / "online.log"
        ) as server:
            url = f"http://{servers.HOST}:{server.port}/v1/hands/validate/batch"
            _post(url, {"items": bodies["standard"][:BATCH], "ruleset": "standard"})  # warm
            for start in range(BATCH, count, BATCH):
                for name in (
                    ("huanle", "standard") if start % (2 * BATCH) else ("standard", "huanle")
                ):
                    items = bodies[name][start : start + BATCH]
                    t0 = time.perf_counter()
                    answer = _post(url, {"items": items, "ruleset": name})
                    seconds[name] += time.perf_counter() - t0
                    assert all(r["valid"] for r in answer["results"]), name
    sent = count - BATCH
    found: dict[str, Any] = {name: {"records_per_s": sent / s} for name, s in seconds.items()}
    found["ratio"] = seconds["huanle"] / seconds["standard"]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args()
    count, rounds = (200, 1) if args.quick else (1000, 3)
    figures = {
        "in_process": in_process(count, rounds, 20261125),
        "http": over_http(count, 20261125 + 10_000),
    }
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
