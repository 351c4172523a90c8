"""Property tests (hypothesis): generation, membership, classification and beats agree."""

from __future__ import annotations

import dataclasses
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import (
    PRESETS,
    Combination,
    Game,
    Kind,
    RuleSet,
    beats,
    check_play,
    classifier,
    classify,
    contains,
    counts_of,
    format_counts,
    get_ruleset,
    legal_moves,
    parse_cards,
    parse_counts,
    read_play,
    readings_of,
)
from service.rules.cards import RANK_CHARS, lookup_canonical
from service.rules.fast.hand import Held, _lists_of, held_parts, joined_counts
from service.rules.fast.wings import _kicker_blocks
from service.rules.kickers import (
    judging,
    kickers_ok,
    pair_kicker_sets,
    single_kicker_sets,
)
from service.rules.model import ACE, Form, KickerRules

#: Every preset without wild cards: the three-player ones, four_player (two decks), big_three
#: (no jokers) and six_player; the wildcard games' properties are in ``tests/test_wild_perft.py``.
PLAIN = [r for r in PRESETS.values() if r.model.wilds is None]
rule_sets = st.sampled_from(PLAIN)


def deck(rules: RuleSet) -> str:
    """The whole deck of the rule set's game, one character per card."""
    return "".join(c * n for c, n in zip(RANK_CHARS, rules.table.full_deck, strict=True))


@st.composite
def hands(draw: st.DrawFn, rules: RuleSet, max_size: int = 20) -> str:
    size = draw(st.integers(1, max_size))
    cards = draw(st.permutations(deck(rules)))[:size]
    return format_counts(read_play("".join(cards), rules))


@st.composite
def ruled_hand(draw: st.DrawFn, max_size: int = 20) -> tuple[str, RuleSet]:
    rules = draw(rule_sets)
    return draw(hands(rules, max_size)), rules


@st.composite
def hand_and_previous(draw: st.DrawFn) -> tuple[str, Combination, RuleSet]:
    rules = draw(rule_sets)
    source = draw(hands(rules))
    leads = list(legal_moves(source, rules=rules))
    previous = draw(st.sampled_from(leads))
    return draw(hands(rules)), previous, rules


@given(hand_and_previous())
@settings(max_examples=150)
def test_every_listed_response_classifies_and_beats(case: tuple[str, Combination, RuleSet]) -> None:
    hand, previous, rules = case
    counts = read_play(hand, rules)
    for move in legal_moves(hand, previous, rules):
        assert move in classify(move.cards, rules)
        assert contains(counts, move.counts)
        assert beats(move, previous).beats


@given(ruled_hand())
@settings(max_examples=100)
def test_every_listed_lead_classifies(case: tuple[str, RuleSet]) -> None:
    hand, rules = case
    moves = list(legal_moves(hand, rules=rules))
    assert len({m.cards for m in moves}) == len(moves)
    for move in moves:
        assert classify(move.cards, rules)[0] == move


@given(hand_and_previous(), st.data())
@settings(max_examples=150)
def test_membership_agrees_with_enumeration(
    case: tuple[str, Combination, RuleSet], data: st.DataObject
) -> None:
    hand, previous, rules = case
    counts = read_play(hand, rules)
    listed = {m.cards for m in legal_moves(hand, previous, rules)}
    sub = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
    play = read_play("".join(c for c, keep in zip(hand, sub, strict=True) if keep), rules)
    assert bool(check_play(counts, play, previous, rules)) == (format_counts(play) in listed)


@given(ruled_hand(), st.data())
@settings(max_examples=100)
def test_lead_membership_agrees_with_enumeration(
    case: tuple[str, RuleSet], data: st.DataObject
) -> None:
    hand, rules = case
    sub = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
    play = read_play("".join(c for c, keep in zip(hand, sub, strict=True) if keep), rules)
    listed = {m.cards for m in legal_moves(hand, rules=rules)}
    assert (format_counts(play) in listed) == bool(any(play) and readings_of(play, rules))
    assert (format_counts(play) in legal_moves(hand, rules=rules)) == (
        format_counts(play) in listed
    )


TOKENS = st.sampled_from(
    [
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "T",
        "j",
        "Q",
        "k",
        "A",
        "2",
        "BJ",
        "小王",
        "RJ",
        "大王",
    ]
)
JOKERS = ("BJ", "小王", "RJ", "大王")
SUITS = st.sampled_from(["", "S", "H", "D", "C", "♠", "♥", "♦", "♣"])


@given(st.lists(st.tuples(TOKENS, SUITS, st.booleans()), max_size=20))
def test_parse_and_format_round_trip(tokens: list[tuple[str, str, bool]]) -> None:
    words = [
        rank if rank in JOKERS else (suit + rank if suit_first else rank + suit)
        for rank, suit, suit_first in tokens
    ]
    cards = parse_cards(words)
    assert parse_cards(" ".join(words)) == cards
    assert parse_cards([str(c) for c in cards]) == cards
    canonical = format_counts(counts_of(cards))
    assert format_counts(parse_counts(canonical)) == canonical
    assert parse_counts(list(canonical)) == counts_of(cards)


