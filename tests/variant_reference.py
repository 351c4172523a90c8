"""An independent, deliberately naive reference for the variant games: the four-player game
and Big Three.

Written from docs/rules.md §§9 (the four-player game with two decks) and 10 (Big Three) alone.
It imports nothing from ``service``: not the classifier, not the move generator, not any
variant module of the core, not even the rule-set type. Card text, count vectors and the decks
are ``tests/common.py``'s (a test checks that its rank characters are the core's), and so are
the presets' option values.

Style on purpose unlike a table-driven generator: one plain function per kind, each
decomposing the count vector (how many cards of each rank) with loops and ``if`` statements.
Clarity over speed.

A *game* is ``"four_player"`` or ``"big_three"``; its *options* a dict: for ``four_player``
``joker_pairs`` (default true, the preset) and ``same_rank_pairs`` (default false); Big Three
has none (``game_options`` fills in and checks them). ``universe`` lists every play of a
game's deck from candidates, for the universe counts of ``tests/test_universe.py``.

A *reading* is ``(kind wire name, primal rank index, chain length)``: the rank index is the
position in the count vector (0 = "3" ... 12 = "2", 13 = B, 14 = R) of the highest primal
rank, whatever the game's rank *order* (in Big Three "3" has index 0 but is the highest rank:
only ``rank_strength`` knows that); the chain length is the number of consecutive primal ranks
(1 for kinds that are not chains).

``brute_force_moves`` enumerates EVERY sub-multiset of a hand and keeps those the classifier
accepts (leads) or that have a reading beating the previous play (responses).

Run ``python tests/variant_reference.py`` for the hand-computed self-check.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from common import (
    ACE,
    BLACK,
    DECK_LIMITS,
    FOUR,
    KING,
    NUM_RANKS,
    PRESET_OPTIONS,
    RANK_CHARS,
    RED,
    THREE,
    TWO,
    Counts,
    PreviousPlay,
    Reading,
    card_count,
    check_hand,
    counts_from_text,
    every_sub_multiset,
    only_rank,
    pure_run,
    ranks_present,
    text_from_counts,
)
from recorded import recorded

FOUR_PLAYER = "four_player"
BIG_THREE = "big_three"
GAMES = (FOUR_PLAYER, BIG_THREE)

#: Options per game and their preset values (docs/rules.md §9; docs/rulesets.md).
DEFAULT_OPTIONS: dict[str, dict[str, bool]] = {
    FOUR_PLAYER: {
        name: PRESET_OPTIONS[FOUR_PLAYER][name] for name in ("joker_pairs", "same_rank_pairs")
    },
    BIG_THREE: {},
}

#: Four-player kinds whose readings carry kickers (the rest have none).
KINDS_WITH_KICKERS = frozenset({"trio_pair", "airplane_pairs"})
#: The four-player "bomb class": beats any play outside it (except the nuke).
BOMB_CLASS = frozenset({"bomb", "six_rocket", "missile", "sky_explosion"})

#: Big Three's rank order, low to high: 4 5 6 7 8 9 T J Q K A 2 3 (3 is the highest).
BIG_THREE_ORDER = "456789TJQKA23"


# --------------------------------------------------------------------------------------------
# Small helpers


def game_options(game: str, options: dict | None = None) -> dict[str, bool]:
    """The full option dict of ``game``: the preset values updated by ``options``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    result = dict(DEFAULT_OPTIONS[game])
    for name, value in (options or {}).items():
        if name not in result:
            raise ValueError(f"{game} has no option {name!r}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name} must be a boolean")
        result[name] = value
    return result


def rank_strength(rank: int, game: str) -> int:
    """Position of ``rank`` in the game's order: higher beats lower.

    Four-player: the three-player order 3 < 4 < ... < A < 2 < B < R (the vector order).
    Big Three: 4 < 5 < ... < A < 2 < 3.
    """
    if game == BIG_THREE:
        return BIG_THREE_ORDER.index(RANK_CHARS[rank])
    return rank


