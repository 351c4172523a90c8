"""The calls the benchmark times: our core, DouZero 1.1.0's move generator, rlcard 1.2.0's judger.

Every engine function takes canonical card strings (``"3456789TJQKA2BR"`` order, one
character a card, B/R the jokers) and returns that engine's list or set of moves, so each timed
call includes the engine's conversion from a card string to its own encoding:

- ours: ``legal_moves(hand, previous=..., rules=...)`` listed (it parses the strings itself);
- DouZero: the string mapped to its integer cards (3..14, 17 for 2, 20/30 for the jokers), then
  ``MovesGener(...).gen_moves()`` for a lead, or, for a response, what ``GameEnv.
  get_legal_card_play_actions`` does with the rival move (``move_detector.get_move_type``, the
  generator of that type, ``move_selector``'s filter, bombs, rocket and pass appended, sorted);
- rlcard: its hand strings are ours, so no conversion; ``DoudizhuJudger.
  playable_cards_from_hand(hand)`` for a lead, and ``get_gt_cards``'s body for a response
  (``get_gt_cards`` itself wants player objects; the body is the same with the strings given).

DouZero's modules are loaded from their files (``douzero/env/{utils,move_detector,
move_selector,move_generator}.py``) so that ``douzero.env``'s package init (which imports numpy
and the game environment, and would be where torch comes in) never runs.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from service.rules import (
    DOUZERO,
    RLCARD,
    STANDARD,
    RuleSet,
    classifier,
    combination,
    legal_moves,
    read_play,
)
from service.rules.engine import reference_moves

#: DouZero's integer for each of our card characters.
DZ_OF_CHAR = dict(zip("3456789TJQKA2BR", [*range(3, 15), 17, 20, 30], strict=True))


# --- Ours ---------------------------------------------------------------------------------------


def ours_leads(rules: RuleSet) -> Callable[[str], list[Any]]:
    """Our legal leads of a hand string under ``rules``, listed."""

    def leads(hand: str) -> list[Any]:
        return legal_moves(hand, rules=rules).moves

    return leads


def ours_responses(rules: RuleSet) -> Callable[[str, str], list[Any]]:
    """Our legal responses of a hand string to a previous play's string, listed."""

    def responses(hand: str, previous: str) -> list[Any]:
        return legal_moves(hand, previous=previous, rules=rules).moves

    return responses


OURS_PRESETS: dict[str, RuleSet] = {"standard": STANDARD, "rlcard": RLCARD, "douzero": DOUZERO}


def reference_leads(rules: RuleSet) -> Callable[[str], list[Any]]:
    """The reference engine's legal leads (``service.rules.engine``, no fast path)."""
    model = rules.model

    def leads(hand: str) -> list[Any]:
        return reference_moves(read_play(hand, rules), model)

    return leads


def reference_responses(rules: RuleSet) -> Callable[[str, str], list[Any]]:
    """The reference engine's legal responses; the previous play read by ``combination``."""
    model = rules.model

    def responses(hand: str, previous: str) -> list[Any]:
        return reference_moves(read_play(hand, rules), model, combination(previous, rules))

    return responses


def ours_classify(rules: RuleSet) -> Callable[[str], Any]:
    """``classifier(rules)``: one lookup of the universe table for a canonical card string, as
    rlcard's ``dict.get`` (other strings are read in full on a miss)."""
    return classifier(rules)


# --- DouZero ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DouZero:
    """DouZero's rule modules, loaded without its package init."""

    utils: ModuleType
    detector: ModuleType
    selector: ModuleType
    generator: ModuleType


_DOUZERO: DouZero | None = None
_DZ_FILES = ("utils", "move_detector", "move_selector", "move_generator")


