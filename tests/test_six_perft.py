"""Perft-style checks of the six-player game (three packs) against an independent reference.

The reference is ``tests/six_reference.py``, written from docs/rules.md §§1 to 4 and 12 only
(and the wire choices where they are silent, restated in its docstring). It is proven first:

- on cases worked out by hand, one test per clause (the ``test_rules_12_*`` tests);
- its move listing by candidates (blocks, and blocks with every kicker multiset of the right
  size) against the every-sub-multiset brute force on many small hands
  (``test_candidates_are_the_brute_force``).

Then it judges the core:

- ``test_golden_counts``: every entry of ``tests/golden/six_perft.json`` (built by
  ``tests/golden/make_six_perft.py`` from the reference only: 26- and 32-card hands): our
  ``legal_moves`` count and the sha256 digest of our sorted move list, leads and answers to
  declared readings;
- ``test_live_brute_force``: small random hands (<= 12 cards, many rich in copies and jokers),
  exact move sets against a fresh brute force, leads and answers to declared readings;
- ``test_listed_moves_are_legal``: every move we list is, to the reference classifier, a
  reading of its cards that beats the previous play (and a sub-multiset of the hand);
- ``test_classify_matches_reference`` and ``test_classify_edge_cases``: ``classify`` lists
  exactly the reference's readings, the preferred one first.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import common
import pytest
from common import (
    ACE,
    BLACK,
    RANK_CHARS,
    RED,
    TWO,
    check_hand,
    counts_from_text,
    every_sub_multiset,
    moves_digest,
    sub_multiset_count,
    text_from_counts,
)
from six_reference import (
    HAND_SIZE,
    KINDS,
    KINDS_WITH_KICKERS,
    LANDLORD_HAND_SIZE,
    SIX_DECK,
    beats,
    brute_force_moves,
    brute_force_table,
    candidate_table,
    moves_from_table,
    preferred_reading,
    previous_reading,
    readings_in_order,
    reference_readings,
    self_check,
    set_beats,
)

from service.rules import (
    classify,
    combination,
    format_counts,
    get_ruleset,
    legal_moves,
    read_play,
)

GOLDEN = Path(__file__).parent / "golden" / "six_perft.json"
RULES_NAME = "six_player"
SHOWN = 8  # mismatches detailed in a failure message
LIVE_MAX_SUBSETS = 30_000  # the live small hands: brute force over every sub-multiset

GOLDEN_ENTRIES = [entry for group in common.load(GOLDEN).values() for entry in group]


@functools.cache
def _rules():
    """The core's rule set (built on first use: it may not exist yet)."""
    return get_ruleset(RULES_NAME)


def _r(char: str) -> int:
    return RANK_CHARS.index(char)


def _ours_reading(play) -> tuple[str, int, int]:
    """The core's reading as the reference's (kind, rank index, length)."""
    return (play.kind.value, RANK_CHARS.index(play.rank.char), play.length)


def _both_previous(declared: tuple[str, str, str] | None):
    """A declared previous play (cards, kind, rank char): ours, and the reference's reading.

    Raises ValueError when either side has no such reading or they disagree on it.
    """
    if declared is None:
        return None, None
    cards, kind, rank = declared
    reference = previous_reading(cards, kind, _r(rank))
    ours = combination(cards, _rules(), kind=kind, rank=rank)
    if (*_ours_reading(ours), len(ours.cards)) != reference:
        raise ValueError(f"our reading {ours!r} is not the reference's {reference}")
    return ours, reference


def _ours(hand: str, previous) -> list[str]:
    return [move.cards for move in legal_moves(hand, previous=previous, rules=_rules())]


@functools.lru_cache(maxsize=64)
def _table(hand: str):
    return candidate_table(counts_from_text(hand))


def _describe(hand: str, previous, *, reference, ours) -> str:
    expected = moves_from_table(_table(hand), reference)
    only_ours = sorted(set(ours) - expected)
    only_reference = sorted(expected - set(ours))
    return (
        f"hand {hand} previous {previous!r}: ours {len(ours)} "
        f"(duplicates {len(ours) - len(set(ours))}), reference {len(expected)}; "
        f"only ours {only_ours[:12]}; only reference {only_reference[:12]}"
    )


def _declared(record: dict | None) -> tuple[str, str, str] | None:
    return None if record is None else (record["cards"], record["kind"], record["rank"])


# --------------------------------------------------------------------------------------------
# The reference, proven on cases worked out by hand (docs/rules.md §1-4 and 12, the wire choices).


