"""The static style sheet and script of the viewer page (inline: the page loads nothing).

Page classes start with `gv-` so that they never meet the snapshots' own CSS classes."""

from __future__ import annotations

PAGE_CSS = """
:root { --ink: #23302a; --muted: #5f6b64; --paper: #f3f0e8; --card: #ffffff;
  --green: #2f5d3a; --red: #b3261e; --line: #d9d3c4; }
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--paper); color: var(--ink);
  font: 14px/1.45 "DejaVu Sans", Verdana, Arial, sans-serif; }
.gv-defs { position: absolute; width: 0; height: 0; overflow: hidden; }
.gv-top { position: sticky; top: 0; z-index: 2; background: var(--green); color: #fff;
  padding: 10px 18px; box-shadow: 0 2px 6px rgba(0,0,0,.25); }
.gv-titles { display: flex; align-items: center; gap: 14px; flex-wrap: wrap; }
.gv-top h1 { font-size: 19px; margin: 0; font-weight: bold; min-width: 0;
  overflow-wrap: anywhere; }
.gv-badge { font-size: 12px; padding: 2px 10px; border-radius: 10px; background: #e4f2e6;
  color: #1d4d2a; }
.gv-badge.gv-illegal { background: #fde7e5; color: var(--red); font-weight: bold; }
.gv-controls { display: flex; align-items: center; gap: 10px; margin-top: 8px;
  flex-wrap: wrap; }
.gv-controls button { font: inherit; padding: 4px 12px; border-radius: 6px;
  border: 1px solid #c8d8cb; background: #fff; color: var(--ink); cursor: pointer; }
.gv-controls button:disabled { opacity: .45; cursor: default; }
.gv-controls input[type=range] { flex: 1; min-width: 120px; accent-color: #f2b632; }
.gv-controls output { min-width: 9em; text-align: right; font-weight: bold; }
.gv-findings { display: inline-flex; gap: 6px; flex-wrap: wrap; }
.gv-finding { font: inherit; font-size: 12px; padding: 1px 10px; border-radius: 10px;
  border: 1px solid #f3b9b3; background: #fde7e5; color: var(--red); cursor: pointer; }
.gv-toggle { display: inline-flex; align-items: center; gap: 4px; cursor: pointer; }
#gv-stage g.ids { display: none; }
body.gv-show-ids #gv-stage g.ids { display: inline; }
.gv-main { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 14px;
  padding: 14px 18px; align-items: start; }
.gv-card { background: var(--card); border: 1px solid var(--line); border-radius: 8px;
  box-shadow: 0 1px 3px rgba(0,0,0,.06); margin: 0; }
#gv-stage { padding: 4px; min-height: 200px; }
#gv-stage svg { display: block; width: 100%; height: auto; }
.gv-side { display: flex; flex-direction: column; gap: 12px; min-width: 0;
  overflow-wrap: anywhere; }
.gv-side section { padding: 10px 14px; }
.gv-side h2 { font-size: 16px; margin: 0 0 6px; }
.gv-side h3, .gv-chart h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em;
  color: var(--muted); margin: 10px 0 4px; }
.gv-yaml, .gv-result pre { margin: 0; padding: 8px 10px; background: #f7f6f1;
  border-radius: 6px; font: 12px/1.4 "DejaVu Sans Mono", Menlo, Consolas, monospace;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 420px; overflow: auto; }
.gv-result.gv-illegal pre { color: var(--red); background: #fdf1f0; }
.gv-error { border-left: 4px solid var(--red); background: #fdecea; color: var(--red);
  padding: 8px 10px; border-radius: 4px; margin: 6px 0; }
.gv-error p { margin: 4px 0 0; }
.gv-help { color: var(--muted); font-size: 12px; margin: 0 4px; }
.gv-story { margin: 0; padding-left: 18px; }
.gv-story li { margin: 2px 0; }
.gv-rule { white-space: nowrap; color: var(--muted); }
.gv-chart { grid-column: 1 / -1; padding: 6px 14px 10px; }
.gv-chart svg { display: block; width: 100%; max-width: 900px; height: auto; margin: 0 auto; }
@media (max-width: 900px) { .gv-main { grid-template-columns: 1fr; } }
"""

