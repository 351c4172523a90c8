"""The answer cache: an in-process LRU (bounded by entries and bytes) in front of Redis.

Only expensive answers go through it (legal-move lists, big batches, whole-hand validations).
Keys name the operation, the canonical input, the rule set's name and version and the API
version, so an answer is never served under other rules or another release. Values are the
encoded answers (JSON bytes).

>>> cache = Cache(LocalCache(entries=2, size=1000))
>>> cache.answer(("op", "1"), lambda: {"n": 1}), cache.answer(("op", "1"), lambda: {"n": 2})
(b'{"n":1}', b'{"n":1}')
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import orjson

API_VERSION = "v1"
RELEASE = "0.1.0"


def cache_key(operation: str, parts: Sequence[Hashable]) -> str:
    """The cache key of an answer: API version, release, operation and a digest of the input."""
    digest = hashlib.blake2b(repr(tuple(parts)).encode(), digest_size=16).hexdigest()
    return f"ddz:{API_VERSION}:{RELEASE}:{operation}:{digest}"


class LocalCache:
    """A thread-safe LRU of encoded answers, bounded by entry count and total bytes."""

    def __init__(self, *, entries: int = 4096, size: int = 64 << 20, value_max: int = 1 << 20):
        self.entries, self.size, self.value_max = entries, size, value_max
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The value, marked as recently used; None when absent."""
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: str, value: bytes) -> bool:
        """Store a value (evicting the least recently used); False when it is too big."""
        if len(value) > self.value_max or len(value) > self.size:
            return False
        with self._lock:
            old = self._items.pop(key, None)
            self._bytes += len(value) - (len(old) if old else 0)
            self._items[key] = value
            while len(self._items) > self.entries or self._bytes > self.size:
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped)
        return True

    def stats(self) -> dict[str, int]:
        """How many entries and bytes are held."""
        with self._lock:
            return {"entries": len(self._items), "bytes": self._bytes}


class Cache:
    """The cache levels an answer passes through: in-process first, then the shared one."""

    def __init__(self, local: LocalCache) -> None:
        self.local = local

    def answer(self, key: tuple[Hashable, ...], compute: Callable[[], dict[str, Any]]) -> bytes:
        """The encoded answer for ``key``: from a cache level, or computed and stored."""
        name = cache_key(str(key[0]), key[1:])
        found = self.local.get(name)
        if found is not None:
            return found
        value = orjson.dumps(compute())
        self.local.put(name, value)
        return value

    def state(self) -> dict[str, Any]:
        """The cache's state for ``/readyz``."""
        return {"status": "ok", "local": self.local.stats(), "redis": "not configured"}


__all__ = ["API_VERSION", "Cache", "LocalCache", "cache_key"]
