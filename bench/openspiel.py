"""OpenSpiel 2.0.2's C++ Dou Dizhu engine (``pyspiel``, game ``dou_dizhu``) as a benchmark peer.

OpenSpiel has no call for the legal moves of an arbitrary hand: ``State.legal_actions()`` lists
the moves of the player to move in a game state. So a call builds a state in which the player
to move holds the hand (and, for a response, faces the previous play), then asks it:

- **the deal**: the chance player's first action places the face-up card (position 0: the first
  card dealt, so player 0 bids first); 51 actions then deal one card each, the k-th to player
  k % 3; the three cards never dealt are the kitty;
- **the auction**: player 0 bids 3 and is the landlord at once; it takes the kitty and leads;
- **a lead**: the landlord (player 0) holds the 20-card hand, its first 17 cards dealt to it and
  its last 3 the kitty; the other players hold the rest of the deck;
- **a response**: OpenSpiel's landlord leads the first trick and may not pass, so no player
  ever answers a play holding 20 cards. The hand (17 cards) is player 1's, the farmer after the
  landlord, who answers the landlord's opening lead: the previous play. The landlord holds the
  play and other cards from the rest of the deck, none of the play's lowest rank where others
  are left (OpenSpiel never leads a chain from a rank held four times), and leads it.

A state is built by ``apply_action`` calls (``apply_actions`` is for simultaneous games; the
state's serialized form parsed by ``deserialize_state`` was slower, its string made in Python).
OpenSpiel's cards: id ``13 * suit + rank`` (rank 0..12 for ``3``..``2``), 52 the black joker
(our ``B``), 53 the colour joker (``R``); a deal action is ``51 + id``. Its actions: 0 pass,
1..3 bids, 4..26056 plays (``ACTION_CARDS`` has each one's cards as our canonical string).
The same card set can be several actions (``333444555666``: a plain airplane, or 333444555 with
666 as kickers, or 444555666 with 333): a previous play is given as the action of our preferred
reading (``legal_moves``' reading of a card string), and moves are counted as distinct card sets.

``pyspiel`` imports nothing but the standard library; the ``open_spiel`` wheel is installed
without its declared dependencies (pyproject.toml, ``[[tool.uv.dependency-metadata]]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from service.rules import OPENSPIEL, Kind, legal_moves, universe

ORDER = {c: i for i, c in enumerate("3456789TJQKA2BR")}
RANKS = "3456789TJQKA2"
FACE_UP_FIRST = 0  # the face-up card is the first dealt: player 0 bids first
DEAL_BASE = 51  # OpenSpiel's kDealingActionBase: a deal action is 51 + card id
PASS = 0  # kPass
BID_3 = 3  # the highest bid: the bidder is the landlord at once
LANDLORD, FARMER = 0, 1
ROCKET = 26056  # kRocketActionBase
BOMBS = range(26043, 26056)  # kBombActionBase ..

#: Each card character's four deal actions (suits 0..3), the jokers' one.
DEAL: dict[str, tuple[int, ...]] = {
    c: tuple(DEAL_BASE + 13 * suit + rank for suit in range(4)) for rank, c in enumerate(RANKS)
} | {"B": (DEAL_BASE + 52,), "R": (DEAL_BASE + 53,)}
ALL_DEALS = tuple(range(DEAL_BASE, DEAL_BASE + 54))
_OF_RANK = {c: frozenset(actions) for c, actions in DEAL.items()}

#: OpenSpiel's groups of play actions (dou_dizhu_utils.h's action bases), by our kinds.
_GROUPS: dict[Kind, str] = {
    Kind.SINGLE: "rank",
    Kind.PAIR: "rank",
    Kind.TRIO: "rank",
    Kind.BOMB: "rank",
    Kind.ROCKET: "rank",
    Kind.CHAIN: "chain",
    Kind.PAIR_CHAIN: "chain",
    Kind.AIRPLANE: "chain",
    Kind.TRIO_SINGLE: "trio",
    Kind.TRIO_PAIR: "trio",
    Kind.AIRPLANE_SINGLES: "wings",
    Kind.AIRPLANE_PAIRS: "wings",
}


def _group(action: int) -> str:
    """The group of a play action: single-rank plays, chains, trio with kickers, airplanes
    with kickers (kSoloChainActionBase 19, kPairActionBase 55, kPairChainActionBase 68,
    kTrioActionBase 120, kTrioWithSoloActionBase 133, kAirplaneActionBase 471,
    kAirplaneWithSoloActionBase 516, kBombActionBase 26043)."""
    if action < 19 or 55 <= action < 68 or 120 <= action < 133 or action >= 26043:
        return "rank"
    if action < 120 or 471 <= action < 516:
        return "chain"
    return "trio" if action < 471 else "wings"


def _canonical(text: str) -> str:
    """An OpenSpiel action string (``333444-55``, ``(BWJ)(CJ)``) as our canonical card string."""
    cards = text.replace("(BWJ)", "B").replace("(CJ)", "R").replace("-", "")
    return "".join(sorted(cards, key=ORDER.__getitem__))


@dataclass(frozen=True)
class OpenSpiel:
    """The game and the tables between its actions and our card strings."""

    pyspiel: Any
    game: Any
    version: str
    action_cards: list[str]  # by action id; "" for pass and the bids
    play_action: dict[str, int]  # a card set's action, under our preferred reading


_OPENSPIEL: OpenSpiel | None = None


def load() -> OpenSpiel:
    """``pyspiel``'s ``dou_dizhu`` and its action tables (built once, about 0.1 s);
    ``ImportError`` if ``pyspiel`` cannot be imported."""
    global _OPENSPIEL  # noqa: PLW0603 - loaded once per process
    if _OPENSPIEL is not None:
        return _OPENSPIEL
    from importlib.metadata import PackageNotFoundError, version

    import pyspiel  # type: ignore[import-not-found]

    try:
        found = version("open_spiel")
    except PackageNotFoundError:
        found = "unknown"
    game = pyspiel.load_game("dou_dizhu")
    state = game.new_initial_state()
    texts = [state.action_to_string(LANDLORD, a) for a in range(game.num_distinct_actions())]
    cards = ["" if a <= BID_3 else _canonical(text) for a, text in enumerate(texts)]
    readings = universe(OPENSPIEL)
    play_action: dict[str, int] = {}
    for action in range(BID_3 + 1, len(cards)):
        combo = readings[cards[action]][0]  # our preferred reading of the card set
        if _group(action) != _GROUPS[combo.kind]:
            continue
        if combo.kind in (Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS):
            chain = texts[action].split("-")[0]  # OpenSpiel writes the chain first
            if chain[-1] != combo.primal[-1]:  # our rank is the chain's highest
                continue
        if play_action.setdefault(cards[action], action) != action:
            raise AssertionError(f"two actions for one reading of {cards[action]}")
    _OPENSPIEL = OpenSpiel(pyspiel, game, found, cards, play_action)
    return _OPENSPIEL


def available() -> str | None:
    """None if OpenSpiel loads, else why not (for skipping its workload)."""
    try:
        load()
    except ImportError as error:  # pragma: no cover - depends on the environment
        return f"pyspiel cannot be imported ({error}); uv sync installs open_spiel (oracles)"
    return None


# --- Building a state -----------------------------------------------------------------------------


def _dealt(cards: str, before: str = "") -> list[int]:
    """The deal actions of a canonical card string, suits given in turn from 0, after the
    cards of each rank that ``before`` holds."""
    out: list[int] = []
    last = ""
    k = 0
    for c in cards:
        if c == last:
            k += 1
        else:
            last, k = c, before.count(c)
        out.append(DEAL[c][k])
    return out


def lead_history(hand: str) -> list[int]:
    """The actions from a new game to the landlord's lead, the landlord holding ``hand`` (20
    cards): face-up position, 51 deals, the bid of 3."""
    mine = _dealt(hand)
    taken = set(mine)
    rest = [a for a in ALL_DEALS if a not in taken]
    deal = [0] * 51
    deal[0::3] = mine[:17]  # mine[17:] stay in the deck: the kitty
    deal[1::3] = rest[:17]
    deal[2::3] = rest[17:]
    return [FACE_UP_FIRST, *deal, BID_3]


def response_history(hand: str, previous: str) -> list[int]:
    """The actions from a new game to player 1's answer: player 1 holds ``hand`` (17 cards),
    the landlord (player 0) bids 3 and leads ``previous`` (its action under our reading)."""
    play_action = load().play_action[previous]
    mine = _dealt(hand)
    play = _dealt(previous, hand)
    taken = set(mine)
    taken.update(play)
    low = previous[0]  # the play's lowest rank: the landlord gets its other cards only if need be
    avoid = taken | _OF_RANK[low]
    rest = [a for a in ALL_DEALS if a not in avoid]
    rest += [a for a in DEAL[low] if a not in taken]
    landlord = play + rest[: 20 - len(play)]
    deal = [0] * 51
    deal[0::3] = landlord[:17]  # landlord[17:] stay in the deck: the kitty
    deal[1::3] = mine
    deal[2::3] = rest[20 - len(play) :]
    return [FACE_UP_FIRST, *deal, BID_3, play_action]


def state_of(history: Sequence[int]) -> Any:
    """A new ``dou_dizhu`` state with ``history`` applied."""
    state = load().game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def prepared_lead(hand: str) -> Any:
    """The state where the landlord holding ``hand`` leads (checked)."""
    state = state_of(lead_history(hand))
    if state.current_player() != LANDLORD or _cards_held(state, LANDLORD) != hand:
        raise AssertionError(f"the landlord does not hold {hand}: {state}")
    return state


def prepared_response(hand: str, previous: str) -> Any:
    """The state where player 1 holding ``hand`` answers the landlord's lead ``previous``;
    checked: that lead is among the landlord's legal actions (a state the game can reach)."""
    history = response_history(hand, previous)
    state = state_of(history[:-1])
    if history[-1] not in state.legal_actions():
        raise AssertionError(f"the landlord cannot lead {previous}: {state}")
    state.apply_action(history[-1])
    if state.current_player() != FARMER or _cards_held(state, FARMER) != hand:
        raise AssertionError(f"player 1 does not hold {hand} facing {previous}: {state}")
    return state


