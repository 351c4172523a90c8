"""One test per rule clause of docs/rules.md (sections 1-4, 8 and 11), named after the clause."""

from __future__ import annotations

from itertools import pairwise

import pytest

from service.rules import (
    DOUZERO,
    OPENSPIEL,
    PRESETS,
    RLCARD,
    STANDARD,
    CardError,
    Combination,
    Kind,
    Reason,
    RuleSet,
    RuleSetError,
    beats,
    best_beating,
    check_play,
    classify,
    get_ruleset,
    legal_moves,
    read_hand,
)

THREE_PLAYER_PRESETS = (STANDARD, RLCARD, DOUZERO, OPENSPIEL)


def kinds(cards: str, rules: RuleSet = STANDARD) -> list[str]:
    return [c.kind.value for c in classify(cards, rules)]


def is_kind(cards: str, kind: str, rules: RuleSet = STANDARD) -> bool:
    return kind in kinds(cards, rules)


def beat(play: str, previous: str, rules: RuleSet = STANDARD) -> bool:
    return beats(Combination.of(play, rules=rules), Combination.of(previous, rules=rules)).beats


# --- Section 1: deck and ranks -----------------------------------------------------------------


def test_s1_rank_order_low_to_high() -> None:
    """docs/rules.md §1: 3 < 4 < ... < A < 2 < B < R."""
    order = "3456789TJQKA2BR"
    for low, high in pairwise(order):
        assert beat(high, low)
        assert not beat(low, high)


def test_s1_deck_has_54_cards() -> None:
    """docs/rules.md §1: 13 ranks x 4 suits plus two jokers."""
    assert sum(read_hand("3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR")) == 54


def test_s1_never_more_than_four_of_a_rank() -> None:
    """docs/rules.md §1: a hand or play never holds more than 4 cards of a rank."""
    with pytest.raises(CardError) as error:
        read_hand("77777")
    assert error.value.problems[0].code == "too_many_of_rank"
    assert error.value.problems[0].position == 4


def test_s1_never_more_than_one_of_each_joker() -> None:
    """docs/rules.md §1: one black and one red joker."""
    with pytest.raises(CardError):
        read_hand("B BJ")
    with pytest.raises(CardError):
        read_hand(["R", "大王"])


def test_counts_given_to_the_engines_hold_every_rank_within_the_deck() -> None:
    """For callers that pass rank counts, not cards (which the reader checks against the deck,
    docs/rules.md §1): one count per rank (3 to 2, then the two jokers), each within the deck
    of the rule set's game (§1; two decks in the four-player game, §9); anything else is a
    ValueError naming the argument and the rank, never an IndexError from an engine."""
    with pytest.raises(ValueError, match=r"^hand: 13 rank counts, not 15"):
        legal_moves((1,) * 13)
    with pytest.raises(ValueError, match=r"^hand: rank 7 counted 5, where the deck holds 4 of it"):
        legal_moves((0, 0, 0, 0, 5) + (0,) * 10)
    with pytest.raises(ValueError, match=r"^hand: rank B counted 2, where the deck holds 1 of it"):
        legal_moves((0,) * 13 + (2, 0))
    with pytest.raises(ValueError, match=r"^hand: rank 3 counted -1"):
        legal_moves((-1,) + (0,) * 14)
    with pytest.raises(ValueError, match=r"^play: 13 rank counts"):
        check_play((1,) * 15, (1,) * 13)
    with pytest.raises(ValueError, match=r"^hand: rank 4 counted 2.0"):
        check_play((1, 2.0) + (0,) * 13, (1,) + (0,) * 14)  # type: ignore[arg-type]
    four_player = get_ruleset("four_player")
    assert legal_moves((8,) + (0,) * 12 + (2, 2), rules=four_player).count() > 0
    with pytest.raises(ValueError, match=r"^hand: rank 3 counted 9, where the deck holds 8 of it"):
        legal_moves((9,) + (0,) * 14, rules=four_player)


def test_s1_suited_card_never_twice() -> None:
    """docs/rules.md §1: when the client sends suited cards, no physical card may appear twice."""
    with pytest.raises(CardError) as error:
        read_hand("S10 H10 ♠10")
    assert error.value.problems[0].code == "duplicate_card"
    assert error.value.problems[0].token == "TS"
    assert read_hand("S10 H10 D10 C10") == read_hand("TTTT")


