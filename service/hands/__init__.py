"""Whole hands: a hand record replayed through the rules core and judged event by event.

A record is the deal (each seat's hand and a kitty, with or without suits), the first bidder
and the bids (the six-player game: the landlord or the face-up card, the announcement and,
where the deal lacks suits, the partner), and every play and pass in order (``Record``).
``validate`` replays it through the core's ``Hand`` and stops at the first violation, naming
where it is (``part`` and ``index``), the seat, the core's ``Violation`` code and a sentence;
the state reached before it is reported all the same. The answers (``validate_answer``,
``batch_answer``, ``ledger_answer``) are JSON-ready dicts, as in ``service.answers``.

The modules, each importing only those before it: ``records`` (the record and what it may
hold), ``suits`` (suited cards), ``replay`` (``validate``), ``answers`` (the JSON answers).

Decisions where docs/rules.md is silent:

- Deck problems of the deal (a seat without 17 cards, five 7s, a suited card dealt twice) are a
  verdict (``bad_deal``), not an input error: the record is well-formed, the deal is impossible.
- Suits: the rules ignore them (section 1), so plays are matched to hands by rank; but a suited
  card the deal gave to another seat (the kitty's go to the landlord), a suited card played
  before, or one named twice in a play, is ``not_in_hand``.
- An event after the end of the hand (or after a redeal) is ``hand_over``, a bid after the
  auction ``bidding_over``, a play or pass before it ``still_bidding``: the core's codes.
- What reads is judged, and only what cannot be read is an input error (docs/hands.md, what
  is a 422): a field of another game's (an announcement or a partner with bidding, bids or a
  first bidder in the six-player game, a face-up card without ``face_up_bids_first``) is a
  verdict (``not_announcing``, ``bidding_over``, ``bad_deal``); a field the game needs to begin
  and the record lacks is an input error (``required_in_game``: ``record_problems``). The
  announcement is judged before any event (part ``announcement``).
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

from .answers import batch_answer, ledger_answer, validate_answer
from .records import (
    MAX_AUCTION,
    MAX_BIDS,
    MAX_EVENTS,
    Bid,
    Call,
    Event,
    Part,
    Record,
    longest_auction,
    longest_hand,
    record_problems,
)
from .replay import HandError, Outcome, validate

__all__ = [
    "MAX_AUCTION",
    "MAX_BIDS",
    "MAX_EVENTS",
    "Bid",
    "Call",
    "Event",
    "HandError",
    "Outcome",
    "Part",
    "Record",
    "batch_answer",
    "ledger_answer",
    "longest_auction",
    "longest_hand",
    "record_problems",
    "validate",
    "validate_answer",
]
