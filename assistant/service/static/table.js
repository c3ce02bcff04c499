// Page 4: a game across hands for four named players, kept by the service in SQLite. The table
// id and its secret are in the address (#id:secret), so a reload, a restart of the service or
// the shared link comes back to it; only who holds the secret can record, correct or undo hands
// and delete the table, and the read-only link (#id) shows the table without the form. The
// service lists no tables: this browser keeps the ones it made or opened (id, secret, name) in
// localStorage.
"use strict";

const $ = (id) => document.getElementById(id);
const game = { table: null, secret: null, variants: [], variantInfo: null, pending: [], correcting: null, retry: null };
const SAVED = "mahjong-tables";
//: The Japanese variants: their own 立直 sticks, honba and 流局听牌 (tenpai at a draw).
const JAPANESE = ["riichi", "riichi_sanma"];

function savedTables() {
  try { return JSON.parse(localStorage.getItem(SAVED) || "[]").filter((t) => t && t.id); } catch (e) { return []; }
}

function saveTable(t, secret) {
  const list = savedTables().filter((s) => s.id !== t.id);
  const old = savedTables().find((s) => s.id === t.id) || {};
  list.unshift({ id: t.id, secret: secret || old.secret || null, name: t.name, variant: t.variant, hands: t.hand_number - 1 });
  try { localStorage.setItem(SAVED, JSON.stringify(list.slice(0, 100))); } catch (e) { /* private mode: the link still works */ }
}

const link = (t) => `#${t.id}${t.secret ? `:${t.secret}` : ""}`;

/** A fresh Idempotency-Key (128 random bits; getRandomValues works on plain HTTP too). */
function newKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The headers of a write: the secret, and one Idempotency-Key kept until the same write
 * succeeds, so that sending it again after a lost answer records it once. */
function writeHeaders(method, path, body) {
  const what = JSON.stringify([method, path, body || null]);
  if (!game.retry || game.retry.what !== what) game.retry = { what, key: newKey() };
  return { Authorization: `Bearer ${game.secret}`, "Idempotency-Key": game.retry.key };
}

async function write(method, path, body) {
  const out = await api(path, { method, json: body, headers: writeHeaders(method, path, body) });
  game.retry = null;
  return out;
}

async function listTables() {
  $("table-list").innerHTML = savedTables().map((t) =>
    `<li><a href="${esc(link(t))}">${esc(t.name)}</a> <span class="note">${esc(variantName(t.variant))} · ${+t.hands || 0} ${T("ui.hands_2")}</span></li>`).join("");
}

async function create() {
  showError($("create-error"), null);
  const seats = [0, 1, 2, 3].slice(0, seatsOf($("variant").value));  // 三麻: three players
  const players = seats.map((i) => $(`p${i}`).value.trim());
  const bets = seats.map((i) => +$(`b${i}`).value || 0);
  try {
    const body = { players, bets, variant: $("variant").value };
    // The 立直 switch of a Chinese table: a 1000 stick each declaration (riichi has its own).
    if ($("riichi-switch").checked && !$("riichi-switch-wrap").hidden) body.options = { riichi: true };
    const t = await api("/api/tables", { json: body });
    saveTable(t, t.secret);
    location.hash = link(t);
  } catch (err) { showError($("create-error"), err); }
}

/** Players at a table of the variant: 4, or 3 where it seats three (三麻, 成都 三人). */
function seatsOf(name) {
  return (game.variants.find((v) => v.name === name) || {}).seats || 4;
}

async function load() {
  const [id, secret] = location.hash.slice(1).split(":");
  if (!id) { $("game").hidden = true; return; }
  try {
    game.table = await api(`/api/tables/${encodeURIComponent(id)}`);
    game.secret = secret || (savedTables().find((t) => t.id === id) || {}).secret || null;
    saveTable(game.table, game.secret);
    listTables();
    draw();
  } catch (err) { showError($("create-error"), err); $("game").hidden = true; }
}