def _leads(cards: str) -> set[str]:
    return brute_force_moves(counts_from_text(cards))


def _answers(cards: str, previous: tuple[str, str, str]) -> set[str]:
    prev_cards, kind, rank = previous
    reading = previous_reading(prev_cards, kind, _r(rank))
    return brute_force_moves(counts_from_text(cards), reading)


def _readings(cards: str):
    return reference_readings(counts_from_text(cards))


def _trios(ranks: str) -> str:
    return "".join(char * 3 for char in ranks)


def test_reference_self_check() -> None:
    self_check()


def test_rules_12_deck_three_packs_of_162_cards() -> None:
    """Section 12: 162 cards, 12 of a rank, three black and three red jokers."""
    assert sum(SIX_DECK) == 162
    assert SIX_DECK == (12,) * 13 + (3, 3)
    check_hand(counts_from_text("3" * 12 + "2" * 12 + "BBBRRR"), SIX_DECK)
    for too_many in ("3" * 13, "2" * 13, "BBBB", "RRRR"):
        with pytest.raises(ValueError):
            check_hand(counts_from_text(too_many), SIX_DECK)
    assert (HAND_SIZE, LANDLORD_HAND_SIZE) == (26, 32)


def test_rules_12_canonical_card_strings() -> None:
    """Wire: one character per card, ascending in the order 3456789TJQKA2BR."""
    assert RANK_CHARS == "3456789TJQKA2BR"
    assert text_from_counts(counts_from_text("BB333")) == "333BB"
    assert text_from_counts(counts_from_text("R2BA3")) == "3A2BR"


def test_rules_12_single_is_any_card_including_jokers() -> None:
    """Section 2 (12): a single is any one card; B < R above 2 (section 1)."""
    assert _readings("3") == {("single", 0, 1)}
    assert _readings("B") == {("single", BLACK, 1)}
    assert _readings("R") == {("single", RED, 1)}
    assert beats(("single", RED, 1), 1, ("single", BLACK, 1), 1)
    assert beats(("single", BLACK, 1), 1, ("single", TWO, 1), 1)
    assert not beats(("single", BLACK, 1), 1, ("single", BLACK, 1), 1)
    assert _answers("3BR", ("2", "single", "2")) == {"B", "R"}


def test_rules_12_joker_pairs_of_one_colour_only() -> None:
    """Section 12: jokers play as pairs of one colour (BB, RR); BR is no pair, no play."""
    assert _readings("BB") == {("pair", BLACK, 1)}
    assert _readings("RR") == {("pair", RED, 1)}
    assert _readings("BR") == set()
    assert _leads("BR") == {"B", "R"}
    assert _leads("BBR") == {"B", "R", "BB"}
    assert beats(("pair", RED, 1), 2, ("pair", BLACK, 1), 2)
    assert beats(("pair", BLACK, 1), 2, ("pair", TWO, 1), 2)
    assert _answers("BBRR", ("22", "pair", "2")) == {"BB", "RR"}
    assert _answers("BRR2", ("BB", "pair", "B")) == {"RR"}


def test_rules_12_three_four_five_jokers_are_no_combination() -> None:
    """Section 12: three, four or five jokers together are no combination (no joker trio)."""
    for cards in ("BBB", "RRR", "BBR", "BRR", "BBBR", "BBRR", "BRRR", "BBBRR", "BBRRR"):
        assert _readings(cards) == set(), cards
    assert _leads("BBBRR") == {"B", "R", "BB", "RR"}


def test_rules_12_six_jokers_are_the_nuke_the_highest_play() -> None:
    """Section 12: all six jokers together, the highest play (rank R, length 1)."""
    assert _readings("BBBRRR") == {("nuke", RED, 1)}
    assert _leads("BBBRRR") == {"B", "R", "BB", "RR", "BBBRRR"}
    nuke = ("nuke", RED, 1)
    assert beats(nuke, 6, ("bomb", TWO, 1), 12)
    assert beats(nuke, 6, ("single", 0, 1), 1)
    assert beats(nuke, 6, ("airplane_pairs", _r("8"), 6), 30)
    assert not beats(("bomb", TWO, 1), 12, nuke, 6)
    assert not beats(nuke, 6, nuke, 6)
    assert _answers("3" * 12, ("BBBRRR", "nuke", "R")) == set()
    assert _answers("BBBRRR", ("2" * 12, "bomb", "2")) == {"BBBRRR"}


