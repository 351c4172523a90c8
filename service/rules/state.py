"""What one hand of Dou Dizhu is at any moment, and what can be read from it (docs/rules.md sections
5 to 7): each seat's cards, the phase, the seat to act, the auction's highest bid, the trick's
play to beat, every action so far, and once the hand has ended, the winner, the spring and the
score. ``HandState`` holds it; ``service.rules.game.Hand`` adds the actions that change it.

>>> from service.rules.game import Hand
>>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
>>> hand.bid(1, 3)
>>> hand.phase, hand.landlord, hand.bid_value, hand.to_act, sum(hand.hands[1])
(<Phase.PLAY: 'play'>, 1, 3, 1, 20)
>>> hand.dealt == Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1).hands
True
>>> _ = hand.play(1, "4444")
>>> [str(a) for a in hand.history], hand.plays, hand.trick_leader, hand.last_player
(['seat 1 bids 3', 'seat 1 plays bomb 4444 (rank 4)'], (0, 1, 0), 1, 1)
>>> hand.last_play, hand.winning_seat, hand.winner, hand.kitty_shown
(Combination.of('4444', kind='bomb', rank='4'), None, None, True)
"""

from __future__ import annotations

from .cards import Card, Counts, format_counts
from .combos import Combination
from .deal import Deal, FaceUp
from .events import Action, GameError, Phase, Violation
from .kinds import Kind
from .model import BOMB_KINDS, TOP_KINDS, Grade
from .online import Auction
from .options import BiddingMode
from .ruleset import RuleSet
from .scoring import Score, Side, score


