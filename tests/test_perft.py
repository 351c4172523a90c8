"""Perft-style checks of the legal-move generator against an independent brute-force reference.

- ``test_golden_counts``: every entry of ``tests/golden/perft.json`` (built by
  ``tests/golden/make_perft.py`` from ``tests/reference.py`` only): our ``legal_moves`` count
  and the sha256 digest of our sorted move list, leads and answers to declared readings.
- ``test_live_brute_force``: small random hands (<= 10 cards), exact move sets against a fresh
  brute force, leads and answers to random declared readings, per rule set.
- ``test_listed_moves_are_legal``: every move we list is, to the reference classifier, a
  reading of its cards that beats the previous play (and a sub-multiset of the hand).

The reference takes a rule set as plain data: the service rule set's ``options()``, converted
here at the boundary.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import common
import pytest
from common import RANK_CHARS, counts_from_text, moves_digest, text_from_counts
from reference import brute_force_moves, previous_reading, reading_beats, reference_readings

from service.rules import Combination, RuleSet, get_ruleset, legal_moves

GOLDEN = Path(__file__).parent / "golden" / "perft.json"

DECK = [rank for rank in range(13) for _ in range(4)] + [13, 14]
SHOWN = 5  # mismatches detailed in a failure message


GOLDEN_GROUPS = common.load(GOLDEN)
#: The rule sets of the golden file (presets and custom ones), also used by the live tests.
RULESETS: list[tuple[str, dict]] = [
    (entries[0]["rules"], entries[0]["overrides"]) for entries in GOLDEN_GROUPS.values()
]
#: The sources' readings as options (docs/rules.md §8: the space shuttle with one kicker per
#: four, airplanes without singles or pairs), checked by the live brute force on small hands
#: built around consecutive trios and fours.
SOURCE_RULESETS: list[tuple[str, dict]] = [
    ("standard", {"space_shuttle": True, "shuttle_one_kicker": True, "no_airplane_singles": True}),
    ("douzero", {"space_shuttle": True, "shuttle_one_kicker": True, "no_airplane_pairs": True}),
    ("rlcard", {"no_airplane_singles": True, "no_airplane_pairs": True}),
]
LIVE_RULESETS = RULESETS + SOURCE_RULESETS


@functools.cache
def _options_of(rules: RuleSet) -> dict:
    """A service rule set as the reference takes it: plain data (option name -> value)."""
    return rules.options()


def _reference_previous(previous: Combination | None):
    """Our previous play as the reference's (kind, rank, length, cards) (failure messages)."""
    if previous is None:
        return None
    return (previous.kind.value, int(previous.rank), previous.length, len(previous.cards))


def _both_previous(declared: tuple[str, str, str] | None, rules):
    """A declared previous play (cards, kind, rank char): ours, and the reference's reading.

    Raises ValueError when either side has no such reading or they disagree on it.
    """
    if declared is None:
        return None, None
    cards, kind, rank = declared
    reference = previous_reading(cards, _options_of(rules), kind, RANK_CHARS.index(rank))
    ours = Combination.of(cards, kind=kind, rank=rank, rules=rules)
    if _reference_previous(ours) != reference:
        raise ValueError(f"our reading {ours!r} is not the reference's {reference}")
    return ours, reference


def _ours(hand: str, previous: Combination | None, rules) -> list[str]:
    return [move.cards for move in legal_moves(hand, previous=previous, rules=rules)]


def _describe(hand: str, rules, previous: Combination | None, ours: list[str]) -> str:
    options = _options_of(rules)
    reference = brute_force_moves(counts_from_text(hand), options, _reference_previous(previous))
    only_ours = sorted(set(ours) - reference)
    only_reference = sorted(reference - set(ours))
    duplicates = len(ours) - len(set(ours))
    return (
        f"hand {hand} rules {rules.name}{list(rules.overrides)} previous {previous!r}: "
        f"ours {len(ours)} (duplicates {duplicates}), reference {len(reference)}; "
        f"only ours {only_ours[:12]}; only reference {only_reference[:12]}"
    )


@pytest.mark.parametrize("group", sorted(GOLDEN_GROUPS))
def test_golden_counts(group: str) -> None:
    entries = GOLDEN_GROUPS[group]
    first = entries[0]
    rules = get_ruleset(first["rules"], **first["overrides"])
    failures: list[str] = []
    for entry in entries:
        record = entry["previous"]
        declared = None if record is None else (record["cards"], record["kind"], record["rank"])
        try:
            previous, _ = _both_previous(declared, rules)
        except ValueError as error:
            failures.append(f"hand {entry['hand']}: previous {entry['previous']}: {error}")
            continue
        ours = _ours(entry["hand"], previous, rules)
        if len(ours) != entry["count"] or moves_digest(ours) != entry["digest"]:
            if len(failures) < SHOWN:
                failures.append(_describe(entry["hand"], rules, previous, ours))
            else:
                failures.append(f"hand {entry['hand']} previous {entry['previous']}")
    assert not failures, f"{len(failures)} of {len(entries)} entries differ:\n" + "\n".join(
        failures[:SHOWN] + failures[SHOWN : SHOWN + 20]
    )


