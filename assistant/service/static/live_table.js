// The whole table on the live page: with "read the whole table" on, frames of the running camera
// also go to /api/read-table; each tile is drawn in its zone's colour with its seat, and each
// seat's hand, melds, river and flowers are listed. A tap picks a tile and "move" puts it in
// another seat or zone: the move is held across frames (found again by overlap, sent as
// `corrections`) until the table changes (the tile is gone, or the count of tiles jumps).
"use strict";

const tableView = { on: false, running: false, answer: null, frame: null, moves: [], count: 0, picked: -1 };
const TABLE_SEATS = ["self", "right", "across", "left"];
const TABLE_ZONES = ["hand", "meld", "river", "bonus", "indicator", "wall"];
const ZONE_COLOURS = { hand: "#2060e0", meld: "#a020c0", river: "#10a050", bonus: "#d09000",
  indicator: "#e02030", wall: "#808080" };
const TABLE_CHANGE = 6;  // this many tiles more or fewer than when a move was made: a new table

function tableOverlap(a, b) {
  const x1 = Math.max(a[0], b[0]), y1 = Math.max(a[1], b[1]);
  const x2 = Math.min(a[2], b[2]), y2 = Math.min(a[3], b[3]);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

function tableCorrections(tiles) {
  // each held move finds its tile again; a move whose tile is gone, or made on another table, goes
  const out = [], kept = [];
  for (const m of tableView.moves) {
    if (Math.abs(tiles.length - m.count) > TABLE_CHANGE) continue;
    let best = -1, most = 0.5;
    tiles.forEach((t, i) => { const v = tableOverlap(t.box, m.box); if (v > most) { best = i; most = v; } });
    if (best >= 0) { out.push({ index: best, seat: m.seat, zone: m.zone }); kept.push(m); }
  }
  tableView.moves = kept;
  return out;
}

async function readTableFrame(canvas) {
  const blob = await new Promise((ok) => canvas.toBlob(ok, "image/jpeg", 0.85));
  const form = new FormData();
  form.append("image", blob, "frame.jpg");
  if (window.MyTileset) MyTileset.addTo(form);
  let answer = await api("/api/read-table", { form });
  const corrections = tableCorrections(answer.tiles);
  if (corrections.length) {
    const tiles = answer.tiles.map((t) => ({ tile: t.tile, box: t.box, confidence: t.confidence }));
    answer = { ...answer, ...(await api("/api/read-table", { json: { tiles, corrections } })) };
  }
  return answer;
}

function drawTableView() {
  const c = $("table-view"), a = tableView.answer, frame = tableView.frame;
  if (!a || !frame) return;
  c.width = frame.width; c.height = frame.height;
  const g = c.getContext("2d");
  g.drawImage(frame, 0, 0);
  g.lineWidth = Math.max(2, frame.width / 400);
  const labels = [];
  a.tiles.forEach((t, i) => {
    const [x1, y1, x2, y2] = t.box;
    g.strokeStyle = ZONE_COLOURS[t.zone] || "#000";
    g.strokeRect(x1, y1, x2 - x1, y2 - y1);
    if (i === tableView.picked) { g.strokeStyle = "#000"; g.strokeRect(x1 - 3, y1 - 3, x2 - x1 + 6, y2 - y1 + 6); }
    if (t.zone !== "wall") labels.push({ box: t.box, text: T(`table.seat.${t.seat}`), short: t.seat[0] });
  });
  drawLabels(c, g, labels);
  c.setAttribute("aria-label", `${T("ui.whole_table")}: ${a.tiles.length}`);
  const lines = TABLE_SEATS.map((seat) => {
    const s = a.seats[seat], parts = [];
    if (s.hand.length || s.hidden) parts.push(`${T("table.hand")} ${s.hand.join(" ")}${s.hidden ? " " + T("table.hidden", { n: s.hidden }) : ""}`);
    for (const m of s.melds) parts.push(`${T("table.melds")} ${m.tiles.join(" ")}`);
    if (s.river.length) parts.push(`${T("table.river")} ${s.river.join(" ")}`);
    if (s.bonus.length) parts.push(`${T("table.bonus")} ${s.bonus.join(" ")}`);
    return `<li><b>${T(`table.seat.${seat}`)}</b>: ${escapeHTML(parts.join(" · ") || "—")}</li>`;
  });
  const ind = a.indicator ? T("table.indicator", { tile: a.indicator }) : T("table.no_indicator");
  const notes = a.notes.map((n) => `<li>${escapeHTML(I18N.lang === "en" ? n.en : n.zh)}</li>`);
  $("table-seats").innerHTML = `<ul>${lines.join("")}<li>${escapeHTML(ind)}</li>${notes.join("")}</ul>`;
}

function escapeHTML(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}

async function tableLoop() {
  if (tableView.running) return;
  tableView.running = true;
  const video = $("video");
  while (tableView.on && live.running) {
    if (!video.videoWidth) { await new Promise((ok) => setTimeout(ok, 100)); continue; }
    const canvas = document.createElement("canvas");
    const scale = Math.min(1, 1600 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
    try {
      const answer = await readTableFrame(canvas);
      const k = canvas.width / answer.image.width;
      answer.tiles = answer.tiles.map((t) => ({ ...t, box: t.box.map((v) => v * k) }));
      tableView.answer = answer; tableView.frame = canvas; tableView.count = answer.tiles.length;
      if (tableView.picked >= answer.tiles.length) tableView.picked = -1;
      drawTableView();
      shareRivers();
      // the advice weighs the rivers and melds: a table that changed them asks again
      if (live.hand && JSON.stringify(tableFacts()) !== live.tableKey) analyse(live.hand);
      showError($("table-error"), null);
    } catch (err) {
      showError($("table-error"), err);
      if (err.status === 503) break;
      await new Promise((ok) => setTimeout(ok, 500));
    }
  }
  tableView.running = false;
}

async function whenRunning() {
  // the camera takes a moment to open: the table is read once it runs (or the box is unticked)
  for (let i = 0; i < 100 && tableView.on && !live.running; i++) await new Promise((ok) => setTimeout(ok, 200));
  if (tableView.on && live.running) tableLoop();
}

function pickTile(ev) {
  const a = tableView.answer, c = $("table-view");
  if (!a) return;
  const r = c.getBoundingClientRect();
  const x = (ev.clientX - r.left) * c.width / r.width, y = (ev.clientY - r.top) * c.height / r.height;
  tableView.picked = a.tiles.findIndex((t) => x >= t.box[0] && x <= t.box[2] && y >= t.box[1] && y <= t.box[3]);
  if (tableView.picked >= 0) {
    $("table-seat").value = a.tiles[tableView.picked].seat;
    $("table-zone").value = a.tiles[tableView.picked].zone;
  }
  drawTableView();
}

function moveTile() {
  const a = tableView.answer;
  if (!a || tableView.picked < 0) { showError($("table-error"), pageError("ui.table_tap_a_tile")); return; }
  const t = a.tiles[tableView.picked];
  tableView.moves = tableView.moves.filter((m) => tableOverlap(m.box, t.box) <= 0.5);
  tableView.moves.push({ box: t.box, seat: $("table-seat").value, zone: $("table-zone").value, count: a.tiles.length });
}

function fillTableChoices() {
  $("table-seat").innerHTML = TABLE_SEATS.map((s) => `<option value="${s}">${T(`table.seat.${s}`)}</option>`).join("");
  $("table-zone").innerHTML = TABLE_ZONES.map((z) => `<option value="${z}">${T(`table.zone.${z}`)}</option>`).join("");
}

document.addEventListener("DOMContentLoaded", () => {
  if (!$("table-on")) return;
  fillTableChoices();
  $("table-on").addEventListener("change", () => { tableView.on = $("table-on").checked; whenRunning(); });
  $("start").addEventListener("click", whenRunning);
  $("table-view").addEventListener("click", pickTile);
  $("table-move").addEventListener("click", moveTile);
});
document.addEventListener("langchange", () => { if ($("table-on")) { fillTableChoices(); drawTableView(); } });
