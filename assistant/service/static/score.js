// Page 1: photo -> annotated tiles -> corrections -> variant and table facts -> itemised score.
//
// One hand model: the photo's detections are the source of every tile read from it, and the
// hand row is drawn from their reading. A correction in the row is written into the detection
// the tile came from, so the photo shows it and a later correction in the photo keeps it. Tiles,
// melds and flowers added by hand (not in the photo) are kept beside the reading.
"use strict";

const state = {
  image: null,
  detections: [],  // as recognised, corrected in place; a tile taken out has removed: true
  hand: [],        // the concealed row, the winning tile last: {tile, det} (det: detection index or null)
  melds: [],       // {type, tiles, concealed, from, det: [indices] | null}
  bonus: [],       // flowers and seasons: {tile, det}
  manual: { hand: [], melds: [], bonus: [] },  // added by hand
  doubts: [],
  result: null,
  status: null,    // {key, params} of the catalogue
  win: null,       // the tile the player said is the winning one: a detection index, or a manual item
  file: null,      // the photo as sent (a correction sent to the player's tile set crops it)
  offer: null,     // the last correction of a photo tile: {det, tile, id (once remembered), undone}
  tileset: null,   // what the player's tile set has learnt (its summary), or null
  tsStatus: null,  // {key, params} of the teaching step's status line
};
const $ = (id) => document.getElementById(id);

function fillWinds() {
  // The seats offered are those at the table (E S W at a table of three); any wind may prevail.
  const seated = WINDS.slice(0, variantSeats);
  for (const sel of document.querySelectorAll("select.wind")) {
    const winds = sel.id === "prevalent" ? WINDS : seated;
    const v = winds.includes(sel.value) ? sel.value : (sel.id === "discarder" ? "W" : "E");
    sel.innerHTML = winds.map((w) => `<option value="${w}">${windName(w)}</option>`).join("");
    sel.value = v;
  }
  $("bet-N").closest("label").hidden = seated.length < 4;
}

function setStatus(key, params, found) {
  state.status = key === null ? null : { key, params };
  if (found === undefined) delete $("rec-status").dataset.found; else $("rec-status").dataset.found = found;
  drawStatus();
}

function drawStatus() {
  $("rec-status").textContent = state.status ? T(state.status.key, state.status.params) : "";
}

/** The tiles of the photo in reading order (left to right), each with its detection index. */
function photoOrder() {
  return state.detections.map((d, i) => ({ d, i })).filter((x) => !x.d.removed)
    .sort((a, b) => a.d.box[0] - b.d.box[0]);
}

/** The tiles drawn on the photo: those of the hand and the tile turned up (the indicator). */
function photoShown() {
  return state.detections.map((d, i) => ({ d, i })).filter((x) => !x.d.removed || x.d.indicator)
    .sort((a, b) => a.d.box[0] - b.d.box[0]);
}

function drawAnnotated() {
  const canvas = $("annotated");
  if (!state.image) { canvas.hidden = true; $("photo-tiles").hidden = true; return; }
  canvas.hidden = false;
  const img = state.image;
  const scale = Math.min(1, 1280 / img.naturalWidth);
  canvas.width = Math.round(img.naturalWidth * scale);
  canvas.height = Math.round(img.naturalHeight * scale);
  canvas.dataset.scale = scale;
  const g = canvas.getContext("2d");
  g.drawImage(img, 0, 0, canvas.width, canvas.height);
  g.lineWidth = Math.max(2, canvas.width / 400);
  const labels = [];
  for (const { d } of photoShown()) {
    const box = d.box.map((v) => v * scale);
    g.strokeStyle = d.indicator ? "#2060e0" : d.confidence < 0.5 ? "#f0a020" : "#e02030";
    g.strokeRect(box[0], box[1], box[2] - box[0], box[3] - box[1]);
    labels.push({ box, text: TILES.tileName(d.tile, I18N.lang), short: d.tile });
  }
  drawLabels(canvas, g, labels);
  // The text alternative and the keyboard's way to the photo's tiles: the tiles read, in order.
  const order = photoShown();
  canvas.setAttribute("aria-label", order.length
    ? `${T("ui.tiles_read_in_the_photo")}: ${order.map((x) => TILES.tileName(x.d.tile, I18N.lang)).join(T("ui.list_comma"))}`
    : T("ui.no_tile_was_read_in_the_photo"));
  $("photo-tiles").hidden = !order.length;
  $("photo-tiles").innerHTML = `<span class="note">${T("ui.the_photo_s_tiles_left_to_right")}:</span> ` +
    order.map((x, k) => `<button type="button" class="tile-btn${x.d.indicator ? " indicator" : ""}" data-det="${x.i}" aria-label="${esc(T("page.photo_tile", { k: k + 1, name: photoTileName(x.d) }))}">` +
      `${tileSVG(x.d.tile, { size: 34 })}</button>`).join("");
}

