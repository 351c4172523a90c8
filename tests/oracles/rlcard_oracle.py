"""rlcard 1.2.0 (``rlcard.games.doudizhu``) as an oracle, in our canonical card strings.

rlcard's card strings use our alphabet and order (``3456789TJQKA2BR`` ascending, ``B``/``R`` the
jokers), so the conversion only sorts and checks the characters. The engine calls are rlcard's
own code, the way its game calls them:

- leading: ``DoudizhuJudger.playable_cards_from_hand(hand)`` (``judger.py``), which
  ``DoudizhuPlayer.available_actions`` uses when the player leads;
- following: ``utils.get_gt_cards(player, greater_player)``, which ``available_actions`` uses
  otherwise: every entry of rlcard's table of the previous play's type with a higher weight,
  plus the bombs and the rocket, that the hand contains. ``get_gt_cards`` raises ``KeyError``
  on a previous play that is not in rlcard's table (docs/rules.md §11); feed it only plays of
  the table (:func:`in_table`).

>>> sorted(leads("33345"))
['3', '33', '333', '3334', '3335', '4', '5']
>>> sorted(responses("3334555", "3336"))
['3555', '4555']
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any, NamedTuple

from tests.recorded import recorded

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from rlcard.games.doudizhu import utils as _utils
    from rlcard.games.doudizhu.judger import DoudizhuJudger as _Judger

ORDER = "3456789TJQKA2BR"
_INDEX = {c: i for i, c in enumerate(ORDER)}

#: rlcard's table: card string -> [[type, weight], ...] (``CARD_TYPE[0]``).
CARD_TYPE: dict[str, list[list[str]]] = _utils.CARD_TYPE[0]
#: rlcard's table: type -> weight -> [card string, ...].
TYPE_CARD: dict[str, dict[str, list[str]]] = _utils.TYPE_CARD
#: rlcard's action space, in action-id order (27472 entries, the last one ``"pass"``).
ID_2_ACTION: list[str] = _utils.ID_2_ACTION
ACTION_2_ID: dict[str, int] = _utils.ACTION_2_ID

#: Types whose rlcard weight is the start rank index plus one (the kinds with kickers).
_KICKER_TYPES = frozenset(
    (
        "trio_solo",
        "trio_pair",
        "trio_solo_chain",
        "trio_pair_chain",
        "four_two_solo",
        "four_two_pair",
    )
)


# --- conversions ---------------------------------------------------------------------------------


def to_engine(cards: str) -> str:
    """Our card string (any order) -> rlcard's: the same characters, sorted ascending."""
    unknown = set(cards) - set(ORDER)
    if unknown:
        raise ValueError(f"not card characters: {''.join(sorted(unknown))!r}")
    return "".join(sorted(cards, key=_INDEX.__getitem__))


def from_engine(cards: str) -> str:
    """An rlcard card string -> ours (rlcard already writes them sorted; sort to be sure)."""
    return to_engine(cards)


class _Card(NamedTuple):
    """The two attributes of ``rlcard.games.base.Card`` that ``utils.cards2str`` reads."""

    suit: str
    rank: str


class _Player:
    """The attributes of ``DoudizhuPlayer`` that ``get_gt_cards`` reads."""

    def __init__(self, current_hand: list[_Card] | None = None, played_cards: str = "") -> None:
        self.current_hand = current_hand or []
        self.played_cards = played_cards


def _card_objects(engine_hand: str) -> list[_Card]:
    # cards2str writes a card as its rank, or as suit[0] when the rank is empty (the jokers).
    return [
        _Card(suit=c + "J", rank="") if c in "BR" else _Card(suit="S", rank=c) for c in engine_hand
    ]


# --- native engine calls (rlcard's encoding in and out) ------------------------------------------


def leads_native(engine_hand: str) -> set[str]:
    """rlcard's leads of a sorted rlcard hand string: ``playable_cards_from_hand``."""
    result: set[str] = _Judger.playable_cards_from_hand(engine_hand)
    return result


def responses_native(engine_hand: str, engine_previous: str) -> list[str]:
    """rlcard's answers (without ``"pass"``) to a play of its table: ``get_gt_cards``."""
    player = _Player(_card_objects(engine_hand))
    greater = _Player(played_cards=engine_previous)
    gt: list[str] = _utils.get_gt_cards(player, greater)
    return [c for c in gt if c != "pass"]


# --- our encoding --------------------------------------------------------------------------------


@recorded
def leads(hand: str) -> set[str]:
    """Every distinct card set rlcard lets ``hand`` lead, as our card strings."""
    return {from_engine(c) for c in leads_native(to_engine(hand))}


@recorded
def responses(hand: str, previous: str) -> set[str]:
    """Every card set rlcard lets ``hand`` play on ``previous`` (pass excluded).

    ``previous`` must be in rlcard's table (:func:`in_table`); rlcard raises otherwise.
    """
    return {from_engine(c) for c in responses_native(to_engine(hand), to_engine(previous))}


def in_table(cards: str) -> bool:
    """Whether rlcard's table (its action space) holds this card set."""
    return to_engine(cards) in CARD_TYPE


def readings(cards: str) -> list[tuple[str, int]]:
    """rlcard's (type, weight) readings of a card set of its table."""
    return [(t, int(w)) for t, w in CARD_TYPE[to_engine(cards)]]


#: rlcard type name (without the ``_N`` length suffix) -> our ``Kind`` wire name.
KIND_OF_TYPE = {
    "solo": "single",
    "pair": "pair",
    "trio": "trio",
    "trio_solo": "trio_single",
    "trio_pair": "trio_pair",
    "solo_chain": "chain",
    "pair_chain": "pair_chain",
    "trio_chain": "airplane",
    "trio_solo_chain": "airplane_singles",
    "trio_pair_chain": "airplane_pairs",
    "four_two_solo": "four_two_singles",
    "four_two_pair": "four_two_pairs",
    "bomb": "bomb",
    "rocket": "rocket",
}


def our_reading(card_type: str, weight: int) -> tuple[str, int, int]:
    """An rlcard (type, weight) as our (kind, rank index, chain length).

    rlcard's weight is the lowest primal rank index, plus one for the kinds with kickers (the
    table starts those at 1); the rocket has weight 0. Our rank is the highest primal rank.

    >>> our_reading("solo_chain_5", 0), our_reading("trio_solo_chain_2", 1)
    (('chain', 4, 5), ('airplane_singles', 1, 2))
    >>> our_reading("rocket", 0)
    ('rocket', 14, 1)
    """
    base, _, suffix = card_type.rpartition("_")
    if base and suffix.isdigit():
        length = int(suffix)
    else:
        base, length = card_type, 1
    if base == "rocket":
        return "rocket", _INDEX["R"], 1
    start = weight - 1 if base in _KICKER_TYPES else weight
    return KIND_OF_TYPE[base], start + length - 1, length


def universe() -> set[str]:
    """Every card set of rlcard's action space (pass excluded)."""
    return {c for c in ID_2_ACTION if c != "pass"}


def type_counts(cards: Iterable[str]) -> dict[str, int]:
    """How many of ``cards`` each rlcard type holds (for reporting)."""
    found: dict[str, int] = {}
    for c in cards:
        for t, _ in CARD_TYPE[to_engine(c)]:
            found[t] = found.get(t, 0) + 1
    return found


def engine_info() -> dict[str, Any]:
    """The engine's name and version, for reports."""
    import rlcard

    return {"engine": "rlcard", "version": rlcard.__version__}