@given(rule_sets.flatmap(lambda r: st.tuples(hands(r, 12), hands(r, 12), st.just(r))))
@settings(max_examples=200)
def test_beats_is_irreflexive_and_antisymmetric(case: tuple[str, str, RuleSet]) -> None:
    a, b, rules = case
    for x in classify(a, rules)[:1] or ():
        assert not beats(x, x).beats
        for y in classify(b, rules)[:1]:
            assert not (beats(x, y).beats and beats(y, x).beats)


@given(ruled_hand())
@settings(max_examples=50)
def test_combination_repr_builds_it_again(case: tuple[str, RuleSet]) -> None:
    hand, rules = case
    for move in list(legal_moves(hand, rules=rules))[:40]:
        rebuilt = Combination.of(move.cards, kind=move.kind, rank=move.rank.char, rules=rules)
        assert rebuilt == move


@st.composite
def written_plays(draw: st.DrawFn) -> tuple[str, RuleSet]:
    """A play from a hand of the rule set's game, in canonical order or shuffled and spaced."""
    rules = draw(rule_sets)
    hand = draw(hands(rules, max_size=8))
    cards = list(hand)
    if draw(st.booleans()):
        cards = draw(st.permutations(cards))
        return draw(st.sampled_from(["", " ", ","])).join(cards), rules
    return hand, rules


@given(written_plays())
@settings(max_examples=300)
def test_classifier_agrees_with_classify(case: tuple[str, RuleSet]) -> None:
    """``classifier``'s table lookup (canonical strings) and its reading on a miss (any other
    string) find what ``classify`` and the shapes (``readings_of``) find."""
    text, rules = case
    found = classifier(rules)(text)
    assert found == classify(text, rules)
    assert set(found) == set(readings_of(parse_counts(text), rules))


#: Presets and rule sets whose card sets read several ways in more kinds (four-with-two pairs of
#: one rank, space shuttles, four with a pair).
clashing_rule_sets = st.sampled_from(
    [
        *PLAIN,
        get_ruleset("douzero", same_rank_pairs=True, space_shuttle=True, four_with_pair=True),
        get_ruleset("standard", same_rank_pairs=True, four_with_pair=True),
    ]
)


@st.composite
def airplane_hands(draw: st.DrawFn, rules: RuleSet) -> str:
    """A hand of 2 to 5 trios (or fours) of consecutive ranks and other cards: the hands whose
    card sets read several ways."""
    length = draw(st.integers(2, 5))
    start = draw(st.integers(0, 12 - length))
    width = draw(st.sampled_from([3, 3, 4]))
    chain = [RANK_CHARS[r] * width for r in range(start, start + length)]
    rest = list(deck(rules))
    for char in "".join(chain):
        rest.remove(char)
    others = draw(st.permutations(rest))[: max(0, 20 - width * length)]
    return format_counts(read_play("".join(chain) + "".join(others), rules))


@st.composite
def clashing_case(draw: st.DrawFn) -> tuple[str, Combination, RuleSet]:
    rules = draw(clashing_rule_sets)
    if rules.game is not Game.THREE_PLAYER:
        leads = list(legal_moves(draw(hands(rules)), rules=rules))
        return draw(hands(rules)), draw(st.sampled_from(leads)), rules
    leads = list(legal_moves(draw(airplane_hands(rules)), rules=rules))
    return draw(airplane_hands(rules)), draw(st.sampled_from(leads)), rules


@given(clashing_case())
@settings(max_examples=150)
def test_listing_order_and_one_preferred_reading_per_card_set(
    case: tuple[str, Combination, RuleSet],
) -> None:
    """Leads, responses and leads of some kinds are listed in the documented order (kind,
    primal rank, chain length, kickers), each card set once, as its preferred reading among the
    readings that may be listed there."""
    hand, previous, rules = case
    kinds = {previous.kind, Kind.AIRPLANE}
    listings = {
        "leads": (legal_moves(hand, rules=rules), lambda c: True),
        "responses": (legal_moves(hand, previous, rules), lambda c: beats(c, previous).beats),
        "some kinds": (legal_moves(hand, rules=rules, kinds=kinds), lambda c: c.kind in kinds),
    }
    for name, (listing, allowed) in listings.items():
        orders = [move.order for move in listing]
        assert orders == sorted(orders), name
        assert len({move.cards for move in listing}) == len(orders), name
        for move in listing:
            assert move == next(r for r in classify(move.cards, rules) if allowed(r)), name


