// The layout sheet: printed, a player lays each tile on its box to teach the recognizer his set.
"use strict";

document.getElementById("print-sheet").addEventListener("click", () => window.print());
