// Shared by the pages: calling the API, the tile picker, drawing an analysis and a score.
"use strict";

const WINDS = ["E", "S", "W", "N"];
const WIND_ZH = { E: "东", S: "南", W: "西", N: "北" };
const WIND_EN = { E: "East", S: "South", W: "West", N: "North" };
const windName = (w) => L(WIND_ZH[w], WIND_EN[w]);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) =>
  ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** fetch + JSON; a non-2xx answer throws an Error carrying the service's message and status. */
async function api(path, opts = {}) {
  const init = { method: opts.method || (opts.json || opts.form ? "POST" : "GET"), headers: { ...(opts.headers || {}) } };
  if (opts.json !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(opts.json);
  } else if (opts.form) {
    init.body = opts.form;
  }
  const r = await fetch(path, init);
  let body = null;
  try { body = await r.json(); } catch (e) { body = { error: `HTTP ${r.status}` }; }
  if (!r.ok) {
    const err = new Error(body.error || `HTTP ${r.status}`);
    err.status = r.status;
    err.zh = body.error_zh;
    throw err;
  }
  return body;
}

//: The elements showing an error, redrawn in the other language when it is switched.
const ERROR_BOXES = new Set();

/** An error made on the page from the catalogue's ``key``, in both languages (``zh`` shown in
 * Chinese mode); ``zhParams`` fill the Chinese, ``enParams`` (default the same) the English. */
function pageError(key, zhParams = {}, enParams = zhParams) {
  const err = new Error(TL("en", key, enParams));
  err.zh = TL("zh", key, zhParams);
  return err;
}

/** Show ``err`` (or clear with null) in ``el``; it follows the language switch. */
function showError(el, err) {
  el._err = err || null;
  if (err) ERROR_BOXES.add(el); else ERROR_BOXES.delete(el);
  drawError(el);
}

function drawError(el) {
  const err = el._err;
  if (!err) { el.innerHTML = ""; return; }
  const en = err.message || String(err);
  const text = I18N.lang === "zh" ? (err.zh || M(en)) : en;
  el.innerHTML = `<div class="error" role="alert">${esc(text)}</div>`;
}
document.addEventListener("langchange", () => { for (const el of ERROR_BOXES) drawError(el); });

/** Fill a <select> with the variants, by the names players use (Chinese, or English). */
async function fillVariants(select, chosen) {
  const data = await api("/api/variants");
  select.innerHTML = data.variants.map((v) => {
    const names = CAT.variants[v.name] || [v.name_zh, v.name];
    return `<option value="${esc(v.name)}" data-en="${esc(names[1])}">${esc(names[0])}</option>`;
  }).join("");
  if (chosen) select.value = chosen;
  I18N.apply(select);
  return data.variants;
}

//: The flowers and seasons, offered by the picker after the 34 playing tiles.
const BONUS_CODES = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"];

/** A modal grid of tiles; resolves with the chosen code (or null when closed). Keyboard: Tab
 * between tiles, Enter picks, Escape closes; focus goes back where it was. ``opts.remove`` adds a
 * "remove this tile" button (resolves "remove"), ``opts.win`` a "the winning tile" one (resolves
 * "win"), ``opts.indicator`` a "the tile turned up" one (resolves "indicator"), ``opts.bonus`` the
 * flowers and seasons. */
function pickTile(opts = {}) {
  return new Promise((resolve) => {
    const back = document.activeElement;
    const codes = TILE_CODES.concat(opts.bonus ? BONUS_CODES : []);
    const box = document.createElement("div");
    box.className = "picker";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-label", T("ui.choose_a_tile"));
    box.innerHTML = `<div class="picker-body"><div class="picker-grid">` +
      codes.map((c) => `<button type="button" class="pick" data-tile="${c}" aria-label="${esc(TILES.tileName(c, I18N.lang))}" title="${esc(TILES.tileName(c, I18N.lang))}">${tileSVG(c, { size: 52 })}</button>`).join("") +
      `</div><div class="row">` +
      (opts.win ? `<button type="button" class="secondary make-win" data-tile="win">${esc(T("page.make_win"))}</button>` : "") +
      (opts.indicator ? `<button type="button" class="secondary make-indicator" data-tile="indicator">${esc(T("page.make_indicator"))}</button>` : "") +
      (opts.remove ? `<button type="button" class="secondary remove" data-tile="remove">${esc(T("page.remove"))}</button>` : "") +
      `<button type="button" class="secondary close">${esc(T("page.cancel"))}</button></div></div>`;
    const done = (value) => {
      box.remove();
      document.removeEventListener("keydown", onKey, true);
      if (back && back.focus) back.focus();
      keepFocus(back);
      resolve(value);
    };
    const onKey = (ev) => {
      if (ev.key === "Escape") { ev.preventDefault(); done(null); return; }
      if (ev.key !== "Tab") return;  // the focus stays inside the picker while it is open
      const buttons = [...box.querySelectorAll("button")];
      const at = buttons.indexOf(document.activeElement);
      const next = at < 0 ? 0 : (at + (ev.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
      ev.preventDefault();
      buttons[next].focus();
    };
    box.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (!b && ev.target !== box) return;
      done(b && b.dataset.tile ? b.dataset.tile : null);
    });
    document.addEventListener("keydown", onKey, true);
    document.body.appendChild(box);
    const first = box.querySelector("button.pick");
    if (first) first.focus();
  });
}