def test_rules_12_no_two_joker_rocket() -> None:
    """Section 12: there is no two-joker rocket: BR is nothing, BB and RR are mere pairs."""
    assert _readings("BR") == set()
    assert _answers("BR", ("2", "single", "2")) == {"B", "R"}
    assert _answers("BR", ("33", "pair", "3")) == set()
    assert _answers("BBRR", ("3333", "bomb", "3")) == set()
    assert "rocket" not in KINDS


def test_rules_12_trio_of_a_rank_no_joker_trio() -> None:
    """Section 2: three of a rank 3..2."""
    assert _readings("222") == {("trio", TWO, 1)}
    assert _readings("333") == {("trio", 0, 1)}
    assert _readings("BBB") == _readings("RRR") == set()
    assert _readings("334") == set()


def test_rules_12_trio_with_a_single_or_a_pair() -> None:
    """Section 2: trio + 1 card of another rank, trio + a pair of another rank."""
    assert _readings("3334") == {("trio_single", 0, 1)}
    assert _readings("2223") == {("trio_single", TWO, 1)}
    assert _readings("333B") == {("trio_single", 0, 1)}
    assert _readings("333R") == {("trio_single", 0, 1)}
    assert _readings("33344") == {("trio_pair", 0, 1)}
    assert _readings("33322") == {("trio_pair", 0, 1)}
    assert _readings("333BB") == {("trio_pair", 0, 1)}
    assert _readings("333RR") == {("trio_pair", 0, 1)}
    assert _readings("33345") == set()
    assert _readings("3334444") == set()  # one pair kicker, not two
    assert _readings("BBB3") == set()


def test_rules_12_chains_5_to_12_within_3_to_a() -> None:
    """Section 12: chains of 5..12 consecutive single ranks within 3..A."""
    assert _readings("34567") == {("chain", _r("7"), 5)}
    assert _readings("3456") == set()
    assert _readings("3456789TJQKA") == {("chain", ACE, 12)}
    assert _readings("TJQKA") == {("chain", ACE, 5)}
    for cards in ("JQKA2", "TJQKA2", "QKA2B", "34568", "345567"):
        assert _readings(cards) == set(), cards


def test_rules_12_pair_chains_3_to_12_pairs_within_3_to_a() -> None:
    """Section 12: pair chains of 3..12 pairs within 3..A (24 cards at most)."""
    assert _readings("334455") == {("pair_chain", _r("5"), 3)}
    assert _readings("3344") == set()
    twelve = "".join(char * 2 for char in "3456789TJQKA")
    assert _readings(twelve) == {("pair_chain", ACE, 12)}
    assert _readings("KKAA22") == set()
    assert _readings("AA22BB") == set()
    assert _readings("33445566778899TTJJQQKKAA22") == set()


def test_rules_12_airplanes_2_to_10_trios_within_32_cards() -> None:
    """Section 12: airplanes limited only by 3..A and the 32 cards: 2..10 trios."""
    assert _readings("333444") == {("airplane", _r("4"), 2)}
    assert _readings("333") == {("trio", 0, 1)}
    assert _readings(_trios("3456789TJQ")) == {("airplane", _r("Q"), 10)}  # 30 cards
    assert _readings(_trios("456789TJQKA")) == set()  # 11 trios: 33 cards
    assert _readings(_trios("3456789TJQKA")) == set()  # 36 cards
    assert _readings("AAA222") == set()
    assert _readings("333555") == set()


def test_rules_12_airplanes_with_wings_limited_by_32_cards() -> None:
    """Section 12: n trios + n single kickers (n <= 7: only 7 kicker ranks are left beside
    seven trios, one joker of them) or n pair kickers (n <= 6: 35 cards for 7)."""
    assert _readings("33344456") == {("airplane_singles", _r("4"), 2)}
    assert _readings("3334445566") == {("airplane_pairs", _r("4"), 2)}
    seven = _trios("3456789") + "TJQKA2B"  # 28 cards
    assert _readings(seven) == {("airplane_singles", _r("9"), 7)}
    eight = _trios("3456789T") + "JQKA2BRJ"  # 32 cards: J twice, B and R
    assert _readings(eight) == set()
    six = _trios("345678") + "99TTJJQQKKAA"  # 30 cards
    assert _readings(six) == {("airplane_pairs", _r("8"), 6)}
    assert _readings(_trios("3456789") + "TTJJQQKKAA22BB") == set()  # 35 cards
    five = _trios("TJQKA") + "3456B"
    assert _readings(five) == {("airplane_singles", ACE, 5)}


