"""The wild engine (``service.rules.wildfast``) against the wild search it replaced.

The service lists a wild hand's moves with the engine: counted from the rank counts, made only
where a page shows them. The search (``service.rules.wilds``, listed by
``engine.searched_wild_moves``) makes every play of every position and keeps one per identity;
it is what the golden counts and the independent reference (``tests/test_wild_perft.py``) were
checked against. Here the two must give the same answers, field for field of every
combination (cards, kind, rank, length, primal and kickers, the substitution, the bomb's class
and place on the ladder), in the same order, with the same counts:

- on random hands holding 0 to 8 wilds, random wild ranks (laizi and tiandi), random option
  sets of the three-player game (``bench.options.option_sets``) with ``soft_hard_by_rank`` on or
  off, leads and answers to random plays (bombs of every class and the rocket among them),
  with and without a filter of kinds;
- in pages at random offsets and limits (``LegalMoves.page``) and in the count
  (``LegalMoves.count``), which make no move;
- on hands that hold no wild card, listed from the natural game, and on card sets without
  one, read as the natural game reads them;
- on the worst hands known (57,709 and 77,159 leads).
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

from bench.options import option_sets
from bench.wilds import EVERY_KICKER
from service.rules import (
    Combination,
    Kind,
    RuleSet,
    classify,
    get_ruleset,
    legal_moves,
    read_play,
    wildfast,
)
from service.rules.cards import Counts
from service.rules.combos import preference, readings, wild_combination
from service.rules.engine import searched_wild_moves
from service.rules.model import GameModel
from service.rules.wildfast import (
    _fill,
    _Listing,
    _times,
    counted,
    forget,
    group_sizes,
    wild_listing,
)
from service.rules.wilds import wild_plays

RANKS = "3456789TJQKA2"
DECK = RANKS * 4 + "BR"


def wild_moves(
    hand: Counts,
    model: GameModel,
    previous: Combination | None = None,
    kinds: frozenset[Kind] | None = None,
) -> list[Combination]:
    """Every move the wild engine lists for a hand (``wildfast.wild_listing``, unpaged)."""
    return wild_listing(hand, model, previous, kinds)[1]


def shown(moves: list[Combination]) -> list[tuple[object, ...]]:
    """Every field of every move, those that equality skips too (power, tier, rung, grade):
    the constructor's arguments it is pickled as (its listing order follows from them)."""
    return [m.__reduce__()[1] for m in moves]


@functools.cache
def option_pool() -> list[dict[str, object]]:
    """Option sets of the three-player game's plays and kickers, and none (the presets')."""
    found: list[dict[str, object]] = [{}]
    for options in option_sets(40, 20261126):
        found.append({k: v for k, v in options.items() if k != "ruleset"})
    return found


def draw_rules(rng: random.Random) -> RuleSet:
    options = dict(rng.choice(option_pool()))
    options["soft_hard_by_rank"] = rng.random() < 0.3
    if rng.random() < 0.5:
        return get_ruleset("laizi", wild=rng.choice(RANKS), **options)
    return get_ruleset("tiandi_laizi", wild=rng.sample(RANKS, 2), **options)


def draw_hand(rng: random.Random, rules: RuleSet, most: int = 17) -> str:
    """A hand of 1 to ``most`` cards holding 0 to all of the wilds its game may hold."""
    wilds = [c for c in DECK if c in rules.wild]
    count = rng.randint(0, len(wilds))
    held = rng.sample(wilds, count)
    others = [c for c in DECK if c not in rules.wild]
    return "".join(held + rng.sample(others, max(0, rng.randint(1, most) - count)))


def draw_previous(rng: random.Random, rules: RuleSet) -> Combination | None:
    """Nothing (a lead), or a play of another hand: often a bomb (soft, hard, pure or long) or
    the rocket."""
    if rng.random() < 0.4:
        return None
    moves = legal_moves(draw_hand(rng, rules, 12), rules=rules).page(0, None)[1]
    bombs = [m for m in moves if m.is_bomb or m.kind is Kind.ROCKET]
    if bombs and rng.random() < 0.3:
        return rng.choice(bombs)
    return rng.choice(moves) if moves else None


def draw_kinds(rng: random.Random, rules: RuleSet) -> frozenset[Kind] | None:
    if rng.random() < 0.8:
        return None
    kinds = list(rules.model.kinds)
    return frozenset(rng.sample(kinds, rng.randint(1, 4)))


