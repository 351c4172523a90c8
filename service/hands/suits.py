"""Suits in a hand's plays: the rules ignore them (docs/rules.md §1), so plays are matched to
hands by rank; but a suited card is one card. A seat may not play a suited card dealt to
another seat (the kitty's go to the landlord), nor one played before, nor name it twice in a
play. What the suits of the deal decide (a suited card dealt too often, Big Three's first
bidder, the face-up card, the six-player announcement) the core checks
(``service.rules.deal``, ``service.rules.partner``).
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules import Card, Reason
from service.rules.events import GameError, Violation
from service.rules.game import Hand

from .records import Record


class Suits:
    """How many copies of each suited card each seat (None: the kitty) has left to play.

    >>> suits, hand = Suits(Record.of(hands=_DEAL, kitty="BR2", first_bidder=0)), _landlord(0)
    >>> suits.verify(hand, 0, [Card.parse("3H")])
    >>> suits.verify(hand, 1, [Card.parse("3H")])
    Traceback (most recent call last):
    ...
    service.rules.events.GameError: 3H was dealt to seat 0
    """

    def __init__(self, record: Record) -> None:
        self.left: dict[Card, dict[int | None, int]] = {}
        parts = [*enumerate(record.hands), (None, record.kitty)]
        for seat, cards in parts:
            for card in (c for c in cards if c.suit is not None):
                holders = self.left.setdefault(card, {})
                holders[seat] = holders.get(seat, 0) + 1
        self.dealt = {card: sum(h.values()) for card, h in self.left.items()}
        self.origin = {card: frozenset(h) for card, h in self.left.items()}
        """Who was dealt each suited card (None: the kitty)."""

    def fault(self, hand: Hand, seat: int, cards: Sequence[Card]) -> str | None:
        """Of a play the seat may not make, the first suited card at fault, in the order
        given: ``missing`` (dealt to another seat) or ``repeated`` (the seat's, played
        before or named twice); None when no suited card is.

        >>> suits, hand = Suits(Record.of(hands=_DEAL, kitty="BR2", first_bidder=0)), _landlord(0)
        >>> suits.fault(hand, 1, [Card.parse("3H")]), suits.fault(hand, 0, [Card.parse("3H")] * 2)
        ('missing', 'repeated')
        """
        mine = {seat, None} if seat == hand.landlord else {seat}
        dealt = hand.held_from_start(seat)
        named: dict[Card, int] = {}
        ranks = [0] * len(dealt)
        for card in cards:
            named[card] = named.get(card, 0) + 1
            ranks[card.rank] += 1
            if card.suit is not None and card in self.origin:
                if not self.origin[card] & mine:
                    return "missing"
                if named[card] > self._mine(hand, seat, card):
                    return "repeated"
            elif ranks[card.rank] > dealt[card.rank]:  # no suit (a joker): by rank
                return "missing"
            elif ranks[card.rank] > hand.hands[seat][card.rank]:
                return "repeated"
        return None

    def _mine(self, hand: Hand, seat: int, card: Card) -> int:
        holders = self.left[card]
        return holders.get(seat, 0) + (holders.get(None, 0) if seat == hand.landlord else 0)

    def verify(self, hand: Hand, seat: int, cards: Sequence[Card]) -> None:
        """Raise ``not_in_hand`` for a suited card that is not the seat's to play."""
        named: dict[Card, int] = {}
        for card in (c for c in cards if c.suit is not None):
            count = named[card] = named.get(card, 0) + 1
            if card not in self.left:  # the deal did not name it: only the decks limit it
                if count > hand.rules.table.copies:
                    text = f"the play holds {card} {count} times: the deck has {count - 1}"
                    text = f"the play holds {card} twice" if count == 2 else text
                    raise GameError(
                        Violation.NOT_IN_HAND, text, seat=seat, reason=Reason.NOT_IN_HAND
                    )
                continue
            if count <= self._mine(hand, seat, card):
                continue
            holders = {s: n for s, n in self.left[card].items() if n}
            if count > self.dealt[card]:
                text = f"the play holds {card} {count} times: the deal has {self.dealt[card]}"
            elif sum(holders.values()) < count:
                text = f"{card} has been played already"
            else:
                holder = next(s for s in holders if s != seat)
                text = f"{card} was dealt to seat {hand.landlord if holder is None else holder}"
            raise GameError(Violation.NOT_IN_HAND, text, seat=seat, reason=Reason.NOT_IN_HAND)

    def take(self, hand: Hand, seat: int, cards: Sequence[Card]) -> None:
        """Count the suited cards of a play as played (once ``verify`` has passed).

        >>> suits, hand = Suits(Record.of(hands=_DEAL, kitty="BR2", first_bidder=0)), _landlord(0)
        >>> suits.take(hand, 0, [Card.parse("3H")])
        >>> suits.verify(hand, 0, [Card.parse("3H")])
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: 3H has been played already
        """
        for card in (c for c in cards if c.suit is not None and c in self.left):
            holders = self.left[card]
            where = seat if holders.get(seat, 0) else None
            holders[where] -= 1


#: A deal used by the examples: seat 0 holds the 3 of hearts, the kitty is B R 2.
_DEAL = ("3H 5556667778889999", "3334444TTTTJJJJQQ", "QQKKKKAAAA2225678")


def _landlord(seat: int) -> Hand:
    """The examples' hand, after ``seat`` has bid 3 (it plays first)."""
    hand = Hand.start(hands=_DEAL, kitty="BR2", first_bidder=seat)
    hand.bid(seat, 3)
    return hand


__all__ = ["Suits"]
