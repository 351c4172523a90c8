"""One hand of Dou Dizhu as a state machine: deal, bid, play, end (docs/rules.md §§5 to 7).

Every action comes three ways: ``verify_*`` raises ``GameError`` with a machine-readable
``Violation`` and a sentence, ``can_*`` answers a bool, and the action itself (``bid``,
``play``, ``pass_turn``) verifies, then applies. Seats are 0 to ``rules.table.seats - 1``
(0, 1, 2 in the three-player game and Big Three, 0 to 3 in the four-player game); after seat i
comes seat (i + 1) % seats.

Decisions where docs/rules.md is silent:

- A pass in the auction is the bid 0 (``None`` is taken as 0 too and recorded as 0);
  ``pass_turn`` during the auction is the same pass.
- Under ``until_two_passes`` a player who passed may bid later; with no bid yet, three passes
  in a row throw the hand in (``Phase.REDEAL``).
- With more seats (four-player game), a trick ends after a pass from every other seat, and
  ``until_two_passes`` bidding ends when every other seat has passed after the last bid.
- Cards given as text are read with ``read_play`` (the game's deck): text that cannot be read raises
  ``CardError`` (cannot parse), never ``GameError`` (illegal here).

>>> hand = Hand.start(
...     hands=["3334445556667779T", "345678888999TTTJJ", "JQQQKKKAAAA2222BR"],
...     kitty="JQK",
...     first_bidder=0,
... )
>>> hand.bid(0, 3)
>>> hand.phase, hand.landlord, sum(hand.hands[0])
(<Phase.PLAY: 'play'>, 0, 20)
>>> hand.can_pass(0), hand.can_play(1, "3")
(False, False)
>>> hand.play(0, "3334445556667779TJQK")
Combination.of('3334445556667779TJQK', kind='airplane_singles', rank='7')
>>> hand.winner, hand.spring, hand.score().landlord
(<Side.LANDLORD: 'landlord'>, True, 12)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .calls import OnlineHand
from .cards import Card, CardError, Counts, Rank, counts_of, parse_counts, parse_rank, subtract
from .combos import Combination, read_play
from .deal import CardsText, Deal, FaceUp, start_problems, verify_first_seat
from .events import PLAY_VIOLATIONS, Action, ActionKind, GameError, Phase, Violation, deal_problems
from .kinds import Kind
from .moves import LegalMoves, check_play, legal_moves
from .options import AllPass, BiddingMode
from .partner import announcements, verify_announcement
from .ruleset import SIX_PLAYER, STANDARD, RuleSet  # noqa: F401
from .scoring import Side
from .state import _DEMO, _SIX  # noqa: F401 - _DEMO, _SIX: the examples' deals

Cards = Counts | str | Sequence[str]
KindArg = Kind | str | None
RankArg = Rank | str | None
Sub = Mapping[str, str] | None


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


def _declared(kind: KindArg, rank: RankArg) -> tuple[Kind | None, str | None]:
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


class Hand(OnlineHand):
    """One hand: the deal, the auction, the tricks and the end (create with ``Hand.start``);
    what can be read of it at any moment comes from ``HandState`` (``service.rules.state``)."""

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

        >>> Hand.start(hands=_DEMO, kitty="BRR", first_bidder=0)
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
        if landlord is not None:
            hand._begin_announcing(landlord)
        return hand

    # --- Turns -------------------------------------------------------------------------------

    def _verify_turn(self, seat: int, phase: Phase) -> None:
        if self._phase in (Phase.ENDED, Phase.REDEAL):
            raise GameError(Violation.HAND_OVER, f"the hand is over ({self._phase})", seat=seat)
        if self._phase is not phase:
            code, text = self._out_of_phase(phase)
            raise GameError(code, text, seat=seat)
        if not _is_seat(seat, self.rules):
            text = f"no seat {seat!r}: seats are 0 to {self.seats - 1}"
            raise GameError(Violation.NO_SUCH_SEAT, text)
        if seat != self._to_act:
            text = f"it is seat {self._to_act}'s turn, not seat {seat}'s"
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

    def _advance(self) -> None:
        assert self._to_act is not None
        self._to_act = (self._to_act + 1) % self.seats

    # --- Bidding (section 6) -------------------------------------------------------------------

    def verify_bid(self, seat: int, bid: int | None) -> None:
        """Raise ``GameError`` unless ``seat`` may bid ``bid`` now (0 or None is a pass).

        >>> Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1).verify_bid(1, 4)
        Traceback (most recent call last):
        ...
        service.rules.events.GameError: a bid is 1, 2, 3 or 0 (pass), not 4
        """
        if self._online is not None and self._phase not in (Phase.ENDED, Phase.REDEAL):
            text = f"{self.rules.name} calls and robs: no bids of 1..3"
            raise GameError(Violation.NO_BIDS, text, seat=seat)
        self._verify_turn(seat, Phase.BIDDING)
        bid = 0 if bid is None else bid
        top = self.rules.table.max_bid
        if isinstance(bid, bool) or not isinstance(bid, int) or bid not in range(top + 1):
            text = f"a bid is 1, 2, 3 or 0 (pass), not {bid!r}"
            raise GameError(Violation.BID_OUT_OF_RANGE, text, seat=seat)
        if not bid and not self._spoken and self.rules.table.first_bid_required:
            text = "the first bidder must bid at least 1 (docs/rules.md §10)"
            raise GameError(Violation.FIRST_BID_REQUIRED, text, seat=seat)
        if bid and bid <= self._bid_value:
            text = f"a bid must be higher than {self._bid_value}, not {bid}"
            raise GameError(Violation.BID_NOT_HIGHER, text, seat=seat)

    def can_bid(self, seat: int, bid: int | None) -> bool:
        """Whether ``seat`` may bid ``bid`` now.

        >>> Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1).can_bid(1, 2)
        True
        """
        return _succeeds(self.verify_bid, seat, bid)

    def bid(self, seat: int, bid: int | None) -> None:
        """Bid 1, 2 or 3, or pass with 0 (or None); the auction ends per the rules' ``bidding``.

        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> for seat in (1, 2, 0):
        ...     hand.bid(seat, 0)
        >>> hand.phase
        <Phase.REDEAL: 'redeal'>
        """
        self.verify_bid(seat, bid)
        bid = bid or 0
        self._history.append(Action(kind=ActionKind.BID, seat=seat, bid=bid))
        self._spoken += 1
        if bid:
            self._bid_value, self._bidder, self._passes = bid, seat, 0
        else:
            self._passes += 1
        if self._auction_over():
            self._end_auction()
        else:
            self._advance()

    def _auction_over(self) -> bool:
        if self._bid_value == self.rules.table.max_bid:
            return True
        if self.rules.bidding is BiddingMode.SINGLE_ROUND:
            return self._spoken == self.seats
        return self._passes == (self.seats if self._bidder is None else self.seats - 1)

    def _end_auction(self) -> None:
        if self._bidder is None and self.rules.all_pass is AllPass.FIRST_BIDDER:
            self._bidder, self._bid_value = self.first_bidder, 1  # Botzone: no redeal
        if self._bidder is None:
            self._phase, self._to_act = Phase.REDEAL, None
            return
        seat = self._landlord = self._bidder
        self._take_kitty(seat)
        leader = self.first_bidder if self.rules.table.first_bidder_leads else seat
        self._leader = self._to_act = leader
        self._phase, self._passes = Phase.PLAY, 0

    # --- The six-player announcement (section 12) ---------------------------------------------

    def _begin_announcing(self, landlord: int) -> None:
        self._landlord = landlord
        self._take_kitty(landlord)
        self._bid_value = self.rules.table.max_bid
        self._phase, self._to_act = Phase.ANNOUNCING, landlord

    def verify_announce(
        self, seat: int, card: Card | str | None, *, partner: int | None = None
    ) -> int | None:
        """Raise ``GameError`` unless the landlord ``seat`` may announce ``card`` now (None:
        nothing, it plays alone); return the partner it makes (``service.rules.partner``).
        ``partner`` names the second landlord where the deal does not name every suit.

        >>> hand = Hand.start(hands=_SIX, kitty="3S 3S 4S 4S 5S 5S", landlord=0, rules=SIX_PLAYER)
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

        >>> hand = Hand.start(hands=_SIX, kitty="3S 3S 4S 4S 5S 5S", landlord=0, rules=SIX_PLAYER)
        >>> hand.can_announce(0, None), hand.can_announce(1, "KH"), hand.can_announce(0, "KH")
        (False, False, True)
        """
        return _succeeds(self.verify_announce, seat, card, partner=partner)

    def announce(
        self, seat: int, card: Card | str | None = None, *, partner: int | None = None
    ) -> int | None:
        """Announce ``card`` (None: nothing); its third copy's holder becomes the second
        landlord. The landlord then leads the first trick.

        >>> hand = Hand.start(hands=_SIX, kitty="3S 3S 4S 4S 5S 5S", landlord=0, rules=SIX_PLAYER)
        >>> hand.announce(0, "KH"), hand.landlords, hand.phase, hand.to_act
        (1, (0, 1), <Phase.PLAY: 'play'>, 0)
        """
        found = self.verify_announce(seat, card, partner=partner)
        read = Card.parse(card) if isinstance(card, str) else card
        self._history.append(Action(kind=ActionKind.ANNOUNCE, seat=seat, card=read, partner=found))
        self._announced, self._partner = read, found
        self._phase, self._leader = Phase.PLAY, seat
        return found

    # --- Play (section 5) ------------------------------------------------------------------

    def verify_play(
        self,
        seat: int,
        cards: Cards,
        *,
        kind: KindArg = None,
        rank: RankArg = None,
        substitution: Sub = None,
    ) -> Combination:
        """Raise ``GameError`` unless ``seat`` may play ``cards`` now; return the reading played.

        ``kind``, ``rank`` (and with wilds ``substitution``) declare the intended reading of an
        ambiguous play (sections 4 and 14).

        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
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
            self._last_play,
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
        self, seat: int, cards: Cards, *, kind: KindArg = None, rank: RankArg = None
    ) -> bool:
        """Whether ``seat`` may play ``cards`` now.

        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.can_play(1, "4444")
        False
        """
        return _succeeds(self.verify_play, seat, cards, kind=kind, rank=rank)

    def play(
        self,
        seat: int,
        cards: Cards,
        *,
        kind: KindArg = None,
        rank: RankArg = None,
        substitution: Sub = None,
    ) -> Combination:
        """Play ``cards`` from ``seat``; the hand ends when the seat has no cards left.

        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> hand.play(1, "3334", kind="trio_single")
        Combination.of('3334', kind='trio_single', rank='3')
        >>> hand.to_act, hand.last_play.cards
        (2, '3334')
        """
        combo = self.verify_play(seat, cards, kind=kind, rank=rank, substitution=substitution)
        if self._online is not None:
            self._online.played = True
        self._history.append(Action(kind=ActionKind.PLAY, seat=seat, combination=combo))
        self._hands[seat] = subtract(self._hands[seat], combo.counts)
        self._plays[seat] += 1
        self._last_play, self._last_player, self._passes = combo, seat, 0
        if not any(self._hands[seat]):
            self._phase, self._out, self._to_act = Phase.ENDED, seat, None
        else:
            self._advance()
        return combo

    def verify_pass(self, seat: int) -> None:
        """Raise ``GameError`` unless ``seat`` may pass now (in the auction: bid 0).

        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 1)
        >>> hand.verify_pass(2)
        """
        if self._phase is Phase.BIDDING and self._online is None:
            self.verify_bid(seat, 0)
            return
        self._verify_turn(seat, Phase.PLAY)
        if self._last_play is None:
            raise GameError(Violation.LEADER_CANNOT_PASS, "the leader must play", seat=seat)

    def can_pass(self, seat: int) -> bool:
        """Whether ``seat`` may pass now.

        >>> Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1).can_pass(0)
        False
        """
        return _succeeds(self.verify_pass, seat)

    def pass_turn(self, seat: int) -> None:
        """Pass; after a pass from every other seat in a row (two in the three-player game;
        two under ``two_pass_tricks``) the trick ends and the last player leads.

        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1)
        >>> hand.bid(1, 3)
        >>> _ = hand.play(1, "3")
        >>> hand.pass_turn(2); hand.pass_turn(0)
        >>> hand.to_act, hand.trick_leader, hand.last_play
        (1, 1, None)
        """
        if self._phase is Phase.BIDDING and self._online is None:
            self.bid(seat, 0)
            return
        self.verify_pass(seat)
        self._history.append(Action(kind=ActionKind.PASS, seat=seat))
        self._passes += 1
        if self._passes == (2 if self.rules.two_pass_tricks else self.seats - 1):
            self._last_play, self._passes = None, 0
            self._leader = self._to_act = self._last_player
        else:
            self._advance()

    # --- Driving ---------------------------------------------------------------------------

    def legal_plays(self) -> LegalMoves:
        """The legal plays of the seat to act (empty outside the play).

        >>> Hand.start(hands=_DEMO, kitty="BR2", first_bidder=1).legal_plays().count()
        0
        """
        if self._phase is not Phase.PLAY or self._to_act is None:
            return legal_moves((0,) * len(Rank), None, self.rules)
        return legal_moves(self._hands[self._to_act], self._last_play, self.rules)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act: bids and a pass, the announcements, or a
        pass and every play.

        >>> [str(a) for a in Hand.start(hands=_DEMO, kitty="BR2", first_bidder=2).legal_actions()]
        ['seat 2 bids pass', 'seat 2 bids 1', 'seat 2 bids 2', 'seat 2 bids 3']
        """
        seat = self._to_act
        if seat is None:
            return ()
        if self._online is not None and self._phase is not Phase.PLAY:
            return self._calls()
        if self._phase is Phase.ANNOUNCING:
            return tuple(
                Action(kind=ActionKind.ANNOUNCE, seat=seat, card=card, partner=partner)
                for card, partner in announcements(self.deal, seat)
            )
        if self._phase is Phase.BIDDING:
            bids = [0, *range(self._bid_value + 1, self.rules.table.max_bid + 1)]
            if not self._spoken and self.rules.table.first_bid_required:
                bids.remove(0)
            return tuple(Action(kind=ActionKind.BID, seat=seat, bid=b) for b in bids)
        plays = [Action(kind=ActionKind.PLAY, seat=seat, combination=c) for c in self.legal_plays()]
        if self.passing_allowed:
            plays.insert(0, Action(kind=ActionKind.PASS, seat=seat))
        return tuple(plays)

    def apply(self, action: Action) -> None:
        """Apply a recorded action (a bid, an announcement, a play in its recorded reading, or
        a pass).

        >>> hand = Hand.start(hands=_DEMO, kitty="BR2", first_bidder=2)
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


__all__ = ["Action", "ActionKind", "GameError", "Hand", "Phase", "Side", "Violation"]