/** A photo tile's name; the tile turned up says so (it is outlined in blue, out of the hand). */
function photoTileName(d) {
  const name = TILES.tileName(d.tile, I18N.lang);
  return d.indicator ? `${name} (${T("ui.indicator_tile")})` : name;
}

function drawHand() {
  const items = state.hand;
  const meldCount = state.melds.length + state.manual.melds.length;
  const winLast = (items.length + meldCount * 3) % 3 === 2;
  const meldHTML = (m, i, manual) => `<span class="group meld" data-meld="${i}">${tilesHTML(m.tiles, { size: 44 })}` +
    `<small>${esc(meldWords(m))}</small>` +
    (manual ? ` <button type="button" class="secondary small meld-remove" data-meld="${i}">${esc(T("ui.remove_this_meld"))}</button>` : "") + "</span>";
  const bonus = state.bonus.concat(state.manual.bonus);
  $("hand").innerHTML = state.melds.map((m, i) => meldHTML(m, i, false)).join("") +
    state.manual.melds.map((m, i) => meldHTML(m, i, true)).join("") +
    `<span class="tiles">` + items.map((t, i) =>
      `<button type="button" class="tile-btn" data-index="${i}" aria-label="${esc(T("page.hand_tile", { i: i + 1, name: TILES.tileName(t.tile, I18N.lang), win: winLast && i === items.length - 1 ? T("page.winning_mark") : "" }))}">` +
      tileSVG(t.tile, { size: 56, cls: winLast && i === items.length - 1 ? "win" : "" }).replace("<svg ", `<svg data-index="${i}" `) +
      "</button>").join("") + "</span>" +
    (bonus.length ? `<span class="group bonus"><small>${T("ui.flowers")}</small>` + bonus.map((b, i) =>
      `<button type="button" class="tile-btn" data-bonus="${i}" aria-label="${esc(TILES.tileName(b.tile, I18N.lang))}">${tileSVG(b.tile, { size: 40 })}</button>`).join("") + "</span>" : "") +
    `<span class="note"> ${items.length + meldCount * 3} ${T("ui.tiles_2")}</span>` +
    (state.doubts.length ? `<ul class="doubts note">${state.doubts.map((d) =>
      `<li>${esc(M(d.message || d.reason || ""))}</li>`).join("")}</ul>` : "");
}

function meldWords(m) {
  const kind = m.concealed && (m.type === "kong" || m.type === "quint")
    ? T(`meld.concealed_${m.type}`) : T(`meld.${m.type}`);
  return m.from && !m.concealed ? `${kind} · ${T(`from.${m.from}`)}` : kind;
}

