"""Adapters to the public Dou Dizhu engines, used as test oracles and by the benchmark.

Each adapter module exposes the same small interface, in OUR canonical card strings
(one character per card, ascending ``3456789TJQKA2BR``):

- ``leads(hand) -> set[str]``: every distinct card set the engine lets ``hand`` lead;
- ``responses(hand, previous) -> set[str]``: every card set the engine lets ``hand`` play on
  ``previous`` (pass excluded);

and, kept apart so a benchmark can time the engine alone, the conversions ``to_engine`` /
``from_engine`` and the native calls ``leads_native(engine_hand)`` /
``responses_native(engine_hand, engine_previous)`` which take and return the engine's own
encoding.

- :mod:`tests.oracles.rlcard_oracle`: rlcard 1.2.0 (``rlcard.games.doudizhu``);
- :mod:`tests.oracles.douzero_oracle`: DouZero 1.1.0 (``douzero.env``), without torch.

The engines are test-only dependencies (the ``oracles`` dependency group).
"""
