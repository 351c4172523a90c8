"""The whole universe of plays per preset, classified, pinned by one digest each.

The universe is every distinct card set that some hand can play under the rule set (the leads
of the full 54-card deck). Every reading of every such set is written out and hashed, so any
change to classification, kicker rules or preference order changes a digest.
To re-pin after a deliberate rule change: ``python -m tests.test_universe``.

The pins are printed by the code under test; ``test_pinned_universe_is_the_references``
recounts each universe, and rebuilds its digest, from the tests' independent references alone
(``tests/reference.py``, ``tests/variant_reference.py``, with the presets' options of
``tests/common.py``).
"""

from __future__ import annotations

import hashlib

import pytest

from service.rules import PRESETS, RuleSet, classify, legal_moves

FULL_DECK = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR"

PINNED = {
    "big_three": (171, "71f918f82b4c5c347c928f884f3c742f25281a0e69a550d6272f370fd7bc7d63"),
    "four_player": (9079, "2bf29168a9bfbc389b244f2c5c8d457a19552f56aa68d814b9779e43c2060db5"),
    "douzero": (29984, "faef28db65f14abefe31e5a1026fe1fc1a690208c644fd5e42d88b5278e5ecc9"),
    "openspiel": (25661, "a3111886ebcb1cf0fb88f16c5f538b8c04d3e04d360e47e97fb5270fefdaa772"),
    "rlcard": (27471, "546eb6f09306f64fb294c23d274f1009b5cbd948ada23714c49f9d84cda2835d"),
    "standard": (12654, "707ab0b34845486b198b72d7eae0914715b65d8114ead1b64311bbc0ad2860a2"),
}


def universe_digest(rules: RuleSet) -> tuple[int, str]:
    """The number of playable card sets and the digest of all their readings."""
    digest = hashlib.sha256()
    sets = sorted({m.cards for m in legal_moves(rules.table.full_deck, rules=rules)})
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


def reference_universe_digest(name: str) -> tuple[int, str]:
    """``universe_digest`` of a preset from the references alone: every play of the deck that
    the reference lists (from candidates: primal blocks with their kickers), each reading with
    its primal cards and kickers, in the reference's order of preference (docs/rules.md §4)."""
    # Imported here: ``python -m tests.test_universe`` (the re-pin) has no tests/ on its path.
    import reference
    import variant_reference
    from common import PRESET_OPTIONS, RANK_CHARS, text_from_counts

    if name in variant_reference.GAMES:
        table = variant_reference.universe(name)

        def in_order(readings):
            return variant_reference.readings_in_order(readings, name)

        primal_part = variant_reference.primal_part
    else:
        table = reference.universe(PRESET_OPTIONS[name])
        in_order = reference.readings_in_order
        primal_part = reference.primal_part
    digest = hashlib.sha256()
    for counts in sorted(table, key=text_from_counts):
        parts = []
        for reading in in_order(table[counts]):
            kind, rank, length = reading
            primal = primal_part(reading, counts)
            kickers = [held - used for held, used in zip(counts, primal, strict=True)]
            parts.append(
                f"{kind}:{RANK_CHARS[rank]}:{length}:"
                f"{text_from_counts(primal)}:{text_from_counts(kickers)}"
            )
        digest.update(f"{text_from_counts(counts)} {' '.join(parts)}\n".encode())
    return len(table), digest.hexdigest()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_pinned_universe_is_the_references(name: str) -> None:
    """The pinned count and digest, printed by the code under test, are what the independent
    references count and read: every playable set, every reading, in the same order."""
    assert reference_universe_digest(name) == PINNED[name]


def test_variant_universe_sizes_match_a_count_by_hand() -> None:
    """docs/rules.md §9 and 10: the universes counted kind by kind, by hand.

    big_three: 13 singles, pairs, trios and quads; runs within 4..K (10 ranks) of lengths
    3..10: 36; runs of pairs 36; runs of trios (3..6) 26; runs of quads (3..5) 21.
    four_player: 15 singles (jokers too); 15 pairs (BB, RR under joker_pairs); 13 trios;
    13 x 14 trios with a pair; chains 36; pair chains (3..12) 55; airplanes (2..11) 65;
    airplanes with n = 2..6 pairs chosen among the 15 - n pair ranks outside the chain;
    13 x 5 bombs (4, 5, 6, 7, 8 of a kind); the nuke.
    """
    from math import comb

    assert PINNED["big_three"][0] == 4 * 13 + 36 + 36 + 26 + 21
    wings = sum((13 - n) * comb(15 - n, n) for n in range(2, 7))
    assert PINNED["four_player"][0] == 15 + 15 + 13 + 13 * 14 + 36 + 55 + 65 + wings + 65 + 1


def test_rlcard_universe_size_matches_rlcard_action_space() -> None:
    """rlcard 1.2.0 has 27,472 actions, one of which is pass."""
    assert PINNED["rlcard"][0] == 27472 - 1


def test_every_universe_set_classifies_to_its_listed_reading() -> None:
    for rules in PRESETS.values():
        if rules.model.wilds is not None:
            continue  # a wildcard game has no universe: its plays are read from the forms
        for move in legal_moves(rules.table.full_deck, rules=rules):
            assert classify(move.cards, rules)[0] == move


if __name__ == "__main__":
    for preset in sorted(PINNED):
        count, digest = universe_digest(PRESETS[preset])
        print(f'    "{preset}": ({count}, "{digest}"),')
