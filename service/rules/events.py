"""The vocabulary of a hand: phases, actions, violations, and the checks of a deal.

>>> deal_problems([(0,) * 15] * 3, (0,) * 15)[0]
(0, 'seat 0 holds 0 cards, not 17')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .beating import Reason
from .cards import Card, Counts, Rank, ordinal
from .combos import Combination
from .ruleset import STANDARD, RuleSet


class Phase(StrEnum):
    """Where a hand stands; the value is the wire name."""

    BIDDING = "bidding"
    """The auction for the landlord (section 6)."""
    ANNOUNCING = "announcing"
    """Six-player game: the landlord has taken the kitty and announces its highest identical
    pair, or nothing (section 12)."""
    DOUBLING = "doubling"
    """The online table: each seat doubles or not after the kitty (section 13)."""
    PLAY = "play"
    """Tricks are being played (section 5)."""
    ENDED = "ended"
    """A seat has no cards left: the hand has a winner and a score."""
    REDEAL = "redeal"
    """Nobody bid: the hand is thrown in, with no score."""


class Violation(StrEnum):
    """Why an action is illegal here; the value is the wire code."""

    BAD_DEAL = "bad_deal"
    """The deal is not the game's: 17 cards a seat and a kitty of 3 from one deck in the
    three-player game, 25 and 8 from two decks in the four-player game, 16 and 4 from 52
    cards in Big Three, 26 and 6 from three packs in the six-player game; or the hand's start
    names no seat to begin (``first_bidder``; the six-player ``landlord``)."""
    NO_SUCH_SEAT = "no_such_seat"
    """The seat is not one of the game's (0, 1, 2; 0 to 3 in the four-player game; 0 to 5 in
    the six-player game)."""
    WRONG_SEAT = "wrong_seat"
    """It is another seat's turn."""
    HAND_OVER = "hand_over"
    """The hand has ended or was thrown in."""
    BIDDING_OVER = "bidding_over"
    """A bid after the auction ended."""
    STILL_BIDDING = "still_bidding"
    """A play before the auction ended."""
    BID_OUT_OF_RANGE = "bid_out_of_range"
    """A bid other than 1, 2, 3 or 0 (pass)."""
    BID_NOT_HIGHER = "bid_not_higher"
    """A bid not higher than every earlier bid."""
    FIRST_BID_REQUIRED = "first_bid_required"
    """Big Three: the first bidder passed, but must bid at least 1."""
    WRONG_FIRST_BIDDER = "wrong_first_bidder"
    """Big Three with suits: the first bidder is not the holder of the 4 of hearts (or, when
    the kitty holds it, of the lowest heart dealt)."""
    FACE_UP_NOT_HELD = "face_up_not_held"
    """The seat said to have drawn the face-up card was not dealt it (the same card; where
    the deal names no suit, a card of its rank)."""
    NOT_FACE_UP_DRAWER = "not_face_up_drawer"
    """The seat that drew the face-up card is not the first bidder (three-player game under
    ``face_up_bids_first``) or not the landlord (six-player game)."""
    NOT_ANNOUNCING = "not_announcing"
    """An announcement when none is due: after the landlord's, or in a game with bidding."""
    STILL_ANNOUNCING = "still_announcing"
    """A play or pass before the six-player landlord's announcement."""
    PAIR_NOT_HELD = "pair_not_held"
    """The announced card is not one the landlord holds exactly twice (with the kitty): not
    held, held once, or all three copies held (no third copy names a partner)."""
    NOT_HIGHEST_PAIR = "not_highest_pair"
    """The landlord holds an identical pair of a higher rank than the one announced."""
    PAIR_NOT_ANNOUNCED = "pair_not_announced"
    """The landlord announced nothing, but holds an identical pair it could announce."""
    WRONG_PARTNER = "wrong_partner"
    """The partner a record names is not the holder of the third copy of the announced card
    (or a partner is named when nothing was announced)."""
    PARTNER_UNKNOWN = "partner_unknown"
    """A card is announced on a deal that does not name every suit, and the record names no
    partner: the referee cannot tell who holds the third copy."""
    LEADER_CANNOT_PASS = "leader_cannot_pass"
    """The leader of a trick must play."""
    BAD_DECLARATION = "bad_declaration"
    """The declared kind or rank of a play is not a known kind or rank."""
    EMPTY_PLAY = "empty_play"
    """A play holds no card (passing is not a play)."""
    NOT_IN_HAND = "not_in_hand"
    """The play holds cards the seat does not."""
    NOT_A_COMBINATION = "not_a_combination"
    """The cards form no combination (or not the declared one) under the rule set."""
    DOES_NOT_BEAT = "does_not_beat"
    """The play does not beat the last play of the trick; ``reason`` says why."""
    NO_CALL_ROB = "no_call_rob"
    """A call, decline, rob or no-rob under a rule set that bids 1..3 (section 13 needs
    ``bidding=call_rob``)."""
    NO_BIDS = "no_bids"
    """A bid under a rule set that calls and robs (``bidding=call_rob``)."""
    ALREADY_CALLED = "already_called"
    """A call or decline after a seat called: the others rob or not."""
    ROB_BEFORE_CALL = "rob_before_call"
    """A rob or no-rob before any seat called."""
    ROB_AFTER_DECLINE = "rob_after_decline"
    """A rob or no-rob by a seat that declined to call."""
    ROB_TWICE = "rob_twice"
    """A second rob or no-rob by a seat (the caller's one rob back aside)."""
    NO_SHOW = "no_show"
    """A show under a rule set without ``show_cards``, or without its stage."""
    SHOW_TWICE = "show_twice"
    """A seat shows its hand a second time."""
    SHOW_OUT_OF_ORDER = "show_out_of_order"
    """A show of an earlier stage after a show of a later one."""
    SHOW_TOO_LATE = "show_too_late"
    """A show of the deal's stages after the first call or decline, or any show after the
    first play."""
    SHOW_TOO_EARLY = "show_too_early"
    """A show ``after_kitty`` before the landlord is known."""
    SHOW_NOT_LANDLORD = "show_not_landlord"
    """A show ``after_kitty`` by a farmer: only the landlord shows then."""
    NO_DOUBLING = "no_doubling"
    """A doubling under a rule set without it (``doubling=none``)."""
    NO_SUPER_DOUBLE = "no_super_double"
    """A super double under ``doubling=double``."""
    DOUBLING_OVER = "doubling_over"
    """A doubling after the first play (the round comes between the kitty and the lead)."""
    DOUBLE_TWICE = "double_twice"
    """A seat doubles (or declines to) a second time."""
    STILL_DOUBLING = "still_doubling"
    """A play or pass before every seat has doubled or not."""
    NO_ACTION = "no_action"
    """The seat to act gave no action a record can hold: a bot whose run failed, as the
    platform's verdict on it says (a Botzone log: a time-out, a crash, an answer that is no
    list of cards)."""
    NO_SCORE = "no_score"
    """A score was asked of a hand that has not ended with a winner."""


