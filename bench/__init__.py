"""Benchmark of the rules core against DouZero 1.1.0, rlcard 1.2.0 and OpenSpiel 2.0.2's C++
engine, in one process.

Run it from the repository root with ``.venv/bin/python -m bench`` (``--quick`` for a short
run). Every engine is timed on the same seeded inputs, from a hand's card string to its list of
moves (each engine's conversion to its own encoding included), calls interleaved input by
input with the garbage collector off; the results are printed as a table and written to
``bench/results.json``. The figures that matter are the ratios ours/theirs of one run.

Modules: ``engines`` (the calls timed, ours and the two Python engines), ``openspiel``
(OpenSpiel's calls: a game state built for a hand, its legal actions), ``workloads`` (the
seeded inputs), ``harness`` (timing and statistics), ``probes`` (import time and memory in a
fresh interpreter, machine facts), ``runner`` (the workloads, targets, table and JSON).
"""