def load_douzero() -> DouZero:
    """DouZero's ``utils``, ``move_detector``, ``move_selector`` and ``move_generator`` modules.

    If ``douzero.env`` is already imported (another part of the process did it), its modules
    are used. Otherwise each file is executed from its path under its own name; its absolute
    ``from douzero.env.utils import ...`` is served by placeholder ``douzero``/``douzero.env``
    packages put in ``sys.modules`` for the time of the load and taken out afterwards, so a
    later real ``import douzero.env`` is not disturbed.
    """
    global _DOUZERO  # noqa: PLW0603 - loaded once per process
    if _DOUZERO is not None:
        return _DOUZERO
    if "douzero.env" in sys.modules:
        mods = [importlib.import_module(f"douzero.env.{name}") for name in _DZ_FILES]
    else:
        spec = importlib.util.find_spec("douzero")
        if spec is None or not spec.submodule_search_locations:
            raise ImportError("douzero is not installed (uv sync installs it in the oracles group)")
        env_dir = Path(next(iter(spec.submodule_search_locations))) / "env"
        added: list[str] = []
        try:
            for name, path in (("douzero", env_dir.parent), ("douzero.env", env_dir)):
                if name not in sys.modules:
                    package = ModuleType(name)
                    package.__path__ = [str(path)]
                    sys.modules[name] = package
                    added.append(name)
            mods = []
            for name in _DZ_FILES:
                full = f"douzero.env.{name}"
                file_spec = importlib.util.spec_from_file_location(full, env_dir / f"{name}.py")
                assert file_spec is not None and file_spec.loader is not None
                module = importlib.util.module_from_spec(file_spec)
                sys.modules[full] = module
                added.append(full)
                file_spec.loader.exec_module(module)
                mods.append(module)
        finally:
            for name in added:
                sys.modules.pop(name, None)
    _DOUZERO = DouZero(*mods)
    return _DOUZERO


def douzero_leads() -> Callable[[str], list[list[int]]]:
    """DouZero's leads: ``MovesGener(cards).gen_moves()`` (duplicates and all, as it returns)."""
    moves_gener = load_douzero().generator.MovesGener
    table = DZ_OF_CHAR

    def leads(hand: str) -> list[list[int]]:
        return moves_gener([table[c] for c in hand]).gen_moves()  # type: ignore[no-any-return]

    return leads


def douzero_responses() -> Callable[[str, str], list[list[int]]]:
    """DouZero's legal actions against a rival move, as ``GameEnv.get_legal_card_play_actions``."""
    dz = load_douzero()
    md, ms, moves_gener = dz.detector, dz.selector, dz.generator.MovesGener
    table = DZ_OF_CHAR
    # rival type -> (generator method name, passes repeat_num=len, move_selector filter)
    plan: dict[int, tuple[str, bool, Callable[..., list[list[int]]]]] = {
        md.TYPE_1_SINGLE: ("gen_type_1_single", False, ms.filter_type_1_single),
        md.TYPE_2_PAIR: ("gen_type_2_pair", False, ms.filter_type_2_pair),
        md.TYPE_3_TRIPLE: ("gen_type_3_triple", False, ms.filter_type_3_triple),
        md.TYPE_6_3_1: ("gen_type_6_3_1", False, ms.filter_type_6_3_1),
        md.TYPE_7_3_2: ("gen_type_7_3_2", False, ms.filter_type_7_3_2),
        md.TYPE_8_SERIAL_SINGLE: ("gen_type_8_serial_single", True, ms.filter_type_8_serial_single),
        md.TYPE_9_SERIAL_PAIR: ("gen_type_9_serial_pair", True, ms.filter_type_9_serial_pair),
        md.TYPE_10_SERIAL_TRIPLE: (
            "gen_type_10_serial_triple",
            True,
            ms.filter_type_10_serial_triple,
        ),
        md.TYPE_11_SERIAL_3_1: ("gen_type_11_serial_3_1", True, ms.filter_type_11_serial_3_1),
        md.TYPE_12_SERIAL_3_2: ("gen_type_12_serial_3_2", True, ms.filter_type_12_serial_3_2),
        md.TYPE_13_4_2: ("gen_type_13_4_2", False, ms.filter_type_13_4_2),
        md.TYPE_14_4_22: ("gen_type_14_4_22", False, ms.filter_type_14_4_22),
    }
    pass_type, bomb_type, rocket_type = md.TYPE_0_PASS, md.TYPE_4_BOMB, md.TYPE_5_KING_BOMB

    def responses(hand: str, previous: str) -> list[list[int]]:
        mg = moves_gener([table[c] for c in hand])
        rival_move = [table[c] for c in previous]
        rival = md.get_move_type(rival_move)
        rival_type = rival["type"]
        moves: list[list[int]] = []
        if rival_type == pass_type:
            moves = mg.gen_moves()
        elif rival_type == bomb_type:
            moves = ms.filter_type_4_bomb(
                mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb(), rival_move
            )
        elif rival_type in plan:
            method, with_len, keep = plan[rival_type]
            generate = getattr(mg, method)
            found = generate(repeat_num=rival.get("len", 1)) if with_len else generate()
            moves = keep(found, rival_move)
        if rival_type not in (pass_type, bomb_type, rocket_type):
            moves = moves + mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb()
        if rival_move:
            moves = [*moves, []]
        for m in moves:
            m.sort()
        return moves

    return responses