# --- Section 2: combinations --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("7", "single"),
        ("R", "single"),
        ("99", "pair"),
        ("JJJ", "trio"),
        ("JJJ4", "trio_single"),
        ("JJJ44", "trio_pair"),
        ("34567", "chain"),
        ("334455", "pair_chain"),
        ("333444", "airplane"),
        ("33344457", "airplane_singles"),
        ("3334445577", "airplane_pairs"),
        ("333357", "four_two_singles"),
        ("33335577", "four_two_pairs"),
        ("3333", "bomb"),
        ("BR", "rocket"),
    ],
)
def test_s2_table_examples(cards: str, kind: str) -> None:
    """docs/rules.md §2: every example of the table reads as its kind, and only as it."""
    assert kinds(cards) == [kind]


def test_s2_jokers_cannot_pair() -> None:
    """docs/rules.md §2: jokers cannot pair (B+R is the rocket, never a pair)."""
    assert kinds("BR") == ["rocket"]
    assert not is_kind("BR", "pair")


def test_s2_chain_length_5_to_12() -> None:
    """docs/rules.md §2: a chain has 5..12 consecutive singles, 3 to A."""
    assert kinds("3456") == []
    assert kinds("3456789TJQKA") == ["chain"]
    assert Combination.of("3456789TJQKA").length == 12


def test_s2_chains_use_only_3_to_ace() -> None:
    """docs/rules.md §2: chains use only ranks 3..A (no 2, no jokers)."""
    assert kinds("TJQKA2") == []
    assert kinds("JQKA2") == []
    assert kinds("QQKKAA22") == []
    assert kinds("KKKAAA222") == []
    assert kinds("KKAA22") == []


def test_s2_chain_rank_is_highest_primal_rank() -> None:
    """docs/rules.md §2: a chain's rank is its highest primal rank."""
    assert Combination.of("89TJQ").rank.char == "Q"
    assert Combination.of("33344457").rank.char == "4"


def test_s2_pair_chain_3_to_10_pairs() -> None:
    """docs/rules.md §2: a pair chain has 3..10 pairs (20 cards at most)."""
    assert kinds("3344") == []
    assert kinds("33445566778899TTJJQQ") == ["pair_chain"]


def test_s2_airplane_2_to_6_trios() -> None:
    """docs/rules.md §2: an airplane has 2..6 trios."""
    assert kinds("333") == ["trio"]
    assert kinds("333444555666777888") == ["airplane"]


def test_s2_airplane_singles_2_to_5() -> None:
    """docs/rules.md §2: n consecutive trios + n single kickers, n = 2..5."""
    assert kinds("33344455566677789TJQ") == ["airplane_singles"]
    assert Combination.of("33344455566677789TJQ").length == 5


def test_s2_airplane_pairs_2_to_4() -> None:
    """docs/rules.md §2: n consecutive trios + n pair kickers, n = 2..4."""
    assert kinds("33344455566699TTJJQQ") == ["airplane_pairs"]


def test_s2_kicker_rule_1_never_a_primal_rank() -> None:
    """docs/rules.md §2, kicker rule 1: 333+3 is a bomb, 333444+34 is illegal."""
    assert kinds("3333") == ["bomb"]
    assert kinds("33334444") == []
    assert kinds("33343444") == []


def test_s2_kicker_rule_2_single_kickers_distinct() -> None:
    """docs/rules.md §2, kicker rule 2: 333444+55 and 3333+55 are not single-kicker kinds."""
    assert not is_kind("33344455", "airplane_singles")
    assert not is_kind("333355", "four_two_singles")


def test_s2_kicker_rule_3_pair_kickers_distinct() -> None:
    """docs/rules.md §2, kicker rule 3: 3333+5555 is not four-with-two-pairs."""
    assert kinds("33335555") == []


def test_s2_kicker_rule_4_jokers_never_both_kickers() -> None:
    """docs/rules.md §2, kicker rule 4: 3333+BR is illegal; 333444+2B is legal."""
    assert kinds("3333BR") == []
    assert kinds("3334442B") == ["airplane_singles"]
    assert kinds("333444BR") == []


