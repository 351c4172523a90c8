"""The combination as a value (``service.rules.combos.Combination``): equal by its reading,
hashed alike, never changed once made, and pickled so that either build of the core reads it;
and the enums that key the core's tables, hashed as their values."""

from __future__ import annotations

import pickle
from enum import Enum

import pytest

from service.rules import Combination, get_ruleset
from service.rules import combos as combos_module
from service.rules.beating import Reason
from service.rules.cards import Rank
from service.rules.kinds import Kind
from service.rules.model import Grade, Tier

LAIZI = get_ruleset("laizi", wild="7")


def test_equal_readings_are_equal_and_hash_alike() -> None:
    first = Combination.of("JJJ44")
    second = Combination(*first.__reduce__()[1])  # made anew from its fields
    assert first == second and hash(first) == hash(second) and first is not second
    assert len({first, second}) == 1


def test_another_reading_of_the_same_cards_is_another_value() -> None:
    douzero = get_ruleset("douzero")
    airplane = Combination.of("333444555666", kind="airplane", rules=douzero)
    wings = Combination.of("333444555666", kind="airplane_singles", rules=douzero)
    assert airplane != wings and airplane.cards == wings.cards


def test_what_a_wild_stands_for_is_part_of_the_value() -> None:
    bomb = Combination.of("3337", rules=LAIZI)
    declared = bomb.replaced(stands="7")
    assert bomb.read_as == "3333" and declared.read_as == "3337"
    assert bomb != declared and declared == bomb.replaced(stands="7")


def test_a_combination_is_not_equal_to_other_types() -> None:
    assert Combination.of("3") != "3" and Combination.of("3") != ("3",)


@pytest.mark.parametrize("cards", ["3", "BR", "333444555666789T", "3333"])
def test_pickled_and_read_back_it_is_the_same_combination(cards: str) -> None:
    combo = Combination.of(cards, rules=get_ruleset("douzero"))
    back = pickle.loads(pickle.dumps(combo))
    assert back == combo
    names = ("kind", "rank", "length", "cards", "primal", "kickers", "order", "power", "tier")
    assert [getattr(back, n) for n in names] == [getattr(combo, n) for n in names]
    assert (back.rung, back.wild, back.stands, back.grade) == (combo.rung, "", "", 0)


def test_a_wild_play_pickled_keeps_its_substitution_and_class() -> None:
    bomb = Combination.of("3337", rules=LAIZI)
    back = pickle.loads(pickle.dumps(bomb))
    assert (back.substitution, back.grade, back.rung) == (bomb.substitution, bomb.grade, bomb.rung)


def test_the_compiled_core_refuses_to_change_a_combination() -> None:
    """Its attributes are ``Final``: mypy refuses an assignment in the sources (the test
    command runs mypy), and the compiled core, as the image ships it, at run time."""
    if not combos_module.__file__ or combos_module.__file__.endswith(".py"):
        pytest.skip("the pure-Python core: the assignment is refused by mypy, not at run time")
    combo = Combination.of("33344")
    with pytest.raises(AttributeError):
        combo.kind = Kind.BOMB  # type: ignore[misc]
    assert combo.kind is Kind.TRIO_PAIR


@pytest.mark.parametrize("enum", [Kind, Rank, Tier, Grade, Reason])
def test_the_keys_of_the_core_tables_hash_as_the_values_they_equal(enum: type[Enum]) -> None:
    """Kinds, ranks, tiers, grades and reasons key the core's tables: each hashes as its value
    (in C; ``Enum``'s own hash is a Python call on the member's name), as its equality with the
    value requires."""
    for member in enum:
        assert member == member.value and hash(member) == hash(member.value)
    assert enum.__hash__ in (str.__hash__, int.__hash__)