def test_rules_12_four_with_two_is_not_a_bomb() -> None:
    """Section 12: the four-with-two kinds exist (section 2); four of a rank with kickers is
    not a bomb: a bomb beats it, it beats no bomb."""
    assert _readings("333345") == {("four_two_singles", 0, 1)}
    assert _readings("33334455") == {("four_two_pairs", 0, 1)}
    assert _readings("2222BB44") == {("four_two_pairs", TWO, 1)}
    assert beats(("bomb", 0, 1), 4, ("four_two_pairs", TWO, 1), 8)
    assert not beats(("four_two_pairs", TWO, 1), 8, ("bomb", 0, 1), 4)
    assert _answers("22223344", ("3333", "bomb", "3")) == {"2222"}
    assert _answers("44445566", ("33334455", "four_two_pairs", "3")) == {"4444", "44445566"}
    assert _answers("444456", ("333345", "four_two_singles", "3")) == {"4444", "444456"}


def test_rules_12_bombs_of_four_to_twelve() -> None:
    """Section 12: bombs of four to twelve cards of a rank (kind bomb, length 1)."""
    for size in range(4, 13):
        assert _readings("7" * size) == {("bomb", _r("7"), 1)}
    assert _leads("3" * 12) == {"3" * n for n in range(1, 13)}
    assert _readings("BBB") == set()
    assert _readings("2222B") == set()


def test_rules_12_larger_bomb_beats_smaller_same_size_by_rank() -> None:
    """Section 12 (as section 9): a larger bomb beats a smaller one; the same size compares
    by rank."""
    assert beats(("bomb", 0, 1), 5, ("bomb", TWO, 1), 4)
    assert not beats(("bomb", TWO, 1), 4, ("bomb", 0, 1), 5)
    assert beats(("bomb", _r("4"), 1), 4, ("bomb", _r("3"), 1), 4)
    assert not beats(("bomb", _r("4"), 1), 7, ("bomb", _r("4"), 1), 7)
    assert beats(("bomb", 0, 1), 12, ("bomb", TWO, 1), 11)
    assert _answers("3" * 12, ("4444", "bomb", "4")) == {"3" * n for n in range(5, 13)}
    assert _answers("3" * 12, ("2" * 11, "bomb", "2")) == {"3" * 12}
    assert _answers("3" * 12, ("4" * 12, "bomb", "4")) == set()
    assert _answers("5" * 6, ("4" * 6, "bomb", "4")) == {"555555"}


def test_rules_12_bomb_beats_every_non_bomb() -> None:
    """Section 3: a bomb beats every play that is neither a bomb nor the nuke."""
    for kind, size in (
        ("single", 1),
        ("pair", 2),
        ("chain", 12),
        ("pair_chain", 24),
        ("airplane", 30),
        ("airplane_pairs", 30),
        ("four_two_pairs", 8),
    ):
        assert beats(("bomb", 0, 1), 4, (kind, RED if kind == "pair" else ACE, 1), size)
        assert not beats((kind, ACE, 1), size, ("bomb", 0, 1), 4)
    assert _answers("3333", ("AA", "pair", "A")) == {"3333"}


def test_rules_12_same_kind_same_size_higher_rank() -> None:
    """Section 3: otherwise the same kind, the same number of cards, a higher primal rank."""
    assert beats(("chain", _r("8"), 5), 5, ("chain", _r("7"), 5), 5)
    assert not beats(("chain", ACE, 6), 6, ("chain", _r("7"), 5), 5)
    assert not beats(("trio_pair", ACE, 1), 5, ("trio", _r("3"), 1), 3)
    assert not beats(("trio_single", ACE, 1), 4, ("trio_pair", _r("3"), 1), 5)
    assert not beats(("airplane_singles", ACE, 2), 8, ("four_two_pairs", 0, 1), 8)
    assert _answers("3334445566", ("33344", "trio_pair", "3")) == {"33444", "44455", "44466"}
    assert _answers("3334445566", ("3335", "trio_single", "3")) == {"3444", "4445", "4446"}
    assert _answers("3334445566", ("334455", "pair_chain", "5")) == {"445566"}
    assert _answers("44455566", ("33344456", "airplane_singles", "4")) == set()  # 66: 2 singles
    assert _answers("4445556678", ("33344456", "airplane_singles", "4")) == {
        "44455567",
        "44455568",
        "44455578",
    }


