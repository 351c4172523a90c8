"""The pure Dou Dizhu rules core: cards, combinations, beats, legal moves, rule sets.

It imports nothing outside the standard library (a test proves it).

>>> from service.rules import classify, legal_moves, beats, Combination
>>> classify("JJJ44")[0].kind
<Kind.TRIO_PAIR: 'trio_pair'>
>>> beats(Combination.of("BR"), Combination.of("2222")).beats
True
>>> legal_moves("3344", previous="33").count()
1
"""

from .beating import Reason, Verdict, beats, best_beating
from .cards import (
    Card,
    CardError,
    CardProblem,
    Counts,
    Rank,
    Suit,
    check_deck,
    contains,
    counts_of,
    format_counts,
    parse_cards,
    parse_counts,
    parse_rank,
    read_hand,
    subtract,
)
from .combos import (
    Combination,
    choose,
    read_play,
    readings_of,
)
from .kinds import Kind
from .model import Form, Game, GameModel, Grade, KickerRules, Table, Tier
from .moves import (
    LegalMoves,
    PlayCheck,
    check_play,
    classifier,
    classify,
    combination,
    legal_moves,
    universe,
)
from .options import AllPass, BiddingMode, Doubling, WildMode
from .ruleset import (
    BIG_THREE,
    BOTZONE,
    DOUZERO,
    FOUR_PLAYER,
    HUANLE,
    OPENSPIEL,
    PRESETS,
    RLCARD,
    STANDARD,
    RuleSet,
    RuleSetError,
    get_ruleset,
)

__all__ = [
    "BIG_THREE",
    "BOTZONE",
    "DOUZERO",
    "FOUR_PLAYER",
    "HUANLE",
    "OPENSPIEL",
    "PRESETS",
    "RLCARD",
    "STANDARD",
    "AllPass",
    "BiddingMode",
    "Card",
    "CardError",
    "CardProblem",
    "Combination",
    "Counts",
    "Doubling",
    "Form",
    "Game",
    "GameModel",
    "Grade",
    "KickerRules",
    "Kind",
    "LegalMoves",
    "PlayCheck",
    "Rank",
    "Reason",
    "RuleSet",
    "RuleSetError",
    "Suit",
    "Table",
    "Tier",
    "Verdict",
    "WildMode",
    "beats",
    "best_beating",
    "check_deck",
    "check_play",
    "choose",
    "classifier",
    "classify",
    "combination",
    "contains",
    "counts_of",
    "format_counts",
    "get_ruleset",
    "legal_moves",
    "parse_cards",
    "parse_counts",
    "parse_rank",
    "read_hand",
    "read_play",
    "readings_of",
    "subtract",
    "universe",
]
