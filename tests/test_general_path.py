"""The fast path of the games the three-player tables do not list (``service.rules.fast.general``)
against the reference engine (``service.rules.engine``): the same moves in the same order, for
random hands of the four-player game (docs/rules.md §9), Big Three (10) and the six-player game
(12) under random option sets of their declarations, and of the three-player game too (the plan
is derived from any game's forms, so it must hold there as well). The golden files of the
six-player game and of the variants (``tests/test_six_perft.py``, ``tests/test_variant_perft.py``)
check the service's answers, which now come from it, against independent references.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import Combination, Game, Kind, RuleSet, get_ruleset, legal_moves, read_play
from service.rules.cards import RANK_CHARS, format_counts
from service.rules.engine import every_reading as reference_readings
from service.rules.engine import reference_moves
from service.rules.fast import every_reading
from service.rules.fast.general import KEPT, general_moves, plan
from service.rules.model import Form, Tier
from service.rules.options import Role
from service.rules.ruleset import OPTIONS

BASES = {Game.THREE_PLAYER: "standard"}
#: Per game, the options that shape its plays, from their declarations: a new one is drawn
#: here without anyone editing a list.
SWITCHES = {
    game: [
        name
        for name, spec in OPTIONS.items()
        if spec.role in (Role.PLAYS, Role.KICKERS) and (spec.games is None or game in spec.games)
    ]
    for game in Game
}


@st.composite
def option_sets(draw: st.DrawFn, game: Game) -> RuleSet:
    """A consistent option set of ``game``: each option that shapes its plays drawn from its
    declared values, one whose need is unmet left at its default."""
    options: dict[str, object] = {}
    for name in SWITCHES[game]:
        values = OPTIONS[name].values
        options[name] = draw(
            st.sampled_from(list(values)) if isinstance(values, range) else st.booleans()
        )
    for name in SWITCHES[game]:
        need = OPTIONS[name].needs
        if need is not None and options.get(need.option) is not True:
            options[name] = OPTIONS[name].default
    return get_ruleset(BASES.get(game, game.value), **options)


def deck(rules: RuleSet) -> str:
    table = rules.table
    return "".join(c * (4 * table.copies if c not in "BR" else table.jokers) for c in RANK_CHARS)


@st.composite
def ruled_hands(draw: st.DrawFn) -> tuple[RuleSet, str, str]:
    """A game, an option set of it, a hand up to the landlord's and another to lead from."""
    game = draw(st.sampled_from(list(Game)))
    rules = draw(option_sets(game))
    cards = deck(rules)
    most = rules.table.landlord_hand
    hand = "".join(draw(st.permutations(cards))[: draw(st.integers(1, most))])
    other = "".join(draw(st.permutations(cards))[: draw(st.integers(1, most))])
    return rules, hand, other


@given(ruled_hands(), st.data())
@settings(max_examples=250, deadline=None)
def test_general_path_lists_what_the_reference_engine_lists(
    case: tuple[RuleSet, str, str], data: st.DataObject
) -> None:
    """Leads, responses (to a play of another hand: bombs, top plays and every kind), and
    either of some kinds only: the same combinations in the same order."""
    rules, hand, other = case
    counts, model = read_play(hand, rules), rules.model
    assert general_moves(counts, model) == reference_moves(counts, model)
    previous: Combination = data.draw(
        st.sampled_from(reference_moves(read_play(other, rules), model))
    )
    assert general_moves(counts, model, previous) == reference_moves(counts, model, previous)
    kinds = frozenset(data.draw(st.sets(st.sampled_from(model.kinds), max_size=3)))
    assert general_moves(counts, model, None, kinds) == reference_moves(counts, model, None, kinds)
    assert general_moves(counts, model, previous, kinds) == reference_moves(
        counts, model, previous, kinds
    )


@pytest.mark.parametrize("name", ["four_player", "six_player", "big_three"])
def test_the_service_lists_the_other_games_with_the_general_path(name: str) -> None:
    """``legal_moves`` of a game the three-player tables do not list answers from the plan:
    the whole deck's leads, and the answers to each of its bombs and top plays, are the
    reference engine's (the largest listings a hand of the game can reach)."""
    rules = get_ruleset(name)
    counts, model = read_play(deck(rules), rules), rules.model
    leads = legal_moves(format_counts(counts), rules=rules).moves
    assert leads == reference_moves(counts, model)
    for previous in [c for c in leads if c.tier is not Tier.PLAY][::5]:
        answers = legal_moves(format_counts(counts), previous.cards, rules).moves
        assert answers == reference_moves(counts, model, previous), previous


@pytest.mark.parametrize("name", ["four_player", "six_player", "big_three"])
def test_every_reading_of_another_game_is_the_reference_engines(name: str) -> None:
    """``fast.every_reading`` of a game the tables do not list (what ``fast.universe`` is
    checked with): the reference engine's every reading of every lead of a hand."""
    rules = get_ruleset(name)
    counts = read_play("333444555666777888999TTTJJJQKA2", rules)
    assert every_reading(counts, rules.model) == reference_readings(counts, rules.model)


def test_a_kind_of_two_forms_of_one_size_is_refused() -> None:
    """Plays are listed by kind, power and size, then their cards' ranks
    (``Combination.order``, which the plan's positions follow): two forms of one kind that
    hold as many cards would need their kickers interleaved, so a game model refuses them
    loudly rather than list in another order than the reference engine's."""
    model = get_ruleset("standard").model
    twin = Form(Kind.TRIO_SINGLE, 3, kickers=1, kicker_width=1, high=10)
    with pytest.raises(ValueError, match="two forms of trio_single"):
        dataclasses.replace(model, forms=(*model.forms, twin))


def test_the_service_never_calls_the_reference_engine() -> None:
    """The reference engine is the tests' judge only: no module of the service imports its
    listing functions (the wildcard games' search lives beside it, for now)."""
    judges = {"reference_moves", "form_moves", "every_reading"}
    root = Path(__file__).parent.parent / "service"
    for path in root.rglob("*.py"):
        if path.name == "engine.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("engine"):
                assert not judges & {a.name for a in node.names}, path


def test_a_plan_holds_a_bounded_number_of_combinations() -> None:
    """A client sending ever new hands of a game with many plays cannot grow what the plan
    keeps past its bound (``KEPT`` combinations; random six-player hands of 32 cards reach
    about 10,000, so the bound is lowered here to be reached): its rows start again, and the
    moves stay the reference engine's."""
    six = get_ruleset("six_player")
    cards = deck(six)
    game = plan(six.model)
    assert game.most == KEPT
    game.rows.clear()  # a fresh start, as when the rows start again
    game.kept, game.most, kept, started_again = 0, 1_000, 0, False
    try:
        for seed in range(30):
            hand = "".join(random.Random(seed).sample(cards, 32))
            moves = legal_moves(hand, rules=six).moves
            assert game.kept <= game.most
            started_again |= game.kept < kept
            kept = game.kept
            if seed % 10 == 0:
                assert moves == reference_moves(read_play(hand, six), six.model)
    finally:
        game.most = KEPT
    assert started_again  # the bound was reached, not merely respected
    assert sum(map(len, game.rows.values())) <= game.kept
