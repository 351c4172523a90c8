// The card table (GET /table): cards drawn as cards, every reading of them (POST /v1/classify),
// whether they beat a previous play (POST /v1/beats), and their legal moves as a lead or as a
// response (POST /v1/legal-moves), under the rule set chosen (GET /v1/rulesets).
"use strict";

(function () {
  const { el, row, combination, call, problem, rulesets, label } = window.ddz;
  const $ = (id) => document.getElementById(id);
  const PAGE = 100; // moves per request ("Show more" asks for the next page)
  const RANKS = "3456789TJQKA2BR";
  let generation = 0; // answers to an older input are dropped
  let target = $("cards"); // the input the deck picker adds to
  let shown = { cards: "", previous: null, offset: 0 };

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
    const [classified, beaten, listed] = await Promise.all(work);
    if (mine !== generation) return;
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
    $("hand-cards").replaceChildren(body.cards ? row(body.cards) : el("p", "empty", "no cards"));
    markPicker(body.cards);
    setBadge($("verdict"), body.valid ? "a combination" : "not a combination",
      body.valid ? "yes" : "no");
    const many = body.readings.length > 1;
    $("reason").textContent = body.valid
      ? (many ? body.readings.length + " readings; the first is preferred" : "one reading")
      : body.reason;
    for (const reading of body.readings) $("readings").append(combination(reading));
  }

  function showBeats(previous, answer) {
    $("beats").hidden = previous === null;
    if (previous === null) return;
    if (!answer.ok) {
      $("previous-cards").replaceChildren();
      setBadge($("beats-verdict"), "cannot compare", "no");
      $("beats-reason").textContent = problem(answer);
      return;
    }
    const body = answer.body;
    $("previous-cards").replaceChildren(combination(body.previous));
    setBadge($("beats-verdict"), body.beats ? "beats it" : "does not beat it",
      body.beats ? "yes" : "no");
    $("beats-reason").textContent = body.message || body.reason || "";
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
    setBadge($("moves-count"), body.count + (body.count === 1 ? " move" : " moves"), "info");
    const lead = shown.previous === null ? "as a lead" : "in answer to the previous play";
    const pass = shown.previous === null ? "" : (body.can_pass ? "; passing is allowed" : "");
    const part = count < body.count ? " (showing " + count + ")" : "";
    $("moves-note").textContent = "Every legal play of these cards " + lead + pass + part + ".";
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
      button.title = "add " + (rank === "B" ? "the black joker" : rank === "R" ? "the red joker" : label(rank));
      button.append(window.ddz.card(rank, rank === "B" || rank === "R" ? "" : "♠"), el("span", "count"));
      button.addEventListener("click", () => addCard(rank));
      $("picker").append(button);
    }
  }

  function markPicker(cards) {
    for (const button of $("picker").children) {
      const n = [...cards].filter((ch) => ch === button.dataset.rank).length;
      button.lastChild.textContent = n ? "×" + n : "";
      button.classList.toggle("held", n > 0);
    }
  }

  function token(rank) {
    return rank === "B" || rank === "R" ? rank + "J" : label(rank);
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
    $("target").textContent = input.id === "cards" ? "Cards" : "Previous play";
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
    rulesets($("ruleset")).then(update);
  }

  start();
})();
