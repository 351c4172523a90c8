"""The workloads, the targets, the printed table and the JSON results."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from service.rules import OPENSPIEL

from . import engines, harness, openspiel, probes, workloads

RESULTS = Path(__file__).resolve().parent / "results.json"

THREE_TIMES = 1 / 3  # ours/DouZero at most this: at least 3x faster
TWICE = 2.0  # ours/rlcard table lookup at most this
AT_PAR = 1.0  # the next goal: ours/OpenSpiel's C++ legal actions at most this for leads
MEMORY_MIB = 50.0


@dataclass(frozen=True)
class Config:
    """Sizes of one run."""

    name: str
    hands: int  # random 20-card hands for leads
    lead_rounds: int  # passes over them
    pairs: int  # (hand, previous play) pairs for responses
    response_rounds: int
    worst_reps: int  # calls on the worst hand, per engine
    plays: int  # distinct plays to classify
    warm_batch: int  # back-to-back calls per warm classification sample
    warm_rounds: int  # warm passes over the plays
    warmup: int  # untimed inputs per workload, disjoint from the timed ones
    import_reps: int  # fresh interpreters for the import time
    probes: bool = True  # the subprocess measurements (import time, memory)
    seed: int = 20240601

    @classmethod
    def full(cls) -> Config:
        """The full run (about half a minute here; well under three)."""
        return cls("full", 1000, 5, 1000, 5, 1000, 3000, 16, 10, 60, 10)

    @classmethod
    def quick(cls) -> Config:
        """A short run (about five seconds here)."""
        return cls("quick", 500, 2, 600, 2, 300, 1500, 16, 5, 30, 3)

    @classmethod
    def tiny(cls) -> Config:
        """A few inputs, just to show the code runs (tests)."""
        return cls("tiny", 3, 1, 3, 1, 2, 12, 2, 1, 2, 1, probes=False)


def lead_engines() -> dict[str, harness.Engine]:
    """The engines of the lead workloads."""
    return {
        "ours[standard]": engines.ours_leads(engines.OURS_PRESETS["standard"]),
        "ours[rlcard]": engines.ours_leads(engines.OURS_PRESETS["rlcard"]),
        "ours[douzero]": engines.ours_leads(engines.OURS_PRESETS["douzero"]),
        "reference[douzero]": engines.reference_leads(engines.OURS_PRESETS["douzero"]),
        "rlcard": engines.rlcard_leads(),
        "douzero": engines.douzero_leads(),
    }


def response_engines() -> dict[str, harness.Engine]:
    """The engines of the response workload."""
    return {
        "ours[standard]": engines.ours_responses(engines.OURS_PRESETS["standard"]),
        "ours[rlcard]": engines.ours_responses(engines.OURS_PRESETS["rlcard"]),
        "ours[douzero]": engines.ours_responses(engines.OURS_PRESETS["douzero"]),
        "reference[douzero]": engines.reference_responses(engines.OURS_PRESETS["douzero"]),
        "rlcard": engines.rlcard_responses(),
        "douzero": engines.douzero_responses(),
    }


#: (ours, theirs) pairs compared in the move workloads; the first two are the matching presets.
MOVE_PAIRS = (
    ("ours[douzero]", "douzero"),
    ("ours[rlcard]", "rlcard"),
    ("ours[standard]", "douzero"),
    ("ours[standard]", "rlcard"),
    ("reference[douzero]", "douzero"),  # the readable engine the fast path is checked against
)


def _pairwise(
    chosen: dict[str, harness.Engine], inputs: Sequence[tuple[Any, ...]], rounds: int
) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """Each pair of ``MOVE_PAIRS`` timed in a run of its own, the two engines interleaved; the
    figures, and each engine's distinct move count per input (from its first pair).

    Two of our presets timed in one run would share warm caches: the same tables and
    combinations, touched by one preset just before the other on the same input, made the one
    timed second look up to 40% faster than it is alone (BENCHMARKS.md, caveats)."""
    pairs: list[dict[str, Any]] = []
    counts: dict[str, list[int]] = {}
    for ours, theirs in MOVE_PAIRS:
        pair, samples = _pair(chosen, ours, theirs, inputs, rounds, measure=engines.distinct_count)
        for name in (ours, theirs):
            counts.setdefault(name, samples.counts[name])
        pairs.append(pair)
    block = {
        "pairs": pairs,
        "engines": {name: _first(pairs, name) for name in chosen},
        "moves_per_call": {name: sum(c) / max(1, len(c)) for name, c in counts.items()},
        "ratios": [pair["ratio"] for pair in pairs],
    }
    return block, counts


def _pair(
    chosen: dict[str, harness.Engine],
    ours: str,
    theirs: str,
    inputs: Sequence[tuple[Any, ...]],
    rounds: int,
    **options: Any,
) -> tuple[dict[str, Any], harness.Samples]:
    """Two engines timed interleaved (``harness.interleaved``'s ``options``): their figures
    and ratio, and the samples."""
    engaged = {ours: chosen[ours], theirs: chosen[theirs]}
    samples = harness.interleaved(engaged, inputs, rounds, **options)
    figures = {
        "engines": {name: harness.summary(samples, name) for name in engaged},
        "ratio": harness.compare(samples, ours, theirs),
    }
    return figures, samples


def _agreement(counts: dict[str, list[int]]) -> dict[str, str]:
    """How often our distinct move count equals the matching engine's (a sanity figure only:
    the differential tests are where agreement is checked; rule differences show here)."""
    return {
        f"{ours}=={theirs}": f"{sum(map(int.__eq__, counts[ours], counts[theirs]))}"
        f"/{len(counts[ours])}"
        for ours, theirs in MOVE_PAIRS[:2]
    }


def _first(pairs: list[dict[str, Any]], name: str) -> dict[str, float]:
    """An engine's figures from the first pair it is timed in."""
    return next(pair["engines"][name] for pair in pairs if name in pair["engines"])