def test_s2_kicker_rule_5_jokers_never_a_pair_kicker() -> None:
    """docs/rules.md §2, kicker rule 5: the jokers do not form a pair kicker."""
    assert kinds("333BR") == []


def test_s2_primal_cards_decide_rank_kickers_never() -> None:
    """docs/rules.md §2: kickers never decide the rank."""
    assert not beat("333AA", "44455")
    assert beat("44433", "333AA")


# --- Section 3: beating a play ------------------------------------------------------------------


def test_s3_rocket_beats_everything() -> None:
    """docs/rules.md §3: B is the rocket."""
    for previous in ("2", "22", "2222", "3456789TJQKA", "2222"):
        assert beat("BR", previous)


def test_s3_bomb_beats_any_non_bomb() -> None:
    """docs/rules.md §3: B is a bomb and A is neither a bomb nor the rocket."""
    assert beats(Combination.of("3333"), Combination.of("89TJQKA")).reason is Reason.BOMB
    assert beat("3333", "222")
    assert beat("3333", "AAAA2K")


def test_s3_higher_bomb_beats_bomb() -> None:
    """docs/rules.md §3: B is a bomb, A is a bomb, and B's rank is higher."""
    assert beat("4444", "3333")
    assert not beat("3333", "4444")
    assert beats(Combination.of("3333"), Combination.of("3333")).reason is Reason.LOWER_BOMB


def test_s3_an_equal_bomb_does_not_beat_it() -> None:
    """docs/rules.md §3: a bomb beats a bomb only when its rank is higher. Two decks (§9) hold
    two bombs of 3s: the second does not beat the first, for its rank is not higher (not for
    its size, which is the same)."""
    four = get_ruleset("four_player")
    for rules, cards in ((STANDARD, "3333"), (four, "3333"), (four, "33333")):
        verdict = beats(Combination.of(cards, rules=rules), Combination.of(cards, rules=rules))
        assert (verdict.beats, verdict.reason) == (False, Reason.LOWER_BOMB)
        assert verdict.message == "rank 3 is not higher than rank 3"


def test_s3_same_kind_same_size_higher_rank() -> None:
    """docs/rules.md §3: same kind, same number of cards, higher primal rank."""
    assert beat("45678", "34567")
    assert beat("JJJ55", "TTTAA")
    assert not beat("TTT55", "TTT44")


def test_s3_different_length_never_beats() -> None:
    """docs/rules.md §3: 9TJQKA does not beat 34567."""
    verdict = beats(Combination.of("9TJQKA"), Combination.of("34567"))
    assert verdict.reason is Reason.DIFFERENT_LENGTH
    assert not verdict


def test_s3_different_kind_never_beats() -> None:
    """docs/rules.md §3: JJJ44 does not beat 999."""
    assert beats(Combination.of("JJJ44"), Combination.of("999")).reason is Reason.DIFFERENT_KIND


def test_s3_bombs_with_kickers_are_ordinary_kinds() -> None:
    """docs/rules.md §3: four_two_* are not bombs."""
    assert not beat("222234", "34567")
    assert beat("3333", "222234")
    assert not beat("222234", "3333")


def test_s3_nothing_beats_the_rocket() -> None:
    """docs/rules.md §3 (and 11: no bomb answers the rocket)."""
    assert beats(Combination.of("2222"), Combination.of("BR")).reason is Reason.ROCKET_UNBEATABLE
    for rules in THREE_PLAYER_PRESETS:
        assert legal_moves("22223333BR", previous="BR", rules=rules).count() == 0


def test_s3_the_rocket_does_not_beat_itself() -> None:
    """docs/rules.md §3 says the rocket beats any play; a deck has one rocket, so the rocket on the
    rocket can only be asked (``/v1/beats``), and the answer keeps ``beats`` irreflexive:
    nothing beats the rocket, the rocket included (and the nuke likewise, docs/rules.md §9)."""
    rocket = Combination.of("BR")
    assert beats(rocket, rocket).reason is Reason.ROCKET_UNBEATABLE
    nuke = Combination.of("BBRR", rules=get_ruleset("four_player"))
    assert not beats(nuke, nuke).beats


