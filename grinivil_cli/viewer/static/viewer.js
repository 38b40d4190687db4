// grinivil viewer: the script of the one-page viewer (viewer/page.py writes it inside the page,
// which loads nothing). It reads the game from the page's JSON data (#gv-data), rebuilds each
// snapshot's SVG from the table of distinct lines, and sets every text from the log as text
// (textContent), never as markup. The browser tests drive it (tests/test_viewer*.py).
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
