"""The answers of the tests' references and oracles, computed in the first pass of
``scripts/test.sh`` and read back in the second, which runs the same tests on the core compiled
by mypyc: the compiled core is checked against the very answers the sources were, and the
second pass does not compute them again.

A reference or an oracle (``tests/*reference.py``, ``tests/oracles/``) imports nothing from the
core and its answer depends on its arguments alone; the compiled core changes nothing in them.
``@recorded`` marks those of its functions that take long. ``DDZ_TEST_ANSWERS`` says what they
do: unset (any pytest run by hand), they compute, as without the mark; ``record:DIR`` (the
first pass), they compute and append each answer to a file of the process's own in ``DIR``;
``replay:DIR`` (the second pass), they answer from what ``DIR`` holds and compute what it does
not. The arguments are the key, so a call the first pass did not make (hypothesis drew other
examples outside CI, or a test changed what it asks) is computed: only plain data (numbers,
strings, tuples, lists, sets, dicts, ``None``) make a key; a call with anything else is always
computed.

>>> @recorded
... def double(x):
...     return 2 * x
>>> double(21)
42
>>> key(("double", (21,), {})) == key(("double", (21,), {}))
True
>>> key(frozenset({"b", "a"})) == key(frozenset({"a", "b"}))
True
"""

from __future__ import annotations

import functools
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

MODE, _, FOLDER = os.environ.get("DDZ_TEST_ANSWERS", "").partition(":")
if MODE not in ("", "record", "replay"):
    raise RuntimeError(f"DDZ_TEST_ANSWERS: record:DIR or replay:DIR, not {MODE!r}")
FOLDER = str(Path(FOLDER).resolve()) if MODE else ""  # a test may change the directory

SCALARS = (type(None), bool, int, float, str, bytes)


class NotPlain(Exception):
    """An argument that is not plain data: the call is not recorded."""


def canonical(value: Any) -> Any:
    """``value`` as nested tuples that read the same in every process (sets and dicts sorted:
    their order depends on the process's hash seed)."""
    kind = type(value)
    if kind in SCALARS:
        return value
    if kind in (tuple, list):
        return (kind.__name__, tuple(canonical(v) for v in value))
    if kind in (set, frozenset):
        return ("set", tuple(sorted((canonical(v) for v in value), key=repr)))
    if kind is dict:
        items = ((canonical(k), canonical(v)) for k, v in value.items())
        return ("dict", tuple(sorted(items, key=repr)))
    raise NotPlain(kind.__name__)


def key(value: Any) -> str:
    """The key of a call: its canonical form, as text."""
    return repr(canonical(value))


@functools.cache
def replayed() -> dict[str, bytes]:
    """Every answer the first pass recorded, pickled, by key."""
    found: dict[str, bytes] = {}
    for path in sorted(Path(FOLDER).glob("*.pickle")):
        with path.open("rb") as stream:
            while True:
                try:
                    name, answer = pickle.load(stream)
                except EOFError:
                    break
                found[name] = answer
    return found


@functools.cache
def sink() -> Any:
    """This process's file of recorded answers."""
    Path(FOLDER).mkdir(parents=True, exist_ok=True)
    return (Path(FOLDER) / f"answers-{os.getpid()}.pickle").open("ab")


def recorded(function: F) -> F:
    """``function``'s answers recorded in the first pass, replayed in the second."""
    name = f"{function.__module__}.{function.__qualname__}"

    @functools.wraps(function)
    def answer(*args: Any, **kwargs: Any) -> Any:
        if not MODE or INSIDE:  # a recorded function's own calls are part of its answer
            return function(*args, **kwargs)
        try:
            call = key((name, args, kwargs))
        except NotPlain:
            return function(*args, **kwargs)
        if MODE == "replay" and call in replayed():
            return pickle.loads(replayed()[call])
        INSIDE.append(name)
        try:
            result = function(*args, **kwargs)
        finally:
            INSIDE.pop()
        if MODE == "record":
            stream = sink()
            pickle.dump((call, pickle.dumps(result)), stream)
            stream.flush()  # whole records in the file, whenever the process ends
        return result

    return answer  # type: ignore[return-value]


INSIDE: list[str] = []
"""The recorded functions running now, outermost first."""
