"""The WSGI entry point: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Settings come from the environment (``service.config``); the tables every game shares and each
preset's plans are made at import (``warm``), so that with ``preload_app`` the workers share
them and no first request pays for them (the chains' entries are made as hands reach them).
"""

from __future__ import annotations

from service.api import create_app, warm

warm()
app = create_app()
