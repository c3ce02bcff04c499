// Page 2: the webcam streams frames to /api/recognize/live; tracks smooth the boxes and names over
// frames (no flicker), the hand read is the one most frames agree on, and its waits and best
// discards come from /api/analyze. A discard by another player is one tap -> /api/claims. With
// the Charleston on, /api/charleston-advice says which three tiles to pass on each pass.
"use strict";

const $ = (id) => document.getElementById(id);
const live = {
  running: false, stream: null, tracks: [], history: [], hand: null, analysis: null,
  times: [], latencies: [], inflight: 0, maxInflight: 0, updates: 0,
  held: 0,         // answers the service gave from its last reading of a still scene (live.frame)
  side: 960,       // the width frames are sent at, fitted to how fast the answers come
  slow: null,      // the answers' latency, smoothed (ms)
  tileset: null,   // what the player's own tile set has learnt (its summary), or null
  // the rivers and melds tapped in by hand on the discard pad (seat wind -> tiles in discard
  // order; seat wind -> melds as the hand state writes them), and each tap as [seat, "river" |
  // "meld"] in order, for undo; a tapped seat's river or melds replace the reader's
  tapped: {}, tappedMelds: {}, taps: [],
  //: this camera session's id: the service names again only the tiles changed since its
  //: previous frame, and answers a frame a newer one overtook "superseded"
  client: Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""),
};
//: A river holds at most this many discards, a seat shows at most this many melds (the service
//: refuses more: table.rivers, table.melds).
const MAX_RIVER = 30, MAX_MELDS = 5;
const HISTORY = 5;       // frames voted over for the hand
const MAX_MISSES = 3;    // frames a tile may vanish before its box goes
//: One frame in flight, taken from the camera when the answer to the one before has come: the
//: service never holds an old frame. Two in flight share the same cores, so on a busy machine
//: they gave about as many answers a second, each twice as late (benchmarks/live_rate.py).
const IN_FLIGHT = 1;
//: The widths a frame may be sent at; the live page steps down when an answer takes longer
//: than TARGET_MS (smoothed) and back up when answers come in well under it. A smaller frame
//: costs less to encode, send, decode and look over; 640 px is the floor, where a hand across
//: the frame still has about 45 px a tile for the classifier.
const SIDES = [1280, 960, 800, 640];
const TARGET_MS = 150;
const UP_MS = 90;        // answers this quick (smoothed): a wider frame fits in the target
const DECAY = 0.8;       // weight of a frame's name vote after each further frame
const SWITCH = 1.3;      // a tile's name changes only when another name has this many times its votes

function iou(a, b) {
  const x1 = Math.max(a[0], b[0]), y1 = Math.max(a[1], b[1]);
  const x2 = Math.min(a[2], b[2]), y2 = Math.min(a[3], b[3]);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const area = (r) => (r[2] - r[0]) * (r[3] - r[1]);
  return inter / (area(a) + area(b) - inter || 1);
}

/** Match the new detections to the tracks: boxes move smoothly, names are voted on. */
function updateTracks(detections) {
  const used = new Set();
  for (const t of live.tracks) {
    let best = -1, bestIou = 0.3;
    detections.forEach((d, i) => { const v = iou(t.box, d.box); if (!used.has(i) && v > bestIou) { best = i; bestIou = v; } });
    for (const k of Object.keys(t.votes)) t.votes[k] *= DECAY;
    if (best < 0) { t.misses += 1; continue; }
    used.add(best);
    const d = detections[best];
    t.box = t.box.map((v, j) => 0.5 * v + 0.5 * d.box[j]);
    t.votes[d.tile] = (t.votes[d.tile] || 0) + d.confidence;
    t.misses = 0; t.hits += 1;
  }
  detections.forEach((d, i) => {
    if (!used.has(i)) live.tracks.push({ box: d.box.slice(), votes: { [d.tile]: d.confidence }, misses: 0, hits: 1 });
  });
  live.tracks = live.tracks.filter((t) => t.misses < MAX_MISSES);
  for (const t of live.tracks) {
    const [best, votes] = Object.entries(t.votes).sort((a, b) => b[1] - a[1])[0];
    // Hysteresis: a name in place keeps it against a close rival, so labels do not flicker.
    if (!t.tile || votes > SWITCH * (t.votes[t.tile] || 0)) t.tile = best;
  }
}

