"""Whole hands: a hand record replayed through the rules core and judged event by event.

A record is the deal (three hands and a kitty, with or without suits), the first bidder, the
bids, and every play and pass in order (``Record``). ``validate`` replays it through the core's
``Hand`` and stops at the first violation, naming where it is (``part`` and ``index``), the seat,
the core's ``Violation`` code and a sentence; the state reached before it is reported all the
same. The answers (``validate_answer``, ``batch_answer``, ``ledger_answer``) are JSON-ready
dicts, as in ``service.answers``.

Decisions where RULES.md is silent:

- Deck problems of the deal (a seat without 17 cards, five 7s, a suited card dealt twice) are a
  verdict (``bad_deal``), not an input error: the record is well-formed, the deal is impossible.
- Suits: the rules ignore them (section 1), so plays are matched to hands by rank; but a suited
  card the deal gave to another seat (the kitty's go to the landlord), a suited card played
  before, or one named twice in a play, is ``not_in_hand``.
- An event after the end of the hand (or after a redeal) is ``hand_over``, a bid after the
  auction ``bidding_over``, a play or pass before it ``still_bidding``: the core's codes.
- A record may stop anywhere: a hand in progress is valid, with the seat to act, the play to
  beat and whether passing is allowed; only an ended hand has a score. The state reached is
  reported with a violation too (a hand that ended before an extra event shows its score), but
  a match ledger scores valid hands only.

>>> record = Record.of(
...     hands=["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"],
...     kitty="JQK",
...     first_bidder=0,
...     bids=[(0, 3)],
...     events=[(0, "9TJQK"), (1, None), (2, None), (0, "333444555666777")],
... )
>>> outcome = validate(record)
>>> outcome.valid, outcome.hand.winner.value, outcome.hand.spring, outcome.points()
(True, 'landlord', True, (12, -6, -6))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .answers import stamp
from .rules import STANDARD, Card, Counts, Kind, Reason, RuleSet, contains, format_counts
from .rules.cards import counts_of, parse_cards
from .rules.events import GameError, Phase, Violation, deal_problems
from .rules.game import Hand
from .rules.scoring import Score

SEATS = 3
MAX_BIDS = 8
"""Bids in a record: the longest auction has 7 (``until_two_passes``: pass, pass, 1, pass, 2,
pass, 3), and one more lets a bid after the longest auction be judged (``bidding_over``)."""
MAX_EVENTS = 155
"""Plays and passes in a record. At most 52 of the 54 cards are played (the two seats left
hold one at least), so at most 52 plays; at most two passes come between two plays and none
before the first or after the last: 52 + 2 x 51 = 154 events. One more lets an event after the
longest hand be judged (``hand_over``)."""


class Part(StrEnum):
    """Which part of a record a violation is in; the value is the request field."""

    DEAL = "deal"
    """The deal: three hands of 17 and a kitty of 3 from one deck."""
    BIDS = "bids"
    """A bid of the auction (``index`` is its position in ``bids``)."""
    EVENTS = "events"
    """A play or pass (``index`` is its position in ``events``)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Bid:
    """A bid of the auction: 1, 2 or 3, or 0 for a pass.

    >>> str(Bid(seat=2, bid=0))
    'seat 2 bids pass'
    """

    seat: int
    bid: int

    def __str__(self) -> str:
        return f"seat {self.seat} bids {self.bid or 'pass'}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Event:
    """A play (``cards``, with a declared reading if any) or a pass (``cards`` is None).

    >>> str(Event.of(1, "10 10 J J Q Q")), str(Event.of(2, None))
    ('seat 1 plays TTJJQQ', 'seat 2 passes')
    """

    seat: int
    cards: tuple[Card, ...] | None = None
    kind: Kind | None = None
    rank: str | None = None

    @classmethod
    def of(
        cls, seat: int, cards: str | None, *, kind: Kind | None = None, rank: str | None = None
    ) -> Event:
        """An event from card text in any notation (None: a pass).

        >>> Event.of(0, "♠3 3h", kind=Kind.PAIR).cards
        (Card.parse('3S'), Card.parse('3H'))
        """
        read = None if cards is None else tuple(parse_cards(cards))
        return cls(seat=seat, cards=read, kind=kind, rank=rank)

    @property
    def counts(self) -> Counts:
        """The rank counts of the cards played (none for a pass).

        >>> format_counts(Event.of(0, "10 J Q K A").counts)
        'TJQKA'
        """
        return counts_of(self.cards or ())

    def __str__(self) -> str:
        if self.cards is None:
            return f"seat {self.seat} passes"
        declared = " ".join(str(x) for x in (self.kind, self.rank) if x is not None)
        what = f" as {declared}" if declared else ""
        return f"seat {self.seat} plays {format_counts(self.counts) or 'no card'}{what}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Record:
    """A hand as recorded: the deal, the first bidder, the bids, the plays and passes."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    first_bidder: int
    bids: tuple[Bid, ...] = ()
    events: tuple[Event, ...] = ()
    doublings: int = 0

    @classmethod
    def of(
        cls,
        *,
        hands: Sequence[str],
        kitty: str,
        first_bidder: int,
        bids: Sequence[tuple[int, int]] = (),
        events: Sequence[tuple[int, str | None]] = (),
        doublings: int = 0,
    ) -> Record:
        """A record from card text: bids as (seat, bid), events as (seat, cards or None).

        >>> Record.of(hands=["3", "4", "5"], kitty="", first_bidder=0).kitty
        ()
        """
        return cls(
            hands=tuple(tuple(parse_cards(h)) for h in hands),
            kitty=tuple(parse_cards(kitty)),
            first_bidder=first_bidder,
            bids=tuple(Bid(seat=s, bid=b) for s, b in bids),
            events=tuple(Event.of(s, c) for s, c in events),
            doublings=doublings,
        )


@dataclass(frozen=True, kw_only=True, slots=True)
class HandError:
    """The first violation of a record: where, which seat, the core's code and a sentence."""

    part: Part
    index: int | None
    seat: int | None
    code: Violation
    message: str
    reason: Reason | None = None

    def as_dict(self) -> dict[str, Any]:
        """The wire form: part, index, seat, code, reason (why a play does not beat), message.

        >>> record = Record.of(hands=_DEMO, kitty="BR2", first_bidder=1, bids=[(2, 1)])
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

        >>> validate(Record.of(hands=_DEMO, kitty="BR2", first_bidder=2)).valid
        True
        """
        return self.error is None

    def score(self) -> Score | None:
        """The score of the hand reached, when it has ended (section 7).

        >>> record = Record.of(hands=_DEMO, kitty="BR2", first_bidder=0, bids=[(0, 3)])
        >>> validate(record).score() is None
        True
        """
        if self.hand is None or self.hand.phase is not Phase.ENDED:
            return None
        return self.hand.score(self.doublings)

    def points(self) -> tuple[int, ...] | None:
        """Each seat's points, when the hand has ended (zero-sum).

        >>> validate(Record.of(hands=["3"] * 3, kitty="", first_bidder=0)).points() is None
        True
        """
        result = self.score()
        if result is None or self.hand is None or self.hand.landlord is None:
            return None
        landlord = self.hand.landlord
        by_seat = [0] * SEATS
        by_seat[landlord] = result.landlord
        for step, points in enumerate(result.farmers, start=1):
            by_seat[(landlord + step) % SEATS] = points
        return tuple(by_seat)

    def as_dict(self) -> dict[str, Any]:
        """The wire form of the verdict and of the state reached (see ``validate_answer``).

        >>> answer = validate(Record.of(hands=_DEMO, kitty="BR", first_bidder=0)).as_dict()
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
            "bid": 0,
            "winner": None,
            "hands": [format_counts(h) for h in dealt],
            "bombs": 0,
            "rockets": 0,
            "spring": False,
            "anti_spring": False,
            "to_act": None,
            "last_play": None,
            "last_player": None,
            "passing_allowed": False,
        }
    to_beat = hand.last_play if hand.to_act is not None else None
    return {
        "phase": hand.phase.value,
        "landlord": hand.landlord,
        "bid": hand.bid_value,
        "winner": hand.winner.value if hand.winner else None,
        "hands": [format_counts(h) for h in hand.hands],
        "bombs": hand.bombs,
        "rockets": hand.rockets,
        "spring": hand.spring,
        "anti_spring": hand.anti_spring,
        "to_act": hand.to_act,
        "last_play": to_beat.as_dict() if to_beat else None,
        "last_player": hand.last_player if to_beat else None,
        "passing_allowed": hand.passing_allowed,
    }


# --- Replaying a record -----------------------------------------------------------------------


def _suit_problems(record: Record) -> list[tuple[int | None, str]]:
    """Suited cards dealt twice, each with the seat concerned (None: the kitty)."""
    parts = [(seat, f"seat {seat}", cards) for seat, cards in enumerate(record.hands)]
    seen: dict[Card, str] = {}
    problems: list[tuple[int | None, str]] = []
    for seat, name, cards in [*parts, (None, "the kitty", record.kitty)]:
        for card in (c for c in cards if c.suit is not None):
            if card not in seen:
                seen[card] = name
            elif seen[card] == name:
                problems.append((seat, f"{name} holds {card} twice"))
            else:
                problems.append((seat, f"{name} holds {card}, which {seen[card]} holds too"))
    return problems


def _deal(record: Record, rules: RuleSet) -> tuple[Hand | None, HandError | None]:
    """The hand dealt, or the deal's problems as one ``bad_deal`` error."""
    dealt = [counts_of(cards) for cards in record.hands]
    problems = deal_problems(dealt, counts_of(record.kitty)) + _suit_problems(record)
    if not problems:
        try:
            start = Hand.start(
                hands=dealt,
                kitty=counts_of(record.kitty),
                first_bidder=record.first_bidder,
                rules=rules,
            )
        except GameError as error:  # a first bidder that is no seat
            problems = [(error.seat, error.message)]
        else:
            return start, None
    text = "; ".join(p for _, p in problems)
    seat = problems[0][0]
    return None, HandError(
        part=Part.DEAL, index=None, seat=seat, code=Violation.BAD_DEAL, message=text
    )


