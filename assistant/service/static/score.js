// Page 1: photo -> annotated tiles -> corrections -> variant and table facts -> itemised score.
"use strict";

const state = { image: null, detections: [], hand: [], melds: [], doubts: [], result: null };
const $ = (id) => document.getElementById(id);

function fillWinds() {
  for (const sel of document.querySelectorAll("select.wind")) {
    const v = sel.value || (sel.id === "discarder" ? "W" : "E");
    sel.innerHTML = WINDS.map((w) => `<option value="${w}">${windName(w)}</option>`).join("");
    sel.value = v;
  }
}

function drawAnnotated() {
  const canvas = $("annotated");
  if (!state.image) { canvas.hidden = true; return; }
  const img = state.image;
  const scale = Math.min(1, 1280 / img.naturalWidth);
  canvas.width = Math.round(img.naturalWidth * scale);
  canvas.height = Math.round(img.naturalHeight * scale);
  canvas.dataset.scale = scale;
  const g = canvas.getContext("2d");
  g.drawImage(img, 0, 0, canvas.width, canvas.height);
  g.lineWidth = 3;
  g.font = `${Math.max(14, Math.round(canvas.width / 60))}px sans-serif`;
  for (const d of state.detections) {
    const [x1, y1, x2, y2] = d.box.map((v) => v * scale);
    g.strokeStyle = d.confidence < 0.5 ? "#f0a020" : "#e02030";
    g.strokeRect(x1, y1, x2 - x1, y2 - y1);
    const label = TILES.tileName(d.tile, I18N.lang);
    const w = g.measureText(label).width + 6;
    g.fillStyle = "rgba(0,0,0,.7)";
    g.fillRect(x1, y1 - 22, w, 22);
    g.fillStyle = "#fff";
    g.fillText(label, x1 + 3, y1 - 5);
  }
  canvas.hidden = false;
}

function drawHand() {
  const all = state.hand;
  const melds = state.melds.map((m) => `<span class="group meld">${tilesHTML(m.tiles, { size: 44 })}</span>`).join("");
  $("hand").innerHTML = melds + `<span class="tiles">` + all.map((t, i) =>
    tileSVG(t, { size: 56, cls: i === all.length - 1 && (all.length + state.melds.length * 3) % 3 === 2 ? "win" : "" }).replace("<svg ", `<svg data-index="${i}" `)).join("") + "</span>" +
    `<span class="note"> ${all.length} ${L("张", "tiles")}</span>` +
    (state.doubts.length ? `<ul class="doubts note">${state.doubts.map((d) =>
      `<li>${esc(d.message || d.reason || "")}</li>`).join("")}</ul>` : "");
}

function handFromDetections() {
  state.hand = state.detections.filter((d) => TILE_CODES.includes(d.tile))
    .sort((a, b) => a.box[0] - b.box[0]).map((d) => d.tile);
  state.melds = [];
}

/** Take the hand from a layout reading (melds kept), or the tiles left to right without one. */
function useReading(reading) {
  const hand = reading && reading.hand;
  if (hand && hand.concealed && hand.concealed.length) {
    state.hand = hand.concealed.slice();
    if (hand.win_tile) state.hand.push(hand.win_tile);
    state.melds = hand.melds || [];
  } else {
    handFromDetections();
  }
  state.doubts = (reading && reading.doubts) || [];
}

async function recognize(file) {
  $("rec-status").textContent = L("识别中…", "Reading the photo…");
  delete $("rec-status").dataset.found;
  showError($("rec-error"), null);
  const url = URL.createObjectURL(file);
  const img = new Image();
  await new Promise((ok, bad) => { img.onload = ok; img.onerror = () => bad(new Error(L("无法显示这张图片", "This image cannot be shown"))); img.src = url; }).catch((e) => showError($("rec-error"), e));
  state.image = img.naturalWidth ? img : null;
  const form = new FormData();
  form.append("image", file);
  try {
    const r = await api("/api/recognize", { form });
    state.detections = r.tiles;
    useReading(r.reading);
    $("rec-status").textContent = L(`找到 ${r.tiles.length} 张牌`, `${r.tiles.length} tiles found`);
    $("rec-status").dataset.found = r.tiles.length;
  } catch (err) {
    state.detections = [];
    $("rec-status").textContent = "";
    $("rec-status").dataset.found = "error";
    showError($("rec-error"), err.status === 503
      ? new Error(`${err.message} — ${L("请在下面手动输入牌", "type the tiles below instead")}`) : err);
  }
  drawAnnotated();
  drawHand();
}