def test_rules_12_kicker_never_a_primal_rank() -> None:
    """Section 2 rule 1: 333+3 is a bomb, not a trio with a single; 333444+34 is no play."""
    assert _readings("3333") == {("bomb", 0, 1)}
    assert _readings("33333") == {("bomb", 0, 1)}
    assert _readings("33334444") == set()
    assert _readings("33333344") == set()  # 3333 + 33 + 44
    assert _readings("333444555666") == {("airplane", _r("6"), 4)}  # no trio kicker
    assert _readings("3333444") == set()


def test_rules_12_single_kickers_of_distinct_ranks() -> None:
    """Section 2 rule 2: 333444+55 is not an airplane with singles; 3333+55 not four-with-two
    singles (a kicker rank held three times next to the chain cannot arise)."""
    assert _readings("33344455") == set()
    assert _readings("333355") == set()
    assert _readings("333444555777") == set()  # 333444555 + 777
    assert _readings("333444555678") == {("airplane_singles", _r("5"), 3)}


def test_rules_12_pair_kickers_of_distinct_ranks() -> None:
    """Section 2 rule 3: 3333+5555 is not four-with-two-pairs."""
    assert _readings("33335555") == set()
    assert _readings("3334445555") == set()
    assert _readings("33344455BB") == {("airplane_pairs", _r("4"), 2)}
    assert _readings("3333BB55") == {("four_two_pairs", 0, 1)}


def test_rules_12_a_joker_may_be_a_single_kicker() -> None:
    """Section 12: a joker may be a single kicker."""
    assert _readings("333B") == {("trio_single", 0, 1)}
    assert _readings("3333B2") == {("four_two_singles", 0, 1)}
    assert _readings("333444B2") == {("airplane_singles", _r("4"), 2)}
    assert _readings("333444R5") == {("airplane_singles", _r("4"), 2)}


def test_rules_12_black_and_red_joker_never_both_kickers() -> None:
    """Section 12 (section 2 rule 4): two jokers of different colours are never both kickers
    of one combination: not as two single kickers, nor as the pair kickers BB and RR."""
    assert _readings("3333BR") == set()
    assert _readings("333444BR") == set()
    assert _readings("333444555BR6") == set()
    assert _readings("333BR") == set()  # BR is no pair either
    assert _readings("3333BBRR") == set()
    assert _readings("333444BBRR") == set()
    assert _readings("333444555BBRR66") == set()


def test_rules_12_joker_pair_of_one_colour_may_be_a_pair_kicker() -> None:
    """Section 12: a pair of one colour may be a pair kicker (rule 5: BR is no pair)."""
    assert _readings("333BB") == {("trio_pair", 0, 1)}
    assert _readings("333RR") == {("trio_pair", 0, 1)}
    assert _readings("3333RR55") == {("four_two_pairs", 0, 1)}
    assert _readings("33344455BB") == {("airplane_pairs", _r("4"), 2)}
    assert _readings("333444RR55") == {("airplane_pairs", _r("4"), 2)}
    assert _readings("333BBB") == set()  # three black jokers are no pair
    assert _readings("333444BBB5") == set()  # three black jokers are no pair


def test_rules_12_rank_and_length_of_a_combination() -> None:
    """Wire: the rank is the highest primal rank (never a kicker's); the length the number of
    primal ranks (bombs and the nuke: 1; the nuke's rank is R)."""
    assert _readings("333444A2") == {("airplane_singles", _r("4"), 2)}
    assert _readings("3332") == {("trio_single", 0, 1)}
    assert not beats(("trio_single", 0, 1), 4, ("trio_single", _r("4"), 1), 4)
    assert _readings("33445566778899") == {("pair_chain", _r("9"), 7)}
    assert _readings("7" * 9) == {("bomb", _r("7"), 1)}
    assert _readings("BBBRRR") == {("nuke", RED, 1)}
    assert _answers("444555BB", ("333444A2", "airplane_singles", "4")) == set()
    assert _answers("34445556", ("333444A2", "airplane_singles", "4")) == {"34445556"}


def test_rules_12_every_card_set_has_at_most_one_reading() -> None:
    """Section 4 in this game: primal counts are exact and kickers are 1 or 2 cards of
    distinct ranks, so no card set reads two ways (checked on rich hands)."""
    for hand in ("333444555666BBRR", "3333444455BBBRRR", "2222222AAAKKQQBR", "3456789TJQKA2BR"):
        table = brute_force_table(counts_from_text(hand))
        assert table
        assert all(len(readings) == 1 for _size, readings in table.values()), hand