def is_pair_rank(rank: int, game: str, options: dict) -> bool:
    """Whether two cards of ``rank`` are a pair: 3..2 always; B and R under joker_pairs."""
    if rank <= TWO:
        return True
    return game == FOUR_PLAYER and options["joker_pairs"]


# --------------------------------------------------------------------------------------------
# Four-player game (docs/rules.md §9): one function per kind, each returning its readings.


def fp_single(counts, options) -> list[Reading]:
    if sum(counts) == 1:
        return [("single", ranks_present(counts)[0], 1)]
    return []


def fp_pair(counts, options) -> list[Reading]:
    rank = only_rank(counts)
    if sum(counts) == 2 and rank is not None and is_pair_rank(rank, FOUR_PLAYER, options):
        return [("pair", rank, 1)]  # BB and RR only under joker_pairs; BR has two ranks
    return []


def fp_trio(counts, options) -> list[Reading]:
    rank = only_rank(counts)
    if sum(counts) == 3 and rank is not None and rank <= TWO:
        return [("trio", rank, 1)]
    return []


def fp_trio_pair(counts, options) -> list[Reading]:
    found = []
    if sum(counts) != 5:
        return found
    for trio_rank in range(THREE, TWO + 1):
        if counts[trio_rank] != 3:
            continue
        for pair_rank in range(NUM_RANKS):
            if pair_rank == trio_rank or counts[pair_rank] != 2:
                continue
            if is_pair_rank(pair_rank, FOUR_PLAYER, options):
                found.append(("trio_pair", trio_rank, 1))
    return found


def fp_chain(counts, options) -> list[Reading]:
    run = pure_run(counts, 1, lowest=THREE, highest=ACE, shortest=5, longest=12)
    return [] if run is None else [("chain", run[0], run[1])]


def fp_pair_chain(counts, options) -> list[Reading]:
    run = pure_run(counts, 2, lowest=THREE, highest=ACE, shortest=3, longest=12)
    return [] if run is None else [("pair_chain", run[0], run[1])]


def fp_airplane(counts, options) -> list[Reading]:
    run = pure_run(counts, 3, lowest=THREE, highest=ACE, shortest=2, longest=11)
    return [] if run is None else [("airplane", run[0], run[1])]


def fp_pair_kickers_are_legal(kickers: list[int], how_many: int, options) -> bool:
    """``kickers`` (a count vector without the chain's ranks) is ``how_many`` pair kickers.

    Pair kickers have pairwise distinct ranks (joker pairs count under joker_pairs); under
    same_rank_pairs one rank held four times counts as two pairs; never more than two pairs
    of one rank.
    """
    if sum(kickers) != 2 * how_many:
        return False
    for rank in range(NUM_RANKS):
        held = kickers[rank]
        if held == 0:
            continue
        if not is_pair_rank(rank, FOUR_PLAYER, options):
            return False
        if held == 2:
            continue
        if held == 4 and options["same_rank_pairs"]:
            continue
        return False  # odd: not pairs; 4 without the option; 6 or 8: more than two pairs
    return True


def fp_airplane_pairs(counts, options) -> list[Reading]:
    found = []
    total = sum(counts)
    for length in range(2, 7):  # n = 2..6 trios + n pair kickers
        if total != 5 * length:
            continue
        for first in range(THREE, ACE - length + 2):
            chain = list(range(first, first + length))
            kickers = list(counts)
            usable = True
            for rank in chain:
                if kickers[rank] != 3:  # exactly a trio: no kicker of a chain rank
                    usable = False
                    break
                kickers[rank] = 0
            if usable and fp_pair_kickers_are_legal(kickers, length, options):
                found.append(("airplane_pairs", chain[-1], length))
    return found


def _of_a_rank(counts, how_many: int, kind: str) -> list[Reading]:
    rank = only_rank(counts)
    if sum(counts) == how_many and rank is not None and rank <= TWO:
        return [(kind, rank, 1)]
    return []


