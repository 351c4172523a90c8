"""The fast path of the games the three-player tables do not list: the four- and six-player
games, Big Three, and any option set of forms no family tables (``fast.unlisted``).

It lists what ``service.rules.engine.reference_moves`` lists, in the same order, from the same
forms and kicker rules, derived per game model (``plan``) rather than searched per move:

- the hand's ranks held ``n`` times are bit masks, read once (``combos.held_masks``), and a
  form's chain positions come from them (``combos.run_starts``);
- positions, not combinations, are put in listing order (kind, primal rank's power, size:
  ``Combination.order``; a game model holds no two forms of one kind and size,
  ``GameModel``), kickers within a position already ascending; a kind of several
  forms (the bombs of four to twelve cards) or a rank order that is not the ranks' own (Big
  Three's 3 and 2 on top) merges by that key, so no list of moves is ever sorted;
- a response searches only the positions that may beat the play: its kind, length and size
  with a higher primal rank, any bomb (judged by ``beating.beats``), a top play;
- combinations are kept per game model and position (``Row``), kicker sets come from
  ``service.rules.kickers`` (the one place that judges them);
- a card set read two ways is listed once, its preferred reading (``distinct``, which the
  three-player tables use too).

The reference engine stays the judge: the golden files of the six-player game and of the
variants, and property tests over random hands and option sets of every game, compare them.

>>> from service.rules import BIG_THREE, Combination, get_ruleset, read_play
>>> [c.cards for c in general_moves(read_play("2333", BIG_THREE), BIG_THREE.model)]
['2', '3', '33', '333']
>>> six = get_ruleset("six_player")
>>> hand = read_play("44445555566", six)
>>> [c.cards for c in general_moves(hand, six.model, Combination.of("3333"))]
['4444', '5555', '55555']
"""

from __future__ import annotations

from collections.abc import Collection
from operator import attrgetter
from typing import Final

from ..beating import beats
from ..cards import NUM_RANKS, Counts
from ..combos import Combination, beside, held_masks, make, preference, run_starts
from ..kickers import pair_kicker_sets, single_kicker_sets
from ..kinds import KIND_ORDER, Kind
from ..model import Form, GameModel, Tier

Position = tuple[int, int, int, int]
"""A place a combination of the game may take: its sort key's power and size, the form's
index in the game, the chain's start (its length follows from the form and size)."""


class Plan:
    """What ``general_moves`` reads of one game model, derived once: its forms, per kind in
    listing order the forms' indexes, each rank's power; and the rows of the positions read so
    far (``Row``), which hold at most ``most`` combinations in all (then they start again)."""

    __slots__ = ("forms", "kept", "kinds", "model", "most", "powers", "rows")

    def __init__(
        self, model: GameModel, kinds: tuple[tuple[Kind, tuple[int, ...], bool], ...]
    ) -> None:
        self.model, self.forms = model, model.forms
        self.kinds = kinds
        """Per kind in listing order, the indexes of its forms, and whether positions found
        form by form, length by length, need sorting (``_in_order``)."""
        self.powers = tuple(model.power(r) for r in range(NUM_RANKS))
        self.rows: dict[tuple[int, int, int], Row] = {}
        """By form index, chain start and length."""
        self.kept = 0
        """How many combinations the rows hold."""
        self.most = KEPT
        """How many they may hold."""


