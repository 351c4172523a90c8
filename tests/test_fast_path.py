"""The three-player fast path (``service.rules.fast``) against the reference engine
(``service.rules.engine``): the same moves, in the same order, for random hands and hands built
around airplanes and space shuttles, under every three-player preset and random option sets
(docs/rules.md §2, 3, 4 and 8). The perft golden files and the universe digests check both too.
"""

from __future__ import annotations

import dataclasses
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import (
    PRESETS,
    STANDARD,
    Combination,
    Game,
    Kind,
    RuleSet,
    classify,
    format_counts,
    get_ruleset,
    legal_moves,
    read_play,
)
from service.rules.cards import RANK_CHARS
from service.rules.combos import readings
from service.rules.engine import every_reading as reference_readings
from service.rules.engine import reference_moves
from service.rules.fast import NoFamily, every_reading, generate, lists, universe, unlisted
from service.rules.fast.families import listable
from service.rules.fast.tables import (
    _BY_MODEL,
    _SHARED_LEADS,
    KEPT,
    SHARED_LEADS_KEPT,
    UNIVERSE_LIMIT,
    Universe,
    tables_of,
)
from service.rules.model import THREE_PLAYER_FORMS, Form
from service.rules.moves import universe as moves_universe
from service.rules.options import Role
from service.rules.ruleset import OPTIONS

THREE_PLAYER = [r for r in PRESETS.values() if r.game is Game.THREE_PLAYER and not r.wilds.ranks]
DECK = "".join(c * (1 if c in "BR" else 4) for c in RANK_CHARS)
WORST_HAND = "333444555666789TJQKA"
#: The options the fast path's tables depend on, from their declarations: those that shape
#: the three-player game's plays (its forms and kicker rules; wild games go to their own
#: engine). A new option is covered here without anyone editing a list.
PLAY_SWITCHES = {
    name: spec
    for name, spec in OPTIONS.items()
    if spec.role in (Role.PLAYS, Role.KICKERS)
    and (spec.games is None or Game.THREE_PLAYER in spec.games)
}


def _values(name: str) -> st.SearchStrategy[object]:
    values = PLAY_SWITCHES[name].values
    if isinstance(values, range | type):
        return st.sampled_from(list(values))
    return st.booleans()


def _consistent(options: dict[str, object]) -> dict[str, object]:
    """The options with each one whose need is not met turned off (its declaration's need)."""
    fixed = dict(options)
    for name, spec in PLAY_SWITCHES.items():
        need = spec.needs
        if need is not None and fixed[name] is True and fixed.get(need.option) is not True:
            fixed[name] = False
    return fixed


@st.composite
def option_sets(draw: st.DrawFn) -> RuleSet:
    """A three-player preset, or any consistent set of the play options of its declarations."""
    if draw(st.booleans()):
        return draw(st.sampled_from(THREE_PLAYER))
    options = {name: draw(_values(name)) for name in PLAY_SWITCHES}
    return get_ruleset("standard", **_consistent(options))


@st.composite
def random_hands(draw: st.DrawFn) -> str:
    size = draw(st.integers(1, 20))
    return "".join(draw(st.permutations(DECK))[:size])


@st.composite
def chained_hands(draw: st.DrawFn) -> str:
    """2 to 5 trios or fours of consecutive ranks and other cards: airplane-rich hands."""
    length = draw(st.integers(2, 5))
    start = draw(st.integers(0, 12 - length))
    width = draw(st.sampled_from([3, 3, 4]))
    chain = "".join(RANK_CHARS[r] * width for r in range(start, start + length))
    rest = list(DECK)
    for char in chain:
        rest.remove(char)
    return chain + "".join(draw(st.permutations(rest))[: max(0, 20 - len(chain))])


hands = st.one_of(random_hands(), chained_hands())


