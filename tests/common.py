"""What the tests' independent references share, written once: card text and count vectors,
decks and deals, every preset's options as plain data, and the golden files' scaffolding.

Like the references (``tests/reference.py``, ``tests/wild_reference.py``,
``tests/variant_reference.py``, ``tests/six_reference.py``, ``tests/online_reference.py``) and
the golden generators (``tests/golden/make_*.py``), this module is written from the docs alone
and imports nothing from ``service``: a bug in the service cannot reach both sides of a
comparison (``tests/test_references.py`` checks the imports).

- Card text (docs/api.md, "Card notation"; docs/rules.md §1): one character per card, ``3`` to
  ``9``, ``T`` (or ``10``), ``J Q K A 2``, ``B`` the black joker, ``R`` the red joker. A *count
  vector* has 15 entries, how many cards of each rank, low to high: 0 = "3" ... 11 = "A",
  12 = "2", 13 = B, 14 = R.
- Decks (docs/rules.md §§1, 9, 10 and 12) and deals: ``DECK_LIMITS``, ``deck``, ``take`` ...
- ``PRESET_OPTIONS``: every preset's options, transcribed from docs/rulesets.md ("The presets
  side by side"); ``preset_options`` gives one with overrides, as the references take them.
  ``tests/test_references.py`` checks the table against the service's presets.
- Golden files (``tests/golden/*.json``): a header and one JSON entry per line, each naming its
  rule set (``rules``, ``overrides``), its hand, the previous play and the count and digest of
  the moves (``entry``, ``render``, ``load``; ``main`` is a generator's command line).

>>> counts = counts_from_text("10 J Q K A 2 b r")
>>> counts
(0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1)
>>> text_from_counts(counts)
'TJQKA2BR'
>>> rules_id("four_player", {"same_rank_pairs": True})
'four_player+same_rank_pairs=True'
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

# --------------------------------------------------------------------------------------------
# Ranks, card text and count vectors (docs/api.md "Card notation", docs/rules.md §1)

Counts = tuple[int, ...]
"""A count vector: how many cards of each of the 15 ranks."""

Reading = tuple[str, int, int]
"""A reading of a card set: (kind wire name, highest primal rank index, chain length; 1 for a
kind that is no chain)."""

PreviousPlay = tuple[str, int, int, int]
"""The play to beat: (kind wire name, highest primal rank index, chain length, cards)."""

#: One canonical character per rank, low to high in the three-player order (the count vector).
RANK_CHARS = "3456789TJQKA2BR"

NUM_RANKS = 15
THREE = 0  # "3": the lowest rank
FOUR = 1  # "4": the lowest rank of a Big Three run
KING = 10  # "K": the highest rank of a Big Three run
ACE = 11  # "A": the highest rank of any other chain (docs/rules.md §2)
TWO = 12  # "2"
BLACK = 13  # "B", the black (small) joker
RED = 14  # "R", the red (big) joker


def counts_from_text(cards: str) -> Counts:
    """The count vector of a card text: one character per card (``"333444BR"``), either case,
    ``10`` for ``T``; spaces and commas between cards are skipped. ValueError on anything else.

    >>> counts_from_text("33,10") == counts_from_text("33T")
    True
    """
    result = [0] * NUM_RANKS
    for char in cards.upper().replace("10", "T"):
        if char in " ,":
            continue
        rank = RANK_CHARS.find(char)
        if rank < 0:
            raise ValueError(f"{char!r} is no card in {cards!r}")
        result[rank] += 1
    return tuple(result)


def text_from_counts(counts: Iterable[int]) -> str:
    """The canonical card text of a count vector: one character per card, ascending."""
    return "".join(char * held for char, held in zip(RANK_CHARS, counts, strict=True))


def ranks_present(counts: Sequence[int]) -> list[int]:
    """The ranks holding at least one card, low to high (vector order)."""
    return [rank for rank in range(NUM_RANKS) if counts[rank] > 0]


def only_rank(counts: Sequence[int]) -> int | None:
    """The rank of a card set made of one rank only, else None."""
    present = ranks_present(counts)
    if len(present) == 1:
        return present[0]
    return None


def pure_run(
    counts: Sequence[int],
    width: int,
    *,
    shortest: int,
    longest: int,
    lowest: int = THREE,
    highest: int = ACE,
) -> tuple[int, int] | None:
    """If the set is exactly ``width`` cards of each of consecutive ranks within
    ``lowest..highest``, between ``shortest`` and ``longest`` ranks long: (highest rank,
    length); else None.

    >>> pure_run(counts_from_text("334455"), 2, shortest=3, longest=10)
    (2, 3)
    >>> pure_run(counts_from_text("QKA2"), 1, shortest=3, longest=12) is None
    True
    """
    present = ranks_present(counts)
    if not shortest <= len(present) <= longest:
        return None
    for rank in present:
        if counts[rank] != width:
            return None
    if present[0] < lowest or present[-1] > highest:
        return None
    for previous, current in itertools.pairwise(present):
        if current != previous + 1:
            return None
    return present[-1], len(present)


def take_primal(counts: Sequence[int], primal_ranks: Iterable[int], width: int) -> list[int] | None:
    """The kicker part: ``counts`` less ``width`` cards of each primal rank.

    None unless the set holds exactly ``width`` cards of each primal rank: one more card of a
    primal rank would be a kicker of a primal rank (docs/rules.md §2, kicker rule 1).

    >>> take_primal(counts_from_text("3334"), [0], 3) == list(counts_from_text("4"))
    True
    >>> take_primal(counts_from_text("3333"), [0], 3) is None
    True
    """
    rest = list(counts)
    for rank in primal_ranks:
        if rest[rank] != width:
            return None
        rest[rank] = 0
    return rest


def card_count(cards: int | str) -> int:
    """A play's number of cards, from its card text or the number itself."""
    return cards if isinstance(cards, int) else len(cards)


