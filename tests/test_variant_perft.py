"""Perft-style checks of the variant games (the four-player game and Big Three) against an
independent brute force.

The reference is ``tests/variant_reference.py``, written from docs/rules.md
sections 9 (four_player, two decks) and 10 (Big Three) only. It is proven first, on cases
worked out by hand (the ``test_rules_9_*`` and ``test_rules_10_*`` tests, named after the rule
clauses), and then judges the core:

- ``test_golden_counts``: every entry of ``tests/golden/variant_perft.json`` (built by
  ``tests/golden/make_variant_perft.py`` from the reference only): our ``legal_moves`` count
  and the sha256 digest of our sorted move list, leads and answers to declared readings.
- ``test_live_brute_force``: small random hands (<= 10 cards), exact move sets against a fresh
  brute force, leads and answers to declared readings drawn from the reference, per rule set.
- ``test_listed_moves_are_legal``: every move we list is, to the reference classifier, a
  reading of its cards that beats the previous play (and a sub-multiset of the hand).
- ``test_classify_matches_reference``: ``classify`` lists exactly the reference's readings,
  the preferred one first.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import common
import pytest
from common import (
    BLACK,
    DECK_LIMITS,
    KING,
    RANK_CHARS,
    RED,
    TWO,
    counts_from_text,
    every_sub_multiset,
    moves_digest,
    sub_multiset_count,
    text_from_counts,
)
from variant_reference import (
    BIG_THREE,
    FOUR_PLAYER,
    brute_force_moves,
    classify_every_subset,
    game_options,
    preferred_reading,
    previous_reading,
    reading_beats,
    reference_readings,
    self_check,
)

from service.rules import Combination, classify, get_ruleset, legal_moves

GOLDEN = Path(__file__).parent / "golden" / "variant_perft.json"
SHOWN = 5  # mismatches detailed in a failure message
DESCRIBE_LIMIT = 20_000  # failure messages brute-force hands with at most this many subsets

FP, BT = FOUR_PLAYER, BIG_THREE


GOLDEN_GROUPS = common.load(GOLDEN)
#: The rule sets of the golden file, and for the live tests also four_player without the
#: joker_pairs option (docs/rules.md §9: the service picks a reading and makes it an option).
RULESETS: list[tuple[str, dict]] = [
    (entries[0]["rules"], entries[0]["overrides"]) for entries in GOLDEN_GROUPS.values()
]
LIVE_RULESETS: list[tuple[str, dict]] = [*RULESETS, (FP, {"joker_pairs": False})]


@functools.cache
def _cached_rules(name: str, overrides: tuple):
    return get_ruleset(name, **dict(overrides))


def _rules(name: str, overrides: dict):
    """The core's rule set (built on first use: the variants may not exist yet)."""
    return _cached_rules(name, tuple(sorted(overrides.items())))


def _ours_reading(combination) -> tuple[str, int, int]:
    """The core's reading as the reference's (kind, rank index, length)."""
    return (
        combination.kind.value,
        RANK_CHARS.index(combination.rank.char),
        combination.length,
    )


def _both_previous(declared: tuple[str, str, str] | None, name: str, overrides: dict):
    """A declared previous play (cards, kind, rank char): ours, and the reference's reading.

    Raises ValueError when either side has no such reading or they disagree on it.
    """
    if declared is None:
        return None, None
    cards, kind, rank = declared
    reference = previous_reading(cards, name, overrides, kind, RANK_CHARS.index(rank))
    ours = Combination.of(cards, kind=kind, rank=rank, rules=_rules(name, overrides))
    if (*_ours_reading(ours), len(ours.cards)) != reference:
        raise ValueError(f"our reading {ours!r} is not the reference's {reference}")
    return ours, reference


def _ours(hand: str, previous, name: str, overrides: dict) -> list[str]:
    rules = _rules(name, overrides)
    return [move.cards for move in legal_moves(hand, previous=previous, rules=rules)]


