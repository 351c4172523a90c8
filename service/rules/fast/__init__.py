"""The fast path: the reference engine's answers, from tables for the three-player game and
from a plan derived from the forms for any other game without wilds (``general``).

``generate`` lists the same moves as ``service.rules.engine.reference_moves``, in the same
order, for a three-player game model whose every form has a family (``lists``: a form of a
shape no family lists sends its game to the general plan, never to a partial list). Each
form's family (``families``, ``wings``) lists its combinations from tables made of the form,
the kicker rules come from ``service.rules.kickers``. Leads list each card set once because
the families of forms with kickers list, for a lead, only a reading that is its card set's
preferred one, asked of the game's ``universe`` (the card sets read so far, each read from the
forms on first use; nothing is enumerated ahead, so any option set costs what its requests
read). Nothing here is a rule: the perft golden files, the universe digests and property tests
over random and airplane-rich hands under random option sets check it against the reference
engine.

>>> from service.rules import STANDARD, Combination, read_hand
>>> [c.cards for c in generate(read_hand("3456789"), STANDARD.model, Combination.of("34567"), None)]
['45678', '56789']
>>> [c.kind.value for c in universe(STANDARD.model)["333444555666"]]
['airplane']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from itertools import combinations
from typing import Final

from ..cards import Counts
from ..combos import Combination, readings
from ..kinds import KIND_ORDER, Kind
from ..model import THREE_PLAYER_FORMS, Form, Game, GameModel, KickerRules, Tier
from .families import NEEDS, NoFamily, listable, plain_family, top_test
from .general import distinct, general_moves
from .hand import Held, Parts, held_parts, joined_counts
from .tables import (
    _BY_MODEL,
    Family,
    Found,
    LeadPlan,
    Plan,
    Responses,
    Tables,
    Universe,
    remember,
    tables_of,
    universe_of,
)
from .wings import Pager, wings_pager, with_wings

_THREE_PLAYER: Final = Game.THREE_PLAYER


#: The three-player forms whose shape a family lists (``families.listable``).
_LISTED: Final = tuple(form for form in THREE_PLAYER_FORMS if listable(form) is None)
#: How each listed three-player form's moves are found: its family (docs/rules.md §2 and 8).
FAMILIES: Final[dict[Form, Family]] = {
    form: with_wings(form) if form.chain and form.kickers else plain_family(form)
    for form in _LISTED
}
#: The lead families of the forms with kickers, for leads of every kind: each lists a reading
#: only where it is its card set's preferred one (a reading without kickers always is:
#: ``unlisted``), so that leads list each card set once.
_LEAD_FAMILIES: Final[dict[Form, Family]] = {
    form: with_wings(form, lead=True) if form.chain else plain_family(form, lead=True)
    for form in _LISTED
    if form.kickers
}
#: A lead plan's width for the chains of trios or fours (airplanes, space shuttles): 10 more
#: than the rank's count, as they need two neighbouring ranks held that many times.
_CHAINED: Final = 10


def lists(model: GameModel) -> bool:
    """Whether the fast path lists a game model's moves: a three-player game without wilds,
    each of whose forms has a family, its one bomb of four and its top play the rocket (what a
    response adds, ``generate``). Otherwise the general plan lists them (``general_moves``).

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
    plain = [form for form in model.forms if not form.kickers]
    if any(_may_share(f, g) for f, g in combinations(plain, 2)):
        return "two forms without kickers that may read one card set"
    return None


def _may_share(form: Form, other: Form) -> bool:
    """Whether two forms without kickers may read one card set: the same cards of a rank, and
    ranks and chain lengths that overlap. Otherwise a reading without kickers is its card set's
    only one without kickers, and so its preferred one (a reading with kickers is of the plays'
    tier: ``families.listable``), which lets the lead families skip only readings with kickers.

    >>> from service.rules.model import THREE_PLAYER_FORMS as F
    >>> _may_share(F[0], F[5]), _may_share(F[0], Form(Kind.BOMB, 1, tier=Tier.BOMB))
    (False, True)
    """
    return (
        form.width == other.width
        and form.low <= other.high
        and other.low <= form.high
        and form.min_len <= other.max_len
        and other.min_len <= form.max_len
    )