/** Keep the focus where the player was after a pick: the tile button picked from is often
 * redrawn (the row or the photo's tiles rebuilt, after the service has read the hand again),
 * and a removed element leaves the focus on the page body. For a few seconds, whenever that
 * happens, the element with the same place (the same data-* keys in the same container) takes
 * the focus, or else its container. */
function keepFocus(el) {
  const holder = el && el.closest && el.closest("[id]");
  if (!holder || el === document.body) return;
  const keys = [...el.attributes].filter((a) => a.name.startsWith("data-"))
    .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
  const selector = `#${CSS.escape(holder.id)} ${el.tagName.toLowerCase()}${keys}`;
  const lost = () => !document.activeElement || document.activeElement === document.body;
  const refocus = () => {
    if (!lost() || document.querySelector(".picker")) return;
    const again = document.querySelector(selector) || document.getElementById(holder.id);
    if (!again) return;
    if (!again.matches("a[href], button, input, select, textarea, [tabindex]")) again.setAttribute("tabindex", "-1");
    again.focus();
  };
  const watch = new MutationObserver(refocus);
  watch.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => watch.disconnect(), 5000);
  // A tap or click elsewhere is the player moving on: the focus is his to place.
  document.addEventListener("pointerdown", () => watch.disconnect(), { once: true, capture: true });
}

function groupsHTML(text) {
  // "123m 456p EEE SS" -> tile pictures per group
  return text.split(" ").map((g) => {
    const codes = [];
    const m = /^(\d+)([mps])$/.exec(g);
    if (m) for (const d of m[1]) codes.push(d + m[2]);
    else for (const ch of g) codes.push(ch);
    return `<span class="group">${tilesHTML(codes, { size: 40 })}</span>`;
  }).join("");
}

const FORM_NAMES = {
  regular: ["基本和型 (四组+一对)", "four sets and a pair"],
  seven_pairs: ["七对", "seven pairs"], thirteen_orphans: ["十三幺", "thirteen orphans"],
  honors_and_knitted: ["全不靠", "honours and knitted"], knitted_straight: ["组合龙", "knitted straight"],
};
const formName = (f) => (FORM_NAMES[f] ? L(...FORM_NAMES[f]) : f);

/** A reading's form; a 16-tile hand's (台湾) regular form is five sets and a pair. */
function readingName(r, d) {
  const sets = d.groups.split(" ").length - 1 + ((r.hand && r.hand.melds) || []).length;
  return d.form === "regular" && sets === 5 ? T("ui.five_sets_and_a_pair") : formName(d.form);
}

/** A score as players say it: "3番 · 每家 8 分" (fan and points per payer), else "204 分". */
function scoreSummary(score) {
  if (score.tai !== undefined) return T("score.tai", { tai: score.tai });
  if (score.han !== undefined && score.fu !== undefined) return T("score.han_fu", { han: score.han, fu: score.fu, points: score.points });
  if (score.fan !== undefined && score.points !== undefined) return T("score.fan_each", { fan: score.fan, each: score.points });
  if (score.fan !== undefined) return T("score.fan", { fan: score.fan });
  return T("score.points", { points: score.total });
}

/** The score of a win: each item with its tiles, the cap, the total, every seat's payment. */
function scoreHTML(score) {
  const cap = score.items.find((it) => it.event === "cap");
  const items = itemRowsHTML(score) +
    (cap && score.fan !== undefined ? `<tr class="score-cap"><td colspan="3">${esc(T("report.cap", { cap: score.fan, fan: score.fan - cap.value }))}</td></tr>` : "");
  const unit = score.tai !== undefined ? T("ui.tai") : score.fan !== undefined ? T("ui.fan") : T("ui.points");
  const pays = WINDS.filter((w) => score.payments && w in score.payments).map((w) => {
    const v = score.payments[w];
    return `<tr class="payment" data-seat="${w}"><td>${windName(w)}${w === score.winner ? " ★" : ""}</td>` +
      `<td class="num ${v >= 0 ? "plus" : "minus"}">${v > 0 ? "+" : ""}${v}</td></tr>`;
  }).join("");
  return `<h3>${T("ui.score_2")}</h3><table class="score"><tbody>${items}</tbody>` +
    `<tfoot><tr><th>${T("ui.total")}</th><th class="num total">${score.total}</th>` +
    `<th>${esc(unit)}</th></tr></tfoot></table>` +
    `<p class="score-summary"><b>${esc(scoreSummary(score))}</b></p>` +
    (pays ? `<h3>${T("ui.payments_per_seat")}</h3><table class="payments">${pays}</table>` : "") +
    (score.assumed && score.assumed.length ? `<p class="note assumed">${esc(T("report.assumed"))}: ${esc(score.assumed.map(M).join(T("ui.list_semicolon")))}</p>` : "");
}

