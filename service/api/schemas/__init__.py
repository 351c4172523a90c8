"""Every request and answer schema of the API, one module per resource.

Request schemas validate and load (card lists become rank counts, rule sets ``RuleSet``s);
answer schemas document the answers, which the views serialize themselves (see ``reply``).
The class names are the OpenAPI components' names.

- ``common``: strict objects, the ``ruleset`` field, card lists checked against the request's
  game, plays, the rule-set stamp, combinations, problem documents, the probes' answers;
- ``classify``, ``beats``, ``moves``, ``score``, ``rulesets``: one resource each;
- ``records``: a hand record (deal, bids, events) and its violation, for ``hands`` (hand
  validation and its batch) and ``matches`` (a match's ledger).
"""
