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
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path
from typing import Any

from ..workloads import canonical, random_hands

RANKS = "3456789TJQKA2"
RANDOM_HANDS = 20_000
"""Random hands cycled (over 3 x 4,096: more than three workers' caches hold)."""
OFFSETS = 18
"""Pages of each worst-like hand: 729 hands x 18 offsets = 13,122 keys (over 3 x 4,096)."""


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


def write(bodies: list[str], path: Path) -> Path:
    """The bodies as a file for ``post.lua`` (one per line)."""
    path.write_text("\n".join(bodies) + "\n", encoding="utf-8")
    return path