def _cards_held(state: Any, player: int) -> str:
    """A player's hand as our canonical string, from the first line of its observation string
    (``My hand 3555...(BWJ)(CJ)``); for the checks, never timed."""
    first = state.observation_string(player).split("\n", 1)[0]
    return _canonical(first.removeprefix("My hand "))


# --- The calls timed ------------------------------------------------------------------------------


def leads_built() -> Callable[[str], list[int]]:
    """(b) A hand string to OpenSpiel's legal actions: the state built (new game, face-up
    card, 51 deals, the bid), then ``legal_actions()``."""
    new_state = load().game.new_initial_state
    history = lead_history

    def leads(hand: str) -> list[int]:
        state = new_state()
        for action in history(hand):
            state.apply_action(action)
        return state.legal_actions()  # type: ignore[no-any-return]

    return leads


def responses_built() -> Callable[[str, str], list[int]]:
    """(b) A hand and a previous play to OpenSpiel's legal actions: the state built (as for a
    lead, then the landlord's lead of the previous play), then ``legal_actions()``."""
    new_state = load().game.new_initial_state
    history = response_history

    def responses(hand: str, previous: str) -> list[int]:
        state = new_state()
        for action in history(hand, previous):
            state.apply_action(action)
        return state.legal_actions()  # type: ignore[no-any-return]

    return responses