/** The row from a reading of the detections (``order`` maps reading numbers to detections). */
function useReading(reading, sent) {
  const hand = reading && reading.hand;
  const det = (n) => (reading.order && sent ? sent[reading.order[n - 1]] : null);
  state.hand = []; state.melds = []; state.bonus = [];
  if (reading && reading.groups && reading.order) {
    let win = null;
    for (const g of reading.groups) {
      if (g.kind === "concealed") state.hand.push(...g.tiles.map((n) => ({ tile: state.detections[det(n)].tile, det: det(n) })));
      else if (g.kind === "win") win = g.tiles.map((n) => ({ tile: state.detections[det(n)].tile, det: det(n) }));
      else if (g.kind === "meld") state.melds.push({ ...g.meld, det: g.tiles.map(det) });
      else if (g.kind === "bonus") state.bonus.push(...g.tiles.map((n) => ({ tile: state.detections[det(n)].tile, det: det(n) })));
    }
    if (win) state.hand.push(...win);
  } else if (hand && hand.concealed && hand.concealed.length) {
    // The simple reader: the face-up playing tiles left to right are the hand.
    const playing = photoOrder().filter((x) => TILE_CODES.includes(x.d.tile));
    state.hand = playing.map((x) => ({ tile: x.d.tile, det: x.i }));
    state.bonus = photoOrder().filter((x) => BONUS_CODES.includes(x.d.tile)).map((x) => ({ tile: x.d.tile, det: x.i }));
  } else {
    const order = photoOrder();
    state.hand = order.filter((x) => TILE_CODES.includes(x.d.tile)).map((x) => ({ tile: x.d.tile, det: x.i }));
    state.bonus = order.filter((x) => BONUS_CODES.includes(x.d.tile)).map((x) => ({ tile: x.d.tile, det: x.i }));
  }
  state.hand.push(...state.manual.hand);
  putWinLast();
  state.doubts = (reading && reading.doubts) || [];
}

/** The tile said to be the winning one goes last in the row (the row's last tile is the win). */
function putWinLast() {
  if (state.win === null) return;
  const i = state.hand.findIndex((t) => (typeof state.win === "number" ? t.det === state.win : t === state.win));
  if (i < 0) { state.win = null; return; }
  state.hand.push(...state.hand.splice(i, 1));
}

async function recognize(file) {
  setStatus("page.reading_photo", {});
  showError($("rec-error"), null);
  clearResult();
  const url = URL.createObjectURL(file);
  const img = new Image();
  await new Promise((ok, bad) => { img.onload = ok; img.onerror = () => bad(pageError("page.image_unshown")); img.src = url; }).catch((e) => showError($("rec-error"), e));
  state.image = img.naturalWidth ? img : null;
  state.manual = { hand: [], melds: [], bonus: [] };
  state.win = null;
  state.file = file;
  state.offer = null;
  drawRemember();
  const form = new FormData();
  form.append("image", file);
  MyTileset.addTo(form);
  try {
    const r = await api("/api/recognize", { form });
    state.detections = r.tiles.map((t) => ({ ...t }));
    useReading(r.reading, state.detections.map((_, i) => i));
    setStatus("page.tiles_found", { n: r.tiles.length }, r.tiles.length);
  } catch (err) {
    state.detections = [];
    useReading(null);
    setStatus(null, null, "error");
    if (err.status === 503) {
      const e = pageError("page.type_instead", { message: err.zh || M(err.message) }, { message: err.message });
      showError($("rec-error"), e);
    } else showError($("rec-error"), err);
  }
  drawAnnotated();
  drawHand();
}

/** Read the photo's tiles again after a correction (the reading's melds and winning tile follow). */
async function reread() {
  const sent = state.detections.map((d, i) => (d.removed ? -1 : i)).filter((i) => i >= 0);
  try {
    const r = await api("/api/read", { json: { tiles: sent.map((i) => state.detections[i]) } });
    useReading(r, sent);
    showError($("rec-error"), null);
  } catch (err) { showError($("rec-error"), err); }
  drawAnnotated();
  drawHand();
}

