"""Request bodies that never repeat within a cycle, so that legal-moves answers miss the cache.

The service keeps legal-moves answers in a per-worker LRU (``service.api.cache``: 4,096 entries
and 64 MiB a worker), keyed by the loaded request. A wrk run that sends one body is answered
from it after each worker's first request; these bodies make every request a miss instead:
cycled in a fixed shuffled order, with more distinct keys than the workers' caches hold
together, so that a key comes back only after its worker has dropped it.

>>> hands = worst_like_hands()
>>> len(hands), "333444555666789TJQKA" in hands
(729, True)
>>> len(random_hand_bodies(3, seed=1)), random_hand_bodies(3, seed=1) == random_hand_bodies(3, 1)
(3, True)
>>> json.loads(beats_bodies(2, seed=1)[0]).keys()
dict_keys(['play', 'previous'])
>>> [len(json.loads(body)["items"]) for body in batch_bodies("beats", 2, size=5, seed=1)]
[5, 5]
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path
from typing import Any

from service.rules import legal_moves

from ..workloads import canonical, deal, random_hands

RANKS = "3456789TJQKA2"
RANDOM_HANDS = 20_000
"""Random hands cycled (over 3 x 4,096: more than three workers' caches hold)."""
OFFSETS = 18
"""Pages of each worst-like hand: 729 hands x 18 offsets = 13,122 keys (over 3 x 4,096)."""
PAIRS = 4_000
"""Pairs of plays compared (``beats`` is never cached: they are for variety)."""
BATCHES = 400
"""Batch bodies cycled (each of 100 items)."""
RECORDS = 700
STAKES = 20
"""Hand records played at random, each validated under 20 base stakes (a full replay each,
scored differently): 14,000 keys, over what three workers' caches hold."""


def compact(body: dict[str, Any]) -> str:
    """A body as sent: compact JSON on one line."""
    return json.dumps(body, separators=(",", ":"))


def random_hand_bodies(count: int = RANDOM_HANDS, seed: int = 20240601 + 1) -> list[str]:
    """Leads of ``count`` seeded random 20-card hands (default page), ``python -m bench``'s own
    draw (the same seed: the first 1,000 are its random leads)."""
    return [compact({"hand": hand}) for hand in random_hands(count, seed)]


def worst_like_hands() -> list[str]:
    """Every hand shaped as the worst one: four consecutive trios and eight single ranks (at
    most one joker); they have 461 to 497 leads under the standard rules (471 on average)."""
    found = []
    for start in range(len(RANKS) - 1 - 3):  # trio chains stop at A
        chain = RANKS[start : start + 4]
        others = [r for r in RANKS + "BR" if r not in chain]
        for singles in combinations(others, 8):
            if "B" in singles and "R" in singles:
                continue
            found.append(canonical("".join(r * 3 for r in chain) + "".join(singles)))
    return found


def worst_like_bodies(limit: int | None, seed: int = 20240601) -> list[str]:
    """Each worst-like hand at offsets 0 to 17 (the whole list is generated for any page),
    shuffled; ``limit`` as given (None: the default page of 100)."""
    extra = {} if limit is None else {"limit": limit}
    bodies = [
        compact({"hand": hand, **extra} | ({"offset": offset} if offset else {}))
        for hand in worst_like_hands()
        for offset in range(OFFSETS)
    ]
    random.Random(seed).shuffle(bodies)
    return bodies


def _pairs(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` (play, previous) pairs: a 20-card hand and a 17-card one dealt from the rest
    of the deck; the previous play a lead of the 17 cards (its kind drawn uniformly among the
    kinds they have); the play a legal response of the 20 cards drawn at random or, a time in
    four (or when there is none), a lead of them, which may not beat."""
    rng = random.Random(seed)
    found: list[tuple[str, str]] = []
    while len(found) < count:
        hand, rest = deal(rng)
        other = canonical(rng.sample(rest, 17))
        by_kind: dict[str, list[str]] = {}
        for move in legal_moves(other):
            by_kind.setdefault(move.kind.value, []).append(move.cards)
        previous = rng.choice(by_kind[rng.choice(sorted(by_kind))])
        answers = legal_moves(hand, previous)
        moves = list(answers if answers and rng.random() < 0.75 else legal_moves(hand))
        found.append((rng.choice(moves).cards, previous))
    return found


def beats_bodies(count: int = PAIRS, seed: int = 20240601 + 2) -> list[str]:
    """``count`` different ``beats`` bodies (see ``_pairs``)."""
    return [compact({"play": play, "previous": before}) for play, before in _pairs(count, seed)]


def batch_bodies(
    kind: str, count: int = BATCHES, *, size: int = 100, seed: int = 20240601 + 3
) -> list[str]:
    """``count`` batch bodies of ``size`` items: ``classify`` (the first 1 to 6 cards of random
    hands, combinations or not) or ``beats`` (pairs as ``beats_bodies``)."""
    rng = random.Random(seed)
    if kind == "classify":
        hands = random_hands(count * size, seed)
        items: list[Any] = [hand[: rng.randint(1, 6)] for hand in hands]
    else:
        items = [{"play": p, "previous": q} for p, q in _pairs(count * size, seed)]
    return [compact({"items": items[i * size : (i + 1) * size]}) for i in range(count)]


def record_bodies(records: int = RECORDS, stakes: int = STAKES, seed: int = 20241121) -> list[str]:
    """``records`` hands played at random to their end (``mixed``'s), each under ``stakes``
    base stakes (the first under the plain ``standard``), shuffled."""
    from .mixed import played_hand  # mixed imports this module

    rng = random.Random(seed)
    found = []
    for _ in range(records):
        record = played_hand(rng)
        found.append(compact(record))
        for stake in range(2, stakes + 1):
            found.append(compact(record | {"ruleset": {"name": "standard", "base_stake": stake}}))
    rng.shuffle(found)
    return found


def write(bodies: list[str], path: Path) -> Path:
    """The bodies as a file for ``post.lua`` (one per line)."""
    path.write_text("\n".join(bodies) + "\n", encoding="utf-8")
    return path