def _move_workload(
    title: str,
    make_engines: Callable[[], dict[str, harness.Engine]],
    inputs: Sequence[tuple[Any, ...]],
    warmup: Sequence[tuple[Any, ...]],
    rounds: int,
) -> dict[str, Any]:
    chosen = make_engines()
    harness.warm_up(chosen, warmup)
    block, counts = _pairwise(chosen, inputs, rounds)
    return {
        "title": title,
        "inputs": len(inputs),
        "rounds": rounds,
        "agreement": _agreement(counts),
        "flushed": _flushed(chosen, inputs, rounds),
    } | block


def _flushed(
    chosen: dict[str, harness.Engine], inputs: Sequence[tuple[Any, ...]], rounds: int
) -> dict[str, Any]:
    """The matching DouZero pair again, with the caches left cold before every block of
    ``harness.BLOCK`` inputs (a full collection): how much of our speed rests on tables the
    processor's caches still hold. Reported, not a target."""
    return _pair(chosen, *MOVE_PAIRS[0], inputs, rounds, flush=True)[0]


def _classification(plays: list[str], warm_plays: list[str], cfg: Config) -> dict[str, Any]:
    ours = engines.ours_classify(engines.OURS_PRESETS["rlcard"])
    table = engines.rlcard_lookup()
    chosen = {"ours[rlcard]": ours, "rlcard": table}
    harness.warm_up(chosen, [(p,) for p in warm_plays])
    inputs = [(p,) for p in plays]

    def readings(result: Any) -> int:
        return len(result) if result else 0

    cold = harness.interleaved(chosen, inputs, 1, measure=readings)
    warm = harness.interleaved(chosen, inputs, cfg.warm_rounds, batch=cfg.warm_batch)
    missing = sum(1 for n in cold.counts["rlcard"] if n == 0)
    unread = sum(1 for n in cold.counts["ours[rlcard]"] if n == 0)
    return {
        "title": "classify plays (rlcard preset vs rlcard CARD_TYPE lookup)",
        "inputs": len(plays),
        "cold": {
            "note": "first call on each string (one call per sample, timer overhead included)",
            "engines": {name: harness.summary(cold, name) for name in chosen},
            "ratios": [harness.compare(cold, "ours[rlcard]", "rlcard")],
        },
        "warm": {
            "note": f"repeated calls, {cfg.warm_batch} back to back per sample, "
            f"{cfg.warm_rounds} passes",
            "engines": {name: harness.summary(warm, name) for name in chosen},
            "ratios": [harness.compare(warm, "ours[rlcard]", "rlcard")],
        },
        "not_in_rlcard_table": missing,
        "not_a_combination_for_us": unread,
    }


