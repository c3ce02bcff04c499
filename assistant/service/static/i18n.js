// Chinese / English switch. Static text: <span data-en="English">中文</span> (the Chinese is the
// element's own text). Dynamic text: L("中文", "English"). The choice is kept in localStorage and
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