@given(option_sets(), hands, hands, st.data())
@settings(max_examples=300)
def test_fast_path_lists_what_the_reference_engine_lists(
    rules: RuleSet, hand: str, source: str, data: st.DataObject
) -> None:
    """Leads, responses and leads of some kinds: the same combinations in the same order."""
    counts, model = read_play(hand, rules), rules.model
    leads = generate(counts, model, None, None)
    assert leads == reference_moves(counts, model)
    previous: Combination = data.draw(
        st.sampled_from(generate(read_play(source), model, None, None))
    )
    assert generate(counts, model, previous, None) == reference_moves(counts, model, previous)
    kinds = frozenset(data.draw(st.sets(st.sampled_from(model.kinds), max_size=3)))
    assert generate(counts, model, None, kinds) == reference_moves(counts, model, None, kinds)
    assert generate(counts, model, previous, kinds) == reference_moves(
        counts, model, previous, kinds
    )
    # The hot path: a canonical string read as its parts (three table lookups), and a previous
    # play given as a canonical string (its preferred reading).
    canonical = format_counts(counts)
    assert legal_moves(canonical, rules=rules).moves == leads
    preferred = classify(previous.cards, rules)[0]
    assert legal_moves(canonical, previous.cards, rules).moves == reference_moves(
        counts, model, preferred
    )
    # A page of leads lists up to its end and counts the rest (fast.lead_page): the same
    # count and moves as the whole listing's.
    offset, limit = data.draw(st.integers(0, len(leads) + 2)), data.draw(st.integers(0, 120))
    page = legal_moves(canonical, rules=rules).page(offset, limit)
    assert page == (len(leads), leads[offset : offset + limit])
    assert legal_moves(counts, rules=rules).count() == len(leads)


def test_fast_path_lists_the_worst_hand_as_the_reference_engine_does() -> None:
    """The hand with the most leads known, under every three-player preset and with every
    optional kind on."""
    counts = read_play(WORST_HAND)
    everything = get_ruleset(
        "douzero", same_rank_pairs=True, space_shuttle=True, four_with_single=True
    ).derive(four_with_pair=True)
    for rules in [*THREE_PLAYER, everything]:
        assert generate(counts, rules.model, None, None) == reference_moves(counts, rules.model)


def test_fast_universe_is_the_reference_engines() -> None:
    """Every playable card set with every reading: the families run on the whole deck give
    what the reference engine gives, and the universe the classifier looks up gives, for each
    card set, exactly the reference classifier's readings in its order of preference."""
    for rules in THREE_PLAYER:
        model = rules.model
        deck = model.table.full_deck
        found = every_reading(deck, model)
        assert sorted(found, key=_key) == sorted(reference_readings(deck, model), key=_key)
        for cards in {combo.cards for combo in found}:
            assert universe(model)[cards] == readings(read_play(cards), model), cards


def test_tables_of_other_option_sets_are_bounded() -> None:
    """A client naming many option sets does not make the tables grow without end: the presets'
    are kept, at most ``KEPT`` others (docs/rules.md §8's options take hundreds of values)."""
    options = [
        {"kicker_ranks_repeat": True, "kicker_rank_max": m, "same_rank_pairs": s, name: True}
        for m in (2, 3)
        for s in (True, False)
        for name in ("four_with_single", "four_with_pair", "space_shuttle")
    ]
    for option in options:
        tables_of(get_ruleset("standard", **option).model)
    pinned = {rules.model for rules in PRESETS.values()}
    kept = set(_BY_MODEL)
    assert len(kept - pinned) <= KEPT < len(options)
    assert {r.model for r in THREE_PLAYER} <= kept