def _describe(hand: str, name: str, overrides: dict, previous, *, reference, ours) -> str:
    counts = counts_from_text(hand)
    rules = common.rules_id(name, overrides)
    head = f"hand {hand} {rules} previous {previous!r}: ours {len(ours)}"
    if sub_multiset_count(counts) > DESCRIBE_LIMIT:
        return head + " (hand too large to detail)"
    expected = brute_force_moves(counts, name, overrides, reference)
    only_ours = sorted(set(ours) - expected)
    only_reference = sorted(expected - set(ours))
    return (
        f"{head} (duplicates {len(ours) - len(set(ours))}), reference {len(expected)}; "
        f"only ours {only_ours[:12]}; only reference {only_reference[:12]}"
    )


def _declared(record: dict | None) -> tuple[str, str, str] | None:
    return None if record is None else (record["cards"], record["kind"], record["rank"])


# --------------------------------------------------------------------------------------------
# The reference, proven on cases worked out by hand from the spec.


def _leads(cards: str, game: str, **options: bool) -> set[str]:
    return brute_force_moves(counts_from_text(cards), game, options)


def _answers(cards: str, previous: tuple[str, str, str], game: str, **options: bool):
    prev_cards, kind, rank = previous
    reading = previous_reading(prev_cards, game, options, kind, RANK_CHARS.index(rank))
    return brute_force_moves(counts_from_text(cards), game, options, reading)


def _readings(cards: str, game: str, **options: bool):
    return reference_readings(counts_from_text(cards), game, options)


def _r(char: str) -> int:
    return RANK_CHARS.index(char)


def test_reference_self_check() -> None:
    self_check()


def test_reference_rank_characters_are_the_cores() -> None:
    from service.rules.cards import RANK_CHARS as CORE_RANK_CHARS
    from service.rules.cards import format_counts

    assert CORE_RANK_CHARS == RANK_CHARS
    counts = counts_from_text("33456TTKA2BBRR")
    assert format_counts(counts) == text_from_counts(counts) == "33456TTKA2BBRR"


def test_rules_9_deck_two_decks_of_108() -> None:
    """Section 9: 108 cards, at most 8 of each rank 3..2 and 2 of each joker."""
    assert sum(DECK_LIMITS[FP]) == 108
    assert _leads("22222222BBRR", FP) >= {"22222222", "BBRR"}
    for too_many in ("333333333", "BBB", "RRR"):
        with pytest.raises(ValueError):
            _leads(too_many, FP)


def test_rules_9_singles_and_pairs_of_a_rank() -> None:
    """Section 9: a single is any card 3..R; a pair is two of a rank 3..2."""
    assert _leads("33", FP) == {"3", "33"}
    assert _readings("B", FP) == {("single", BLACK, 1)}
    assert _readings("22", FP) == {("pair", TWO, 1)}
    assert _readings("34", FP) == set()


def test_rules_9_joker_pairs_option_and_never_br() -> None:
    """Section 9 (the source is silent): BB and RR pair under joker_pairs; BR never does."""
    assert _leads("BBRR", FP) == {"B", "R", "BB", "RR", "BBRR"}
    assert _leads("BBRR", FP, joker_pairs=False) == {"B", "R", "BBRR"}
    assert _readings("BR", FP) == set()
    assert _readings("BR", FP, joker_pairs=False) == set()
    assert _readings("RR", FP) == {("pair", RED, 1)}
    assert reading_beats(("pair", RED, 1), 2, ("pair", BLACK, 1), 2, FP)
    assert reading_beats(("pair", BLACK, 1), 2, ("pair", TWO, 1), 2, FP)
    assert _answers("BBRR", ("22", "pair", "2"), FP) == {"BB", "RR", "BBRR"}


def test_rules_9_no_single_attachments_no_four_with_kickers_no_rocket() -> None:
    """Section 9: no trio_single, no airplane_singles, no four-with-kicker kinds, no rocket."""
    for cards in ("3334", "33344456", "333345", "33334455", "33335", "333355", "BR", "3333BR"):
        assert _readings(cards, FP) == set(), cards


