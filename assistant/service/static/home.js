// The home page: the sample row of tiles, drawn again when the language changes.
"use strict";

function drawSample() {
  document.getElementById("sample").innerHTML = tilesHTML(["1m", "5m", "9m", "1p", "5p", "9p", "1s", "5s", "9s", "E", "S", "W", "N", "C", "F", "P"], { size: 48 });
}
document.addEventListener("DOMContentLoaded", drawSample);
document.addEventListener("langchange", drawSample);
