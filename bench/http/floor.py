"""The floor of the HTTP benchmark: the least a Flask + marshmallow JSON endpoint costs.

One ``POST /echo`` that validates a body like the service's (``{"cards": str, "ruleset": str}``,
lengths checked) with a marshmallow schema and returns the loaded body as JSON (encoded with
orjson, as the service's answers are), and ``GET /healthz`` to wait on. Nothing else: no rules,
no logging, no metrics, no CORS. Served by gunicorn with the project's own configuration::

    python -m gunicorn -c gunicorn.conf.py bench.http.floor:app

so that the service's requests per second can be read as a share of this one.

>>> client = app.test_client()
>>> client.post("/echo", json={"cards": "3 3 3 10 10"}).json
{'cards': '3 3 3 10 10', 'ruleset': 'standard'}
>>> client.post("/echo", json={"cards": ""}).status_code
422
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
import orjson
from flask import Flask, Response, request
from marshmallow import fields, validate

MAX_STRING = 256
"""The longest card string the service accepts (``service.api.fields.MAX_STRING``)."""


class EchoRequest(ma.Schema):
    """A card string and a rule set name, unknown fields refused (as the service does)."""

    class Meta:
        unknown = ma.RAISE

    cards = fields.String(required=True, validate=validate.Length(1, MAX_STRING))
    ruleset = fields.String(load_default="standard", validate=validate.Length(1, 64))


SCHEMA = EchoRequest()
app = Flask(__name__)


def _json(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status=status, mimetype="application/json")


@app.post("/echo")
def echo() -> Response:
    """The body, validated and loaded, back as JSON; 422 with the messages when invalid."""
    try:
        loaded = SCHEMA.load(request.get_json(force=False) or {})
    except ma.ValidationError as error:
        return _json({"errors": error.messages}, 422)
    return _json(loaded)


@app.get("/healthz")
def healthz() -> Response:
    """Liveness, as the service's."""
    return _json({"status": "ok"})