def test_rules_9_trio_and_trio_pair() -> None:
    """Section 9: a trio of 3..2, and a trio with a pair of another rank (joker pairs too)."""
    assert _readings("222", FP) == {("trio", TWO, 1)}
    assert _readings("33344", FP) == {("trio_pair", 0, 1)}
    assert _readings("222BB", FP) == {("trio_pair", TWO, 1)}
    assert _readings("222BB", FP, joker_pairs=False) == set()
    assert _readings("333BR", FP) == set()
    assert _readings("33333", FP) == {("bomb", 0, 1)}  # not a trio with a pair of its rank
    assert _readings("3334444", FP) == set()  # one pair kicker, not two


def test_rules_9_chain_lengths() -> None:
    """Section 9: chains 5..12 singles, pair chains 3..12 pairs, airplanes 2..11 trios, all
    within 3..A."""
    assert _readings("34567", FP) == {("chain", _r("7"), 5)}
    assert _readings("3456", FP) == set()
    assert _readings("3456789TJQKA", FP) == {("chain", _r("A"), 12)}
    assert _readings("TJQKA2", FP) == set()
    assert _readings("334455", FP) == {("pair_chain", _r("5"), 3)}
    assert _readings("3344", FP) == set()
    pairs = "".join(c * 2 for c in "3456789TJQKA")
    assert _readings(pairs, FP) == {("pair_chain", _r("A"), 12)}
    assert _readings("KKAA22", FP) == set()
    assert _readings("333444", FP) == {("airplane", _r("4"), 2)}
    eleven = "".join(c * 3 for c in "456789TJQKA")
    assert _readings(eleven, FP) == {("airplane", _r("A"), 11)}
    assert _readings("".join(c * 3 for c in "3456789TJQKA"), FP) == set()  # 36 > 33 cards
    assert _readings("AAA222", FP) == set()


def test_rules_9_airplane_pairs_kickers() -> None:
    """Section 9 (spec): n = 2..6 trios + n pair kickers of distinct ranks, none a chain rank,
    joker pairs allowed under joker_pairs; under same_rank_pairs a rank held four times counts
    as two pairs, never more."""
    assert _readings("3334445566", FP) == {("airplane_pairs", _r("4"), 2)}
    assert _readings("33344455BB", FP) == {("airplane_pairs", _r("4"), 2)}
    assert _readings("33344455BB", FP, joker_pairs=False) == set()
    assert _readings("333444BBRR", FP) == {("airplane_pairs", _r("4"), 2)}
    assert _readings("33344455BR", FP) == set()
    assert _readings("3334445555", FP) == set()
    assert _readings("3334445555", FP, same_rank_pairs=True) == {("airplane_pairs", _r("4"), 2)}
    assert _readings("333444555666666", FP, same_rank_pairs=True) == set()
    assert _readings("3333344444", FP) == set()  # 333444 + 3344: kickers of chain ranks
    six = "".join(c * 3 for c in "345678") + "99TTJJQQKKAA"
    assert _readings(six, FP) == {("airplane_pairs", _r("8"), 6)}
    seven = "".join(c * 3 for c in "3456789") + "TTJJQQKKAA22BB"
    assert _readings(seven, FP) == set()  # n = 7 is too long
    assert len(_leads("3334445566", FP)) == 21  # 4 + 4 + 2 + 6 trio_pairs + 3 + 1 + 1
    answers = _answers("3334445555", ("3334448899", "airplane_pairs", "4"), FP)
    assert answers == {"5555"}  # only the bomb: 333444 + 5555 is no airplane, nor higher
    previous = ("3334448899", "airplane_pairs", "4")
    assert _answers("4445556666", previous, FP) == {"6666"}  # the bomb only
    assert _answers("4445556666", previous, FP, same_rank_pairs=True) == {"6666", "4445556666"}
    answers = _answers(
        "5556667777", ("3334448899", "airplane_pairs", "4"), FP, same_rank_pairs=True
    )
    assert answers == {"7777", "5556667777"}


def test_rules_9_bombs_by_size() -> None:
    """Section 9: bombs of 4 or 5, "rocket" (six_rocket) 6, missile 7, sky explosion 8."""
    assert _readings("3333", FP) == {("bomb", 0, 1)}
    assert _readings("33333", FP) == {("bomb", 0, 1)}
    assert _readings("333333", FP) == {("six_rocket", 0, 1)}
    assert _readings("3333333", FP) == {("missile", 0, 1)}
    assert _readings("33333333", FP) == {("sky_explosion", 0, 1)}
    assert _leads("33333333", FP) == {"3" * n for n in range(1, 9)}