@pytest.mark.parametrize("seed", range(12))
def test_the_engine_lists_what_the_search_lists(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        rules = draw_rules(rng)
        hand = draw_hand(rng, rules)
        previous = draw_previous(rng, rules)
        kinds = draw_kinds(rng, rules)
        counts = read_play(hand)
        expected = searched_wild_moves(counts, rules.model, previous, kinds)
        found = wild_moves(counts, rules.model, previous, kinds)
        case = (hand, rules.wild, rules.options(), previous, kinds)
        assert shown(found) == shown(expected), case
        forget(hands=True)  # a first page asked before any count: made, the rest counted
        limit = rng.randint(1, 120)
        count, page = legal_moves(hand, previous, rules, kinds=kinds).page(0, limit)
        assert (count, shown(page)) == (len(expected), shown(expected[:limit])), (case, limit)
        moves = legal_moves(hand, previous, rules, kinds=kinds)  # the pages it counted serve
        assert moves.count() == len(expected), case
        for _ in range(3):
            offset = rng.randint(0, len(expected) + 2)
            limit = rng.choice([None, 0, 1, rng.randint(1, 120)])
            count, page = legal_moves(hand, previous, rules, kinds=kinds).page(offset, limit)
            end = None if limit is None else offset + limit
            assert count == len(expected), case
            assert shown(page) == shown(expected[offset:end]), (case, offset, limit)


@pytest.mark.parametrize("seed", range(4))
def test_many_wilds_with_every_kicker_option(seed: int) -> None:
    """Hands of many wilds (tiandi's eight, laizi's four) beside long runs, under the kicker
    options that add the most plays: the engine's largest tables."""
    rng = random.Random(1000 + seed)
    every = dict.fromkeys(
        ("kicker_ranks_repeat", "same_rank_pairs", "four_with_single", "four_with_pair"), True
    )
    for options in ({}, every, {**every, "space_shuttle": True, "shuttle_one_kicker": True}):
        for name, wild in (("laizi", [rng.choice(RANKS)]), ("tiandi_laizi", rng.sample(RANKS, 2))):
            rules = get_ruleset(name, wild=wild, **options)
            wilds = [c for c in DECK if c in rules.wild]
            others = [c for c in DECK if c not in rules.wild]
            hand = "".join(wilds + rng.sample(others, 14 - len(wilds) // 2))
            counts = read_play(hand)
            previous = draw_previous(rng, rules)
            expected = searched_wild_moves(counts, rules.model, previous)
            assert shown(wild_moves(counts, rules.model, previous)) == shown(expected), hand


@pytest.mark.parametrize("seed", range(6))
def test_a_hand_without_wilds_lists_its_natural_games_readings(seed: int) -> None:
    """The moves of a hand that holds no wild card are its natural game's readings (every
    one, where a card set has several), each as the wild game reads it
    (``combos.natural_play``: bombs of four hard), in the wild listing's order, unless it
    answers a bomb or the rocket (``LegalMoves``): every field of every move, the count and
    random pages as the search gives them, leads and answers to plays of every tier, with
    and without a filter of kinds; half the hands hold a bomb."""
    rng = random.Random(2000 + seed)
    for _ in range(25):
        rules = draw_rules(rng)
        others = [c for c in DECK if c not in rules.wild]
        rank = rng.choice([c for c in RANKS if c not in rules.wild])
        bomb = rank * 4 if rng.random() < 0.5 else ""
        rest = [c for c in others if c != rank]
        hand = bomb + "".join(rng.sample(rest, rng.randint(1, 20 - len(bomb))))
        previous = draw_previous(rng, rules)
        kinds = draw_kinds(rng, rules)
        expected = searched_wild_moves(read_play(hand), rules.model, previous, kinds)
        case = (hand, rules.wild, rules.options(), previous, kinds)
        moves = legal_moves(hand, previous, rules, kinds=kinds)
        assert moves.count() == len(expected), case
        assert shown(moves.moves) == shown(expected), case
        offset, limit = rng.randint(0, len(expected) + 2), rng.choice([None, 1, 100])
        count, page = legal_moves(hand, previous, rules, kinds=kinds).page(offset, limit)
        end = None if limit is None else offset + limit
        assert (count, shown(page)) == (len(expected), shown(expected[offset:end])), case


@pytest.mark.parametrize("seed", range(3))
def test_a_card_set_without_wilds_reads_as_the_search_reads_it(seed: int) -> None:
    """Classification in a wildcard game (``combos.readings``, and ``classify``, which reads
    the natural game's table) of a card set that holds no wild card: its natural game's
    readings, each as the wild game reads it (``combos.natural_play``), are the search's,
    field for field and in order of preference; on the leads of random hands without wilds
    and on random card sets of them."""
    rng = random.Random(3000 + seed)
    for _ in range(30):
        rules = draw_rules(rng)
        model = rules.model
        hand = "".join(rng.sample([c for c in DECK if c not in rules.wild], 20))
        sets = {m.cards for m in legal_moves(hand, rules=rules)}
        sets |= {"".join(rng.sample(hand, rng.randint(1, 20))) for _ in range(20)}
        for cards in sorted(sets):
            counts = read_play(cards)
            plays = wild_plays(counts, model, size=sum(counts))
            searched = sorted((wild_combination(p, model) for p in plays), key=preference)
            assert shown(list(readings(counts, model))) == shown(searched), (cards, rules.wild)
            assert shown(list(classify(cards, rules))) == shown(searched), (cards, rules.wild)


def test_a_wild_game_whose_wild_ranks_are_not_drawn_is_refused() -> None:
    """Without its wild ranks a wildcard game lists and reads nothing, a hand without wilds
    neither (its natural game is not asked): the API refuses such a rule set before."""
    laizi = get_ruleset("laizi")
    for ask in (
        lambda: legal_moves("3333456", rules=laizi).moves,
        lambda: legal_moves("3333456", rules=laizi).count(),
        lambda: Combination.of("3333", rules=laizi),
    ):
        with pytest.raises(ValueError, match="wild ranks are not drawn"):
            ask()


def test_a_hand_beyond_the_deck_is_refused() -> None:
    """Rank counts given as they are (not read from cards, which the deck checks) that no
    deck holds are refused, not listed from numbers that hold seven cards of a rank."""
    tiandi = get_ruleset("tiandi_laizi", wild=["7", "J"])
    hand = (8, 0, 0, 0, 1) + (0,) * 10  # eight 3s and a wild 7
    for ask in (
        lambda: legal_moves(hand, rules=tiandi).moves,
        lambda: legal_moves(hand, rules=tiandi).count(),
    ):
        with pytest.raises(ValueError, match="rank 3 counted 8, where the deck holds 4 of it"):
            ask()


def test_the_worst_hands_known() -> None:
    """The hands of the most leads known (``bench.wilds.WORST``): the same count and moves."""
    for hand, options, count in (
        ("KKKKQQQQ345678899TJA", {}, 57_709),
        ("KKKKQQQQ3456789TJA2B", EVERY_KICKER, 77_159),
    ):
        rules = get_ruleset("tiandi_laizi", wild=["K", "Q"], **options)
        counts = read_play(hand)
        assert legal_moves(hand, rules=rules).count() == count
        expected = searched_wild_moves(counts, rules.model)
        assert len(expected) == count
        assert shown(wild_moves(counts, rules.model)) == shown(expected)
        page = legal_moves(hand, rules=rules).page(count - 1_000, 1_000)[1]
        assert shown(page) == shown(expected[-1_000:])


def test_a_count_makes_no_move() -> None:
    """Counting a hand reads its rank counts: no combination is made (``group_sizes`` alone),
    and walking its pages counts it once (the count kept is the same object throughout)."""
    rules = get_ruleset("tiandi_laizi", wild=["K", "Q"])
    hand = read_play("KKKKQQQQ345678899TJA")
    forget(hands=True)
    moves = legal_moves("KKKKQQQQ345678899TJA", rules=rules)
    assert moves.count() == 57_709
    assert moves._moves is None
    kept = counted(hand, rules.model, None, None)
    for offset in (0, 100, 57_700):
        assert moves.page(offset, 100)[0] == 57_709
        assert counted(hand, rules.model, None, None) is kept
    assert sum(size for _, size in group_sizes(hand, rules.model, None, None)) == 57_709


@pytest.mark.parametrize("limit", [1, 100, 1_000, 60_000])
def test_a_first_page_counts_what_it_does_not_make(limit: int) -> None:
    """A first page makes the groups it shows and counts the rest (``_Listing.first_page``):
    the same count and moves as a page after the listing was counted whole, and what it
    keeps serves the next page as that count does."""
    rules = get_ruleset("tiandi_laizi", wild=["K", "Q"])
    hand = read_play("KKKKQQQQ345678899TJA")
    forget(hands=True)
    first = wild_listing(hand, rules.model, offset=0, limit=limit)
    after_first = wild_listing(hand, rules.model, offset=limit, limit=100)
    sizes = group_sizes(hand, rules.model, None, None)
    forget(hands=True)
    whole = counted(hand, rules.model, None, None)
    assert [(group, size) for group, size, _ in whole] == list(sizes)
    assert wild_listing(hand, rules.model, offset=0, limit=limit) == first
    assert wild_listing(hand, rules.model, offset=limit, limit=100) == after_first
    assert first[0] == 57_709 and len(first[1]) == min(limit, 57_709)


def test_wilds_alone_read_only_their_own_ranks() -> None:
    """The plays of wilds alone the count leaves out: tiandi's pair of two wild ranks is a
    pair of either, never of a third rank; four wilds are no trio with a kicker."""
    tiandi = get_ruleset("tiandi_laizi", wild=["7", "J"])
    found = [(m.cards, m.kind.value, m.read_as) for m in legal_moves("7J", rules=tiandi)]
    singles = [("7", "single", "7"), ("J", "single", "J")]
    assert found == [*singles, ("7J", "pair", "77"), ("7J", "pair", "JJ")]
    laizi = get_ruleset("laizi", wild="7")
    kinds = Counter(m.kind for m in legal_moves("7777", rules=laizi))
    assert Kind.TRIO_SINGLE not in kinds
    assert legal_moves("7777", rules=laizi).count() == sum(kinds.values())


def test_primal_ways_kept_across_hands_are_each_runs_own_product() -> None:
    """A run's primal ways are kept across hands by the run's width, the wilds held and how
    many of its ranks hold each number of natural cards (``wildfast._primal_ways``): on random
    hands, every run of every width and start has the ways its own ranks multiply out to, a
    rank at a time (its natural cards, then wilds for the rest; a joker all natural)."""
    rng = random.Random(20261127)
    for _ in range(300):
        wild = rng.sample(RANKS, 2) if rng.random() < 0.5 else rng.choice(RANKS)
        rules = get_ruleset("tiandi_laizi" if isinstance(wild, list) else "laizi", wild=wild)
        hand = read_play("".join(rng.sample(DECK, rng.randint(1, 20))))
        listing = _Listing(hand, rules.model, None, None)
        for width in range(1, 5):
            for start in range(15):
                ways, product = [1], []
                for r in range(start, start + listing.run_length(width, start)):
                    low, high = _fill(listing.natural, width, r)
                    ways = _times(ways, width - high, width - low, listing.total)
                    product.append(ways)
                assert listing.primal_ways(width, start) == product, (hand, wild, width, start)


def test_kicker_parts_kept_per_position_are_the_choices_own_and_bounded() -> None:
    """The kicker part of a choice taking wilds, at a position (its wilds standing for what
    the position's caps leave, ``wilds._fresh``), is kept by the position's caps across hands
    (``wildfast._Caps.parts``), every game model's together bounded (``_PARTS_AT_LIMIT``):
    random hands of a few game models, listed one after another with the parts of the hands
    before kept, are listed as the search lists them; at the bound the parts are emptied; and
    the count of what they hold is what they hold."""

    def held() -> int:
        return sum(
            len(place.caps.parts)
            for tables in wildfast._MODEL_TABLES.values()
            for _, places in tables.order
            for place in places
            if place.caps is not None
        )

    rng = random.Random(20261128)
    models = [draw_rules(rng) for _ in range(3)]
    hands = [(rules, read_play(draw_hand(rng, rules, 15))) for rules in models * 15]
    forget()
    for rules, hand in hands:
        listed = shown(wild_moves(hand, rules.model))
        assert listed == shown(searched_wild_moves(hand, rules.model)), (hand, rules.wild)
    assert wildfast._PARTS_AT_HELD[0] == held() > 0

    laizi = get_ruleset("laizi", wild="7")
    hand = read_play("333444555689TJQ77")  # airplanes and trios, with wilds for kickers
    forget()
    listed = shown(wild_moves(hand, laizi.model))
    legal_moves("77773456889TJQ", rules=laizi).page(0, 10)  # lone wilds' misses judged
    assert wildfast._PARTS_AT_HELD[0] == held() > 0
    wildfast._PARTS_AT_HELD[0] = wildfast._PARTS_AT_LIMIT
    forget(hands=True)
    wild_moves(read_play("333444555678TJQ77"), laizi.model)
    assert 0 < wildfast._PARTS_AT_HELD[0] == held() < wildfast._PARTS_AT_LIMIT
    assert shown(wild_moves(hand, laizi.model)) == listed
