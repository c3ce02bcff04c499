// Tiles drawn as SVG pictures (our own drawing, no image files): numerals + 萬 for characters,
// circles for dots, sticks for bamboo, characters for honours and flowers.
"use strict";

const TILE_CODES = [];
for (const s of "mps") for (let n = 1; n <= 9; n++) TILE_CODES.push(`${n}${s}`);
TILE_CODES.push("E", "S", "W", "N", "C", "F", "P");

const ZH_NUM = "一二三四五六七八九";
const HONOR_CHAR = { E: "東", S: "南", W: "西", N: "北", C: "中", F: "發", P: "" };
const BONUS_CHAR = "梅蘭菊竹春夏秋冬";
const BONUS_NAME_ZH = ["梅", "兰", "菊", "竹", "春", "夏", "秋", "冬"];
const BONUS_EN = ["Plum (flower)", "Orchid (flower)", "Chrysanthemum (flower)", "Bamboo (flower)",
  "Spring (season)", "Summer (season)", "Autumn (season)", "Winter (season)"];
const NAMES = {
  zh: { m: "万", p: "筒", s: "条", E: "东", S: "南", W: "西", N: "北", C: "中", F: "发", P: "白",
        back: "牌背" },
  en: { m: "Characters", p: "Dots", s: "Bamboo", E: "East", S: "South", W: "West", N: "North",
        C: "Red", F: "Green", P: "White", back: "back" },
};

// Positions of the pips in a 48x68 field for 1..9 (dots and bamboo share them).
const PIPS = {
  1: [[24, 34]],
  2: [[24, 17], [24, 51]],
  3: [[12, 13], [24, 34], [36, 55]],
  4: [[13, 17], [35, 17], [13, 51], [35, 51]],
  5: [[12, 13], [36, 13], [24, 34], [12, 55], [36, 55]],
  6: [[13, 12], [35, 12], [13, 34], [35, 34], [13, 56], [35, 56]],
  7: [[10, 9], [24, 17], [38, 25], [13, 44], [35, 44], [13, 60], [35, 60]],
  8: [[13, 8], [35, 8], [13, 25], [35, 25], [13, 42], [35, 42], [13, 59], [35, 59]],
  9: [[9, 11], [24, 11], [39, 11], [9, 34], [24, 34], [39, 34], [9, 57], [24, 57], [39, 57]],
};
const DOT_COLORS = ["#1d4fa0", "#1f7a3a", "#c0262d"];

function tileName(code, lang) {
  const n = NAMES[lang] || NAMES.zh;
  if (/^[1-9][mps]$/.test(code)) {
    return lang === "en" ? `${code[0]} ${n[code[1]]}` : `${ZH_NUM[+code[0] - 1]}${n[code[1]]}`;
  }
  if (/^[1-8]f$/.test(code)) return lang === "en" ? BONUS_EN[+code[0] - 1] : BONUS_NAME_ZH[+code[0] - 1];
  return n[code] || code;
}

function pips(n, suit) {
  const size = n === 1 ? 13 : n <= 4 ? 8 : n <= 6 ? 7.2 : 6.2;
  return PIPS[n].map(([x, y], i) => {
    const color = n === 1 ? DOT_COLORS[2] : DOT_COLORS[(i + (n > 6 ? Math.floor(i / 3) : 0)) % 3];
    if (suit === "p") {
      return `<circle cx="${x + 6}" cy="${y + 6}" r="${size}" fill="none" stroke="${color}" ` +
        `stroke-width="2.4"/><circle cx="${x + 6}" cy="${y + 6}" r="${size / 2.6}" fill="${color}"/>`;
    }
    const h = n === 1 ? 40 : n <= 4 ? 26 : n <= 6 ? 17 : 13;
    const w = n === 1 ? 9 : 6;
    const c = n === 1 ? "#c0262d" : i % 2 ? "#1f7a3a" : "#1d4fa0";
    return `<rect x="${x + 6 - w / 2}" y="${y + 6 - h / 2}" width="${w}" height="${h}" rx="3" ` +
      `fill="${c}"/><line x1="${x + 6 - w / 2}" y1="${y + 6}" x2="${x + 6 + w / 2}" y2="${y + 6}" ` +
      `stroke="#f6f1e3" stroke-width="1.2"/>`;
  }).join("");
}

function tileFace(code) {
  if (code === "back") return `<rect x="3" y="3" width="54" height="74" rx="6" fill="#2f7d4f"/>`;
  const m = /^([1-9])([mps])$/.exec(code);
  if (m) {
    const n = +m[1];
    if (m[2] === "m") {
      return `<text x="30" y="34" font-size="25" text-anchor="middle" fill="#1b1b1b" ` +
        `font-weight="700">${ZH_NUM[n - 1]}</text>` +
        `<text x="30" y="68" font-size="27" text-anchor="middle" fill="#c0262d" font-weight="700">萬</text>`;
    }
    return pips(n, m[2]);
  }
  if (/^[1-8]f$/.test(code)) {
    const i = +code[0];
    return `<text x="30" y="52" font-size="30" text-anchor="middle" fill="${i <= 4 ? "#1f7a3a" : "#c0262d"}" ` +
      `font-weight="700">${BONUS_CHAR[i - 1]}</text><text x="48" y="20" font-size="13" ` +
      `fill="#1d4fa0">${(i - 1) % 4 + 1}</text>`;
  }
  if (code === "P") {
    return `<rect x="13" y="15" width="34" height="50" rx="3" fill="none" stroke="#1d4fa0" ` +
      `stroke-width="3"/><rect x="18" y="20" width="24" height="40" rx="2" fill="none" stroke="#1d4fa0" stroke-width="1.5"/>`;
  }
  const color = code === "C" ? "#c0262d" : code === "F" ? "#1f7a3a" : "#1b1b1b";
  return `<text x="30" y="53" font-size="36" text-anchor="middle" fill="${color}" ` +
    `font-weight="700">${HONOR_CHAR[code] || "?"}</text>`;
}

/** An SVG string of one tile; opts.size (px height), opts.title, opts.cls. */
function tileSVG(code, opts = {}) {
  const h = opts.size || 56;
  const w = Math.round((h * 60) / 80);
  const lang = (window.I18N && window.I18N.lang) || "zh";
  const title = opts.title || tileName(code, lang);
  return `<svg class="tile ${opts.cls || ""}" data-tile="${code}" viewBox="0 0 60 80" width="${w}" ` +
    `height="${h}" role="img" aria-label="${title}"><title>${title}</title>` +
    `<rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="#fbf8ef" stroke="#9c927a" stroke-width="2"/>` +
    `<g font-family="'Noto Serif CJK SC','Noto Sans CJK SC','SimSun',serif">${tileFace(code)}</g></svg>`;
}

/** A row of tile pictures as an HTML string. */
function tilesHTML(codes, opts = {}) {
  return `<span class="tiles">${(codes || []).map((c) => tileSVG(c, opts)).join("")}</span>`;
}

window.TILES = { TILE_CODES, tileSVG, tilesHTML, tileName };
