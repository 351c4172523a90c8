// The pages' two languages, English and Chinese (中文): the words of words.json, the switch in
// the header (with the header's links), and the choice remembered in the browser (localStorage). Every page loads this
// file first (window.i18n); an element with data-t="key" shows that word, data-t-title,
// data-t-placeholder and data-t-aria-label set those attributes.
"use strict";

window.i18n = (function () {
  const LANGUAGES = { en: { name: "English", tag: "en" }, zh: { name: "中文", tag: "zh-Hans" } };
  const STORE = "ddz-lang";
  const PLACES = [["/table", "nav.table"], ["/replay", "nav.replay"], ["/docs", "nav.docs"]];
  let words = { en: {}, zh: {} };
  let lang = chosen();
  const listeners = [];

  // The language remembered, else the browser's (中文 for any zh), else English.
  function chosen() {
    let kept = null;
    try { kept = localStorage.getItem(STORE); } catch (_) { kept = null; }
    if (kept in LANGUAGES) return kept;
    return (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
  }

  // The word of `key` in the current language, its {placeholders} filled from `values`.
  function t(key, values) {
    const text = key in words[lang] ? words[lang][key] : key;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
  }

  // Whether `key` has a word (a code the API may add later has none: it is then shown as is).
  function has(key) {
    return key in words[lang];
  }

  // Every data-t element of the page in the current language.
  function apply(root) {
    const scope = root || document;
    for (const node of scope.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
    for (const attribute of ["title", "placeholder", "aria-label"]) {
      const data = "data-t-" + attribute;
      for (const node of scope.querySelectorAll("[" + data + "]")) {
        node.setAttribute(attribute, t(node.getAttribute(data)));
      }
    }
    document.documentElement.lang = LANGUAGES[lang].tag;
    const title = document.querySelector("title[data-page]");
    if (title) title.textContent = t(title.dataset.page) + " · ddz-referee";
    for (const button of document.querySelectorAll("#languages button")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
    }
  }

  function set(next) {
    if (!(next in LANGUAGES) || next === lang) return;
    lang = next;
    try { localStorage.setItem(STORE, lang); } catch (_) { /* private browsing: not kept */ }
    apply();
    for (const listener of listeners) listener(lang);
  }

  // The header's links to the pages and the docs (#places), the current one marked.
  function buildPlaces() {
    const box = document.getElementById("places");
    if (!box) return;
    for (const [path, key] of PLACES) {
      const link = document.createElement("a");
      link.href = path;
      link.dataset.t = key;
      if (location.pathname === path) link.setAttribute("aria-current", "page");
      box.append(link);
    }
  }

  // The switch: a button per language, in the header's #languages.
  function buildSwitch() {
    const box = document.getElementById("languages");
    if (!box) return;
    for (const [code, language] of Object.entries(LANGUAGES)) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.lang = code;
      button.lang = language.tag;
      button.textContent = language.name;
      button.addEventListener("click", () => set(code));
      box.append(button);
    }
  }

  // The words, then the page in its language; resolves when both are done.
  const ready = fetch("/pages/words.json")
    .then((answer) => answer.json())
    .then((loaded) => { words = loaded; })
    .catch(() => { /* the keys show instead of words: still usable */ })
    .then(() => { buildPlaces(); buildSwitch(); apply(); });

  return {
    t, has, apply, set, ready,
    get lang() { return lang; },
    onChange(listener) { listeners.push(listener); },
  };
})();