/** Correct (or take out) the photo's tile ``det``: the photo and the row both change. */
async function correctDetection(det, tile) {
  if (tile === "remove") state.detections[det].removed = true;
  else { state.detections[det].tile = tile; state.detections[det].confidence = 1; }
  offerToRemember(det, tile);
  // Shown at once in both views; the reading that follows may then regroup the tiles.
  if (tile === "remove") state.hand = state.hand.filter((t) => t.det !== det);
  else for (const t of state.hand.concat(state.bonus)) if (t.det === det) t.tile = tile;
  clearResult();
  drawAnnotated();
  drawHand();
  await reread();
}

async function onCanvasTap(ev) {
  const canvas = $("annotated");
  const rect = canvas.getBoundingClientRect();
  const scale = +canvas.dataset.scale * (rect.width / canvas.width);
  const x = (ev.clientX - rect.left) / scale, y = (ev.clientY - rect.top) / scale;
  const i = state.detections.findIndex((k) => (!k.removed || k.indicator) && x >= k.box[0] && x <= k.box[2] && y >= k.box[1] && y <= k.box[3]);
  if (i < 0) return;
  const tile = await pickTile(photoPickOptions());
  if (tile) await onPhotoPick(i, tile);
}

async function onPhotoTileKey(ev) {
  const b = ev.target.closest("button[data-det]");
  if (!b) return;
  const tile = await pickTile(photoPickOptions());
  if (tile) await onPhotoPick(+b.dataset.det, tile);
}

/** The picker for a photo's tile: it may also be marked as the tile turned up (wild variants). */
function photoPickOptions() {
  return { remove: true, bonus: true, indicator: !$("indicator-wrap").hidden };
}

async function onPhotoPick(det, tile) {
  const d = state.detections[det];
  if (d.indicator) {
    // The tile turned up corrected, or taken out (then none is given).
    if (tile === "remove") { d.indicator = false; $("indicator").value = ""; }
    else if (tile !== "indicator") { d.tile = tile; d.confidence = 1; $("indicator").value = tile; }
    clearResult();
    drawAnnotated();
    return;
  }
  if (tile === "indicator") await markIndicator(det);
  else await correctDetection(det, tile);
}

/** The photo's tile ``det`` is the tile turned up: out of the hand, sent as ``indicator``. */
async function markIndicator(det) {
  for (const d of state.detections) if (d.indicator) { d.indicator = false; d.removed = false; }
  const d = state.detections[det];
  d.indicator = true; d.removed = true;
  $("indicator").value = d.tile;
  state.hand = state.hand.filter((t) => t.det !== det);
  clearResult();
  drawAnnotated();
  drawHand();
  await reread();
}

async function onHandTap(ev) {
  const rm = ev.target.closest("button.meld-remove");
  if (rm) { state.manual.melds.splice(+rm.dataset.meld, 1); clearResult(); drawHand(); return; }
  const bb = ev.target.closest("button[data-bonus]");
  if (bb) {
    const i = +bb.dataset.bonus;
    const tile = await pickTile({ remove: true, bonus: true });
    if (!tile) return;
    const item = i < state.bonus.length ? state.bonus[i] : state.manual.bonus[i - state.bonus.length];
    if (item.det !== null && item.det !== undefined) { await correctDetection(item.det, tile); return; }
    if (tile === "remove") state.manual.bonus.splice(i - state.bonus.length, 1); else item.tile = tile;
    clearResult(); drawHand(); return;
  }
  const b = ev.target.closest("button[data-index]");
  if (!b) return;
  const i = +b.dataset.index;
  const tile = await pickTile({ remove: true, bonus: true, win: true });
  if (!tile) return;
  const item = state.hand[i];
  if (tile === "win") {
    state.win = item.det !== null && item.det !== undefined ? item.det : item;
    putWinLast();
    clearResult();
    drawHand();
    return;
  }
  if (item.det !== null && item.det !== undefined && state.detections[item.det]) {
    await correctDetection(item.det, tile);
    return;
  }
  const k = state.manual.hand.indexOf(item);
  if (tile === "remove") { state.hand.splice(i, 1); if (k >= 0) state.manual.hand.splice(k, 1); }
  else if (BONUS_CODES.includes(tile)) { state.hand.splice(i, 1); if (k >= 0) state.manual.hand.splice(k, 1); state.manual.bonus.push({ tile, det: null }); }
  else item.tile = tile;
  clearResult();
  drawHand();
}