async function onCanvasTap(ev) {
  const canvas = $("annotated");
  const rect = canvas.getBoundingClientRect();
  const scale = +canvas.dataset.scale * (rect.width / canvas.width);
  const x = (ev.clientX - rect.left) / scale, y = (ev.clientY - rect.top) / scale;
  const d = state.detections.find((k) => x >= k.box[0] && x <= k.box[2] && y >= k.box[1] && y <= k.box[3]);
  if (!d) return;
  const tile = await pickTile();
  if (!tile) return;
  d.tile = tile;
  d.confidence = 1;
  try {
    const r = await api("/api/read", { json: { tiles: state.detections } });
    useReading(r);
  } catch (err) { showError($("rec-error"), err); }
  drawAnnotated();
  drawHand();
}

async function onHandTap(ev) {
  const svg = ev.target.closest("svg[data-index]");
  if (!svg) return;
  const tile = await pickTile(["remove"]);
  if (!tile) return;
  const i = +svg.dataset.index;
  if (tile === "remove") state.hand.splice(i, 1); else state.hand[i] = tile;
  drawHand();
}

//: The chosen variant's options as served: key -> {value, zh, en}.
let variantOptions = {};

/** Controls for the variant's simple options (true/false, numbers); others keep their value. */
async function loadOptions() {
  try {
    variantOptions = (await api(`/api/variants/${encodeURIComponent($("variant").value)}`)).options;
  } catch (err) { variantOptions = {}; }
  drawOptions();
}

function drawOptions() {
  const rows = Object.entries(variantOptions).filter(([, o]) =>
    typeof o.value === "boolean" || typeof o.value === "number");
  $("options").innerHTML = rows.map(([key, o]) => {
    const label = esc(L(o.zh, o.en));
    return typeof o.value === "boolean"
      ? `<div><label><input type="checkbox" data-option="${key}" ${o.value ? "checked" : ""}> ${label}</label></div>`
      : `<div><label>${label} <input type="number" data-option="${key}" value="${o.value}"></label></div>`;
  }).join("") || `<p class="note">${L("没有可调的选项", "No options to set")}</p>`;
}

function chosenOptions() {
  const out = {};
  for (const el of document.querySelectorAll("#options [data-option]")) {
    const key = el.dataset.option;
    const value = el.type === "checkbox" ? el.checked : Number(el.value);
    if (value !== variantOptions[key].value) out[key] = value;
  }
  return out;
}

function request() {
  const hand = state.hand.slice();
  // With 14 tiles (a kong counting 3) the last one is the winning tile; with 13, none is.
  const win = (hand.length + state.melds.length * 3) % 3 === 2 ? hand.pop() : null;
  const self = $("self-drawn").checked;
  const seat = $("seat").value;
  const bets = {};
  for (const w of WINDS) { const b = +$(`bet-${w}`).value || 0; if (b) bets[w] = b; }
  const table = { dealer: $("dealer").value, seat, discarder: self ? null : $("discarder").value };
  if (Object.keys(bets).length) table.bets = bets;
  return {
    concealed: hand, melds: state.melds, win_tile: win, variant: $("variant").value,
    options: chosenOptions(),
    context: { self_drawn: self, seat_wind: seat, prevalent_wind: $("prevalent").value },
    table,
  };
}

async function score() {
  showError($("score-error"), null);
  $("result").innerHTML = "";
  try {
    state.result = await api(`/api/analyze`, { json: request() });
    drawResult();
  } catch (err) {
    showError($("score-error"), err);
  }
}

function drawResult() {
  if (state.result) $("result").innerHTML = analysisHTML(state.result);
}

document.addEventListener("DOMContentLoaded", async () => {
  fillWinds();
  $("discarder-wrap").hidden = $("self-drawn").checked;
  $("self-drawn").addEventListener("change", () => { $("discarder-wrap").hidden = $("self-drawn").checked; });
  $("photo").addEventListener("change", (ev) => ev.target.files[0] && recognize(ev.target.files[0]));
  $("annotated").addEventListener("click", onCanvasTap);
  $("hand").addEventListener("click", onHandTap);
  $("add-tile").addEventListener("click", async () => { const t = await pickTile(); if (t) { state.hand.push(t); drawHand(); } });
  $("clear").addEventListener("click", () => { state.hand = []; state.melds = []; drawHand(); });
  $("use-typed").addEventListener("click", async () => {
    try {
      const r = await api(`/api/parse?text=${encodeURIComponent($("typed").value)}`);
      state.hand = r.tiles; state.melds = []; drawHand();
      showError($("rec-error"), null);
    } catch (err) { showError($("rec-error"), err); }
  });
  $("score-btn").addEventListener("click", score);
  try { await fillVariants($("variant"), "guangdong"); } catch (err) { showError($("score-error"), err); }
  $("variant").addEventListener("change", loadOptions);
  loadOptions();
  drawHand();
});
document.addEventListener("langchange", () => {
  const kept = chosenOptions();
  fillWinds(); drawAnnotated(); drawHand(); drawResult(); drawOptions();
  for (const [key, value] of Object.entries(kept)) {
    const el = document.querySelector(`#options [data-option="${key}"]`);
    if (el) { if (el.type === "checkbox") el.checked = value; else el.value = value; }
  }
});
