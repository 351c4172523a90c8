"""Cards: ranks, suits, parsing of every notation of API.md, and the canonical form.

A play or a hand is, to the rules, a multiset of ranks (docs/rules.md §1). It is held as
``Counts``: a tuple with one count per rank, in rank order. The canonical text form is one
character per card, ascending (``3456789TJQKA2BR``).

>>> parse_counts("10 10 j J Q")
(0, 0, 0, 0, 0, 0, 0, 2, 2, 1, 0, 0, 0, 0, 0)
>>> format_counts(parse_counts("大王, 3, s3"))
'33R'
>>> format_counts(parse_counts("🂡🂱 🃏 3"))
'3AAB'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from itertools import product
from typing import Final, TypeVar

#: One canonical character per rank, low to high.
RANK_CHARS: Final = "3456789TJQKA2BR"

Counts = tuple[int, ...]
"""How many cards of each rank, indexed by ``Rank``; always ``len(Rank)`` long."""


class Rank(IntEnum):
    """A card rank, ordered low to high (docs/rules.md §1); the value indexes ``Counts``."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12
    BLACK_JOKER = 13
    RED_JOKER = 14

    __hash__ = int.__hash__  # hashed as its value, which it equals, in C (``Enum``'s is Python)

    @property
    def char(self) -> str:
        """The canonical character: ``Rank.TEN.char == 'T'``."""
        return RANK_CHARS[self]

    @property
    def is_joker(self) -> bool:
        """Whether this is one of the two jokers."""
        return self >= Rank.BLACK_JOKER


class Suit(StrEnum):
    """A suit; the rules ignore suits, but a suited card may appear only once per deck."""

    SPADES = "S"
    """Spades, also written ``♠``."""
    HEARTS = "H"
    """Hearts, also written ``♥``."""
    DIAMONDS = "D"
    """Diamonds, also written ``♦``."""
    CLUBS = "C"
    """Clubs, also written ``♣``."""


NUM_RANKS: Final = len(Rank)
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
"""Each rank by its number: ``RANKS[n]`` is ``Rank(n)``, without the call into ``Enum`` (a
Python function, even for the compiled core) that a play made on the hot path would pay."""
EMPTY: Final[Counts] = (0,) * NUM_RANKS

