"""Property tests of the wildcard games (docs/rules.md §14), with hypothesis: what the move
generator lists, what classification reads and what beating says agree, and a play without a
wild reads as it does without wilds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import (
    STANDARD,
    Combination,
    Kind,
    RuleSet,
    beats,
    classify,
    contains,
    format_counts,
    get_ruleset,
    legal_moves,
    read_play,
)
from service.rules.cards import RANK_CHARS

DECK = "".join(c * 4 for c in RANK_CHARS[:13]) + "BR"
RANKS = RANK_CHARS[:13]


@st.composite
def wild_rules(draw: st.DrawFn) -> RuleSet:
    """laizi with one wild rank, or tiandi with two; sometimes with soft_hard_by_rank."""
    by_rank = draw(st.booleans())
    if draw(st.booleans()):
        return get_ruleset("laizi", wild=draw(st.sampled_from(RANKS)), soft_hard_by_rank=by_rank)
    pair = draw(st.lists(st.sampled_from(RANKS), min_size=2, max_size=2, unique=True))
    return get_ruleset("tiandi_laizi", wild=pair, soft_hard_by_rank=by_rank)


@st.composite
def wild_hands(draw: st.DrawFn, rules: RuleSet, max_size: int = 12) -> str:
    """A hand, often holding several wilds."""
    size = draw(st.integers(1, max_size))
    wilds = [c for c in DECK if c in rules.wild]
    extra = draw(st.integers(0, min(len(wilds), size)))
    rest = list(DECK)
    for card in wilds[:extra]:
        rest.remove(card)
    cards = wilds[:extra] + draw(st.permutations(rest))[: size - extra]
    return format_counts(read_play("".join(cards), rules))


@st.composite
def wild_case(draw: st.DrawFn) -> tuple[str, Combination | None, RuleSet]:
    rules = draw(wild_rules())
    leads = list(legal_moves(draw(wild_hands(rules, 8)), rules=rules))
    previous = draw(st.sampled_from(leads)) if draw(st.booleans()) else None
    return draw(wild_hands(rules)), previous, rules


def key(move: Combination) -> tuple[object, ...]:
    return move.cards, move.kind, move.rank, move.length


@given(wild_case())
@settings(max_examples=120, deadline=None)
def test_every_listed_play_is_a_reading_of_its_cards_held_once_in_order(case) -> None:
    hand, previous, rules = case
    moves = legal_moves(hand, previous, rules)
    orders = [m.order for m in moves]
    assert orders == sorted(orders)
    assert len({key(m) for m in moves}) == len(orders)
    for move in moves:
        assert contains(read_play(hand, rules), move.counts)
        assert move in classify(move.cards, rules)
        if previous is not None:
            assert beats(move, moves.previous)


@given(wild_case())
@settings(max_examples=120, deadline=None)
def test_a_readings_substitution_applied_gives_its_kind_and_rank(case) -> None:
    hand, _, rules = case
    natural = rules.derive(wilds="none", wild=(), soft_hard_by_rank=False)
    for move in legal_moves(hand, rules=rules):
        assert sorted(move.read_as) == sorted(move.primal + move.kickers)
        if move.is_bomb and len(move.cards) > 4:  # tiandi's long bombs: no natural game has them
            assert set(move.read_as) == {move.rank.char}
            continue
        read = [(c.kind, c.rank, c.length) for c in classify(move.read_as, natural)]
        assert (move.kind, move.rank, move.length) in read, move


@given(wild_case(), st.data())
@settings(max_examples=120, deadline=None)
def test_membership_agrees_with_the_listing(case, data: st.DataObject) -> None:
    hand, previous, rules = case
    listed = {key(m) for m in legal_moves(hand, previous, rules)}
    moves = legal_moves(hand, previous, rules)
    keep = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
    play = "".join(c for c, k in zip(hand, keep, strict=True) if k)
    readings = classify(play, rules) if play else ()
    for reading in readings:
        check = moves.check(play, kind=reading.kind, rank=reading.rank.char)
        assert check.legal == (key(reading) in listed)
    if play and not readings:
        assert not moves.check(play).legal


@given(wild_rules(), st.data())
@settings(max_examples=150, deadline=None)
def test_a_play_without_a_wild_reads_as_without_wilds(rules: RuleSet, data) -> None:
    plain = [c for c in DECK if c not in rules.wild]
    size = data.draw(st.integers(1, 10))
    play = format_counts(read_play("".join(data.draw(st.permutations(plain))[:size])))
    wild = [(c.kind, c.rank, c.length, c.cards) for c in classify(play, rules)]
    before = [(c.kind, c.rank, c.length, c.cards) for c in classify(play, STANDARD)]
    assert wild == before
    assert all(c.grade == 2 for c in classify(play, rules) if c.is_bomb)  # hard


@given(wild_rules(), st.data())
@settings(max_examples=150, deadline=None)
def test_beats_is_irreflexive_and_antisymmetric_with_wilds(rules: RuleSet, data) -> None:
    first = data.draw(wild_hands(rules, 8))
    second = data.draw(wild_hands(rules, 8))
    for x in classify(first, rules)[:2]:
        assert not beats(x, x)
        for y in classify(second, rules)[:2]:
            assert not (beats(x, y) and beats(y, x)), (x, y)


@given(wild_case(), st.data())
@settings(max_examples=120, deadline=None)
def test_a_page_counted_as_made_is_the_listings_slice(case, data: st.DataObject) -> None:
    """``LegalMoves.page`` makes a wild game's moves one kind and rank at a time, holding only
    the page: the count and the page are the full listing's length and slice."""
    hand, previous, rules = case
    listed = legal_moves(hand, previous, rules).moves
    offset = data.draw(st.integers(0, len(listed) + 1))
    limit = data.draw(st.integers(1, 60))
    count, page = legal_moves(hand, previous, rules).page(offset, limit)
    assert count == len(listed)
    assert page == listed[offset : offset + limit]
    assert [m.order for m in page] == [m.order for m in listed[offset : offset + limit]]
    assert legal_moves(hand, previous, rules).page() == (count, listed)
    # walking every page (the groups' sizes now kept from the first) gives the listing
    moves = legal_moves(hand, previous, rules)
    assert [m for o in range(0, count, limit) for m in moves.page(o, limit)[1]] == listed


