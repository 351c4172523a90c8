// The hand replay (GET /replay): a hand record (the body of POST /v1/hands/validate) stepped
// through seat by seat. The referee judges the whole record once (its first illegal event,
// its score) and each step's prefix of it (the seats' cards and the trick at that step): the
// page knows no rule of the game. Record fields it does not know (new auction events) are
// steps all the same, shown as "seat N: <json>". The result and the score show at the last
// step only, as at a real table.
"use strict";

(function () {
  const { el, code, row, combination, call, problem } = window.ddz;
  const { t } = window.i18n;
  const $ = (id) => document.getElementById(id);
  const KNOWN = new Set(["deal", "bids", "events", "announcement"]);
  let replay = null; // {record, steps, whole (the full record's answer), states: Map, bad, failure}
  let offered = []; // the examples: [{record, answer}]
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

  function seat(n) {
    return t("seat", { n });
  }

  // A step's label in words ("play 4", 出牌 4); its code in the record ("events 3": the part
  // and index the referee's error names) as its title and data attribute.
  function stepLabel(step) {
    const words = window.i18n.has("part." + step.part) ? t("part." + step.part) : step.part;
    const node = el("span", "part", step.index === null ? words : words + " " + (step.index + 1));
    node.dataset.code = step.index === null ? step.part : step.part + " " + step.index;
    node.title = node.dataset.code;
    return node;
  }

  // What a step says, in words: a bid, an auction call, a play, a pass, or generic JSON.
  function describe(step) {
    const item = step.item;
    if (step.part === "deal") return [el("span", "", t("replay.the_deal"))];
    if (step.part === "announcement") {
      return [el("span", "", t("replay.announces") + ": "), el("span", "generic", JSON.stringify(item))];
    }
    const who = seat(item.seat);
    if (step.part === "bids" && Number.isInteger(item.bid) && keys(item, ["seat", "bid"])) {
      return [el("span", "", item.bid ? t("replay.bids", { seat: who, n: item.bid }) : t("replay.no_bid", { seat: who }))];
    }
    if (step.part === "auction" && window.i18n.has("action." + item.action) && keys(item, ["seat", "action", "stage"])) {
      let action = t("action." + item.action);
      if (item.stage) action += " (" + (window.i18n.has("stage." + item.stage) ? t("stage." + item.stage) : item.stage) + ")";
      const said = el("span", "", t("replay.says", { seat: who, action }));
      said.title = item.action + (item.stage ? " " + item.stage : "");
      return [said];
    }
    if (step.part === "events" && item.pass === true && keys(item, ["seat", "pass"])) {
      return [el("span", "", t("replay.passes", { seat: who }))];
    }
    if (step.part === "events" && item.cards !== undefined && keys(item, ["seat", "cards", "kind", "rank", "substitution"])) {
      const text = Array.isArray(item.cards) ? item.cards.join(" ") : String(item.cards);
      return [el("span", "", t("replay.plays", { seat: who }) + " " + text)];
    }
    const json = JSON.stringify(item);
    return [el("span", "generic", item.seat === undefined ? json : who + ": " + json)];
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
      $("source-problem").textContent = t("replay.not_json", { why: error.message });
      return;
    }
    const whole = await call("/v1/hands/validate", record);
    if (mine !== generation) return;
    // A record the referee refuses (422) is still shown step by step, with the problem.
    const steps = stepsOf(record);
    const judged = whole.ok ? whole.body : null;
    replay = { record, steps, whole: judged, states: new Map(), bad: illegalStep(steps, judged && judged.error),
      failure: whole.ok ? null : whole };
    showSteps();
    go(0);
  }

  // The referee's verdict on the whole record: an illegal event at once (the referee stops
  // there), the result of a legal hand at its last step only.
  function showVerdict() {
    const box = $("verdict");
    box.replaceChildren();
    if (replay.failure) {
      box.className = "verdict no";
      box.textContent = problem(replay.failure);
      return;
    }
    const answer = replay.whole;
    const e = answer.error;
    box.className = "verdict " + (answer.valid ? "yes" : "no");
    if (e) {
      const step = replay.steps[replay.bad];
      let where = step ? stepLabel(step).textContent : e.part;
      if (e.seat !== null) where += ", " + seat(e.seat);
      box.append(t("replay.illegal_at", { where, why: errorWords(e) }), " ", code(e.code));
    } else if (answer.phase === "ended") {
      const end = at === replay.steps.length - 1;
      const spring = answer.spring ? t("replay.spring") : answer.anti_spring ? t("replay.anti_spring") : "";
      box.textContent = end ? t("replay.ended", { winner: t("replay.won." + answer.winner), spring })
        : t("replay.ended_hidden");
    } else {
      const phase = window.i18n.has("phase." + answer.phase) ? t("phase." + answer.phase) : answer.phase;
      box.textContent = t("replay.so_far", { phase })
        + (answer.to_act === null ? "" : t("replay.to_act", { seat: seat(answer.to_act) }))
        + (window.i18n.lang === "zh" ? "。" : ".");
    }
  }

  // An illegal event in words: the referee's sentence in English; in Chinese the code's words
  // (the sentence as the title of the code's tag).
  function errorWords(e) {
    const key = "violation." + e.code;
    return window.i18n.lang === "zh" && window.i18n.has(key) ? t(key) : e.message;
  }

  function showSteps() {
    const list = $("steps");
    list.replaceChildren();
    replay.steps.forEach((step, i) => {
      const item = el("li");
      item.dataset.step = String(i);
      item.dataset.part = step.part;
      item.append(stepLabel(step), ...describe(step));
      if (i === replay.bad) {
        item.classList.add("illegal");
        item.append(el("span", "mark", t("replay.illegal")));
      }
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
    $("where").textContent = t("replay.where", { n: at + 1, m: replay.steps.length });
    $("first").disabled = $("previous").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === replay.steps.length - 1;
    showVerdict();
    showScore(at === replay.steps.length - 1 ? replay.whole : null);
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
    if (step.part === "events" && step.item.cards !== undefined) box.append(played(step.item));
    const illegal = at === replay.bad;
    box.className = "event" + (illegal ? " illegal" : "");
    if (illegal) {
      const e = replay.whole.error;
      const why = el("span", "why");
      why.append(el("span", "words", errorWords(e)), " ", code(e.code));
      why.title = e.message;
      box.append(why);
    } else if (replay.bad >= 0 && at > replay.bad) {
      box.append(el("span", "why", t("replay.after")));
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
    answer.hands.forEach((cards, n) => {
      const line = el("div", "seat");
      line.dataset.seat = String(n);
      const who = el("div", "who", t("Seat", { n }));
      who.append(el("small", "", role(answer, n) + " · " + t("replay.cards_left", { n: cards.length })));
      line.append(who, cards ? row(cards) : el("span", "empty", t("replay.no_cards_left")));
      if (n === step.seat) line.classList.add("actor");
      if (n === answer.to_act) line.classList.add("acting");
      seats.append(line);
    });
    if (answer.last_play) {
      const label = el("div", "who", t("replay.on_table", { seat: seat(answer.last_player) }));
      trick.append(label, combination(answer.last_play));
    } else if (step.part !== "events") {
      const taken = answer.landlord === null ? t("replay.kitty_down")
        : t("replay.kitty_taken", { seat: seat(answer.landlord) });
      trick.append(el("div", "who", taken), drawn(replay.record.deal.kitty));
    }
  }

  function rules() {
    return replay.record.ruleset === undefined ? {} : { ruleset: replay.record.ruleset };
  }

  // Cards of the record (the kitty) as the referee writes them: the record's may carry suits
  // or any notation the API reads. Drawn when the answer comes.
  function drawn(cards) {
    const slot = el("div", "cards");
    call("/v1/classify", { cards, ...rules() }).then((answer) => {
      if (answer.ok) slot.replaceWith(row(answer.body.cards));
    });
    return slot;
  }

  // A play of the record, drawn as its combination with its name: the reading it declares,
  // else the referee's preferred one; its cards alone when they are no combination.
  function played(item) {
    const slot = el("div", "cards");
    call("/v1/classify", { cards: item.cards, ...rules() }).then((answer) => {
      if (!answer.ok) return;
      const declared = answer.body.readings.find((r) => (item.kind === undefined || r.kind === item.kind)
        && (item.rank === undefined || r.rank === item.rank));
      const reading = item.kind === undefined && item.rank === undefined ? answer.body.combination : declared;
      slot.replaceWith(reading ? combination(reading) : row(answer.body.cards));
    });
    return slot;
  }

  function role(answer, n) {
    if (answer.landlord === null) return t("role.none");
    if (n === answer.landlord) return t("role.landlord");
    if (n === answer.partner) return t("role.partner");
    return t("role.farmer");
  }

  function showScore(answer) {
    const score = answer && answer.score;
    $("score").hidden = !score;
    $("breakdown").replaceChildren();
    $("points").replaceChildren();
    if (!score) return;
    const winner = t("winner." + score.winner);
    $("score-winner").textContent = t("replay.stake", { winner, stake: score.stake, multiplier: score.multiplier })
      + (score.capped ? t("replay.capped") : "");
    const total = {};
    for (const part of score.breakdown) total[part.name] = (total[part.name] || 0) + 1;
    const seen = {};
    for (const part of score.breakdown) {
      seen[part.name] = (seen[part.name] || 0) + 1;
      const line = el("tr");
      line.dataset.name = part.name;
      const name = el("td");
      name.append(el("span", "", factorName(part.name)), " ", code(part.name));
      line.append(name, el("td", "", part.factor), el("td", "", why(part, seen[part.name], total[part.name])));
      line.lastChild.title = part.detail;
      $("breakdown").append(line);
    }
    (answer.points || []).forEach((points, n) => {
      const cell = el("span", "", t("Seat", { n }) + " ");
      cell.append(el("b", "", (points > 0 ? "+" : "") + points));
      $("points").append(cell);
    });
  }

  function factorName(name) {
    return window.i18n.has("factor." + name) ? t("factor." + name) : name;
  }

  // A factor's reason: the referee's sentence in English; in Chinese its name, which of how
  // many, and whose settlement it is on.
  function why(part, nth, of) {
    if (window.i18n.lang !== "zh") return part.detail;
    let text = factorName(part.name);
    if (of > 1) text += "，" + t("replay.nth", { n: nth, m: of });
    if (part.scope) {
      const [side, index] = part.scope.split(" ");
      const who = t("role." + side) + (index === undefined ? "" : " " + index);
      text += "，" + t("replay.scope", { who });
    }
    return text;
  }

  // The examples of the API's own documentation (GET /openapi.json), each named by its
  // verdict (never by its winner: the replay tells that at the end).
  async function examples() {
    const doc = await call("/openapi.json");
    if (!doc.ok) return;
    const body = (path) => ((doc.body.paths[path] || {}).post || {}).requestBody;
    const example = (path) => (((body(path) || {}).content || {})["application/json"] || {}).example;
    const batch = example("/v1/hands/validate/batch");
    const found = batch && Array.isArray(batch.items) ? batch.items : [example("/v1/hands/validate")];
    const records = found.filter(Boolean);
    const verdicts = await Promise.all(records.map((r) => call("/v1/hands/validate", r)));
    offered = records.map((record, i) => ({ record, answer: verdicts[i] }));
    offered.forEach((example) => {
      const option = el("option");
      option.value = JSON.stringify(example.record, null, 1);
      $("examples").append(option);
    });
    nameExamples();
  }

  function nameExamples() {
    offered.forEach((example, i) => {
      $("examples").options[i + 1].textContent = t("replay.example", { n: i + 1, what: summary(example.answer) });
    });
  }

  function summary(answer) {
    if (!answer.ok) return t("replay.example.refused");
    const a = answer.body;
    if (a.error) {
      const key = "violation." + a.error.code;
      return t("replay.example.illegal", { what: window.i18n.has(key) ? t(key) : a.error.code });
    }
    return t(a.phase === "ended" ? "replay.example.ended" : "replay.example.open");
  }

  function loadExample() {
    const text = $("examples").value;
    if (!text) return;
    $("record").value = text;
    load(text);
  }

  // Another language: the same replay, at the same step, in its words.
  function relabel() {
    nameExamples();
    if (!replay) return;
    showSteps();
    go(at);
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
    window.i18n.onChange(relabel);
    examples().then(() => {
      document.body.dataset.examples = String($("examples").options.length - 1);
      if ($("examples").options.length > 1 && !$("record").value) {
        $("examples").selectedIndex = 1;
        loadExample();
      }
    });
  }

  window.i18n.ready.then(start);
})();