def fp_bomb(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 4, "bomb") + _of_a_rank(counts, 5, "bomb")


def fp_six_rocket(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 6, "six_rocket")


def fp_missile(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 7, "missile")


def fp_sky_explosion(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 8, "sky_explosion")


def fp_nuke(counts, options) -> list[Reading]:
    if sum(counts) == 4 and counts[BLACK] == 2 and counts[RED] == 2:
        return [("nuke", RED, 1)]
    return []


FOUR_PLAYER_TRIES = (
    fp_single,
    fp_pair,
    fp_trio,
    fp_trio_pair,
    fp_chain,
    fp_pair_chain,
    fp_airplane,
    fp_airplane_pairs,
    fp_bomb,
    fp_six_rocket,
    fp_missile,
    fp_sky_explosion,
    fp_nuke,
)


# --------------------------------------------------------------------------------------------
# Big Three (docs/rules.md §10): one function per kind. No jokers, no kickers, no bombs.


def bt_single(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 1, "single")


def bt_pair(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 2, "pair")


def bt_trio(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 3, "trio")


def bt_quad(counts, options) -> list[Reading]:
    return _of_a_rank(counts, 4, "quad")


def bt_run(counts, options) -> list[Reading]:
    # Within 4..K: never a 2, 3 or A.
    run = pure_run(counts, 1, lowest=FOUR, highest=KING, shortest=3, longest=10)
    return [] if run is None else [("run", run[0], run[1])]


def bt_pair_run(counts, options) -> list[Reading]:
    run = pure_run(counts, 2, lowest=FOUR, highest=KING, shortest=3, longest=10)
    return [] if run is None else [("pair_run", run[0], run[1])]


def bt_trio_run(counts, options) -> list[Reading]:
    run = pure_run(counts, 3, lowest=FOUR, highest=KING, shortest=3, longest=6)
    return [] if run is None else [("trio_run", run[0], run[1])]


def bt_quad_run(counts, options) -> list[Reading]:
    run = pure_run(counts, 4, lowest=FOUR, highest=KING, shortest=3, longest=5)
    return [] if run is None else [("quad_run", run[0], run[1])]


BIG_THREE_TRIES = (
    bt_single,
    bt_pair,
    bt_trio,
    bt_quad,
    bt_run,
    bt_pair_run,
    bt_trio_run,
    bt_quad_run,
)


# --------------------------------------------------------------------------------------------
# Classification


def reference_readings(counts, game: str, options: dict | None = None) -> set[Reading]:
    """Every reading of the card multiset ``counts`` in ``game`` (empty: not a play)."""
    counts = tuple(counts)
    if len(counts) != NUM_RANKS:
        raise ValueError("a count vector has 15 entries")
    options = game_options(game, options)
    if sum(counts) == 0:
        return set()
    if game == BIG_THREE:
        if counts[BLACK] or counts[RED]:
            return set()  # a joker is a deck error in Big Three: never a play
        tries = BIG_THREE_TRIES
    else:
        tries = FOUR_PLAYER_TRIES
    found: set[Reading] = set()
    for attempt in tries:
        found.update(attempt(counts, options))
    return found


def preferred_reading(readings: Iterable[Reading], game: str) -> Reading:
    """Preferred reading (docs/rules.md §§4, 9 and 10): nuke, bomb class, no kickers,
    longest chain, highest primal rank (in the game's order)."""
    return max(readings, key=lambda reading: preference_key(reading, game))


def preference_key(reading: Reading, game: str) -> tuple:
    """What orders the readings of a card set, the preferred highest."""
    kind, rank, length = reading
    return (
        kind == "nuke",
        kind in BOMB_CLASS,
        kind not in KINDS_WITH_KICKERS,
        length,
        rank_strength(rank, game),
        kind,  # only for determinism; no card set of these games needs it
    )


