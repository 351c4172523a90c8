"""Moves as JSON, encoded once each: the HTTP layer's cache of encoded combinations.

Combinations are interned by the core, so a move listed again is the same object. Its JSON is
kept here, keyed by ``id(combo)``, beside the combination itself: the entry holds the object,
so no other object can take its id while the entry lives. A move list is then copied, not
encoded, after a combination's first listing (orjson writes a ``Fragment`` out as it is). The
cache is cleared when it reaches ``ENCODED_MAX`` entries.

>>> from service.rules import Combination
>>> combo = Combination.of("34567")
>>> encoded(combo) is encoded(combo)
True
>>> orjson.loads(orjson.dumps([encoded(combo)])) == [combo.as_dict()]
True
"""

from __future__ import annotations

import orjson

from service.rules import Combination

ENCODED_MAX = 100_000
"""Combinations whose JSON is kept: about 350 bytes an entry, 35 MB a worker at most."""

_encoded: dict[int, tuple[Combination, orjson.Fragment]] = {}


def encoded(combo: Combination) -> orjson.Fragment:
    """A move's JSON, as ``combo.as_dict()`` writes it: encoded on its first listing, kept after.

    >>> from service.rules import Combination
    >>> orjson.loads(orjson.dumps(encoded(Combination.of("BR"))))["name_zh"]
    '王炸'
    """
    try:
        return _encoded[id(combo)][1]  # the entry holds combo: an id found is combo's own
    except KeyError:
        pass
    if len(_encoded) >= ENCODED_MAX:
        _encoded.clear()
    # Copied to its own size: kept as orjson returns it, each took about 4 KB (measured).
    text = memoryview(orjson.dumps(combo.as_dict())).tobytes()
    fragment = orjson.Fragment(text)
    _encoded[id(combo)] = (combo, fragment)
    return fragment


def encoded_count() -> int:
    """How many combinations have their JSON kept (at most ``ENCODED_MAX``).

    >>> from service.rules import Combination
    >>> _ = encoded(Combination.of("3"))
    >>> 1 <= encoded_count() <= ENCODED_MAX
    True
    """
    return len(_encoded)


__all__ = ["ENCODED_MAX", "encoded", "encoded_count"]
