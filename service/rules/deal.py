"""The deal as cards, suits kept where they are given, and what the suits decide (docs/rules.md §1,
10 and 12): a suited card is one card, dealt no more often than the decks hold it; the face-up
card was drawn by the seat said to have drawn it; in Big Three the holder of the 4 of hearts
bids first. The rules ignore suits everywhere else (section 1).

A deal given as rank counts is a deal of unsuited cards: only what ranks decide is checked.

>>> deal = Deal.of(["3H 4", "3H 5", "6"], "")
>>> deal.counts[0][:3], deal.suited
((1, 1, 0), False)
>>> deal.suit_problems(1)
[(1, 'seat 1 holds 3H, which seat 0 holds too')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Counts, Rank, Suit, counts_of, parse_cards
from .events import GameError, Violation
from .model import Game
from .ruleset import RuleSet

CardsText = str | Sequence[str] | Sequence[Card] | Counts


def cards_of(value: CardsText) -> tuple[Card, ...]:
    """Cards from card text, ``Card``s, or rank counts (cards without suits).

    >>> cards_of("3H 4"), cards_of((0, 2) + (0,) * 13)
    ((Card.parse('3H'), Card.parse('4')), (Card.parse('4'), Card.parse('4')))
    """
    if isinstance(value, tuple) and value and all(isinstance(n, int) for n in value):
        return tuple(Card(Rank(r)) for r, n in enumerate(value) for _ in range(n))
    if not isinstance(value, str) and all(isinstance(c, Card) for c in value):
        return tuple(value)  # type: ignore[arg-type]
    return parse_cards(value)  # type: ignore[arg-type]


def identified(card: Card) -> bool:
    """Whether a card is one exact card of the deck: suited, or a joker (its colour is its
    rank).

    >>> identified(Card.parse("3H")), identified(Card.parse("B")), identified(Card.parse("3"))
    (True, True, False)
    """
    return card.suit is not None or card.rank.is_joker


@dataclass(frozen=True, kw_only=True, slots=True)
class FaceUp:
    """The card turned face up in the stock before the draw, and the seat that drew it (the
    "How to Play" text: that seat bids first, or in the six-player game is the landlord).

    >>> FaceUp.of("7h", 2)
    FaceUp(card=Card.parse('7H'), seat=2)
    """

    card: Card
    seat: int

    @classmethod
    def of(cls, card: str | Card, seat: int) -> FaceUp:
        """The face-up card from one card token.

        >>> str(FaceUp.of("大王", 0).card)
        'R'
        """
        return cls(card=card if isinstance(card, Card) else Card.parse(card), seat=seat)


@dataclass(frozen=True, slots=True)
class Deal:
    """Each seat's cards and the kitty's, as dealt."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]

    @classmethod
    def of(cls, hands: Sequence[CardsText], kitty: CardsText) -> Deal:
        """A deal from card text, ``Card``s or rank counts, seat by seat.

        >>> Deal.of(["3S", (0, 1) + (0,) * 13], "R").hands
        ((Card.parse('3S'),), (Card.parse('4'),))
        """
        return cls(tuple(cards_of(h) for h in hands), cards_of(kitty))

    @property
    def counts(self) -> tuple[Counts, ...]:
        """Each seat's rank counts."""
        return tuple(counts_of(h) for h in self.hands)

    @property
    def kitty_counts(self) -> Counts:
        """The kitty's rank counts."""
        return counts_of(self.kitty)

    @property
    def suited(self) -> bool:
        """Whether every card of the deal is an exact card (a suit, or a joker).

        >>> Deal.of(["3H", "B"], "4S").suited, Deal.of(["3H", "B"], "4").suited
        (True, False)
        """
        return all(identified(c) for cards in (*self.hands, self.kitty) for c in cards)

    def suit_problems(self, copies: int) -> list[tuple[int | None, str]]:
        """Suited cards dealt more often than ``copies`` decks hold them, each with the seat
        concerned (None: the kitty).

        >>> Deal.of(["3H", "4"], "3H").suit_problems(1)
        [(None, 'the kitty holds 3H, which seat 0 holds too')]
        >>> Deal.of(["3H 3H 3H", "4"], "").suit_problems(2)
        [(0, 'seat 0 holds 3H 3 times')]
        """
        parts = [(seat, f"seat {seat}", cards) for seat, cards in enumerate(self.hands)]
        seen: dict[Card, list[str]] = {}
        problems: list[tuple[int | None, str]] = []
        for seat, name, cards in [*parts, (None, "the kitty", self.kitty)]:
            for card in (c for c in cards if c.suit is not None):
                holders = seen.setdefault(card, [])
                holders.append(name)
                if len(holders) == copies + 1:
                    others = [h for h in holders[:-1] if h != name]
                    where = f", which {others[0]} holds too" if others else " twice"
                    where = where if copies == 1 or others else f" {len(holders)} times"
                    problems.append((seat, f"{name} holds {card}{where}"))
        return problems

    def holds(self, seat: int, card: Card) -> bool:
        """Whether a seat was dealt a card: the same card, or, where the deal or the card names
        no suit, a card of its rank.

        >>> deal = Deal.of(["7H 8", "7S"], "")
        >>> deal.holds(0, Card.parse("7H")), deal.holds(1, Card.parse("7H"))
        (True, False)
        >>> deal.holds(0, Card.parse("8S")), deal.holds(1, Card.parse("7"))
        (True, True)
        """
        return any(
            c == card or (c.rank == card.rank and (c.suit is None or card.suit is None))
            for c in self.hands[seat]
        )

    def face_up_problem(self, face_up: FaceUp) -> str | None:
        """Why the seat said to have drawn the face-up card cannot have drawn it (None: it can).

        >>> Deal.of(["7H", "7S"], "").face_up_problem(FaceUp.of("7S", 0))
        'seat 0 was not dealt the face-up 7S'
        """
        if self.holds(face_up.seat, face_up.card):
            return None
        return f"seat {face_up.seat} was not dealt the face-up {face_up.card}"

    def hearts_bidder(self, rules: RuleSet) -> tuple[int, str] | None:
        """Big Three with every card suited: the seat that bids first, the holder of the 4 of
        hearts or, when the kitty holds it, of the lowest heart dealt (docs/rules.md §10), and what
        it holds; None in other games, with ``free_first_bidder``, or without suits.

        >>> from .ruleset import BIG_THREE
        >>> Deal.of(["5H", "4H", "6S"], "").hearts_bidder(BIG_THREE)
        (1, '4H')
        >>> Deal.of(["5H", "6H", "6S"], "4H").hearts_bidder(BIG_THREE)
        (0, 'the lowest heart dealt (4H is in the kitty)')
        """
        if rules.game is not Game.BIG_THREE or rules.free_first_bidder or not self.suited:
            return None
        hearts = [
            (rules.model.power(c.rank), seat)
            for seat, cards in enumerate(self.hands)
            for c in cards
            if c.suit is Suit.HEARTS
        ]
        if not hearts:
            return None
        low, seat = min(hearts)
        four = Card(Rank.FOUR, Suit.HEARTS)
        if low == rules.model.power(Rank.FOUR):
            return seat, str(four)
        return seat, f"the lowest heart dealt ({four} is in the kitty)"


