"""Classification by table: every playable card set of a rule set, with all its readings.

The table of a rule set is built on first use from the move generator run on the whole deck
(every combination any hand can play) and kept for the life of the process. A card string
already in canonical form is one dictionary lookup; any other notation is read first. The
per-shape classifier ``readings_of`` answers the same questions without the table; a test
checks that the two agree on the whole universe.

>>> for reading in classify("333444555666", get_ruleset("douzero")):
...     print(reading.kind, reading.primal, reading.kickers or "-")
airplane 333444555666 -
airplane_singles 444555666 333
airplane_singles 333444555 666
>>> classify("3 3 4 4 5 5"), classify("3345")
((Combination.of('334455', kind='pair_chain', rank='5'),), ())
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import format_counts, read_hand
from .combos import Combination, preference
from .moves import FULL_DECK, every_reading
from .ruleset import STANDARD, RuleSet, get_ruleset

Table = dict[str, tuple[Combination, ...]]


def universe(rules: RuleSet) -> Table:
    """Every card set playable under ``rules`` with its readings, preferred first (cached)."""
    table: Table | None = rules.memo.get("universe")
    if table is None:
        grouped: dict[str, list[Combination]] = {}
        for combo in every_reading(FULL_DECK, rules):
            grouped.setdefault(combo.cards, []).append(combo)
        table = {cards: tuple(sorted(found, key=preference)) for cards, found in grouped.items()}
        rules.memo["universe"] = table
    return table


def classify(cards: str | Sequence[str], rules: RuleSet = STANDARD) -> tuple[Combination, ...]:
    """Every reading of a card list under ``rules``, preferred first; empty if none.

    Raises ``CardError`` when the cards cannot be read or the deck cannot hold them.
    """
    table = universe(rules)
    if isinstance(cards, str):
        found = table.get(cards)
        if found is not None:
            return found
    return table.get(format_counts(read_hand(cards)), ())


__all__ = ["classify", "get_ruleset", "universe"]
