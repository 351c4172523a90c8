"""The fast path of the three-player game: the reference engine's answers, from tables.

``generate`` lists the same moves as ``service.rules.engine.reference_moves``, in the same
order, for a three-player game model whose every form has a family (``lists``: a form of a
shape no family lists sends its game to the reference engine, never to a partial list). Each
form's family (``families``, ``wings``) lists its combinations from tables made of the form,
the kicker rules come from ``service.rules.kickers``, and the readings a card set may take
come from the game's universe (``universe``: every playable card set with its readings, from
the families run on the whole deck). Nothing here is a rule: the perft golden files, the
universe digests and a property test over random and airplane-rich hands check it against the
reference engine.

>>> from service.rules import STANDARD, Combination, read_hand
>>> [c.cards for c in generate(read_hand("3456789"), STANDARD.model, Combination.of("34567"), None)]
['45678', '56789']
>>> len(universe(STANDARD.model)["333444555666"])
1
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import compress
from operator import attrgetter

from ..cards import Counts
from ..combos import Combination, preference
from ..engine import every_reading as reference_readings
from ..kinds import Kind
from ..model import THREE_PLAYER_FORMS, Form, Game, GameModel, Tier
from .families import NEEDS, NoFamily, listable, plain_family, top_test
from .hand import Held, Parts, held_parts, joined_counts
from .tables import (
    _BY_MODEL,
    UNIVERSES,
    Clashes,
    Family,
    Found,
    LeadPlan,
    OnDemand,
    Plan,
    Responses,
    Tables,
    Universe,
    remember,
    tables_of,
)
from .wings import with_wings

_THREE_PLAYER = Game.THREE_PLAYER


#: The three-player forms whose shape a family lists (``families.listable``).
_LISTED = tuple(form for form in THREE_PLAYER_FORMS if listable(form) is None)
#: How each listed three-player form's moves are found: its family (docs/rules.md §2 and 8).
FAMILIES: dict[Form, Family] = {
    form: with_wings(form) if form.chain and form.kickers else plain_family(form)
    for form in _LISTED
}
#: The lead families of the forms with wings, for leads of every kind (``wings.with_wings``).
_LEAD_FAMILIES: dict[Form, Family] = {
    form: with_wings(form, lead=True) for form in _LISTED if form.chain and form.kickers
}
_WINGED = frozenset(form.kind for form in _LEAD_FAMILIES)
#: A lead plan's width for the chains of trios or fours (airplanes, space shuttles): 10 more
#: than the rank's count, as they need two neighbouring ranks held that many times.
_CHAINED = 10


def lists(model: GameModel) -> bool:
    """Whether the fast path lists a game model's moves: a three-player game without wilds,
    each of whose forms has a family, its one bomb of four and its top play the rocket (what a
    response adds, ``generate``). Otherwise the reference engine lists them.

    >>> from service.rules import BIG_THREE, STANDARD
    >>> lists(STANDARD.model), lists(BIG_THREE.model)
    (True, False)
    """
    found = _LISTS.get(model)
    if found is None:
        found = remember(_LISTS, model, unlisted(model) is None)
    return found


def unlisted(model: GameModel) -> str | None:
    """Why the fast path does not list a game model's moves, or None when it does.

    >>> from service.rules import FOUR_PLAYER
    >>> unlisted(FOUR_PLAYER.model)
    'the four_player game'
    """
    if model.game is not _THREE_PLAYER or model.wilds is not None:
        return f"the {model.game} game" + (" with wilds" if model.wilds is not None else "")
    kinds = [form.kind for form in model.forms]
    if len(set(kinds)) != len(kinds):  # the tables are kept by kind
        return "two forms of one kind"
    missing = [form for form in model.forms if form not in FAMILIES]
    if missing:
        return "; ".join(
            f"{form.kind}: {listable(form) or 'not a three-player form'}" for form in missing
        )
    higher = [form for form in model.forms if form.tier is not Tier.PLAY]
    if higher != [_BOMB_FORM, _TOP_FORM]:
        return "bombs other than of four, or a top play other than the rocket"
    return None


#: Each game model's answer of ``lists``, kept as the tables are (``tables.remember``).
_LISTS: dict[GameModel, bool] = {}


def _plan(tables: Tables) -> Plan:
    """Per form of the game, in listing order: its kind, family and the cards of one rank it
    needs."""
    plan = tables.plan
    if plan is None:
        why = unlisted(tables.model)
        if why is not None:
            raise NoFamily(f"the fast path does not list this game ({why}): use the engine")
        plan = tables.plan = tuple((f, FAMILIES[f], f.width) for f in tables.model.forms)
    return plan


def _lead_plan(tables: Tables) -> LeadPlan:
    """The families that list leads of every kind (``_plan``'s, with the lead families of the
    kinds with wings that have readings not preferred), each with the width a hand needs for
    it (``_CHAINED`` added for chains of trios or fours), and whether their list needs
    ``_distinct``: only when some other kind has such readings."""
    plan = tables.leads
    if plan is None:
        shadowed = {combo.kind for combo in _clashes(tables).shadowed}
        families = tuple(
            (
                _LEAD_FAMILIES.get(form, family) if form.kind in shadowed else family,
                width + _CHAINED if width > 2 and form.chain else width,
            )
            for form, family, width in _plan(tables)
        )
        plan = tables.leads = (families, not shadowed <= _WINGED)
    return plan


def _response_plan(tables: Tables) -> Responses:
    """Per kind of a play to answer: its family, whether its listing needs ``_distinct`` (a
    reading of that kind belongs to a card set of several readings), and the rank lists the
    family reads (``NEEDS``)."""
    clashing = _clashes(tables).kinds
    plan = tables.responses = {
        form.kind: (family, form.kind in clashing, NEEDS[form.kind])
        for form, family, _ in _plan(tables)
    }
    return plan


def generate(
    hand: Counts | None,
    model: GameModel,
    previous: Combination | None,
    kinds: Collection[Kind] | None,
    parts: Parts | None = None,
) -> list[Combination]:
    """The moves of a three-player hand given as its rank counts, or as its ``parts``
    (``hand.held_parts``; the counts may then be None and are joined only where a family reads
    them): a response lists the plays of ``previous``'s kind that beat it, then the forms of a
    higher tier (docs/rules.md §3).

    >>> from service.rules import STANDARD, Combination, read_hand
    >>> [c.cards for c in generate(read_hand("5555BR"), STANDARD.model, Combination.of("44"), None)]
    ['55', '5555', 'BR']
    """
    table = _BY_MODEL.get(model) or tables_of(model)
    if previous is None:
        return _leads(Held(hand, parts), table, kinds)
    tier = previous.tier
    if tier is _TOP:
        return []
    family, dedupe, lists = (table.responses or _response_plan(table))[previous.kind]
    held = Held(hand, parts, lists)
    found: Found = []
    family(held, table, previous.power, previous.length, found)
    if tier is _PLAY and held.fours:  # bombs need four of a rank (asserted below)
        _bombs(held, table, -1, 0, found)
    last = held.parts[2][8]  # the top form's family (the rocket), written out: the hot path
    if last[_TOP_LOW] >= _TOP_WIDTH and last[_TOP_HIGH] >= _TOP_WIDTH:
        found.append(_TOP_PLAY)
    if kinds is not None:
        found = [c for c in found if c.kind in kinds]
    return _distinct(found, table) if dedupe else found


# A response's forms of a higher tier: the one bomb, of four of a rank, and the one top play
# (the rocket); bound once, as an enum member's lookup through its class is slow.
(_BOMB_FORM,) = (f for f in THREE_PLAYER_FORMS if f.tier == Tier.BOMB)
(_TOP_FORM,) = (f for f in THREE_PLAYER_FORMS if f.tier == Tier.TOP)
_bombs, _BOMB_WIDTH = FAMILIES[_BOMB_FORM], _BOMB_FORM.width
_TOP_PLAY, _TOP_LOW, _TOP_HIGH, _TOP_WIDTH = top_test(_TOP_FORM)
assert _BOMB_WIDTH == 4, "a response lists bombs only when the hand holds four of a rank"
_TOP, _PLAY = Tier.TOP, Tier.PLAY


def _leads(held: Held, tables: Tables, kinds: Collection[Kind] | None) -> list[Combination]:
    """Every lead of a hand (of the ``kinds`` given)."""
    found: Found = []
    widest = held.widest
    if kinds is None:
        families, dedupe = tables.leads or _lead_plan(tables)
        if widest > 2:  # two neighbouring chain ranks held thrice (or four times): chains of them
            a, b, c = held.parts
            trios = a[6] | b[6] | c[6]
            if trios & trios >> 1:
                fours = a[7] | b[7] | c[7]
                widest = _CHAINED + (4 if fours & fours >> 1 else 3)
        for family, width in families:
            if width <= widest:
                family(held, tables, -1, 0, found)
        return _distinct(found, tables) if dedupe else found
    for form, family, width in _plan(tables):
        if width <= widest and form.kind in kinds:
            family(held, tables, -1, 0, found)
    return _distinct(found, tables)


def every_reading(hand: Counts, model: GameModel) -> list[Combination]:
    """Every lead of ``hand`` in every reading (a card set read two ways appears twice): the
    families of a three-player game, the reference engine's for another.

    >>> from service.rules import get_ruleset, read_hand
    >>> found = every_reading(read_hand("333444555666"), get_ruleset("douzero").model)
    >>> [c.kind.value for c in found if c.cards == "333444555666"]
    ['airplane', 'airplane_singles', 'airplane_singles']
    """
    if not lists(model):
        return reference_readings(hand, model)
    held, table = Held(hand), tables_of(model)
    found: Found = []
    for _, family, _ in _plan(table):
        family(held, table, -1, 0, found)
    return found


def universe(model: GameModel) -> Universe:
    """Every card set playable in a game with its readings, preferred first (built once).

    >>> from service.rules import BIG_THREE
    >>> len(universe(BIG_THREE.model)), universe(BIG_THREE.model)["4444"][0].kind.value
    (171, 'quad')
    """
    found = UNIVERSES.get(model)
    if found is None and sum(model.table.full_deck) > _TABLED_DECK:
        found = remember(UNIVERSES, model, OnDemand(model, {}))
    if found is None:
        grouped: dict[str, list[Combination]] = {}
        for combo in every_reading(model.table.full_deck, model):
            grouped.setdefault(combo.cards, []).append(combo)
        readings = {cards: tuple(sorted(c, key=preference)) for cards, c in grouped.items()}
        found = remember(UNIVERSES, model, Universe(model, readings))
    return found


#: The largest deck whose universe is tabled whole (two packs, 108 cards: 9,079 card sets in the
#: four-player game); a larger deck's card sets are read on demand (``OnDemand``).
_TABLED_DECK = 108


def _clashes(tables: Tables) -> Clashes:
    """The card sets of several readings in the game's universe (built once)."""
    found = tables.clashes
    if found is None:
        several = [r for r in universe(tables.model).values() if len(r) > 1]
        found = tables.clashes = Clashes(
            frozenset(readings[0].cards for readings in several),
            frozenset(combo for readings in several for combo in readings[1:]),
            frozenset(combo.kind for readings in several for combo in readings),
        )
    return found


_CARDS = attrgetter("cards")


def _distinct(found: list[Combination], tables: Tables) -> list[Combination]:
    """``found`` (in listing order) with one entry per card set, its preferred reading.

    Only card sets of more than one reading can be listed twice: when none is listed, this is
    one set test per move, with no Python-level loop.
    """
    ambiguous = _clashes(tables).cards
    if not ambiguous or ambiguous.isdisjoint(map(_CARDS, found)):
        return found
    cards = list(map(_CARDS, found))
    spots: dict[str, list[int]] = {}
    for i in compress(range(len(cards)), map(ambiguous.__contains__, cards)):
        spots.setdefault(cards[i], []).append(i)
    drop: list[int] = []
    for at in spots.values():
        if len(at) > 1:
            best = min(at, key=lambda i: preference(found[i]))
            drop.extend(i for i in at if i != best)
    kept = found[:]
    for i in sorted(drop, reverse=True):
        del kept[i]
    return kept


__all__ = [
    "NoFamily",
    "every_reading",
    "generate",
    "held_parts",
    "joined_counts",
    "lists",
    "universe",
    "unlisted",
]
