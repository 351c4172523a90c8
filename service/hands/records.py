"""A hand record: the deal, the first bidder and the bids (the six-player game: the landlord
and its announcement), the plays and passes (``Record``), and what a record must hold to be
read: the fields its game begins with, no more than the longest auction and the longest hand
of each game, and the doublings the game scores (``record_problems``).

>>> record = Record.of(hands=["3", "4", "5"], kitty="", first_bidder=0, events=[(0, "3")])
>>> str(record.events[0]), len(record.bids)
('seat 0 plays 3', 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.rules import (
    BIG_THREE,
    FOUR_PLAYER,
    STANDARD,
    BiddingMode,
    Card,
    Counts,
    Kind,
    RuleSet,
    format_counts,
)
from service.rules.cards import counts_of, parse_cards
from service.rules.deal import FaceUp
from service.rules.ruleset import SIX_PLAYER
from service.rules.scoring import GAME_LIMITS


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
    >>> longest_hand(SIX_PLAYER)
    937
    """
    table = rules.table
    deck = sum(table.full_deck)
    plays = deck - (table.seats - 1)
    return plays + (table.seats - 1) * (plays - 1)


_UNTIL = BiddingMode.UNTIL_TWO_PASSES
MAX_BIDS = 1 + max(longest_auction(r.derive(bidding=_UNTIL)) for r in (STANDARD, FOUR_PLAYER))
"""Bids in a record: the longest auction of any game (10, four players), and one more, so that
a bid after the longest auction is judged (``bidding_over``)."""
MAX_AUCTION = 11
"""Calls in a record (section 13): the longest online auction is a show from each seat, a
call, a rob from each other seat and the rob back, and a doubling from each seat (10), and one
more, so that a call after it is judged."""
MAX_EVENTS = 1 + max(longest_hand(r) for r in (STANDARD, FOUR_PLAYER, BIG_THREE, SIX_PLAYER))
"""Plays and passes in a record: the longest hand of any game (937, six players), and one
more, so that an event after the longest hand is judged (``hand_over``)."""


def record_problems(record: Record, rules: RuleSet) -> dict[str, Any]:
    """What a record of the game of ``rules`` cannot be read without, or beyond: a field the
    game needs to begin and the record lacks (``required_in_game``: the first bidder of a game
    with bidding, the six-player landlord or its face-up card), more bids than its longest
    auction (in either bidding mode) and one, more events than its longest hand and one,
    doublings the game's score does not take; each field's problems as ``{"code",
    "message"}`` entries (none: an empty dict). A field of another game's (an announcement
    in a three-player record, bids in a six-player one) reads, and the replay judges it.

    >>> deal = {"hands": ["3", "4", "5"], "kitty": ""}
    >>> record_problems(Record.of(**deal, first_bidder=0, bids=[(0, 0)] * 9), STANDARD)["bids"]
    [{'code': 'too_many_bids', 'message': 'at most 8 bids in a record of three_player, not 9'}]
    >>> record_problems(Record.of(**deal, first_bidder=0, doublings=1), BIG_THREE)["doublings"]
    [{'code': 'not_in_game', 'message': 'doublings must be from 0 to 0 in big_three, not 1'}]
    >>> record_problems(Record.of(**deal, announcement="AS"), STANDARD)["first_bidder"][0]["code"]
    'required_in_game'
    >>> record_problems(Record.of(**deal, landlord=0), SIX_PLAYER)
    {}
    """
    found: dict[str, Any] = {
        name: [{"code": "required_in_game", "message": text}]
        for name, text in _needed(record, rules)
    }
    limits = [("events", len(record.events), longest_hand(rules) + 1)]
    if rules.table.bidding and rules.bidding is not BiddingMode.CALL_ROB:
        until = rules.derive(bidding=BiddingMode.UNTIL_TWO_PASSES)
        limits.insert(0, ("bids", len(record.bids), longest_auction(until) + 1))
    for name, count, most in limits:
        if count > most:
            text = f"at most {most} {name} in a record of {rules.game}, not {count}"
            found[name] = [{"code": f"too_many_{name}", "message": text}]
    low, high = GAME_LIMITS[rules.game]["doublings"]
    if rules.bidding is BiddingMode.CALL_ROB and record.doublings:
        text = "doublings must be 0 under bidding=call_rob: each seat doubles in the auction"
        found["doublings"] = [{"code": "not_in_game", "message": text}]
    elif not low <= record.doublings <= high:
        text = f"doublings must be from {low} to {high} in {rules.game}, not {record.doublings}"
        found["doublings"] = [{"code": "not_in_game", "message": text}]
    return found


