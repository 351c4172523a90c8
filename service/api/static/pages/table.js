// The card table (GET /table): cards drawn as cards, every reading of them (POST /v1/classify),
// whether they beat a previous play (POST /v1/beats), and their legal moves as a lead or as a
// response (POST /v1/legal-moves), under the rule set chosen (GET /v1/rulesets).
"use strict";

(function () {
  const { el, code, row, combination, call, problem, rulesets, label, name, isJoker } = window.ddz;
  const { t } = window.i18n;
  const $ = (id) => document.getElementById(id);
  const PAGE = 100; // moves per request ("Show more" asks for the next page)
  const RANKS = "3456789TJQKA2BR";
  let generation = 0; // answers to an older input are dropped
  let target = $("cards"); // the input the deck picker adds to
  let shown = { cards: "", previous: null, offset: 0 };
  // Each field's cards as the referee read them (canonical), for the picker's ×N badges: ""
  // when the field is empty or cannot be read.
  const read = { cards: "", previous: "" };

  // The rule set chosen; a wildcard game's with its wild ranks (docs/rules.md §14), which the
  // Wild field shows only then.
  function chosenRuleset() {
    const select = $("ruleset");
    const option = select.selectedOptions[0];
    const wild = option !== undefined && option.dataset.wilds !== undefined
      && option.dataset.wilds !== "none";
    $("wild-label").hidden = !wild;
    if (!wild) return select.value;
    return { name: select.value, wild: $("wild").value.split(/[\s,]+/).filter(Boolean) };
  }

  function ask() {
    const previous = $("previous").value.trim();
    return { cards: $("cards").value, previous: previous || null, ruleset: chosenRuleset() };
  }

  async function update() {
    const mine = ++generation;
    const input = ask();
    const work = [call("/v1/classify", { cards: input.cards, ruleset: input.ruleset })];
    work.push(input.previous === null ? null : call("/v1/beats",
      { play: input.cards, previous: input.previous, ruleset: input.ruleset }));
    work.push(moves(input, 0));
    work.push(input.previous === null ? null
      : call("/v1/classify", { cards: input.previous, ruleset: input.ruleset }));
    const [classified, beaten, listed, previous] = await Promise.all(work);
    if (mine !== generation) return;
    read.cards = classified.ok ? classified.body.cards : "";
    read.previous = previous !== null && previous.ok ? previous.body.cards : "";
    markPicker();
    showClassification(classified);
    showBeats(input.previous, beaten);
    shown = { cards: input.cards, previous: input.previous, ruleset: input.ruleset, offset: 0 };
    showMoves(listed, false);
    document.body.dataset.ready = String(mine);
  }

  function moves(input, offset) {
    const body = { hand: input.cards, ruleset: input.ruleset, limit: PAGE, offset };
    if (input.previous !== null) body.previous = input.previous;
    return call("/v1/legal-moves", body);
  }

  function showClassification(answer) {
    const problemLine = $("hand-problem");
    $("readings").replaceChildren();
    if (!answer.ok) {
      $("hand-cards").replaceChildren();
      problemLine.textContent = problem(answer);
      problemLine.hidden = false;
      setBadge($("verdict"), "", "");
      $("reason").textContent = "";
      return;
    }
    const body = answer.body;
    problemLine.hidden = true;
    $("hand-cards").replaceChildren(body.cards ? row(body.cards) : el("p", "empty", t("cards.none")));
    setBadge($("verdict"), t(body.valid ? "table.valid" : "table.invalid"), body.valid ? "yes" : "no");
    const many = body.readings.length > 1;
    const zh = window.i18n.lang === "zh";
    $("reason").textContent = body.valid
      ? (many ? t("table.readings", { n: body.readings.length }) : t("table.one_reading"))
      : (zh && body.cards ? t("table.not_a_combination", { cards: body.cards }) : body.reason);
    $("reason").title = body.valid ? "" : body.reason || "";
    for (const reading of body.readings) $("readings").append(combination(reading));
  }

  function showBeats(previous, answer) {
    $("beats").hidden = previous === null;
    if (previous === null) return;
    if (!answer.ok) {
      $("previous-cards").replaceChildren();
      setBadge($("beats-verdict"), t("table.cannot_compare"), "no");
      $("beats-reason").textContent = problem(answer);
      return;
    }
    const body = answer.body;
    $("previous-cards").replaceChildren(combination(body.previous));
    setBadge($("beats-verdict"), t(body.beats ? "table.beats" : "table.does_not_beat"),
      body.beats ? "yes" : "no");
    $("beats-reason").replaceChildren(verdictWords(body), " ", code(body.reason));
  }

  // Why a play beats or not, in words: the referee's sentence in English, the reason's words
  // in Chinese (the sentence as their title); the reason's code is drawn beside them.
  function verdictWords(body) {
    const key = "reason." + body.reason;
    const chinese = window.i18n.lang === "zh" && window.i18n.has(key);
    const words = el("span", "words", chinese ? t(key) : body.message || body.reason);
    if (chinese) words.title = body.message;
    return words;
  }

  function showMoves(answer, more) {
    const rows = $("move-rows");
    if (!more) rows.replaceChildren();
    if (!answer.ok) {
      setBadge($("moves-count"), "", "");
      $("moves-note").textContent = problem(answer);
      $("more").hidden = true;
      return;
    }
    const body = answer.body;
    for (const move of body.moves) {
      const line = combination(move);
      line.classList.add("move");
      rows.append(line);
    }
    shown.offset = body.offset + body.moves.length;
    const count = rows.children.length;
    rows.dataset.count = String(body.count);
    setBadge($("moves-count"), body.count === 1 ? t("table.move_count_one")
      : t("table.move_count", { n: body.count }), "info");
    const lead = t(shown.previous === null ? "table.as_lead" : "table.as_answer");
    const pass = shown.previous !== null && body.can_pass ? t("table.can_pass") : "";
    const part = count < body.count ? t("table.showing", { n: count }) : "";
    const stop = window.i18n.lang === "zh" ? "。" : ".";
    $("moves-note").textContent = lead + pass + part + stop;
    $("more").hidden = count >= body.count;
  }

  async function showMore() {
    const mine = generation;
    const answer = await moves(shown, shown.offset);
    if (mine === generation) showMoves(answer, true);
  }

  function setBadge(node, text, tone) {
    node.textContent = text;
    node.className = "badge" + (tone ? " " + tone : "");
  }

  // The deck picker: one card a rank; a click adds one to the input last focused.
  function buildPicker() {
    for (const rank of RANKS) {
      const button = el("button", "pick");
      button.type = "button";
      button.dataset.rank = rank;
      button.append(el("span", "count"));
      button.addEventListener("click", () => addCard(rank));
      $("picker").append(button);
    }
  }

  // The picker's cards and titles in the page's language ("add 10", "add red joker").
  function namePicker() {
    for (const button of $("picker").children) {
      const rank = button.dataset.rank;
      button.title = t("cards.add", { card: name(rank) });
      const old = button.querySelector(".card");
      if (old) old.remove();
      button.prepend(window.ddz.card(rank, isJoker(rank) ? "" : "♠"));
    }
  }

  // ×N on each rank: how many of it the field the picker adds to holds, as the referee read
  // that field (none while it cannot be read).
  function markPicker() {
    const cards = read[target.id];
    for (const button of $("picker").children) {
      const n = [...cards].filter((ch) => ch === button.dataset.rank).length;
      button.lastChild.textContent = n ? "×" + n : "";
      button.classList.toggle("held", n > 0);
    }
  }

  function token(rank) {
    return isJoker(rank) ? rank + "J" : label(rank);
  }

  function addCard(rank) {
    target.value = (target.value.trim() + " " + token(rank)).trim();
    update();
  }

  function undo() {
    const tokens = target.value.trim().split(/[\s,]+/);
    const last = tokens.pop() || "";
    if (last.length > 2) tokens.push(last.slice(0, -1)); // a run such as 33344: one card off
    target.value = tokens.join(" ");
    update();
  }

  function setTarget(input) {
    target = input;
    $("target").dataset.t = input.id === "cards" ? "table.cards" : "table.previous";
    $("target").textContent = t($("target").dataset.t);
    markPicker();
  }

  let pending = 0;
  function soon() {
    clearTimeout(pending);
    pending = setTimeout(update, 250);
  }

  function start() {
    buildPicker();
    $("form").addEventListener("submit", (event) => { event.preventDefault(); update(); });
    for (const input of [$("cards"), $("previous")]) {
      input.addEventListener("input", soon);
      input.addEventListener("focus", () => setTarget(input));
    }
    $("ruleset").addEventListener("change", update);
    $("wild").addEventListener("input", soon);
    $("more").addEventListener("click", showMore);
    $("undo").addEventListener("click", undo);
    $("clear").addEventListener("click", () => { target.value = ""; update(); });
    window.i18n.onChange(() => { namePicker(); update(); });
    namePicker();
    rulesets($("ruleset")).then(update);
  }

  window.i18n.ready.then(start);
})();