function draw() {
  const t = game.table;
  if (!t) return;
  $("game").hidden = false;
  game.variantInfo = game.variants.find((v) => v.name === t.variant) || null;
  toggleWin();
  drawPending();
  $("game-title").textContent = `${t.name} · ${variantName(t.variant)}`;
  $("pt3").closest("label").hidden = t.players.length < 4;  // a table of three has no fourth
  for (const [i, p] of t.players.entries()) {  // each points box says whose it is
    const label = $(`pt${i}-label`);
    if (label) label.textContent = p.name;
    $(`pt${i}`).setAttribute("aria-label", T("page.points_of", { name: p.name }));
  }
  $("prevalent").textContent = windName(t.prevalent_wind);
  $("hand-no").textContent = t.hand_number;
  $("players").innerHTML = t.players.map((p) =>
    `<div class="player${p.dealer ? " dealer" : ""}" data-player="${p.index}"><b class="name">${esc(p.name)}</b>` +
    `<div>${windName(p.seat_wind)}${p.dealer ? ` · ${T("ui.dealer_2")}` : ""}${p.bet ? ` · ${T("ui.bet")} ${p.bet}` : ""}</div>` +
    `<div class="total ${p.total >= 0 ? "plus" : "minus"}" data-total="${p.total}">${p.total > 0 ? "+" : ""}${p.total}</div>` +
    (t.start_points || t.riichi_stick ? `<div class="held" data-held="${p.held}">${T("ui.points_held")} ${p.held}</div>` : "") + "</div>").join("");
  drawCarried(t);
  drawFactBoxes(t);
  drawRiverRows(t);
  drawAccess(t);
  for (const sel of document.querySelectorAll(".player-select")) {
    const v = sel.value;
    sel.innerHTML = (sel.classList.contains("with-self") ? `<option value="">${T("ui.self_drawn_2")}</option>` : "") +
      t.players.map((p) => `<option value="${p.index}">${esc(p.name)} (${windName(p.seat_wind)})</option>`).join("");
    if (v !== "") sel.value = v;
  }
  const last = t.hands.length ? t.hands[t.hands.length - 1].number : 0;
  const controls = (h) => (game.secret ? `<td class="hand-controls"><button class="secondary correct-hand" data-hand="${h.number}">${T("ui.correct_hand")}</button>` +
    (h.number === last ? ` <button class="secondary undo-hand" data-hand="${h.number}">${T("ui.undo_hand")}</button>` : "") + "</td>" : "");
  $("hands").innerHTML = `<tr><th>#</th><th>${T("ui.dealer_3")}</th><th>${T("ui.result")}</th>` +
    t.players.map((p) => `<th>${esc(p.name)}</th>`).join("") + (game.secret ? "<th></th>" : "") + "</tr>" +
    t.hands.map((h) => {
      const r = h.result;
      const what = r.result === "draw" && !r.wins ? T("ui.draw_2")
        : winsWords(t, r.wins || [{ winners: r.winners || [r.winner], discarder: r.discarder }]);
      const wins = (r.wins || [r]).filter((w) => w.hand).map((w) =>
        `<div>${(r.wins || []).length > 1 ? esc(t.players[w.winner].name) + " " : ""}` +
        tilesHTML(w.hand.concealed.concat(w.hand.win_tile ? [w.hand.win_tile] : []), { size: 22 }) +
        (w.score ? `<div class="note">${w.score.items.map((i) => esc(L(i.name_zh, gloss(i.name_en)))).join(" · ")}</div>` : "") +
        "</div>").join("");
      const still = r.still_in ? `<div class="note still-in">${T("ui.still_in")}: ${r.still_in.map((p) => esc(t.players[p].name)).join(T("ui.list_comma"))}</div>` : "";
      return `<tr class="hand-row"><td>${h.number}</td><td>${esc(t.players[h.dealer].name)} ${windName(h.prevalent_wind)}</td><td>${what}${wins}${still}${riversHTML(t, h)}</td>` +
        h.payments.map((v) => `<td class="num ${v >= 0 ? "plus" : "minus"}">${v}</td>`).join("") + controls(h) + "</tr>";
    }).join("") +
    `<tr class="totals"><th colspan="3">${T("ui.totals")}</th>${t.totals.map((v) => `<th class="num">${v}</th>`).join("")}${game.secret ? "<th></th>" : ""}</tr>`;
}

/** The player at seat ``wind`` in a hand ``dealer`` dealt (the dealer sits East). */
function playerAt(t, wind, dealer) {
  return (dealer + WINDS.indexOf(wind)) % t.players.length;
}