def _needed(record: Record, rules: RuleSet) -> list[tuple[str, str]]:
    """(field, message) for each field the record's game needs to begin that it lacks."""
    game = rules.game
    if rules.table.bidding:
        needs = {"first_bidder": "the seat that bids first"}
    elif record.face_up is None:
        needs = {"landlord": "the landlord's seat (or face_up, the seat that drew it)"}
    else:
        needs = {}
    return [
        (name, f"a {game} record names {what}")
        for name, what in needs.items()
        if getattr(record, name) is None
    ]


class Part(StrEnum):
    """Which part of a record a violation is in; the value is the request field."""

    DEAL = "deal"
    """The deal: the game's hands and kitty (three of 17 and 3 from one deck, four of 25 and 8
    from two, three of 16 and 4 from 52 cards, six of 26 and 6 from three packs), and the
    seat that begins (the first bidder; the six-player landlord) as the face-up card and the
    suits say."""
    BIDS = "bids"
    """A bid of the auction (``index`` is its position in ``bids``)."""
    AUCTION = "auction"
    """A call of the online table: call, rob, show, doubling (``index`` in ``auction``)."""
    ANNOUNCEMENT = "announcement"
    """The six-player landlord's announcement and the partner it makes (``index`` is null)."""
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
class Call:
    """A call of the online table (section 13): call, decline, rob, no_rob, show (with its
    stage), double, super_double, no_double.

    >>> str(Call(seat=1, action="show", stage="before_deal"))
    'seat 1 says show (before_deal)'
    """

    seat: int
    action: str
    stage: str | None = None

    def __str__(self) -> str:
        stage = f" ({self.stage})" if self.stage else ""
        return f"seat {self.seat} says {self.action}{stage}"


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
    substitution: tuple[tuple[str, str], ...] | None = None
    """What the play's wild cards stand for, by wild rank (docs/rules.md §14)."""

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
        if self.substitution:
            declared += " " + ", ".join(f"{w} as {s}" for w, s in self.substitution)
        what = f" as {declared.strip()}" if declared.strip() else ""
        return f"seat {self.seat} plays {format_counts(self.counts) or 'no card'}{what}"


def _event_dict(event: Event) -> dict[str, Any]:
    """An event as a request writes it: a pass, or the cards with a declared reading."""
    if event.cards is None:
        return {"seat": event.seat, "pass": True}
    found: dict[str, Any] = {"seat": event.seat, "cards": " ".join(map(str, event.cards))}
    found |= {"kind": event.kind.value} if event.kind is not None else {}
    found |= {"rank": event.rank} if event.rank is not None else {}
    found |= {"substitution": dict(event.substitution)} if event.substitution else {}
    return found