def test_lead_tables_are_shared_and_bounded() -> None:
    """The lead tables (a form's readings, None where one is not its card set's preferred
    one) are shared by the option sets whose card sets of the form's sizes read alike, each
    option set listing what the reference engine lists from tables another filled; they are
    kept for at most ``KEPT`` models' worth (``tables.SHARED_LEADS_KEPT``)."""
    hand = read_play(WORST_HAND)
    repeat = {"kicker_ranks_repeat": True}
    alike = [get_ruleset("standard", **repeat, four_with_two=f) for f in (True, False)]
    _SHARED_LEADS.clear()  # what other tests left: the tables below made afresh, none forgotten
    for rules in alike:
        _BY_MODEL.pop(rules.model, None)
    for rules in alike:  # lead tables made by the first, read by the second where shared
        assert generate(hand, rules.model, None, None) == reference_moves(hand, rules.model)
    # airplanes with pairs hold 10, 15 or 20 cards, which no four with two reads (6 or 8): one
    # table; airplanes with singles hold 8 too, as fours with two pairs do: one table each
    first, second = (tables_of(rules.model).lead_rows for rules in alike)
    assert first[Kind.AIRPLANE_PAIRS] is second[Kind.AIRPLANE_PAIRS]
    assert first[Kind.AIRPLANE_SINGLES] is not second[Kind.AIRPLANE_SINGLES]
    # fours with two pairs (8 cards) under an option no form of 8 cards reads: one table
    fours = read_play("3333444455566789TJQK")
    both = [
        get_ruleset("standard", **repeat, four_with_two=True, no_airplane_pairs=n)
        for n in (False, True)
    ]
    for rules in both:
        _BY_MODEL.pop(rules.model, None)
    for rules in both:
        assert generate(fours, rules.model, None, None) == reference_moves(fours, rules.model)
    first_rows, second_rows = (tables_of(rules.model).lead_kickers for rules in both)
    assert first_rows[Kind.FOUR_TWO_PAIRS] is second_rows[Kind.FOUR_TWO_PAIRS]
    options = [
        {**repeat, "kicker_rank_max": m, "same_rank_pairs": s, "bomb_in_kickers": b, name: True}
        for m in (2, 3)
        for s in (True, False)
        for b in (True, False)
        for name in ("four_with_single", "four_with_pair", "space_shuttle", "rocket_as_kickers")
    ]
    for option in options:
        generate(hand, get_ruleset("standard", **option).model, None, None)
    assert len(_SHARED_LEADS) <= SHARED_LEADS_KEPT


def _key(combo: Combination) -> tuple[object, ...]:
    return (combo.order, combo.cards)


def _keeping(form: Form) -> RuleSet:
    """The standard rule set with the options that keep ``form`` in the game (its
    declaration's ``needs`` on, with what that option needs; its ``unless`` off)."""
    options: dict[str, object] = {}
    name = form.needs
    while name is not None:
        options[name] = True
        need = OPTIONS[name].needs
        name = need.option if need is not None else None
    if form.unless is not None:
        options[form.unless] = False
    return get_ruleset("standard", **options)


def test_every_three_player_form_has_a_family() -> None:
    """Each form of the three-player game, kept by its options, is listed by the fast path
    (a form of a new shape fails here until a family lists it; meanwhile its rule sets use
    the reference engine) and lists what the reference engine lists."""
    counts = read_play(WORST_HAND)
    for form in THREE_PLAYER_FORMS:
        assert listable(form) is None, form
        rules = _keeping(form)
        assert form in rules.model.forms
        assert lists(rules.model), unlisted(rules.model)
        assert generate(counts, rules.model, None, None) == reference_moves(counts, rules.model)