def _worst_hand(cfg: Config) -> dict[str, Any]:
    chosen = lead_engines()
    inputs = [(workloads.WORST_HAND,)] * cfg.worst_reps
    harness.warm_up(chosen, inputs[: max(1, cfg.warmup // 10)])
    found, _ = _pairwise(chosen, inputs, 1)
    return {
        "title": f"leads of the worst hand {workloads.WORST_HAND}",
        "inputs": 1,
        "rounds": cfg.worst_reps,
    } | found


# --- OpenSpiel ------------------------------------------------------------------------------------

OURS_OS, THEIRS_OS = "ours[openspiel]", "openspiel"


def _openspiel_block(
    title: str,
    inputs: Sequence[tuple[Any, ...]],
    warmup: Sequence[tuple[Any, ...]],
    rounds: int,
    *,
    response: bool,
) -> dict[str, Any]:
    """OpenSpiel's C++ engine beside ours under ``openspiel`` on ``inputs``, two pairs each
    timed in a run of its own: (a) ``legal_actions()`` of a state prepared beforehand (the
    state is the input's last item; ours does not look at it), (b) the state built from the
    card strings, then ``legal_actions()``; ours as in the other workloads in both. Then the
    distinct move counts compared, and where they differ, why."""
    prepare = openspiel.prepared_response if response else openspiel.prepared_lead
    states: dict[tuple[Any, ...], Any] = {}

    def with_state(items: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        out = []
        for args in items:
            if args not in states:
                states[args] = prepare(*args)
            out.append((*args, states[args]))
        return out

    if response:
        legal: dict[str, harness.Engine] = {
            OURS_OS: openspiel.ours_responses_beside(),
            THEIRS_OS: openspiel.responses_prepared(),
        }
        built: dict[str, harness.Engine] = {
            OURS_OS: engines.ours_responses(OPENSPIEL),
            THEIRS_OS: openspiel.responses_built(),
        }
    else:
        legal = {OURS_OS: openspiel.ours_leads_beside(), THEIRS_OS: openspiel.leads_prepared()}
        built = {OURS_OS: engines.ours_leads(OPENSPIEL), THEIRS_OS: openspiel.leads_built()}
    prepared, warm_prepared = with_state(inputs), with_state(warmup)
    harness.warm_up(legal, warm_prepared)
    a, a_samples = _pair(
        legal, OURS_OS, THEIRS_OS, prepared, rounds, measure=openspiel.distinct_count
    )
    harness.warm_up(built, warmup)
    b, b_samples = _pair(
        built, OURS_OS, THEIRS_OS, inputs, rounds, measure=openspiel.distinct_count
    )
    ours, theirs = a_samples.counts[OURS_OS], a_samples.counts[THEIRS_OS]
    causes: dict[str, int] = {}
    examples: list[str] = []
    checked: set[tuple[Any, ...]] = set()
    for args, mine, other in zip(inputs, ours, theirs, strict=True):
        if mine == other or args in checked:
            continue
        checked.add(args)
        found = openspiel.differences(args[0], args[1] if response else None)
        for cause in found:
            causes[cause] = causes.get(cause, 0) + 1
        if "other" in found and len(examples) < 5:
            examples.append(f"{' vs '.join(args)}: {', '.join(found['other'][:4])}")
    same = sum(map(int.__eq__, ours, theirs))
    return {
        "title": title,
        "inputs": len(inputs),
        "rounds": rounds,
        "legal_actions": a,
        "built": b,
        "moves_per_call": {name: sum(c) / max(1, len(c)) for name, c in a_samples.counts.items()},
        "agreement": {f"{OURS_OS}=={THEIRS_OS}": f"{same}/{len(ours)}"},
        "differing_inputs": len(ours) - same,
        "differences": causes,
        "unexplained": examples,
        "built_agrees_with_prepared": b_samples.counts[THEIRS_OS] == theirs,
    }


def _openspiel(
    cfg: Config,
    hands: list[str],
    warm_hands: list[str],
    pairs: list[tuple[str, str]],
    warm_pairs: list[tuple[str, str]],
    *,
    log: Callable[[str], None],
) -> dict[str, Any]:
    """OpenSpiel's leads (the lead workload's hands, the landlord's), responses (the response
    pairs as ``workloads.farmer_pairs`` has them) and the worst hand; skipped, with the reason,
    where ``pyspiel`` does not import."""
    reason = openspiel.available()
    if reason is not None:
        log(f"[bench] OpenSpiel skipped: {reason}")
        return {"skipped": reason}
    farmers = workloads.farmer_pairs(pairs, cfg.seed + 4)
    warm_farmers = workloads.farmer_pairs(warm_pairs, cfg.seed + 104)
    log(f"[bench] OpenSpiel: leads, {len(hands)} hands x {cfg.lead_rounds} rounds ...")
    found: dict[str, Any] = {
        "leads": _openspiel_block(
            f"legal leads of {len(hands)} random 20-card hands (the landlord's, after the bid)",
            [(h,) for h in hands],
            [(h,) for h in warm_hands],
            cfg.lead_rounds,
            response=False,
        )
    }
    log(f"[bench] OpenSpiel: responses, {len(farmers)} pairs x {cfg.response_rounds} rounds ...")
    found["responses"] = _openspiel_block(
        f"responses for {len(farmers)} (17-card hand, previous play) pairs (a farmer answering "
        "the landlord's opening lead)",
        farmers,
        warm_farmers,
        cfg.response_rounds,
        response=True,
    )
    log(f"[bench] OpenSpiel: worst hand, {cfg.worst_reps} calls ...")
    worst = [(workloads.WORST_HAND,)] * cfg.worst_reps
    found["worst_hand"] = _openspiel_block(
        f"leads of the worst hand {workloads.WORST_HAND} (the landlord's)",
        worst,
        worst[: max(1, cfg.warmup // 10)],
        1,
        response=False,
    )
    found["worst_hand"] |= {"inputs": 1, "rounds": cfg.worst_reps}
    return found


def _target(name: str, value: float | None, limit: float, text: str) -> dict[str, Any]:
    ok = value is not None and value <= limit
    return {"target": name, "value": value, "limit": limit, "pass": ok, "meaning": text}


def _ratio(workload: dict[str, Any], ours: str, theirs: str) -> dict[str, Any]:
    return next(r for r in workload["ratios"] if r["ours"] == ours and r["theirs"] == theirs)


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Pass/fail of every target, on ratios of this run."""
    w = results["workloads"]
    found = [
        _target(
            "leads: ours[douzero]/douzero at the median",
            _ratio(w["leads"], "ours[douzero]", "douzero")["median"],
            THREE_TIMES,
            "at least 3x faster than DouZero",
        ),
        _target(
            "responses: ours[douzero]/douzero at the median",
            _ratio(w["responses"], "ours[douzero]", "douzero")["median"],
            THREE_TIMES,
            "at least 3x faster than DouZero",
        ),
        _target(
            "worst hand: ours[douzero]/douzero at the median",
            _ratio(w["worst_hand"], "ours[douzero]", "douzero")["median"],
            THREE_TIMES,
            "at least 3x faster than DouZero",
        ),
        _target(
            "worst hand: ours[standard]/douzero at the median",
            _ratio(w["worst_hand"], "ours[standard]", "douzero")["median"],
            THREE_TIMES,
            "at least 3x faster than DouZero (our default rules)",
        ),
        _target(
            "classify warm: ours/rlcard lookup at the median",
            w["classify"]["warm"]["ratios"][0]["median"],
            TWICE,
            "within 2x of rlcard's table lookup",
        ),
        _target(
            "classify cold: ours/rlcard lookup at the median",
            w["classify"]["cold"]["ratios"][0]["median"],
            TWICE,
            "within 2x of rlcard's table lookup",
        ),
    ]
    memory = results.get("memory")
    if memory:
        found.append(
            _target(
                "memory: RSS after import + every preset, less before (MiB)",
                memory["delta_mib"],
                MEMORY_MIB,
                "under 50 MB",
            )
        )
    return found


def goals(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The next goal (not a target): leads at OpenSpiel's C++ legal-actions time."""
    os_work = results["workloads"].get("openspiel", {})
    if "leads" not in os_work:
        return []
    return [
        _target(
            "leads: ours[openspiel]/openspiel, legal actions only, at the median",
            os_work["leads"]["legal_actions"]["ratio"]["median"],
            AT_PAR,
            "as fast as OpenSpiel's C++ legal_actions() on a prepared state",
        )
    ]


def run(cfg: Config, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Every workload of ``cfg``; the results as JSON-ready data."""
    started = time.perf_counter()
    engines.load_douzero()
    engines.load_rlcard()
    seed = cfg.seed
    log(f"[bench] {cfg.name} run: drawing inputs (seed {seed}) ...")
    plays = workloads.distinct_plays(cfg.plays, seed + 3)
    warm_plays = workloads.distinct_plays(max(10, cfg.warmup), seed + 103, frozenset(plays))
    hands = workloads.random_hands(cfg.hands, seed + 1)
    warm_hands = workloads.random_hands(cfg.warmup, seed + 101)
    pairs = workloads.response_pairs(cfg.pairs, seed + 2)
    warm_pairs = workloads.response_pairs(cfg.warmup, seed + 102)
    results: dict[str, Any] = {
        "config": asdict(cfg),
        "machine": probes.machine(),
        "code": probes.code_state(),
        "timer_overhead_ns": harness.timer_overhead_ns(),
        "workloads": {},
    }
    w = results["workloads"]
    log(f"[bench] classify: {len(plays)} plays, cold then warm ...")
    w["classify"] = _classification(plays, warm_plays, cfg)
    log(f"[bench] leads: {len(hands)} hands x {cfg.lead_rounds} rounds ...")
    w["leads"] = _move_workload(
        f"legal leads of {len(hands)} random 20-card hands",
        lead_engines,
        [(h,) for h in hands],
        [(h,) for h in warm_hands],
        cfg.lead_rounds,
    )
    log(f"[bench] responses: {len(pairs)} pairs x {cfg.response_rounds} rounds ...")
    w["responses"] = _move_workload(
        f"responses for {len(pairs)} (20-card hand, previous play) pairs",
        response_engines,
        pairs,
        warm_pairs,
        cfg.response_rounds,
    )
    log(f"[bench] worst hand: {cfg.worst_reps} calls per engine ...")
    w["worst_hand"] = _worst_hand(cfg)
    w["openspiel"] = _openspiel(cfg, hands, warm_hands, pairs, warm_pairs, log=log)
    if cfg.probes:
        log(f"[bench] import time ({cfg.import_reps} fresh interpreters) and memory ...")
        results["import"] = probes.import_time(cfg.import_reps)
        results["memory"] = probes.memory(plays[:500])
    results["targets"] = targets(results)
    results["goals"] = goals(results)
    results["elapsed_s"] = time.perf_counter() - started
    return results


# --- Output -------------------------------------------------------------------------------------


def _engine_rows(block: dict[str, Any], extra: dict[str, Any] | None = None) -> list[str]:
    rows = []
    for name, s in block["engines"].items():
        more = f"  {extra[name]:>8.1f}" if extra else ""
        rows.append(
            f"  {name:<16} {s['median_us']:>11.2f} {s['p90_us']:>11.2f} "
            f"{s['total_ms']:>11.2f}{more}"
        )
    return rows


def _ratio_rows(ratios: list[dict[str, Any]]) -> list[str]:
    return [
        f"  {r['ours']:>16} / {r['theirs']:<8} median {r['median']:6.3f} "
        f"(x{r['speedup_median']:.2f} {'faster' if r['median'] < 1 else 'slower'}), "
        f"p90 {r['p90']:6.3f}, total {r['total']:6.3f}, paired {r['paired_median']:6.3f}"
        for r in ratios
    ]


def render(results: dict[str, Any]) -> str:
    """The results as a readable table."""
    m = results["machine"]
    cfg = results["config"]
    code = results["code"]
    lines = [
        f"ddz-referee benchmark ({cfg['name']} run, seed {cfg['seed']}) - "
        f"{m['cpu']}, {m['nproc']} CPUs, {m['implementation']} {m['python']}",
        f"engines: rlcard {m['versions']['rlcard']}, douzero {m['versions']['douzero']}, "
        f"open_spiel {m['versions'].get('open_spiel', 'missing')}; "
        f"timer overhead {results['timer_overhead_ns']:.0f} ns per call (in every figure)",
        f"code: commit {code.get('commit')}, service/ modified since: "
        f"{code.get('service_modified')}, rules digest {code['rules_sha256']}, "
        f"core built as {code['core']}",
        "ratios are ours/theirs in this run: below 1 we are faster",
        "",
    ]
    head = f"  {'engine':<16} {'median µs':>11} {'p90 µs':>11} {'total ms':>11}"
    w = results["workloads"]
    for key in ("leads", "responses", "worst_hand"):
        block = w[key]
        lines.append(
            f"{block['title']} ({block['inputs']} inputs x {block['rounds']} rounds; "
            "each pair timed in a run of its own)"
        )
        for pair in block["pairs"]:
            lines += [
                head + f"  {'moves':>8}",
                *_engine_rows(pair, block["moves_per_call"]),
                *_ratio_rows([pair["ratio"]]),
            ]
        if "agreement" in block:
            same = ", ".join(f"{k} {v}" for k, v in block["agreement"].items())
            lines.append(f"  same distinct move count: {same}")
        cold = block.get("flushed")  # not for the worst hand: one input, flushed 1 call in 100
        if cold is not None:
            lines.append(
                f" caches cold: a full collection before every {harness.BLOCK} inputs "
                "(not a target)"
            )
            lines += [*_engine_rows(cold), *_ratio_rows([cold["ratio"]])]
        lines.append("")
    lines += _render_openspiel(w.get("openspiel"), head)
    c = w["classify"]
    lines.append(f"{c['title']} ({c['inputs']} distinct plays)")
    for phase in ("cold", "warm"):
        lines += [f" {phase}: {c[phase]['note']}", head, *_engine_rows(c[phase])]
        lines += _ratio_rows(c[phase]["ratios"])
    lines.append("")
    if "import" in results:
        imp, mem = results["import"], results["memory"]
        lines += [
            f"import service.rules: {imp['importtime_ms']:.1f} ms (-X importtime, cumulative), "
            f"{imp['wall_ms']:.1f} ms wall over a bare interpreter "
            f"({imp['bare_interpreter_ms']:.1f} ms), median of {imp['repetitions']}",
            f"memory: +{mem['import_mib']:.1f} MiB after import, +{mem['delta_mib']:.1f} MiB "
            f"after every preset (peak +{mem['peak_delta_mib']:.1f} MiB); card sets read into "
            "each universe: " + ", ".join(f"{k} {v}" for k, v in mem["universes"].items()),
            "",
        ]
    lines.append("targets:")
    for t in results["targets"]:
        mark = "PASS" if t["pass"] else "MISS"
        lines.append(f"  [{mark}] {t['target']}: {t['value']:.3f} (limit {t['limit']:.3g})")
    if results.get("goals"):
        lines.append("next goal (not a target):")
        for t in results["goals"]:
            mark = "MET" if t["pass"] else "NOT YET"
            lines.append(f"  [{mark}] {t['target']}: {t['value']:.3f} (goal {t['limit']:.3g})")
    lines.append(f"\nelapsed {results['elapsed_s']:.1f} s")
    return "\n".join(lines)


def _render_openspiel(found: dict[str, Any] | None, head: str) -> list[str]:
    """The OpenSpiel section of the table."""
    if found is None:
        return []
    if "skipped" in found:
        return [f"OpenSpiel: skipped, {found['skipped']}", ""]
    lines = [
        "OpenSpiel's C++ engine (pyspiel dou_dizhu) against ours[openspiel], each pair timed in a "
        "run of its own:",
        "  (a) legal_actions() of a state prepared beforehand; (b) the state built from the card "
        "strings (deal, bid, the previous play led), then legal_actions()",
    ]
    for key in ("leads", "responses", "worst_hand"):
        block = found[key]
        lines.append(f"{block['title']} ({block['inputs']} inputs x {block['rounds']} rounds)")
        for part, note in (
            ("legal_actions", "(a) legal actions only"),
            ("built", "(b) build + legal actions"),
        ):
            pair = block[part]
            lines += [
                f" {note}",
                head + f"  {'moves':>8}",
                *_engine_rows(pair, block["moves_per_call"]),
                *_ratio_rows([pair["ratio"]]),
            ]
        same = ", ".join(f"{k} {v}" for k, v in block["agreement"].items())
        line = f"  same distinct move count: {same}"
        if block["differing_inputs"]:
            causes = ", ".join(f"{k} {v}" for k, v in sorted(block["differences"].items()))
            line += f"; the {block['differing_inputs']} others differ by: {causes}"
        lines.append(line)
        lines += [f"    unexplained: {e}" for e in block["unexplained"]]
        if not block["built_agrees_with_prepared"]:
            lines.append("  (!) the built states' counts differ from the prepared states'")
        lines.append("")
    return lines


def write(results: dict[str, Any], path: Path = RESULTS) -> Path:
    """The results as JSON."""
    path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
