"""The WSGI entry point: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Settings come from the environment (``service.config``); the tables every game shares and each
preset's plans are made at import (``warm``), so that with ``preload_app`` the workers share
them and no first request pays for them (the chains' entries are made as hands reach them).
Then everything made so far is frozen (``gc.freeze``): moved to the garbage collector's
permanent generation before gunicorn forks the workers, so that no collection in a worker
walks the warmed tables again (what that cost: BENCHMARKS.md, "The collector") or writes to
the pages the workers share with the master.
"""

from __future__ import annotations

import gc

from service.api import create_app, warm

warm()
app = create_app()
gc.collect()  # what import and warming left as garbage, not frozen with the rest
gc.freeze()
