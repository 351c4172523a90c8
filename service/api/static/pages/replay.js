// The hand replay (GET /replay): a hand record (the body of POST /v1/hands/validate) stepped
// through seat by seat. The referee judges the whole record once (its first illegal event,
// its score) and each step's prefix of it (the seats' cards and the trick at that step): the
// page knows no rule of the game. Record fields it does not know (new auction events) are
// steps all the same, shown as "seat N: <json>".
"use strict";

(function () {
  const { el, row, combination, call, problem } = window.ddz;
  const $ = (id) => document.getElementById(id);
  const KNOWN = new Set(["deal", "bids", "events", "announcement"]);
  let replay = null; // {record, steps, whole (the full record's answer), states: Map}
  let at = 0; // the step shown
  let generation = 0;

  // The record's parts in the order a hand runs: the bids, any other list of the record
  // (as the auction events being added), then the plays and passes.
  function parts(record) {
    const others = Object.keys(record).filter((key) => !KNOWN.has(key)
      && Array.isArray(record[key]) && record[key].every((item) => item && typeof item === "object"));
    return ["bids", ...others, "events"].filter((key) => Array.isArray(record[key]));
  }

  // Every step: the deal, each item of each part (the announcement before the plays), and
  // the record that ends with that step (its prefix: later parts empty).
  function stepsOf(record) {
    const order = parts(record);
    const prefix = (upTo, count) => {
      const cut = { ...record };
      order.forEach((key, k) => {
        if (k > upTo) cut[key] = [];
        else if (k === upTo) cut[key] = record[key].slice(0, count);
      });
      return cut;
    };
    const steps = [{ part: "deal", index: null, seat: null, record: prefix(-1, 0) }];
    order.forEach((key, k) => {
      if (key === "events" && record.announcement) {
        steps.push({ part: "announcement", index: null, seat: null, item: record.announcement,
          record: prefix(k, 0) });
      }
      record[key].forEach((item, index) => {
        steps.push({ part: key, index, seat: item.seat, item, record: prefix(k, index + 1) });
      });
    });
    return steps;
  }

  // What a step says, as elements: a bid, a play (its cards), a pass, or generic JSON.
  function describe(step) {
    const item = step.item;
    if (step.part === "deal") return [el("span", "", "The deal")];
    if (step.part === "announcement") return [el("span", "", "announcement: " + JSON.stringify(item))];
    const seat = "seat " + item.seat;
    if (step.part === "bids" && Number.isInteger(item.bid) && keys(item, ["seat", "bid"])) {
      return [el("span", "", seat + (item.bid ? " bids " + item.bid : " passes"))];
    }
    if (step.part === "auction" && typeof item.action === "string" && keys(item, ["seat", "action", "stage"])) {
      const verb = item.action.replace(/_/g, " ");
      return [el("span", "", seat + " says " + verb + (item.stage ? " (" + item.stage + ")" : ""))];
    }
    if (step.part === "events" && item.pass === true && keys(item, ["seat", "pass"])) {
      return [el("span", "", seat + " passes")];
    }
    if (step.part === "events" && item.cards !== undefined && keys(item, ["seat", "cards", "kind", "rank"])) {
      const text = Array.isArray(item.cards) ? item.cards.join(" ") : String(item.cards);
      return [el("span", "", seat + " plays " + text)];
    }
    const json = JSON.stringify(item);
    return [el("span", "generic", item.seat === undefined ? json : "seat " + item.seat + ": " + json)];
  }

  function keys(item, allowed) {
    return Object.keys(item).every((key) => allowed.includes(key));
  }

  // The step the referee's error names (its part and index), or -1.
  function illegalStep(steps, error) {
    if (!error) return -1;
    return steps.findIndex((s) => s.part === error.part && (error.index === null || s.index === error.index));
  }

  async function load(text) {
    const mine = ++generation;
    $("source-problem").textContent = "";
    let record;
    try {
      record = JSON.parse(text);
      if (!record || typeof record !== "object" || Array.isArray(record)) throw new Error("not an object");
    } catch (error) {
      $("source-problem").textContent = "not a JSON object: " + error.message;
      return;
    }
    const whole = await call("/v1/hands/validate", record);
    if (mine !== generation) return;
    // A record the referee refuses (422) is still shown step by step, with the problem.
    const steps = stepsOf(record);
    const judged = whole.ok ? whole.body : null;
    replay = { record, steps, whole: judged, states: new Map(), bad: illegalStep(steps, judged && judged.error) };
    showVerdict(judged, whole.ok ? null : problem(whole));
    showSteps();
    showScore(judged);
    go(0);
  }

  function showVerdict(answer, failure) {
    const box = $("verdict");
    if (failure) {
      box.className = "verdict no";
      box.textContent = failure;
      return;
    }
    const e = answer.error;
    box.className = "verdict " + (answer.valid ? "yes" : "no");
    if (e) {
      const where = e.part + (e.index === null ? "" : " " + e.index) + (e.seat === null ? "" : ", seat " + e.seat);
      box.textContent = "Illegal at " + where + ": " + e.code + ": " + e.message;
    } else if (answer.phase === "ended") {
      box.textContent = "A legal hand: the " + answer.winner + " won" + (answer.spring ? " (spring)" : "")
        + (answer.anti_spring ? " (anti-spring)" : "") + ".";
    } else {
      box.textContent = "Legal so far: the hand is in its " + answer.phase + " phase"
        + (answer.to_act === null ? "." : ", seat " + answer.to_act + " to act.");
    }
  }

  function showSteps() {
    const list = $("steps");
    list.replaceChildren();
    replay.steps.forEach((step, i) => {
      const item = el("li");
      item.dataset.step = String(i);
      item.dataset.part = step.part;
      item.append(el("span", "part", step.index === null ? step.part : step.part + " " + step.index), ...describe(step));
      if (i === replay.bad) item.classList.add("illegal");
      if (replay.bad >= 0 && i > replay.bad) item.classList.add("after");
      item.addEventListener("click", () => go(i));
      list.append(item);
    });
    $("step-count").textContent = String(replay.steps.length);
  }

  async function go(i) {
    if (!replay) return;
    at = Math.max(0, Math.min(i, replay.steps.length - 1));
    const mine = ++generation;
    const step = replay.steps[at];
    for (const item of $("steps").children) item.classList.toggle("current", Number(item.dataset.step) === at);
    reveal($("steps"), $("steps").children[at]);
    $("where").textContent = "step " + (at + 1) + " of " + replay.steps.length;
    $("first").disabled = $("previous").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === replay.steps.length - 1;
    showEvent(step);
    let state = replay.states.get(at);
    if (!state) {
      const whole = replay.whole && at === replay.steps.length - 1;
      state = whole ? { ok: true, body: replay.whole } : await call("/v1/hands/validate", step.record);
      if (state.ok) replay.states.set(at, state);
    }
    if (mine !== generation) return;
    showTable(step, state);
    document.body.dataset.step = String(at);
  }

  // Scroll the list of steps (only it, not the page) to show the current one.
  function reveal(list, item) {
    if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
    }
  }

  function showEvent(step) {
    const box = $("event");
    box.replaceChildren(...describe(step));
    if (step.part === "events" && step.item.cards !== undefined) box.append(drawn(step.item.cards));
    const illegal = at === replay.bad;
    box.className = "event" + (illegal ? " illegal" : "");
    if (illegal) {
      const e = replay.whole.error;
      box.append(el("span", "why", e.code + ": " + e.message));
    } else if (replay.bad >= 0 && at > replay.bad) {
      box.append(el("span", "why", "after the first illegal event: the referee stopped there"));
    }
  }

  // The seats' cards at the step, the seat that acted, and the trick on the table.
  function showTable(step, state) {
    const seats = $("seats");
    const trick = $("trick");
    seats.replaceChildren();
    trick.replaceChildren();
    if (!state.ok) {
      seats.append(el("p", "problem", problem(state)));
      return;
    }
    const answer = state.body;
    answer.hands.forEach((cards, seat) => {
      const line = el("div", "seat");
      line.dataset.seat = String(seat);
      const who = el("div", "who", "Seat " + seat);
      who.append(el("small", "", role(answer, seat) + " · " + cards.length + " cards"));
      line.append(who, cards ? row(cards) : el("span", "empty", "no cards left"));
      if (seat === step.seat) line.classList.add("actor");
      if (seat === answer.to_act) line.classList.add("acting");
      seats.append(line);
    });
    if (answer.last_play) {
      const label = el("div", "who", "On the table · seat " + answer.last_player);
      trick.append(label, combination(answer.last_play));
    } else if (step.part !== "events") {
      const taken = answer.landlord === null ? "face down" : "taken by seat " + answer.landlord;
      trick.append(el("div", "who", "Kitty · " + taken), drawn(replay.record.deal.kitty));
    }
  }

  // Cards of the record (a play, the kitty) as the referee writes them: the record's may
  // carry suits or any notation the API reads. Drawn when the answer comes.
  function drawn(cards) {
    const slot = el("div", "cards");
    const body = { cards };
    if (replay.record.ruleset !== undefined) body.ruleset = replay.record.ruleset;
    call("/v1/classify", body).then((answer) => { if (answer.ok) slot.replaceWith(row(answer.body.cards)); });
    return slot;
  }

  function role(answer, seat) {
    if (answer.landlord === null) return "bidding";
    if (seat === answer.landlord) return "landlord";
    if (seat === answer.partner) return "landlord's partner";
    return "farmer";
  }

  function showScore(answer) {
    const score = answer && answer.score;
    $("score").hidden = !score;
    $("breakdown").replaceChildren();
    $("points").replaceChildren();
    if (!score) return;
    $("score-winner").textContent = score.winner + " won · stake " + score.stake + " × " + score.multiplier
      + (score.capped ? " (capped)" : "");
    for (const part of score.breakdown) {
      const line = el("tr");
      line.dataset.name = part.name;
      line.append(el("td", "", part.name), el("td", "", part.factor), el("td", "", part.detail));
      $("breakdown").append(line);
    }
    (answer.points || []).forEach((points, seat) => {
      const cell = el("span", "", "Seat " + seat + " ");
      cell.append(el("b", "", (points > 0 ? "+" : "") + points));
      $("points").append(cell);
    });
  }

  // The examples of the API's own documentation (GET /openapi.json), each named by its verdict.
  async function examples() {
    const doc = await call("/openapi.json");
    if (!doc.ok) return;
    const body = (path) => ((doc.body.paths[path] || {}).post || {}).requestBody;
    const example = (path) => (((body(path) || {}).content || {})["application/json"] || {}).example;
    const batch = example("/v1/hands/validate/batch");
    const found = batch && Array.isArray(batch.items) ? batch.items : [example("/v1/hands/validate")];
    const records = found.filter(Boolean);
    const verdicts = await Promise.all(records.map((r) => call("/v1/hands/validate", r)));
    records.forEach((record, i) => {
      const option = el("option", "", "Example " + (i + 1) + ": " + summary(verdicts[i]));
      option.value = JSON.stringify(record, null, 1);
      $("examples").append(option);
    });
  }

  function summary(answer) {
    if (!answer.ok) return "refused";
    const a = answer.body;
    if (a.error) return "illegal (" + a.error.code + ")";
    if (a.phase !== "ended") return "in progress";
    return "the " + a.winner + (a.winner === "landlord" ? " wins" : " win") + (a.spring ? ", spring" : "");
  }

  function loadExample() {
    const text = $("examples").value;
    if (!text) return;
    $("record").value = text;
    load(text);
  }

  function start() {
    $("load").addEventListener("click", loadExample);
    $("examples").addEventListener("change", loadExample);
    $("replay").addEventListener("click", () => load($("record").value));
    $("record").addEventListener("input", () => { $("examples").selectedIndex = 0; });
    $("first").addEventListener("click", () => go(0));
    $("previous").addEventListener("click", () => go(at - 1));
    $("next").addEventListener("click", () => go(at + 1));
    $("last").addEventListener("click", () => go(Infinity));
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("textarea, input, select")) return;
      const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity };
      if (event.key in moves) go(moves[event.key]);
    });
    examples().then(() => {
      document.body.dataset.examples = String($("examples").options.length - 1);
      if ($("examples").options.length > 1 && !$("record").value) {
        $("examples").selectedIndex = 1;
        loadExample();
      }
    });
  }

  start();
})();
