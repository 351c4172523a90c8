"""The golden files of legal-move counts (``tests/golden/*.json``): written by the scripts
beside them from a brute-force reference, read by the perft tests.

A file is a header (description, digest rule, seed) and one JSON entry per line, each naming
its rule set (``rules``, ``overrides``), its hand, the previous play and the count and digest.

>>> rules_id("four_player", {"same_rank_pairs": True})
'four_player+same_rank_pairs=True'
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

DIGEST_RULE = "sha256 of the sorted canonical move strings joined by '\\n'"


def rules_id(name: str, overrides: dict[str, Any]) -> str:
    """A rule set as one string: its name, then each overridden option."""
    return name + "".join(f"+{k}={v}" for k, v in sorted(overrides.items()))


def entry(
    hand: str,
    name: str,
    overrides: dict[str, Any],
    *,
    previous: Any,
    moves: Sequence[Any],
    digest: str,
) -> dict[str, Any]:
    """One line of a golden file: a hand, its rule set, the play answered (None: a lead), and
    the count and digest of its moves."""
    return {
        "hand": hand,
        "rules": name,
        "overrides": overrides,
        "previous": previous,
        "count": len(moves),
        "digest": digest,
    }


def deck(limits: Sequence[int]) -> list[int]:
    """A deck as a list of rank indexes: ``limits[rank]`` cards of each rank.

    >>> deck([2, 1])
    [0, 0, 1]
    """
    return [rank for rank, held in enumerate(limits) for _ in range(held)]


def remove_cards(pool: list[int], counts: Sequence[int]) -> list[int]:
    """The pool without the cards of ``counts`` (a new list).

    >>> remove_cards([0, 0, 1], [1, 1])
    [0]
    """
    left = list(pool)
    for rank, held in enumerate(counts):
        for _ in range(held):
            left.remove(rank)
    return left


def fits(limits: Sequence[int], *sets: Sequence[int]) -> bool:
    """Whether one deal of a deck of ``limits`` can hold all these card sets together.

    >>> fits([2, 1], [1, 0], [1, 1]), fits([2, 1], [0, 1], [0, 1])
    (True, False)
    """
    totals = [sum(held) for held in zip(*sets, strict=True)]
    return all(t <= cap for t, cap in zip(totals, limits, strict=True))


def take(
    counts: list[int], pool: list[int], rank: int, how_many: int, size: int | None = None
) -> None:
    """Move up to ``how_many`` cards of ``rank`` from the pool into ``counts`` (at most
    ``size`` cards in all, when given).

    >>> counts, pool = [0, 0], [0, 0, 1]
    >>> take(counts, pool, 0, 3, size=1); counts, pool
    ([1, 0], [0, 1])
    """
    for _ in range(how_many):
        if rank in pool and (size is None or sum(counts) < size):
            pool.remove(rank)
            counts[rank] += 1


def load(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The entries of a golden file, grouped by rule set (``rules_id``), in file order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in data["entries"]:
        groups[rules_id(entry["rules"], entry["overrides"])].append(entry)
    return groups


def compute(
    work: Sequence[Any],
    entries_for: Callable[[Any], list[dict[str, Any]]],
    size: Callable[[Any], int],
    jobs: int | None,
    chunksize: int = 1,
) -> list[dict[str, Any]]:
    """``entries_for`` of every job in worker processes, biggest ``size`` first (an even
    spread over the workers); the entries in the order of ``work``."""
    order = sorted(range(len(work)), key=lambda i: -size(work[i]))
    results: dict[int, list[dict[str, Any]]] = {}
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) as pool:
        jobs_in_order = [work[i] for i in order]
        for index, entries in zip(
            order, pool.map(entries_for, jobs_in_order, chunksize=chunksize), strict=True
        ):
            results[index] = entries
    return [entry for i in range(len(work)) for entry in results[i]]


def render(
    entries: list[dict[str, Any]], description: str, seed: int, digest_rule: str = DIGEST_RULE
) -> str:
    """The file's text: the header, then one entry per line."""
    header = {"description": description, "digest_rule": digest_rule, "seed": seed}
    lines = [json.dumps(entry, sort_keys=True, ensure_ascii=False) for entry in entries]
    head = json.dumps(header, sort_keys=True, ensure_ascii=False)[:-1]
    return head + ', "entries": [\n' + ",\n".join(lines) + "\n]}\n"


def main(
    doc: str,
    build: Callable[[int | None], list[dict[str, Any]]],
    output: Path,
    description: str,
    seed: int,
    *,
    digest_rule: str = DIGEST_RULE,
) -> None:
    """A golden script's command line: build and write, or ``--check`` against the file."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None, help="worker processes")
    parser.add_argument("--check", action="store_true", help="compare with the file on disk")
    args = parser.parse_args()
    started = time.monotonic()
    text = render(build(args.jobs), description, seed, digest_rule)
    elapsed = time.monotonic() - started
    count = text.count('"digest": "')
    if args.check:
        same = output.read_text(encoding="utf-8") == text
        print(
            f"{count} entries in {elapsed:.1f}s; {'identical to' if same else 'DIFFERS from'} "
            f"{output}"
        )
        sys.exit(0 if same else 1)
    output.write_text(text, encoding="utf-8")
    print(f"wrote {count} entries to {output} in {elapsed:.1f}s")