#: Each game model's answer of ``lists``, kept as the tables are (``tables.remember``).
_LISTS: Final[dict[GameModel, bool]] = {}


def _plan(tables: Tables) -> Plan:
    """Per form of the game, in listing order: its kind, family and the cards of one rank it
    needs. The three-player game's forms are declared in the kinds' order (``KIND_ORDER``),
    one form a kind, and each family lists its form's plays in order, so the families listed
    one after another list in order (``every_reading``)."""
    plan = tables.plan
    if plan is None:
        why = unlisted(tables.model)
        if why is not None:
            raise NoFamily(f"the fast path does not list this game ({why}): use the engine")
        places = [KIND_ORDER[form.kind] for form in tables.model.forms]
        assert places == sorted(set(places)), "the forms in the kinds' order, one a kind"
        plan = tables.plan = tuple((f, FAMILIES[f], f.width) for f in tables.model.forms)
    return plan


def _lead_plan(tables: Tables) -> LeadPlan:
    """The families that list leads of every kind (``_plan``'s, with the lead families of the
    forms whose readings another may shadow: ``_shadowed``), each with the width a hand needs
    for it (``_CHAINED`` added for chains of trios or fours) and, for a chain with wings, its
    pager (``wings.wings_pager``), which counts without making them the readings of the
    chain lengths no other reading may shadow."""
    plan = tables.leads
    if plan is None:
        model = tables.model
        sizes = {form: _sizes(form) for form in model.forms}
        found = []
        for form, family, width in _plan(tables):
            shadowed = _shadowed(form, sizes, model.kickers)
            pager: Pager | None = None
            if form.chain and form.kickers:
                counted = frozenset(form.lengths()) - shadowed
                pager = wings_pager(form, lead=bool(shadowed), counted=counted)
            found.append(
                (
                    _LEAD_FAMILIES[form] if shadowed else family,
                    width + _CHAINED if width > 2 and form.chain else width,
                    pager,
                )
            )
        plan = tables.leads = tuple(found)
    return plan


def _shadowed(
    form: Form, sizes: Mapping[Form, frozenset[int]], kicker_rules: KickerRules
) -> frozenset[int]:
    """The chain lengths at which a reading of ``form`` (with kickers) may not be its card
    set's preferred one: every length where it may be read two ways (``_two_ways``); else
    those whose number of cards another form may read. That form's primal ranks are held
    ``width`` times in the card set, which holds ``form.width`` of each of its primal ranks and
    at most ``_kicker_most`` of a kicker rank (kickers are never of a primal rank): one with
    kickers needs a rank held as many times as its width; a form without kickers holds each
    of its ranks ``width`` times, so it would need ``form``'s width and a kicker rank held as
    many times, which a form not read two ways never holds. At any other length a reading is
    its card set's preferred one, and a lead lists it without a check. ``sizes``: the game's
    forms, each with its sizes (``_sizes``).

    >>> from service.rules import STANDARD, get_ruleset
    >>> def shadowed(model):
    ...     sizes = {f: _sizes(f) for f in model.forms}
    ...     found = {f.kind.value: _shadowed(f, sizes, model.kickers) for f in model.forms}
    ...     return {kind: sorted(lengths) for kind, lengths in found.items() if lengths}
    >>> shadowed(STANDARD.model)
    {'airplane_singles': [5], 'airplane_pairs': [4], 'four_two_pairs': [1]}
    >>> shadowed(get_ruleset("douzero").model)  # kicker ranks repeat: read two ways
    {'airplane_singles': [2, 3, 4, 5], 'airplane_pairs': [4], 'four_two_pairs': [1]}
    """
    lengths = form.lengths()
    if not form.kickers:
        return frozenset()
    if _two_ways(form, kicker_rules):
        return frozenset(lengths)
    most = max(form.width, _kicker_most(form, kicker_rules))
    reachable = [
        found
        for other, found in sizes.items()
        if other is not form and other.kickers and other.width <= most
    ]
    return frozenset(n for n in lengths if any(form.size(n) in found for found in reachable))