/** Why the variant's rules refuse the hand a win (the service's ``not_a_win``: 武汉's 开口, the
 * void suit, no yaku, under MCR's minimum), in the current language; null when nothing does. */
function notWinReason(r) {
  return r && r.not_a_win ? L(r.not_a_win.zh, gloss(r.not_a_win.en)) : null;
}

/** A win the rules let stand: a complete shape that nothing in the variant refuses. */
function isWinning(r) {
  return Boolean(r && r.is_win && !r.not_a_win);
}

/** The items a hand refused a win still counts (MCR under its minimum): no total as a win's,
 * no payments. */
function countedHTML(score) {
  return `<h3>${T("verdict.counted")}</h3><table class="score counted"><tbody>${itemRowsHTML(score)}</tbody></table>`;
}

/** A score's items as table rows: each name, its value, the tiles that make it. */
function itemRowsHTML(score) {
  return score.items.filter((it) => it.event !== "cap").map((it) =>
    `<tr class="score-item"><td>${esc(L(it.name_zh, gloss(it.name_en)))}</td>` +
    `<td class="num">${it.value}</td><td>${it.tiles ? tilesHTML(it.tiles, { size: 30 }) : ""}</td></tr>`).join("");
}

/** Everything about a hand: win or not and why, the readings, the score, waits, discards. */
function analysisHTML(r) {
  let html = "";
  const wilds = r.wilds || (r.score && r.score.wilds) || [];
  const why = notWinReason(r);
  if (wilds.length) html += `<p class="wilds" data-tiles="${esc(wilds.join(" "))}">${T("ui.wild_tiles")}: ${tilesHTML(wilds, { size: 30 })}</p>`;
  if (isWinning(r)) {
    html += `<p class="verdict win">${T("ui.a_winning_hand")}</p>`;
    html += r.decompositions.map((d) => `<div class="reading"><b>${esc(readingName(r, d))}</b> ${groupsHTML(d.groups)}</div>`).join("");
    if (r.score) html += scoreHTML(r.score);
  } else if (r.shanten === -1) {
    // Complete, but not a win: the verdict says so in plain colours, with the rule's reason.
    html += `<p class="verdict not-win">${T(why ? "verdict.not_a_win" : "ui.a_complete_hand")}</p>`;
    if (why) html += `<p class="why-not">${esc(why)}</p>`;
    html += (r.decompositions || []).map((d) => `<div class="reading"><b>${esc(readingName(r, d))}</b> ${groupsHTML(d.groups)}</div>`).join("");
    if (r.score) html += countedHTML(r.score);
  } else {
    const s = r.shanten;
    html += `<p class="verdict">${s === 0 ? T("ui.ready_one_tile_from_winning")
      : T("page.shanten_short", { s, n: s + 1 })}</p>`;
    const forms = Object.entries(r.shanten_forms).filter(([, v]) => v !== null)
      .map(([f, v]) => `${esc(formName(f))} ${v}`).join(" · ");
    html += `<p class="note">${T("ui.shanten_per_form")}: ${forms}</p>`;
    if (why) html += `<p class="why-not">${esc(why)}</p>`;
  }
  if (r.waits && r.waits.length) {
    html += `<h3>${T("ui.waits")}</h3><div class="waits">` + r.waits.map((w) =>
      `<span class="wait" data-tile="${w.tile}">${tileSVG(w.tile, { size: 44 })}<small>${T("ui.left")} ${w.remaining}</small></span>`).join("") + "</div>";
  }
  if (r.effective && r.effective.length) {
    html += `<h3>${T("ui.effective_tiles_a_draw_that_helps")}</h3><div class="waits">` +
      r.effective.map((w) => `<span class="wait">${tileSVG(w.tile, { size: 36 })}<small>${w.remaining}</small></span>`).join("") + "</div>";
  }
  if (r.discards && r.discards.length) {
    const b = r.discards[0];
    const name = TILES.tileName(b.tile, I18N.lang);
    // the advice's own sentence (value and danger weighed) where the answer has one; the
    // efficiency sentence for the first discard otherwise
    const why = r.why ? esc(L(r.why.zh, r.why.en)) : T("page.discard_why", {
      name, kinds: b.tiles.length, copies: b.ukeire,
      after: b.shanten === 0 ? T("page.after_ready") : T("page.after_shanten", { s: b.shanten }) });
    html += `<h3>${T("ui.what_to_discard")}</h3><p class="why" data-tile="${esc(b.tile)}">${why}</p><table class="discards">` +
      `<tr><th>${T("ui.discard")}</th><th>${T("ui.shanten_after")}</th><th>${T("ui.useful_copies")}</th><th>${T("ui.useful_draws")}</th></tr>` +
      r.discards.slice(0, 6).map((d, i) => `<tr class="discard${i === 0 ? " best" : ""}" data-tile="${d.tile}"><td>${tileSVG(d.tile, { size: 40 })}</td>` +
        `<td class="num">${d.shanten}</td><td class="num">${d.ukeire}</td><td>${d.no_legal_wait ? T("report.no_legal_wait") : tilesHTML(d.tiles, { size: 26 })}</td></tr>`).join("") + "</table>";
  }
  return html;
}