/** The hand most of the last frames agree on (null until two frames agree). */
function voteHand(reading) {
  const h = reading && reading.hand;
  const tiles = h && h.concealed ? h.concealed.concat(h.win_tile ? [h.win_tile] : []) : null;
  live.history.push(tiles ? tiles.join(",") : "");
  if (live.history.length > HISTORY) live.history.shift();
  const counts = {};
  for (const k of live.history) counts[k] = (counts[k] || 0) + 1;
  const [key, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  if (n >= 2 && key) return key.split(",");
  return live.hand;
}

function drawOverlay(width, height) {
  const c = $("overlay");
  c.width = width; c.height = height;
  const g = c.getContext("2d");
  g.clearRect(0, 0, width, height);
  g.lineWidth = Math.max(2, width / 400);
  const overlayTiles = [], overlayNames = [], labels = [];
  for (const t of live.tracks) {
    if (t.hits < 2) continue;
    const [x1, y1, x2, y2] = t.box;
    g.strokeStyle = "#e02030";
    g.strokeRect(x1, y1, x2 - x1, y2 - y1);
    const label = TILES.tileName(t.tile, I18N.lang);
    overlayTiles.push(t.tile);
    overlayNames.push(label);
    labels.push({ box: t.box, text: label, short: t.tile });
  }
  drawLabels(c, g, labels);
  c.dataset.tiles = overlayTiles.join(" ");
  c.dataset.names = overlayNames.join(", ");
  // The text alternative: the tiles seen, left to right as the camera follows them.
  const order = labels.map((l, i) => [l.box[0], overlayNames[i]]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  c.setAttribute("aria-label", order.length ? `${T("ui.tiles_in_view")}: ${order.join(T("ui.list_comma"))}`
    : T("ui.no_tiles_in_view_yet"));
}

//: The table's rules as the page sends them: the variant and, where it plays 缺一门, the void suit.
function rules() {
  const variant = $("variant").value || "default";
  const info = (live.variants || []).find((v) => v.name === variant) || { options: {} };
  const lacks = Boolean((info.options.lack_a_suit || {}).value);
  $("void-suit-label").hidden = !lacks;
  const voidSuit = lacks ? $("void-suit").value : "";
  // Where the variant makes its wild tiles from the tile turned up: that tile, as typed.
  const wild = Boolean((info.options.wild_indicator || {}).value);
  $("indicator-label").hidden = !wild;
  const indicator = wild ? $("indicator").value.trim() : "";
  return { variant, chow: (info.options.chow_allowed || { value: true }).value !== false,
           context: voidSuit ? { void_suit: voidSuit } : {}, indicator };
}

/** The hand state the page sends: the tiles, and the tile turned up where there is one. */
function handState(tiles, r) {
  const body = { concealed: tiles, context: r.context };
  if (r.indicator) body.indicator = r.indicator;
  return body;
}

/** The rivers and the other seats' melds the analysis weighs (`table.rivers`, `table.melds`,
 * bounded as the service bounds them): the table reader's, where it is on, with each river
 * tapped in by hand in place of the reader's for that seat (the player corrects a misread, or
 * keeps the rivers himself with the reader off); null while there is neither. */
function tableFacts() {
  const a = typeof tableView !== "undefined" && tableView.on ? tableView.answer : null;
  const rivers = {}, melds = {};
  if (a && a.seats) readerFacts(a, rivers, melds);
  for (const [wind, tiles] of Object.entries(live.tapped)) if (tiles.length) rivers[wind] = tiles.slice(0, MAX_RIVER);
  for (const [wind, group] of Object.entries(live.tappedMelds)) if (group.length) melds[wind] = group.slice(0, MAX_MELDS);
  if (!Object.keys(rivers).length && !Object.keys(melds).length) return null;
  return { rivers, melds };
}

/** Leave the rivers this page holds (the reader's, with the tapped ones in place) for the table
 * session's next record (``liveRivers`` in common.js); nothing is left while there are none. */
function shareRivers() {
  const facts = tableFacts();
  if (facts && Object.keys(facts.rivers).length) liveRivers.leave(facts.rivers);
}

/** The table reader's rivers and melds, by wind from the player's seat, into ``rivers`` and
 * ``melds``. */
function readerFacts(a, rivers, melds) {
  const winds = [...$("my-seat").options].map((o) => o.value);
  const me = Math.max(0, winds.indexOf($("my-seat").value));
  const places = { self: 0, right: 1, left: winds.length - 1 };
  if (winds.length === 4) places.across = 2;
  for (const [place, k] of Object.entries(places)) {
    const seat = a.seats[place];
    if (!seat) continue;
    const wind = winds[(me + k) % winds.length];
    if (seat.river.length) rivers[wind] = seat.river.slice(0, MAX_RIVER);
    if (place !== "self" && seat.melds.length) melds[wind] = seat.melds.slice(0, 5);
  }
}

/** Put a tapped tile into the seat's river or make it that seat's meld (as "tap-kind" says),
 * or take the last tap back (no tile), and ask again. */
async function tapRiver(seat, tile) {
  if (tile) {
    const problem = tapProblem(seat, tile, $("tap-kind").value);
    if (problem) { drawTapped(problem); return; }
    const kind = $("tap-kind").value;
    if (kind === "river") {
      (live.tapped[seat] || (live.tapped[seat] = [])).push(tile);
      live.taps.push([seat, "river"]);
    } else {
      const n = Number(tile[0]);
      const tiles = kind === "chow" ? [0, 1, 2].map((k) => `${n + k}${tile[1]}`) : Array(kind === "kong" ? 4 : 3).fill(tile);
      (live.tappedMelds[seat] || (live.tappedMelds[seat] = [])).push({ type: kind, tiles });
      live.taps.push([seat, "meld"]);
    }
  } else if (live.taps.length) {
    const [s, what] = live.taps.pop();
    (what === "river" ? live.tapped : live.tappedMelds)[s].pop();
  }
  drawTapped();
  shareRivers();
  if (live.hand) await analyse(live.hand);
}

/** Why a tap cannot be taken (a full river, the player's own meld, a chow from no run), or "". */
function tapProblem(seat, tile, kind) {
  if (kind === "river") {
    return (live.tapped[seat] || []).length >= MAX_RIVER ? T("ui.river_full", { seat: windName(seat), n: MAX_RIVER }) : "";
  }
  if (seat === $("my-seat").value) return T("ui.meld_own_seat");
  if ((live.tappedMelds[seat] || []).length >= MAX_MELDS) return T("ui.melds_full", { seat: windName(seat), n: MAX_MELDS });
  if (kind === "chow" && !(/^[1-7][mps]$/.test(tile))) return T("ui.chow_from_lowest");
  return "";
}

/** The rivers and melds tapped in, seat by seat in turn order, and the undo button's state. */
function drawTapped(problem) {
  const rows = WINDS.filter((w) => (live.tapped[w] || []).length || (live.tappedMelds[w] || []).length).map((w) =>
    `<div class="river-row" data-wind="${w}">${esc(windName(w))} ${tilesHTML(live.tapped[w] || [], { size: 24 })}` +
    (live.tappedMelds[w] || []).map((m) => ` <span class="meld" data-type="${m.type}">${tilesHTML(m.tiles, { size: 24 })}</span>`).join("") + "</div>");
  $("tapped-rivers").innerHTML = (rows.length ? rows.join("") : `<span class="note">${esc(T("ui.no_tapped_rivers"))}</span>`) +
    (problem ? `<div class="error">${esc(problem)}</div>` : "");
  $("river-undo").disabled = !live.taps.length;
}

async function analyse(hand) {
  try {
    const r = rules();
    const body = { ...handState(hand, r), variant: r.variant };
    const table = tableFacts();
    live.tableKey = JSON.stringify(table);
    if (table) { body.table = table; body.context = { ...body.context, seat_wind: $("my-seat").value }; }
    live.request = body;
    live.analysis = await api("/api/analyze", { json: body });
  } catch (err) {
    live.analysis = { error: err };
  }
  drawPanel();
}

function drawPanel() {
  const el = $("live-hand");
  if (!live.hand) { el.textContent = T("ui.no_full_hand_read_yet_13_or_14_tiles"); return; }
  el.innerHTML = tilesHTML(live.hand, { size: 44 });
  el.dataset.hand = live.hand.join(" ");
  const a = live.analysis;
  if (!a) return;
  if (a.error) { showError($("live-analysis"), a.error); return; }
  showError($("live-analysis"), null);
  $("live-analysis").innerHTML = analysisHTML(a);
}

async function sendFrame(canvas) {
  const blob = await new Promise((ok) => canvas.toBlob(ok, "image/jpeg", 0.8));
  const form = new FormData();
  form.append("image", blob, "frame.jpg");
  form.append("client", live.client);
  MyTileset.addTo(form);  // read with the player's own tile set, when he taught one
  const t0 = performance.now();
  live.inflight += 1;
  live.maxInflight = Math.max(live.maxInflight, live.inflight);
  try {
    const r = await api("/api/recognize/live", { form });
    if (!r.superseded) fitSide(performance.now() - t0, !(r.live && r.live.frame === "held"));
    return r;
  } finally { live.inflight -= 1; }
}

/** The latency of one answer: kept for the rate line, and the frame width fitted to it where
 * the frame was ``read`` in full. A still frame held from the last reading answers in a few ms
 * whatever its width: fitted to those, the width stepped up, its next frame (another size, so
 * read in full) came late and stepped it down again, two full reads each time. */
function fitSide(ms, read) {
  live.latencies.push(ms);
  if (live.latencies.length > 30) live.latencies.shift();
  if (!read) return;
  live.slow = live.slow === null ? ms : 0.7 * live.slow + 0.3 * ms;
  const at = SIDES.indexOf(live.side);
  if (live.slow > TARGET_MS && at < SIDES.length - 1) { live.side = SIDES[at + 1]; live.slow = null; }
  else if (live.slow < UP_MS && at > 0) { live.side = SIDES[at - 1]; live.slow = null; }
}

/** Read the camera: each frame is the newest one, taken when the answer before it came back. */
async function worker(run) {
  const video = $("video");
  const canvas = document.createElement("canvas");
  while (live.running && live.run === run) {  // a restart ends this loop: one reader at a time
    if (!video.videoWidth) { await new Promise((ok) => setTimeout(ok, 100)); continue; }
    const scale = Math.min(1, live.side / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
    try {
      const r = await sendFrame(canvas);
      if (r.superseded) continue;  // a newer frame of this page is read instead
      const k = video.videoWidth / r.image.width;
      updateTracks(r.tiles.map((d) => ({ ...d, box: d.box.map((v) => v * k) })));
      drawOverlay(video.videoWidth, video.videoHeight);
      const hand = voteHand(r.reading);
      if (hand && (!live.hand || hand.join() !== live.hand.join())) {
        live.hand = hand; analyse(hand); adviseCharleston();
      }
      live.times.push(performance.now());
      live.updates += 1;
      if (r.live && r.live.frame === "held") live.held += 1;
      showError($("live-error"), null);
    } catch (err) {
      showError($("live-error"), err);
      if (err.status === 503) { stop(); return; }
      await new Promise((ok) => setTimeout(ok, 500));
    }
  }
}

function showRate() {
  const now = performance.now();
  live.times = live.times.filter((t) => now - t < 3000);
  const rate = live.times.length / 3;
  const sorted = live.latencies.slice().sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
  $("rate").textContent = `${rate.toFixed(1)} ${T("ui.updates_s")} · ${T("ui.median_latency")} ${median.toFixed(0)} ms`;
  $("rate").dataset.rate = rate.toFixed(2);
  $("rate").dataset.updates = live.updates;
  $("rate").dataset.held = live.held;
  $("rate").dataset.side = live.side;
  $("rate").dataset.maxInflight = live.maxInflight;
}

async function start() {
  if (live.running) return;  // already reading: a second loop would put two frames in flight
  showError($("live-error"), null);
  if (!window.isSecureContext || !navigator.mediaDevices) {
    // Browsers open the camera on secure pages only: https:// or this machine's own localhost.
    showError($("live-error"), pageError("page.camera_secure"));
    return;
  }
  try {
    live.stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: "environment" }, audio: false });
  } catch (err) {
    showError($("live-error"), pageError("page.camera_failed", { message: err.message }));
    return;
  }
  const video = $("video");
  video.srcObject = live.stream;
  await video.play();
  live.running = true;
  live.run = (live.run || 0) + 1;
  for (let i = 0; i < IN_FLIGHT; i++) worker(live.run);
}