# --------------------------------------------------------------------------------------------
# Sub-multisets and move digests


def every_sub_multiset(hand_counts: Sequence[int]) -> Iterator[Counts]:
    """Every non-empty sub-multiset of the hand (product of range(count + 1) per rank)."""
    for choice in itertools.product(*(range(held + 1) for held in hand_counts)):
        if any(choice):
            yield choice


def sub_multiset_count(hand_counts: Iterable[int]) -> int:
    """How many sub-multisets (including the empty one) the hand has.

    >>> sub_multiset_count(counts_from_text("3334"))
    8
    """
    total = 1
    for held in hand_counts:
        total *= held + 1
    return total


def moves_digest(moves: Iterable[str]) -> str:
    """sha256 hex digest of the sorted move list, one canonical card string per line."""
    text = "\n".join(sorted(moves))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------------------------
# Decks and deals (docs/rules.md §1: one pack; §9: two; §10: Big Three's 52 cards; §12: three)

#: How many cards of each rank one deal of each game holds.
DECK_LIMITS: dict[str, Counts] = {
    "three_player": (4,) * 13 + (1, 1),  # one pack, 54 cards
    "four_player": (8,) * 13 + (2, 2),  # two packs, 108 cards
    "big_three": (4,) * 13 + (0, 0),  # 52 cards, no jokers
    "six_player": (12,) * 13 + (3, 3),  # three packs, 162 cards
}


def check_hand(counts: Sequence[int], limits: Sequence[int], game: str = "") -> None:
    """ValueError unless one deal of a deck of ``limits`` can hold ``counts``."""
    if len(counts) != NUM_RANKS:
        raise ValueError("a count vector has 15 entries")
    for rank, (held, limit) in enumerate(zip(counts, limits, strict=True)):
        if held < 0 or held > limit:
            where = f"{game}: " if game else ""
            raise ValueError(f"{where}{held} cards of {RANK_CHARS[rank]} (at most {limit})")


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


# --------------------------------------------------------------------------------------------
# The presets' options, transcribed from docs/rulesets.md ("The presets side by side")

#: ``standard``'s column: every option of docs/rules.md §8 with its value, as JSON data.
STANDARD_OPTIONS: dict[str, Any] = {
    "game": "three_player",
    "four_with_two": True,
    "kicker_ranks_repeat": False,
    "kicker_rank_max": 3,
    "rocket_as_kickers": False,
    "bomb_in_kickers": False,
    "adjacent_trio_kickers": False,
    "same_rank_pairs": False,
    "four_with_single": False,
    "four_with_pair": False,
    "space_shuttle": False,
    "joker_pairs": False,
    "shuttle_one_kicker": False,
    "no_airplane_singles": False,
    "no_airplane_pairs": False,
    "four_five_bombs_one_class": False,
    "bidding": "single_round",
    "kitty_hidden": False,
    "multiplier_cap": None,
    "spring_per_farmer": False,
    "no_anti_spring": False,
    "two_pass_tricks": False,
    "free_first_bidder": False,
    "face_up_bids_first": False,
    "all_pass": "redeal",
    "show_cards": False,
    "doubling": "none",
    "base_stake": 1,
    "wilds": "none",
    "wild": [],
    "soft_hard_by_rank": False,
    "hard_bombs_x4": False,
}

