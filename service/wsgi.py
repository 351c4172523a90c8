"""The WSGI entry point: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Settings come from the environment (``service.config``); every preset's tables are built at
import, so that with ``preload_app`` the workers share them and no first request pays.
"""

from __future__ import annotations

from service.api import create_app, warm

warm()
app = create_app()
