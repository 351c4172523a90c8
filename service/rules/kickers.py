"""Kicker legality (docs/rules.md §2, options of §8): the one place judging a combination's kickers.

Kickers never share a rank with primal cards (rule 1). Single kickers have distinct ranks
unless ``ranks_repeat`` (then at most ``rank_max`` of a rank, or all four among an airplane's
under ``bomb``), and the jokers are not both kickers unless ``rocket`` (rules 2 and 4); a
kicker trio next to an airplane's chain only under ``adjacent_trios``. Pair kickers have
distinct ranks unless ``same_rank_pairs``, and jokers never pair unless ``joker_pairs``
(rules 3 and 5). Both engines read these functions; the fast path tables them.

>>> from .model import THREE_PLAYER_FORMS, KickerRules
>>> airplane = THREE_PLAYER_FORMS[8]
>>> caps = single_caps(KickerRules(), airplane, 0, 2)  # 333444 + two single kickers
>>> caps[:4], singles_ok((0, 0, 1, 1) + (0,) * 11, caps, KickerRules())
([0, 0, 1, 1], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import count
from typing import Final

from .cards import Counts
from .model import ACE, BLACK, RED, TWO, Form, KickerRules


def judging(form: Form, kicker_rules: KickerRules) -> KickerRules:
    """The kicker rules as they judge ``form``'s kickers: ``kicker_rules`` with each field this
    module never reads for them at its default. Single kickers are judged by whether ranks
    repeat (and how often), the rocket and the bomb (``single_caps``, ``singles_ok``), an
    airplane's by the adjacent trios too; pair kickers by the same-rank pairs and the jokers'
    pairs (``pair_caps``, ``pairs_ok``); a form without kickers by nothing. Tables of a form's
    kickers are shared by rule sets whose kicker rules judge it alike, keyed by the answer's
    number (``judging_number``).

    One object for each distinct answer (``_JUDGED``), found by the form and the kicker
    rules' number (``_JUDGING``).

    >>> from .model import THREE_PLAYER_FORMS
    >>> rules = KickerRules(ranks_repeat=True, same_rank_pairs=True)
    >>> judged = judging(THREE_PLAYER_FORMS[4], rules)  # trio_pair
    >>> judged == KickerRules(same_rank_pairs=True), judged is judging(THREE_PLAYER_FORMS[4], rules)
    (True, True)
    """
    return _judged(form, kicker_rules)[0]


def judging_number(form: Form, kicker_rules: KickerRules, number: int = -1) -> int:
    """A number naming ``judging``'s answer: equal for equal answers, and for no other. A
    table keyed by it hashes an int, where a ``KickerRules`` (a frozen dataclass) hashes
    its fields, and compares them, in Python. Given ``number``, the kicker rules' own
    number (``rules_number(kicker_rules)``, which a caller keeps per game), it hashes no
    ``KickerRules`` at all.

    >>> from .model import THREE_PLAYER_FORMS
    >>> trio_pair, single = THREE_PLAYER_FORMS[4], THREE_PLAYER_FORMS[0]
    >>> judging_number(trio_pair, KickerRules(same_rank_pairs=True, ranks_repeat=True)) == (
    ...     judging_number(trio_pair, KickerRules(same_rank_pairs=True)))
    True
    >>> judging_number(trio_pair, KickerRules()), judging_number(single, KickerRules(bomb=True))
    (0, 0)
    """
    return _judged(form, kicker_rules, number)[1]


def rules_number(kicker_rules: KickerRules) -> int:
    """A number naming kicker rules: equal for equal rules, and for no other (``_RULES``).

    >>> rules_number(KickerRules(rocket=True)) == rules_number(KickerRules(rocket=True))
    True
    >>> rules_number(KickerRules()) == rules_number(KickerRules(rocket=True))
    False
    """
    found = _RULES.get(kicker_rules)
    if found is None:  # numbered by a counter: a thread may run between len() and the insert
        found = _RULES.setdefault(kicker_rules, next(_COUNTED))
    return found


def _judged(form: Form, kicker_rules: KickerRules, number: int = -1) -> tuple[KickerRules, int]:
    """``judging``'s answer and its number (``_JUDGED``), kept by the form and the kicker
    rules' number (``number``, or ``rules_number``'s)."""
    if not form.kickers:
        return _PLAIN_JUDGED
    key = (form, number if number >= 0 else rules_number(kicker_rules))
    found = _JUDGING.get(key)
    if found is None:
        names: tuple[str, ...]
        if form.kicker_width == 2:
            names = _PAIR_FIELDS
        else:
            airplane = form.chain and form.width == 3
            names = _SINGLE_FIELDS if airplane else _SINGLE_FIELDS[:-1]
        judged = KickerRules(**{name: getattr(kicker_rules, name) for name in names})
        found = _JUDGED.get(judged)
        if found is None:  # as in rules_number; the first thread's answer is the one kept
            found = _JUDGED.setdefault(judged, (judged, next(_COUNTED)))
        if len(_JUDGING) >= _JUDGING_KEPT:
            _JUDGING.clear()
        _JUDGING[key] = found
    return found


_JUDGING: Final[dict[tuple[Form, int], tuple[KickerRules, int]]] = {}
"""``_judged``'s answers by form and the kicker rules' number (``rules_number``)."""
_JUDGING_KEPT: Final = 4096
"""How many answers ``_JUDGING`` keeps (the forms of every game under a few hundred kicker
rules): then it starts again."""
_RULES: Final[dict[KickerRules, int]] = {}
"""A number for each distinct kicker rules met, in the order met: never forgotten, so that a
number names one rules (the options give at most 256: seven switches, two rank maxima)."""
_COUNTED: Final = count(1)
"""The numbers of ``_RULES`` and ``_JUDGED`` (0 is the plain answer's): a counter, so that
two threads never take one number (hashing a ``KickerRules`` runs Python code, where another
thread may run)."""


_PLAIN: Final = KickerRules()
_PLAIN_JUDGED: Final = (_PLAIN, 0)
_JUDGED: Final[dict[KickerRules, tuple[KickerRules, int]]] = {_PLAIN: _PLAIN_JUDGED}
"""Each distinct answer of ``judging``, once, with its number in the order met (at most the
kicker rules' few hundred combinations: never forgotten, so a number names one answer)."""
_SINGLE_FIELDS: Final[tuple[str, ...]] = (
    "ranks_repeat",
    "rank_max",
    "rocket",
    "bomb",
    "adjacent_trios",
)
"""The fields that judge single kickers (the last an airplane's only)."""
_PAIR_FIELDS: Final[tuple[str, ...]] = ("same_rank_pairs", "joker_pairs", "joker_pair_kickers")
"""The fields that judge pair kickers."""


def single_caps(kicker_rules: KickerRules, form: Form, start: int, length: int) -> list[int]:
    """How many single kicker cards of each rank a combination may carry at this position.

    Primal ranks are 0 (rule 1); other ranks 1, or ``rank_max`` under repeats, or 4 for an
    airplane under ``bomb`` (docs/rules.md §8 names airplanes only); a kicker trio next to an
    airplane's chain only under ``adjacent_trios``.

    >>> from .model import THREE_PLAYER_FORMS
    >>> single_caps(KickerRules(ranks_repeat=True), THREE_PLAYER_FORMS[3], 0, 1)[:3]
    [0, 3, 3]
    """
    caps = open_caps(kicker_rules, form)
    for r in range(start, start + length):
        caps[r] = 0
    if form.chain and form.width == 3 and not kicker_rules.adjacent_trios:
        for r in (start - 1, start + length):
            if 0 <= r <= ACE:
                caps[r] = min(caps[r], 2)
    return caps


def open_caps(kicker_rules: KickerRules, form: Form) -> list[int]:
    """``single_caps`` where the position restricts no rank: what a rank apart from the chain
    and its neighbours may give (a new list).

    >>> from .model import THREE_PLAYER_FORMS
    >>> open_caps(KickerRules(), THREE_PLAYER_FORMS[3])[-3:]
    [1, 1, 1]
    """
    airplane = form.chain and form.width == 3
    most = kicker_rules.repeat if airplane or not kicker_rules.bomb else kicker_rules.rank_max
    return [most] * TWO + [most, 1, 1]


def pair_caps(kicker_rules: KickerRules, start: int, length: int) -> list[int]:
    """How many pair kickers of each rank a combination may carry at this position.

    >>> pair_caps(KickerRules(same_rank_pairs=True), 0, 1)[:3], pair_caps(KickerRules(), 0, 1)[-2:]
    ([0, 2, 2], [0, 0])
    """
    most = 2 if kicker_rules.same_rank_pairs else 1
    caps = [most] * (TWO + 1) + [most if kicker_rules.joker_pairs else 0] * 2
    for r in range(start, start + length):
        caps[r] = 0
    return caps


def jokers_split(black: object, red: object, allowed: bool) -> bool:
    """Whether kickers hold a black and a red joker where the rules keep them apart (rule 4:
    ``rocket`` lets both be single kickers, ``joker_pair_kickers`` both pair kickers).

    >>> jokers_split(1, 1, KickerRules().rocket), jokers_split(1, 0, False)
    (True, False)
    """
    return bool(black and red) and not allowed


def has_kicker_gap(kick: Sequence[int], kicker_rules: KickerRules) -> bool:
    """Whether some rank is held more than ``rank_max`` times but fewer than four, where only
    ``bomb`` lets a rank be held beyond ``rank_max`` (then all four of it).

    >>> has_kicker_gap([3], KickerRules(ranks_repeat=True, rank_max=2, bomb=True))
    True
    """
    limit = kicker_rules.rank_max
    return kicker_rules.bomb and limit < 3 and any(limit < k < 4 for k in kick)


def singles_ok(kick: Counts, caps: Sequence[int], kicker_rules: KickerRules) -> bool:
    """Whether these kicker counts are a legal set of single kickers under ``caps``.

    >>> singles_ok((0,) * 13 + (1, 1), [1] * 15, KickerRules())
    False
    """
    if jokers_split(kick[BLACK], kick[RED], kicker_rules.rocket):
        return False
    # zip without strict=: compiled, a C loop (docs/maintaining.md, item 11)
    if not all(k <= c for k, c in zip(kick, caps)):  # noqa: B905
        return False
    return not has_kicker_gap(kick, kicker_rules)


def pairs_ok(kick: Counts, caps: Sequence[int], kicker_rules: KickerRules) -> bool:
    """Whether these kicker counts split into legal pair kickers under ``caps``: a black and a
    red joker pair both only where the game allows it (``joker_pair_kickers``).

    >>> plain = KickerRules()
    >>> pairs_ok((0, 2, 2) + (0,) * 12, [0] + [1] * 14, plain)
    True
    >>> pairs_ok((0, 4) + (0,) * 13, [1] * 15, plain)
    False
    >>> pairs_ok((0,) * 13 + (2, 2), [1] * 15, KickerRules(joker_pairs=True))
    False
    """
    if jokers_split(kick[BLACK], kick[RED], kicker_rules.joker_pair_kickers):
        return False
    # zip without strict=: compiled, a C loop (docs/maintaining.md, item 11)
    return all(k % 2 == 0 and k <= 2 * c for k, c in zip(kick, caps))  # noqa: B905


def kickers_ok(
    kick: Counts, form: Form, start: int, length: int, kicker_rules: KickerRules
) -> bool:
    """Whether what is left of a card set after a form's primal cards is its legal kickers.

    >>> from .model import THREE_PLAYER_FORMS
    >>> kickers_ok((0,) * 13 + (1, 1), THREE_PLAYER_FORMS[10], 0, 1, KickerRules())
    False
    """
    if form.kickers == 0:
        return not any(kick)
    if form.kicker_width == 1:
        return singles_ok(kick, single_caps(kicker_rules, form, start, length), kicker_rules)
    return pairs_ok(kick, pair_caps(kicker_rules, start, length), kicker_rules)


def choose_ranks(ranks: Sequence[int], caps: list[int], k: int) -> list[tuple[int, ...]]:
    """Every ascending choice of ``k`` items from ``ranks``, taking rank i at most caps[i] times,
    in ascending order, each made once (not every choice of the cards, then the equal ones
    dropped: a chain's kickers from ranks held twice or thrice repeat many).

    >>> choose_ranks([3, 4, 5], [2, 1, 1], 2)
    [(3, 3), (3, 4), (3, 5), (4, 5)]
    """
    if k == 1:  # the one-kicker forms' case: each rank that may give one
        return [(r,) for r, cap in zip(ranks, caps, strict=True) if cap]
    room = [0] * (len(caps) + 1)  # what the ranks from i on may give
    for i in range(len(caps) - 1, -1, -1):
        room[i] = room[i + 1] + caps[i]
    found: list[tuple[int, ...]] = []
    _choose(ranks, list(caps), room, k, 0, [], found)
    return found


def _choose(  # noqa: PLR0917 - the state of one walk of choose_ranks
    ranks: Sequence[int],
    left: list[int],
    room: list[int],
    k: int,
    first: int,
    chosen: list[int],
    found: list[tuple[int, ...]],
) -> None:
    """Add to ``found`` each choice of ``k`` more items from ``ranks[first:]`` after ``chosen``
    (``left[i]`` still of rank i), lowest first."""
    if not k:
        found.append(tuple(chosen))
        return
    for i in range(first, len(ranks)):
        if left[i] + room[i + 1] < k:  # too few left from rank i on
            break
        if left[i]:
            left[i] = left[i] - 1
            chosen.append(ranks[i])
            _choose(ranks, left, room, k - 1, i, chosen, found)
            chosen.pop()
            left[i] = left[i] + 1


def single_kicker_sets(
    hand: Counts, form: Form, start: int, length: int, kicker_rules: KickerRules
) -> list[tuple[int, ...]]:
    """Every legal set of single kickers (ascending ranks, one per card) that ``hand`` gives a
    combination of ``form`` at this position.

    >>> from .model import THREE_PLAYER_FORMS
    >>> single_kicker_sets((3, 1, 1) + (0,) * 12, THREE_PLAYER_FORMS[3], 0, 1, KickerRules())
    [(1,), (2,)]
    """
    caps = single_caps(kicker_rules, form, start, length)
    ranks = [r for r, n in enumerate(hand) if n and caps[r]]
    held = [min(hand[r], caps[r]) for r in ranks]
    found = choose_ranks(ranks, held, form.kickers * length)
    screen = kicker_screen(kicker_rules, hand)
    return found if screen is None else list(filter(screen, found))


def pair_kicker_sets(
    hand: Counts, form: Form, start: int, length: int, kicker_rules: KickerRules
) -> list[tuple[int, ...]]:
    """Every legal set of pair kickers (ascending ranks, one per pair) that ``hand`` gives a
    combination of ``form`` at this position.

    >>> from .model import THREE_PLAYER_FORMS
    >>> pair_kicker_sets((3, 2, 2) + (0,) * 12, THREE_PLAYER_FORMS[4], 0, 1, KickerRules())
    [(1,), (2,)]
    """
    caps = pair_caps(kicker_rules, start, length)
    ranks = [r for r, n in enumerate(hand) if n > 1 and caps[r]]
    held = [min(hand[r] // 2, caps[r]) for r in ranks]
    found = choose_ranks(ranks, held, form.kickers * length)
    allowed = kicker_rules.joker_pair_kickers
    return [kick for kick in found if not jokers_split(BLACK in kick, RED in kick, allowed)]


def _whole_set_ok(kickers: tuple[int, ...], kicker_rules: KickerRules) -> bool:
    """Whether a set of single kickers (ascending ranks) is allowed as a whole: not the two
    jokers where they split, no count ``has_kicker_gap`` forbids (caps judged the ranks)."""
    if jokers_split(BLACK in kickers, RED in kickers, kicker_rules.rocket):
        return False
    return not has_kicker_gap([kickers.count(r) for r in set(kickers)], kicker_rules)


def kicker_screen(
    kicker_rules: KickerRules, hand: Counts
) -> Callable[[tuple[int, ...]], bool] | None:
    """Whether a whole set of single kickers (ascending ranks) that ``hand`` gives is allowed,
    or None where every such set is (the fast path screens its kicker sets with it).

    >>> kicker_screen(KickerRules(), (1,) * 13 + (0, 1)) is None
    True
    >>> kicker_screen(KickerRules(), (1,) * 15)((3, 13, 14))
    False
    """
    rocket = jokers_split(hand[BLACK], hand[RED], kicker_rules.rocket)
    gap = kicker_rules.bomb and kicker_rules.rank_max < 3
    if not (rocket or gap):
        return None
    if not gap:  # only the jokers to keep apart: ``_whole_set_ok`` without the counts
        return _jokers_apart
    return partial(_whole_set_ok, kicker_rules=kicker_rules)


def _jokers_apart(kickers: tuple[int, ...]) -> bool:
    """Whether a set of single kickers leaves out a black or a red joker (rule 4)."""
    return not (BLACK in kickers and RED in kickers)