function stop() {
  live.running = false;
  if (live.stream) live.stream.getTracks().forEach((t) => t.stop());
  live.stream = null;
}

function fillSeats() {
  // The seats at the chosen variant's table: E S W where it seats three (三麻, 成都 三人).
  const info = (live.variants || []).find((v) => v.name === $("variant").value) || {};
  const seats = WINDS.slice(0, info.seats || 4);
  for (const sel of document.querySelectorAll("select.wind")) {
    const v = seats.includes(sel.value) ? sel.value : (sel.id === "discarder" ? seats[seats.length - 1] : "E");
    sel.innerHTML = seats.map((w) => `<option value="${w}">${windName(w)}</option>`).join("");
    sel.value = v;
  }
  $("discard-pad").innerHTML = TILE_CODES.map((c) => `<button type="button" data-tile="${c}" aria-label="${esc(TILES.tileName(c, I18N.lang))}">${tileSVG(c, { size: 40 })}</button>`).join("");
}

//: The Charleston (查理士顿) step: the pass (right, left, opposite; round 2 is the dealer's
//: call) and the advice for the hand read, redrawn when the language is switched.
const charleston = { on: false, pass: "right", round: 1, answer: null, error: null, done: false };

/** Ask which three tiles to pass on this pass, for the hand the camera reads. */
async function adviseCharleston() {
  if (!charleston.on || charleston.done) { drawCharleston(); return; }
  const hand = live.hand;
  charleston.answer = null; charleston.error = null;
  if (hand) {
    const r = rules();
    try {
      charleston.answer = await api("/api/charleston-advice", { json: {
        ...handState(hand, r), pass: charleston.pass, round: charleston.round, variant: r.variant } });
    } catch (err) { charleston.error = err; }
  }
  drawCharleston();
}

