// Page 3: explain any hand, practise finding the waits, and the rules of each variant with
// example hands drawn as tiles and scored by the engine.
"use strict";

const $ = (id) => document.getElementById(id);
const teach = { explained: null, question: null, chosen: new Set(), checked: null, variants: [] };

//: Example winning hands for a variant that has none of its own (scored under that variant).
const EXAMPLES = [
  { zh: "平和：四组顺子加一对", en: "All chows and a pair", hand: { concealed: "234m345p678s2399p", win_tile: "1p" } },
  { zh: "碰碰和：四组刻子加一对", en: "All pungs and a pair", hand: { concealed: "111m999p555sEEEC", win_tile: "C", context: { self_drawn: true } } },
  { zh: "清一色：一种花色", en: "One suit only", hand: { concealed: "1112345678999m", win_tile: "5m", context: { self_drawn: true } } },
  { zh: "七对", en: "Seven pairs", hand: { concealed: "1133m5577p22sEEC", win_tile: "C" } },
];

async function explain() {
  showError($("explain-error"), null);
  try {
    const tiles = (await api(`/api/parse?text=${encodeURIComponent($("explain-input").value)}`)).tiles;
    const hand = { concealed: tiles, variant: $("explain-variant").value };
    if (tiles.length === 14) { hand.concealed = tiles.slice(0, 13); hand.win_tile = tiles[13]; hand.context = { self_drawn: true }; }
    teach.explained = await api(`/api/analyze?lang=${I18N.lang}`, { json: hand });
    teach.request = hand;
    teach.explainedTiles = tiles;
    drawExplained();
  } catch (err) {
    teach.explained = null;
    showError($("explain-error"), err);
    $("explain-out").innerHTML = "";
    $("explain-tiles").innerHTML = "";
    $("explain-report").innerHTML = "";
  }
}

/** The full text report with each tile code drawn as its picture (codes stay for copying). */
function reportHTML(text) {
  return esc(text).split("\n").map((line) => line.replace(/(?<![A-Za-z0-9])((?:[1-9]+[mps])+(?:[ESWNCFP]*)|[ESWNCFP]{2,})(?![A-Za-z0-9])/g,
    (group) => `<span class="group" title="${group}">${tilesHTML(codesOf(group), { size: 22 })}</span>`)).join("\n");
}

/** "123m5pEE" -> ["1m", "2m", "3m", "5p", "E", "E"]. */
function codesOf(compact) {
  return compact.match(/\d+[mps]|[ESWNCFP]/g).flatMap((g) => /\d/.test(g) ? [...g.slice(0, -1)].map((d) => d + g.slice(-1)) : [g]);
}

function drawExplained() {
  const r = teach.explained;
  if (!r) return;
  $("explain-tiles").innerHTML = tilesHTML(teach.explainedTiles, { size: 52 });
  let why = "";
  // A complete hand the rules refuse has its reason in the verdict below; "cannot be split" is
  // said only of a hand whose shape is short of a win.
  if (teach.explainedTiles.length % 3 === 2 && r.shanten >= 0) {
    why = `<p class="note">${T("ui.not_a_win_it_cannot_be_split_into_four_s")}</p>`;
  } else if (isWinning(r)) {
    why = `<p class="note">${T("ui.it_wins_because_it_splits_as_below_each_")}</p>`;
  }
  $("explain-out").innerHTML = why + analysisHTML(r);
  $("explain-report").innerHTML = reportHTML(r.report || "");
}

async function newQuestion() {
  $("practice-result").innerHTML = "";
  teach.chosen.clear();
  // The question follows the variant chosen above (its hand forms decide the waits).
  teach.question = await api(`/api/practice?variant=${encodeURIComponent($("explain-variant").value || "default")}`);
  drawQuestion();
}

function drawQuestion() {
  if (!teach.question) return;
  // The sets the question's hand has claimed, and 立四's standing tiles, are part of it.
  const q = teach.question;
  $("practice-hand").innerHTML = tilesHTML(q.hand, { size: 52 }) +
    ((q.melds || []).length ? `<div class="note">${T("ui.practice_melds")}: ${q.melds.map((m) =>
      tilesHTML(m.tiles, { size: 40 })).join(" ")}</div>` : "") +
    ((q.stood || []).length ? `<div class="note">${T("ui.practice_stood")}: ${tilesHTML(q.stood,
      { size: 40 })}</div>` : "");
  $("practice-hand").dataset.hand = teach.question.hand.join(" ");
  $("practice-hand").dataset.melds = JSON.stringify(q.melds || []);
  $("practice-hand").dataset.stood = (q.stood || []).join(" ");
  $("practice-grid").innerHTML = TILE_CODES.map((c) =>
    `<button data-tile="${c}" class="${teach.chosen.has(c) ? "on" : ""}" aria-pressed="${teach.chosen.has(c)}">${tileSVG(c, { size: 44 })}</button>`).join("");
  drawCheck();
}