def test_rules_9_nuke_is_the_highest_play() -> None:
    """Section 9: "nuke": all 4 jokers, the highest play."""
    assert _readings("BBRR", FP) == {("nuke", RED, 1)}
    assert reading_beats(("nuke", RED, 1), 4, ("sky_explosion", TWO, 1), 8, FP)
    assert reading_beats(("nuke", RED, 1), 4, ("single", 0, 1), 1, FP)
    assert not reading_beats(("sky_explosion", TWO, 1), 8, ("nuke", RED, 1), 4, FP)
    assert _answers("33333333", ("BBRR", "nuke", "R"), FP) == set()
    assert _answers("BBRR", ("22222222", "sky_explosion", "2"), FP) == {"BBRR"}


def test_rules_9_larger_group_beats_smaller_same_size_by_rank() -> None:
    """Section 9: a larger group beats a smaller one; the same size compares by rank."""
    assert reading_beats(("bomb", _r("3"), 1), 5, ("bomb", _r("2"), 1), 4, FP)
    assert not reading_beats(("bomb", _r("2"), 1), 4, ("bomb", _r("3"), 1), 5, FP)
    assert reading_beats(("bomb", _r("4"), 1), 4, ("bomb", _r("3"), 1), 4, FP)
    assert not reading_beats(("bomb", _r("4"), 1), 5, ("bomb", _r("4"), 1), 5, FP)
    assert reading_beats(("six_rocket", 0, 1), 6, ("bomb", TWO, 1), 5, FP)
    assert reading_beats(("missile", 0, 1), 7, ("six_rocket", TWO, 1), 6, FP)
    assert reading_beats(("sky_explosion", 0, 1), 8, ("missile", TWO, 1), 7, FP)
    assert _answers("33333333", ("4444", "bomb", "4"), FP) == {
        "33333",
        "333333",
        "3333333",
        "33333333",
    }
    assert _answers("33333333", ("2222222", "missile", "2"), FP) == {"33333333"}


def test_rules_9_bomb_class_beats_every_other_kind() -> None:
    """Section 9 (spec): bomb, six_rocket, missile, sky_explosion beat any play outside the
    class; nothing outside it (but the nuke) beats them."""
    for kind in ("bomb", "six_rocket", "missile", "sky_explosion"):
        size = {"bomb": 4, "six_rocket": 6, "missile": 7, "sky_explosion": 8}[kind]
        assert reading_beats((kind, 0, 1), size, ("airplane_pairs", _r("A"), 6), 30, FP)
        assert reading_beats((kind, 0, 1), size, ("pair", RED, 1), 2, FP)
        assert not reading_beats(("pair_chain", _r("A"), 12), 24, (kind, 0, 1), size, FP)
    assert _answers("33333333", ("AA", "pair", "A"), FP) == {"3" * n for n in range(4, 9)}


def test_rules_9_other_plays_same_kind_same_size_higher_rank() -> None:
    """Section 9 (section 3 otherwise): same kind, same number of cards, higher rank."""
    assert reading_beats(("chain", _r("8"), 5), 5, ("chain", _r("7"), 5), 5, FP)
    assert not reading_beats(("chain", _r("A"), 6), 6, ("chain", _r("7"), 5), 5, FP)
    assert not reading_beats(("trio_pair", _r("A"), 1), 5, ("trio", _r("3"), 1), 3, FP)
    assert reading_beats(("single", RED, 1), 1, ("single", BLACK, 1), 1, FP)
    assert _answers("3334445566", ("33344", "trio_pair", "3"), FP) == {
        "33444",
        "44455",
        "44466",
    }
    assert _answers("3334445566", ("334455", "pair_chain", "5"), FP) == {"445566"}