def test_rules_12_an_ambiguous_challenger_beats_if_any_reading_does() -> None:
    """Section 4: a challenger beats the previous play if any of its readings does."""
    previous = ("trio_pair", _r("5"), 1, 5)
    assert set_beats([("trio_pair", _r("4"), 1), ("trio_pair", _r("6"), 1)], 5, previous)
    assert not set_beats([("trio_pair", _r("4"), 1), ("trio_pair", _r("5"), 1)], 5, previous)
    assert set_beats([("trio_pair", 0, 1), ("bomb", 0, 1)], 5, previous)


def test_rules_12_preferred_reading_order() -> None:
    """Section 4: top play, then bombs, then no kickers, the longest chain, the highest rank."""
    assert preferred_reading([("bomb", TWO, 1), ("nuke", RED, 1)]) == ("nuke", RED, 1)
    assert preferred_reading([("airplane", ACE, 4), ("bomb", 0, 1)]) == ("bomb", 0, 1)
    assert preferred_reading([("airplane_singles", ACE, 3), ("airplane", _r("6"), 4)]) == (
        "airplane",
        _r("6"),
        4,
    )
    assert preferred_reading([("airplane_singles", ACE, 3), ("airplane_singles", _r("9"), 4)]) == (
        "airplane_singles",
        _r("9"),
        4,
    )
    assert preferred_reading([("four_two_pairs", 0, 1), ("four_two_pairs", 1, 1)]) == (
        "four_two_pairs",
        1,
        1,
    )
    ordered = readings_in_order([("trio_pair", 0, 1), ("bomb", 0, 1), ("chain", 5, 6)])
    assert ordered == [("bomb", 0, 1), ("chain", 5, 6), ("trio_pair", 0, 1)]
    with_kickers = {"trio_single", "trio_pair", "airplane_singles", "airplane_pairs"}
    with_kickers |= {"four_two_singles", "four_two_pairs"}
    assert with_kickers == KINDS_WITH_KICKERS


# --------------------------------------------------------------------------------------------
# The reference's listing by candidates, proven against the brute force.


def _small_hand(rng: random.Random, max_cards: int) -> tuple[int, ...]:
    """A random small hand from the 162-card deck, often rich in copies, runs or jokers."""
    pool = [rank for rank, held in enumerate(SIX_DECK) for _ in range(held)]
    counts = [0] * 15
    size = rng.randint(1, max_cards)

    def take(rank: int, how_many: int) -> None:
        for _ in range(how_many):
            if rank in pool and sum(counts) < size:
                pool.remove(rank)
                counts[rank] += 1

    style = rng.choice(("plain", "copies", "run", "jokers", "fours"))
    if style == "copies":
        take(rng.randrange(13), rng.randint(4, 12))
    elif style == "run":  # trios or pairs of consecutive ranks, for chains and wings
        width = rng.choice((2, 3, 3))
        length = rng.randint(2, 4)
        start = rng.randrange(0, 12 - length + 1)
        for rank in range(start, start + length):
            take(rank, width)
    elif style == "jokers":
        take(BLACK, rng.randint(1, 3))
        take(RED, rng.randint(1, 3))
    elif style == "fours":
        take(rng.randrange(13), 4)
        take(rng.choice((BLACK, RED)), 2)
    while sum(counts) < size:
        counts[pool.pop(rng.randrange(len(pool)))] += 1
    return tuple(counts)


PROOF_HANDS = [
    "3334445566",
    "33344455BBRR2",
    "3333BBBRRR2245",
    "333444555666777",  # five trios, no wings
    "33344455566677789TJQ",  # five trios and five singles: 32768 sub-multisets
    "333444555666778BBR",  # four trios, pair wings with jokers
    "3333444455556666",
    "22222222AAAABBRR",
    "3456789TJQKA2BR",
]


def test_candidates_are_the_brute_force() -> None:
    """The listing by candidates is the every-sub-multiset brute force (readings included)."""
    rng = random.Random(20250912)
    hands = [counts_from_text(hand) for hand in PROOF_HANDS]
    while len(hands) < 300:
        hand = _small_hand(rng, 14)
        if sub_multiset_count(hand) <= 15_000:
            hands.append(hand)
    kinds_seen: set[str] = set()
    for hand in hands:
        expected = brute_force_table(hand)
        assert candidate_table(hand) == expected, text_from_counts(hand)
        kinds_seen.update(r[0] for _size, readings in expected.values() for r in readings)
    assert kinds_seen == set(KINDS)