/** A recorded hand's rivers, seat by seat in turn order, each under its player's name. */
function riversHTML(t, h) {
  const rivers = h.result.rivers;
  if (!rivers) return "";
  const rows = WINDS.filter((w) => rivers[w] && rivers[w].length).map((w) =>
    `<div class="river" data-wind="${w}"><span class="river-owner">${esc(t.players[playerAt(t, w, h.dealer)].name)} ${windName(w)}</span>` +
    `${tilesHTML(rivers[w], { size: 18 })}</div>`).join("");
  return rows ? `<div class="rivers"><div class="note">${T("ui.rivers")}</div>${rows}</div>` : "";
}

/** The live page's rivers (``liveRivers`` in common.js) of this table's winds, by seat wind. */
function liveRiversOf(t) {
  const winds = WINDS.slice(0, t.players.length);
  return Object.fromEntries(Object.entries(liveRivers.take())
    .filter(([w, tiles]) => winds.includes(w) && Array.isArray(tiles)));
}

/** One river box a player, labelled with the seat wind he sits at in the hand being recorded
 * (the hand corrected, or the next); what was typed stays when the table is drawn again. */
function drawRiverRows(t) {
  const box = $("river-rows");
  const typed = [...box.querySelectorAll("input.river-input")].map((el) => el.value);
  const hand = game.correcting ? t.hands.find((h) => h.number === game.correcting) : null;
  const dealer = hand ? hand.dealer : t.dealer;
  // the next hand's boxes start with the rivers the live page read or had tapped in
  const shared = hand ? {} : liveRiversOf(t);
  box.innerHTML = t.players.map((p, i) => {
    const wind = WINDS[(i - dealer + t.players.length) % t.players.length];
    const label = T("page.river_of", { name: p.name, wind: windName(wind) });
    const value = typed[i] || (shared[wind] || []).join(" ");
    return `<label class="river-row"><span>${esc(p.name)} ${windName(wind)}</span> ` +
      `<input class="river-input" data-wind="${wind}" size="24" placeholder="19m5pE" aria-label="${esc(label)}" value="${esc(value)}"></label>`;
  }).join("");
}

/** The rivers typed, as the API takes them: seat wind -> tiles in discard order; null if none. */
async function riversTyped() {
  const out = {};
  for (const el of document.querySelectorAll("input.river-input")) {
    const text = el.value.trim();
    if (text) out[el.dataset.wind] = (await api(`/api/parse?text=${encodeURIComponent(text)}`)).tiles;
  }
  return Object.keys(out).length ? out : null;
}

/** Who may change the table: without its secret (the read-only link) the record form, the
 * hands' controls and the delete button are not shown. */
function drawAccess(t) {
  const base = `${location.origin}${location.pathname}`;
  $("link-read-only").value = `${base}#${t.id}`;
  $("link-record").value = game.secret ? `${base}#${t.id}:${game.secret}` : "";
  $("link-record-wrap").hidden = !game.secret;
  $("read-only-note").hidden = !!game.secret;
  $("record-form").hidden = !game.secret;
  $("delete-table").hidden = !game.secret;
  if (game.correcting && !t.hands.some((h) => h.number === game.correcting)) game.correcting = null;
  $("correcting").hidden = !game.correcting;
  $("correcting").textContent = game.correcting ? T("ui.correcting_hand", { n: game.correcting }) : "";
  $("cancel-correction").hidden = !game.correcting;
  $("record").textContent = game.correcting ? T("ui.record_correction", { n: game.correcting }) : T("ui.record");
}

/** A hand's controls: correct it (the form records it again) or undo the last one. */
async function handControl(ev) {
  const button = ev.target.closest("button[data-hand]");
  if (!button) return;
  const n = +button.dataset.hand;
  showError($("record-error"), null);
  if (button.classList.contains("correct-hand")) {
    game.correcting = n;
    drawAccess(game.table);
    drawRiverRows(game.table);  // the seats as they sat in the hand corrected
    const rivers = (game.table.hands.find((h) => h.number === n) || { result: {} }).result.rivers || {};
    for (const el of document.querySelectorAll("input.river-input")) el.value = (rivers[el.dataset.wind] || []).join(" ");
    $("record-form").scrollIntoView({ block: "start" });
    $("record").focus();
    return;
  }
  if (!window.confirm(T("ui.confirm_undo", { n }))) return;
  try {
    game.table = await write("DELETE", `/api/tables/${game.table.id}/hands/${n}`);
    saveTable(game.table, game.secret);
    draw();
    listTables();
  } catch (err) { showError($("record-error"), err); }
}

