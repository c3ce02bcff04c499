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

function showError(el, err) {
  const text = err && (I18N.lang === "zh" && err.zh ? err.zh : err.message || err);
  el.innerHTML = err ? `<div class="error" role="alert">${esc(text)}</div>` : "";
}

/** Fill a <select> with the variants (their Chinese or English name). */
async function fillVariants(select, chosen) {
  const data = await api("/api/variants");
  select.innerHTML = data.variants.map((v) =>
    `<option value="${v.name}" data-en="${esc(v.name)}">${esc(v.name_zh)}</option>`).join("");
  if (chosen) select.value = chosen;
  I18N.apply(select);
  return data.variants;
}

/** A modal grid of tiles; resolves with the chosen code (or null when closed). */
function pickTile(extra = []) {
  return new Promise((resolve) => {
    const box = document.createElement("div");
    box.className = "picker";
    box.innerHTML = `<div class="picker-body"><div class="picker-grid">` +
      TILE_CODES.concat(extra).map((c) => `<button class="pick" data-tile="${c}">${tileSVG(c, { size: 52 })}</button>`).join("") +
      `</div><button class="close">${L("取消", "Cancel")}</button></div>`;
    box.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (!b && ev.target !== box) return;
      box.remove();
      resolve(b && b.dataset.tile ? b.dataset.tile : null);
    });
    document.body.appendChild(box);
  });
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

/** The score of a win: each item with its tiles, the total, and every seat's payment. */
function scoreHTML(score) {
  const items = score.items.map((it) => `<tr class="score-item"><td>${esc(L(it.name_zh, it.name_en))}</td>` +
    `<td class="num">${it.value}</td><td>${it.tiles ? tilesHTML(it.tiles, { size: 30 }) : ""}</td></tr>`).join("");
  const pays = WINDS.filter((w) => score.payments && w in score.payments).map((w) => {
    const v = score.payments[w];
    return `<tr class="payment" data-seat="${w}"><td>${windName(w)}${w === score.winner ? " ★" : ""}</td>` +
      `<td class="num ${v >= 0 ? "plus" : "minus"}">${v > 0 ? "+" : ""}${v}</td></tr>`;
  }).join("");
  return `<h3>${L("计分", "Score")}</h3><table class="score"><tbody>${items}</tbody>` +
    `<tfoot><tr><th>${L("合计", "Total")}</th><th class="num total">${score.total}</th>` +
    `<th>${esc(score.unit || "")}</th></tr></tfoot></table>` +
    (pays ? `<h3>${L("各家收付", "Payments per seat")}</h3><table class="payments">${pays}</table>` : "") +
    (score.assumed && score.assumed.length ? `<p class="note">${L("假定", "Assumed")}: ${esc(score.assumed.join("; "))}</p>` : "");
}

/** Everything about a hand: win or not and why, the readings, the score, waits, discards. */
function analysisHTML(r) {
  let html = "";
  if (r.is_win) {
    html += `<p class="verdict win">${L("和牌！", "A winning hand!")}</p>`;
    html += r.decompositions.map((d) => `<div class="reading"><b>${esc(formName(d.form))}</b> ${groupsHTML(d.groups)}</div>`).join("");
    if (r.score) html += scoreHTML(r.score);
  } else if (r.shanten === -1) {
    html += `<p class="verdict">${L("完整的牌型", "A complete hand")}</p>`;
  } else {
    const s = r.shanten;
    html += `<p class="verdict">${s === 0 ? L("听牌 (差一张和牌)", "Ready: one tile from winning")
      : L(`${s} 向听：还差 ${s + 1} 张有效牌才能和`, `${s}-shanten: ${s + 1} useful tiles short of a win`)}</p>`;
    const forms = Object.entries(r.shanten_forms).filter(([, v]) => v !== null)
      .map(([f, v]) => `${esc(formName(f))} ${v}`).join(" · ");
    html += `<p class="note">${L("各和型向听", "Shanten per form")}: ${forms}</p>`;
  }
  if (r.waits && r.waits.length) {
    html += `<h3>${L("听牌", "Waits")}</h3><div class="waits">` + r.waits.map((w) =>
      `<span class="wait" data-tile="${w.tile}">${tileSVG(w.tile, { size: 44 })}<small>${L("剩", "left")} ${w.remaining}</small></span>`).join("") + "</div>";
  }
  if (r.effective && r.effective.length) {
    html += `<h3>${L("有效牌 (摸到就前进)", "Effective tiles (a draw that helps)")}</h3><div class="waits">` +
      r.effective.map((w) => `<span class="wait">${tileSVG(w.tile, { size: 36 })}<small>${w.remaining}</small></span>`).join("") + "</div>";
  }
  if (r.discards && r.discards.length) {
    const b = r.discards[0];
    const name = TILES.tileName(b.tile, I18N.lang);
    html += `<h3>${L("打哪张", "What to discard")}</h3><p class="why">` + L(
      `打${name}最好：打完后${b.shanten === 0 ? "听牌" : `${b.shanten} 向听`}，能让牌前进的有 ${b.tiles.length} 种、还剩 ${b.ukeire} 张（有效牌越多，越快和牌）。`,
      `Discard ${name}: the hand is then ${b.shanten === 0 ? "ready" : `${b.shanten}-shanten`}, and ${b.tiles.length} kinds of tile (${b.ukeire} copies left) improve it; the more useful draws, the sooner you win.`) +
      `</p><table class="discards">` +
      `<tr><th>${L("打", "Discard")}</th><th>${L("之后向听", "Shanten after")}</th><th>${L("有效牌张数", "Useful copies")}</th><th>${L("有效牌", "Useful draws")}</th></tr>` +
      r.discards.slice(0, 6).map((d, i) => `<tr class="discard${i === 0 ? " best" : ""}" data-tile="${d.tile}"><td>${tileSVG(d.tile, { size: 40 })}</td>` +
        `<td class="num">${d.shanten}</td><td class="num">${d.ukeire}</td><td>${tilesHTML(d.tiles, { size: 26 })}</td></tr>`).join("") + "</table>";
  }
  return html;
}

Object.assign(window, { api, showError, fillVariants, pickTile, analysisHTML, scoreHTML, groupsHTML,
  windName, esc, WINDS, formName });