async function check() {
  try {
    teach.checked = await api("/api/practice/check", { json: { hand: teach.question.hand, answer: [...teach.chosen], variant: teach.question.variant, melds: teach.question.melds || [], stood: teach.question.stood || [] } });
  } catch (err) { showError($("practice-result"), err); return; }
  drawCheck();
}

function drawCheck() {
  const c = teach.checked;
  if (!c) return;
  const waits = tilesHTML(c.waits.map((w) => w.tile), { size: 40 });
  let html = c.correct
    ? `<div class="ok" id="practice-verdict" data-correct="true">${T("ui.correct")} ${waits}</div>`
    : `<div class="error" id="practice-verdict" data-correct="false">${T("ui.not_quite_the_answer")} ${waits}` +
      (c.missing.length ? `<br>${T("ui.missed")}: ${tilesHTML(c.missing, { size: 30 })}` : "") +
      (c.wrong.length ? `<br>${T("ui.not_a_wait")}: ${tilesHTML(c.wrong, { size: 30 })}` : "") + "</div>";
  for (const [tile, readings] of Object.entries(c.decompositions)) {
    html += readings.slice(0, 1).map((d) => `<div class="reading">${tileSVG(tile, { size: 30 })} → ${groupsHTML(d.groups)}</div>`).join("");
  }
  $("practice-result").innerHTML = html;
}

//: The value exercise: a hand whose advised discard (value and danger weighed) is not the most
//: efficient one; the answer and its reason come from the service's advice when checked.
//: `asked` numbers the questions: an answer to one asked before the last is dropped (a family
//: changed while the question before was still being dealt).
const value = { question: null, checked: null, asked: 0 };

async function newValueQuestion() {
  const asked = ++value.asked;
  value.checked = null;
  value.question = null;
  $("value-result").innerHTML = "";
  $("value-hand").innerHTML = "";
  showError($("value-error"), null);
  let question;
  try {
    question = await api(`/api/practice/value?family=${encodeURIComponent($("value-family").value)}`);
  } catch (err) { if (asked === value.asked) showError($("value-error"), err); return; }
  if (asked !== value.asked) return;
  value.question = question;
  drawValueQuestion();
}

function drawValueQuestion() {
  const q = value.question;
  if (!q) return;
  let table = esc(T("ui.value_draws", { variant: variantName(q.variant), n: q.draws_left }));
  for (const [seat, at] of Object.entries((q.table || {}).declared || {})) {
    table += `<br>${esc(T("ui.value_declared", { seat: windName(seat), n: at + 1 }))} ${tilesHTML(q.table.rivers[seat], { size: 30 })}`;
  }
  $("value-table").innerHTML = table;
  $("value-hand").dataset.hand = q.hand.join(" ");
  $("value-hand").innerHTML = q.hand.map((c, i) =>
    `<button type="button" data-tile="${c}" data-at="${i}" aria-label="${esc(TILES.tileName(c, I18N.lang))}">${tileSVG(c, { size: 44 })}</button>`).join("");
  drawValueCheck();
}

async function checkValue(tile) {
  const asked = value.asked;
  let checked;
  try {
    checked = await api("/api/practice/value/check", { json: { seed: String(value.question.seed), family: value.question.family, answer: tile } });
  } catch (err) { showError($("value-error"), err); return; }
  if (asked !== value.asked) return;  // the question changed while this was checked
  value.checked = checked;
  drawValueCheck();
}

function drawValueCheck() {
  const c = value.checked;
  if (!c) return;
  const name = (t) => TILES.tileName(t, I18N.lang);
  const head = c.correct ? `<div class="ok" id="value-verdict" data-correct="true">${esc(T("ui.value_right", { tile: name(c.best) }))}</div>`
    : `<div class="error" id="value-verdict" data-correct="false">${esc(T("ui.value_wrong", { answer: name(c.answer), tile: name(c.best) }))}</div>`;
  $("value-result").innerHTML = head + `<p class="why" id="value-why">${esc(L(c.why.zh, c.why.en))}</p>` +
    `<p class="note">${esc(T("ui.value_efficient", { tile: name(c.efficient) }))}</p>`;
}

