"""The whole universe of plays per preset, classified, pinned by one digest each.

The universe is every distinct card set that some hand can play under the rule set (the leads
of the full 54-card deck). Every reading of every such set is written out and hashed, so any
change to classification, kicker rules or preference order changes a digest.
To re-pin after a deliberate rule change: ``python -m tests.test_universe``.
"""

from __future__ import annotations

import hashlib

import pytest

from service.rules import PRESETS, RuleSet, classify, legal_moves, read_hand, readings_of, universe

FULL_DECK = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR"

PINNED = {
    "douzero": (29984, "faef28db65f14abefe31e5a1026fe1fc1a690208c644fd5e42d88b5278e5ecc9"),
    "openspiel": (25661, "a3111886ebcb1cf0fb88f16c5f538b8c04d3e04d360e47e97fb5270fefdaa772"),
    "rlcard": (27471, "546eb6f09306f64fb294c23d274f1009b5cbd948ada23714c49f9d84cda2835d"),
    "standard": (12654, "707ab0b34845486b198b72d7eae0914715b65d8114ead1b64311bbc0ad2860a2"),
}


def universe_digest(rules: RuleSet) -> tuple[int, str]:
    """The number of playable card sets and the digest of all their readings."""
    digest = hashlib.sha256()
    sets = sorted({m.cards for m in legal_moves(FULL_DECK, rules=rules)})
    for cards in sets:
        readings = classify(cards, rules)
        line = " ".join(
            f"{c.kind}:{c.rank.char}:{c.length}:{c.primal}:{c.kickers}" for c in readings
        )
        digest.update(f"{cards} {line}\n".encode())
    return len(sets), digest.hexdigest()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_universe_is_pinned(name: str) -> None:
    assert universe_digest(PRESETS[name]) == PINNED[name]


def test_rlcard_universe_size_matches_rlcard_action_space() -> None:
    """rlcard 1.2.0 has 27,472 actions, one of which is pass."""
    assert PINNED["rlcard"][0] == 27472 - 1


def test_every_universe_set_classifies_to_its_listed_reading() -> None:
    for rules in PRESETS.values():
        for move in legal_moves(FULL_DECK, rules=rules):
            assert classify(move.cards, rules)[0] == move


@pytest.mark.parametrize("name", sorted(PINNED))
def test_table_and_shape_classifier_agree_on_the_universe(name: str) -> None:
    """The lookup table (built by the generator) and ``readings_of`` (built from the shapes)
    give the same readings, in the same order, for every playable set."""
    rules = PRESETS[name]
    for cards, readings in universe(rules).items():
        assert readings_of(read_hand(cards), rules) == readings, cards


if __name__ == "__main__":
    for preset in sorted(PINNED):
        count, digest = universe_digest(PRESETS[preset])
        print(f'    "{preset}": ({count}, "{digest}"),')