_RANK_WORDS: Final[dict[str, Rank]] = {c: Rank(i) for i, c in enumerate(RANK_CHARS[:13])}
_RANK_WORDS.update({"10": Rank.TEN, "1": Rank.TEN})  # "1" never stands alone; see _split
_JOKER_WORDS: Final[dict[str, Rank]] = {
    **dict.fromkeys(("B", "BJ", "SJ", "X", "小王"), Rank.BLACK_JOKER),
    **dict.fromkeys(("R", "RJ", "CJ", "D", "大王"), Rank.RED_JOKER),
}
_SUIT_WORDS: Final[dict[str, Suit]] = {s.value: s for s in Suit} | {
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
}
# One token: a joker word, or a rank with an optional suit before or after it.
_TOKEN: Final = re.compile(
    r"小王|大王|BJ|SJ|RJ|CJ"
    r"|[SHDC♠♥♦♣]?(?:10|[2-9TJQKA])(?![SHDC♠♥♦♣](?:10|[2-9TJQKA]))[SHDC♠♥♦♣]?"
    r"|[BXRD]",
    re.IGNORECASE,
)
_SEPARATORS: Final = re.compile(r"[\s,]+")
# The playing cards of Unicode, a character a card: rows of spades, hearts, diamonds and clubs
# (from U+1F0A1, B1, C1, D1): ace to ten, jack, knight (no card of the game), queen, king; then
# jokers: red 1F0BF (big); black 1F0CF and white 1F0DF, the plain one of two printed (small).
_GLYPH_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_GLYPHS: Final[dict[str, tuple[Rank, Suit | None]]] = {
    chr(0x1F0A1 + 16 * row + column): (_RANK_WORDS[rank], suit)
    for row, suit in enumerate(_GLYPH_SUITS)
    for column, rank in enumerate("A23456789TJ.QK")  # "." the knight
    if rank != "."
}
_GLYPHS.update(dict.fromkeys(("\U0001f0cf", "\U0001f0df"), (Rank.BLACK_JOKER, None)))
_GLYPHS.update({"\U0001f0bf": (Rank.RED_JOKER, None)})
_NOT_CARDS: Final = {"\U0001f0a0": "a card's back"} | {
    chr(0x1F0AC + 16 * row): f"the knight of {suit.name.lower()}"
    for row, suit in enumerate(_GLYPH_SUITS)
}
_RANK_RE = "(?:10|[2-9TtJjQqKkAa])"
_SUIT_RE = "[SHDCshdc♠♥♦♣]"
# Literal characters, one alternative each: a class of them needs ECMA's "u" flag (a character
# outside the BMP is two UTF-16 units without it); a sequence matches with or without it.
_GLYPH_RE = f"(?:{'|'.join(_GLYPHS)})"
_JOKER_RE = "(?:小王|大王|[BbRr][Jj]?|[SsCc][Jj]|[XxDd])"
CARD_PATTERN = f"^\\s*(?:{_JOKER_RE}|{_SUIT_RE}?{_RANK_RE}|{_RANK_RE}{_SUIT_RE}|{_GLYPH_RE})\\s*$"
"""A regular expression (ECMA and Python alike) for one card token of API.md's notation."""
_RUN_RE = f"(?:{_RANK_RE}|[XxBbRr]|小王|大王|{_GLYPH_RE})+"
_ITEM_RE = f"(?:{_RUN_RE}|{_JOKER_RE}|{_SUIT_RE}{_RANK_RE}|{_RANK_RE}{_SUIT_RE})"
CARDS_PATTERN = f"^[\\s,]*(?:{_ITEM_RE}(?:[\\s,]+{_ITEM_RE})*[\\s,]*)?$"
"""A regular expression for a card string: suited cards and joker words stand between
separators; ranks, one-letter jokers and playing-card characters may also run together
(``"33344"``, ``"🂡🂱"``). Every string it matches parses (only the deck can still refuse it);
a test proves it."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and, when the client gave one, a suit.

    >>> Card.parse("10s")
    Card.parse('TS')
    """

    rank: Rank
    suit: Suit | None = None

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one token such as ``'10s'``, ``'♥Q'``, ``'BJ'`` or ``'大王'``.

        >>> str(Card.parse("10s")), str(Card.parse("大王"))
        ('TS', 'R')
        """
        card = _read_token(token)
        if card is None:
            raise CardError([unreadable(token)])
        return card

    def __str__(self) -> str:
        return self.rank.char + (self.suit or "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class CardProblem:
    """One problem found in a card list: a code, the offending token and its position."""

    code: str
    token: str
    position: int
    message: str


class CardError(ValueError):
    """A card list that cannot be read or that the deck cannot hold; lists every problem."""

    def __init__(self, problems: Sequence[CardProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems))


def unreadable(token: object, position: int | None = None) -> CardProblem:
    """The problem with a token that reads as no card: unknown, or ``not_a_card`` with its name
    when it is a playing-card character that is no card of the game (a knight, a card's back).

    >>> unreadable("🂬", 3).message, unreadable("Z").message
    ("'🂬' at 3 is the knight of spades, not a card of the game", "unknown card 'Z'")
    """
    where = "" if position is None else f" at {position}"
    what = _NOT_CARDS.get(str(token).strip())
    if what is None:
        text = f"unknown card {token!r}{where}"
        return CardProblem("unknown_token", str(token), position or 0, text)
    text = f"{token!r}{where} is {what}, not a card of the game"
    return CardProblem("not_a_card", str(token), position or 0, text)


def _read_token(token: str) -> Card | None:
    glyph = _GLYPHS.get(token.strip())
    if glyph is not None:
        return Card(glyph[0], glyph[1])
    word = token.strip().upper()
    if word in _JOKER_WORDS or token.strip() in _JOKER_WORDS:
        return Card(_JOKER_WORDS.get(word) or _JOKER_WORDS[token.strip()])
    for suit_first in (True, False):
        suit_text, rank_text = (word[:1], word[1:]) if suit_first else (word[-1:], word[:-1])
        if suit_text in _SUIT_WORDS and rank_text in _RANK_WORDS and rank_text != "1":
            return Card(_RANK_WORDS[rank_text], _SUIT_WORDS[suit_text])
    if word in _RANK_WORDS and word != "1":
        return Card(_RANK_WORDS[word])
    return None


def _split(text: str) -> list[tuple[str, int]]:
    """Cut a card string into (token, position) pairs; unreadable stretches become tokens."""
    tokens: list[tuple[str, int]] = []
    position = 0
    for part in _SEPARATORS.split(text):
        if not part:
            continue
        position = text.index(part, position)
        tokens.extend(_scan(part, position))
        position += len(part)
    return tokens


def _scan(part: str, offset: int) -> list[tuple[str, int]]:
    if _read_token(part) is not None:
        return [(part, offset)]
    if _RUN_CHARS.issuperset(part.upper()):  # a run of one-character cards
        return [(char, offset + i) for i, char in enumerate(part)]
    tokens: list[tuple[str, int]] = []
    index = 0
    while index < len(part):
        match = _TOKEN.match(part, index)
        end = match.end() if match else index + 1
        tokens.append((part[index:end], offset + index))
        index = end
    return tokens


def parse_cards(value: str | Sequence[str]) -> tuple[Card, ...]:
    """Read a card list written in any notation of API.md; raise ``CardError`` listing all problems.

    >>> [str(c) for c in parse_cards("♠10 10h BJ x")]
    ['TS', 'TH', 'B', 'B']
    """
    return _parse(value)[0]


def _parse(value: str | Sequence[str]) -> tuple[tuple[Card, ...], list[int]]:
    """The cards of a card list and where each one's token starts (one pass over the text)."""
    pairs: list[tuple[int, object]]  # a token of a list may be anything: reported, not trusted
    pairs = [(p, t) for t, p in _split(value)] if isinstance(value, str) else list(enumerate(value))
    cards: list[Card] = []
    problems: list[CardProblem] = []
    for position, token in pairs:
        card = _read_token(token) if isinstance(token, str) else None
        if card is None:
            problems.append(unreadable(token, position))
        else:
            cards.append(card)
    if problems:
        raise CardError(problems)
    return tuple(cards), [position for position, _ in pairs]


def parse_rank(token: str) -> Rank:
    """Read one rank (no suit): ``'10'``, ``'t'``, ``'Q'``, ``'BJ'``, ``'大王'``...

    >>> parse_rank("10"), parse_rank("x")
    (<Rank.TEN: 7>, <Rank.BLACK_JOKER: 13>)
    >>> parse_rank("345")
    Traceback (most recent call last):
    ...
    service.rules.cards.CardError: unknown rank '345'
    """
    card = _read_token(token) if isinstance(token, str) else None
    if card is None or card.suit is not None:
        raise CardError([CardProblem("unknown_rank", str(token), 0, f"unknown rank {token!r}")])
    return card.rank


def counts_of(cards: Sequence[Card]) -> Counts:
    """The rank counts of some cards.

    >>> counts_of(parse_cards("3 3 BJ"))[:2], counts_of(parse_cards("3 3 BJ"))[-2:]
    ((2, 0), (1, 0))
    """
    counts = [0] * NUM_RANKS
    for card in cards:
        counts[card.rank] += 1
    return tuple(counts)


def parse_counts(value: str | Sequence[str]) -> Counts:
    """Read a card list straight to rank counts (no deck check: see ``check_deck``).

    >>> format_counts(parse_counts("3 3 3 3 3 R"))
    '33333R'
    """
    counts = _fast_counts(value) if isinstance(value, str) else None
    return tuple(counts) if counts is not None else counts_of(parse_cards(value))


def format_counts(counts: Counts) -> str:
    """The canonical form of rank counts: ascending, one character per card.

    >>> format_counts((1, 0, 2) + (0,) * 11 + (1,))
    '355R'
    """
    assert len(counts) == NUM_RANKS, "a count for every rank"
    return "".join([RANK_CHARS[r] * n for r, n in enumerate(counts) if n])


def ranks_of(counts: Sequence[int]) -> tuple[int, ...]:
    """The rank of each card of rank counts, ascending: one entry per card.

    >>> ranks_of((1, 0, 2) + (0,) * 11 + (1,))
    (0, 2, 2, 14)
    """
    return tuple(r for r in range(NUM_RANKS) for _ in range(counts[r]))


def check_deck(
    cards: Sequence[Card],
    *,
    copies: int = 1,
    jokers: int | None = None,
    positions: Sequence[int] | None = None,
) -> None:
    """Raise ``CardError`` if ``copies`` decks with ``jokers`` jokers of each colour (default:
    ``copies``) cannot hold these cards (docs/rules.md §1).

    Every problem is reported: too many of a rank, too many of a joker, a suited card repeated.

    >>> check_deck(parse_cards("7777 7"))
    Traceback (most recent call last):
    ...
    service.rules.cards.CardError: more than 4 cards of rank 7 (the 5th at 4)
    """
    where = list(positions) if positions is not None else list(range(len(cards)))
    jokers = copies if jokers is None else jokers
    seen_rank = [0] * NUM_RANKS
    seen_card: dict[tuple[Rank, Suit], int] = {}
    problems: list[CardProblem] = []
    for card, position in zip(cards, where, strict=True):
        seen_rank[card.rank] += 1
        limit = jokers if card.rank.is_joker else 4 * copies
        if seen_rank[card.rank] == limit + 1:
            what = "jokers" if card.rank.is_joker else "cards"
            text = (
                f"more than {limit} {what} of rank {card.rank.char} "
                f"(the {ordinal(limit + 1)} at {position})"
                if limit
                else f"joker {card.rank.char} at {position}: this deck has no jokers"
            )
            problems.append(CardProblem("too_many_of_rank", str(card), position, text))
        if card.suit is not None:
            key = (card.rank, card.suit)
            seen_card[key] = seen_card.get(key, 0) + 1
            if seen_card[key] == copies + 1:
                problems.append(
                    CardProblem(
                        "duplicate_card",
                        str(card),
                        position,
                        f"card {card} appears more than {copies} time(s) (again at {position})",
                    )
                )
    if problems:
        raise CardError(problems)


def ordinal(n: int) -> str:
    """An ordinal number in English.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 112)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '112th']
    """
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"


def read_hand(value: str | Sequence[str], *, copies: int = 1, jokers: int | None = None) -> Counts:
    """Parse a card list and check that the deck can hold it; return its rank counts.

    The deck is ``copies`` decks with ``jokers`` jokers of each colour (default: ``copies``).

    >>> format_counts(read_hand(["10", "j", "Q", "k", "A"]))
    'TJQKA'
    >>> read_hand("33333")
    Traceback (most recent call last):
    ...
    service.rules.cards.CardError: more than 4 cards of rank 3 (the 5th at 4)
    """
    if copies == 1 and (jokers is None or jokers == 1) and isinstance(value, str):
        # The hot path: one deck, canonical order, in three parts; else the general reading.
        parts = lookup_canonical(value, _CANONICAL or canonical_parts())
        if parts is not None:
            return parts[0] + parts[1] + parts[2]
    if isinstance(value, str) and len(value) <= _FAST_LIMIT:
        counts = _fast_counts(value)
        top = copies if jokers is None else jokers
        if counts is not None and max(counts[:13]) <= 4 * copies and max(counts[13:]) <= top:
            return tuple(counts)
    cards, positions = _parse(value)
    check_deck(cards, copies=copies, jokers=jokers, positions=positions)
    return counts_of(cards)


T = TypeVar("T")


def lookup_canonical(value: str, tables: Sequence[list[T | None]]) -> tuple[T, T, T] | None:
    """A card string read as its number (``canonical_number``), and the parts of that number
    for ranks 3-7, 8-Q and K-R each looked up in its table (by their bits, as
    ``canonical_parts``); None when the string is not canonical or a part is in no table (more
    jokers than a deck holds). Only a canonical string's parts are all in the tables.

    >>> lookup_canonical("3378TK2R", canonical_parts())
    ((2, 0, 0, 0, 1), (1, 0, 1, 0, 0), (1, 0, 1, 0, 1))
    >>> lookup_canonical("KQ", canonical_parts()) is None
    True
    """
    # One pass over the characters, then three list indexes: no slice, no string hashed (the
    # parts' three strings cut, hashed and looked up in dicts took 3.7k instructions of an
    # OpenSpiel response of 10.2k, this 2.0k); looked up, not caught: a string out of order is
    # common (a hand as dealt), and an exception caught costs the compiled core more than
    # the whole lookup.
    number = canonical_number(value)
    if number < 0:
        return None
    first = tables[0][number >> _PART_BITS[0]]
    if first is None:
        return None
    second = tables[1][number >> _PART_BITS[1] & _PART_MASK]
    if second is None:
        return None
    third = tables[2][number & _PART_MASK]
    if third is None:
        return None
    return first, second, third


NUMBER_SHIFT: Final = tuple(3 * (NUM_RANKS - 1 - r) for r in range(NUM_RANKS))
"""Where each rank's count sits in a card set's number (``card_number``)."""


def card_number(counts: Sequence[int]) -> int:
    """A card set as a number: its count of each rank in three bits, the lowest rank in the
    highest bits (``NUMBER_SHIFT``), as ``canonical_number`` reads a hand's string and the
    wild engine numbers its plays. Sets of one size list in descending number (in ascending
    cards, the set with more of the lowest rank where two differ comes first), and a play's
    number is the sum of its parts' (no rank holds more than seven cards).

    >>> card_number([1, 0, 2] + [0] * 12) > card_number([0, 3] + [0] * 13)  # 355 before 444
    True
    """
    # zip without strict=: compiled, a C loop (docs/maintaining.md, item 11)
    return sum(n << s for n, s in zip(counts, NUMBER_SHIFT) if n)  # noqa: B905


_PART_BITS: Final = (NUMBER_SHIFT[4], NUMBER_SHIFT[9], NUMBER_SHIFT[14])
"""Where the counts of ranks 3-7, 8-Q and K-R begin in a card set's number."""
_PART_MASK: Final = (1 << 15) - 1
"""The bits of five ranks' counts."""
_NO_CARD: Final = 255
_INDEX: Final = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_INDEX: Final = bytes(_INDEX.get(chr(code), _NO_CARD) for code in range(128))
"""``_INDEX`` by code point, ``_NO_CARD`` for a character that is no rank: a bytes object,
indexed natively (``_fast_counts``)."""
_RANK_STEPS: Final = bytes(r if r == _NO_CARD else NUMBER_SHIFT[r] for r in _RANK_INDEX)
"""Each ASCII character's rank as where its count sits in a card set's number
(``NUMBER_SHIFT``: ranks in ascending order read in descending steps), ``_NO_CARD`` for a
character that is no card (``canonical_number``: a bytes object, indexed natively)."""


def canonical_number(value: str) -> int:
    """A canonical card string's number: its count of each rank in three bits
    (``NUMBER_SHIFT``); -1 when it is not canonical (a character that is no card, ranks out of
    order, or more than four of a rank; how many jokers a deck holds is the tables' to say).

    >>> [canonical_number("334B") >> shift & 7 for shift in NUMBER_SHIFT]
    [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    >>> [canonical_number(text) for text in ("43", "33333", "3x", "3\u00e9")]
    [-1, -1, -1, -1]
    """
    number = 0
    steps = _RANK_STEPS
    last, run = steps[ord(RANK_CHARS[0])], 0  # 3's, so that a first 3 continues its run
    for at in range(len(value)):  # by index: a compiled loop over a str makes each character
        code = ord(value[at])
        if code >= len(steps):
            return -1
        step = steps[code]
        if step == last:
            run += 1
            if run > 4:  # more than a deck holds (an eighth would carry into the next rank)
                return -1
        elif step < last:
            last, run = step, 1
        else:  # out of order, or no card (_NO_CARD)
            return -1
        number += 1 << step
    return number


_CANONICAL: tuple[list[Counts | None], ...] = ()


def canonical_parts() -> tuple[list[Counts | None], ...]:
    """The counts of ranks 3-7, 8-Q and K-R that one deck holds, each by its bits in a card
    set's number (``canonical_number``): three lists of 32,768, of which 3,125, 3,125 and 500
    are counts and the rest None (jokers are 0 or 1). Built once, on first use
    (``_CANONICAL``); the move generator's rank-list tables are keyed by these same tuples.

    >>> low, mid, high = canonical_parts()
    >>> [sum(counts is not None for counts in part) for part in (low, mid, high)]
    [3125, 3125, 500]
    >>> high[canonical_number("KA2BR")], low[canonical_number("3345") >> _PART_BITS[0]]
    ((1, 1, 1, 1, 1), (2, 1, 1, 0, 0))
    """
    global _CANONICAL  # noqa: PLW0603 - a table built once, read without a call
    if not _CANONICAL:
        parts = []
        for first, tops in ((0, (4,) * 5), (5, (4,) * 5), (10, (4, 4, 4, 1, 1))):
            part: list[Counts | None] = [None] * (_PART_MASK + 1)
            low = NUMBER_SHIFT[first + 4]
            for key in product(*(range(n + 1) for n in tops)):
                part[card_number((0,) * first + key) >> low] = key
            parts.append(part)
        _CANONICAL = tuple(parts)
    return _CANONICAL


_WORDS: Final = {
    spelling: int(rank)
    for word, rank in (_RANK_WORDS | _JOKER_WORDS).items()
    if word != "1"
    for spelling in (word, word.lower())
}
_RUN_CHARS: Final = frozenset(RANK_CHARS) | frozenset(_GLYPHS) | frozenset(_NOT_CARDS)
_FAST_LIMIT: Final = 256


def _fast_counts(text: str) -> list[int] | None:
    """Rank counts of a string of unsuited tokens: runs of one-character cards (``33344``,
    ``KBJ``: a K, a black joker, a J) and words such as ``10`` or ``BJ``, between spaces or
    commas (the hot path; ``_scan`` reads them alike); else None."""
    counts = [0] * NUM_RANKS
    index = _INDEX
    if text not in _WORDS:  # the commonest: one run, "33344"
        ranks = _RANK_INDEX
        for at in range(len(text)):  # by index: a compiled loop over a str makes each character
            code = ord(text[at])
            r = ranks[code] if code < len(ranks) else _NO_CARD
            if r == _NO_CARD:  # a separator or a word: read by parts below
                counts = [0] * NUM_RANKS
                break
            counts[r] = counts[r] + 1
        else:
            return counts
    # Looked up with get, not caught: "3 3 3 10 10" is common, and an exception caught costs
    # the compiled core more than reading the string.
    for part in _SEPARATORS.split(text):
        rank = _WORDS.get(part)
        if rank is not None:
            counts[rank] = counts[rank] + 1
            continue
        for char in part:
            found = index.get(char)
            if found is None:
                return None
            counts[found] = counts[found] + 1
    return counts


def contains(hand: Counts, play: Counts) -> bool:
    """Whether the hand holds every card of the play.

    >>> contains(parse_counts("33345"), parse_counts("335"))
    True
    """
    # zip without strict=: compiled, a C loop (docs/maintaining.md, item 11)
    return all(h >= p for h, p in zip(hand, play))  # noqa: B905


def subtract(hand: Counts, play: Counts) -> Counts:
    """The hand less the play (which it must contain).

    >>> format_counts(subtract(parse_counts("33345"), parse_counts("333")))
    '45'
    """
    # zip without strict=: compiled, a C loop (docs/maintaining.md, item 11)
    return tuple(h - p for h, p in zip(hand, play))  # noqa: B905