def test_golden_entries_are_the_reference_answers() -> None:
    """The golden file is what the reference answers (every entry, recomputed)."""
    assert len(GOLDEN_ENTRIES) >= 300
    sizes = {len(entry["hand"]) for entry in GOLDEN_ENTRIES}
    assert {HAND_SIZE, LANDLORD_HAND_SIZE} <= sizes
    answered = {entry["previous"]["kind"] for entry in GOLDEN_ENTRIES if entry["previous"]}
    assert answered == set(KINDS)
    for entry in GOLDEN_ENTRIES:
        assert (entry["rules"], entry["overrides"]) == (RULES_NAME, {})
        reading = None
        if entry["previous"] is not None:
            cards, kind, rank = _declared(entry["previous"])
            reading = previous_reading(cards, kind, _r(rank))
        moves = moves_from_table(_table(entry["hand"]), reading)
        assert (len(moves), moves_digest(moves)) == (entry["count"], entry["digest"]), entry


# --------------------------------------------------------------------------------------------
# The core against the reference.


def test_reference_rank_characters_are_the_cores() -> None:
    from service.rules.cards import RANK_CHARS as CORE_RANK_CHARS

    assert CORE_RANK_CHARS == RANK_CHARS
    rules = _rules()
    assert format_counts(read_play("R2B3A33BBR", rules)) == "333A2BBBRR"
    assert format_counts(read_play("3" * 12 + "BBBRRR", rules)) == "3" * 12 + "BBBRRR"
    for too_many in ("3" * 13, "BBBB", "RRRR"):
        with pytest.raises(ValueError):
            read_play(too_many, rules)


def test_golden_counts() -> None:
    failures: list[str] = []
    for entry in GOLDEN_ENTRIES:
        try:
            previous, reference_previous = _both_previous(_declared(entry["previous"]))
        except ValueError as error:
            failures.append(f"hand {entry['hand']}: previous {entry['previous']}: {error}")
            continue
        ours = _ours(entry["hand"], previous)
        if len(ours) != entry["count"] or moves_digest(ours) != entry["digest"]:
            if len(failures) < SHOWN:
                failures.append(
                    _describe(entry["hand"], previous, reference=reference_previous, ours=ours)
                )
            else:
                failures.append(f"hand {entry['hand']} previous {entry['previous']}")
    assert not failures, f"{len(failures)} of {len(GOLDEN_ENTRIES)} entries differ:\n" + "\n".join(
        failures[: SHOWN + 30]
    )


def _random_previous(rng: random.Random, hand, how_many: int):
    """Declared readings drawn from the reference's plays of other sets (rest of the deck)."""
    found = []
    for _ in range(how_many):
        for _attempt in range(20):
            other = _small_hand(rng, 12)
            if sub_multiset_count(other) > LIVE_MAX_SUBSETS:
                continue
            if not all(a + b <= cap for a, b, cap in zip(hand, other, SIX_DECK, strict=True)):
                continue
            table = candidate_table(other)
            if table:
                break
        else:
            continue
        cards = rng.choice(sorted(table))
        kind, rank, _length = rng.choice(sorted(table[cards][1]))
        found.append((cards, kind, RANK_CHARS[rank]))
    return found


def _live_cases(seed: int, hands: int = 70):
    """(hand, declared previous or None) for small random hands (<= 12 cards)."""
    rng = random.Random(seed)
    cases = []
    while len({hand for hand, _ in cases}) < hands:
        hand = _small_hand(rng, 12)
        if sub_multiset_count(hand) > LIVE_MAX_SUBSETS:
            continue
        text = text_from_counts(hand)
        cases.append((text, None))
        for previous in _random_previous(rng, hand, 4):
            cases.append((text, previous))
    return cases


@functools.cache
def _live() -> list:
    """The live cases, built on first use (not at collection)."""
    return _live_cases(seed=11)


def test_live_brute_force() -> None:
    failures: list[str] = []
    checked = 0
    for hand, declared in _live():
        try:
            previous, reference_previous = _both_previous(declared)
        except ValueError as error:
            failures.append(f"hand {hand}: previous {declared}: {error}")
            continue
        checked += 1
        ours = _ours(hand, previous)
        reference = brute_force_moves(counts_from_text(hand), reference_previous)
        if len(ours) != len(set(ours)) or set(ours) != reference:
            failures.append(_describe(hand, previous, reference=reference_previous, ours=ours))
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} cases differ:\n" + "\n".join(failures[:30])


