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
from .rules import (
    BIG_THREE,
    FOUR_PLAYER,
    STANDARD,
    BiddingMode,
    Card,
    Counts,
    Game,
    Kind,
    Rank,
    Reason,
    RuleSet,
    Suit,
    contains,
    format_counts,
)
from .rules.cards import counts_of, parse_cards
from .rules.events import GameError, Phase, Violation, deal_problems
from .rules.game import Hand
from .rules.scoring import Score


def longest_auction(rules: RuleSet) -> int:
    """Bids in the longest auction of a game: under ``until_two_passes``, a pass from every
    seat but one, then 1, 2 and 3 each after a pass from every seat but two (three players:
    pass, pass, 1, pass, 2, pass, 3); under ``single_round``, one bid a seat.

    >>> until = BiddingMode.UNTIL_TWO_PASSES
    >>> longest_auction(STANDARD.derive(bidding=until)), longest_auction(STANDARD)
    (7, 3)
    >>> longest_auction(FOUR_PLAYER.derive(bidding=until))
    10
    """
    seats = rules.table.seats
    if rules.bidding is BiddingMode.SINGLE_ROUND:
        return seats
    return (seats - 1) + 1 + (rules.table.max_bid - 1) * (seats - 1)


def longest_hand(rules: RuleSet) -> int:
    """Plays and passes in the longest hand of a game: every card but one a seat for the
    others is played one at a time, with a pass from every other seat between two plays.

    >>> longest_hand(STANDARD), longest_hand(FOUR_PLAYER), longest_hand(BIG_THREE)
    (154, 417, 148)
    """
    table = rules.table
    deck = sum(table.full_deck)
    plays = deck - (table.seats - 1)
    return plays + (table.seats - 1) * (plays - 1)


_UNTIL = BiddingMode.UNTIL_TWO_PASSES
MAX_BIDS = 1 + max(longest_auction(r.derive(bidding=_UNTIL)) for r in (STANDARD, FOUR_PLAYER))
"""Bids in a record: the longest auction of any game (10, four players), and one more, so that
a bid after the longest auction is judged (``bidding_over``)."""
MAX_EVENTS = 1 + max(longest_hand(r) for r in (STANDARD, FOUR_PLAYER, BIG_THREE))
"""Plays and passes in a record: the longest hand of any game (417, four players), and one
more, so that an event after the longest hand is judged (``hand_over``)."""


class Part(StrEnum):
    """Which part of a record a violation is in; the value is the request field."""

    DEAL = "deal"
    """The deal: the game's hands and kitty (three of 17 and 3 from one deck, four of 25 and 8
    from two, three of 16 and 4 from 52 cards)."""
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
        landlord, seats = self.hand.landlord, self.hand.seats
        by_seat = [0] * seats
        by_seat[landlord] = result.landlord
        for step, points in enumerate(result.farmers, start=1):
            by_seat[(landlord + step) % seats] = points
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


def _suit_problems(record: Record, rules: RuleSet) -> list[tuple[int | None, str]]:
    """Suited cards dealt more often than the decks hold them, each with the seat concerned
    (None: the kitty)."""
    copies = rules.table.copies
    parts = [(seat, f"seat {seat}", cards) for seat, cards in enumerate(record.hands)]
    seen: dict[Card, list[str]] = {}
    problems: list[tuple[int | None, str]] = []
    for seat, name, cards in [*parts, (None, "the kitty", record.kitty)]:
        for card in (c for c in cards if c.suit is not None):
            holders = seen.setdefault(card, [])
            holders.append(name)
            if len(holders) == copies + 1:
                others = [h for h in holders[:-1] if h != name]
                where = f", which {others[0]} holds too" if others else " twice"
                where = where if copies == 1 or others else f" {len(holders)} times"
                problems.append((seat, f"{name} holds {card}{where}"))
    return problems


def _first_bidder_problem(record: Record, rules: RuleSet) -> str | None:
    """Big Three with every card suited: the first bidder must hold the 4 of hearts or, when
    the kitty holds it, the lowest heart dealt (RULES.md section 10)."""
    cards = [c for hand in record.hands for c in hand]
    if rules.game is not Game.BIG_THREE or any(c.suit is None for c in [*cards, *record.kitty]):
        return None
    hearts = [
        (rules.model.power(c.rank), seat)
        for seat, hand in enumerate(record.hands)
        for c in hand
        if c.suit is Suit.HEARTS
    ]
    if not hearts:
        return None
    low, seat = min(hearts)
    if seat == record.first_bidder:
        return None
    four = Card(Rank.FOUR, Suit.HEARTS)
    which = (
        "4H"
        if low == rules.model.power(Rank.FOUR)
        else f"the lowest heart dealt ({four} is in the kitty)"
    )
    return f"seat {seat} holds {which} and bids first, not seat {record.first_bidder}"


def _deal(record: Record, rules: RuleSet) -> tuple[Hand | None, HandError | None]:
    """The hand dealt, or the deal's problems as one ``bad_deal`` error."""
    dealt = [counts_of(cards) for cards in record.hands]
    problems = deal_problems(dealt, counts_of(record.kitty), rules) + _suit_problems(record, rules)
    code = Violation.BAD_DEAL
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
            wrong = _first_bidder_problem(record, rules)
            if wrong is None:
                return start, None
            problems, code = [(record.first_bidder, wrong)], Violation.WRONG_FIRST_BIDDER
    text = "; ".join(p for _, p in problems)
    seat = problems[0][0]
    return None, HandError(part=Part.DEAL, index=None, seat=seat, code=code, message=text)


class _Suits:
    """How many copies of each suited card each seat (None: the kitty) has left to play."""

    def __init__(self, record: Record) -> None:
        self.left: dict[Card, dict[int | None, int]] = {}
        parts = [*enumerate(record.hands), (None, record.kitty)]
        for seat, cards in parts:
            for card in (c for c in cards if c.suit is not None):
                holders = self.left.setdefault(card, {})
                holders[seat] = holders.get(seat, 0) + 1
        self.dealt = {card: sum(h.values()) for card, h in self.left.items()}

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
        for card in (c for c in cards if c.suit is not None and c in self.left):
            holders = self.left[card]
            where = seat if holders.get(seat, 0) else None
            holders[where] -= 1


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
    suits.take(hand, event.seat, event.cards)


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
    ('bad_deal', 'first_bidder must be a seat from 0 to 2, not 3')
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
        for player, gained in zip(players, points or (0,) * len(players), strict=True):
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
        "points": dict(zip(players, points or (0,) * len(players), strict=True)),
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
    "longest_auction",
    "longest_hand",
    "validate",
    "validate_answer",
]