#: The game code of each reason ``check_play`` gives for an illegal play.
PLAY_VIOLATIONS: dict[Reason, Violation] = {
    Reason.EMPTY_PLAY: Violation.EMPTY_PLAY,
    Reason.NOT_IN_HAND: Violation.NOT_IN_HAND,
    Reason.NOT_A_COMBINATION: Violation.NOT_A_COMBINATION,
}


class GameError(ValueError):
    """An action that is illegal in this state: a ``Violation`` code and a sentence.

    ``seat`` names the seat concerned when there is one; ``reason`` carries the core's
    ``Reason`` for an illegal play.
    """

    def __init__(
        self,
        code: Violation,
        message: str,
        *,
        seat: int | None = None,
        reason: Reason | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seat = seat
        self.reason = reason


class ActionKind(StrEnum):
    """What a recorded action is; the value is the wire name."""

    BID = "bid"
    """A bid in the auction: 1, 2, 3, or 0 for a pass."""
    PLAY = "play"
    """A combination played to the trick."""
    PASS = "pass"
    """A pass during the play."""
    ANNOUNCE = "announce"
    """Six-player game: the landlord announces a card it holds twice (None: nothing)."""
    CALL = "call"
    """The online table (section 13): a call, rob, show or doubling (``Action.call``)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Action:
    """One action of a hand, as recorded in ``Hand.history``.

    ``card`` and ``partner`` are an announcement's (six-player game): the card announced and
    the seat it makes the second landlord (None: none).

    >>> str(Action(kind=ActionKind.BID, seat=1, bid=0))
    'seat 1 bids pass'
    >>> str(Action(kind=ActionKind.ANNOUNCE, seat=2, card=Card.parse("AS"), partner=4))
    'seat 2 announces AS (partner: seat 4)'
    """

    kind: ActionKind
    seat: int
    bid: int | None = None
    combination: Combination | None = None
    card: Card | None = None
    partner: int | None = None
    call: str | None = None
    """The online table's call (``service.rules.online.Call``'s wire name)."""
    stage: str | None = None
    """A show's stage (``service.rules.online.Stage``'s wire name)."""

    def __str__(self) -> str:
        if self.kind is ActionKind.CALL:
            stage = f" ({self.stage})" if self.stage else ""
            return f"seat {self.seat} says {self.call}{stage}"
        if self.kind is ActionKind.BID:
            return f"seat {self.seat} bids {self.bid or 'pass'}"
        if self.kind is ActionKind.ANNOUNCE:
            if self.card is None:
                return f"seat {self.seat} announces nothing (plays alone)"
            return f"seat {self.seat} announces {self.card} (partner: seat {self.partner})"
        if self.combination is not None:
            return f"seat {self.seat} plays {self.combination}"
        return f"seat {self.seat} passes"


def deal_problems(
    hands: Sequence[Counts], kitty: Counts, rules: RuleSet = STANDARD
) -> list[tuple[int | None, str]]:
    """Every problem of a deal under the rule set's game, each with the seat it concerns
    (None: the kitty).

    >>> from .cards import parse_counts
    >>> deal_problems([parse_counts("3" * 5)] * 3, parse_counts("BR"))[-1]
    (None, 'the kitty holds 2 cards, not 3')
    """
    table = rules.table
    if len(hands) != table.seats:
        return [(None, f"a deal has {table.seats} hands, not {len(hands)}")]
    problems: list[tuple[int | None, str]] = []
    parts = [(seat, f"seat {seat}", hand, table.hand) for seat, hand in enumerate(hands)]
    for seat, name, counts, size in [*parts, (None, "the kitty", kitty, table.kitty)]:
        if len(counts) != len(Rank) or min(counts) < 0:
            problems.append((seat, f"{name} is not a list of {len(Rank)} rank counts"))
        elif sum(counts) != size:
            problems.append((seat, f"{name} holds {sum(counts)} cards, not {size}"))
    if problems:
        return problems
    dealt = [0] * len(Rank)
    deck = "one deck has" if table.copies == 1 else f"{table.copies} decks have"
    for seat, name, counts, _ in [*parts, (None, "the kitty", kitty, table.kitty)]:
        for rank in Rank:
            limit = table.full_deck[rank]
            if dealt[rank] <= limit < dealt[rank] + counts[rank]:
                text = (
                    f"{name} holds a {ordinal(limit + 1)} {rank.char}: {deck} {limit}"
                    if limit
                    else f"{name} holds a {rank.char}: this deck has no jokers"
                )
                problems.append((seat, text))
            dealt[rank] += counts[rank]
    return problems