def leads_prepared() -> Callable[[str, Any], list[int]]:
    """(a) ``legal_actions()`` of a prepared state (the input's second item)."""

    def leads(_hand: str, state: Any) -> list[int]:
        return state.legal_actions()  # type: ignore[no-any-return]

    return leads


def responses_prepared() -> Callable[[str, str, Any], list[int]]:
    """(a) ``legal_actions()`` of a prepared state (the input's third item)."""

    def responses(_hand: str, _previous: str, state: Any) -> list[int]:
        return state.legal_actions()  # type: ignore[no-any-return]

    return responses


def ours_leads_beside() -> Callable[[str, Any], list[Any]]:
    """Our leads under ``openspiel`` on (a)'s inputs: the prepared state is not looked at (the
    same body as ``engines.ours_leads``)."""

    def leads(hand: str, _state: Any) -> list[Any]:
        return legal_moves(hand, rules=OPENSPIEL).moves

    return leads


def ours_responses_beside() -> Callable[[str, str, Any], list[Any]]:
    """Our responses under ``openspiel`` on (a)'s inputs (the prepared state not looked at)."""

    def responses(hand: str, previous: str, _state: Any) -> list[Any]:
        return legal_moves(hand, previous=previous, rules=OPENSPIEL).moves

    return responses


# --- Reading the results --------------------------------------------------------------------------


def card_sets(result: Sequence[Any]) -> set[str]:
    """The distinct card sets of a result, pass left out: OpenSpiel's action ids, or our
    combinations."""
    cards = load().action_cards
    found: set[str] = set()
    for move in result:
        if isinstance(move, int):
            if move != PASS:
                found.add(cards[move])
        else:
            found.add(move.cards)
    return found


def distinct_count(result: Sequence[Any]) -> int:
    """How many distinct card sets a result holds (the cross-check's figure)."""
    return len(card_sets(result))


def differences(hand: str, previous: str | None) -> dict[str, list[str]]:
    """Where our ``openspiel`` moves and OpenSpiel's differ on one input, by known cause:

    - ``chain from a four``: chains, pair chains and plain airplanes whose lowest rank the hand
      holds four times, which OpenSpiel never offers (``SearchChainOnlyActions`` skips a head
      rank held four times; docs/rules.md §11);
    - ``bomb on the rocket``: bombs OpenSpiel offers against the rocket (nothing beats it here);
    - ``other``: anything else (none known).
    """
    if previous is None:
        state = prepared_lead(hand)
        ours = legal_moves(hand, rules=OPENSPIEL)
    else:
        state = prepared_response(hand, previous)
        ours = legal_moves(hand, previous=previous, rules=OPENSPIEL)
    theirs = card_sets(state.legal_actions())
    mine = card_sets(ours.moves)
    kinds = {m.cards: m.kind for m in ours.moves}
    found: dict[str, list[str]] = {}
    for cards in sorted(mine - theirs, key=len):
        chain = kinds[cards] in (Kind.CHAIN, Kind.PAIR_CHAIN, Kind.AIRPLANE)
        cause = "chain from a four" if chain and hand.count(cards[0]) == 4 else "other"
        found.setdefault(cause, []).append(f"ours only: {cards}")
    for cards in sorted(theirs - mine, key=len):
        bomb = previous == "BR" and len(cards) == 4 and len(set(cards)) == 1
        found.setdefault("bomb on the rocket" if bomb else "other", []).append(
            f"OpenSpiel only: {cards}"
        )
    return found
