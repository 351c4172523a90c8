"""Moves as JSON, encoded once each: the HTTP layer's cache of encoded combinations.

Combinations are interned by the core, so a move listed again is the same object. Its JSON is
kept here, keyed by ``id(combo)``, beside the combination itself: the entry holds the object,
so no other object can take its id while the entry lives. A move list is then copied, not
encoded, after a combination's first listing (orjson writes a ``Fragment`` out as it is). The
cache is cleared when it reaches ``ENCODED_MAX`` entries.

The wildcard games' moves are kept apart, and fewer (``WILD_ENCODED_MAX``): the wild engine
makes a hand's moves anew, keeping only the last of them to list again
(``wildfast.MADE_LIMIT``), so an entry for any other would only hold a dead move alive: 300
wild rule sets, each with a hand's first page, an answer and a classification, grew a worker
by 51 to 53 MiB when their moves were kept with the others, by 19 MiB kept apart
(tests/test_option_flood.py). ``encoder`` says which a rule set's moves take.

>>> from service.rules import Combination
>>> combo = Combination.of("34567")
>>> encoded(combo) is encoded(combo)
True
>>> orjson.loads(orjson.dumps([encoded(combo)])) == [combo.as_dict()]
True
"""

from __future__ import annotations

from collections.abc import Callable

import orjson

from service.rules import Combination, RuleSet
from service.rules.wildfast import MADE_LIMIT

ENCODED_MAX = 100_000
"""Combinations whose JSON is kept: about 350 bytes an entry, 35 MB a worker at most."""
WILD_ENCODED_MAX = MADE_LIMIT
"""Moves of the wildcard games whose JSON is kept: as many as the wild engine keeps to list
again, each about 350 bytes beside the move it keeps (2 MB a worker at most)."""

Encoded = dict[int, tuple[Combination, orjson.Fragment]]
_encoded: Encoded = {}
_wild_encoded: Encoded = {}


def encoded(combo: Combination) -> orjson.Fragment:
    """A move's JSON, as ``combo.as_dict()`` writes it: encoded on its first listing, kept after.

    >>> from service.rules import Combination
    >>> orjson.loads(orjson.dumps(encoded(Combination.of("BR"))))["name_zh"]
    '王炸'
    """
    return _kept(combo, _encoded, ENCODED_MAX)


def encoded_wild(combo: Combination) -> orjson.Fragment:
    """``encoded`` for a wildcard game's move, kept among the fewer of those
    (``WILD_ENCODED_MAX``).

    >>> from service.rules import get_ruleset, legal_moves
    >>> move = legal_moves("3477", rules=get_ruleset("laizi", wild="7")).moves[-1]
    >>> move.cards, orjson.loads(orjson.dumps(encoded_wild(move)))["substitution"]
    ('3477', {'7': '44'})
    """
    return _kept(combo, _wild_encoded, WILD_ENCODED_MAX)


def encoder(rules: RuleSet) -> Callable[[Combination], orjson.Fragment]:
    """How a rule set's moves are encoded: ``encoded_wild`` in a wildcard game, else
    ``encoded``.

    >>> from service.rules import STANDARD, get_ruleset
    >>> encoder(STANDARD) is encoded, encoder(get_ruleset("laizi", wild="7")) is encoded_wild
    (True, True)
    """
    return encoded if rules.model.wilds is None else encoded_wild


def _kept(combo: Combination, kept: Encoded, most: int) -> orjson.Fragment:
    """A move's JSON from ``kept``, or encoded and kept there (emptied first when it holds
    ``most``)."""
    try:
        return kept[id(combo)][1]  # the entry holds combo: an id found is combo's own
    except KeyError:
        pass
    if len(kept) >= most:
        kept.clear()
    # Copied to its own size: kept as orjson returns it, each took about 4 KB (measured).
    text = memoryview(orjson.dumps(combo.as_dict())).tobytes()
    fragment = orjson.Fragment(text)
    kept[id(combo)] = (combo, fragment)
    return fragment


def encoded_count() -> int:
    """How many combinations have their JSON kept (at most ``ENCODED_MAX`` and
    ``WILD_ENCODED_MAX``).

    >>> from service.rules import Combination
    >>> _ = encoded(Combination.of("3"))
    >>> 1 <= encoded_count() <= ENCODED_MAX + WILD_ENCODED_MAX
    True
    """
    return len(_encoded) + len(_wild_encoded)


__all__ = ["ENCODED_MAX", "WILD_ENCODED_MAX", "encoded", "encoded_count", "encoded_wild", "encoder"]