async function addTile() {
  const tile = await pickTile({ bonus: true });
  if (!tile) return;
  const item = { tile, det: null };
  if (BONUS_CODES.includes(tile)) state.manual.bonus.push(item);
  else { state.manual.hand.push(item); state.hand.push(item); }
  clearResult();
  drawHand();
}

async function addMeld() {
  showError($("meld-error"), null);
  const type = $("meld-type").value;
  const concealed = (type === "kong" || type === "quint") && $("meld-concealed").checked;
  try {
    const tiles = (await api(`/api/parse?text=${encodeURIComponent($("meld-tiles").value)}`)).tiles;
    const size = { kong: 4, quint: 5 }[type] || 3;
    if (tiles.length !== size) {
      throw pageError("page.meld_size", { kind: TL("zh", `meld.${type}`), size, n: tiles.length },
        { kind: TL("en", `meld.${type}`), size, n: tiles.length });
    }
    state.manual.melds.push({ type, tiles, concealed, from: concealed ? null : $("meld-from").value, det: null });
    $("meld-tiles").value = "";
    clearResult();
    drawHand();
  } catch (err) { showError($("meld-error"), err); }
}

function drawMeldForm() {
  const kong = ["kong", "quint"].includes($("meld-type").value);  // a quint may be concealed too
  $("meld-concealed-wrap").hidden = !kong;
  $("meld-from-wrap").hidden = kong && $("meld-concealed").checked;
}

//: The chosen variant's options as served: key -> {value, zh, en}.
let variantOptions = {};
//: Players at the chosen variant's table: 3 (三麻, 成都 三人) leaves the North seat empty.
let variantSeats = 4;
//: Whether the chosen variant adds 宝牌 as 番 when the table turns them up (its switch).
let countsDora = false;

/** Controls for the variant's simple options (true/false, numbers); others keep their value. */
async function loadOptions() {
  // The indicators belong to the variant they were typed for: another variant's 宝牌 (or
  // riichi's dora) would count wrong, so the fields start empty and the switch off.
  for (const id of ["dora", "ura-dora"]) $(id).value = "";
  $("dora-switch").checked = false;
  try {
    const info = await api(`/api/variants/${encodeURIComponent($("variant").value)}`);
    variantOptions = info.options;
    variantSeats = info.seats || 4;
    countsDora = Boolean(info.counts_dora);
  } catch (err) { variantOptions = {}; variantSeats = 4; countsDora = false; }
  drawOptions();
  drawExtras();
  clearResult();
  // A variant that turns up no tile: the photo's tile marked as turned up goes back to the hand.
  const marked = state.detections.filter((d) => d.indicator);
  if ($("indicator-wrap").hidden && marked.length) {
    for (const d of marked) { d.indicator = false; d.removed = false; }
    $("indicator").value = "";
    await reread();
  }
}

//: The Japanese variants: riichi, ippatsu, the dora and ura-dora indicators as their own keys.
const JAPANESE = ["riichi", "riichi_sanma"];

/** The fields the chosen variant takes: the tile turned up, the (ura-)dora, riichi. Riichi
 * always turns up dora; a Chinese variant that counts 宝牌 (options.dora_indicators) does so
 * only where the table turns its switch on; the others have none. */