PAGE_JS = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("gv-data").textContent);
  var lines = data.lines, frames = data.frames;
  var $ = function (id) { return document.getElementById(id); };
  var stage = $("gv-stage"), slider = $("gv-slider"), where = $("gv-where");
  var prev = $("gv-prev"), next = $("gv-next"), mark = $("gv-mark"), ids = $("gv-ids");
  var shown = -1, current = 0;

  function snapshotSvg(i) {
    var runs = data.snapshots[i], out = [], last = 0;
    for (var k = 0; k < runs.length; k++) {
      var v = runs[k];
      if (v >= 0) { out.push(lines[v]); last = v; }
      else { for (var j = 1; j <= -v; j++) { out.push(lines[last + j]); } last -= v; }
    }
    return out.join("\n");
  }

  function show(f) {
    current = Math.max(0, Math.min(frames.length - 1, f));
    var fr = frames[current];
    if (fr.snap !== shown) { stage.innerHTML = snapshotSvg(fr.snap); shown = fr.snap; }
    slider.value = String(current);
    where.textContent = fr.final ? "Final scoring" : fr.turn === 0 ? "Setup" :
      "Turn " + fr.turn + " / " + frames[frames.length - 1].turn;
    $("gv-head").textContent = fr.head;
    $("gv-yaml").textContent = fr.yaml || "(no entry)";
    var story = $("gv-story");
    story.textContent = "";
    $("gv-story-head").textContent = fr.final ? "Final scores" : "What happened";
    (fr.story && fr.story.length ? fr.story : [fr.turn === 0 ? "The table as dealt."
      : "Nothing changed hands."]).forEach(function (line) {
      var li = document.createElement("li");
      line.split(/(\((?:R|AMB)-[A-Z0-9-]+\))/).forEach(function (part, k) {
        if (k % 2) {  // a rule id: kept on one line
          var rule = document.createElement("span");
          rule.className = "gv-rule";
          rule.textContent = part;
          li.appendChild(rule);
        } else { li.appendChild(document.createTextNode(part)); }
      });
      story.appendChild(li);
    });
    $("gv-error").hidden = !fr.error;
    $("gv-error-text").textContent = fr.error || "";
    $("gv-error-kind").textContent = fr.claim ? "A claim disagrees with the rules (the game " +
      "goes on)" : "Illegal move";
    prev.disabled = current === 0;
    next.disabled = current === frames.length - 1;
    if (mark) {
      var x = data.chart.left + data.chart.width * fr.snap / Math.max(1, data.chart.count - 1);
      mark.setAttribute("x1", x.toFixed(1));
      mark.setAttribute("x2", x.toFixed(1));
    }
    document.body.setAttribute("data-turn", String(fr.turn));
    document.body.setAttribute("data-frame", String(current));
  }

  function go(f) {
    show(f);
    try { history.replaceState(null, "", "#turn=" + frames[current].turn); } catch (e) { }
  }

  function decoded(text) {
    try { return decodeURIComponent(text); } catch (e) { return null; }
  }

  function params() {
    // `#turn=5&selftest`; a part that does not decode (`#%`, `#turn=%E0%A4%A`) is ignored
    var out = Object.create(null);
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      if (!part) { return; }
      var eq = part.indexOf("=");
      var key = decoded(eq < 0 ? part : part.slice(0, eq));
      var value = eq < 0 ? "" : decoded(part.slice(eq + 1));
      if (key !== null && value !== null) { out[key] = value; }
    });
    return out;
  }

  function frameOfTurn(t) {
    for (var i = 0; i < frames.length; i++) { if (frames[i].turn >= t) { return i; } }
    return frames.length - 1;
  }

  function fromHash() {
    var p = params(), t = parseInt(p.turn, 10);
    show(isNaN(t) ? current : frameOfTurn(t));
    return p;
  }

  function showIds(on) {
    ids.checked = on;
    document.body.classList.toggle("gv-show-ids", on);
  }

  ids.addEventListener("change", function () { showIds(ids.checked); });
  var marked = [];  // the frames of the findings, in order
  Array.prototype.forEach.call(document.querySelectorAll(".gv-finding"), function (b) {
    var f = parseInt(b.getAttribute("data-frame"), 10);
    marked.push(f);
    b.addEventListener("click", function () { go(f); });
  });
  function nextFinding() {
    if (!marked.length) { return; }
    var later = marked.filter(function (f) { return f > current; });
    go(later.length ? later[0] : marked[0]);
  }
  prev.addEventListener("click", function () { go(current - 1); });
  next.addEventListener("click", function () { go(current + 1); });
  slider.addEventListener("input", function () { go(parseInt(slider.value, 10)); });
  window.addEventListener("hashchange", fromHash);
  document.addEventListener("keydown", function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === "i" || e.key === "I") { showIds(!ids.checked); return; }
    if (e.key === "n" || e.key === "N") { nextFinding(); return; }
    var to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0,
               End: frames.length - 1 }[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    go(to);
  });

  var p = fromHash();
  if ("ids" in p) { showIds(true); }
  if (p.press) {  // a key pressed once the page is shown (the browser tests)
    document.dispatchEvent(new KeyboardEvent("keydown", { key: p.press, bubbles: true }));
  }
  if ("selftest" in p) {
    var before = current;
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    var ok = current === Math.min(before + 1, frames.length - 1) &&
      stage.querySelector("svg") !== null;
    document.body.setAttribute("data-selftest", ok ? "ok" : "failed");
    var group = stage.querySelector("g.ids");
    document.body.setAttribute("data-ids", group && getComputedStyle(group).display !==
      "none" ? "shown" : "hidden");
  }
})();
"""
