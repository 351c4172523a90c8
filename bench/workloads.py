"""The benchmark's inputs, from fixed seeds: hands, (hand, previous play) pairs, plays.

Everything is a canonical card string (ascending, ``"3456789TJQKA2BR"`` order), the common
input of every engine. Inputs are drawn with our core (outside any timed section) and kept to
plays every engine can read: a previous play is a standard lead that rlcard's ``CARD_TYPE``
table holds and DouZero's move detector types.
"""

from __future__ import annotations

import random
from collections import defaultdict
from functools import cache

from service.rules import OPENSPIEL, RLCARD, STANDARD, legal_moves, universe

from . import engines

RANKS = "3456789TJQKA2"
DECK = "".join(r * 4 for r in RANKS) + "BR"
ORDER = {c: i for i, c in enumerate("3456789TJQKA2BR")}
WORST_HAND = "333444555666789TJQKA"
FULL_DECK = "".join(sorted(DECK, key=ORDER.__getitem__))


def canonical(cards: list[str] | str) -> str:
    """Cards sorted in rank order, as one string."""
    return "".join(sorted(cards, key=ORDER.__getitem__))


def deal(rng: random.Random, size: int = 20) -> tuple[str, str]:
    """A random hand of ``size`` cards and the rest of the deck, both canonical."""
    deck = list(DECK)
    rng.shuffle(deck)
    return canonical(deck[:size]), canonical(deck[size:])


def random_hands(count: int, seed: int) -> list[str]:
    """``count`` random 20-card hands."""
    rng = random.Random(seed)
    return [deal(rng)[0] for _ in range(count)]


@cache
def _readable_everywhere(cards: str) -> bool:
    if cards not in engines.load_rlcard().card_type:
        return False
    return engines.douzero_move_type(cards) != int(engines.load_douzero().utils.TYPE_15_WRONG)


def _pick_play(rng: random.Random, hand: str) -> str | None:
    """A random standard lead of ``hand``: a kind uniformly, then a play of that kind."""
    by_kind: dict[str, list[str]] = defaultdict(list)
    for move in legal_moves(hand, rules=STANDARD):
        if _readable_everywhere(move.cards):
            by_kind[move.kind.value].append(move.cards)
    if not by_kind:
        return None
    kind = rng.choice(sorted(by_kind))
    return rng.choice(by_kind[kind])


def response_pairs(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` (20-card hand, previous play) pairs; the play is a lead of a 17-card hand
    dealt from the rest of the deck, its kind drawn uniformly among the kinds that hand has."""
    rng = random.Random(seed)
    pairs: list[tuple[str, str]] = []
    while len(pairs) < count:
        hand, rest = deal(rng)
        other = list(rest)
        rng.shuffle(other)
        previous = _pick_play(rng, canonical(other[:17]))
        if previous is not None:
            pairs.append((hand, previous))
    return pairs


def farmer_pairs(pairs: list[tuple[str, str]], seed: int) -> list[tuple[str, str]]:
    """The response pairs as OpenSpiel can pose them (``bench/openspiel.py``): a farmer's
    17-card hand answering the landlord's opening lead. Pairs whose previous play OpenSpiel has
    no action for (four with two) are left out; each hand keeps 17 of its 20 cards, the 3
    dropped drawn at random."""
    rng = random.Random(seed)
    readings = universe(OPENSPIEL)
    return [
        (canonical(rng.sample(hand, 17)), previous)
        for hand, previous in pairs
        if readings[previous]
    ]


def distinct_plays(count: int, seed: int, exclude: frozenset[str] = frozenset()) -> list[str]:
    """``count`` distinct plays (rlcard-preset leads of random hands, kinds drawn uniformly),
    none in ``exclude``; all in rlcard's ``CARD_TYPE`` table (its action space)."""
    rng = random.Random(seed)
    table = engines.load_rlcard().card_type
    seen: set[str] = set(exclude)
    plays: list[str] = []
    while len(plays) < count:
        hand = deal(rng)[0]
        by_kind: dict[str, list[str]] = defaultdict(list)
        for move in legal_moves(hand, rules=RLCARD):
            if move.cards not in seen and move.cards in table:
                by_kind[move.kind.value].append(move.cards)
        for _ in range(4):  # a few plays from each hand
            if not by_kind or len(plays) >= count:
                break
            kind = rng.choice(sorted(by_kind))
            play = rng.choice(by_kind[kind])
            by_kind[kind].remove(play)
            if not by_kind[kind]:
                del by_kind[kind]
            seen.add(play)
            plays.append(play)
    return plays