def douzero_move_type(cards: str) -> int:
    """DouZero's move type of a play (15 is its 'wrong': not a move it knows)."""
    md = load_douzero().detector
    return int(md.get_move_type(sorted(DZ_OF_CHAR[c] for c in cards))["type"])


# --- rlcard -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RLCard:
    """rlcard's Dou Dizhu judger and tables."""

    judger: Any
    card_type: dict[str, list[Any]]
    type_card: dict[str, dict[str, list[str]]]
    contains_cards: Callable[[str, str], bool]


_RLCARD: RLCard | None = None


def load_rlcard() -> RLCard:
    """rlcard's ``DoudizhuJudger`` and the ``CARD_TYPE``/``TYPE_CARD`` tables of its utils."""
    global _RLCARD  # noqa: PLW0603 - loaded once per process
    if _RLCARD is None:
        from rlcard.games.doudizhu import utils  # type: ignore[import-untyped]
        from rlcard.games.doudizhu.judger import DoudizhuJudger  # type: ignore[import-untyped]

        _RLCARD = RLCard(DoudizhuJudger, utils.CARD_TYPE[0], utils.TYPE_CARD, utils.contains_cards)
    return _RLCARD


def rlcard_leads() -> Callable[[str], set[str]]:
    """rlcard's leads: ``DoudizhuJudger.playable_cards_from_hand(hand)`` (a set of strings)."""
    playable = load_rlcard().judger.playable_cards_from_hand

    def leads(hand: str) -> set[str]:
        return playable(hand)  # type: ignore[no-any-return]

    return leads


def rlcard_responses() -> Callable[[str, str], list[str]]:
    """rlcard's ``get_gt_cards`` on strings (its body, 'pass' first, as it returns)."""
    rl = load_rlcard()
    card_type, type_card, contains_cards = rl.card_type, rl.type_card, rl.contains_cards

    def responses(hand: str, previous: str) -> list[str]:
        gt_cards = ["pass"]
        type_dict: dict[str, Any] = {}
        for kind, weight in card_type[previous]:
            if kind not in type_dict:
                type_dict[kind] = weight
        if "rocket" in type_dict:
            return gt_cards
        type_dict["rocket"] = -1
        if "bomb" not in type_dict:
            type_dict["bomb"] = -1
        for kind, weight in type_dict.items():
            for can_weight, cards_list in type_card[kind].items():
                if int(can_weight) > int(weight):
                    for cards in cards_list:
                        if cards not in gt_cards and contains_cards(hand, cards):
                            gt_cards.append(cards)
        return gt_cards

    return responses


def rlcard_lookup() -> Callable[[str], Any]:
    """rlcard's classification: the ``CARD_TYPE`` table's lookup (``dict.get``, None if absent)."""
    return load_rlcard().card_type.get


def distinct_count(moves: Any) -> int:
    """How many distinct card sets a result holds (DouZero repeats some; rlcard adds 'pass')."""
    keys: set[object] = set()
    for move in moves:
        if isinstance(move, str):
            if move != "pass":
                keys.add(move)
        elif isinstance(move, list):
            if move:
                keys.add(tuple(sorted(move)))
        else:
            keys.add(move.cards)
    return len(keys)
