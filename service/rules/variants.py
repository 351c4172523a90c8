"""The other games' plays: four-player Dou Dizhu (RULES.md 9) and Big Three (RULES.md 10).

Both read one table of forms per rule set. A form is a kind with ``width`` cards of each
primal rank, a chain of ``min_len`` to ``max_len`` consecutive ranks within ``low..high``
(one rank for kinds that are not chains), and, for the four-player kinds with wings, one pair
kicker per primal rank. Classification (``variant_readings``) and move generation
(``variant_moves``) both work from it; the three-player game keeps its own, faster tables
(``service.rules.generate``). Decisions where the sources are silent are in the presets'
descriptions (``service.rules.ruleset``) and the README.

>>> from service.rules import BIG_THREE, FOUR_PLAYER, read_play
>>> [c.kind.value for c in variant_readings(read_play("33333", FOUR_PLAYER), FOUR_PLAYER)]
['bomb']
>>> [c.cards for c in variant_moves(read_play("2333", BIG_THREE), BIG_THREE, None, None)]
['2', '3', '33', '333']
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass

from .cards import NUM_RANKS, RANK_CHARS, Counts, Rank, format_counts
from .combos import (
    ACE,
    BLACK,
    RED,
    TWO,
    Combination,
    beats,
    choose_ranks,
    interned,
    preference,
)
from .kinds import BOMB_KINDS, GAME_KINDS, KIND_ORDER, TOP_KINDS, Kind
from .ruleset import Game, RuleSet

FOUR = int(Rank.FOUR)
KING = int(Rank.KING)


@dataclass(frozen=True, slots=True)
class Form:
    """How one kind (or one size of bomb) is built in a game."""

    kind: Kind
    width: int
    min_len: int = 1
    max_len: int = 1
    low: int = 0
    high: int = TWO
    wings: bool = False
    """One pair kicker per primal rank (``trio_pair``, ``airplane_pairs``)."""

    def size(self, length: int) -> int:
        """How many cards a combination of this form holds at a chain length."""
        return length * (self.width + 2 * self.wings)

    def lengths(self) -> range:
        """The chain lengths of this form."""
        return range(self.min_len, self.max_len + 1)


def _four_player(rules: RuleSet) -> tuple[Form, ...]:
    """RULES.md section 9: no single kickers, bombs of 4 to 8, chain lengths up to 33 cards."""
    return (
        Form(Kind.SINGLE, 1, high=RED),
        Form(Kind.PAIR, 2, high=RED if rules.joker_pairs else TWO),
        Form(Kind.TRIO, 3),
        Form(Kind.TRIO_PAIR, 3, wings=True),
        Form(Kind.CHAIN, 1, 5, 12, high=ACE),
        Form(Kind.PAIR_CHAIN, 2, 3, 12, high=ACE),
        Form(Kind.AIRPLANE, 3, 2, 11, high=ACE),
        Form(Kind.AIRPLANE_PAIRS, 3, 2, 6, high=ACE, wings=True),
        Form(Kind.BOMB, 4),
        Form(Kind.BOMB, 5),
        Form(Kind.SIX_ROCKET, 6),
        Form(Kind.MISSILE, 7),
        Form(Kind.SKY_EXPLOSION, 8),
        Form(Kind.NUKE, 2, 2, 2, low=BLACK, high=RED),
    )


def _big_three(rules: RuleSet) -> tuple[Form, ...]:
    """RULES.md section 10: no kickers, no bombs, runs within 4..K of 20 cards at most."""
    return (
        Form(Kind.SINGLE, 1),
        Form(Kind.PAIR, 2),
        Form(Kind.TRIO, 3),
        Form(Kind.QUAD, 4),
        Form(Kind.RUN, 1, 3, 10, FOUR, KING),
        Form(Kind.PAIR_RUN, 2, 3, 10, FOUR, KING),
        Form(Kind.TRIO_RUN, 3, 3, 6, FOUR, KING),
        Form(Kind.QUAD_RUN, 4, 3, 5, FOUR, KING),
    )


def forms(rules: RuleSet) -> tuple[Form, ...]:
    """The forms of a rule set's game (built once per play options)."""
    built: tuple[Form, ...] | None = rules.memo.get("forms")
    if built is None:
        build = _four_player if rules.game is Game.FOUR_PLAYER else _big_three
        built = rules.memo["forms"] = build(rules)
        assert tuple(dict.fromkeys(f.kind for f in built)) == GAME_KINDS[rules.game.value]
    return built


def power(game: Game, rank: int) -> int:
    """A rank's place in the game's order: its index, but in Big Three 3 is above 2."""
    return (rank - 1) % 13 if game is Game.BIG_THREE and rank <= TWO else rank


