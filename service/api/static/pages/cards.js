// Cards drawn as cards, and the service's JSON endpoints, for the pages of static/pages.
// Plain browser JavaScript, no library: every page loads this file first (window.ddz).
"use strict";

window.ddz = (function () {
  const RANK_LABEL = { T: "10", B: "JOKER", R: "JOKER" };
  const SUITS = ["♠", "♥", "♣", "♦"];
  const RED_SUITS = new Set(["♥", "♦"]);

  // An element with a class and, optionally, text.
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // One card: a rank character of the canonical notation (3456789TJQKA2BR) and a suit.
  // Jokers have no suit: B is the black (small) joker, R the red (big) one.
  function card(rank, suit) {
    const joker = rank === "B" || rank === "R";
    const red = rank === "R" || RED_SUITS.has(suit);
    const node = el("span", "card " + (red ? "red" : "black") + (joker ? " joker" : ""));
    node.dataset.rank = rank;
    node.title = joker ? (rank === "R" ? "red joker" : "black joker") : label(rank) + suit;
    if (joker) {
      node.append(el("span", "corner", "★"), el("span", "joker-word", "JOKER"));
    } else {
      node.append(el("span", "corner", label(rank) + "\n" + suit), el("span", "pip", suit));
    }
    return node;
  }

  function label(rank) {
    return RANK_LABEL[rank] || rank;
  }

  // A row of cards from canonical text ("33344"). The notation carries no suits: each copy
  // of a rank in the row is drawn with the next suit (♠ ♥ ♣ ♦). Cards of `kickers` (a
  // combination's kicker cards) are drawn set apart.
  function row(text, kickers) {
    const node = el("div", "cards");
    const seen = {};
    const apart = counts(kickers || "");
    const primal = counts(text);
    for (const ch of apart.keys()) primal.set(ch, primal.get(ch) - apart.get(ch));
    for (const ch of text) {
      const copy = seen[ch] || 0;
      seen[ch] = copy + 1;
      const face = card(ch, SUITS[copy % SUITS.length]);
      if (copy >= primal.get(ch)) face.classList.add("kicker");
      node.append(face);
    }
    node.dataset.cards = text;
    return node;
  }

  function counts(text) {
    const found = new Map();
    for (const ch of text) found.set(ch, (found.get(ch) || 0) + 1);
    return found;
  }

  // A combination of an answer: its cards (kickers apart), its name and rank.
  function combination(combo) {
    const line = el("div", "combo");
    line.dataset.kind = combo.kind;
    line.append(row(combo.cards, combo.kickers));
    const name = el("span", "combo-name", combo.name + " " + combo.name_zh);
    let detail = combo.length > 1 ? "rank " + label(combo.rank) + ", " + combo.length + " long"
      : "rank " + label(combo.rank);
    if (combo.bomb_class) detail += ", " + combo.bomb_class;
    if (combo.read_as !== undefined && combo.read_as !== combo.cards) {
      detail += ", read as " + combo.read_as;  // wild cards standing for other ranks
    }
    name.append(el("small", "", detail));
    line.append(name);
    return line;
  }

  // POST (or GET without a body) to the service: {ok, status, body}. A problem document
  // (RFC 9457) comes back as the body of a failed answer; a network failure as status 0.
  async function call(path, body) {
    const init = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    try {
      const answer = await fetch(path, init);
      const text = await answer.text();
      let parsed = null;
      try { parsed = JSON.parse(text); } catch (_) { parsed = { detail: text }; }
      return { ok: answer.ok, status: answer.status, body: parsed };
    } catch (error) {
      return { ok: false, status: 0, body: { detail: String(error) } };
    }
  }

  // The sentence of a problem document: its detail and each error's message.
  function problem(answer) {
    const body = answer.body || {};
    const errors = (body.errors || []).map((e) => e.message || JSON.stringify(e));
    const head = answer.status ? answer.status + " " + (body.title || "") : "no answer";
    return [head.trim() + ": " + (body.detail || ""), ...errors].join(" · ");
  }

  // Fill a <select> with the service's rule sets (GET /v1/rulesets), `standard` first.
  async function rulesets(select) {
    const answer = await call("/v1/rulesets");
    if (!answer.ok) return;
    select.replaceChildren();
    for (const set of answer.body.rulesets) {
      const option = el("option", "", set.name);
      option.value = set.name;
      option.title = set.description || "";
      option.dataset.wilds = (set.options || {}).wilds || "none";
      select.append(option);
    }
    select.value = "standard";
  }

  return { el, card, row, combination, call, problem, rulesets, label };
})();