function drawExtras() {
  const v = $("variant").value;
  const riichi = JAPANESE.includes(v);
  $("indicator-wrap").hidden = !(variantOptions.wild_indicator && variantOptions.wild_indicator.value);
  $("dora-switch-wrap").hidden = riichi || !countsDora;
  $("dora-wrap").hidden = !(riichi || (countsDora && $("dora-switch").checked));
  $("ura-wrap").hidden = !riichi;
  $("riichi-wrap").hidden = !riichi;
  $("nukidora-wrap").hidden = !(variantOptions.nukidora && variantOptions.nukidora.value);
  fillWinds();
}

/** The tiles typed in the field ``id`` (none when empty); a bad tile is the service's error. */
async function typedTiles(id) {
  const text = $(id).value.trim();
  return text ? (await api(`/api/parse?text=${encodeURIComponent(text)}`)).tiles : [];
}

/** At most five indicators (dora, ura-dora). */
async function indicatorTiles(id) {
  const tiles = await typedTiles(id);
  if (tiles.length > 5) throw pageError("page.too_many_indicators", { n: tiles.length });
  return tiles;
}

//: "null = 不封顶", "(null: no cap)": how an option's doc says what "no value" means.
const NULL_CLAUSE = /\s*[,，]?\s*[(（]?\s*null\s*[=:：]\s*([^)）,，;；]+)[)）]?/;

/** An option's meaning as a player reads it, and what an empty box means ("不封顶"), if anything. */
function optionLabel(o) {
  const text = L(o.zh, gloss(o.en));
  const m = NULL_CLAUSE.exec(text);
  return { label: m ? text.replace(NULL_CLAUSE, "") : text, empty: m ? m[1].trim() : null };
}

function drawOptions() {
  const rows = Object.entries(variantOptions).filter(([, o]) =>
    typeof o.value === "boolean" || typeof o.value === "number" || (o.value === null && NULL_CLAUSE.test(o.en)));
  $("options").innerHTML = rows.map(([key, o]) => {
    const { label, empty } = optionLabel(o);
    return typeof o.value === "boolean"
      ? `<div><label><input type="checkbox" data-option="${key}" ${o.value ? "checked" : ""}> ${esc(label)}</label></div>`
      : `<div><label>${esc(label)} <input type="number" data-option="${key}" value="${o.value === null ? "" : o.value}"` +
        `${empty ? ` placeholder="${esc(empty)}" title="${esc(T("page.empty_means", { meaning: empty }))}"` : ""}></label></div>`;
  }).join("") || `<p class="note">${T("ui.no_options_to_set")}</p>`;
}

function chosenOptions() {
  const out = {};
  for (const el of document.querySelectorAll("#options [data-option]")) {
    const key = el.dataset.option;
    const value = el.type === "checkbox" ? el.checked : el.value === "" ? null : Number(el.value);
    if (value !== variantOptions[key].value) out[key] = value;
  }
  return out;
}

async function request() {
  const hand = state.hand.map((t) => t.tile);
  const melds = state.melds.concat(state.manual.melds).map(({ det, ...m }) => m);
  // With 14 tiles (a kong counting 3) the last one is the winning tile; with 13, none is.
  const win = (hand.length + melds.length * 3) % 3 === 2 ? hand.pop() : null;
  const self = $("self-drawn").checked;
  const seat = $("seat").value;
  const bets = {};
  for (const w of WINDS.slice(0, variantSeats)) { const b = +$(`bet-${w}`).value || 0; if (b) bets[w] = b; }
  const table = { dealer: $("dealer").value, seat, discarder: self ? null : $("discarder").value };
  if (Object.keys(bets).length) table.bets = bets;
  const body = {
    concealed: hand, melds, win_tile: win, variant: $("variant").value,
    options: chosenOptions(),
    context: { self_drawn: self, seat_wind: seat, prevalent_wind: $("prevalent").value },
    table,
  };
  const bonus = state.bonus.concat(state.manual.bonus).map((b) => b.tile);
  if (bonus.length) body.bonus = bonus;
  if (!$("indicator-wrap").hidden) {
    const t = await typedTiles("indicator");
    if (t.length > 1) throw pageError("page.one_indicator", { n: t.length });
    if (t.length) body.indicator = t[0];
  }
  if (!$("dora-wrap").hidden) {
    const dora = await indicatorTiles("dora");
    if (JAPANESE.includes(body.variant)) {
      const ura = await indicatorTiles("ura-dora");
      if (dora.length) body.dora_indicators = dora;
      if (ura.length) body.ura_dora_indicators = ura;
    } else if (dora.length) body.options.dora_indicators = dora;
  }
  if (!$("nukidora-wrap").hidden && +$("nukidora").value) body.nukidora = +$("nukidora").value;
  if (JAPANESE.includes(body.variant)) {
    body.context.riichi = $("riichi").checked;
    body.context.double_riichi = $("double-riichi").checked;
    body.context.ippatsu = $("ippatsu").checked;
  }
  return body;
}