class HandState:
    """One hand's state and its readings; ``Hand`` (``service.rules.game``) acts on it."""

    def __init__(
        self,
        deal: Deal,
        first_bidder: int | None,
        rules: RuleSet,
        face_up: FaceUp | None = None,
    ) -> None:
        self.rules = rules
        self.seats = rules.table.seats
        self.first_bidder = first_bidder
        self.deal = deal
        """The deal as cards (suits where they were given; see ``service.rules.deal``)."""
        self.face_up = face_up
        """The face-up card and the seat that drew it, when the start named them."""
        self.kitty = deal.kitty_counts
        self._dealt = deal.counts
        self._hands = list(self._dealt)
        self._phase = Phase.BIDDING
        self._to_act: int | None = first_bidder
        self._history: list[Action] = []
        self._bid_value = 0
        self._bidder: int | None = None
        self._spoken = 0
        self._passes = 0
        self._landlord: int | None = None
        self._leader: int | None = None
        self._last_play: Combination | None = None
        self._last_player: int | None = None
        self._plays = [0] * self.seats
        self._out: int | None = None
        self._partner: int | None = None
        self._announced: Card | None = None
        self._online: Auction | None = None
        """The online table's auction (section 13), under ``bidding=call_rob``."""
        if rules.bidding is BiddingMode.CALL_ROB and first_bidder is not None:
            self._online = Auction(first=first_bidder, rules=rules, seats=self.seats)

    @property
    def phase(self) -> Phase:
        """Where the hand stands."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (None once the hand is over)."""
        return self._to_act

    @property
    def landlord(self) -> int | None:
        """The landlord's seat, once the auction has one."""
        return self._landlord

    @property
    def partner(self) -> int | None:
        """The six-player second landlord's seat, once announced (None: none, or alone)."""
        return self._partner

    @property
    def announced(self) -> Card | None:
        """The card the six-player landlord announced (None: nothing, or not yet)."""
        return self._announced

    @property
    def landlords(self) -> tuple[int, ...]:
        """The landlord's side: the landlord, and its partner when it has one (section 12).

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.landlords, hand.bid(1, 3), hand.landlords
        ((), None, (1,))
        """
        found = (self._landlord, self._partner)
        return tuple(seat for seat in found if seat is not None)

    @property
    def bid_value(self) -> int:
        """The highest bid so far (0: none), the stake once the auction is over (1 in the
        six-player game, which has no auction)."""
        return self._bid_value

    @property
    def auction(self) -> Auction | None:
        """The online table's auction (section 13: calls, robs, shows, doublings), if any."""
        return self._online

    def _take_kitty(self, seat: int) -> None:
        self._hands[seat] = tuple(h + k for h, k in zip(self._hands[seat], self.kitty, strict=True))

    @property
    def hands(self) -> tuple[Counts, ...]:
        """Each seat's cards now (the landlord's with the kitty)."""
        return tuple(self._hands)

    @property
    def dealt(self) -> tuple[Counts, ...]:
        """Each seat's cards as dealt (before the kitty), as rank counts."""
        return self._dealt

    def held_from_start(self, seat: int) -> Counts:
        """Every card ``seat`` has held in the hand: as dealt, and the kitty for the landlord.

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> format_counts(hand.held_from_start(1))
        '3334444TTTTJJJJQQ2BR'
        """
        dealt = self._dealt[seat]
        if seat != self._landlord:
            return dealt
        return tuple(d + k for d, k in zip(dealt, self.kitty, strict=True))

    @property
    def kitty_shown(self) -> bool:
        """Whether the landlord shows the kitty before taking it (not ``kitty_hidden``)."""
        return not self.rules.kitty_hidden

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order."""
        return tuple(self._history)

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the current trick."""
        return self._leader

    @property
    def last_play(self) -> Combination | None:
        """The play to beat in the current trick (None: the seat to act leads)."""
        return self._last_play

    @property
    def last_player(self) -> int | None:
        """The seat that made ``last_play``."""
        return self._last_player

    @property
    def passing_allowed(self) -> bool:
        """Whether the seat to act may pass: always in the auction, never when leading.

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.passing_allowed, hand.bid(1, 3), hand.passing_allowed
        (True, None, False)
        """
        if self._phase is Phase.BIDDING:
            return True
        return self._phase is Phase.PLAY and self._last_play is not None

    @property
    def plays(self) -> tuple[int, ...]:
        """How many combinations each seat has played."""
        return tuple(self._plays)

    @property
    def bombs(self) -> int:
        """How many bombs have been played (of any size in the four-player game).

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> _ = hand.play(1, "4444")
        >>> hand.bombs, hand.rockets
        (1, 0)
        """
        return self._count(BOMB_KINDS)

    @property
    def rockets(self) -> int:
        """How many rockets (in the four-player game: nukes) have been played.

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=0)
        >>> hand.bid(0, 3)
        >>> _ = hand.play(0, "BR")
        >>> hand.bombs, hand.rockets
        (0, 1)
        """
        return self._count(TOP_KINDS)

    @property
    def bomb_classes(self) -> tuple[str, ...] | None:
        """Each bomb's class, in a wildcard game (docs/rules.md §14): soft, hard or pure."""
        if self.rules.model.wilds is None:
            return None
        return tuple(
            Grade(a.combination.grade).name.lower()
            for a in self._history
            if a.combination and a.combination.kind in BOMB_KINDS
        )

    def _count(self, kinds: frozenset[Kind]) -> int:
        return sum(1 for a in self._history if a.combination and a.combination.kind in kinds)

    @property
    def winning_seat(self) -> int | None:
        """The seat that ran out of cards."""
        return self._out

    @property
    def winner(self) -> Side | None:
        """Who won: the landlord, or the farmers together (section 5).

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_SPRING, kitty="JQK", first_bidder=0)
        >>> hand.bid(0, 3)
        >>> hand.winner is None, hand.play(0, "3334445556667779TJQK").kind.value
        (True, 'airplane_singles')
        >>> hand.winner, hand.winning_seat
        (<Side.LANDLORD: 'landlord'>, 0)
        """
        if self._out is None:
            return None
        return Side.LANDLORD if self._out in self.landlords else Side.FARMERS

    @property
    def spring(self) -> bool:
        """The landlord won and no farmer played a card (section 7; section 12: the landlord's
        side, the partner included, and no farmer); under ``spring_per_farmer``, some farmer
        played no card (the short rules).

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_SPRING, kitty="JQK", first_bidder=0)
        >>> hand.bid(0, 3)
        >>> _ = hand.play(0, "3334445556667779TJQK")
        >>> hand.spring, hand.anti_spring, hand.plays
        (True, False, (1, 0, 0))
        """
        side = self.landlords or (0,)  # the six-player partner is on the landlord's side
        farmers = [n for seat, n in enumerate(self._plays) if seat not in side]
        if self.rules.spring_per_farmer:  # the short rules: one farmer who never played
            return self.winner is Side.LANDLORD and min(farmers) == 0
        return self.winner is Side.LANDLORD and sum(farmers) == 0

    @property
    def anti_spring(self) -> bool:
        """The farmers won and the landlord (section 12: the landlords together) made only the
        opening lead (section 7); never under
        ``no_anti_spring`` (the short rules name no anti-spring).

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> for seat, cards in [(1, "3"), (2, None), (0, "9"), (1, None), (2, None),
        ...                     (0, "555666777888999"), (1, None), (2, None), (0, "3")]:
        ...     _ = hand.pass_turn(seat) if cards is None else hand.play(seat, cards)
        >>> hand.winner, hand.anti_spring, hand.spring
        (<Side.FARMERS: 'farmers'>, True, False)
        """
        if self.rules.no_anti_spring:
            return False
        side = self.landlords or (0,)  # the six-player landlords: only the opening lead
        return self.winner is Side.FARMERS and sum(self._plays[seat] for seat in side) == 1

    def score(self, doublings: int = 0) -> Score:
        """The score of the ended hand (section 7); ``GameError(no_score)`` before the end.

        >>> from service.rules.game import Hand
        >>> Hand.start(hands=_DEMO, kitty="BR2", first_bidder=2).score()
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: no score: no winner yet
        """
        if self._phase is not Phase.ENDED or self.winner is None:
            text = "the hand was thrown in" if self._phase is Phase.REDEAL else "no winner yet"
            raise GameError(Violation.NO_SCORE, f"no score: {text}")
        online = self._online
        seats = (self._landlord or 0, *self.farmers) if online else ()
        return score(
            bid=self._bid_value,
            winner=self.winner,
            bombs=self.bombs,
            rockets=self.rockets,
            spring=(self.spring or self.anti_spring) and self.rules.table.multipliers,
            doublings=doublings,
            partner=self._partner is not None,
            robs=online.robs if online else 0,
            show=online.show_factor if online else 1,
            seat_doublings=tuple(online.seat_doublings()[s] for s in seats) if online else None,
            bomb_classes=self.bomb_classes,
            rules=self.rules,
        )

    @property
    def farmers(self) -> tuple[int, ...]:
        """The farmers' seats, from the landlord's left (empty before the landlord is known).

        >>> from service.rules.game import Hand
        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> hand.farmers
        (2, 0)
        """
        if self._landlord is None:
            return ()
        after = ((self._landlord + step) % self.seats for step in range(1, self.seats))
        return tuple(seat for seat in after if seat != self._partner)

    def __repr__(self) -> str:
        hands = ", ".join(repr(format_counts(h)) for h in self._hands)
        return f"<Hand {self._phase} to_act={self._to_act} landlord={self._landlord} [{hands}]>"


#: A deal used by the examples: seat 0 lacks the 4s, seat 1 holds them, the kitty is B R 2.
_DEMO = ("35556667778889999", "3334444TTTTJJJJQQ", "QQKKKKAAAA2225678")
#: A six-player deal (kitty 3S 3S 4S 4S 5S 5S): seat 0 holds KH twice, seat 1 the third KH.
_SIX = (
    "KH KH 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H",
    "KH 9S TS TH TD TC JS JH JD JC QS QH QD QC KS KD KC AS AH AD AC 2S 2H 2D 2C 3H",
    "3D 3C 4H 4D 4C 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C TS TH",
    "TD TC JS JH JD JC QS QH QD QC KS KD KC AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S",
    "4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C TS TH TD",
    "TC JS JH JD JC QS QH QD QC KS KD KC AS AH AD AC 2S 2H 2D 2C B B B R R R",
)
#: A deal whose seat 0, with the kitty J Q K, plays out in one airplane: a spring.
_SPRING = ("3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR")


__all__ = ["HandState"]