def start_problems(
    first_bidder: int | None, landlord: int | None, face_up: FaceUp | None, rules: RuleSet
) -> list[tuple[int | None, str]]:
    """What a hand's start names that its game lacks, or a seat that is none, each with the
    seat concerned (None here: the start, not a seat); ``Hand.start`` raises them as
    ``bad_deal``.

    >>> from .ruleset import SIX_PLAYER
    >>> for seat, text in start_problems(0, None, None, SIX_PLAYER):
    ...     print(seat, text)
    None landlord must be a seat from 0 to 5, not None
    None first_bidder is not named in six_player: landlord is
    """
    game, seats = rules.game, f"a seat from 0 to {rules.table.seats - 1}"
    named = {"first_bidder": first_bidder, "landlord": landlord}
    needed = "first_bidder" if rules.table.bidding else "landlord"
    if needed == "landlord" and landlord is None and face_up is not None:
        named["landlord"] = face_up.seat
    problems: list[tuple[int | None, str]] = [
        (None, f"{name} must be {seats}, not {value!r}")
        for name, value in named.items()
        if name == needed and not _is_seat(value, rules)
    ]
    if named["landlord" if needed == "first_bidder" else "first_bidder"] is not None:
        other = "landlord" if needed == "first_bidder" else "first_bidder"
        problems.append((None, f"{other} is not named in {game}: {needed} is"))
    if face_up is not None:
        if rules.table.bidding and not rules.face_up_bids_first:
            text = f"face_up is not used in {game} without face_up_bids_first"
            problems.append((None, text))
        if not _is_seat(face_up.seat, rules):
            problems.append((None, f"the face-up card's seat must be {seats}"))
    return problems


def verify_first_seat(deal: Deal, seat: int | None, face_up: FaceUp | None, rules: RuleSet) -> None:
    """Raise ``GameError`` unless the seat that begins (bids first, or is the landlord) is the
    one the face-up card and the suits name: ``face_up_not_held``, ``not_face_up_drawer``,
    ``wrong_first_bidder``.

    >>> from .ruleset import SIX_PLAYER
    >>> verify_first_seat(Deal.of(["7H", "7S"], ""), 0, FaceUp.of("7S", 1), SIX_PLAYER)
    Traceback (most recent call last):
    ...
    service.rules.events.GameError: seat 1 drew the face-up 7S and is the landlord, not seat 0
    """
    role = "bids first" if rules.table.bidding else "is the landlord"
    if face_up is not None:
        problem = deal.face_up_problem(face_up)
        if problem is not None:
            raise GameError(Violation.FACE_UP_NOT_HELD, problem, seat=face_up.seat)
        if seat != face_up.seat:
            drew = f"seat {face_up.seat} drew the face-up {face_up.card}"
            text = f"{drew} and {role}, not seat {seat}"
            raise GameError(Violation.NOT_FACE_UP_DRAWER, text, seat=seat)
    hearts = deal.hearts_bidder(rules)
    if hearts is not None and hearts[0] != seat:
        text = f"seat {hearts[0]} holds {hearts[1]} and bids first, not seat {seat}"
        raise GameError(Violation.WRONG_FIRST_BIDDER, text, seat=seat)


def _is_seat(seat: object, rules: RuleSet) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and seat in range(rules.table.seats)


__all__ = [
    "CardsText",
    "Deal",
    "FaceUp",
    "cards_of",
    "identified",
    "start_problems",
    "verify_first_seat",
]