# --- Section 4: ambiguous card sets -------------------------------------------------------------


def test_s4_every_reading_listed_preferred_first() -> None:
    """docs/rules.md §4: 333444555666 under adjacent kicker trios reads three ways."""
    readings = classify("333444555666", DOUZERO)
    assert [(c.kind.value, c.rank.char) for c in readings] == [
        ("airplane", "6"),
        ("airplane_singles", "6"),
        ("airplane_singles", "5"),
    ]


def test_s4_same_rank_pairs_reads_two_ways() -> None:
    """docs/rules.md §4: under same_rank_pairs, 33334444 is four_two_pairs of rank 3 and 4."""
    readings = classify("33334444", STANDARD.derive(same_rank_pairs=True))
    assert [(c.kind.value, c.rank.char) for c in readings] == [
        ("four_two_pairs", "4"),
        ("four_two_pairs", "3"),
    ]


def test_s4_client_may_declare_the_reading() -> None:
    """docs/rules.md §4: a client may declare the intended reading (kind and primal rank)."""
    combo = Combination.of("333444555666", kind="airplane_singles", rank="5", rules=DOUZERO)
    assert (combo.primal, combo.kickers) == ("333444555", "666")
    with pytest.raises(ValueError, match="no reading"):
        Combination.of("333444555666", kind="bomb", rules=DOUZERO)


def test_s4_undeclared_previous_uses_preferred_reading() -> None:
    """docs/rules.md §4: an ambiguous undeclared previous play is read as its preferred reading."""
    moves = legal_moves("444555666777", previous="333444555666", rules=DOUZERO)
    assert [m.kind.value for m in moves] == ["airplane"]


def test_s4_ambiguous_challenger_beats_if_any_reading_does() -> None:
    """docs/rules.md §4: a challenger beats the previous play if any of its readings does."""
    prev = Combination.of("333444555789", rules=DOUZERO)
    assert prev.kind is Kind.AIRPLANE_SINGLES
    check = check_play(read_hand("333444555666"), read_hand("333444555666"), prev, DOUZERO)
    assert check.legal
    assert check.combination is not None
    assert (check.combination.kind, check.combination.rank.char) == (Kind.AIRPLANE_SINGLES, "6")


def test_s4_challenger_none_of_whose_readings_beats_is_judged_in_its_preferred_one() -> None:
    """docs/rules.md §4: a challenger beats when any one of its readings does; when none does,
    the verdict is its preferred reading's (333444555666 on 444555666777: the airplane is not
    higher, rather than an airplane with singles being of another kind)."""
    readings = classify("333444555666", DOUZERO)
    assert [c.kind for c in readings] == [
        Kind.AIRPLANE,
        Kind.AIRPLANE_SINGLES,
        Kind.AIRPLANE_SINGLES,
    ]
    combo, verdict = best_beating(readings, Combination.of("444555666777", rules=DOUZERO))
    assert combo is readings[0]
    assert (verdict.beats, verdict.reason) == (False, Reason.NOT_HIGHER)


def test_s4_preferred_order_rocket_bomb_no_kickers_longest_highest() -> None:
    """docs/rules.md §4: rocket; bomb; without kickers; longest chain; highest primal rank."""
    shuttle = STANDARD.derive(space_shuttle=True, same_rank_pairs=True, kicker_ranks_repeat=True)
    readings = classify("33334444", shuttle)
    assert readings[0].kind is Kind.SPACE_SHUTTLE
    assert [c.rank.char for c in readings[1:]] == ["4", "3"]


# --- Section 8: rule options and presets --------------------------------------------------------


def test_s8_four_with_two_off_removes_four_kinds() -> None:
    """docs/rules.md §8: four_with_two false: no four_two_* kinds (OpenSpiel)."""
    assert kinds("333357", OPENSPIEL) == []
    assert kinds("33335577", OPENSPIEL) == []


def test_s8_kicker_ranks_repeat() -> None:
    """docs/rules.md §8: single kickers may repeat a rank (333444+55, 3333+55)."""
    assert kinds("33344455", RLCARD) == ["airplane_singles"]
    assert kinds("333355", RLCARD) == ["four_two_singles"]


