// Chinese / English switch. Static text: <span data-en="English">中文</span> (the Chinese is the
// element's own text, both from the catalogue). Dynamic text: T("key") from the catalogue, or
// L(zh, en) for the two languages of data the service sent. The choice is kept in localStorage and
// a "langchange" event lets each page redraw what it built.
"use strict";

const I18N = {
  lang: localStorage.getItem("mj-lang") || "zh",
  set(lang) {
    this.lang = lang === "en" ? "en" : "zh";
    localStorage.setItem("mj-lang", this.lang);
    this.apply();
    document.dispatchEvent(new CustomEvent("langchange", { detail: this.lang }));
  },
  apply(root = document) {
    document.documentElement.lang = this.lang === "en" ? "en" : "zh-CN";
    for (const el of root.querySelectorAll("[data-en]")) {
      if (el.dataset.zh === undefined) el.dataset.zh = el.textContent;
      el.textContent = this.lang === "en" ? el.dataset.en : el.dataset.zh;
    }
    for (const el of root.querySelectorAll("[data-en-placeholder]")) {
      if (el.dataset.zhPlaceholder === undefined) el.dataset.zhPlaceholder = el.placeholder;
      el.placeholder = this.lang === "en" ? el.dataset.enPlaceholder : el.dataset.zhPlaceholder;
    }
    for (const b of document.querySelectorAll(".lang-switch button")) {
      b.classList.toggle("active", b.dataset.lang === this.lang);
    }
  },
};
window.I18N = I18N;

function L(zh, en) {
  return I18N.lang === "en" ? en : zh;
}
window.L = L;

document.addEventListener("DOMContentLoaded", () => {
  for (const b of document.querySelectorAll(".lang-switch button")) {
    b.addEventListener("click", () => I18N.set(b.dataset.lang));
  }
  I18N.apply();
});

// The catalogue (assistant/catalogue.py, served as /catalogue.js): texts by key, the variants'
// names, the table words with their gloss, and the engine's English messages as templates with
// their Chinese, so that a message made in English on the service is shown in Chinese here.
const CAT = window.CATALOGUE || { text: {}, variants: {}, terms: {}, messages: {}, words: {} };

/** Catalogued text ``key`` in ``lang``, ``{name}`` filled from ``params``. */
function TL(lang, key, params = {}) {
  const pair = CAT.text[key];
  const s = pair ? (lang === "en" ? pair[1] : pair[0]) : key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** Catalogued text ``key`` in the current language. */
function T(key, params = {}) {
  return TL(I18N.lang, key, params);
}

/** A variant as players name it, in the current language. */
function variantName(id) {
  const pair = CAT.variants[id];
  return pair ? (I18N.lang === "en" ? pair[1] : pair[0]) : id;
}

const MESSAGE_PATTERNS = Object.entries(CAT.messages).map(([en, zh]) => {
  const literal = en.replace(/\{\{/g, "\0").replace(/\}\}/g, "\x01").split(/\{\d+\}/)
    .map((p) => p.replace(/\0/g, "{").replace(/\x01/g, "}"));
  const source = literal.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("([\\s\\S]+?)");
  return { re: new RegExp(`^${source}$`), zh, weight: literal.join("").length };
}).sort((a, b) => b.weight - a.weight);

function zhMessage(message, depth = 0) {
  if (message in CAT.words) return CAT.words[message];
  if (depth > 3) return null;
  for (const p of MESSAGE_PATTERNS) {
    const m = p.re.exec(message);
    if (!m) continue;
    const parts = m.slice(1).map((x) => zhMessage(x, depth + 1) || x);
    return p.zh.replace(/\{\{/g, "\0").replace(/\}\}/g, "\x01")
      .replace(/\{(\d+)\}/g, (s, i) => parts[+i]).replace(/\0/g, "{").replace(/\x01/g, "}");
  }
  return null;
}

/** An English message of the service (an assumption, a doubt, an error) in the current language. */
function M(message) {
  if (I18N.lang === "en" || !message) return message;
  return zhMessage(String(message)) || message;
}

/** English text with the Chinese table words it keeps glossed (炮子 → 炮子 (paozi bets)). */
function gloss(text) {
  if (I18N.lang !== "en" || !text) return text;
  let out = String(text);
  for (const term of Object.keys(CAT.terms).sort((a, b) => b.length - a.length)) {
    if (out.includes(`${term} (`)) continue;
    // The first place the term stands alone: not inside a longer word (红中 in 红中赖子杠).
    let i = out.indexOf(term);
    while (i >= 0 && (/[\u4e00-\u9fff]/.test(out[i - 1] || "") || /[\u4e00-\u9fff（(]/.test(out[i + term.length] || ""))) {
      i = out.indexOf(term, i + 1);
    }
    if (i < 0) continue;
    out = out.slice(0, i + term.length) + ` (${CAT.terms[term]})` + out.slice(i + term.length);
  }
  return out;
}
Object.assign(window, { T, TL, variantName, M, gloss });