class _Suits:
    """Where the deal put each suited card, and which suited cards have been played."""

    def __init__(self, record: Record) -> None:
        self.owner: dict[Card, int | None] = {c: None for c in record.kitty if c.suit}
        for seat, cards in enumerate(record.hands):
            self.owner |= {c: seat for c in cards if c.suit}
        self.played: set[Card] = set()

    def verify(self, hand: Hand, seat: int, cards: Sequence[Card]) -> None:
        """Raise ``not_in_hand`` for a suited card that is not the seat's to play."""
        named: set[Card] = set()
        for card in (c for c in cards if c.suit is not None):
            holder = self.owner.get(card, seat)
            holder = hand.landlord if holder is None else holder
            text = None
            if card in self.played:
                text = f"{card} has been played already"
            elif card in named:
                text = f"the play holds {card} twice"
            elif holder != seat:
                text = f"{card} was dealt to seat {holder}"
            if text:
                raise GameError(Violation.NOT_IN_HAND, text, seat=seat, reason=Reason.NOT_IN_HAND)
            named.add(card)

    def take(self, cards: Sequence[Card]) -> None:
        self.played.update(c for c in cards if c.suit is not None)


def _apply(hand: Hand, event: Event, suits: _Suits) -> None:
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
    hand.play(event.seat, counts, kind=event.kind, rank=event.rank)
    suits.take(event.cards)


