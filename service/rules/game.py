"""One hand of Dou Dizhu as a state machine: deal, bid, play, end (docs/rules.md §§5 to 7).

Every action comes three ways: ``verify_*`` raises ``GameError`` with a machine-readable
``Violation`` and a sentence, ``can_*`` answers a bool, and the action itself (``bid``,
``call``, ``announce``, ``play``, ``pass_turn``) verifies, then applies. Seats are 0 to
``rules.table.seats - 1`` (0, 1, 2 in the three-player game and Big Three, 0 to 3 in the
four-player game, 0 to 5 in the six-player game); after seat i comes seat (i + 1) % seats.

A ``Hand`` holds the deal, each seat's cards, the phase and the sides (the landlord, and the
six-player partner), and has a part for each stage of the hand, which keeps its own rules:

- the auction: the bids of section 6 (``Bidding``, ``service.rules.bidding``) or the online
  table's calls of section 13 (``Auction``, ``service.rules.online``; read with ``calls``);
- the trick: whose turn it is in the play, the play to beat and the passes (``Trick``,
  ``service.rules.trick``);
- the ledger: every action, each seat's plays, the bombs and rockets, the seat that went out,
  and from them the winner and the springs (``Ledger``, ``service.rules.ledger``).

Decisions where docs/rules.md is silent (the auction's and the trick's own are in theirs):

- A pass in the auction is the bid 0 (``None`` is taken as 0 too and recorded as 0);
  ``pass_turn`` during the auction is the same pass.
- Cards given as text are read with ``read_play`` (the game's deck): text that cannot be read
  raises ``CardError`` (cannot parse), never ``GameError`` (illegal here).

>>> from service.rules.examples import SPRING_HANDS
>>> hand = Hand.start(hands=SPRING_HANDS, kitty="JQK", first_bidder=0)
>>> hand.bid(0, 3)
>>> hand.phase, hand.landlord, sum(hand.hands[0])
(<Phase.PLAY: 'play'>, 0, 20)
>>> hand.can_pass(0), hand.can_play(1, "3")
(False, False)
>>> hand.play(0, "3334445556667779TJQK")
Combination.of('3334445556667779TJQK', kind='airplane_singles', rank='7')
>>> hand.winner, hand.spring, hand.score().landlord
(<Side.LANDLORD: 'landlord'>, True, 12)

What can be read of a hand at any moment:

>>> from service.rules.examples import DEMO_HANDS
>>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
>>> hand.bid(1, 3)
>>> hand.phase, hand.landlord, hand.bid_value, hand.to_act, sum(hand.hands[1])
(<Phase.PLAY: 'play'>, 1, 3, 1, 20)
>>> hand.dealt == Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1).hands
True
>>> _ = hand.play(1, "4444")
>>> [str(a) for a in hand.history], hand.plays, hand.trick_leader, hand.last_player
(['seat 1 bids 3', 'seat 1 plays bomb 4444 (rank 4)'], (0, 1, 0), 1, 1)
>>> hand.last_play, hand.winning_seat, hand.winner, hand.kitty_shown
(Combination.of('4444', kind='bomb', rank='4'), None, None, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .bidding import Bidding
from .calls import read_call, refusal
from .cards import (
    Card,
    CardError,
    Counts,
    Rank,
    counts_of,
    format_counts,
    parse_counts,
    parse_rank,
    subtract,
)
from .combos import Combination, read_play
from .deal import CardsText, Deal, FaceUp, start_problems, verify_first_seat
from .events import (
    PLAY_VIOLATIONS,
    Action,
    ActionKind,
    GameError,
    Phase,
    Violation,
    deal_problems,
)
from .kinds import Kind
from .ledger import Ledger
from .moves import LegalMoves, check_play, legal_moves
from .online import Auction, Call, Stage
from .options import BiddingMode, Doubling
from .partner import announcements, verify_announcement
from .ruleset import STANDARD, RuleSet
from .scoring import Score, Side, score
from .trick import Trick

#: The cards of a play: rank counts, or card text (one string, or a string for each card).
Cards = Counts | str | Sequence[str]


def _counts(cards: CardsText, rules: RuleSet | None = None) -> Counts:
    """Rank counts as given, or read from ``Card``s or card text (card text checked against
    the rule set's deck when one is given)."""
    if isinstance(cards, tuple) and cards and all(isinstance(n, int) for n in cards):
        return cards
    if not isinstance(cards, str) and all(isinstance(c, Card) for c in cards):
        return counts_of(cards)  # type: ignore[arg-type]
    text: str | Sequence[str] = cards  # type: ignore[assignment]
    return parse_counts(text) if rules is None else read_play(text, rules)


def _succeeds(verify: Callable[..., object], *args: object, **kwargs: object) -> bool:
    """Whether a ``verify_*`` call passes (the ``can_*`` form of it)."""
    try:
        verify(*args, **kwargs)
    except GameError:
        return False
    return True


def _is_seat(seat: object, rules: RuleSet) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and seat in range(rules.table.seats)


def _declared(kind: Kind | str | None, rank: Rank | str | None) -> tuple[Kind | None, str | None]:
    """A declared reading as the core takes it; ``GameError`` for an unknown kind or rank."""
    char = rank.char if isinstance(rank, Rank) else rank
    if char is not None:
        try:
            char = parse_rank(char).char
        except CardError:
            raise GameError(Violation.BAD_DECLARATION, f"unknown rank {rank!r}") from None
    if kind is not None and kind not in tuple(Kind):
        raise GameError(Violation.BAD_DECLARATION, f"unknown kind {kind!r}")
    return (None if kind is None else Kind(kind)), char


class Hand:
    """One hand: the deal, the auction, the tricks and the end (create with ``Hand.start``)."""

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
        self._landlord: int | None = None
        self._partner: int | None = None
        self._announced: Card | None = None
        self._bidding: Bidding | None = None
        """The auction of bids (section 6), in a game that bids 1 to 3."""
        self._online: Auction | None = None
        """The online table's auction (section 13), under ``bidding=call_rob``."""
        if first_bidder is not None and rules.bidding is BiddingMode.CALL_ROB:
            self._online = Auction(first=first_bidder, rules=rules, seats=self.seats)
        elif first_bidder is not None:
            self._bidding = Bidding(first_bidder, rules)
        self._trick: Trick | None = None
        """The play's turns, from the first lead on."""
        self._ledger = Ledger(rules)

    @classmethod
    def start(
        cls,
        *,
        hands: Sequence[CardsText],
        kitty: CardsText,
        first_bidder: int | None = None,
        landlord: int | None = None,
        face_up: FaceUp | None = None,
        rules: RuleSet = STANDARD,
    ) -> Hand:
        """Deal a hand; ``GameError`` names the seat of the first problem.

        Hands and kitty are rank counts, ``Card``s or card text (suits optional); the deal
        must be the game's: one deck, 17 a seat and 3 in the kitty (docs/rules.md §6); two
        decks, 25 a seat and 8 in the kitty (section 9); 52 cards, 16 a seat and 4 in the kitty
        (section 10); three packs, 26 a seat and 6 in the kitty (section 12); a suited card no
        more often than the decks hold it. A game with bidding starts at ``first_bidder``; the
        six-player game at ``landlord`` (or the seat that drew ``face_up``), which takes the
        kitty and announces (``announce``). With every suit named, the core checks what the
        suits decide: Big Three's first bidder (``wrong_first_bidder``), the face-up card
        (``face_up_not_held``), the announcement.

        >>> from service.rules.examples import DEMO_HANDS
        >>> Hand.start(hands=DEMO_HANDS, kitty="BRR", first_bidder=0)
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: the kitty holds a 2nd R: one deck has 1
        """
        counts = [_counts(h) for h in hands]
        problems = deal_problems(counts, _counts(kitty), rules)
        deal = None if problems else Deal.of(hands, kitty)
        if deal is not None:
            problems += deal.suit_problems(rules.table.copies)
        problems += start_problems(first_bidder, landlord, face_up, rules)
        if problems or deal is None:
            text = "; ".join(p for _, p in problems)
            raise GameError(Violation.BAD_DEAL, text, seat=problems[0][0])
        if not rules.table.bidding and landlord is None and face_up is not None:
            landlord = face_up.seat
        verify_first_seat(deal, first_bidder if rules.table.bidding else landlord, face_up, rules)
        hand = cls(deal, first_bidder, rules, face_up)
        if landlord is not None:  # the six-player landlord takes the kitty and announces
            hand._take_kitty(landlord)
            hand._phase = Phase.ANNOUNCING
        return hand

    # --- Phase, turn and sides ------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the hand stands."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (None once the hand is over): the auction's, the
        six-player landlord's to announce, or the trick's."""
        if self._phase is Phase.PLAY:
            return self._the_trick().to_act
        if self._phase is Phase.ANNOUNCING:
            return self._landlord
        auction = self._online or self._bidding
        if self._phase in (Phase.BIDDING, Phase.DOUBLING) and auction is not None:
            return auction.to_act
        return None

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

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.landlords, hand.bid(1, 3), hand.landlords
        ((), None, (1,))
        """
        found = (self._landlord, self._partner)
        return tuple(seat for seat in found if seat is not None)

    @property
    def farmers(self) -> tuple[int, ...]:
        """The farmers' seats, from the landlord's left (empty before the landlord is known).

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> hand.farmers
        (2, 0)
        """
        if self._landlord is None:
            return ()
        after = ((self._landlord + step) % self.seats for step in range(1, self.seats))
        return tuple(seat for seat in after if seat != self._partner)

    def _verify_turn(self, seat: int, phase: Phase) -> None:
        if self._phase in (Phase.ENDED, Phase.REDEAL):
            raise GameError(Violation.HAND_OVER, f"the hand is over ({self._phase})", seat=seat)
        if self._phase is not phase:
            code, text = self._out_of_phase(phase)
            raise GameError(code, text, seat=seat)
        if not _is_seat(seat, self.rules):
            text = f"no seat {seat!r}: seats are 0 to {self.seats - 1}"
            raise GameError(Violation.NO_SUCH_SEAT, text)
        if seat != self.to_act:
            text = f"it is seat {self.to_act}'s turn, not seat {seat}'s"
            raise GameError(Violation.WRONG_SEAT, text, seat=seat)

    def _out_of_phase(self, wanted: Phase) -> tuple[Violation, str]:
        if wanted is Phase.BIDDING:
            auction = self.rules.table.bidding
            return Violation.BIDDING_OVER, ("the auction is over" if auction else "no auction")
        if wanted is Phase.ANNOUNCING:
            return Violation.NOT_ANNOUNCING, "no announcement is due"
        if self._phase is Phase.ANNOUNCING:
            return Violation.STILL_ANNOUNCING, f"seat {self._landlord} announces first"
        if self._phase is Phase.DOUBLING:
            return Violation.STILL_DOUBLING, "the seats double or not first"
        return Violation.STILL_BIDDING, "the auction is on"

    def _take_kitty(self, landlord: int) -> None:
        """``landlord`` is the landlord: it takes the kitty into its hand."""
        self._landlord = landlord
        held = self._hands[landlord]
        self._hands[landlord] = tuple(h + k for h, k in zip(held, self.kitty, strict=True))

    def _begin_play(self, leader: int) -> None:
        self._phase = Phase.PLAY
        self._trick = Trick(leader, self.seats, two_pass=self.rules.two_pass_tricks)

    def _the_trick(self) -> Trick:
        assert self._trick is not None, "the play has begun"
        return self._trick

    # --- The seats' cards -----------------------------------------------------------------

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

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
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

    # --- Bidding (section 6) --------------------------------------------------------------

    @property
    def bid_value(self) -> int:
        """The highest bid so far (0: none), the stake once the auction is over (1 at the
        online table once the landlord is known, and in the six-player game, which has no
        auction)."""
        if self._bidding is not None:
            return self._bidding.value
        if self._online is not None:
            return 0 if self._landlord is None else 1
        return self.rules.table.max_bid

    def verify_bid(self, seat: int, bid: int | None) -> None:
        """Raise ``GameError`` unless ``seat`` may bid ``bid`` now (0 or None is a pass).

        >>> from service.rules.examples import DEMO_HANDS
        >>> Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1).verify_bid(1, 4)
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: a bid is 1, 2, 3 or 0 (pass), not 4
        """
        if self._online is not None and self._phase not in (Phase.ENDED, Phase.REDEAL):
            text = f"{self.rules.name} calls and robs: no bids of 1..3"
            raise GameError(Violation.NO_BIDS, text, seat=seat)
        self._verify_turn(seat, Phase.BIDDING)
        self._the_bidding().verify(seat, bid)

    def can_bid(self, seat: int, bid: int | None) -> bool:
        """Whether ``seat`` may bid ``bid`` now.

        >>> from service.rules.examples import DEMO_HANDS
        >>> Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1).can_bid(1, 2)
        True
        """
        return _succeeds(self.verify_bid, seat, bid)

    def bid(self, seat: int, bid: int | None) -> None:
        """Bid 1, 2 or 3, or pass with 0 (or None); the auction ends per the rules' ``bidding``.

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> for seat in (1, 2, 0):
        ...     hand.bid(seat, 0)
        >>> hand.phase
        <Phase.REDEAL: 'redeal'>
        """
        self.verify_bid(seat, bid)
        bidding = self._the_bidding()
        bidding.bid(seat, bid)
        self._ledger.record(Action(kind=ActionKind.BID, seat=seat, bid=bid or 0))
        if not bidding.over:
            return
        if bidding.landlord is None:
            self._phase = Phase.REDEAL
            return
        self._take_kitty(bidding.landlord)
        first_leads = self.rules.table.first_bidder_leads
        self._begin_play(bidding.first if first_leads else bidding.landlord)

    def _the_bidding(self) -> Bidding:
        assert self._bidding is not None, "a game that bids"
        return self._bidding

    # --- The online table (section 13) ----------------------------------------------------

    @property
    def auction(self) -> Auction | None:
        """The online table's auction (section 13: calls, robs, shows, doublings), if any."""
        return self._online

    def verify_call(self, seat: int, call: Call | str, stage: Stage | str | None = None) -> None:
        """Raise ``GameError`` unless ``seat`` may say ``call`` now (``stage``: a show's).

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.verify_call(1, "call")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: standard bids 1..3: no calling or robbing (they need ...)
        """
        said, shown = read_call(call, stage, seat)
        if self._phase in (Phase.ENDED, Phase.REDEAL):
            raise GameError(Violation.HAND_OVER, f"the hand is over ({self._phase})", seat=seat)
        if self._online is None:
            raise refusal(said, self.rules, seat)
        if shown is not None and said is not Call.SHOW:
            text = f"a stage goes with a show, not with {said}"
            raise GameError(Violation.BAD_DECLARATION, text, seat=seat)
        if not _is_seat(seat, self.rules):
            text = f"no seat {seat!r}: seats are 0 to {self.seats - 1}"
            raise GameError(Violation.NO_SUCH_SEAT, text)
        self._online.verify(seat, said, shown)

    def can_call(self, seat: int, call: Call | str, stage: Stage | str | None = None) -> bool:
        """Whether ``seat`` may say ``call`` now.

        >>> from service.rules.examples import DEMO_HANDS
        >>> from .ruleset import HUANLE
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1, rules=HUANLE)
        >>> hand.can_call(1, "rob"), hand.can_call(0, "show", "before_deal")
        (False, True)
        """
        return _succeeds(self.verify_call, seat, call, stage)

    def call(self, seat: int, call: Call | str, stage: Stage | str | None = None) -> None:
        """Say ``call``; the hand moves on when the auction or the doubling round ends: the
        landlord takes the kitty, the seats double or not, then the landlord leads.

        >>> from service.rules.examples import DEMO_HANDS
        >>> from .ruleset import HUANLE
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=0, rules=HUANLE)
        >>> hand.call(2, "show", "before_deal")
        >>> hand.to_act
        2
        """
        self.verify_call(seat, call, stage)
        said, shown = read_call(call, stage, seat)
        auction = self._online
        assert auction is not None
        auction.speak(seat, said, shown)
        stage_name = None if shown is None else shown.value
        self._ledger.record(
            Action(kind=ActionKind.CALL, seat=seat, call=said.value, stage=stage_name)
        )
        if auction.redeal:
            self._phase = Phase.REDEAL
            return
        if auction.landlord is not None and self._landlord is None:
            self._take_kitty(auction.landlord)
        if not auction.complete:
            self._phase = Phase.BIDDING if auction.landlord is None else Phase.DOUBLING
        elif self._phase is not Phase.PLAY:
            assert self._landlord is not None
            self._begin_play(self._landlord)

    # --- The six-player announcement (section 12) -----------------------------------------

    def verify_announce(
        self, seat: int, card: Card | str | None, *, partner: int | None = None
    ) -> int | None:
        """Raise ``GameError`` unless the landlord ``seat`` may announce ``card`` now (None:
        nothing, it plays alone); return the partner it makes (``service.rules.partner``).
        ``partner`` names the second landlord where the deal does not name every suit.

        >>> from service.rules.examples import SIX_PLAYER_HANDS
        >>> from .ruleset import SIX_PLAYER
        >>> kitty = "3S 3S 4S 4S 5S 5S"
        >>> hand = Hand.start(hands=SIX_PLAYER_HANDS, kitty=kitty, landlord=0, rules=SIX_PLAYER)
        >>> hand.verify_announce(0, "KH")
        1
        >>> hand.verify_announce(0, "4S")
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: seat 0 holds KH twice, higher than 4S
        """
        self._verify_turn(seat, Phase.ANNOUNCING)
        read = Card.parse(card) if isinstance(card, str) else card
        return verify_announcement(self.deal, seat, read, partner)

    def can_announce(
        self, seat: int, card: Card | str | None, *, partner: int | None = None
    ) -> bool:
        """Whether the landlord ``seat`` may announce ``card`` now.

        >>> from service.rules.examples import SIX_PLAYER_HANDS
        >>> from .ruleset import SIX_PLAYER
        >>> kitty = "3S 3S 4S 4S 5S 5S"
        >>> hand = Hand.start(hands=SIX_PLAYER_HANDS, kitty=kitty, landlord=0, rules=SIX_PLAYER)
        >>> hand.can_announce(0, None), hand.can_announce(1, "KH"), hand.can_announce(0, "KH")
        (False, False, True)
        """
        return _succeeds(self.verify_announce, seat, card, partner=partner)

    def announce(
        self, seat: int, card: Card | str | None = None, *, partner: int | None = None
    ) -> int | None:
        """Announce ``card`` (None: nothing); its third copy's holder becomes the second
        landlord. The landlord then leads the first trick.

        >>> from service.rules.examples import SIX_PLAYER_HANDS
        >>> from .ruleset import SIX_PLAYER
        >>> kitty = "3S 3S 4S 4S 5S 5S"
        >>> hand = Hand.start(hands=SIX_PLAYER_HANDS, kitty=kitty, landlord=0, rules=SIX_PLAYER)
        >>> hand.announce(0, "KH"), hand.landlords, hand.phase, hand.to_act
        (1, (0, 1), <Phase.PLAY: 'play'>, 0)
        """
        found = self.verify_announce(seat, card, partner=partner)
        read = Card.parse(card) if isinstance(card, str) else card
        action = Action(kind=ActionKind.ANNOUNCE, seat=seat, card=read, partner=found)
        self._ledger.record(action)
        self._announced, self._partner = read, found
        self._begin_play(seat)
        return found

    # --- Play (section 5) -----------------------------------------------------------------

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the current trick."""
        return None if self._trick is None else self._trick.leader

    @property
    def last_play(self) -> Combination | None:
        """The play to beat in the current trick (None: the seat to act leads)."""
        return None if self._trick is None else self._trick.last_play

    @property
    def last_player(self) -> int | None:
        """The seat that made ``last_play``."""
        return None if self._trick is None else self._trick.last_player

    @property
    def passing_allowed(self) -> bool:
        """Whether the seat to act may pass: always in the auction, never when leading.

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.passing_allowed, hand.bid(1, 3), hand.passing_allowed
        (True, None, False)
        """
        if self._phase is Phase.BIDDING:
            return True
        return self._phase is Phase.PLAY and self._the_trick().passing_allowed

    def verify_play(
        self,
        seat: int,
        cards: Cards,
        *,
        kind: Kind | str | None = None,
        rank: Rank | str | None = None,
        substitution: Mapping[str, str] | None = None,
    ) -> Combination:
        """Raise ``GameError`` unless ``seat`` may play ``cards`` now; return the reading played.

        ``kind``, ``rank`` (and with wilds ``substitution``) declare the intended reading of an
        ambiguous play (sections 4 and 14).

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> hand.verify_play(1, "4444")
        Combination.of('4444', kind='bomb', rank='4')
        >>> hand.verify_play(1, "9")
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: the hand does not hold 9
        """
        self._verify_turn(seat, Phase.PLAY)
        declared_kind, declared_rank = _declared(kind, rank)
        check = check_play(
            self._hands[seat],
            _counts(cards, self.rules),
            self._the_trick().last_play,
            self.rules,
            kind=declared_kind,
            rank=declared_rank,
            substitution=substitution,
        )
        if not check.legal or check.combination is None:
            code = PLAY_VIOLATIONS.get(check.reason, Violation.DOES_NOT_BEAT)
            raise GameError(code, check.message, seat=seat, reason=check.reason)
        return check.combination

    def can_play(
        self,
        seat: int,
        cards: Cards,
        *,
        kind: Kind | str | None = None,
        rank: Rank | str | None = None,
        substitution: Mapping[str, str] | None = None,
    ) -> bool:
        """Whether ``seat`` may play ``cards`` now (declared as ``verify_play`` takes them).

        >>> from service.rules.examples import DEMO_HANDS
        >>> from .ruleset import get_ruleset
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.can_play(1, "4444")
        False
        >>> laizi = get_ruleset("laizi", wild="7")
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=2, rules=laizi)
        >>> hand.bid(2, 3)
        >>> hand.can_play(2, "QQ7", substitution={"7": "Q"})
        True
        >>> hand.can_play(2, "QQ7", substitution={"7": "K"})
        False
        """
        return _succeeds(
            self.verify_play, seat, cards, kind=kind, rank=rank, substitution=substitution
        )

    def play(
        self,
        seat: int,
        cards: Cards,
        *,
        kind: Kind | str | None = None,
        rank: Rank | str | None = None,
        substitution: Mapping[str, str] | None = None,
    ) -> Combination:
        """Play ``cards`` from ``seat``; the hand ends when the seat has no cards left.

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> hand.play(1, "3334", kind="trio_single")
        Combination.of('3334', kind='trio_single', rank='3')
        >>> hand.to_act, hand.last_play.cards
        (2, '3334')
        """
        combo = self.verify_play(seat, cards, kind=kind, rank=rank, substitution=substitution)
        if self._online is not None:
            self._online.first_play()
        self._ledger.record(Action(kind=ActionKind.PLAY, seat=seat, combination=combo))
        self._hands[seat] = subtract(self._hands[seat], combo.counts)
        self._the_trick().play(combo)
        if not any(self._hands[seat]):
            self._phase = Phase.ENDED
            self._ledger.close(seat)
        return combo

    def verify_pass(self, seat: int) -> None:
        """Raise ``GameError`` unless ``seat`` may pass now (in the auction: bid 0).

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 1)
        >>> hand.verify_pass(2)
        """
        if self._phase is Phase.BIDDING and self._bidding is not None:
            self.verify_bid(seat, 0)
            return
        self._verify_turn(seat, Phase.PLAY)
        if not self._the_trick().passing_allowed:
            raise GameError(Violation.LEADER_CANNOT_PASS, "the leader must play", seat=seat)

    def can_pass(self, seat: int) -> bool:
        """Whether ``seat`` may pass now.

        >>> from service.rules.examples import DEMO_HANDS
        >>> Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1).can_pass(0)
        False
        """
        return _succeeds(self.verify_pass, seat)

    def pass_turn(self, seat: int) -> None:
        """Pass; after a pass from every other seat in a row (two in the three-player game;
        two under ``two_pass_tricks``) the trick ends and the last player leads.

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> _ = hand.play(1, "3")
        >>> hand.pass_turn(2); hand.pass_turn(0)
        >>> hand.to_act, hand.trick_leader, hand.last_play
        (1, 1, None)
        """
        if self._phase is Phase.BIDDING and self._bidding is not None:
            self.bid(seat, 0)
            return
        self.verify_pass(seat)
        self._ledger.record(Action(kind=ActionKind.PASS, seat=seat))
        self._the_trick().pass_turn()

    # --- What has been played, and the end (sections 5 and 7) -----------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order."""
        return self._ledger.history

    @property
    def plays(self) -> tuple[int, ...]:
        """How many combinations each seat has played."""
        return self._ledger.plays

    @property
    def bombs(self) -> int:
        """How many bombs have been played (of any size in the four-player game).

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> _ = hand.play(1, "4444")
        >>> hand.bombs, hand.rockets
        (1, 0)
        """
        return self._ledger.bombs

    @property
    def rockets(self) -> int:
        """How many rockets (in the four-player game: nukes) have been played.

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=0)
        >>> hand.bid(0, 3)
        >>> _ = hand.play(0, "BR")
        >>> hand.bombs, hand.rockets
        (0, 1)
        """
        return self._ledger.rockets

    @property
    def bomb_classes(self) -> tuple[str, ...] | None:
        """Each bomb's class, in a wildcard game (docs/rules.md §14): soft, hard or pure."""
        return self._ledger.bomb_classes

    @property
    def winning_seat(self) -> int | None:
        """The seat that ran out of cards."""
        return self._ledger.winning_seat

    @property
    def winner(self) -> Side | None:
        """Who won: the landlord, or the farmers together (section 5).

        >>> from service.rules.examples import SPRING_HANDS
        >>> hand = Hand.start(hands=SPRING_HANDS, kitty="JQK", first_bidder=0)
        >>> hand.bid(0, 3)
        >>> hand.winner is None, hand.play(0, "3334445556667779TJQK").kind.value
        (True, 'airplane_singles')
        >>> hand.winner, hand.winning_seat
        (<Side.LANDLORD: 'landlord'>, 0)
        """
        return self._ledger.winner(self.landlords)

    @property
    def spring(self) -> bool:
        """The landlord's side won and no farmer played a card (section 7; ``Ledger.spring``).

        >>> from service.rules.examples import SPRING_HANDS
        >>> hand = Hand.start(hands=SPRING_HANDS, kitty="JQK", first_bidder=0)
        >>> hand.bid(0, 3)
        >>> _ = hand.play(0, "3334445556667779TJQK")
        >>> hand.spring, hand.anti_spring, hand.plays
        (True, False, (1, 0, 0))
        """
        return self._ledger.spring(self.landlords)

    @property
    def anti_spring(self) -> bool:
        """The farmers won and the landlord's side made only the opening lead (section 7;
        ``Ledger.anti_spring``).

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> for seat, cards in [(1, "3"), (2, None), (0, "9"), (1, None), (2, None),
        ...                     (0, "555666777888999"), (1, None), (2, None), (0, "3")]:
        ...     _ = hand.pass_turn(seat) if cards is None else hand.play(seat, cards)
        >>> hand.winner, hand.anti_spring, hand.spring
        (<Side.FARMERS: 'farmers'>, True, False)
        """
        return self._ledger.anti_spring(self.landlords)

    def score(self, doublings: int = 0) -> Score:
        """The score of the ended hand (section 7); ``GameError(no_score)`` before the end.

        >>> from service.rules.examples import DEMO_HANDS
        >>> Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=2).score()
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: no score: no winner yet
        """
        winner = self.winner
        if self._phase is not Phase.ENDED or winner is None:
            text = "the hand was thrown in" if self._phase is Phase.REDEAL else "no winner yet"
            raise GameError(Violation.NO_SCORE, f"no score: {text}")
        online = self._online
        seats = (self._landlord or 0, *self.farmers)
        doubled = None  # each seat's doubling, in the landlord's then the farmers' order
        if online is not None and self.rules.doubling is not Doubling.NONE:
            doubled = tuple(online.seat_doublings()[seat] for seat in seats)
        return score(
            bid=self.bid_value,
            winner=winner,
            bombs=self.bombs,
            rockets=self.rockets,
            spring=(self.spring or self.anti_spring) and self.rules.table.multipliers,
            doublings=doublings,
            partner=self._partner is not None,
            robs=online.robs if online else 0,
            show=online.show_factor if online else 1,
            seat_doublings=doubled,
            bomb_classes=self.bomb_classes,
            rules=self.rules,
        )

    # --- Driving --------------------------------------------------------------------------

    def legal_plays(self) -> LegalMoves:
        """The legal plays of the seat to act (empty outside the play).

        >>> from service.rules.examples import DEMO_HANDS
        >>> Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=1).legal_plays().count()
        0
        """
        if self._phase is not Phase.PLAY:
            return legal_moves((0,) * len(Rank), None, self.rules)
        trick = self._the_trick()
        return legal_moves(self._hands[trick.to_act], trick.last_play, self.rules)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act: bids and a pass, the calls, the
        announcements, or a pass and every play.

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=2)
        >>> [str(action) for action in hand.legal_actions()]
        ['seat 2 bids pass', 'seat 2 bids 1', 'seat 2 bids 2', 'seat 2 bids 3']
        """
        seat = self.to_act
        if seat is None:
            return ()
        if self._online is not None and self._phase is not Phase.PLAY:
            calls = self._online.allowed()  # the turns: a show is never one
            return tuple(Action(kind=ActionKind.CALL, seat=seat, call=c.value) for c in calls)
        if self._phase is Phase.ANNOUNCING:
            return tuple(
                Action(kind=ActionKind.ANNOUNCE, seat=seat, card=card, partner=partner)
                for card, partner in announcements(self.deal, seat)
            )
        if self._phase is Phase.BIDDING:
            bids = self._the_bidding().bids()
            return tuple(Action(kind=ActionKind.BID, seat=seat, bid=b) for b in bids)
        plays = [Action(kind=ActionKind.PLAY, seat=seat, combination=c) for c in self.legal_plays()]
        if self.passing_allowed:
            plays.insert(0, Action(kind=ActionKind.PASS, seat=seat))
        return tuple(plays)

    def apply(self, action: Action) -> None:
        """Apply a recorded action (a bid, a call, an announcement, a play in its recorded
        reading, or a pass).

        >>> from service.rules.examples import DEMO_HANDS
        >>> hand = Hand.start(hands=DEMO_HANDS, kitty="BR2", first_bidder=2)
        >>> hand.apply(hand.legal_actions()[-1])
        >>> hand.landlord, str(hand.history[-1])
        (2, 'seat 2 bids 3')
        """
        if action.kind is ActionKind.BID:
            self.bid(action.seat, action.bid)
        elif action.kind is ActionKind.CALL and action.call is not None:
            self.call(action.seat, action.call, action.stage)
        elif action.kind is ActionKind.ANNOUNCE:
            self.announce(action.seat, action.card, partner=action.partner)
        elif action.kind is ActionKind.PASS:
            self.pass_turn(action.seat)
        elif action.combination is not None:
            combo = action.combination
            self.play(action.seat, combo.counts, kind=combo.kind, rank=combo.rank)
        else:
            raise GameError(Violation.EMPTY_PLAY, "a play action needs a combination")

    def __repr__(self) -> str:
        hands = ", ".join(repr(format_counts(h)) for h in self._hands)
        return f"<Hand {self._phase} to_act={self.to_act} landlord={self._landlord} [{hands}]>"


__all__ = ["Action", "ActionKind", "GameError", "Hand", "Phase", "Side", "Violation"]
