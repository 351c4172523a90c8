"""HTTP load benchmark of the service under gunicorn, against a floor, with wrk.

Run it from the repository root with ``.venv/bin/python -m bench.http`` (``--quick`` for a
smoke run of 2 s per scenario, ``--workers-sweep`` to compare worker configurations too,
``--profile`` for where a request's time goes). It needs ``wrk`` (Debian package ``wrk``).

In one run, each under the same ``gunicorn.conf.py`` on a loopback port: the floor (``floor``,
a bare Flask app validating a similar body with marshmallow), then the service's scenarios
(classify; legal moves of a typical 20-card lead; the worst hand's leads, default page and all
497). Each measured wrk run follows a warm-up run; each scenario is run ``rounds`` times with a
fresh server per round, and the medians are reported with the service's requests per second as
a share of the floor's. Results are printed as a table and written to
``bench/http/results.json`` (not to be committed).

Modules: ``floor`` (the floor application), ``servers`` (gunicorn started and stopped),
``load`` (wrk and ``post.lua``), ``runner`` (scenarios, targets, sweep, table, JSON),
``inprocess`` (the profile through the Flask test client).
"""
