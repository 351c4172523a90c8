"""Test-wide settings: hypothesis's profile (no deadline: the machine is shared and noisy).

Under CI (``CI`` set, as ``.ci/run`` does) the examples are derandomized: the same ones on every
run, so that what lands does not depend on a draw; runs elsewhere keep exploring new ones.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ddz",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=bool(os.environ.get("CI")),
)
settings.load_profile("ddz")