def test_s8_rocket_as_kickers() -> None:
    """docs/rules.md §8: both jokers may be kickers (3333+BR, 333444+BR)."""
    assert kinds("3333BR", DOUZERO) == ["four_two_singles"]
    assert kinds("333444BR", DOUZERO) == ["airplane_singles"]
    assert kinds("3333BR", RLCARD) == []


def test_s8_bomb_in_kickers() -> None:
    """docs/rules.md §8: four of a rank among airplane single kickers (333444555666+7777)."""
    assert "airplane_singles" in kinds("3334445556667777", DOUZERO)
    assert kinds("3334445556667777", RLCARD) == []


def test_s8_bomb_in_kickers_needs_repeats() -> None:
    """docs/rules.md §8: bomb_in_kickers (needs repeats)."""
    with pytest.raises(RuleSetError, match="needs kicker_ranks_repeat"):
        RuleSet(bomb_in_kickers=True)


def test_s8_adjacent_trio_kickers() -> None:
    """docs/rules.md §8: a kicker trio next to the chain (4555666777888999)."""
    assert "airplane_singles" in kinds("4555666777888999", DOUZERO)
    assert kinds("4555666777888999", RLCARD) == []
    assert kinds("333444555999", RLCARD) == ["airplane_singles"]


def test_s8_same_rank_pairs() -> None:
    """docs/rules.md §8: four of a rank count as two pair kickers (3333+5555, 333444+5555)."""
    rules = STANDARD.derive(same_rank_pairs=True)
    assert kinds("33335555", rules) == ["four_two_pairs", "four_two_pairs"]
    assert kinds("3334445555", rules) == ["airplane_pairs"]
    assert kinds("3334445555") == []


def test_s8_four_with_single_and_pair() -> None:
    """docs/rules.md §8: 3333+5 and 3333+55 as their own kinds."""
    assert kinds("33335") == []
    assert kinds("33335", STANDARD.derive(four_with_single=True)) == ["four_single"]
    assert kinds("333355", STANDARD.derive(four_with_pair=True)) == ["four_pair"]


def test_s8_space_shuttle() -> None:
    """docs/rules.md §8: two or more consecutive fours, with or without wings."""
    rules = STANDARD.derive(space_shuttle=True)
    assert kinds("33334444") == []
    assert kinds("33334444", rules) == ["space_shuttle"]
    assert kinds("333344445678", rules) == ["space_shuttle_singles"]
    assert kinds("3333444455667788", rules) == ["space_shuttle_pairs"]
    assert not beat("3333444455556666", "33334444", rules)


def test_s8_every_answer_names_rule_set_and_version() -> None:
    """docs/rules.md §8: every rule set has a name and a version; overrides change the version."""
    for name, rules in PRESETS.items():
        assert (rules.name, rules.version) == (name, "1")
    derived = get_ruleset("standard", kicker_ranks_repeat=True)
    assert derived.name == "standard"
    assert derived.version.startswith("1+")
    assert derived.overrides == ("kicker_ranks_repeat",)


def test_s8_scoring_options_share_the_play_tables() -> None:
    """docs/rules.md §8: bidding, kitty and cap options change no play, so their game model (and the
    tables derived from it) is shared."""
    capped = get_ruleset("standard", multiplier_cap=7, kitty_hidden=True)
    assert capped.version != STANDARD.version
    assert capped.model is STANDARD.model
    assert get_ruleset("standard", kicker_ranks_repeat=True).model is not STANDARD.model


def test_s8_presets_match_the_table() -> None:
    """docs/rules.md §8: the named rule sets' options."""
    table = {
        "standard": (True, False, False, False, False, False),
        "rlcard": (True, True, False, False, False, False),
        "douzero": (True, True, True, True, True, False),
        "openspiel": (False, True, False, False, True, False),
    }
    for name, row in table.items():
        rules = PRESETS[name]
        assert (
            rules.four_with_two,
            rules.kicker_ranks_repeat,
            rules.rocket_as_kickers,
            rules.bomb_in_kickers,
            rules.adjacent_trio_kickers,
            rules.same_rank_pairs,
        ) == row
    assert OPENSPIEL.kicker_rank_max == 3


# --- Section 11: known bugs of the public engines are not reproduced -----------------------------