async function deleteTable() {
  const t = game.table;
  if (!t || !window.confirm(T("ui.confirm_delete_table", { name: t.name, hands: t.hand_number - 1 }))) return;
  try {
    await write("DELETE", `/api/tables/${t.id}`);
    try { localStorage.setItem(SAVED, JSON.stringify(savedTables().filter((s) => s.id !== t.id))); } catch (e) { /* private mode */ }
    game.table = null;
    game.correcting = null;
    history.replaceState(null, "", location.pathname);
    $("game").hidden = true;
    listTables();
  } catch (err) { showError($("record-error"), err); }
}

/** Who won on whom, each win in the order it came: the winners on one discard together
 * ("乙、丁 和 丙"), a self-drawn win apart ("乙 和 丙；丁 自摸"), as a 血战 hand plays them. */
function winsWords(t, wins) {
  const name = (p) => esc(t.players[p].name);
  const groups = [];
  for (const w of wins) {
    const last = groups[groups.length - 1];
    const winners = w.winners || [w.winner];
    if (last && w.discarder !== null && last.discarder === w.discarder) last.winners.push(...winners);
    else groups.push({ winners: winners.slice(), discarder: w.discarder });
  }
  return groups.map((g) => `${g.winners.map(name).join(T("ui.list_comma"))} ` +
    (g.discarder === null ? T("ui.self_drawn_2") : `${T("ui.wins_on")} ${name(g.discarder)}`))
    .join(T("ui.list_semicolon"));
}

function drawCarried(t) {  // what the table carries into this hand
  const parts = [];
  if (t.start_points || t.riichi_stick) {
    const sticks = (t.riichi_sticks || []).reduce((a, b) => a + b, 0);
    parts.push(`${T("ui.riichi_sticks_on_the_table")}: <b id="sticks">${sticks}</b>`);
    if (t.start_points) parts.push(`${T("ui.honba")}: <b id="honba">${+t.honba || 0}</b>`);
  }
  if (t.streak) parts.push(`${T("ui.dealer_streak")}: <b id="streak">${+t.streak}</b>`);
  if ((t.stakes || []).length) {
    parts.push(`${T("ui.stakes_for_the_next_hand")}: ` + t.stakes.map((s) =>
      `${esc(t.players[s.from].name)} → ${esc(t.players[s.to].name)} ${+s.amount}`).join(T("ui.list_comma")));
  }
  $("carried").innerHTML = parts.join(" · ");
  $("carried").hidden = !parts.length;
}

const FACT_BOXES = { riichi: "riichi-boxes", tenpai: "tenpai-boxes", la_zhuang: "la-zhuang-boxes" };

function drawFactBoxes(t) {  // riichi's 立直 and 流局听牌, 十六张's 拉庄: one box a player
  for (const [fact, id] of Object.entries(FACT_BOXES)) {
    const box = $(id);
    const checked = new Set(factPlayers(fact));
    for (const el of box.querySelectorAll("label")) el.remove();
    box.insertAdjacentHTML("beforeend", t.players.map((p) =>
      `<label><input type="checkbox" class="fact-box" data-fact="${fact}" value="${p.index}"${checked.has(p.index) ? " checked" : ""}> ${esc(p.name)}</label>`).join(""));
  }
  toggleFacts();
}

function factPlayers(fact) {
  return [...document.querySelectorAll(`input.fact-box[data-fact="${fact}"]:checked`)].map((el) => +el.value);
}

function toggleFacts() {
  const t = game.table;
  const win = document.querySelector("input[name=result]:checked").value === "win";
  $("riichi-boxes").hidden = !t || (!JAPANESE.includes(t.variant) && !(t.options || {}).riichi);
  $("tenpai-boxes").hidden = !t || !JAPANESE.includes(t.variant) || win;
  $("la-zhuang-boxes").hidden = !t || t.variant !== "taiwan" || !win;
}