@given(wild_case(), st.data())
@settings(max_examples=200, deadline=None)
def test_any_declared_reading_is_judged_never_raised(case, data: st.DataObject) -> None:
    """Any kind, rank and substitution a client may declare for a play of its hand is a
    verdict: a reading the play has, or ``not_a_combination``; never an exception."""
    hand, previous, rules = case
    keep = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
    play = "".join(c for c, k in zip(hand, keep, strict=True) if k) or hand
    substitution = {  # mostly as many stand-ins as the play holds wilds of each rank
        w: data.draw(st.text(alphabet=RANKS, min_size=n, max_size=n) | st.text(RANKS, max_size=9))
        for w in rules.wild
        if (n := play.count(w)) or data.draw(st.booleans())
    }
    kind = data.draw(st.none() | st.sampled_from([k.value for k in Kind]))
    rank = data.draw(st.none() | st.sampled_from(RANKS))
    check = legal_moves(hand, previous, rules).check(
        play, kind=kind, rank=rank, substitution=substitution
    )
    if check.combination is not None:
        assert check.combination.cards == format_counts(read_play(play, rules))
        assert kind is None or check.combination.kind == kind
    else:
        assert not check.legal


def test_a_page_of_negative_offset_or_limit_is_refused() -> None:
    """``LegalMoves.page`` refuses a negative offset or limit, listed or not (a slice would
    count from the end once the moves are listed; the API's schema refuses them first)."""
    laizi = get_ruleset("laizi", wild="7")
    for listed in (False, True):
        moves = legal_moves("34567777", rules=laizi)
        if listed:
            assert len(moves.moves) == 303
        for offset, limit in ((-3, 2), (0, -1)):
            with pytest.raises(ValueError, match="a page starts at 0"):
                moves.page(offset, limit)