/** After a photo tile is corrected to a tile face: offer to add it to the player's tile set. */
function offerToRemember(det, tile) {
  const face = TILE_CODES.includes(tile) || BONUS_CODES.includes(tile);
  state.offer = face && state.file ? { det, tile, id: null, undone: false } : null;
  showError($("ts-remember-error"), null);
  drawRemember();
}

function drawRemember() {
  const o = state.offer;
  $("ts-remember").hidden = !o;
  if (!o) return;
  const name = TILES.tileName(o.tile, I18N.lang);
  const key = o.undone ? "page.ts_undone" : o.id !== null ? "page.ts_remembered" : "page.ts_corrected";
  $("ts-remember-text").textContent = T(key, { name });
  $("ts-remember-btn").hidden = o.id !== null && !o.undone;
  $("ts-undo").hidden = o.id === null || o.undone;
}

/** Send the offered correction (the photo, the tile's box, the tile) to the player's tile set. */
async function rememberTile() {
  const o = state.offer;
  if (!o || !state.file) return;
  $("ts-remember-btn").disabled = true;
  try {
    const r = await MyTileset.remember(state.file, state.detections[o.det].box, o.tile);
    o.id = r.id; o.undone = false;
    state.tileset = r.tileset;
    showError($("ts-remember-error"), null);
  } catch (err) { showError($("ts-remember-error"), err); }
  $("ts-remember-btn").disabled = false;
  drawRemember();
  drawTileset();
}

async function undoRemembered() {
  const o = state.offer;
  if (!o || o.id === null) return;
  try {
    const r = await MyTileset.undo(o.id);
    o.undone = true; o.id = null;
    if (r) state.tileset = r.tileset;
    showError($("ts-remember-error"), null);
  } catch (err) { showError($("ts-remember-error"), err); }
  drawRemember();
  drawTileset();
}

/** The teaching step: what the player's set has learnt, and the last learning's outcome. */
function drawTileset() {
  const t = state.tileset;
  $("ts-summary").textContent = t
    ? T("page.ts_summary", { examples: t.examples, kinds: Object.keys(t.kinds).length })
    : T("page.ts_none");
  $("ts-summary").dataset.examples = t ? t.examples : 0;
  $("ts-status").textContent = state.tsStatus ? T(state.tsStatus.key, state.tsStatus.params) : "";
}

async function learnLayout(file) {
  state.tsStatus = { key: "page.ts_learning", params: {} };
  showError($("ts-error"), null);
  drawTileset();
  try {
    const r = await MyTileset.learn(file, $("ts-tiles").value);
    state.tileset = r.tileset;
    state.tsStatus = { key: "page.ts_learnt", params: { n: r.count, right: r.read_right } };
    $("ts-status").dataset.learnt = r.count;
  } catch (err) {
    state.tsStatus = null;
    showError($("ts-error"), err);
  }
  $("ts-photo").value = "";
  drawTileset();
}

function clearResult() {
  state.result = null;
  $("result").innerHTML = "";
}

