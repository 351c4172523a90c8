"""The benchmark (``python -m bench``) runs: every workload on a few inputs, the table, the JSON.

Nothing here asserts a speed; figures come from ``python -m bench`` (see BENCHMARKS.md).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import engines, openspiel, probes, runner, workloads
from service.rules import OPENSPIEL, get_ruleset, legal_moves, universe


@pytest.fixture(scope="module")
def results() -> dict[str, object]:
    return runner.run(runner.Config.tiny(), log=lambda _text: None)


def test_every_workload_runs_on_a_few_inputs(results: dict[str, object]) -> None:
    work = results["workloads"]
    assert isinstance(work, dict)
    assert set(work) == {"classify", "leads", "responses", "worst_hand", "openspiel"}
    for key in ("leads", "responses", "worst_hand"):
        block = work[key]
        assert set(block["engines"]) == {
            "ours[standard]",
            "ours[rlcard]",
            "ours[douzero]",
            "reference[douzero]",
            "rlcard",
            "douzero",
        }
        assert all(r["median"] > 0 for r in block["ratios"])
    # The worst hand's known figures, from each engine.
    moves = work["worst_hand"]["moves_per_call"]
    assert moves["ours[standard]"] == 497
    assert moves["ours[rlcard]"] == moves["rlcard"] == 519
    assert moves["reference[douzero]"] == moves["ours[douzero]"] == 519
    assert work["classify"]["not_in_rlcard_table"] == 0
    assert work["classify"]["not_a_combination_for_us"] == 0
    assert {t["target"] for t in results["targets"]}  # type: ignore[attr-defined]


def _needs_openspiel() -> None:
    reason = openspiel.available()
    if reason is not None:
        pytest.skip(f"OpenSpiel's workload not run: {reason}")


def test_openspiel_workload_runs_on_a_few_inputs(results: dict[str, object]) -> None:
    _needs_openspiel()
    work = results["workloads"]
    assert isinstance(work, dict)
    found = work["openspiel"]
    assert set(found) == {"leads", "responses", "worst_hand"}
    for block in found.values():
        for part in ("legal_actions", "built"):
            assert set(block[part]["engines"]) == {"ours[openspiel]", "openspiel"}
            assert block[part]["ratio"]["median"] > 0
        assert block["built_agrees_with_prepared"]
        assert block["unexplained"] == []  # counts differ only for the known reasons
        assert set(block["differences"]) <= {"chain from a four", "bomb on the rocket"}
    assert found["worst_hand"]["moves_per_call"] == {"ours[openspiel]": 519, "openspiel": 519}
    assert found["responses"]["inputs"] == 3  # every tiny pair has a play OpenSpiel has
    assert "OpenSpiel's C++ engine" in runner.render(results)  # type: ignore[arg-type]
    assert results["goals"]  # type: ignore[index]


def test_openspiel_states_hold_the_hands() -> None:
    """A lead: the landlord holds the 20-card hand after the bid; a response: player 1 holds
    the 17-card hand facing the landlord's lead. Built and prepared states give the same
    actions, and the two engines' moves differ only where OpenSpiel's rules do."""
    _needs_openspiel()
    hand = "33334567899TTJJQQKK2"  # 34567 is led from a rank held four times
    state = openspiel.prepared_lead(hand)
    actions = state.legal_actions()
    assert openspiel.leads_built()(hand) == actions == openspiel.leads_prepared()(hand, state)
    assert openspiel.PASS not in actions  # the leader may not pass
    theirs = openspiel.card_sets(actions)
    assert "3333" in theirs and "34567" not in theirs and "45678" in theirs
    ours = openspiel.card_sets(legal_moves(hand, rules=OPENSPIEL).moves)
    from_four = ["3456789TJQK"[:n] for n in range(5, 12)]  # chains from the four 3s
    assert ours - theirs == set(from_four) and theirs <= ours
    assert openspiel.differences(hand, None) == {
        "chain from a four": [f"ours only: {c}" for c in from_four]
    }
    farmer, previous = "3456789TJQKA22223", "BR"
    farmer = workloads.canonical(farmer)
    state = openspiel.prepared_response(farmer, previous)
    answer = openspiel.responses_built()(farmer, previous)
    assert answer == state.legal_actions() == [openspiel.PASS, openspiel.BOMBS[12]]  # 2222
    assert openspiel.differences(farmer, previous) == {
        "bomb on the rocket": ["OpenSpiel only: 2222"]
    }
    singles = openspiel.responses_built()(farmer, "3")
    assert openspiel.distinct_count(singles) == 13  # 4..2 and 2222
    assert legal_moves(farmer, previous="3", rules=OPENSPIEL).count() == 13


def test_openspiel_has_our_openspiel_universe() -> None:
    """Every card set OpenSpiel can play is one our ``openspiel`` preset has, and back."""
    _needs_openspiel()
    table = universe(OPENSPIEL)
    theirs = set(openspiel.load().action_cards) - {""}
    assert len(theirs) == 25661
    assert all(table[cards] for cards in theirs)
    assert len(openspiel.load().play_action) == 25661


def test_pyspiel_imports_only_the_standard_library() -> None:
    """Why ``open_spiel`` is installed without its declared dependencies: ``pyspiel`` needs none."""
    _needs_openspiel()
    code = (
        "import sys; before = set(sys.modules); import pyspiel; "
        "print(sorted({m.split('.')[0] for m in set(sys.modules) - before} - "
        "set(sys.stdlib_module_names)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=probes.ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "['pyspiel']"


def test_table_and_json(results: dict[str, object], tmp_path: Path) -> None:
    text = runner.render(results)  # type: ignore[arg-type]
    assert "worst hand" in text and "targets:" in text
    path = runner.write(results, tmp_path / "results.json")  # type: ignore[arg-type]
    assert json.loads(path.read_text(encoding="utf-8"))["config"]["name"] == "tiny"


def test_every_engine_call_returns_moves() -> None:
    hand = "33344556789TJQKA22BR"
    for rules in engines.OURS_PRESETS.values():
        assert engines.ours_leads(rules)(hand)
        assert engines.ours_responses(rules)(hand, "34567")
    assert engines.distinct_count(engines.rlcard_leads()(hand)) > 0
    assert engines.distinct_count(engines.douzero_leads()(hand)) > 0
    dz = engines.douzero_responses()(hand, "34567")
    assert [] in dz  # DouZero lists the pass
    assert engines.rlcard_responses()(hand, "34567")[0] == "pass"
    assert engines.rlcard_lookup()("33344") is not None


def test_douzero_is_loaded_without_its_package_init() -> None:
    code = (
        "import sys; from bench import engines; engines.load_douzero(); "
        "print(sorted(m for m in sys.modules if m.startswith(('douzero', 'torch', 'numpy'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=probes.ROOT, capture_output=True, text=True, check=True
    )
    # Nothing of douzero's package (nor torch, nor numpy) is left imported by the load.
    assert out.stdout.strip() == "[]"


def test_inputs_are_seeded() -> None:
    assert workloads.random_hands(3, 7) == workloads.random_hands(3, 7)
    assert workloads.response_pairs(2, 7) == workloads.response_pairs(2, 7)
    farmers = workloads.farmer_pairs(
        [("3" * 4 + "4" * 4 + "56789TJQKA2B", "55"), ("x", "333345")], 7
    )
    assert farmers == workloads.farmer_pairs([("3" * 4 + "4" * 4 + "56789TJQKA2B", "55")], 7)
    assert len(farmers[0][0]) == 17  # four with two (333345) is not an OpenSpiel play: left out
    plays = workloads.distinct_plays(10, 7)
    assert len(set(plays)) == 10
    assert workloads.FULL_DECK.count("3") == 4 and len(workloads.FULL_DECK) == 54


def test_probes_run_in_a_fresh_interpreter() -> None:
    imported = probes.import_time(1)
    assert imported["repetitions"] == 1
    memory = probes.memory(["33344", "3456789", "BR"])  # big_three has no jokers: skipped
    # A universe holds what was read: the plays the deck holds, and the kicker readings the
    # hand's leads looked at (a row of one primal rank at a time), far from the 12,654 card
    # sets of the whole game; Big Three has no kickers: only its two plays
    assert 3 <= memory["universes"]["standard"] < 1000
    assert memory["universes"]["big_three"] == 2
    assert probes.machine()["nproc"]


def test_instruction_counter_runs_each_workload_without_valgrind() -> None:
    """``python -m bench.instructions --inner`` (what callgrind runs) lists moves for each
    workload; counting itself needs valgrind and is not run here."""
    from bench import instructions

    for name in instructions.WORKLOADS:
        work = instructions.calls(name)
        assert len(work) >= 120
        moves = work[0]()
        assert isinstance(moves, list)
        if name.startswith("worst"):
            assert len(moves) == (497 if name.endswith("[standard]") else 519)
    assert instructions.main(["--inner", "worst[standard]", "2"]) == 0
    with pytest.raises(SystemExit):
        instructions.main(["nope"])


def test_six_player_workload_runs_on_a_few_inputs() -> None:
    """``python -m bench.six`` on five inputs: every figure is there and positive."""
    from bench import six

    results = six.run(5, 1)
    for name in ("leads", "responses", "classify_first"):
        assert results[name]["ratio"]["median"] > 0
    assert results["moves_per_lead"] > 0
    assert results["first_use"]["first_listing_ms"] > 0
    assert "ratios six/three" in six.render(results)


def test_online_workload_runs_on_a_few_inputs() -> None:
    """``python -m bench.online``'s in-process part on ten deals: both kinds validate, every
    record is valid, and the figures are positive (the HTTP part starts a gunicorn: the
    benchmark's own run)."""
    from bench import online
    from service.hands import validate
    from service.rules import HUANLE, STANDARD

    for seed in range(10):
        assert validate(online.self_played(seed, HUANLE)[0], HUANLE).valid
        assert validate(online.self_played(seed, STANDARD)[0], STANDARD).valid
    results = online.in_process(10, 1, 7)
    assert results["ratio"]["median"] > 0 and results["huanle"]["records_per_s"] > 0
    assert results["events_per_record"]["huanle"] > 0


def test_wild_workload_runs_on_a_few_inputs() -> None:
    """``python -m bench.wilds`` on three hands of each wild count: the hands hold the wilds
    asked for, the engines list plays, a wild hand lists more than without, and its count and
    page count what its listing lists."""
    from bench import wilds

    for count in (0, 4):
        for hand, wild, previous in wilds.case_set(count, 3, 7):
            assert len(hand) == 20 and hand.count(wild) == count and previous
    found = wilds.compare(4, 3, 1, 7, responses=False)
    assert found["plays_mean"]["laizi"] > found["plays_mean"]["standard"] > 0
    assert found["plays_mean"]["laizi_page"] == found["plays_mean"]["laizi"]
    assert found["plays_mean"]["laizi_count"] == found["plays_mean"]["laizi"]
    assert found["laizi_vs_reference"] > 0 and found["per_play_vs_standard"] > 0
    assert found["standard_alone_per_call_us"] > 0 and found["per_play_vs_standard_alone"] > 0
    small = wilds.worst_hand("KKQQ34567", ["K", "Q"], wilds.EVERY_KICKER, repeats=1)
    rules = get_ruleset("tiandi_laizi", wild=["K", "Q"], **wilds.EVERY_KICKER)
    assert small["plays"] == legal_moves("KKQQ34567", rules=rules).count() == 925
    assert small["page"]["peak_mb"] > 0 and small["listing"]["cold"]["median_s"] > 0
    assert wilds.worst_standard(1)["plays"] == 497


def test_option_set_workload_runs_on_a_few_inputs() -> None:
    """``python -m bench.options`` on three option sets and two hands: the option sets are
    distinct game models, none a preset's; every figure is there and positive."""
    from bench import options
    from service.rules import PRESETS

    sets = options.option_sets(3, 7)
    models = {
        get_ruleset(str(o["ruleset"]), **{k: v for k, v in o.items() if k != "ruleset"}).model
        for o in sets
    }
    assert len(models) == 3 and not models & {r.model for r in PRESETS.values()}
    calls = options.workload(8, hands=2)
    assert len(calls) == 4 and calls[0][1] is None and calls[1][1]
    timed = options.first_use(sets, calls)
    assert all(row["first_ratio"] > 0 and row["again_ratio"] > 0 for row in timed)
    memory = options.memory(sets, 8, hands=2)
    assert len(memory["bytes"]) == 3 and memory["traced_total"] > 0


def test_game_workload_runs_on_a_few_inputs() -> None:
    """``python -m bench.games`` on three hands a game: every game's leads and responses are
    measured against the reference engine, and the service's path lists what it lists."""
    from bench import games

    results = games.run(3, 1)
    assert set(results) == {f"{g} {w}" for g in games.GAMES for w in ("leads", "responses")}
    for block in results.values():
        assert block["ratio"]["paired_median"] > 0
        assert block["moves"] >= 0
    rules = games.get_ruleset("six_player")
    for hand, previous in games.cases(rules, 3, 1):
        counts = games.read_play(hand, rules)
        ours = games.legal_moves(hand, previous, rules).moves
        assert ours == games.reference_moves(counts, rules.model, previous)
    assert "ours/ref" in games.render(results)


@pytest.mark.parametrize("state", ["frozen", "unfrozen"])
def test_collector_workload_runs_in_each_state(state: str) -> None:
    """``python -m bench.collector``'s measure, in a process of its own as the bench starts it:
    as deployed, what ``service.wsgi`` built is frozen and fewer objects are left to the
    collector than it froze; the unfrozen state freezes nothing and leaves them all."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-m", "bench.collector", "--state", state, "--quick"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    found = json.loads(out)
    assert found["moves"] > 0 and found["one_wild_listing_us_per_move"] > 0
    if state == "frozen":
        assert found["frozen_objects"] > 50_000
        assert found["collection"]["collectable"] < found["frozen_objects"]
    else:
        assert found["frozen_objects"] == 0
        assert found["collection"]["collectable"] > 50_000