def _agreement_cases():
    """The live small hands, plus every golden entry."""
    yield from _live()
    for entry in GOLDEN_ENTRIES:
        yield entry["hand"], _declared(entry["previous"])


def test_listed_moves_are_legal() -> None:
    failures: list[str] = []
    checked = 0
    for hand, declared in _agreement_cases():
        try:
            previous, reference_previous = _both_previous(declared)
        except ValueError:
            continue  # reported by the other tests
        hand_counts = counts_from_text(hand)
        for move in legal_moves(hand, previous=previous, rules=_rules()):
            checked += 1
            counts = counts_from_text(move.cards)
            reading = _ours_reading(move)
            readings = reference_readings(counts)
            problem = None
            if any(c > h for c, h in zip(counts, hand_counts, strict=True)):
                problem = "not in the hand"
            elif reading not in readings:
                problem = f"reading {reading} unknown to the reference {sorted(readings)}"
            elif reference_previous is not None and not beats(
                reading, len(move.cards), reference_previous[:3], reference_previous[3]
            ):
                problem = f"reading {reading} does not beat {reference_previous}"
            if problem:
                failures.append(f"hand {hand} previous {previous!r} move {move.cards}: {problem}")
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} moves disagree:\n" + "\n".join(
        failures[:30]
    )


def _classify_failure(cards: str) -> str | None:
    expected = reference_readings(counts_from_text(cards))
    try:
        ours = [_ours_reading(play) for play in classify(cards, _rules())]
    except ValueError as error:
        return f"{cards}: ours raises {error}, reference {sorted(expected)}"
    if set(ours) != expected or len(ours) != len(expected):
        return f"{cards}: ours {ours}, reference {sorted(expected)}"
    if expected and ours[0] != preferred_reading(expected):
        return f"{cards}: ours prefers {ours[0]}, reference {readings_in_order(expected)}"
    return None


def test_classify_matches_reference() -> None:
    """``classify`` lists every reading of the reference, the preferred one first; a card set
    that is no play has none (every sub-multiset of the live small hands)."""
    failures: list[str] = []
    checked = 0
    seen: set[str] = set()
    for hand, declared in _live():
        if declared is not None or hand in seen:
            continue
        seen.add(hand)
        for choice in every_sub_multiset(counts_from_text(hand)):
            checked += 1
            failure = _classify_failure(text_from_counts(choice))
            if failure:
                failures.append(failure)
    assert checked > 0
    assert not failures, f"{len(failures)} of {checked} card sets differ:\n" + "\n".join(
        failures[:30]
    )


#: Card sets at the edges of the clauses (each checked against the reference by classify).
EDGE_CASES = [
    "B",
    "BB",
    "RR",
    "BR",
    "BBB",
    "BBR",
    "BBRR",
    "BBBRR",
    "BBRRR",
    "BBBRRR",
    "333B",
    "333BB",
    "333BR",
    "3333BR",
    "3333B2",
    "3333BBRR",
    "3333BB55",
    "3333RR55",
    "333444BR",
    "333444B2",
    "333444BBRR",
    "33344455BB",
    "333444RR55",
    "333444BBB5",
    "3333",
    "33333",
    "333333",
    "33333333",
    "3" * 12,
    "33334444",
    "33333344",
    "33335555",
    "33344455",
    "333444555777",
    "333444555678",
    "333444555666",
    "3456789TJQKA",
    "TJQKA2",
    "".join(c * 2 for c in "3456789TJQKA"),
    "KKAA22",
    _trios("3456789TJQ"),
    _trios("456789TJQKA"),
    _trios("3456789") + "TJQKA2B",
    _trios("3456789") + "TJQKA2R",
    _trios("3456789T") + "JQKA2BRJ",
    _trios("345678") + "99TTJJQQKKAA",
    _trios("345678") + "99TTJJQQKKBB",
    _trios("345678") + "99TTJJQQBBRR",
    _trios("3456789") + "TTJJQQKKAA22BB",
    _trios("TJQKA") + "3456B",
    _trios("AKQ") + "222",
    "AAA222",
    "22223344",
    "2222BB44",
    "2222BBRR",
]


def test_classify_edge_cases() -> None:
    failures = [failure for cards in EDGE_CASES if (failure := _classify_failure(cards))]
    assert not failures, "\n".join(failures)