/** The step: which pass, the hand with the three advised tiles raised, and why each. */
function drawCharleston() {
  $("charleston").hidden = !charleston.on;
  if (!charleston.on) return;
  showError($("charleston-error"), charleston.error);
  const out = $("charleston-advice"), a = charleston.answer;
  $("charleston-next").hidden = charleston.done;
  $("charleston-dealer").hidden = charleston.done || charleston.round !== 2;
  const to = T(`charleston.${charleston.pass}`);
  $("charleston-title").textContent = charleston.done ? T("ui.charleston_done")
    : T("charleston.step", { round: charleston.round, step: (charleston.round - 1) * 3 + ["right", "left", "opposite"].indexOf(charleston.pass) + 1, to });
  $("charleston-title").dataset.pass = charleston.done ? "done" : `${charleston.pass} ${charleston.round}`;
  if (charleston.done) { out.innerHTML = ""; return; }
  if (!a) {
    out.innerHTML = charleston.error ? "" : `<p class="note">${T("ui.charleston_needs_a_hand")}</p>`;
    delete out.dataset.pass;
    return;
  }
  const left = a.pass.slice();
  const hand = a.pass.concat(a.keep).sort((x, y) => TILE_CODES.indexOf(x) - TILE_CODES.indexOf(y));
  const tiles = hand.map((c) => {
    const k = left.indexOf(c);
    if (k >= 0) left.splice(k, 1);
    return tileSVG(c, { size: 44, cls: k >= 0 ? "pass" : "" });
  }).join("");
  out.dataset.pass = a.pass.join(" ");
  out.innerHTML = `<span class="tiles">${tiles}</span>` +
    `<p><b>${T("ui.charleston_pass_these")}</b>: ${tilesHTML(a.pass, { size: 36 })}</p>` +
    `<ul class="charleston-reasons">${a.reasons.map((r) => `<li>${esc(L(r.reason_zh, r.reason_en))}</li>`).join("")}</ul>` +
    `<p class="note">${esc(L(a.rule_zh, a.rule_en))}</p>`;
}