let previewTimer = null;
function previewHand(ev) {
  const row = ev.target.closest(".winner-row");
  if (!row || !ev.target.classList.contains("win-hand")) return;
  const out = row.querySelector(".win-hand-preview");
  clearTimeout(previewTimer);
  previewTimer = setTimeout(async () => {
    const text = ev.target.value.trim();
    if (!text) { out.innerHTML = ""; return; }
    try {
      const tiles = (await api(`/api/parse?text=${encodeURIComponent(text)}`)).tiles;
      out.innerHTML = tilesHTML(tiles, { size: 34 });
    } catch (err) { out.innerHTML = `<span class="note">${esc(I18N.lang === "zh" ? err.zh || M(err.message) : err.message)}</span>`; }
  }, 250);
}

/** Another winner on the same discard (一炮多响): a row like the first, without its ids. */
function addWinner() {
  const first = document.querySelector(".winner-row");
  const row = first.cloneNode(true);
  for (const el of row.querySelectorAll("[id]")) el.removeAttribute("id");
  row.querySelector(".win-hand").value = "";
  row.querySelector(".win-hand-preview").innerHTML = "";
  row.querySelector("select").selectedIndex = (first.querySelector("select").selectedIndex + 1) % 4;
  $("winner-rows").appendChild(row);
}

function resetWinners() {
  const rows = document.querySelectorAll(".winner-row");
  rows.forEach((row, i) => {
    if (i) row.remove();
    else { row.querySelector(".win-hand").value = ""; row.querySelector(".win-hand-preview").innerHTML = ""; }
  });
}

function addKong() {
  const row = $("kong-template").content.firstElementChild.cloneNode(true);
  $("kong-rows").appendChild(row);
  I18N.apply(row);
  draw();
  const from = row.querySelector(".kong-from-wrap");
  const type = row.querySelector(".kong-type");
  from.hidden = type.value !== "zhi";
  type.addEventListener("change", () => { from.hidden = type.value !== "zhi"; });
  row.querySelector(".kong-remove").addEventListener("click", () => row.remove());
}

/** The kongs entered, as the API takes them: player number -> [{type, tile, from}]. */
function kongs() {
  const out = {};
  for (const row of document.querySelectorAll(".kong-row")) {
    const player = row.querySelector(".kong-player").value;
    const kong = { type: row.querySelector(".kong-type").value, tile: row.querySelector(".kong-tile").value.trim() };
    if (kong.type === "zhi") kong.from = +row.querySelector(".kong-from").value;
    (out[player] = out[player] || []).push(kong);
  }
  return out;
}

async function parseHand(text) {
  const tiles = (await api(`/api/parse?text=${encodeURIComponent(text)}`)).tiles;
  return { concealed: tiles.slice(0, -1), win_tile: tiles[tiles.length - 1] };
}

/** The win the form describes: its discarder and its winner (or winners on that discard). */
async function formWin() {
  const win = { discarder: $("discarder").value === "" ? null : +$("discarder").value };
  const pts = game.table.players.map((p) => $(`pt${p.index}`).value);
  const winners = [];
  for (const [i, row] of [...document.querySelectorAll(".winner-row")].entries()) {
    const w = { winner: +row.querySelector("select").value };
    if (pts.some((v) => v !== "")) w.points = pts.map((v) => (i === 0 ? +v || 0 : 0));
    else w.hand = await parseHand(row.querySelector(".win-hand").value);
    winners.push(w);
  }
  if (winners.length === 1) Object.assign(win, winners[0]); else win.winners = winners;
  return win;
}

/** The players still in after the wins so far (血战到底: a winner leaves; 血流成河: he stays). */
function stillIn() {
  const leave = (game.variantInfo || {}).after_win === "leave";
  const gone = new Set(leave ? game.pending.flatMap((w) => (w.winners || [w]).map((x) => x.winner)) : []);
  return game.table.players.map((p) => p.index).filter((p) => !gone.has(p));
}

function drawPending() {
  const t = game.table;
  const out = $("pending-wins");
  if (!t || !game.pending.length) { out.innerHTML = ""; return; }
  const name = (p) => esc(t.players[p].name);
  const wins = game.pending.map((w) => ({ winners: (w.winners || [w]).map((x) => x.winner), discarder: w.discarder }));
  out.innerHTML = `${T("ui.wins_so_far")}: ${winsWords(t, wins)}` +
    ` · ${T("ui.still_in")}: ${stillIn().map(name).join(T("ui.list_comma"))}`;
}