Object.assign(window, { api, showError, pageError, fillVariants, pickTile, analysisHTML, scoreHTML,
  notWinReason, isWinning,
  scoreSummary, groupsHTML, windName, esc, WINDS, formName, BONUS_CODES });

/** Tile names over their boxes on a canvas shown scaled down (a phone): the letters at least
 * 12 CSS pixels high, each label placed above or below its box, in tiers, so none overlaps
 * another; a label with no free place is shortened to the code. ``items``: [{box, text, color}]
 * in canvas pixels. The placed labels (CSS pixels) are kept in ``canvas.dataset.labels``. */
function drawLabels(canvas, g, items, minPx = 13) {
  const shown = canvas.getBoundingClientRect().width || canvas.width;
  const k = canvas.width / shown;  // canvas pixels per CSS pixel
  const font = Math.ceil(minPx * Math.max(1, k));
  const h = Math.ceil(font * 1.3);
  g.font = `${font}px sans-serif`;
  g.textBaseline = "middle";
  const placed = [];
  const free = (r) => r.x >= 0 && r.y >= 0 && r.x + r.w <= canvas.width && r.y + r.h <= canvas.height &&
    !placed.some((p) => r.x < p.x + p.w && p.x < r.x + r.w && r.y < p.y + p.h && p.y < r.y + r.h);
  for (const it of items) {
    const [x1, y1, x2, y2] = it.box;
    let spot = null;
    for (const text of [it.text, it.short || it.text]) {
      const w = Math.ceil(g.measureText(text).width + font * 0.4);
      const x = Math.max(0, Math.min(canvas.width - w, (x1 + x2) / 2 - w / 2));
      for (let tier = 0; tier < 6 && !spot; tier++) {
        for (const y of [y1 - h * (tier + 1), y2 + h * tier]) {
          const r = { x, y, w, h, text };
          if (free(r)) { spot = r; break; }
        }
      }
      if (spot) break;
    }
    if (!spot) continue;  // no room anywhere: the box alone says a tile is there
    placed.push(spot);
    g.fillStyle = "rgba(0,0,0,.75)";
    g.fillRect(spot.x, spot.y, spot.w, spot.h);
    g.fillStyle = it.color || "#fff";
    g.fillText(spot.text, spot.x + font * 0.2, spot.y + h / 2);
  }
  canvas.dataset.labels = JSON.stringify(placed.map((r) => ({ x: r.x / k, y: r.y / k, w: r.w / k, h: r.h / k, font: font / k, text: r.text })));
  return placed;
}
window.drawLabels = drawLabels;

//: The rivers the live page leaves for the table page's next record (seat wind -> tiles in
//: discard order, and when, in ms): a hand's discards are an hour old at most.
const LIVE_RIVERS = "mahjong-live-rivers", LIVE_RIVERS_MS = 60 * 60 * 1000;
const liveRivers = {
  /** Leave ``rivers`` for the next record (private mode: they are typed on the table page). */
  leave(rivers) {
    try { localStorage.setItem(LIVE_RIVERS, JSON.stringify({ rivers, at: Date.now() })); } catch (e) { /* private mode */ }
  },
  /** The rivers left, by seat wind, or {} where none are fresh enough. */
  take() {
    try {
      const kept = JSON.parse(localStorage.getItem(LIVE_RIVERS) || "null");
      return kept && kept.rivers && Date.now() - kept.at <= LIVE_RIVERS_MS ? kept.rivers : {};
    } catch (e) { return {}; }
  },
  /** Forget them once a hand recorded them. */
  clear() {
    try { localStorage.removeItem(LIVE_RIVERS); } catch (e) { /* private mode */ }
  },
};