class Row(dict[tuple[int, ...], Combination]):
    """The combinations of one position of a game (a form at a chain start and length) by
    their kickers (ranks, one per kicker or per pair), each made on first use
    (``combos.make``) and counted in the plan's ``kept``.

    >>> from service.rules import STANDARD
    >>> trio_pair = Row(plan(STANDARD.model), 4, 8, 1)
    >>> trio_pair[(0,)], len(trio_pair)
    (Combination.of('33JJJ', kind='trio_pair', rank='J'), 1)
    """

    __slots__ = ("form", "length", "plan", "start")

    def __init__(self, plan: Plan, index: int, start: int, length: int) -> None:
        super().__init__()
        self.plan, self.form, self.start, self.length = plan, plan.forms[index], start, length

    def __missing__(self, kick: tuple[int, ...]) -> Combination:
        form, plan = self.form, self.plan
        kickers = kick if form.kicker_width < 2 else tuple(r for r in kick for _ in (0, 1))
        if plan.kept >= plan.most:  # the plan's rows start again (this one is still read)
            plan.rows.clear()
            plan.kept = 0
        plan.kept += 1
        combo = self[kick] = make(form, self.start, self.length, kickers, plan.model.order)
        return combo


KEPT: Final = 20_000
"""How many combinations a plan's rows hold before they start again (a few MB): a client
sending ever new hands of a game with many plays cannot grow them without end."""
_PLANS: Final[dict[GameModel, Plan]] = {}
_PLANS_KEPT: Final = 8
"""How many game models' plans are kept (then they start again)."""


def plan(model: GameModel) -> Plan:
    """The plan of a game model without wilds, made on first use and kept (bounded).

    >>> from service.rules import get_ruleset
    >>> six = get_ruleset("six_player").model
    >>> [(kind.value, len(forms), sort) for kind, forms, sort in plan(six).kinds][-2:]
    [('bomb', 9, True), ('nuke', 1, False)]
    """
    found = _PLANS.get(model)
    if found is None:
        if model.wilds is not None:
            raise ValueError("a game with wilds lists its plays with the wild engine")
        kinds: dict[Kind, list[int]] = {}
        for i, form in enumerate(model.forms):
            kinds.setdefault(form.kind, []).append(i)
        ordered = sorted(kinds.items(), key=lambda item: KIND_ORDER[item[0]])
        if len(_PLANS) >= _PLANS_KEPT:
            _PLANS.clear()
        found = _PLANS[model] = Plan(
            model,
            tuple(
                (kind, tuple(indexes), not _in_order(model, indexes)) for kind, indexes in ordered
            ),
        )
    return found


def general_moves(
    hand: Counts,
    model: GameModel,
    previous: Combination | None = None,
    kinds: Collection[Kind] | None = None,
) -> list[Combination]:
    """Every lead of ``hand`` in a game without wilds, or every answer to ``previous``, once
    per card set (its preferred reading), of the ``kinds`` given, in listing order: what
    ``engine.reference_moves`` lists.

    >>> from service.rules import FOUR_PLAYER, Kind, read_play
    >>> hand = read_play("3333344445", FOUR_PLAYER)
    >>> [c.cards for c in general_moves(hand, FOUR_PLAYER.model, None, {Kind.BOMB})]
    ['3333', '33333', '4444']
    """
    if previous is not None and previous.tier is _TOP:
        return []
    game = plan(model)
    masks = held_masks(hand)
    found: list[Combination] = []
    for kind, indexes, sort in game.kinds:
        if kinds is not None and kind not in kinds:
            continue
        positions = _positions(game, indexes, masks, previous)
        if positions:
            if sort:
                positions.sort()
            _listed(game, hand, positions, previous, found)
    return distinct(found)


_TOP: Final = Tier.TOP
_PLAY: Final = Tier.PLAY
_CARDS: Final = attrgetter("cards")


def _positions(
    game: Plan, indexes: tuple[int, ...], masks: list[int], previous: Combination | None
) -> list[Position]:
    """The positions of one kind's forms that the hand fills, as (power, size, form index,
    start): those that may beat ``previous`` (all, when it is None)."""
    powers = game.powers
    found: list[Position] = []
    for i in indexes:
        form = game.forms[i]
        # a play of the plays' tier beats only its kind, length and size, at a higher rank
        kind, length_to_beat, size_to_beat, above = form.kind, 0, 0, -1
        if previous is not None and form.tier is _PLAY:
            kind, above = previous.kind, previous.power
            length_to_beat, size_to_beat = previous.length, len(previous.cards)
        if form.kind is not kind:
            return []  # one kind's forms are all of one tier
        for start, length in _runs(masks, form):
            top = powers[start + length - 1]
            if top > above and (not length_to_beat or length == length_to_beat):
                size = form.size(length)
                if not size_to_beat or size == size_to_beat:
                    found.append((top, size, i, start))
    return found