/** On to the next pass in the seed's order; after the last, the Charleston is over. */
async function nextCharlestonPass() {
  const order = [["right", 1], ["left", 1], ["opposite", 1], ["right", 2], ["left", 2], ["opposite", 2]];
  const at = order.findIndex(([p, r]) => p === charleston.pass && r === charleston.round);
  if (at + 1 >= order.length) { charleston.done = true; drawCharleston(); return; }
  [charleston.pass, charleston.round] = order[at + 1];
  await adviseCharleston();
}

async function restartCharleston() {
  Object.assign(charleston, { pass: "right", round: 1, done: false });
  await adviseCharleston();
}

//: The last discard asked about and its answer, redrawn when the language is switched.
const claim = { tile: null, seat: null, problem: null };

async function onDiscard(ev) {
  const b = ev.target.closest("button[data-tile]");
  if (!b) return;
  const me = $("my-seat").value, from = $("discarder").value;
  await tapRiver(from, b.dataset.tile);
  claim.tile = b.dataset.tile; claim.seat = null; claim.problem = null;
  showError($("claims"), null);
  if (me === from) claim.problem = "self";
  // A hand waiting on a tile: 13 tiles, 16 in Taiwan.
  else if (!live.hand || live.hand.length % 3 !== 1) claim.problem = "hand";
  if (claim.problem) { drawClaims(); return; }
  try {
    const rl = rules();
    const r = await api("/api/claims", { json: { discard: claim.tile, discarder: from, variant: rl.variant, hands: { [me]: handState(live.hand, rl) } } });
    claim.seat = r.seats[me];
    drawClaims();
  } catch (err) { showError($("claims"), err); }
}