def readings_in_order(readings: Iterable[Reading], game: str) -> list[Reading]:
    """The readings, preferred first (the order in which a classifier lists them)."""
    return sorted(readings, key=lambda reading: preference_key(reading, game), reverse=True)


#: Cards of each primal rank of the kinds that have a fixed width (the bomb class and the
#: nuke: every card of the play is primal).
PRIMAL_WIDTH = {
    "single": 1,
    "pair": 2,
    "trio": 3,
    "trio_pair": 3,
    "chain": 1,
    "pair_chain": 2,
    "airplane": 3,
    "airplane_pairs": 3,
    "quad": 4,
    "run": 1,
    "pair_run": 2,
    "trio_run": 3,
    "quad_run": 4,
}


def primal_part(reading: Reading, counts) -> Counts:
    """The primal cards of ``counts`` read as ``reading`` (the rest are its kickers)."""
    kind, rank, length = reading
    if kind not in PRIMAL_WIDTH:
        return tuple(counts)
    primal = [0] * NUM_RANKS
    for primal_rank in range(rank - length + 1, rank + 1):
        primal[primal_rank] = PRIMAL_WIDTH[kind]
    return tuple(primal)


# --------------------------------------------------------------------------------------------
# Beating


def reading_beats(reading_a: Reading, cards_a, reading_b: Reading, cards_b, game: str) -> bool:
    """Whether play A (``reading_a`` of ``cards_a``) beats play B on the table (``reading_b``).

    ``cards_a`` / ``cards_b``: the card strings, or just their numbers of cards.
    """
    kind_a, rank_a, _length_a = reading_a
    kind_b, rank_b, _length_b = reading_b
    size_a = card_count(cards_a)
    size_b = card_count(cards_b)
    if game == FOUR_PLAYER:
        if kind_b == "nuke":
            return False  # nothing beats the nuke
        if kind_a == "nuke":
            return True  # the nuke beats everything
        if kind_a in BOMB_CLASS and kind_b not in BOMB_CLASS:
            return True
        if kind_a in BOMB_CLASS and kind_b in BOMB_CLASS:
            if size_a != size_b:
                return size_a > size_b  # the larger group wins
            return rank_strength(rank_a, game) > rank_strength(rank_b, game)
        if kind_b in BOMB_CLASS:
            return False
    elif game != BIG_THREE:
        raise ValueError(f"unknown game {game!r}")
    # Both games: the same kind, the same number of cards, a higher primal rank.
    if kind_a != kind_b or size_a != size_b:
        return False
    return rank_strength(rank_a, game) > rank_strength(rank_b, game)


# --------------------------------------------------------------------------------------------
# Brute force


@recorded
def classify_every_subset(hand_counts, game: str, options: dict | None = None):
    """{canonical cards: (card count, readings)} for every sub-multiset that is a play."""
    hand_counts = tuple(hand_counts)
    check_hand(hand_counts, DECK_LIMITS[game], game)
    options = game_options(game, options)
    table = {}
    for choice in every_sub_multiset(hand_counts):
        readings = reference_readings(choice, game, options)
        if readings:
            table[text_from_counts(choice)] = (sum(choice), readings)
    return table


def moves_from_table(table, game: str, previous: PreviousPlay | None = None) -> set[str]:
    """The legal moves among a ``classify_every_subset`` table: leads, or plays beating."""
    if previous is None:
        return set(table)
    kind, rank, length, size = previous
    return {
        cards
        for cards, (count, readings) in table.items()
        if any(
            reading_beats(reading, count, (kind, rank, length), size, game) for reading in readings
        )
    }


@recorded
def brute_force_moves(
    hand_counts, game: str, options: dict | None = None, previous: PreviousPlay | None = None
) -> set[str]:
    """Every legal move of ``hand_counts`` in ``game`` (canonical card strings), by brute force.

    ``previous`` is None (a lead) or the play to beat as
    ``(kind, rank index, chain length, number of cards)``.
    """
    return moves_from_table(classify_every_subset(hand_counts, game, options), game, previous)