#: The other columns: each preset's values that differ from ``standard`` (the bold ones).
PRESET_CHANGES: dict[str, dict[str, Any]] = {
    "standard": {},
    "rlcard": {"kicker_ranks_repeat": True},
    "douzero": {
        "kicker_ranks_repeat": True,
        "rocket_as_kickers": True,
        "bomb_in_kickers": True,
        "adjacent_trio_kickers": True,
    },
    "openspiel": {
        "four_with_two": False,
        "kicker_ranks_repeat": True,
        "adjacent_trio_kickers": True,
    },
    "four_player": {"game": "four_player", "four_with_two": False, "joker_pairs": True},
    "big_three": {
        "game": "big_three",
        "four_with_two": False,
        "bidding": "until_two_passes",
        "kitty_hidden": True,
    },
    "six_player": {"game": "six_player", "joker_pairs": True, "kitty_hidden": True},
    "huanle": {"bidding": "call_rob", "show_cards": True, "doubling": "double"},
    "botzone": {
        "rocket_as_kickers": True,
        "space_shuttle": True,
        "shuttle_one_kicker": True,
        "all_pass": "first_bidder",
    },
    "laizi": {"wilds": "laizi"},
    "tiandi_laizi": {"wilds": "tiandi"},
}

#: Every preset's options: {preset name: {option name: value}}.
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    name: {**STANDARD_OPTIONS, **changes} for name, changes in PRESET_CHANGES.items()
}


def preset_options(name: str = "standard", **overrides: Any) -> dict[str, Any]:
    """A preset's options (a new dict), some overridden: what the references take.

    >>> preset_options("rlcard", kicker_rank_max=2)["kicker_rank_max"]
    2
    >>> preset_options("standard", wilds=True)["wilds"]
    True
    >>> preset_options("poker")
    Traceback (most recent call last):
    ...
    ValueError: unknown preset 'poker'
    """
    if name not in PRESET_OPTIONS:
        raise ValueError(f"unknown preset {name!r}")
    unknown = sorted(set(overrides) - set(STANDARD_OPTIONS))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}")
    return {**PRESET_OPTIONS[name], **overrides}


def freeze(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Options as a hashable value (a key for a cache); ``dict()`` of it gives them back.

    >>> dict(freeze({"wild": ["7"], "four_with_two": True}))
    {'four_with_two': True, 'wild': ('7',)}
    """
    return tuple(
        sorted(
            (name, tuple(value) if isinstance(value, list) else value)
            for name, value in options.items()
        )
    )


# --------------------------------------------------------------------------------------------
# Golden files (tests/golden/*.json): written by the scripts beside them, read by the tests

DIGEST_RULE = "sha256 of the sorted canonical move strings joined by '\\n'"


def rules_id(name: str, overrides: dict[str, Any]) -> str:
    """A rule set as one string: its name, then each overridden option."""
    return name + "".join(f"+{k}={v}" for k, v in sorted(overrides.items()))


def entry(
    hand: str, name: str, overrides: dict[str, Any], *, previous: Any, moves: Iterable[str]
) -> dict[str, Any]:
    """One line of a golden file: a hand, its rule set, the play answered (None: a lead), and
    the count and digest (``moves_digest``) of its moves."""
    moves = set(moves)
    return {
        "hand": hand,
        "rules": name,
        "overrides": overrides,
        "previous": previous,
        "count": len(moves),
        "digest": moves_digest(moves),
    }


def subsets_of_job(job: Sequence[Any]) -> int:
    """How many sub-multisets the hand of a job (its card text first) has: the work of its
    brute force, to spread the jobs over the workers (``compute``)."""
    return sub_multiset_count(counts_from_text(job[0]))


def load(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The entries of a golden file, grouped by rule set (``rules_id``), in file order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in data["entries"]:
        groups[rules_id(line["rules"], line["overrides"])].append(line)
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
    return [line for i in range(len(work)) for line in results[i]]


def render(
    entries: list[dict[str, Any]], description: str, seed: int, digest_rule: str = DIGEST_RULE
) -> str:
    """The file's text: the header, then one entry per line."""
    header = {"description": description, "digest_rule": digest_rule, "seed": seed}
    lines = [json.dumps(line, sort_keys=True, ensure_ascii=False) for line in entries]
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