async function drawRules() {
  // Redrawn on a language switch: the sections open before stay open (and keep their examples).
  const open = new Set([...$("rules").querySelectorAll("details[open]")].map((d) => d.dataset.variant));
  const out = [];
  for (const v of teach.variants) {
    const rules = (v.rules || []).map((r) => `<li>${esc(L(r.zh, gloss(r.en)))}</li>`).join("");
    out.push(`<details class="variant" data-variant="${esc(v.name)}"${open.has(v.name) ? " open" : ""}><summary><b>${esc(variantName(v.name))}</b> — ${esc(L(v.description_zh, gloss(v.description_en)))}</summary>` +
      `<ul>${rules}</ul><div class="examples" id="examples-${esc(v.name)}"></div></details>`);
  }
  $("rules").innerHTML = out.join("");
  for (const d of $("rules").querySelectorAll("details")) {
    d.addEventListener("toggle", () => d.open && drawExamples(d.dataset.variant));
    if (d.open) drawExamples(d.dataset.variant);
  }
}

async function drawExamples(variant) {
  const box = $(`examples-${variant}`);
  const rows = [];
  // A variant's own example hands (its tile set, its rules) come with it from /api/variants.
  const own = (teach.variants.find((v) => v.name === variant) || {}).examples || [];
  for (const ex of own.length ? own : EXAMPLES) {
    let verdict;
    try {
      const r = await api("/api/analyze", { json: { ...ex.hand, variant } });
      verdict = isWinning(r) ? (r.score ? `${T("ui.wins")}: ${esc(scoreSummary(r.score))} — ` +
        r.score.items.filter((i) => i.event !== "cap").map((i) => esc(L(i.name_zh, gloss(i.name_en)))).join(T("ui.list_comma")) : T("ui.wins"))
        : T("ui.not_a_win_under_these_rules") + (notWinReason(r) ? `${T("ui.list_semicolon")}${esc(notWinReason(r))}` : "");
    } catch (err) { verdict = esc(I18N.lang === "zh" ? err.zh || M(err.message) : err.message); }
    const tiles = codesOf(ex.hand.concealed).concat(
      ...(ex.hand.melds || []).map((m) => (typeof m.tiles === "string" ? codesOf(m.tiles) : m.tiles)));
    rows.push(`<div class="example"><b>${esc(L(ex.zh, gloss(ex.en)))}</b><br>` +
      `${exampleTilesHTML(tiles.concat([ex.hand.win_tile]), ex.wilds || [])}` +
      `${wildLegendHTML(ex.hand.indicator, ex.wilds || [])}<p class="note">${verdict}</p></div>`);
  }
  box.innerHTML = rows.join("");
}

/** An example's tiles, each wild one (from the indicator, by the variant's scheme) marked. */
function exampleTilesHTML(codes, wilds) {
  const wild = new Set(wilds);
  return `<span class="tiles">${codes.map((c) => tileSVG(c, wild.has(c)
    ? { size: 36, cls: "wild", title: `${TILES.tileName(c, I18N.lang)} (${T("ui.wild")})` }
    : { size: 36 })).join("")}</span>`;
}

/** The legend under a wild-tile example: the tile turned up and the wilds it makes. */
function wildLegendHTML(indicator, wilds) {
  if (!wilds.length) return "";
  const turned = indicator ? `${T("ui.indicator_tile")}: ${tileSVG(indicator, { size: 24 })} → ` : "";
  return `<p class="note wild-legend" data-wilds="${esc(wilds.join(" "))}">${turned}` +
    `${wilds.map((c) => tileSVG(c, { size: 24, cls: "wild" })).join("")} ${T("ui.wild")}</p>`;
}

document.addEventListener("DOMContentLoaded", async () => {
  $("explain-btn").addEventListener("click", explain);
  $("practice-check").addEventListener("click", check);
  $("practice-next").addEventListener("click", () => { teach.checked = null; newQuestion(); });
  $("practice-grid").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-tile]");
    if (!b) return;
    const t = b.dataset.tile;
    if (teach.chosen.has(t)) teach.chosen.delete(t); else teach.chosen.add(t);
    b.classList.toggle("on", teach.chosen.has(t));
    b.setAttribute("aria-pressed", teach.chosen.has(t));
  });
  $("value-next").addEventListener("click", newValueQuestion);
  $("value-family").addEventListener("change", newValueQuestion);
  $("value-hand").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-tile]");
    if (b && value.question) checkValue(b.dataset.tile);
  });
  newValueQuestion();
  teach.variants = await fillVariants($("explain-variant"), "default");
  drawRules();
  newQuestion();
});
document.addEventListener("langchange", async () => {
  drawQuestion(); drawRules(); drawValueQuestion();
  if (teach.explained && teach.request) {  // the report is written by the service in one language
    try { teach.explained = await api(`/api/analyze?lang=${I18N.lang}`, { json: teach.request }); } catch (err) { /* kept */ }
  }
  drawExplained();
  for (const s of document.querySelectorAll("#explain-variant option")) I18N.apply(s.parentNode);
});