def previous_reading(
    cards: str,
    game: str,
    options: dict | None = None,
    kind: str | None = None,
    rank: int | None = None,
) -> PreviousPlay:
    """The reading of ``cards`` to beat: the declared kind (and rank), else the preferred one."""
    readings = reference_readings(counts_from_text(cards), game, options)
    if kind is not None:
        readings = {r for r in readings if r[0] == kind}
    if rank is not None:
        readings = {r for r in readings if r[1] == rank}
    if not readings:
        raise ValueError(f"{cards!r} has no reading {kind} {rank} in {game}")
    chosen = preferred_reading(readings, game)
    return (chosen[0], chosen[1], chosen[2], len(cards))


# --------------------------------------------------------------------------------------------
# Every play of a game's deck, from candidates


def candidate_sets(game: str) -> Iterator[Counts]:
    """Every card set of ``game``'s deck that might be a play: one rank up to its limit (and
    a trio with a pair of another rank), the four jokers, and runs of 2 to 13 ranks within 3..2
    one to four times (runs of trios also with one pair of other ranks per trio)."""
    limits = DECK_LIMITS[game]
    candidates: list[tuple[int, ...]] = [(BLACK, BLACK, RED, RED)]
    for rank in range(NUM_RANKS):
        candidates += [(rank,) * width for width in range(1, limits[rank] + 1)]
        if rank <= TWO:
            candidates += [(rank,) * 3 + (pair, pair) for pair in range(NUM_RANKS) if pair != rank]
    for width in range(1, 5):
        for length in range(2, 14):
            for first in range(TWO - length + 2):
                block = tuple(r for r in range(first, first + length) for _ in range(width))
                candidates.append(block)
                if width == 3:
                    others = [rank for rank in range(NUM_RANKS) if rank not in block]
                    for pairs in itertools.combinations_with_replacement(others, length):
                        candidates.append(block + pairs * 2)
    seen: set[Counts] = set()
    for cards in candidates:
        counts = [0] * NUM_RANKS
        for rank in cards:
            counts[rank] += 1
        key = tuple(counts)
        if key not in seen and all(held <= most for held, most in zip(key, limits, strict=True)):
            seen.add(key)
            yield key


def universe(game: str, options: dict | None = None) -> dict[Counts, set[Reading]]:
    """Every card set of ``game``'s deck that is a play, with its readings."""
    options = game_options(game, options)
    found: dict[Counts, set[Reading]] = {}
    for counts in candidate_sets(game):
        readings = reference_readings(counts, game, options)
        if readings:
            found[counts] = readings
    return found


# --------------------------------------------------------------------------------------------
# Hand-computed self-check (also run by tests/test_variant_perft.py)


def _leads(cards: str, game: str, **options: bool) -> set[str]:
    return brute_force_moves(counts_from_text(cards), game, options)


def _readings(cards: str, game: str, **options: bool) -> set[Reading]:
    return reference_readings(counts_from_text(cards), game, options)


