"""Each rule option is declared once (its ``RuleSet`` field and ``Option``, docs/rules.md §8):
every place that names options is derived from the declarations or agrees with them here, so
that adding an option is one declaration plus the rule it switches (docs/maintaining.md)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from service.api.schemas.common import RuleSetOptions
from service.rules import PRESETS, STANDARD, Game, KickerRules, get_ruleset
from service.rules.model import GAMES, LONG_WILD_BOMBS
from service.rules.multipliers import Multipliers
from service.rules.online import Stage
from service.rules.options import Option, Role, WildMode, off_value, shown
from service.rules.ruleset import OPTION_NAMES, OPTIONS, PLAY_OPTIONS, RuleSet, RuleSetError
from service.rules.ruleset import default as default_of

ROOT = Path(__file__).resolve().parent.parent
#: The fields of a rule set that are not options: its name, and what is derived from options.
NOT_OPTIONS = {"name", "version", "description", "scoring", "overrides", "model", "multipliers"}
#: The flags ``GameModel.build`` derives from options for the forms: tiandi's long bombs.
DERIVED_FLAGS = {"long_bombs"}


def test_every_rule_set_field_is_a_declared_option_or_named_here() -> None:
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    assert fields - NOT_OPTIONS == set(OPTIONS)
    assert all(isinstance(spec, Option) for spec in OPTIONS.values())


def test_each_declaration_is_whole() -> None:
    """A description; values that fit the default; a need and games that name real things."""
    for name, spec in OPTIONS.items():
        default = default_of(name)
        assert spec.doc and len(spec.doc) < 100 and "\n" not in spec.doc, name
        if isinstance(spec.values, range):
            assert default in spec.values or (spec.nullable and default is None), name
        elif isinstance(spec.values, type):
            assert isinstance(default, spec.values), name
        else:
            assert isinstance(default, bool | tuple), name
        if spec.needs is not None:
            other = OPTIONS[spec.needs.option]
            assert spec.needs.option != name
            if spec.needs.values:
                assert isinstance(other.values, type)
                assert set(spec.needs.values) <= set(other.values), name
        assert spec.games is None or (spec.games and spec.games < set(Game)), name
        assert (
            spec.games is None or default_of(name) == off_value(default) or name == "four_with_two"
        )


def test_the_api_schema_has_a_field_per_option() -> None:
    """``RuleSetOptions`` is derived from the declarations: every option, in order, after
    the preset's name, each with the declaration's description."""
    schema = RuleSetOptions()
    assert list(schema.fields) == ["name", *OPTION_NAMES]
    for name, spec in OPTIONS.items():
        assert schema.fields[name].metadata["description"].startswith(spec.doc)


def test_the_rule_set_listing_has_every_option() -> None:
    for rules in PRESETS.values():
        assert list(rules.options()) == list(OPTION_NAMES)


def test_play_options_are_those_that_shape_plays() -> None:
    """Rule sets equal in their play options share a game model; the others do not touch it."""
    assert set(PLAY_OPTIONS) == {n for n, s in OPTIONS.items() if s.role.shapes_plays}
    flow = STANDARD.derive(kitty_hidden=True, multiplier_cap=8, base_stake=2, no_anti_spring=True)
    assert flow.model is STANDARD.model


def test_the_forms_name_declared_play_options_of_their_games() -> None:
    """A form kept or dropped by an option names an option of role ``plays`` that its game
    takes; each such option of a game names some form of it."""
    named: dict[Game, set[str]] = {}
    for game, rules in GAMES.items():
        for form in rules.forms:
            for name in filter(None, (form.needs, form.unless)):
                named.setdefault(game, set()).add(name)
                spec = OPTIONS[name]
                assert spec.role is Role.PLAYS, name
                assert spec.games is None or game in spec.games, (name, game)
    for form in LONG_WILD_BOMBS:
        assert {form.needs, form.unless} - {None} <= DERIVED_FLAGS
    for name, spec in OPTIONS.items():
        if spec.role is Role.PLAYS:
            for game in spec.games or set(Game):
                assert name in named.get(game, set()), (name, game)


def test_the_kicker_rules_are_the_kicker_options() -> None:
    """Each ``KickerRules`` field is set by one declared option (the game's joker pair kickers
    by the game), and setting the option sets the field."""
    fields = {f.name for f in dataclasses.fields(KickerRules)}
    declared = {spec.kicker: name for name, spec in OPTIONS.items() if spec.kicker}
    assert set(declared) == fields - {"joker_pair_kickers"}
    for field, name in declared.items():
        spec = OPTIONS[name]
        game = next(g for g in Game if spec.games is None or g in spec.games)
        preset = next(r for r in PRESETS.values() if r.game is game and not r.wilds.ranks)
        on = {"kicker_ranks_repeat": True} if spec.needs or field == "rank_max" else {}
        value = min(spec.values) if isinstance(spec.values, range) else not getattr(preset, name)
        rules = preset.derive(**on, **{name: value})
        assert getattr(rules.model.kickers, field) == value, name


def test_options_set_only_existing_multipliers() -> None:
    """A switch sets factors when on (``RuleSet.multipliers``); a preset's own factors
    (``scoring``) count in the versions of rule sets derived from it."""
    factors = {f.name for f in dataclasses.fields(Multipliers)}
    for name, spec in OPTIONS.items():
        assert {factor for factor, _ in spec.multipliers} <= factors
        assert not spec.multipliers or isinstance(default_of(name), bool), name
    departing = dataclasses.replace(STANDARD, scoring=Multipliers(rocket=4))
    assert departing.multipliers.rocket == 4
    assert (
        departing.derive(space_shuttle=True).version != STANDARD.derive(space_shuttle=True).version
    )
    x4 = get_ruleset("laizi", wild="7", hard_bombs_x4=True)
    assert (x4.multipliers.hard_bomb, x4.multipliers.pure_bomb, x4.multipliers.bomb) == (4, 4, 2)
    assert get_ruleset("laizi", wild="7").multipliers == STANDARD.scoring
    assert {stage for stage, _ in STANDARD.multipliers.show} == set(Stage)


@pytest.mark.parametrize("name", [n for n, s in OPTIONS.items() if s.games is not None])
def test_an_option_is_refused_in_a_game_that_does_not_take_it(name: str) -> None:
    """docs/rules.md §8: an option a game does not have keeps its default there."""
    spec = OPTIONS[name]
    assert spec.games is not None
    off = off_value(default_of(name))
    on = _on_value(name)
    for game in set(Game) - spec.games:
        preset = next(r for r in PRESETS.values() if r.game is game)
        assert getattr(preset, name) == off
        with pytest.raises(
            RuleSetError, match=f"^{name} needs game .*must be {re.escape(shown(off))}"
        ):
            dataclasses.replace(preset, **{name: on})  # made directly, as in the need's test


@pytest.mark.parametrize("name", [n for n, s in OPTIONS.items() if s.needs is not None])
def test_an_option_is_refused_without_the_one_it_needs(name: str) -> None:
    """Made directly (``derive`` reads the wild ranks against the mode first)."""
    spec = OPTIONS[name]
    assert spec.needs is not None
    with pytest.raises(RuleSetError, match=f"^{name} needs {spec.needs.option}"):
        RuleSet(**{name: _on_value(name)})


@pytest.mark.parametrize(
    "options",
    [
        {"wilds": WildMode.LAIZI, "wild": None},
        {"wilds": WildMode.LAIZI, "wild": ["7"]},
        {"scoring": "x4"},
        {"kicker_rank_max": True},
        {"multiplier_cap": 2.5},
        {"game": "four_player"},
    ],
)
def test_a_rule_set_of_values_of_the_wrong_type_is_refused(options: dict[str, object]) -> None:
    """Every value is checked against its declaration: a ``RuleSetError``, never a crash."""
    with pytest.raises(RuleSetError):
        RuleSet(**options)  # type: ignore[arg-type]
    with pytest.raises(RuleSetError):
        get_ruleset("standard", wilds=None, wild="7")


def _on_value(name: str) -> object:
    """A value of an option other than the one it keeps where it is off."""
    spec, default = OPTIONS[name], default_of(name)
    if isinstance(spec.values, type):
        return next(v for v in spec.values if v != default)
    if isinstance(spec.values, range):
        return next(v for v in spec.values if v != default)
    return ("7",) if isinstance(default, tuple) else not off_value(default)


def option_table() -> str:
    """docs/rulesets.md's table of every option, as the declarations give it."""
    lines = [
        "| option | shapes | games | values | default | needs | what it does |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, spec in OPTIONS.items():
        games = ", ".join(g for g in Game if g in spec.games) if spec.games else "every game"
        if isinstance(spec.values, type):
            values = ", ".join(spec.values)
        elif isinstance(spec.values, range):
            low, high = spec.limits or (0, 0)
            many = len(spec.values) > 3
            values = f"{low} to {high:,}" if many else ", ".join(map(str, spec.values))
            values += ", null" if spec.nullable else ""
        else:
            values = "wild ranks" if isinstance(default_of(name), tuple) else "true, false"
        needs = ""
        if spec.needs is not None:
            needs = f"`{spec.needs.option}` {' or '.join(spec.needs.values)}".strip()
        default = shown(default_of(name))
        cells = [f"`{name}`", spec.role.value, games, values, default, needs, spec.doc]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def test_the_documentation_tables_every_option_as_declared() -> None:
    text = (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")
    section = text[text.index("## Every option") :]
    table = next(chunk for chunk in section.split("\n\n") if chunk.startswith("| option |"))
    assert table == option_table(), f"docs/rulesets.md: the table should read\n{option_table()}"


def test_the_documentation_names_the_options_that_came_later() -> None:
    """docs/rulesets.md's versions section lists the options left out of fingerprints."""
    text = (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")
    section = text[text.index("## Versions") :].split("\n## ")[0]
    listed = section[section.index("These options came later") :].split(".\n")[0]
    later = [name for name, spec in OPTIONS.items() if spec.later]
    assert [n for n in OPTION_NAMES if f"`{n}`" in listed] == later


@pytest.mark.parametrize(
    ("preset", "options", "version"),
    [
        ("standard", {"kicker_ranks_repeat": True}, "1+1b7a135a7d8d"),
        ("douzero", {"space_shuttle": True}, "1+17dabef63a32"),
        ("huanle", {"multiplier_cap": 64}, "1+ffe44d55b005"),
        ("four_player", {"two_pass_tricks": True}, "1+8e3afbf1710c"),
        ("laizi", {"wild": "7", "hard_bombs_x4": True}, "1+97f3dabc9f76"),
        ("big_three", {"free_first_bidder": True}, "1+2789111f7a42"),
    ],
)
def test_versions_named_before_the_declarations_keep_their_names(
    preset: str, options: dict[str, object], version: str
) -> None:
    """docs/rulesets.md, Versions: the fingerprints of derived rule sets, as the release
    before options were declared once named them (an option declared ``later`` is left out
    while it has its default)."""
    assert get_ruleset(preset, **options).version == version
