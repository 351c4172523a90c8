// Cards drawn as cards, and the service's JSON endpoints, for the pages of static/pages.
// Plain browser JavaScript, no library: every page loads it after i18n.js (window.ddz).
"use strict";

window.ddz = (function () {
  const { t } = window.i18n;
  const RANK_LABEL = { T: "10" };
  const SUITS = ["♠", "♥", "♣", "♦"];
  const RED_SUITS = new Set(["♥", "♦"]);

  // An element with a class and, optionally, text.
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // A small tag with a code of the API's answer (for developers), beside its words.
  function code(text) {
    const node = el("code", "code", text);
    node.title = t("code.title");
    return node;
  }

  // One card: a rank character of the canonical notation (3456789TJQKA2BR) and a suit.
  // Jokers have no suit: B is the black (small) joker, R the red (big) one. A joker is drawn
  // with a star and its word (JOKER, or 小王 / 大王), in black or red: no playing-card
  // character of Unicode, which many fonts lack (U+1F0BF, the red joker, among them).
  function card(rank, suit) {
    const joker = isJoker(rank);
    const red = rank === "R" || RED_SUITS.has(suit);
    const node = el("span", "card " + (red ? "red" : "black") + (joker ? " joker" : ""));
    node.dataset.rank = rank;
    node.title = joker ? name(rank) : label(rank) + suit;
    if (joker) {
      node.append(el("span", "corner", "★"), el("span", "joker-word", t("joker." + rank)));
    } else {
      node.append(el("span", "corner", label(rank) + "\n" + suit), el("span", "pip", suit));
    }
    return node;
  }

  function label(rank) {
    return RANK_LABEL[rank] || rank;
  }

  function isJoker(rank) {
    return rank === "B" || rank === "R";
  }

  // A rank in words: "3", "10", "black joker" / 小王, "red joker" / 大王.
  function name(rank) {
    return isJoker(rank) ? t("rank." + rank) : label(rank);
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

  // A combination of an answer: its cards (kickers apart), its name in the page's language
  // (the other language's as its title), its rank (a joker by name) and length.
  function combination(combo) {
    const line = el("div", "combo");
    line.dataset.kind = combo.kind;
    line.append(row(combo.cards, combo.kickers));
    const zh = window.i18n.lang === "zh";
    const title = el("span", "combo-name", zh ? combo.name_zh : combo.name);
    title.title = (zh ? combo.name : combo.name_zh) + " · " + combo.kind;
    const detail = [isJoker(combo.rank) ? name(combo.rank) : t("combo.rank", { rank: label(combo.rank) })];
    if (combo.length > 1) detail.push(t("combo.long", { n: combo.length }));
    if (combo.bomb_class) detail.push(t("bomb_class." + combo.bomb_class));
    if (combo.read_as !== undefined && combo.read_as !== combo.cards) {
      detail.push(t("combo.read_as", { cards: combo.read_as }));  // wild cards standing for others
    }
    title.append(el("small", "", detail.join(zh ? "，" : ", ")));
    line.append(title);
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

  // The sentence of a problem document: its detail and each error's message; in Chinese the
  // words of each error's code (its token named), the message where a code has none.
  function problem(answer) {
    const body = answer.body || {};
    if (!answer.status) return t("problem.none");
    if (window.i18n.lang === "zh") {
      const said = (body.errors || []).map((e) => (window.i18n.has("problem." + e.code)
        ? t("problem." + e.code, { token: e.token === undefined ? "" : e.token }) : e.message));
      return [t("problem.head", { status: answer.status }), ...said].join(" · ");
    }
    const errors = (body.errors || []).map((e) => e.message || JSON.stringify(e));
    const head = answer.status + " " + (body.title || "");
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

  return { el, code, card, row, combination, call, problem, rulesets, label, name, isJoker };
})();
