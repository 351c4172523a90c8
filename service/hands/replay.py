"""A hand record replayed through the rules core: ``validate`` deals the hand, replays the bids
and the plays and passes through the core's ``Hand``, and stops at the first violation, naming
where it is (``part`` and ``index``), the seat, the core's ``Violation`` code and a sentence;
the state reached before it is reported all the same (``Outcome``).

>>> from service.rules.examples import DEMO_HANDS
>>> outcome = validate(Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=1, bids=[(1, 3)]))
>>> outcome.valid, outcome.hand.landlord, outcome.hand.to_act
(True, 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from service.answers import stamp
from service.rules import STANDARD, Counts, Reason, RuleSet, contains, format_counts
from service.rules.cards import counts_of
from service.rules.events import GameError, Phase, Violation
from service.rules.game import Hand
from service.rules.scoring import Score

from .botzone import botzone_name
from .records import Event, Part, Record
from .suits import Suits


@dataclass(frozen=True, kw_only=True, slots=True)
class HandError:
    """The first violation of a record: where, which seat, the core's code and a sentence."""

    part: Part
    index: int | None
    seat: int | None
    code: Violation
    message: str
    reason: Reason | None = None
    botzone: str | None = None
    """The Botzone FTL2 judge's name for the violation (``service.hands.botzone``)."""

    def as_dict(self) -> dict[str, Any]:
        """The wire form: part, index, seat, code, reason (why a play does not beat), message.

        >>> from service.rules.examples import DEMO_HANDS
        >>> record = Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=1, bids=[(2, 1)])
        >>> validate(record).error.as_dict()["code"]
        'wrong_seat'
        """
        return {
            "part": self.part.value,
            "index": self.index,
            "seat": self.seat,
            "code": self.code.value,
            "reason": self.reason.value if self.reason else None,
            "message": self.message,
            "botzone": self.botzone,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """A record replayed: the hand as far as it got (None for an impossible deal), the first
    violation (None: valid) and the cards as dealt."""

    hand: Hand | None
    error: HandError | None
    dealt: tuple[Counts, ...]
    doublings: int = 0
    rules: RuleSet = field(default=STANDARD)

    @property
    def valid(self) -> bool:
        """Whether every event of the record is legal.

        >>> from service.rules.examples import DEMO_HANDS
        >>> validate(Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=2)).valid
        True
        """
        return self.error is None

    def score(self) -> Score | None:
        """The score of the hand reached, when it has ended (section 7).

        >>> from service.rules.examples import DEMO_HANDS
        >>> record = Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=0, bids=[(0, 3)])
        >>> validate(record).score() is None
        True
        """
        if self.hand is None or self.hand.phase is not Phase.ENDED:
            return None
        return self.hand.score(self.doublings)

    def points(self) -> tuple[int, ...] | None:
        """Each seat's points, when the hand has ended (zero-sum): the landlord's, its
        partner's (six-player game) and each farmer's.

        >>> validate(Record.of(hands=["3"] * 3, kitty="", first_bidder=0)).points() is None
        True
        """
        result = self.score()
        if result is None or self.hand is None or self.hand.landlord is None:
            return None
        landlord, partner = self.hand.landlord, self.hand.partner
        by_seat = [0] * self.hand.seats
        by_seat[landlord] = result.landlord
        if partner is not None:
            by_seat[partner] = result.landlord if result.partner is None else result.partner
        for seat, points in zip(self.hand.farmers, result.farmers, strict=True):
            by_seat[seat] = points
        return tuple(by_seat)

    def as_dict(self) -> dict[str, Any]:
        """The wire form of the verdict and of the state reached (see ``validate_answer``).

        >>> from service.rules.examples import DEMO_HANDS
        >>> answer = validate(Record.of(hands=DEMO_HANDS, kitty="BR", first_bidder=0)).as_dict()
        >>> answer["valid"], answer["error"]["message"], answer["phase"]
        (False, 'the kitty holds 2 cards, not 3', None)
        """
        result, points = self.score(), self.points()
        return {
            "valid": self.valid,
            "error": self.error.as_dict() if self.error else None,
            **_state(self.hand, self.dealt),
            "score": result.as_dict() | {"ruleset": stamp(self.rules)} if result else None,
            "points": list(points) if points else None,
        }


def _state(hand: Hand | None, dealt: tuple[Counts, ...]) -> dict[str, Any]:
    if hand is None:
        return {
            "phase": None,
            "landlord": None,
            "partner": None,
            "bid": 0,
            "winner": None,
            "hands": [format_counts(h) for h in dealt],
            "bombs": 0,
            "rockets": 0,
            "spring": False,
            "anti_spring": False,
            "to_act": None,
            "actions": [],
            "auction": None,
            "last_play": None,
            "last_player": None,
            "passing_allowed": False,
        }
    to_beat = hand.last_play if hand.to_act is not None else None
    return {
        "phase": hand.phase.value,
        "landlord": hand.landlord,
        "partner": hand.partner,
        "bid": hand.bid_value,
        "winner": hand.winner.value if hand.winner else None,
        "hands": [format_counts(h) for h in hand.hands],
        "bombs": hand.bombs,
        "rockets": hand.rockets,
        "spring": hand.spring,
        "anti_spring": hand.anti_spring,
        "to_act": hand.to_act,
        "actions": actions(hand),
        "auction": _auction(hand),
        "last_play": to_beat.as_dict() if to_beat else None,
        "last_player": hand.last_player if to_beat else None,
        "passing_allowed": hand.passing_allowed,
    }


def actions(hand: Hand) -> list[str]:
    """What the seat to act may do now: ``bid_1`` .. ``bid_3`` and ``pass`` in an auction of
    bids; the online table's calls (``call``, ``rob``, ``double``, ...); ``announce``;
    ``play``, and ``pass`` when passing is allowed. Shows are never a turn: not listed.

    >>> from service.rules.examples import DEMO_HANDS
    >>> actions(Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1))
    ['pass', 'bid_1', 'bid_2', 'bid_3']
    """
    if hand.to_act is None:
        return []
    if hand.phase is Phase.PLAY:
        return ["play", "pass"] if hand.passing_allowed else ["play"]
    if hand.phase is Phase.ANNOUNCING:
        return ["announce"]
    return [a.call or (f"bid_{a.bid}" if a.bid else "pass") for a in hand.legal_actions()]


def _auction(hand: Hand) -> dict[str, Any] | None:
    """The online table's auction as far as it went (section 13); None without one."""
    auction = hand.auction
    if auction is None:
        return None
    return {
        "caller": auction.caller,
        "declined": list(auction.declined),
        "robbed": list(auction.robbed),
        "shows": [{"seat": seat, "stage": stage.value} for seat, stage in auction.shows],
        "show_factor": auction.show_factor,
        "doublings": list(auction.seat_doublings()),
    }


def _deal(record: Record, rules: RuleSet) -> tuple[Hand | None, HandError | None]:
    """The hand dealt, or the core's verdict on the deal and the seat that begins."""
    try:
        hand = Hand.start(
            hands=record.hands,
            kitty=record.kitty,
            first_bidder=record.first_bidder,
            landlord=record.landlord,
            face_up=record.face_up,
            rules=rules,
        )
    except GameError as error:
        part, seat = Part.DEAL, error.seat
        return None, HandError(
            part=part, index=None, seat=seat, code=error.code, message=error.message
        )
    return hand, None


def _announce(hand: Hand, record: Record) -> HandError | None:
    """The six-player landlord's announcement, as recorded (none: nothing announced)."""
    seat = hand.to_act
    assert seat is not None
    try:
        hand.announce(seat, record.announcement, partner=record.partner)
    except GameError as error:
        what = f"seat {seat} announces {record.announcement or 'nothing'}"
        return _error(Part.ANNOUNCEMENT, None, what, seat, error)
    return None


def _no_announcement(hand: Hand, record: Record) -> HandError:
    """The verdict on an announcement or a partner in a game whose auction names the landlord
    alone (``not_announcing``): judged where the six-player game judges its announcement."""
    named = record.announcement or "nothing"
    partner = "" if record.partner is None else f" (partner: seat {record.partner})"
    text = f"{hand.rules.game} has no announcement: the auction names the landlord, alone"
    return HandError(
        part=Part.ANNOUNCEMENT,
        index=None,
        seat=hand.landlord,
        code=Violation.NOT_ANNOUNCING,
        message=f"announces {named}{partner}: {text}",
    )


def _apply(hand: Hand, event: Event, suits: Suits) -> None:
    """Apply one play or pass, or raise the core's ``GameError``."""
    if hand.phase is Phase.BIDDING:  # the core reads a pass in the auction as a bid of 0
        text = f"the auction is on: seat {hand.to_act} bids next"
        raise GameError(Violation.STILL_BIDDING, text, seat=event.seat)
    if event.cards is None:
        hand.pass_turn(event.seat)
        return
    counts = event.counts
    mine = hand.phase is Phase.PLAY and event.seat == hand.to_act
    if mine and contains(hand.hands[event.seat], counts):
        suits.verify(hand, event.seat, event.cards)
    declared = None if event.substitution is None else dict(event.substitution)
    hand.play(event.seat, counts, kind=event.kind, rank=event.rank, substitution=declared)
    suits.take(hand, event.seat, event.cards)


def _error(
    part: Part,
    index: int | None,
    what: object,
    seat: int,
    error: GameError,
    *,
    name: str | None = None,
) -> HandError:
    return HandError(
        part=part,
        index=index,
        seat=seat,
        code=error.code,
        message=f"{what}: {error.message}",
        reason=error.reason,
        botzone=name,
    )


def _replay(hand: Hand, record: Record) -> HandError | None:
    for index, bid in enumerate(record.bids):
        try:
            hand.bid(bid.seat, bid.bid)
        except GameError as error:
            return _error(Part.BIDS, index, bid, bid.seat, error, name=botzone_name(error))
    for index, call in enumerate(record.auction):
        try:
            hand.call(call.seat, call.action, call.stage)
        except GameError as error:
            return _error(Part.AUCTION, index, call, call.seat, error)
    if hand.phase is Phase.ANNOUNCING:
        found = _announce(hand, record)
        if found is not None:
            return found
    elif record.announcement is not None or record.partner is not None:
        return _no_announcement(hand, record)
    suits = Suits(record)
    for index, event in enumerate(record.events):
        try:
            _apply(hand, event, suits)
        except GameError as error:
            name = botzone_name(error, (hand, event, suits))
            return _error(Part.EVENTS, index, event, event.seat, error, name=name)
    return None


def validate(record: Record, rules: RuleSet = STANDARD) -> Outcome:
    """Replay a record through the core; stop at the first violation (docs/rules.md §§5-7).

    >>> from service.rules.examples import DEMO_HANDS
    >>> record = Record.of(hands=DEMO_HANDS, kitty="BR2", first_bidder=1, bids=[(1, 1), (2, 1)])
    >>> outcome = validate(record)
    >>> outcome.valid, outcome.error.index, outcome.error.code.value, outcome.hand.to_act
    (False, 1, 'bid_not_higher', 2)
    """
    hand, error = _deal(record, rules)
    dealt = tuple(counts_of(cards) for cards in record.hands)
    if hand is not None:
        error = _replay(hand, record)
    return Outcome(hand, error, dealt, record.doublings, rules)


__all__ = ["HandError", "Outcome", "validate"]
