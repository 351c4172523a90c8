"""Card notation of API.md: every way of writing a card list, and the deck checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import Card, CardError, Rank, Suit, format_counts, parse_cards, read_hand
from service.rules.cards import CARD_PATTERN, CARDS_PATTERN


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("33344", "33344"),
        ("3 3 3 10 10", "333TT"),
        ("10,J,Q,K,A", "TJQKA"),
        ("t j q k a", "TJQKA"),
        ("10JQKA", "TJQKA"),
        ("2 2", "22"),
        ("AKQJ109", "9TJQKA"),
    ],
)
def test_ranks_in_every_separator_style(text: str, canonical: str) -> None:
    assert format_counts(read_hand(text)) == canonical


@pytest.mark.parametrize("alias", ["B", "BJ", "SJ", "X", "小王", "b", "bj", "x"])
def test_black_joker_aliases(alias: str) -> None:
    assert parse_cards(alias) == (Card(Rank.BLACK_JOKER),)


@pytest.mark.parametrize("alias", ["R", "RJ", "CJ", "D", "大王", "r", "rj", "cj", "d"])
def test_red_joker_aliases(alias: str) -> None:
    assert parse_cards(alias) == (Card(Rank.RED_JOKER),)


@pytest.mark.parametrize("token", ["S10", "10s", "♠10", "10♠", "s10", "ST", "Ts"])
def test_suits_before_or_after_the_rank(token: str) -> None:
    assert parse_cards(token) == (Card(Rank.TEN, Suit.SPADES),)


def test_suit_symbols() -> None:
    cards = parse_cards("♠A ♥A ♦A ♣A")
    assert [c.suit for c in cards] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def test_array_of_tokens() -> None:
    assert format_counts(read_hand(["10", "J", "q", "K", "A", "大王"])) == "TJQKAR"


def test_unsuited_string_without_separators_with_jokers() -> None:
    assert format_counts(read_hand("33BR")) == "33BR"
    assert format_counts(read_hand("小王大王")) == "BR"


def test_a_joker_word_alone_is_a_joker_and_a_run_is_one_card_per_character() -> None:
    """API.md lists `BJ` and `RJ` as joker words: a token of its own is a joker (read as a
    jack and a joker was a bug). A run of one-character cards is one card per character, in
    any order, as a shuffled deal joined together is written: `KBJ` holds a jack."""
    assert format_counts(read_hand("BJ")) == "B"
    assert format_counts(read_hand("3 BJ,RJ")) == "3BR"
    assert format_counts(read_hand("KBJ")) == "JKB"
    assert format_counts(read_hand("kbj")) == "JKB"
    assert str(parse_cards("KBJ")[2]) == "J"


def test_canonical_output_is_ascending() -> None:
    assert format_counts(read_hand("R 2 A 3 B")) == "3A2BR"


def test_every_problem_reported_with_token_and_position() -> None:
    with pytest.raises(CardError) as error:
        read_hand(["3", "Z", "4", "11"])
    problems = error.value.problems
    assert [(p.code, p.token, p.position) for p in problems] == [
        ("unknown_token", "Z", 1),
        ("unknown_token", "11", 3),
    ]


def test_string_positions_are_character_offsets() -> None:
    with pytest.raises(CardError) as error:
        read_hand("3 4 ? 5")
    assert [(p.token, p.position) for p in error.value.problems] == [("?", 4)]


def test_deck_problems_all_reported() -> None:
    with pytest.raises(CardError) as error:
        read_hand("33333 BB H4 H4")
    codes = [p.code for p in error.value.problems]
    assert codes == ["too_many_of_rank", "too_many_of_rank", "duplicate_card"]


def test_card_repr_parses_back() -> None:
    for card in parse_cards("♥Q 10c BJ R 2"):
        assert eval(repr(card)) == card


def test_non_string_tokens_are_unknown() -> None:
    with pytest.raises(CardError) as error:
        read_hand([3, "4"])  # type: ignore[list-item]
    assert error.value.problems[0].position == 0


DECK_CODES = {"too_many_of_rank", "duplicate_card"}

UNSUITED = st.sampled_from(
    ["3", "9", "10", "1", "T", "t", "J", "j", "A", "2", "B", "b", "BJ", "bj", "R", "RJ", "X", "D"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(UNSUITED, st.sampled_from(["", " ", ",", " , "])), max_size=12))
def test_the_fast_reading_agrees_with_the_full_one(pieces: list[tuple[str, str]]) -> None:
    """``read_hand`` reads unsuited strings on a fast path; the full token reading
    (``parse_cards``) must find the same cards, or the same problems."""
    text = "".join(token + separator for token, separator in pieces)
    try:
        fast = read_hand(text)
    except CardError as error:
        fast_problems = error.problems
        fast = None
    try:
        full = read_hand(list(map(str, parse_cards(text))))
    except CardError as error:
        assert fast is None, (text, fast)
        assert {p.code for p in fast_problems} >= {p.code for p in error.problems}
    else:
        assert fast == full, text


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=13, max_size=13),
    st.lists(st.integers(0, 2), min_size=2, max_size=2),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_canonical_strings_read_alike_on_the_table_path(
    ranks: list[int], jokers: list[int], copies: int, rng: random.Random
) -> None:
    """Strings in canonical order are read from per-segment tables when the deck is one deck
    (``read_hand``'s hot path); counts over a deck and shuffled strings take the general
    reading, and every string must read as its shuffled cards read, or fail alike."""
    counts = (*ranks, *jokers)
    text = format_counts(counts)
    shuffled = list(text)
    rng.shuffle(shuffled)
    deck = {"copies": max(copies, 1), "jokers": copies if copies else None}
    results = []
    for cards in (text, " ".join(shuffled)):
        try:
            results.append(read_hand(cards, **deck))
        except CardError as error:
            results.append(sorted(p.code for p in error.problems))
    assert results[0] == results[1], (text, deck)
    fits = max(ranks) <= 4 * deck["copies"] and max(jokers) <= (copies if copies else 1)
    assert results[0] == counts if fits else isinstance(results[0], list), (text, deck)


@settings(max_examples=400, deadline=None)
@given(st.from_regex(CARDS_PATTERN))
def test_every_string_the_published_pattern_admits_parses(text: str) -> None:
    """The OpenAPI pattern for card strings promises parseable input: only the deck may refuse."""
    try:
        read_hand(text)
    except CardError as error:
        assert {p.code for p in error.problems} <= DECK_CODES, error


@settings(max_examples=300, deadline=None)
@given(st.lists(st.from_regex(CARD_PATTERN), max_size=20))
def test_every_token_the_published_pattern_admits_parses(tokens: list[str]) -> None:
    """The OpenAPI pattern for one card token promises a card."""
    try:
        read_hand(tokens)
    except CardError as error:
        assert {p.code for p in error.problems} <= DECK_CODES, error