def test_a_form_no_family_lists_sends_its_game_to_the_general_plan() -> None:
    """docs/maintaining.md: a form the tables have no family for (here the trio with a
    single read as a trio with two single kickers) is never listed partly or not at all: its
    game model is the general plan's (``fast.general``), which lists what the reference
    engine lists."""
    odd = Form(Kind.TRIO_SINGLE, 3, kickers=2, kicker_width=1)
    assert listable(odd) == "two kickers per primal rank need four of a rank, not 3"
    forms = tuple(odd if f.kind is Kind.TRIO_SINGLE else f for f in STANDARD.model.forms)
    model = dataclasses.replace(STANDARD.model, forms=forms)
    assert not lists(model)
    assert "trio_single" in (unlisted(model) or "")
    with pytest.raises(NoFamily, match="trio_single"):
        generate(read_play("33345"), model, None, None)
    rules = dataclasses.replace(STANDARD, name="odd")
    object.__setattr__(rules, "model", model)
    listed = legal_moves("33345", rules=rules).moves
    assert listed == reference_moves(read_play("33345"), model)
    assert ("33345", Kind.TRIO_SINGLE) in {(m.cards, m.kind) for m in listed}
    assert "3334" not in {m.cards for m in listed}
    assert [c.kind for c in every_reading(read_play("33345"), model) if c.cards == "33345"] == [
        Kind.TRIO_SINGLE
    ]


def test_a_wild_games_universe_is_its_natural_games() -> None:
    """``moves.universe`` of a wildcard game is the table of its game without wilds (wild
    cards read as their own rank)."""
    laizi = get_ruleset("laizi", wild="7")
    sets = {combo.cards for combo in legal_moves(DECK)}
    assert len(sets) == 12654
    for cards in sets:
        assert moves_universe(laizi)[cards] == moves_universe(STANDARD)[cards], cards


def test_a_model_with_two_forms_of_one_kind_is_not_listed() -> None:
    """The tables are kept by kind: two forms of one kind go to the general plan."""
    shuttles = get_ruleset("standard", space_shuttle=True).model
    one_kicker = _keeping(next(f for f in THREE_PLAYER_FORMS if f.needs == "shuttle_one_kicker"))
    extra = tuple(f for f in one_kicker.model.forms if f not in shuttles.forms)
    model = dataclasses.replace(shuttles, forms=(*shuttles.forms, *extra))
    assert unlisted(model) == "two forms of one kind"


def test_a_new_option_set_reads_only_what_its_requests_ask() -> None:
    """A rule set's tables are made as requests read them, never by enumerating every card set
    of its game: the option set that once took seconds and about 100 MB to build (repeated
    kickers and space shuttles) answers the worst hand's leads, and a response, having read
    a few thousand of its card sets (the kicker readings those leads looked at, one primal
    rank's row at a time), in a bounded number of bytes."""
    rules = get_ruleset(
        "standard",
        kicker_ranks_repeat=True,
        kicker_rank_max=2,
        space_shuttle=True,
        four_with_two=True,
    )
    assert rules.model not in _BY_MODEL
    # The tables every game of these forms shares (a hand's rank lists, the chains of each
    # form) made first: what is measured is what this option set adds
    shared = get_ruleset("standard", space_shuttle=True, four_with_two=True)
    assert legal_moves(WORST_HAND, rules=shared).count() == 497
    tracemalloc.start()
    try:
        leads = legal_moves(WORST_HAND, rules=rules).moves
        responses = legal_moves(WORST_HAND, "3334", rules=rules).moves
        classify("333444555666", rules)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert leads == reference_moves(read_play(WORST_HAND), rules.model)
    previous = Combination.of("3334", rules=rules)
    assert responses == reference_moves(read_play(WORST_HAND), rules.model, previous)
    assert len(universe(rules.model)) < 5_000
    assert peak < 1_000_000, peak


def test_a_universe_keeps_a_bounded_number_of_card_sets() -> None:
    """A universe holds the card sets read so far, at most ``UNIVERSE_LIMIT``: then it starts
    again, and answers as before."""
    table = Universe(STANDARD.model)
    sets = sorted({m.cards for m in legal_moves(DECK)})
    before = {cards: table[cards] for cards in sets[: UNIVERSE_LIMIT + 10]}
    assert 0 < len(table) <= UNIVERSE_LIMIT
    assert all(table[cards] == found for cards, found in before.items())