def self_check() -> None:
    """Known answers worked out by hand from the spec; AssertionError on the first mismatch."""
    fp, bt = FOUR_PLAYER, BIG_THREE
    r = RANK_CHARS.index
    assert _leads("33", fp) == {"3", "33"}
    assert _leads("BBRR", fp) == {"B", "R", "BB", "RR", "BBRR"}
    assert _leads("BBRR", fp, joker_pairs=False) == {"B", "R", "BBRR"}
    assert _readings("BR", fp) == set()
    assert _readings("BBRR", fp) == {("nuke", RED, 1)}
    assert _leads("33333333", fp) == {"3" * n for n in range(1, 9)}
    assert _readings("33333", fp) == {("bomb", 0, 1)}
    assert _readings("333333", fp) == {("six_rocket", 0, 1)}
    assert _readings("3333333", fp) == {("missile", 0, 1)}
    assert _readings("33333333", fp) == {("sky_explosion", 0, 1)}
    assert _readings("3334", fp) == set()  # no trio_single
    assert _readings("333345", fp) == set()  # no four_two_singles
    assert _readings("33344456", fp) == set()  # no airplane_singles
    assert _readings("333BB", fp) == {("trio_pair", 0, 1)}
    assert _readings("333BB", fp, joker_pairs=False) == set()
    assert _readings("333BR", fp) == set()
    assert _readings("3334445566", fp) == {("airplane_pairs", 1, 2)}
    assert _readings("3334445555", fp) == set()
    assert _readings("3334445555", fp, same_rank_pairs=True) == {("airplane_pairs", 1, 2)}
    assert _readings("333444555666666", fp, same_rank_pairs=True) == set()  # 3 pairs of a rank
    assert _readings("3456789TJQKA", fp) == {("chain", ACE, 12)}
    assert _readings("TJQKA2", fp) == set()
    assert _readings("3" * 3 + "4" * 3, fp) == {("airplane", 1, 2)}
    assert _readings("".join(c * 3 for c in "3456789TJQK"), fp) == {("airplane", KING, 11)}
    assert _readings("".join(c * 3 for c in "3456789TJQKA"), fp) == set()  # 36 > 33 cards
    assert _readings("".join(c * 2 for c in "3456789TJQKA"), fp) == {("pair_chain", ACE, 12)}
    # 3334445566: 4 singles, 4 pairs, 2 trios, 6 trio_pairs, 3 pair chains, 1 + 1 airplanes.
    assert len(_leads("3334445566", fp)) == 21
    five_threes = ("bomb", r("3"), 1)
    four_twos = ("bomb", r("2"), 1)
    assert reading_beats(five_threes, 5, four_twos, 4, fp)
    assert not reading_beats(four_twos, 4, five_threes, 5, fp)
    assert reading_beats(("bomb", r("4"), 1), 4, ("bomb", r("3"), 1), 4, fp)
    assert reading_beats(("six_rocket", 0, 1), 6, ("bomb", TWO, 1), 5, fp)
    assert reading_beats(("bomb", 0, 1), 4, ("airplane_pairs", ACE, 6), 30, fp)
    assert reading_beats(("nuke", RED, 1), 4, ("sky_explosion", TWO, 1), 8, fp)
    assert not reading_beats(("sky_explosion", TWO, 1), 8, ("nuke", RED, 1), 4, fp)
    assert reading_beats(("pair", RED, 1), 2, ("pair", BLACK, 1), 2, fp)
    assert reading_beats(("pair", RED, 1), 2, ("pair", TWO, 1), 2, fp)
    assert not reading_beats(("chain", ACE, 6), 6, ("chain", 4, 5), 5, fp)
    assert _leads("456", bt) == {"4", "5", "6", "456"}
    assert _readings("QKA", bt) == set()
    assert _readings("JQK", bt) == {("run", KING, 3)}
    assert _readings("A23", bt) == set()
    assert _readings("456789TJQK", bt) == {("run", KING, 10)}
    assert _readings("4444", bt) == {("quad", 1, 1)}
    assert _readings("44445555", bt) == set()
    assert _readings("444455556666", bt) == {("quad_run", 3, 3)}
    assert _readings("3B", bt) == set()
    assert reading_beats(("single", r("3"), 1), 1, ("single", r("2"), 1), 1, bt)
    assert not reading_beats(("single", r("2"), 1), 1, ("single", r("3"), 1), 1, bt)
    assert reading_beats(("pair", r("3"), 1), 2, ("pair", r("2"), 1), 2, bt)
    assert not reading_beats(("quad", r("4"), 1), 4, ("pair", r("A"), 1), 2, bt)
    assert len(_leads("444555666", bt)) == 12


if __name__ == "__main__":
    self_check()
    print("variant reference self-check: ok")
