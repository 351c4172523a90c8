"""Card ids: the 54 cards of one deck numbered 0 to 53, the notation of Botzone's FTL2 judge
and of the bots' answers in its match logs (docs/api.md, card notation).

An id below 52 is a suited card: ``id // 4`` is its rank (0 the 3s, 1 the 4s, ... 12 the
2s) and ``id % 4`` its suit, in the judge's order hearts, diamonds, spades, clubs. 52 is the
black joker and 53 the red joker.

>>> [str(card_of_id(n)) for n in (0, 1, 2, 3, 4, 51, 52, 53)]
['3H', '3D', '3S', '3C', '4H', '2C', 'B', 'R']
>>> id_of_card(Card.parse("2C")), id_of_card(Card.parse("R"))
(51, 53)
"""

from __future__ import annotations

from .cards import Card, Rank, Suit

CARD_IDS = range(54)
"""Every card id of one deck."""
_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)
_JOKERS = {52: Rank.BLACK_JOKER, 53: Rank.RED_JOKER}


def is_card_id(value: object) -> bool:
    """Whether ``value`` is a card id: an integer from 0 to 53 (a JSON number without a
    fractional part, ``4`` or ``4.0``; never a boolean or a string).

    >>> is_card_id(53), is_card_id(4.0), is_card_id(54), is_card_id("3"), is_card_id(True)
    (True, True, False, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return float(value).is_integer() and int(value) in CARD_IDS


def card_of_id(card_id: int) -> Card:
    """The card an id stands for; ``ValueError`` for a number that is no card id.

    >>> card_of_id(13), card_of_id(52)
    (Card.parse('6D'), Card.parse('B'))
    >>> card_of_id(54)
    Traceback (most recent call last):
    ...
    ValueError: a card id is an integer from 0 to 53, not 54
    """
    if not is_card_id(card_id):
        raise ValueError(f"a card id is an integer from 0 to 53, not {card_id!r}")
    number = int(card_id)
    if number in _JOKERS:
        return Card(_JOKERS[number])
    return Card(Rank(number // 4), _SUITS[number % 4])


def id_of_card(card: Card) -> int:
    """The id of a card (a joker, or a card with its suit); ``ValueError`` for a card of a
    rank without a suit, which no single id names.

    >>> id_of_card(Card.parse("TS")), id_of_card(Card.parse("B"))
    (30, 52)
    >>> id_of_card(Card.parse("T"))
    Traceback (most recent call last):
    ...
    ValueError: T has no suit: a card id names a suited card or a joker
    """
    if card.rank.is_joker:
        return 52 if card.rank is Rank.BLACK_JOKER else 53
    if card.suit is None:
        raise ValueError(f"{card} has no suit: a card id names a suited card or a joker")
    return int(card.rank) * 4 + _SUITS.index(card.suit)


__all__ = ["CARD_IDS", "card_of_id", "id_of_card", "is_card_id"]