def _random_hand(rng: random.Random, pool: list[int], size: int) -> tuple[int, ...]:
    counts = [0] * 15
    for rank in rng.sample(pool, size):
        counts[rank] += 1
    return tuple(counts)


def _random_previous(rng: random.Random, hand: tuple[int, ...], rules, how_many: int):
    """Random declared readings, drawn from what another player (the rest of the deck) holds."""
    pool = list(DECK)
    for rank, held in enumerate(hand):
        for _ in range(held):
            pool.remove(rank)
    found = []
    for _ in range(how_many):
        other = _random_hand(rng, pool, min(len(pool), rng.randint(4, 12)))
        options = _options_of(rules)
        plays = sorted(brute_force_moves(other, options))
        if not plays:
            continue
        cards = rng.choice(plays)
        readings = reference_readings(counts_from_text(cards), options)
        kind, rank, _length = rng.choice(sorted(readings))
        found.append((cards, kind, RANK_CHARS[rank]))
    return found


def _live_cases(seed: int, hands: int = 30):
    """(rules id, rules, hand, previous declared or None) for small random hands (<= 10 cards)."""
    cases = []
    for index, (name, overrides) in enumerate(LIVE_RULESETS):
        rules = get_ruleset(name, **overrides)
        rng = random.Random(seed * 100 + index)
        for number in range(hands):
            if (name, overrides) in SOURCE_RULESETS and number % 2:
                hand = _chained_hand(rng)
            else:
                hand = _random_hand(rng, DECK, rng.randint(1, 10))
            text = text_from_counts(hand)
            rules_id = common.rules_id(name, overrides)
            cases.append((rules_id, rules, text, None))
            for previous in _random_previous(rng, hand, rules, 3):
                cases.append((rules_id, rules, text, previous))
    return cases


def _chained_hand(rng: random.Random) -> tuple[int, ...]:
    """Two consecutive ranks held three or four times and up to four other cards (<= 12)."""
    first, width = rng.randint(0, 10), rng.choice([3, 4])
    chosen = [first] * width + [first + 1] * width
    pool = list(DECK)
    for rank in chosen:
        pool.remove(rank)
    chosen += rng.sample(pool, rng.randint(1, 4))
    return tuple(chosen.count(rank) for rank in range(15))


@functools.cache
def _live() -> list:
    """The live cases, built on first use (not at collection)."""
    return _live_cases(seed=7)


@pytest.mark.parametrize("rules_id", sorted({common.rules_id(n, o) for n, o in LIVE_RULESETS}))
def test_live_brute_force(rules_id: str) -> None:
    failures: list[str] = []
    checked = 0
    for case_id, rules, hand, declared in _live():
        if case_id != rules_id:
            continue
        try:
            previous, reference_previous = _both_previous(declared, rules)
        except ValueError as error:
            failures.append(f"hand {hand}: previous {declared}: {error}")
            continue
        checked += 1
        ours = _ours(hand, previous, rules)
        options = _options_of(rules)
        reference = brute_force_moves(counts_from_text(hand), options, reference_previous)
        if len(ours) != len(set(ours)) or set(ours) != reference:
            failures.append(_describe(hand, rules, previous, ours))
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} cases differ:\n" + "\n".join(failures[:25])


def _agreement_cases():
    """The live small hands, plus about 400 entries (hands and previous plays) per golden group."""
    yield from _live()
    for rules_id, entries in GOLDEN_GROUPS.items():
        rules = get_ruleset(entries[0]["rules"], **entries[0]["overrides"])
        for entry in entries[:: max(1, len(entries) // 400)]:
            previous = entry["previous"]
            declared = (
                None
                if previous is None
                else (previous["cards"], previous["kind"], previous["rank"])
            )
            yield rules_id, rules, entry["hand"], declared


@pytest.mark.parametrize("rules_id", sorted({common.rules_id(n, o) for n, o in RULESETS}))
def test_listed_moves_are_legal(rules_id: str) -> None:
    failures: list[str] = []
    checked = 0
    for case_id, rules, hand, declared in _agreement_cases():
        if case_id != rules_id:
            continue
        try:
            previous, reference_previous = _both_previous(declared, rules)
        except ValueError:
            continue  # reported by the other tests
        hand_counts = counts_from_text(hand)
        options = _options_of(rules)
        for move in legal_moves(hand, previous=previous, rules=rules):
            checked += 1
            counts = counts_from_text(move.cards)
            reading = (move.kind.value, int(move.rank), move.length)
            problem = None
            if any(c > h for c, h in zip(counts, hand_counts, strict=True)):
                problem = "not in the hand"
            elif reading not in reference_readings(counts, options):
                problem = (
                    f"reading {reading} unknown to the reference "
                    f"{sorted(reference_readings(counts, options))}"
                )
            elif reference_previous is not None and not reading_beats(
                reading, len(move.cards), reference_previous
            ):
                problem = f"reading {reading} does not beat {reference_previous}"
            if problem:
                failures.append(f"hand {hand} previous {previous!r} move {move.cards}: {problem}")
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} moves disagree:\n" + "\n".join(
        failures[:25]
    )