def _runs(masks: list[int], form: Form) -> list[tuple[int, int]]:
    """Every run of ``form``'s primal ranks the hand holds (``combos.held_masks``), as (start,
    length), by length then start (``combos.run_starts``), until a length has none.

    >>> from service.rules import STANDARD, read_hand
    >>> from service.rules.combos import held_masks
    >>> _runs(held_masks(read_hand("33344455")), STANDARD.model.forms[1])  # pairs, then none
    [(0, 1), (1, 1), (2, 1)]
    >>> _runs(held_masks(read_hand("333444555")), STANDARD.model.forms[7])  # airplanes
    [(0, 2), (1, 2), (0, 3)]
    """
    found: list[tuple[int, int]] = []
    for length in form.lengths():
        starts = run_starts(masks, form, length)
        if not starts:  # no run this long: none longer either
            break
        found += [(start, length) for start in starts]
    return found


def _in_order(model: GameModel, indexes: list[int]) -> bool:
    """Whether one kind's positions, found form by form, length by length and start by start,
    are in listing order (power, then size): one form of one chain length, whose ranks' power
    rises with the ranks.

    >>> from service.rules import BIG_THREE, STANDARD
    >>> _in_order(STANDARD.model, [0]), _in_order(BIG_THREE.model, [0])
    (True, False)
    """
    form = model.forms[indexes[0]]
    powers = [model.power(r) for r in range(form.low, form.high + 1)]
    return len(indexes) == 1 and form.min_len == form.max_len and powers == sorted(powers)


def _listed(
    game: Plan,
    hand: Counts,
    positions: list[Position],
    previous: Combination | None,
    found: list[Combination],
) -> None:
    """The combinations at ``positions`` (with each legal kicker set), added to ``found``: a
    bomb or top play only where it beats ``previous``."""
    forms, rows, rules = game.forms, game.rows, game.model.kickers
    for _, size, i, start in positions:
        form = forms[i]
        length = size // (form.width + form.kickers * form.kicker_width)
        row = rows.get((i, start, length))
        if row is None:
            row = rows[i, start, length] = Row(game, i, start, length)
        if form.kickers:
            single = form.kicker_width == 1
            sets = (single_kicker_sets if single else pair_kicker_sets)(
                beside(hand, form, start, length), form, start, length, rules
            )
            made = list(map(row.__getitem__, sets))
        else:
            made = [row[()]]
        if previous is None or form.tier is _PLAY:  # positions that beat it, or a lead
            found += made
        else:  # a bomb or top play: by the ladder
            found += [combo for combo in made if beats(combo, previous)]


def distinct(found: list[Combination]) -> list[Combination]:
    """``found`` (in listing order) with one entry per card set, its preferred reading: when
    no card set is listed twice (one set of the cards, no Python-level loop), ``found``.

    >>> from service.rules import Combination, get_ruleset
    >>> douzero = get_ruleset("douzero")
    >>> wings = Combination.of("333444555666", kind="airplane_singles", rules=douzero)
    >>> [c.kind.value for c in distinct([wings, Combination.of("333444555666")])]
    ['airplane']
    """
    if len(found) == len(set(map(_CARDS, found))):
        return found
    best: dict[str, Combination] = {}
    for combo in found:
        other = best.setdefault(combo.cards, combo)
        if other is not combo and preference(combo) < preference(other):
            best[combo.cards] = combo
    return [combo for combo in found if best[combo.cards] is combo]


__all__ = ["KEPT", "Plan", "Row", "distinct", "general_moves", "plan"]