def _error(part: Part, index: int, what: object, seat: int, error: GameError) -> HandError:
    return HandError(
        part=part,
        index=index,
        seat=seat,
        code=error.code,
        message=f"{what}: {error.message}",
        reason=error.reason,
    )


def _replay(hand: Hand, record: Record) -> HandError | None:
    for index, bid in enumerate(record.bids):
        try:
            hand.bid(bid.seat, bid.bid)
        except GameError as error:
            return _error(Part.BIDS, index, bid, bid.seat, error)
    suits = _Suits(record)
    for index, event in enumerate(record.events):
        try:
            _apply(hand, event, suits)
        except GameError as error:
            return _error(Part.EVENTS, index, event, event.seat, error)
    return None


def validate(record: Record, rules: RuleSet = STANDARD) -> Outcome:
    """Replay a record through the core; stop at the first violation (RULES.md sections 5-7).

    >>> record = Record.of(hands=_DEMO, kitty="BR2", first_bidder=1, bids=[(1, 1), (2, 1)])
    >>> outcome = validate(record)
    >>> outcome.valid, outcome.error.index, outcome.error.code.value, outcome.hand.to_act
    (False, 1, 'bid_not_higher', 2)
    """
    hand, error = _deal(record, rules)
    dealt = tuple(counts_of(cards) for cards in record.hands)
    if hand is not None:
        error = _replay(hand, record)
    return Outcome(hand, error, dealt, record.doublings, rules)


