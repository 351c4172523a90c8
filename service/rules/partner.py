"""The six-player game's second landlord (docs/rules.md §12): the landlord, with the kitty,
announces its highest pair of exactly identical cards (same rank and suit; two black or two
red jokers), and whoever holds the third copy of that card is its secret partner.

Where the source is silent:

- The cards the landlord could announce are those it holds exactly twice: a card held three
  times names no partner, so the landlord announces the highest card it holds exactly twice,
  and plays alone (announces nothing) when it holds none; when several suits tie at the highest
  rank, any of them.
- A deal that does not name every suit cannot show identical cards: the record then names the
  partner itself, and only what ranks show is checked (the landlord holds two of the announced
  rank, the partner one).

>>> deal = Deal.of(["AS AS KH KH 3S", "AS 4S", "KH 5S"], "")
>>> announcements(deal, 0)
((Card.parse('AS'), 1),)
>>> verify_announcement(deal, 0, Card.parse("KH"), None)
Traceback (most recent call last):
...
service.rules.events.GameError: seat 0 holds AS twice, higher than KH
"""

from __future__ import annotations

from collections import Counter

from .cards import Card, Rank
from .deal import Deal, identified
from .events import GameError, Violation


def landlord_cards(deal: Deal, landlord: int) -> tuple[Card, ...]:
    """The landlord's cards once it has taken the kitty.

    >>> landlord_cards(Deal.of(["3", "4"], "5"), 1)
    (Card.parse('4'), Card.parse('5'))
    """
    return deal.hands[landlord] + deal.kitty


def identical_pairs(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards held exactly twice (identified cards only), highest rank first.

    >>> identical_pairs(tuple(Card.parse(t) for t in "2H B 3 2H B 3 KS KS KS".split()))
    (Card.parse('B'), Card.parse('2H'))
    """
    held = Counter(c for c in cards if identified(c))
    pairs = [card for card, n in held.items() if n == 2]
    return tuple(sorted(pairs, key=lambda c: (-c.rank, c.suit or "")))


def highest_pairs(deal: Deal, landlord: int) -> tuple[Card, ...]:
    """What the landlord may announce on a suited deal: each card of the highest rank that it
    holds exactly twice (none: it plays alone).

    >>> highest_pairs(Deal.of(["AS AS AH AH KD KD", "3"], ""), 0)
    (Card.parse('AH'), Card.parse('AS'))
    """
    pairs = identical_pairs(landlord_cards(deal, landlord))
    return tuple(c for c in pairs if c.rank == pairs[0].rank) if pairs else ()


def third_copy(deal: Deal, landlord: int, card: Card) -> int | None:
    """The seat other than the landlord that was dealt ``card`` (None: no such seat).

    >>> third_copy(Deal.of(["AS AS", "3", "AS"], ""), 0, Card.parse("AS"))
    2
    """
    seats = (s for s, cards in enumerate(deal.hands) if s != landlord and card in cards)
    return next(seats, None)


def announcements(deal: Deal, landlord: int) -> tuple[tuple[Card | None, int | None], ...]:
    """Every legal announcement as (card, partner): on a suited deal, each highest identical
    pair with the holder of its third copy, or (None, None) alone; on another deal, nothing
    announced, or any rank the landlord holds twice with any seat dealt one of it.

    >>> announcements(Deal.of(["3 3", "3", "4"], ""), 0)
    ((None, None), (Card.parse('3'), 1))
    """
    if deal.suited:
        found = [(c, third_copy(deal, landlord, c)) for c in highest_pairs(deal, landlord)]
        return tuple(found) or ((None, None),)
    held = Counter(c.rank for c in landlord_cards(deal, landlord))
    pairs = [
        (Card(rank), seat)
        for rank in sorted(r for r, n in held.items() if n >= 2)
        for seat in range(len(deal.hands))
        if seat != landlord and any(c.rank == rank for c in deal.hands[seat])
    ]
    return ((None, None), *pairs)


def verify_announcement(
    deal: Deal, landlord: int, card: Card | None, partner: int | None
) -> int | None:
    """The partner an announcement makes (None: the landlord plays alone), or ``GameError``:
    ``pair_not_held``, ``not_highest_pair``, ``pair_not_announced``, ``wrong_partner`` (the
    partner named is not the holder of the third copy), ``partner_unknown`` (a deal without
    every suit, and no partner named).

    >>> deal = Deal.of(["AS AS KH KH 3S", "AS 4S", "KH 5S"], "")
    >>> verify_announcement(deal, 0, Card.parse("AS"), None)
    1
    >>> verify_announcement(deal, 0, None, None)
    Traceback (most recent call last):
    ...
    service.rules.events.GameError: seat 0 holds AS twice and announces nothing
    """
    if not deal.suited:
        return _by_ranks(deal, landlord, card, partner)
    top = highest_pairs(deal, landlord)
    if card is None:
        if top:
            text = f"seat {landlord} holds {top[0]} twice and announces nothing"
            raise GameError(Violation.PAIR_NOT_ANNOUNCED, text, seat=landlord)
        return _named(partner, None, landlord)
    held = landlord_cards(deal, landlord).count(card)
    if not identified(card) or held != 2:
        raise GameError(Violation.PAIR_NOT_HELD, _not_held(card, held, landlord), seat=landlord)
    if card not in top:
        text = f"seat {landlord} holds {top[0]} twice, higher than {card}"
        raise GameError(Violation.NOT_HIGHEST_PAIR, text, seat=landlord)
    return _named(partner, third_copy(deal, landlord, card), landlord)


def _not_held(card: Card, held: int, landlord: int) -> str:
    if not identified(card):
        return f"{card} names no suit: an identical pair is one card twice, suit and all"
    times = {0: "does not hold", 1: "holds one", 3: "holds all three"}[held]
    return f"seat {landlord} {times} {card}: it announces a card it holds exactly twice"


def _named(partner: int | None, holder: int | None, landlord: int) -> int | None:
    """The holder of the third copy, when the partner named (if any) is that seat."""
    if partner is not None and partner != holder:
        text = f"seat {holder} holds the third copy" if holder is not None else "no partner"
        text += f", not seat {partner}"
        raise GameError(Violation.WRONG_PARTNER, text, seat=landlord)
    return holder


def _by_ranks(deal: Deal, landlord: int, card: Card | None, partner: int | None) -> int | None:
    """An announcement on a deal that does not name every suit: checked by ranks only."""
    if card is None:
        return _named(partner, None, landlord)
    if partner is None:
        text = f"{card} announced, but the deal does not name every suit: name the partner"
        raise GameError(Violation.PARTNER_UNKNOWN, text, seat=landlord)
    rank: Rank = card.rank
    held = sum(1 for c in landlord_cards(deal, landlord) if c.rank == rank)
    if held < 2:
        text = f"seat {landlord} holds {held} {rank.char}: it announces a pair it holds"
        raise GameError(Violation.PAIR_NOT_HELD, text, seat=landlord)
    seats = range(len(deal.hands))
    if partner == landlord or partner not in seats or not deal.holds(partner, Card(rank)):
        text = f"seat {partner} cannot hold the third {rank.char}"
        raise GameError(Violation.WRONG_PARTNER, text, seat=landlord)
    return partner


__all__ = [
    "announcements",
    "highest_pairs",
    "identical_pairs",
    "landlord_cards",
    "third_copy",
    "verify_announcement",
]
