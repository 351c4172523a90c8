"""Card notation of API.md: every way of writing a card list, and the deck checks."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from service.rules import Card, CardError, Rank, Suit, format_counts, parse_cards, read_hand
from service.rules.cards import (
    CARD_PATTERN,
    CARDS_PATTERN,
    RANK_CHARS,
    canonical_parts,
    lookup_canonical,
)


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


#: Card characters, and characters beside them in code points or looks (``canonical_number``
#: reads code points through a table of 128), one past ASCII.
NEAR_CARDS = RANK_CHARS + "0125:@ASUZaktr\x7f\u0080\u00e9\u2660"


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=NEAR_CARDS, max_size=24), st.booleans())
@example("33333333", True)  # eight of a rank, which three bits would carry into 4's
@example("34567777888899TJQKA2BR", True)
def test_a_canonical_string_is_read_as_its_three_parts_and_nothing_else_is(
    text: str, ordered: bool
) -> None:
    """``lookup_canonical`` (one pass over the code points, then three list indexes) against
    the definition: a string of card characters in ascending rank order, at most four of a
    rank and one joker of a colour, is read as the counts of ranks 3-7, 8-Q and K-R; any other
    string as None."""
    if ordered:  # half the strings in rank order, the others' characters foreign to it
        text = "".join(sorted(text, key=lambda c: (RANK_CHARS.find(c), c)))
    cards = all(c in RANK_CHARS for c in text)
    counts = tuple(text.count(c) for c in RANK_CHARS)
    canonical = cards and list(text) == sorted(text, key=RANK_CHARS.index)
    fits = max(counts[:13]) <= 4 and max(counts[13:]) <= 1
    expected = (counts[:5], counts[5:10], counts[10:]) if canonical and fits else None
    assert lookup_canonical(text, canonical_parts()) == expected, text


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


# --- Notation: the playing-card characters of Unicode (README "Card notation") ----------------

#: Unicode's own names of its playing cards (``PLAYING CARD QUEEN OF HEARTS``), read back to
#: our ranks and suits: the expectation comes from the character database, not from the parser.
NAMED_RANKS = dict(
    zip(["ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN"], "A234567", strict=True)
)
NAMED_RANKS |= {"EIGHT": "8", "NINE": "9", "TEN": "T", "JACK": "J", "QUEEN": "Q", "KING": "K"}
SUITED = [chr(c) for c in range(0x1F0A1, 0x1F0DF) if " OF " in unicodedata.name(chr(c), "")]
KNIGHTS = [c for c in SUITED if "KNIGHT" in unicodedata.name(c)]


def named_card(char: str) -> Card:
    rank, suit = unicodedata.name(char).removeprefix("PLAYING CARD ").split(" OF ")
    return Card.parse(NAMED_RANKS[rank] + suit[0])


def test_notation_unicode_cards_read_as_their_rank_and_suit() -> None:
    """U+1F0A1-1F0DE: every card character but the knights is the card Unicode names."""
    cards = [c for c in SUITED if c not in KNIGHTS]
    assert len(cards) == 52
    for char in cards:
        assert parse_cards(char) == (named_card(char),), unicodedata.name(char)
    assert format_counts(read_hand("".join(cards), copies=1, jokers=0)) == format_counts(
        (4,) * 13 + (0, 0)
    )


def test_notation_unicode_jokers_red_big_black_and_white_small() -> None:
    """U+1F0BF RED JOKER is the red (big) joker; U+1F0CF BLACK JOKER and U+1F0DF WHITE JOKER
    are the black (small) joker (of two printed jokers, the plain one is the small one)."""
    assert unicodedata.name("🂿") == "PLAYING CARD RED JOKER"
    assert parse_cards("🂿") == (Card(Rank.RED_JOKER),)
    assert unicodedata.name("🃏") == "PLAYING CARD BLACK JOKER"
    assert parse_cards("🃏") == (Card(Rank.BLACK_JOKER),)
    assert unicodedata.name("🃟") == "PLAYING CARD WHITE JOKER"
    assert parse_cards("🃟") == (Card(Rank.BLACK_JOKER),)
    assert format_counts(read_hand("🃏🂿")) == "BR"
    with pytest.raises(CardError) as error:
        read_hand("🃏🃟")  # two small jokers: one deck has one
    assert [p.code for p in error.value.problems] == ["too_many_of_rank"]


@pytest.mark.parametrize("knight", KNIGHTS)
def test_notation_unicode_knights_are_not_in_the_game(knight: str) -> None:
    """The knights (U+1F0AC, BC, CC, DC) are named as cards the game has not, where they are."""
    suit = unicodedata.name(knight).rsplit(" ", 1)[1].lower()
    for value, position in ((f"3 🂡{knight}", 3), ([knight], 0)):
        with pytest.raises(CardError) as error:
            read_hand(value)
        [problem] = error.value.problems
        assert (problem.code, problem.token, problem.position) == ("not_a_card", knight, position)
        assert (
            problem.message
            == f"{knight!r} at {position} is the knight of {suit}, not a card of the game"
        )
    with pytest.raises(CardError, match=f"the knight of {suit}"):
        Card.parse(knight)


def test_notation_unicode_card_back_is_not_a_card() -> None:
    """U+1F0A0 PLAYING CARD BACK is no card; other characters of the block are unknown."""
    with pytest.raises(CardError) as error:
        read_hand(["3", "🂠", "🃠"])  # U+1F0E0, the Fool of the tarot trumps
    problems = [(p.code, p.token, p.position) for p in error.value.problems]
    assert problems == [("not_a_card", "🂠", 1), ("unknown_token", "🃠", 2)]
    assert error.value.problems[0].message == "'🂠' at 1 is a card's back, not a card of the game"


@pytest.mark.parametrize(
    ("value", "canonical"),
    [
        ("🂡🂱🃁🃑", "AAAA"),  # a run, no separators
        ("🂡 🂱,🃁 , 🃑", "AAAA"),
        (["🂡", " 🂱 ", "A", "a"], "AAAA"),  # list items, padded
        ("3🂣 ♠4 10h 🂪 大王🂡", "334TTAR"),  # beside ranks, suited cards and joker words
        ("10🂪JQ🂻 🃏", "TTJQJB"),
        ("KBJ🂾", "JKKB"),  # a run of one-character cards: B and J, not the joker word BJ
    ],
)
def test_notation_unicode_cards_mix_with_every_other_notation(
    value: str | list[str], canonical: str
) -> None:
    """With or without separators, in strings and list items, as the API's patterns admit."""
    tokens = [value] if isinstance(value, str) else value
    assert all(re.match(CARDS_PATTERN if tokens is not value else CARD_PATTERN, t) for t in tokens)
    assert format_counts(read_hand(value)) == "".join(sorted(canonical, key=RANK_CHARS.index))


def test_notation_unicode_cards_keep_their_suit() -> None:
    """A card character is a suited card: the same card twice, however written, is refused."""
    assert [str(c) for c in parse_cards("🂡 🂱")] == ["AS", "AH"]
    for value in ("🂡 AS", "♠A 🂡", "🂡🂡"):
        with pytest.raises(CardError) as error:
            read_hand(value)
        assert [p.code for p in error.value.problems] == ["duplicate_card"], value
    assert format_counts(read_hand("🂡 AS", copies=2)) == "AA"


def test_notation_unicode_cards_in_the_published_patterns() -> None:
    """The OpenAPI patterns admit every card character, alone, in runs and in lists, and no
    knight nor back (the parser names those)."""
    cards = [c for c in SUITED if c not in KNIGHTS] + ["🂿", "🃏", "🃟"]
    assert all(re.match(CARD_PATTERN, c) for c in cards)
    assert re.match(CARDS_PATTERN, "".join(cards) + " 33 ♠4 🂡10 大王🂡")
    assert not any(re.match(CARD_PATTERN, c) for c in [*KNIGHTS, "🂠", "🃠"])
    assert not any(re.match(CARDS_PATTERN, f"3🂡{c}") for c in [*KNIGHTS, "🂠"])