@dataclass(frozen=True, kw_only=True, slots=True)
class Record:
    """A hand as recorded: the deal, the first bidder and the bids, or (six-player game) the
    landlord, the face-up card, the announcement and the partner; the plays and passes."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    first_bidder: int | None = None
    bids: tuple[Bid, ...] = ()
    auction: tuple[Call, ...] = ()
    """The online table's calls, in order (``bidding=call_rob``: they replace the bids)."""
    events: tuple[Event, ...] = ()
    doublings: int = 0
    landlord: int | None = None
    """The six-player landlord (None: the seat that drew ``face_up``)."""
    face_up: FaceUp | None = None
    """The face-up card and the seat that drew it, when the record names them."""
    announcement: Card | None = None
    """The card the six-player landlord announced (None: nothing: it plays alone)."""
    partner: int | None = None
    """The second landlord as the record names it (needed where the deal lacks suits)."""

    @classmethod
    def of(
        cls,
        *,
        hands: Sequence[str],
        kitty: str,
        first_bidder: int | None = None,
        bids: Sequence[tuple[int, int]] = (),
        auction: Sequence[tuple[int, str] | tuple[int, str, str]] = (),
        events: Sequence[tuple[int, str | None]] = (),
        doublings: int = 0,
        landlord: int | None = None,
        face_up: tuple[str, int] | None = None,
        announcement: str | None = None,
        partner: int | None = None,
    ) -> Record:
        """A record from card text: bids as (seat, bid), calls as (seat, action) or (seat,
        "show", stage), events as (seat, cards or None), the face-up card as (card, seat).

        >>> Record.of(hands=["3", "4", "5"], kitty="", first_bidder=0).kitty
        ()
        >>> Record.of(hands=["3"], kitty="", face_up=("7h", 0), announcement="BJ").announcement
        Card.parse('B')
        """
        return cls(
            hands=tuple(tuple(parse_cards(h)) for h in hands),
            kitty=tuple(parse_cards(kitty)),
            first_bidder=first_bidder,
            bids=tuple(Bid(seat=s, bid=b) for s, b in bids),
            auction=tuple(
                Call(seat=c[0], action=c[1], stage=c[2] if len(c) > 2 else None) for c in auction
            ),
            events=tuple(Event.of(s, c) for s, c in events),
            doublings=doublings,
            landlord=landlord,
            face_up=None if face_up is None else FaceUp.of(*face_up),
            announcement=None if announcement is None else Card.parse(announcement),
            partner=partner,
        )

    def as_dict(self, ruleset: str | None = None) -> dict[str, Any]:
        """The record as a request writes it (cards as written, suits kept; the fields it
        holds), under the rule set named ``ruleset`` if any.

        >>> record = Record.of(hands=["3H", "4", "5"], kitty="", first_bidder=0, bids=[(0, 3)])
        >>> Record.of(**{"kitty": "", "events": [(0, "3H")], "hands": ["3H", "4", "5"]}).as_dict()
        {'deal': {'hands': ['3H', '4', '5'], 'kitty': ''}, 'events': [{'seat': 0, 'cards': '3H'}]}
        >>> record.as_dict("botzone")["bids"]
        [{'seat': 0, 'bid': 3}]
        """

        def cards(held: Sequence[Card]) -> str:
            return " ".join(map(str, held))

        found: dict[str, Any] = {} if ruleset is None else {"ruleset": ruleset}
        found["deal"] = {"hands": [cards(h) for h in self.hands], "kitty": cards(self.kitty)}
        found |= {"first_bidder": self.first_bidder} if self.first_bidder is not None else {}
        found |= {"bids": [{"seat": b.seat, "bid": b.bid} for b in self.bids]} if self.bids else {}
        if self.auction:
            found["auction"] = [
                {"seat": c.seat, "action": c.action} | ({"stage": c.stage} if c.stage else {})
                for c in self.auction
            ]
        if self.events:
            found["events"] = [_event_dict(e) for e in self.events]
        found |= {"doublings": self.doublings} if self.doublings else {}
        for name in ("landlord", "partner"):
            found |= {name: getattr(self, name)} if getattr(self, name) is not None else {}
        if self.face_up is not None:
            found["face_up"] = {"card": str(self.face_up.card), "seat": self.face_up.seat}
        if self.announcement is not None:
            found["announcement"] = str(self.announcement)
        return found

    def problems(self, rules: RuleSet) -> dict[str, Any]:
        """What this record holds beyond the game of ``rules`` (``record_problems``); its deal
        and its events are judged by ``validate``.

        >>> record = Record.of(hands=["3", "4", "5"], kitty="", first_bidder=0, doublings=1)
        >>> list(record.problems(BIG_THREE)), record.problems(STANDARD)
        (['doublings'], {})
        """
        return record_problems(self, rules)


__all__ = [
    "MAX_AUCTION",
    "MAX_BIDS",
    "MAX_EVENTS",
    "Bid",
    "Call",
    "Event",
    "Part",
    "Record",
    "longest_auction",
    "longest_hand",
    "record_problems",
]