function drawClaims() {
  const out = $("claims");
  if (claim.problem === "self") { out.innerHTML = `<div class="error">${T("ui.the_discarder_cannot_be_you")}</div>`; return; }
  if (claim.problem === "hand") {
    out.innerHTML = `<div class="error">${T("ui.claims_need_a_13_tile_hand_read_from_the")}</div>`;
    return;
  }
  const s = claim.seat;
  if (!s) return;
  const can = [];
  if (s.win) can.push(`<b class="minus">${T("ui.win_2")}</b>`);
  if (s.kong) can.push(T("ui.kong_2"));
  if (s.pung) can.push(T("ui.pung_2"));
  for (const c of s.chows) can.push(`${T("ui.chow_2")} ${tilesHTML(c, { size: 30 })}`);
  out.innerHTML = `<p class="claims-result">${tileSVG(claim.tile, { size: 40 })} → ` +
    (can.length ? can.join(" · ") : T("ui.no_claim")) + "</p>" +
    (rules().chow ? "" : `<p class="note" id="no-chow">${T("ui.no_chow_under_these_rules")}</p>`);
}

async function onRulesChange() {
  fillSeats();
  rules();
  claim.seat = null;
  drawClaims();
  if (live.hand) await analyse(live.hand);
  await adviseCharleston();
}

document.addEventListener("DOMContentLoaded", async () => {
  fillSeats();
  MyTileset.summary().then((t) => { live.tileset = t; drawTilesetNote(); });
  $("variant").addEventListener("change", onRulesChange);
  $("void-suit").addEventListener("change", onRulesChange);
  $("indicator").addEventListener("change", onRulesChange);
  $("start").addEventListener("click", start);
  $("stop").addEventListener("click", stop);
  $("discard-pad").addEventListener("click", onDiscard);
  $("river-undo").addEventListener("click", () => tapRiver(null, null));
  drawTapped();
  $("charleston-on").addEventListener("change", () => { charleston.on = $("charleston-on").checked; adviseCharleston(); });
  $("charleston-next").addEventListener("click", nextCharlestonPass);
  $("charleston-again").addEventListener("click", restartCharleston);
  setInterval(showRate, 500);
  live.variants = await fillVariants($("variant"), "default");
  rules();
});
/** Say that the frames are read with the player's tile set (taught on the score page). */
function drawTilesetNote() {
  const t = live.tileset;
  $("ts-live").hidden = !t;
  if (t) $("ts-live-text").textContent = T("page.ts_live", { examples: t.examples });
}

document.addEventListener("langchange", () => { fillSeats(); drawPanel(); drawClaims(); drawCharleston(); drawTilesetNote(); drawTapped(); });
