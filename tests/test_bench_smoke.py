"""The benchmark (``python -m bench``) runs: every workload on a few inputs, the table, the JSON.

Nothing here asserts a speed; figures come from ``python -m bench`` (see BENCHMARKS.md).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import engines, probes, runner, workloads


@pytest.fixture(scope="module")
def results() -> dict[str, object]:
    return runner.run(runner.Config.tiny(), log=lambda _text: None)


def test_every_workload_runs_on_a_few_inputs(results: dict[str, object]) -> None:
    work = results["workloads"]
    assert isinstance(work, dict)
    assert set(work) == {"classify", "leads", "responses", "worst_hand"}
    for key in ("leads", "responses", "worst_hand"):
        block = work[key]
        assert set(block["engines"]) == {
            "ours[standard]",
            "ours[rlcard]",
            "ours[douzero]",
            "rlcard",
            "douzero",
        }
        assert all(r["median"] > 0 for r in block["ratios"])
    # The worst hand's known figures, from each engine.
    moves = work["worst_hand"]["moves_per_call"]
    assert moves["ours[standard]"] == 497
    assert moves["ours[rlcard]"] == moves["rlcard"] == 519
    assert work["classify"]["not_in_rlcard_table"] == 0
    assert work["classify"]["not_a_combination_for_us"] == 0
    assert {t["target"] for t in results["targets"]}  # type: ignore[attr-defined]


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
    plays = workloads.distinct_plays(10, 7)
    assert len(set(plays)) == 10
    assert workloads.FULL_DECK.count("3") == 4 and len(workloads.FULL_DECK) == 54


def test_probes_run_in_a_fresh_interpreter() -> None:
    imported = probes.import_time(1)
    assert imported["repetitions"] == 1
    memory = probes.memory(["33344", "3456789", "BR"])  # big_three has no jokers: skipped
    assert memory["universes"]["standard"] == 12654  # tests/test_universe.py pins them
    assert memory["universes"]["big_three"] == 171
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