def test_rules_10_deck_without_jokers() -> None:
    """Section 10: 52 cards, no jokers (a joker is a deck error, never a play)."""
    assert sum(DECK_LIMITS[BT]) == 52
    assert _readings("B", BT) == set()
    assert _readings("3B", BT) == set()
    for bad in ("B", "44444"):
        with pytest.raises(ValueError):
            _leads(bad, BT)
    with pytest.raises(ValueError):
        game_options(BT, {"joker_pairs": True})


def test_rules_10_rank_order_three_is_highest() -> None:
    """Section 10: order high to low 3 2 A K Q J T 9 8 7 6 5 4."""
    assert reading_beats(("single", _r("3"), 1), 1, ("single", _r("2"), 1), 1, BT)
    assert not reading_beats(("single", _r("2"), 1), 1, ("single", _r("3"), 1), 1, BT)
    assert reading_beats(("single", _r("2"), 1), 1, ("single", _r("A"), 1), 1, BT)
    assert reading_beats(("single", _r("5"), 1), 1, ("single", _r("4"), 1), 1, BT)
    assert reading_beats(("pair", _r("3"), 1), 2, ("pair", _r("2"), 1), 2, BT)
    assert reading_beats(("quad", _r("3"), 1), 4, ("quad", _r("2"), 1), 4, BT)
    assert _answers("3333222AAAAKKKK", ("44", "pair", "4"), BT) == {"33", "22", "AA", "KK"}
    assert _answers("3333222AAAAKKKK", ("2", "single", "2"), BT) == {"3"}
    assert _answers("456", ("4", "single", "4"), BT) == {"5", "6"}


def test_rules_10_runs_within_4_to_k() -> None:
    """Section 10: runs of >= 3 never contain 2, 3 or A (spec: 3..10 singles, 3..10 pairs,
    3..6 trios, 3..5 quads within 4..K); a run's rank is its highest rank."""
    assert _leads("456", BT) == {"4", "5", "6", "456"}
    assert _readings("45", BT) == set()
    assert _readings("JQK", BT) == {("run", KING, 3)}
    for cards in ("QKA", "KA2", "A23", "234", "345", "3456"):
        assert _readings(cards, BT) == set(), cards
    assert _readings("456789TJQK", BT) == {("run", KING, 10)}
    assert _readings("445566", BT) == {("pair_run", _r("6"), 3)}
    assert _readings("4455", BT) == set()
    assert _readings("445566778899TTJJQQKK", BT) == {("pair_run", KING, 10)}
    assert _readings("444555666", BT) == {("trio_run", _r("6"), 3)}
    assert _readings("444555", BT) == set()
    assert _readings("".join(c * 3 for c in "456789"), BT) == {("trio_run", _r("9"), 6)}
    assert _readings("".join(c * 3 for c in "456789T"), BT) == set()
    assert _readings("444455556666", BT) == {("quad_run", _r("6"), 3)}
    assert _readings("44445555", BT) == set()
    assert _readings("".join(c * 4 for c in "45678"), BT) == {("quad_run", _r("8"), 5)}
    assert _readings("".join(c * 4 for c in "456789"), BT) == set()
    assert len(_leads("444555666", BT)) == 12  # 3 singles, 3 pairs, 3 trios, 3 runs


def test_rules_10_same_kind_and_size_only_no_bombs() -> None:
    """Section 10: a play is beaten only by the same kind and size, higher; no bombs."""
    assert _readings("4444", BT) == {("quad", _r("4"), 1)}
    assert not reading_beats(("quad", _r("3"), 1), 4, ("pair", _r("4"), 1), 2, BT)
    assert not reading_beats(("quad", _r("3"), 1), 4, ("trio", _r("4"), 1), 3, BT)
    assert not reading_beats(("run", KING, 4), 4, ("run", _r("7"), 3), 3, BT)
    assert reading_beats(("run", _r("8"), 3), 3, ("run", _r("7"), 3), 3, BT)
    assert _answers("44445555", ("33", "pair", "3"), BT) == set()
    assert _answers("456789", ("456", "run", "6"), BT) == {"567", "678", "789"}