# --- Answers ----------------------------------------------------------------------------------


def validate_answer(record: Record, rules: RuleSet = STANDARD) -> dict[str, Any]:
    """The verdict on a record and the state it reached, as ``POST /v1/hands/validate`` answers.

    >>> answer = validate_answer(Record.of(hands=_DEMO, kitty="BR2", first_bidder=1))
    >>> answer["valid"], answer["phase"], answer["to_act"], answer["score"]
    (True, 'bidding', 1, None)
    """
    return validate(record, rules).as_dict() | {"ruleset": stamp(rules)}


def batch_answer(records: Sequence[Record], rules: RuleSet = STANDARD) -> dict[str, Any]:
    """One verdict per record, in order.

    >>> answer = batch_answer([Record.of(hands=_DEMO, kitty="BR2", first_bidder=3)])
    >>> answer["results"][0]["error"]["code"], answer["results"][0]["error"]["message"]
    ('bad_deal', 'first_bidder must be 0, 1 or 2, not 3')
    """
    return {
        "results": [validate_answer(record, rules) for record in records],
        "ruleset": stamp(rules),
    }


def ledger_answer(
    hands: Sequence[tuple[Sequence[str], Record]], rules: RuleSet = STANDARD
) -> dict[str, Any]:
    """A match: each hand's points by player and the running totals; an invalid hand, or one
    without a score (thrown in, unfinished), scores nothing. Every hand is zero-sum, so are
    the totals.

    >>> deal = ["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"]
    >>> won = Record.of(
    ...     hands=deal, kitty="JQK", first_bidder=0, bids=[(0, 1), (1, 0), (2, 0)],
    ...     events=[(0, "3334445556667779TJQK")],
    ... )
    >>> passes = [(1, 0), (2, 0), (0, 0)]
    >>> thrown_in = Record.of(hands=deal, kitty="JQK", first_bidder=1, bids=passes)
    >>> wrong_seat = Record.of(hands=deal, kitty="JQK", first_bidder=1, bids=[(2, 3)])
    >>> seated = [(["ann", "bob", "cy"], r) for r in (won, thrown_in, wrong_seat)]
    >>> answer = ledger_answer(seated)
    >>> answer["totals"], [h["scored"] for h in answer["hands"]], answer["invalid"]
    ({'ann': 4, 'bob': -2, 'cy': -2}, [True, False, False], [2])
    """
    totals: dict[str, int] = {}
    entries, invalid = [], []
    for index, (players, record) in enumerate(hands):
        outcome = validate(record, rules)
        points = outcome.points() if outcome.valid else None
        for player, gained in zip(players, points or (0,) * SEATS, strict=True):
            totals[player] = totals.get(player, 0) + gained
        if not outcome.valid:
            invalid.append(index)
        entries.append(_ledger_entry(index, players, outcome, points, totals))
    return {"hands": entries, "totals": totals, "invalid": invalid, "ruleset": stamp(rules)}


def _ledger_entry(
    index: int,
    players: Sequence[str],
    outcome: Outcome,
    points: tuple[int, ...] | None,
    totals: dict[str, int],
) -> dict[str, Any]:
    answer = outcome.as_dict()
    return {
        "index": index,
        "players": list(players),
        "valid": outcome.valid,
        "scored": points is not None,
        "error": answer["error"],
        "phase": answer["phase"],
        "landlord": answer["landlord"],
        "winner": answer["winner"],
        "score": answer["score"] if points else None,
        "points": dict(zip(players, points or (0,) * SEATS, strict=True)),
        "totals": dict(totals),
    }


#: A deal used by the examples: seat 0 lacks the 4s, seat 1 holds them, the kitty is B R 2.
_DEMO = ("35556667778889999", "3334444TTTTJJJJQQ", "QQKKKKAAAA2225678")


__all__ = [
    "MAX_BIDS",
    "MAX_EVENTS",
    "Bid",
    "Event",
    "HandError",
    "Outcome",
    "Part",
    "Record",
    "batch_answer",
    "ledger_answer",
    "validate",
    "validate_answer",
]