@given(hands(PRESETS["standard"]))
def test_rank_lists_from_tables_match_a_direct_reading(hand: str) -> None:
    """The per-five-ranks tables give a hand the rank lists (and their masks of chain ranks) a
    direct reading of its counts does; counts no three-player hand has (five of a rank) are
    read directly."""
    counts = parse_counts(hand)
    for value in (counts, (5, *counts[1:])):
        held = Held(value)
        direct = _lists_of(value, 0)
        assert (held.present, held.pairs, held.trios, held.fours) == direct
        masks = [sum(1 << r for r in ranks if r <= ACE) for ranks in direct]
        low, mid, high = held.parts
        assert [low.mask(n) | mid.mask(n) | high.mask(n) for n in (1, 2, 3, 4)] == masks
        assert held.widest == max([1] + [w for w in (2, 3, 4) if direct[w - 1]])
    # A canonical string read straight to its rank lists; any other string is left to read_play.
    parts, held = lookup_canonical(hand, held_parts()), Held(counts)
    assert parts == held.parts and joined_counts(parts) == counts == Held(None, parts).counts
    assert lookup_canonical(hand[::-1], held_parts()) is None or hand == hand[::-1]
    assert lookup_canonical(hand + " ", held_parts()) is None
    # A response's hand joins only the lists its family reads (bits 1, 2, 4), and the fours.
    for lists in range(7):
        part = Held(counts, parts, lists)
        names = [n for bit, n in ((1, "present"), (2, "pairs"), (4, "trios")) if lists & bit]
        assert [getattr(part, n) for n in names] == [getattr(held, n) for n in names]
        assert part.fours == held.fours and not hasattr(part, "widest")


@st.composite
def kicker_pools(draw: st.DrawFn) -> tuple[list[int], list[int], int]:
    ranks = sorted(draw(st.sets(st.integers(0, 14), max_size=10)))
    held = [draw(st.integers(1, 4)) for _ in ranks]
    return ranks, held, draw(st.integers(0, 6))


@given(kicker_pools())
@settings(max_examples=400)
def test_kicker_blocks_list_every_kicker_set_once_in_ascending_order(
    pool: tuple[list[int], list[int], int],
) -> None:
    """The kicker sets of the families with wings, built in blocks (a prefix, then every choice
    of the rest), are every choice of k ranks taking rank i at most held[i] times, each once,
    in ascending order: checked against every sub-multiset of the pool, sorted."""
    ranks, held, k = pool
    last = max((i for i, n in enumerate(held) if n > 1), default=-1)
    source, prefixes = _kicker_blocks(tuple(ranks), held, k, last)
    listed = [
        prefix + rest
        for prefix, left in prefixes
        for rest in (combinations(source, left) if left >= 0 else source)
    ]
    cards = [r for r, n in zip(ranks, held, strict=True) for _ in range(n)]
    assert listed == sorted(set(combinations(cards, k)))


#: Every form with kickers of every game, once (each game has its own forms, compared as the
#: objects they are: equal ones are kept once by their fields).
KICKER_FORMS = sorted(
    {
        dataclasses.astuple(f): f
        for rules in PRESETS.values()
        for f in rules.model.forms
        if f.kickers
    }.values(),
    key=lambda f: (f.kind.value, f.width, f.max_len),
)


@st.composite
def judged_cases(draw: st.DrawFn) -> tuple[Form, KickerRules, tuple[int, ...], int, int]:
    """A form with kickers, any kicker rules, a chain position and what a hand has left."""
    form = draw(st.sampled_from(KICKER_FORMS))
    flags = {f.name: draw(st.booleans()) for f in dataclasses.fields(KickerRules)}
    rules = KickerRules(**{**flags, "rank_max": draw(st.integers(1, 3))})
    length = draw(st.integers(form.min_len, form.max_len))
    start = draw(st.integers(form.low, form.high - length + 1))
    rest = tuple(draw(st.integers(0, 8)) for _ in range(13)) + tuple(
        draw(st.integers(0, 3)) for _ in range(2)
    )
    return form, rules, rest, start, length


@given(judged_cases())
@settings(max_examples=400)
def test_kicker_rules_as_they_judge_a_form_judge_it_alike(
    case: tuple[Form, KickerRules, tuple[int, ...], int, int],
) -> None:
    """``kickers.judging`` keeps every field that judges a form's kickers (docs/rules.md §2
    and 8): the kicker sets of a position, and whether a rest is legal kickers, are the same
    under the rules and under what they keep, so the tables shared by it are the same."""
    form, rules, rest, start, length = case
    kept = judging(form, rules)
    if form.kicker_width == 1:
        listed = single_kicker_sets(rest, form, start, length, rules)
        assert listed == single_kicker_sets(rest, form, start, length, kept)
    else:
        listed = pair_kicker_sets(rest, form, start, length, rules)
        assert listed == pair_kicker_sets(rest, form, start, length, kept)
    for kick in listed[:20]:
        counts = [0] * 15
        for r in kick:
            counts[r] += form.kicker_width
        assert kickers_ok(tuple(counts), form, start, length, kept)
    assert kickers_ok(rest, form, start, length, rules) == kickers_ok(
        rest, form, start, length, kept
    )