def test_rules_10_every_card_set_has_at_most_one_reading() -> None:
    """Section 10: no kickers, no bombs: every Big Three card set has at most one reading."""
    for hand in ("44445555666677778888", "445566778899TTJJQQKK", "3333222AAAAKKKKQQQ"):
        for _cards, (_size, readings) in classify_every_subset(counts_from_text(hand), BT).items():
            assert len(readings) == 1


def test_golden_entries_are_the_reference_answers() -> None:
    """The golden file is what the reference answers (a sample of the smaller hands)."""
    checked = 0
    for entries in GOLDEN_GROUPS.values():
        for entry in entries:
            hand = counts_from_text(entry["hand"])
            if sub_multiset_count(hand) > 5_000:
                continue
            declared = _declared(entry["previous"])
            reading = None
            if declared is not None:
                cards, kind, rank = declared
                reading = previous_reading(
                    cards, entry["rules"], entry["overrides"], kind, RANK_CHARS.index(rank)
                )
            moves = brute_force_moves(hand, entry["rules"], entry["overrides"], reading)
            assert (len(moves), moves_digest(moves)) == (entry["count"], entry["digest"]), entry
            checked += 1
    assert checked >= 30


# --------------------------------------------------------------------------------------------
# The core against the reference.


@pytest.mark.parametrize("group", sorted(GOLDEN_GROUPS))
def test_golden_counts(group: str) -> None:
    entries = GOLDEN_GROUPS[group]
    name, overrides = entries[0]["rules"], entries[0]["overrides"]
    failures: list[str] = []
    for entry in entries:
        try:
            previous, reference_previous = _both_previous(
                _declared(entry["previous"]), name, overrides
            )
        except ValueError as error:
            failures.append(f"hand {entry['hand']}: previous {entry['previous']}: {error}")
            continue
        ours = _ours(entry["hand"], previous, name, overrides)
        if len(ours) != entry["count"] or moves_digest(ours) != entry["digest"]:
            if len(failures) < SHOWN:
                failures.append(
                    _describe(
                        entry["hand"],
                        name,
                        overrides,
                        previous,
                        reference=reference_previous,
                        ours=ours,
                    )
                )
            else:
                failures.append(f"hand {entry['hand']} previous {entry['previous']}")
    assert not failures, f"{len(failures)} of {len(entries)} entries differ:\n" + "\n".join(
        failures[: SHOWN + 20]
    )


def _deck(name: str) -> list[int]:
    return [rank for rank, held in enumerate(DECK_LIMITS[name]) for _ in range(held)]


def _random_set(rng: random.Random, name: str, pool: list[int], size: int) -> tuple[int, ...]:
    """``size`` cards from ``pool`` (removed from it); half the time with many copies."""
    counts = [0] * 15
    if rng.random() < 0.5:
        if name == FP:
            rank = rng.choice((rng.randrange(13), BLACK, RED))
            block = rng.randint(2, 8)
        else:
            rank = rng.randrange(13)
            block = rng.randint(2, 4)
        for _ in range(min(block, size)):
            if rank in pool:
                pool.remove(rank)
                counts[rank] += 1
    while sum(counts) < size and pool:
        counts[pool.pop(rng.randrange(len(pool)))] += 1
    return tuple(counts)


def _random_previous(rng: random.Random, hand, name: str, overrides: dict, how_many: int):
    """Declared readings drawn from the reference's plays of other sets (rest of the deck)."""
    found = []
    for _ in range(how_many):
        pool = _deck(name)
        for rank, held in enumerate(hand):
            for _ in range(held):
                pool.remove(rank)
        other = _random_set(rng, name, pool, rng.randint(3, 10))
        table = classify_every_subset(other, name, overrides)
        if not table:
            continue
        cards = rng.choice(sorted(table))
        kind, rank, _length = rng.choice(sorted(table[cards][1]))
        found.append((cards, kind, RANK_CHARS[rank]))
    return found