def _make(
    game: Game, form: Form, start: int, length: int, pairs: tuple[int, ...] = ()
) -> Combination:
    """The combination of ``form`` whose chain starts at ``start``, with pair kickers
    ``pairs`` (one entry per pair, ascending); interned."""
    return interned(
        (game, form.kind, start, length, form.width, pairs),
        lambda: _build(game, form, start, length, pairs),
    )


def _build(game: Game, form: Form, start: int, length: int, pairs: tuple[int, ...]) -> Combination:
    top = start + length - 1
    counts = [0] * NUM_RANKS
    for r in pairs:
        counts[r] += 2
    kickers = format_counts(tuple(counts))
    for r in range(start, top + 1):
        counts[r] += form.width
    primal = "".join(RANK_CHARS[r] * form.width for r in range(start, top + 1))
    chain = 1 if form.kind is Kind.NUKE else length
    strength = power(game, top)
    order = (KIND_ORDER[form.kind], strength, form.width * length, pairs)
    cards = format_counts(tuple(counts))
    return Combination(form.kind, Rank(top), chain, cards, primal, kickers, order, strength)


def _chains(form: Form, counts: Counts, total: int | None = None) -> Iterator[tuple[int, range]]:
    """Every chain of ``form`` (length, ranks) that ``counts`` holds, of ``total`` cards if
    given (kickers included)."""
    for length in form.lengths():
        if total is not None and form.size(length) != total:
            continue
        for start in range(form.low, form.high - length + 2):
            chain = range(start, start + length)
            if all(counts[r] >= form.width for r in chain):
                yield length, chain


def _pair_ranks(rules: RuleSet) -> range:
    """The ranks that may form a pair (kicker): 3..2, and the jokers under ``joker_pairs``."""
    return range(RED + 1 if rules.joker_pairs else TWO + 1)


def variant_readings(counts: Counts, rules: RuleSet) -> tuple[Combination, ...]:
    """Every reading of some rank counts in a four-player or Big Three rule set, preferred
    first (RULES.md section 4's order)."""
    found: list[Combination] = []
    for form in forms(rules):
        for length, chain in _chains(form, counts, sum(counts)):
            rest = list(counts)
            for r in chain:
                rest[r] -= form.width
            pairs = _exact_pairs(rest, chain, rules) if form.wings else ()
            if pairs is not None and (form.wings or not any(rest)):
                found.append(_make(rules.game, form, chain.start, length, pairs))
    return tuple(sorted(found, key=preference))


def _exact_pairs(rest: list[int], chain: range, rules: RuleSet) -> tuple[int, ...] | None:
    """The pair kickers that ``rest`` splits into, one entry per pair, or None if it cannot
    (pairs of distinct ranks outside the chain; two of a rank under ``same_rank_pairs``)."""
    most = 4 if rules.same_rank_pairs else 2
    allowed = _pair_ranks(rules)
    pairs: list[int] = []
    for r, n in enumerate(rest):
        if n and (n % 2 or n > most or r in chain or r not in allowed):
            return None
        pairs += [r] * (n // 2)
    return tuple(pairs)


def variant_moves(
    hand: Counts, rules: RuleSet, previous: Combination | None, kinds: Collection[Kind] | None
) -> list[Combination]:
    """Every lead of ``hand``, or every answer to ``previous``, once per card set (its
    preferred reading among those that qualify), in listing order: kind, rank, size, kickers."""
    if previous is not None and previous.kind in TOP_KINDS:
        return []
    found: list[Combination] = []
    for form in forms(rules):
        if kinds is not None and form.kind not in kinds:
            continue
        if previous is not None and not (
            form.kind is previous.kind or form.kind in BOMB_KINDS or form.kind in TOP_KINDS
        ):
            continue
        found += _form_moves(form, hand, rules)
    if previous is not None:
        found = [c for c in found if beats(c, previous)]
    best: dict[str, Combination] = {}
    for combo in found:
        other = best.setdefault(combo.cards, combo)
        if preference(combo) < preference(other):
            best[combo.cards] = combo
    return sorted(best.values(), key=lambda c: c.order)


def _form_moves(form: Form, hand: Counts, rules: RuleSet) -> list[Combination]:
    found: list[Combination] = []
    most = 2 if rules.same_rank_pairs else 1
    for length, chain in _chains(form, hand):
        if not form.wings:
            found.append(_make(rules.game, form, chain.start, length))
            continue
        ranks = [r for r in _pair_ranks(rules) if r not in chain and hand[r] >= 2]
        caps = [min(hand[r] // 2, most) for r in ranks]
        for pairs in choose_ranks(ranks, caps, length):
            found.append(_make(rules.game, form, chain.start, length, pairs))
    return found


__all__ = ["Form", "forms", "power", "variant_moves", "variant_readings"]
