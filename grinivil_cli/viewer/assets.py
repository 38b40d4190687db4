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
.gv-explain { margin: 6px 0 0; padding-left: 18px; color: var(--ink); font-size: 13px;
  max-height: 260px; overflow-y: auto; }
.gv-explain li:first-child { list-style: none; margin-left: -18px; font-weight: bold; }
.gv-help { color: var(--muted); font-size: 12px; margin: 0 4px; }
.gv-story { margin: 0; padding-left: 18px; }
.gv-note { margin: 6px 0; padding: 6px 8px; border-left: 3px solid #8a6d3b;
  background: #fbf6ea; white-space: pre-wrap; overflow-wrap: anywhere; }
.gv-story li { margin: 2px 0; }
.gv-rule { white-space: nowrap; color: var(--muted); }
.gv-chart { grid-column: 1 / -1; padding: 6px 14px 10px; }
.gv-chart svg { display: block; width: 100%; max-width: 900px; height: auto; margin: 0 auto; }
.gv-projected { border-collapse: collapse; width: 100%; font-size: 13px; }
.gv-projected th { text-align: left; font-weight: normal; color: var(--muted);
  font-size: 12px; white-space: nowrap; }
.gv-projected td:first-child { white-space: nowrap; }
.gv-projected td, .gv-projected th { padding: 2px 4px; border-bottom: 1px solid #eee; }
.gv-projected td.gv-score { font-weight: bold; text-align: right; }
.gv-projected td.gv-how { color: var(--muted); font-size: 12px; }
.gv-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  border: 1px solid #3a3a3a; margin-right: 5px; vertical-align: baseline; }
.gv-moves { padding: 10px 14px; }
.gv-filters { display: flex; gap: 6px; margin-bottom: 6px; }
.gv-filters input, .gv-filters select { font: inherit; font-size: 13px; min-width: 0;
  padding: 3px 6px; border: 1px solid var(--line); border-radius: 5px; }
.gv-filters input { flex: 1; }
.gv-list { position: relative; list-style: none; margin: 0; padding: 0; max-height: 320px;
  overflow-y: auto;
  font-size: 13px; border-top: 1px solid #eee; }
.gv-list li { padding: 3px 6px; border-bottom: 1px solid #f0f0f0; cursor: pointer; }
.gv-list li:hover { background: #f4f8f4; }
.gv-list li.gv-current { background: #fff4d6; font-weight: bold; }
.gv-list li.gv-bad { color: var(--red); }
.gv-list li .gv-sum { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical;
  overflow: hidden; color: var(--muted); font-weight: normal; font-size: 12px; }
.gv-list-none { color: var(--muted); font-style: italic; cursor: default; }
.gv-chart { position: relative; }
.gv-chart svg { cursor: crosshair; }
.gv-tip { position: absolute; z-index: 3; pointer-events: none; background: #fff;
  border: 1px solid #999; border-radius: 6px; padding: 6px 8px; font-size: 12px;
  box-shadow: 0 2px 6px rgba(0,0,0,.2); white-space: nowrap; }
.gv-tip b { display: block; margin-bottom: 2px; }
@media (max-width: 1499px) {  /* the board the whole width, the panels below it: at
     1200 px the board's smallest print (10.5 units) is drawn at 10 px or more */
  .gv-main { grid-template-columns: minmax(0, 1fr); padding: 8px; gap: 10px; }
  #gv-stage { padding: 0; }
  .gv-side { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start; }
}
@media (max-width: 900px) { .gv-side { grid-template-columns: minmax(0, 1fr); } }
@media (max-width: 700px) {  /* a phone: the board at a readable size, panned in its box */
  .gv-top { padding: 8px 10px; }
  .gv-top h1 { font-size: 17px; }
  .gv-main { padding: 8px; gap: 8px; }
  #gv-stage { overflow-x: auto; -webkit-overflow-scrolling: touch; }
  #gv-stage svg { width: 1000px; max-width: none; }
  .gv-controls output { min-width: 0; }
}
@media print {
  .gv-top { position: static; box-shadow: none; }
  .gv-controls, .gv-findings, .gv-help, .gv-moves, .gv-tip { display: none; }
  .gv-main { display: block; padding: 0; }
  .gv-card { box-shadow: none; break-inside: avoid; margin-bottom: 8px; }
  .gv-yaml, .gv-result pre { max-height: none; overflow: visible; }
  html, body { background: #fff; }
}
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
    $("gv-note").hidden = !fr.note;
    $("gv-note-text").textContent = fr.note || "";
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
    var explain = $("gv-explain");
    explain.textContent = "";
    (fr.explain || []).forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      explain.appendChild(li);
    });
    prev.disabled = current === 0;
    next.disabled = current === frames.length - 1;
    if (mark) {
      var x = data.chart.left + data.chart.width * fr.snap / Math.max(1, data.chart.count - 1);
      mark.setAttribute("x1", x.toFixed(1));
      mark.setAttribute("x2", x.toFixed(1));
    }
    showProjected(fr);
    markMove();
    document.body.setAttribute("data-turn", String(fr.turn));
    document.body.setAttribute("data-frame", String(current));
  }

  // if the game ended now: each player's projected final score, best first
  function showProjected(fr) {
    var body = $("gv-projected").tBodies[0], rows = data.projected[fr.snap] || [];
    $("gv-projected-head").textContent = fr.final ? "Final score" : "If the game ended now";
    body.textContent = "";
    rows.map(function (r, i) { return { r: r, i: i }; })
      .sort(function (a, b) { return b.r[0] - a.r[0] || a.i - b.i; })
      .forEach(function (x) {
        var r = x.r, tr = document.createElement("tr"), name = document.createElement("td");
        var sw = document.createElement("span");
        sw.className = "gv-swatch";
        sw.style.background = data.players[x.i].colour;
        name.appendChild(sw);
        name.appendChild(document.createTextNode(data.players[x.i].name));
        var score = document.createElement("td"), how = document.createElement("td");
        score.className = "gv-score";
        score.textContent = String(r[0]);
        how.className = "gv-how";
        how.textContent = r[1] + " on the track + " + r[2] + " for money" +
          (r[3] ? " + " + r[3] + " Public" : "") +
          (r[4] ? " \u2212 " + 10 * r[4] + " (" + r[4] + " unsold)" : "");
        tr.appendChild(name); tr.appendChild(score); tr.appendChild(how);
        body.appendChild(tr);
      });
  }

  // the move list: every frame in a line, searched and filtered by player, clicked to jump
  var list = $("gv-list"), search = $("gv-search"), who = $("gv-who"), items = [];
  frames.forEach(function (fr, f) {
    var li = document.createElement("li");
    li.setAttribute("data-frame", String(f));
    li.textContent = fr.head;
    var sum = document.createElement("span");
    sum.className = "gv-sum";
    sum.textContent = fr.error ? fr.error : (fr.story || []).join(" ");
    if (sum.textContent) { li.appendChild(sum); }
    if (fr.error) { li.classList.add("gv-bad"); }
    li.addEventListener("click", function () { go(f); });
    list.appendChild(li);
    if (fr.note) { li.title = "Note: " + fr.note; }
    items.push({ li: li, text: (fr.head + " " + sum.textContent + " " +
                                (fr.note || "")).toLowerCase(),
                 player: fr.player });
  });
  var none = document.createElement("li");
  none.className = "gv-list-none";
  none.textContent = "No move matches.";
  list.appendChild(none);

  function filterMoves() {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var name = who.value === "" ? null : data.players[parseInt(who.value, 10)].name;
    var shownCount = 0;
    items.forEach(function (it) {
      var ok = (name === null || it.player === name) && words.every(function (w) {
        return it.text.indexOf(w) >= 0; });
      it.li.hidden = !ok;
      if (ok) { shownCount++; }
    });
    none.hidden = shownCount > 0;
    list.setAttribute("data-shown", String(shownCount));
  }

  function markMove() {
    items.forEach(function (it, f) { it.li.classList.toggle("gv-current", f === current); });
    var li = items[current] && items[current].li;
    if (li && !li.hidden) {  // kept in view inside the list, the page does not scroll
      if (li.offsetTop < list.scrollTop) { list.scrollTop = li.offsetTop; }
      else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight; }
    }
  }

  search.addEventListener("input", filterMoves);
  who.addEventListener("change", filterMoves);

  // the chart: hover shows the values after the turn under the pointer, a click goes there
  var chart = document.querySelector(".gv-chart svg"), tip = $("gv-tip");

  function snapAt(e) {
    var box = chart.getBoundingClientRect(), vb = chart.viewBox.baseVal;
    var x = (e.clientX - box.left) * vb.width / box.width;
    var t = Math.round((x - data.chart.left) / data.chart.width * (data.chart.count - 1));
    return Math.max(0, Math.min(data.chart.count - 1, t));
  }

  function frameOfSnap(t) {
    for (var i = 0; i < frames.length; i++) { if (frames[i].snap >= t) { return i; } }
    return frames.length - 1;
  }

  if (chart) {
    chart.addEventListener("mousemove", function (e) {
      var t = snapAt(e), fr = frames[frameOfSnap(t)];
      tip.textContent = "";
      var head = document.createElement("b");
      head.textContent = fr.turn === 0 ? "Setup" : "After turn " + fr.turn;
      tip.appendChild(head);
      data.players.forEach(function (p, i) {
        var line = document.createElement("div"), v = data.values[t][i];
        line.textContent = p.name + ": " + v[0] + " VP, " + v[1] + " G, projected " +
          data.projected[t][i][0];
        tip.appendChild(line);
      });
      var card = chart.parentNode.getBoundingClientRect();
      tip.hidden = false;
      var left = e.clientX - card.left + 14;
      if (left + tip.offsetWidth > card.width) { left = e.clientX - card.left - 14 -
        tip.offsetWidth; }
      tip.style.left = Math.max(0, left) + "px";
      tip.style.top = (e.clientY - card.top + 14) + "px";
    });
    chart.addEventListener("mouseleave", function () { tip.hidden = true; });
    chart.addEventListener("click", function (e) { go(frameOfSnap(snapAt(e))); });
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