/** 血战 / 血流: keep this win and clear the form for the next one of the same hand. */
async function winGoesOn() {
  showError($("record-error"), null);
  try { game.pending.push(await formWin()); } catch (err) { showError($("record-error"), err); return; }
  for (let i = 0; i < 4; i++) $(`pt${i}`).value = "";
  $("discarder").value = "";
  resetWinners();
  drawPending();
}

async function record() {
  showError($("record-error"), null);
  const result = document.querySelector("input[name=result]:checked").value;
  let body = { result };
  const k = kongs();
  if (result === "win") {
    try {
      const win = await formWin();
      body = game.pending.length ? { result, wins: game.pending.concat([win]) } : { result, ...win };
    } catch (err) { showError($("record-error"), err); return; }
  } else if (game.pending.length) {
    body = { result: "win", wins: game.pending };  // the wall ran out after the wins so far
  }
  if (Object.keys(k).length) body.kongs = k;
  try {
    // none typed: those the live page left since the boxes were drawn (another tab)
    const shared = game.correcting ? {} : liveRiversOf(game.table);
    const rivers = await riversTyped() || (Object.keys(shared).length ? shared : null);
    if (rivers) body.rivers = rivers;
  } catch (err) { showError($("record-error"), err); return; }
  for (const fact of Object.keys(FACT_BOXES)) {
    const players = factPlayers(fact);
    if (players.length && !$(FACT_BOXES[fact]).hidden) body[fact] = players;
  }
  const n = game.correcting;
  if (n && !window.confirm(T("ui.confirm_correct", { n }))) return;
  try {
    game.table = n ? await write("PUT", `/api/tables/${game.table.id}/hands/${n}`, body)
      : await write("POST", `/api/tables/${game.table.id}/hands`, body);
    if (!n) liveRivers.clear();
    game.correcting = null;
    saveTable(game.table, game.secret);
    for (let i = 0; i < 4; i++) $(`pt${i}`).value = "";
    $("discarder").value = "";  // the next hand starts as self-drawn until its discarder is chosen
    resetWinners();
    game.pending = [];
    drawPending();
    $("kong-rows").innerHTML = "";
    $("river-rows").innerHTML = "";
    for (const el of document.querySelectorAll("input.fact-box")) el.checked = false;
    draw();
    listTables();
  } catch (err) { showError($("record-error"), err); }
}

function toggleWin() {
  const win = document.querySelector("input[name=result]:checked").value === "win";
  for (const el of document.querySelectorAll(".win-only")) el.hidden = !win;
  // 血战到底 / 血流成河: the hand goes on after a win, so a win can be kept and the next entered.
  $("win-goes-on").hidden = !win || !(game.variantInfo && game.variantInfo.after_win);
  toggleFacts();
}

document.addEventListener("DOMContentLoaded", async () => {
  $("create").addEventListener("click", create);
  $("record").addEventListener("click", record);
  $("winner-rows").addEventListener("input", previewHand);
  $("add-winner").addEventListener("click", addWinner);
  $("add-kong").addEventListener("click", addKong);
  $("win-goes-on").addEventListener("click", winGoesOn);
  $("hands").addEventListener("click", handControl);
  $("delete-table").addEventListener("click", deleteTable);
  $("cancel-correction").addEventListener("click", () => { game.correcting = null; drawAccess(game.table); drawRiverRows(game.table); });
  for (const id of ["link-read-only", "link-record"]) $(id).addEventListener("focus", (ev) => ev.target.select());
  for (const r of document.querySelectorAll("input[name=result]")) r.addEventListener("change", toggleWin);
  window.addEventListener("hashchange", load);
  game.variants = await fillVariants($("variant"), "guangdong");
  // riichi plays its own 立直; every other variant may turn the switch on. A variant seating
  // three asks for three names and bets.
  const switchable = () => {
    $("riichi-switch-wrap").hidden = JAPANESE.includes($("variant").value);
    const three = seatsOf($("variant").value) < 4;
    for (const id of ["p3", "b3"]) $(id).closest("label").hidden = three;
  };
  $("variant").addEventListener("change", switchable);
  switchable();
  await listTables();
  await load();
});
document.addEventListener("langchange", () => { draw(); listTables(); });