def _sizes(form: Form) -> frozenset[int]:
    """How many cards the combinations of ``form`` may hold.

    >>> from service.rules.model import THREE_PLAYER_FORMS as F
    >>> sorted(_sizes(F[6]))  # the pair chain: 3 to 10 pairs
    [6, 8, 10, 12, 14, 16, 18, 20]
    """
    return frozenset(form.size(length) for length in form.lengths())


def _kicker_most(form: Form, kicker_rules: KickerRules) -> int:
    """The most cards of one rank a reading of ``form`` holds as kickers.

    >>> from service.rules.model import THREE_PLAYER_FORMS as F
    >>> _kicker_most(F[3], KickerRules()), _kicker_most(F[11], KickerRules(same_rank_pairs=True))
    (1, 4)
    """
    kickers = form.kickers * form.max_len
    if form.kicker_width == 1:
        return min(kicker_rules.repeat, kickers)
    return 2 * min(2 if kicker_rules.same_rank_pairs else 1, kickers)


def _response_plan(tables: Tables) -> Responses:
    """Per kind of a play to answer: its family, whether its listing needs ``distinct``
    (``_two_ways``), and the rank lists the family reads (``NEEDS``)."""
    rules = tables.model.kickers
    plan = tables.responses = {
        form.kind: (family, _two_ways(form, rules), NEEDS[form.kind])
        for form, family, _ in _plan(tables)
    }
    return plan


def _two_ways(form: Form, kicker_rules: KickerRules) -> bool:
    """Whether a form may read one card set two ways. Two readings of a form hold as many
    cards, so as long a chain; at two positions, the second's primal ranks include one the
    first holds only as kickers, ``width`` of them: a form whose readings never hold that many
    kickers of a rank (``_kicker_most``) reads each card set once.

    >>> from service.rules.model import THREE_PLAYER_FORMS as F
    >>> def two_ways(rules):
    ...     return sorted({f.kind.value for f in F if f.kickers and _two_ways(f, rules)})
    >>> two_ways(KickerRules()), two_ways(KickerRules(ranks_repeat=True))
    ([], ['airplane_singles'])
    >>> two_ways(KickerRules(same_rank_pairs=True))
    ['airplane_pairs', 'four_two_pairs', 'space_shuttle_pairs']
    """
    return bool(form.kickers) and _kicker_most(form, kicker_rules) >= form.width