def _live_cases(seed: int, hands: int = 30):
    """(rules id, name, overrides, hand, declared previous or None), hands of <= 10 cards."""
    cases = []
    for index, (name, overrides) in enumerate(LIVE_RULESETS):
        rng = random.Random(seed * 100 + index)
        for _ in range(hands):
            hand = _random_set(rng, name, _deck(name), rng.randint(1, 10))
            text = text_from_counts(hand)
            rules_id = common.rules_id(name, overrides)
            cases.append((rules_id, name, overrides, text, None))
            for previous in _random_previous(rng, hand, name, overrides, 3):
                cases.append((rules_id, name, overrides, text, previous))
    return cases


@functools.cache
def _live() -> list:
    """The live cases, built on first use (not at collection)."""
    return _live_cases(seed=11)


LIVE_IDS = sorted({common.rules_id(n, o) for n, o in LIVE_RULESETS})


@pytest.mark.parametrize("rules_id", LIVE_IDS)
def test_live_brute_force(rules_id: str) -> None:
    failures: list[str] = []
    checked = 0
    for case_id, name, overrides, hand, declared in _live():
        if case_id != rules_id:
            continue
        try:
            previous, reference_previous = _both_previous(declared, name, overrides)
        except ValueError as error:
            failures.append(f"hand {hand}: previous {declared}: {error}")
            continue
        checked += 1
        ours = _ours(hand, previous, name, overrides)
        reference = brute_force_moves(counts_from_text(hand), name, overrides, reference_previous)
        if len(ours) != len(set(ours)) or set(ours) != reference:
            failures.append(
                _describe(hand, name, overrides, previous, reference=reference_previous, ours=ours)
            )
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} cases differ:\n" + "\n".join(failures[:25])


def _agreement_cases():
    """The live small hands, plus every golden entry."""
    yield from _live()
    for rules_id, entries in GOLDEN_GROUPS.items():
        for entry in entries:
            name, overrides = entry["rules"], entry["overrides"]
            yield rules_id, name, overrides, entry["hand"], _declared(entry["previous"])


@pytest.mark.parametrize("rules_id", LIVE_IDS)
def test_listed_moves_are_legal(rules_id: str) -> None:
    failures: list[str] = []
    checked = 0
    for case_id, name, overrides, hand, declared in _agreement_cases():
        if case_id != rules_id:
            continue
        try:
            previous, reference_previous = _both_previous(declared, name, overrides)
        except ValueError:
            continue  # reported by the other tests
        hand_counts = counts_from_text(hand)
        for move in legal_moves(hand, previous=previous, rules=_rules(name, overrides)):
            checked += 1
            counts = counts_from_text(move.cards)
            reading = _ours_reading(move)
            readings = reference_readings(counts, name, overrides)
            problem = None
            if any(c > h for c, h in zip(counts, hand_counts, strict=True)):
                problem = "not in the hand"
            elif reading not in readings:
                problem = f"reading {reading} unknown to the reference {sorted(readings)}"
            elif reference_previous is not None and not reading_beats(
                reading,
                len(move.cards),
                reference_previous[:3],
                reference_previous[3],
                name,
            ):
                problem = f"reading {reading} does not beat {reference_previous}"
            if problem:
                failures.append(f"hand {hand} previous {previous!r} move {move.cards}: {problem}")
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} moves disagree:\n" + "\n".join(
        failures[:25]
    )


@pytest.mark.parametrize("rules_id", LIVE_IDS)
def test_classify_matches_reference(rules_id: str) -> None:
    """``classify`` lists every reading of the reference, the preferred one first; a card set
    that is no play has none."""
    failures: list[str] = []
    checked = 0
    for case_id, name, overrides, hand, declared in _live():
        if case_id != rules_id or declared is not None:
            continue
        rules = _rules(name, overrides)
        hand_counts = counts_from_text(hand)
        for choice in every_sub_multiset(hand_counts):
            cards = text_from_counts(choice)
            expected = reference_readings(choice, name, overrides)
            ours = [_ours_reading(combination) for combination in classify(cards, rules)]
            checked += 1
            if set(ours) != expected or len(ours) != len(expected):
                failures.append(f"{cards}: ours {ours}, reference {sorted(expected)}")
            elif expected and ours[0] != preferred_reading(expected, name):
                failures.append(f"{cards}: ours prefers {ours[0]}, reference {ours}")
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} card sets differ:\n" + "\n".join(
        failures[:25]
    )