async function score() {
  showError($("score-error"), null);
  clearResult();  // a bad input leaves no earlier result on screen
  try {
    state.result = await api(`/api/analyze`, { json: await request() });
    drawResult();
  } catch (err) {
    showError($("score-error"), err);
  }
  // The answer (or what is wrong) is below the button, often below the window: go to it, and
  // put the focus there so a keyboard or screen reader carries on from the answer.
  const card = $("result-card");
  card.scrollIntoView({ block: "start" });
  card.focus({ preventScroll: true });
}

function drawResult() {
  $("result").innerHTML = state.result ? analysisHTML(state.result) : "";
}

document.addEventListener("DOMContentLoaded", async () => {
  fillWinds();
  $("discarder-wrap").hidden = $("self-drawn").checked;
  $("self-drawn").addEventListener("change", () => { $("discarder-wrap").hidden = $("self-drawn").checked; });
  $("photo").addEventListener("change", (ev) => ev.target.files[0] && recognize(ev.target.files[0]));
  $("annotated").addEventListener("click", onCanvasTap);
  $("photo-tiles").addEventListener("click", onPhotoTileKey);
  $("hand").addEventListener("click", onHandTap);
  $("add-tile").addEventListener("click", addTile);
  $("add-meld").addEventListener("click", addMeld);
  $("meld-type").addEventListener("change", drawMeldForm);
  $("meld-concealed").addEventListener("change", drawMeldForm);
  drawMeldForm();
  $("clear").addEventListener("click", () => {
    state.hand = []; state.melds = []; state.bonus = []; state.manual = { hand: [], melds: [], bonus: [] };
    for (const d of state.detections) { d.removed = true; d.indicator = false; }
    clearResult(); drawAnnotated(); drawHand();
  });
  $("pick-indicator").addEventListener("click", async () => {
    const tile = await pickTile();
    if (tile) { $("indicator").value = tile; clearResult(); }
  });
  $("use-typed").addEventListener("click", async () => {
    try {
      const r = await api(`/api/parse?text=${encodeURIComponent($("typed").value)}`);
      // Typed tiles replace the hand; the photo's tiles no longer stand for it.
      for (const d of state.detections) d.removed = true;
      const items = r.tiles.filter((t) => !BONUS_CODES.includes(t)).map((tile) => ({ tile, det: null }));
      state.manual = { hand: items, melds: [], bonus: r.tiles.filter((t) => BONUS_CODES.includes(t)).map((tile) => ({ tile, det: null })) };
      state.hand = items.slice(); state.melds = []; state.bonus = []; state.doubts = [];
      clearResult(); drawAnnotated(); drawHand();
      showError($("rec-error"), null);
    } catch (err) { showError($("rec-error"), err); }
  });
  $("score-btn").addEventListener("click", score);
  $("ts-photo").addEventListener("change", (ev) => ev.target.files[0] && learnLayout(ev.target.files[0]));
  $("ts-remember-btn").addEventListener("click", rememberTile);
  $("ts-undo").addEventListener("click", undoRemembered);
  MyTileset.summary().then((t) => { state.tileset = t; drawTileset(); });
  try { await fillVariants($("variant"), "guangdong"); } catch (err) { showError($("score-error"), err); }
  $("variant").addEventListener("change", loadOptions);
  $("dora-switch").addEventListener("change", () => {
    if (!$("dora-switch").checked) $("dora").value = "";
    drawExtras(); clearResult();
  });
  loadOptions();
  drawHand();
});
document.addEventListener("langchange", () => {
  const kept = chosenOptions();
  fillWinds(); drawStatus(); drawAnnotated(); drawHand(); drawResult(); drawOptions();
  drawRemember(); drawTileset();
  for (const [key, value] of Object.entries(kept)) {
    const el = document.querySelector(`#options [data-option="${key}"]`);
    if (el) { if (el.type === "checkbox") el.checked = value; else el.value = value; }
  }
});