def test_s11_openspiel_chain_over_a_four() -> None:
    """docs/rules.md §11: a chain whose lowest rank the hand holds four times is offered."""
    assert "34567" in {m.cards for m in legal_moves("33334567", rules=OPENSPIEL)}
    assert "33445566" in {m.cards for m in legal_moves("333344445566", rules=OPENSPIEL)}


def test_s11_douzero_airplane_ranked_by_its_chain() -> None:
    """docs/rules.md §11: 333444555+KKK does not beat 666777888+9TJ."""
    assert not beat("333444555KKK", "6667778889TJ", DOUZERO)


def test_s11_douzero_detector_bugs_not_reproduced() -> None:
    """docs/rules.md §11: 3335556667778 is no combination; no chain over 20 cards."""
    assert kinds("3335556667778", DOUZERO) == []
    assert kinds("33445566778899TTJJQQKK", DOUZERO) == []
    assert kinds("333444555666777888999", DOUZERO) == []
    with pytest.raises(ValueError, match="not a combination"):
        Combination.of("33334444555566667777", rules=DOUZERO)


# --- The sources' readings as options (docs/rules.md §8) -------------------------------------


def test_short_rules_airplane_without_wings() -> None:
    """dou-dizhu-short-rules.txt lists the airplane with no wings, dou-di-zhu-app-rules.txt
    with single wings only: ``no_airplane_singles`` / ``no_airplane_pairs`` drop the kinds."""
    no_singles = get_ruleset("standard", no_airplane_singles=True)
    no_pairs = get_ruleset("standard", no_airplane_pairs=True)
    assert [c.kind.value for c in classify("33344456", no_singles)] == []
    assert [c.kind.value for c in classify("3334445566", no_singles)] == ["airplane_pairs"]
    assert [c.kind.value for c in classify("3334445566", no_pairs)] == []
    assert [c.kind.value for c in classify("33344456", no_pairs)] == ["airplane_singles"]
    assert [c.kind.value for c in classify("333444", no_singles)] == ["airplane"]
    assert "33344456" not in legal_moves("33344456", rules=no_singles)


def test_wikipedia_space_shuttle_with_one_kicker_per_four() -> None:
    """wikipedia-dou-dizhu.txt: the space shuttle "with individual card as kicker": one kicker
    per four under ``shuttle_one_kicker`` (two by default); the kinds carry that text's names."""
    one = get_ruleset("standard", space_shuttle=True, shuttle_one_kicker=True)
    two = get_ruleset("standard", space_shuttle=True)
    assert [c.kind.value for c in classify("3333444456", one)] == ["space_shuttle_singles"]
    assert [c.kind.value for c in classify("3333444456", two)] == []
    assert [c.kind.value for c in classify("333344445678", two)] == ["space_shuttle_singles"]
    assert [c.kind.value for c in classify("333344445566", one)] == ["space_shuttle_pairs"]
    assert Kind.SPACE_SHUTTLE_SINGLES.name_zh == "航天飞机带小翼"
    assert Kind.SPACE_SHUTTLE_PAIRS.name_zh == "航天飞机带大翼"
    with pytest.raises(RuleSetError, match="shuttle_one_kicker needs space_shuttle"):
        get_ruleset("standard", shuttle_one_kicker=True)


def test_wikipedia_four_player_bombs_of_four_and_five_one_class() -> None:
    """wikipedia-dou-dizhu.txt groups 4 and 5 of a kind under "Bomb": under
    ``four_five_bombs_one_class`` they compare by rank (the larger wins at the same rank);
    by default a bomb of 5 beats any bomb of 4 (docs/rules.md §9)."""
    one = get_ruleset("four_player", four_five_bombs_one_class=True)
    four = get_ruleset("four_player")
    assert beats(Combination.of("33333", rules=four), Combination.of("AAAA", rules=four))
    assert not beats(Combination.of("33333", rules=one), Combination.of("AAAA", rules=one))
    assert beats(Combination.of("44444", rules=one), Combination.of("4444", rules=one))
    assert beats(Combination.of("666666", rules=one), Combination.of("AAAAA", rules=one))
    with pytest.raises(RuleSetError, match="needs game four_player"):
        get_ruleset("standard", four_five_bombs_one_class=True)
