"""DouZero 1.1.0 (``douzero.env``) as an oracle, in our canonical card strings, without torch.

DouZero's rule code is pure Python: ``move_generator.MovesGener`` (every move of a hand, by
type), ``move_detector.get_move_type`` (the type of a move), ``move_selector`` (filters keeping
the moves that beat a rival move) and ``game.GameEnv.get_legal_card_play_actions`` (which ties
them together). Only ``douzero/env/__init__.py`` -> ``env.py`` needs numpy (not torch); torch
is only imported by ``douzero.dmc``/``douzero.evaluation``, which are never imported here. If the
package ``douzero.env`` cannot be imported (e.g. numpy missing), the five rule modules are
loaded by file path and registered under their own module names, so their absolute
(``from douzero.env.utils import ...``) and relative (``from . import move_detector``) imports
work (:func:`_load_by_path`).

DouZero's encoding: a move is a sorted list of ints, ``3``..``14`` for ``3``..``A``, ``17`` for
``2``, ``20`` and ``30`` for the black and red jokers.

- leading: ``MovesGener(hand).gen_moves()`` (what ``get_legal_card_play_actions`` returns when
  the rival move is a pass);
- following: ``GameEnv.get_legal_card_play_actions`` itself, run on a minimal stand-in for the
  game state (the acting player's hand and an action sequence ending with the rival move), with
  the pass (``[]``) it appends removed.

>>> sorted(leads("3334"))
['3', '33', '333', '3334', '4']
>>> sorted(responses("55567777", "3334"))
['5556', '5557', '5777', '6777', '7777']
>>> to_engine("T2BR"), from_engine([30, 17, 10, 20])
([10, 17, 20, 30], 'T2BR')
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
import warnings
from pathlib import Path
from typing import Any

from tests.recorded import recorded

ORDER = "3456789TJQKA2BR"
#: Our card character -> DouZero's int.
TO_ENGINE: dict[str, int] = {
    **dict(zip("3456789TJQKA", range(3, 15), strict=True)),
    "2": 17,
    "B": 20,
    "R": 30,
}
FROM_ENGINE: dict[int, str] = {v: c for c, v in TO_ENGINE.items()}

#: The torch-free rule modules of ``douzero.env``, in dependency order.
RULE_MODULES = ("utils", "move_detector", "move_selector", "move_generator", "game")


def _load_by_path() -> dict[str, types.ModuleType]:
    """Load DouZero's rule modules from their files, bypassing ``douzero/env/__init__.py``.

    ``douzero.env`` is registered as a bare package (``__path__`` set, ``__init__`` not run),
    and each rule module under its real name, so the modules' own imports resolve to them.
    """
    spec = importlib.util.find_spec("douzero")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("douzero is not installed")
    env_dir = Path(next(iter(spec.submodule_search_locations))) / "env"
    if "douzero" not in sys.modules:
        root = types.ModuleType("douzero")
        root.__path__ = list(spec.submodule_search_locations)
        sys.modules["douzero"] = root
    package = types.ModuleType("douzero.env")
    package.__path__ = [str(env_dir)]
    package.__package__ = "douzero.env"
    sys.modules["douzero.env"] = package
    sys.modules["douzero"].env = package  # type: ignore[attr-defined]
    loaded: dict[str, types.ModuleType] = {}
    for name in RULE_MODULES:
        full = f"douzero.env.{name}"
        module_spec = importlib.util.spec_from_file_location(full, env_dir / f"{name}.py")
        assert module_spec is not None and module_spec.loader is not None
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[full] = module
        module_spec.loader.exec_module(module)
        setattr(package, name, module)
        loaded[name] = module
    return loaded


def _load() -> tuple[dict[str, types.ModuleType], str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            modules = {n: importlib.import_module(f"douzero.env.{n}") for n in RULE_MODULES}
        except ImportError:
            return _load_by_path(), "by file path"
    return modules, "as a package"


_MODULES, LOADED = _load()
_md = _MODULES["move_detector"]
_mg = _MODULES["move_generator"]
_game = _MODULES["game"]
MovesGener = _mg.MovesGener
get_move_type = _md.get_move_type

#: DouZero's move type numbers (``douzero.env.utils``).
TYPE_11_SERIAL_3_1 = _md.TYPE_11_SERIAL_3_1
TYPE_15_WRONG = _md.TYPE_15_WRONG


# --- conversions ---------------------------------------------------------------------------------


def to_engine(cards: str) -> list[int]:
    """Our card string (any order) -> DouZero's sorted int list."""
    return sorted(TO_ENGINE[c] for c in cards)


def from_engine(move: list[int]) -> str:
    """A DouZero move (any order) -> our canonical card string."""
    return "".join(FROM_ENGINE[v] for v in sorted(move))


# --- native engine calls (DouZero's encoding in and out) -----------------------------------------


class _InfoSet:
    def __init__(self, hand: list[int]) -> None:
        self.player_hand_cards = hand


class _GameState:
    """The attributes ``GameEnv.get_legal_card_play_actions`` reads."""

    def __init__(self, hand: list[int], action_seq: list[list[int]]) -> None:
        self.acting_player_position = "landlord"
        self.info_sets = {"landlord": _InfoSet(hand)}
        self.card_play_action_seq = action_seq


def leads_native(engine_hand: list[int]) -> list[list[int]]:
    """DouZero's leads (with repeats) of a hand: ``MovesGener(hand).gen_moves()``."""
    moves: list[list[int]] = MovesGener(engine_hand).gen_moves()
    return moves


def responses_native(engine_hand: list[int], engine_previous: list[int]) -> list[list[int]]:
    """DouZero's answers to a rival move (pass excluded): ``get_legal_card_play_actions``."""
    state = _GameState(list(engine_hand), [list(engine_previous)])
    moves: list[list[int]] = _game.GameEnv.get_legal_card_play_actions(state)
    return [m for m in moves if m]


def move_type(cards: str) -> dict[str, Any]:
    """DouZero's detector reading of our card string (``{'type': n, 'rank': ..., 'len': ...}``)."""
    result: dict[str, Any] = get_move_type(to_engine(cards))
    return result


def detector_accepts(cards: str) -> bool:
    """Whether DouZero's detector gives the card set a type (not ``TYPE_15_WRONG``)."""
    return bool(move_type(cards)["type"] != TYPE_15_WRONG)


def max_trio_rank(cards: str) -> int:
    """The rank DouZero ranks an airplane with singles by (``filter_type_11_serial_3_1``): the
    highest rank held exactly three times, as OUR rank index (0 = ``3``)."""
    return max(ORDER.index(c) for c in set(cards) if cards.count(c) == 3)


# --- our encoding --------------------------------------------------------------------------------


@recorded
def leads(hand: str) -> set[str]:
    """Every distinct card set DouZero's generator lets ``hand`` lead, as our card strings."""
    return {from_engine(m) for m in leads_native(to_engine(hand))}


@recorded
def responses(hand: str, previous: str) -> set[str]:
    """Every card set DouZero lets ``hand`` play on ``previous`` (pass excluded)."""
    return {from_engine(m) for m in responses_native(to_engine(hand), to_engine(previous))}


def engine_info() -> dict[str, Any]:
    """The engine's name and version, and how its modules were loaded, for reports."""
    from importlib.metadata import version

    return {"engine": "douzero", "version": version("douzero"), "loaded": LOADED}