def generate(
    hand: Counts | None,
    model: GameModel,
    previous: Combination | None,
    kinds: Collection[Kind] | None,
    parts: Parts | None = None,
    *,
    every: bool = False,
) -> list[Combination]:
    """The moves of a three-player hand given as its rank counts, or as its ``parts``
    (``hand.held_parts``; the counts may then be None and are joined only where a family reads
    them): a response lists the plays of ``previous``'s kind that beat it, then the forms of a
    higher tier (docs/rules.md §3); each card set once, as its preferred reading, or with
    ``every`` (responses only), in every reading that beats ``previous``, as the wildcard
    games list their moves.

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
    last = held.parts[2].counts  # the top form's family (the rocket), written out: the hot path
    if last[_TOP_LOW] >= _TOP_WIDTH and last[_TOP_HIGH] >= _TOP_WIDTH:
        found.append(_TOP_PLAY)
    if kinds is not None:
        found = [c for c in found if c.kind in kinds]
    return distinct(found) if dedupe and not every else found


# A response's forms of a higher tier: the one bomb, of four of a rank, and the one top play
# (the rocket); bound once, as an enum member's lookup through its class is slow.
(_BOMB_FORM,) = (f for f in THREE_PLAYER_FORMS if f.tier == Tier.BOMB)
(_TOP_FORM,) = (f for f in THREE_PLAYER_FORMS if f.tier == Tier.TOP)
_bombs: Final = FAMILIES[_BOMB_FORM]
_BOMB_WIDTH: Final = _BOMB_FORM.width
assert _BOMB_WIDTH == 4, "a response lists bombs only when the hand holds four of a rank"
_TOP_TEST: Final = top_test(_TOP_FORM)
_TOP_PLAY: Final = _TOP_TEST[0]
_TOP_LOW: Final = _TOP_TEST[1]
_TOP_HIGH: Final = _TOP_TEST[2]
_TOP_WIDTH: Final = _TOP_TEST[3]
_TOP: Final = Tier.TOP
assert all(
    KIND_ORDER[f.kind] < KIND_ORDER[_BOMB_FORM.kind] < KIND_ORDER[_TOP_FORM.kind]
    for f in THREE_PLAYER_FORMS
    if f.tier is Tier.PLAY
), "an answer lists its kind's plays, then bombs, then the top play: in listing order"
_PLAY: Final = Tier.PLAY


def _leads(held: Held, tables: Tables, kinds: Collection[Kind] | None) -> list[Combination]:
    """Every lead of a hand (of the ``kinds`` given)."""
    found: Found = []
    if kinds is None:
        widest = _widest(held)
        for family, width, _ in tables.leads or _lead_plan(tables):
            if width <= widest:
                family(held, tables, -1, 0, found)
        return found
    widest = held.widest
    for form, family, width in _plan(tables):
        if width <= widest and form.kind in kinds:
            family(held, tables, -1, 0, found)
    return distinct(found)


def lead_page(
    hand: Counts | None, model: GameModel, parts: Parts | None, need: int
) -> tuple[list[Combination], int]:
    """A three-player hand's leads of every kind (given as for ``generate``), in listing
    order until at least ``need`` of them are listed, and how many there are in all: past
    ``need``, the chains with wings count the readings no other may shadow without making
    them (``wings.wings_pager``), the others list theirs.

    >>> from service.rules import STANDARD, read_hand
    >>> found, count = lead_page(read_hand("333444555666789TJQKA"), STANDARD.model, None, 20)
    >>> count, len(found), [c.cards for c in found[:3]]
    (497, 121, ['3', '4', '5'])
    """
    table = _BY_MODEL.get(model) or tables_of(model)
    held = Held(hand, parts)
    widest = _widest(held)
    found: Found = []
    counted = 0
    for family, width, pager in table.leads or _lead_plan(table):
        if width > widest:
            continue
        if pager is None:
            family(held, table, -1, 0, found)
        else:
            counted += pager(held, table, found, need)
    return found, len(found) + counted


def _widest(held: Held) -> int:
    """The widest lead plan entry (``_lead_plan``) a hand may list moves of: its most cards of
    a rank, or ``_CHAINED`` more where two neighbouring chain ranks are held thrice (or four
    times), for the chains of them."""
    widest = held.widest
    if widest > 2:
        a, b, c = held.parts
        trios = a.trios_mask | b.trios_mask | c.trios_mask
        if trios & trios >> 1:
            fours = a.fours_mask | b.fours_mask | c.fours_mask
            widest = _CHAINED + (4 if fours & fours >> 1 else 3)
    return widest


def every_reading(hand: Counts, model: GameModel) -> list[Combination]:
    """Every lead of ``hand`` in every reading (a card set read two ways appears twice): the
    families of a three-player game, in listing order (``_plan``); each lead's readings for
    another, in listing order of the leads, each card set's readings in preference order
    (``general_moves``, ``combos.readings``).

    >>> from service.rules import get_ruleset, read_hand
    >>> found = every_reading(read_hand("333444555666"), get_ruleset("douzero").model)
    >>> [c.kind.value for c in found if c.cards == "333444555666"]
    ['airplane', 'airplane_singles', 'airplane_singles']
    """
    if not lists(model):
        return [r for combo in general_moves(hand, model) for r in readings(combo.counts, model)]
    held, table = Held(hand), tables_of(model)
    found: Found = []
    for _, family, _ in _plan(table):
        family(held, table, -1, 0, found)
    return found


def universe(model: GameModel) -> Universe:
    """The card sets of a game read so far with their readings, preferred first; any other is
    read from the forms when first asked (``tables.Universe``).

    >>> from service.rules import BIG_THREE
    >>> [c.kind.value for c in universe(BIG_THREE.model)["4444"]]
    ['quad']
    """
    return universe_of(model)


__all__ = [
    "NoFamily",
    "every_reading",
    "general_moves",
    "generate",
    "held_parts",
    "joined_counts",
    "lead_page",
    "lists",
    "universe",
    "unlisted",
]
