// grinivil serve: the table's page and each player's phone. The server judges every answer
// (the same Table as grinivil record); this page only shows the question it is told and sends
// taps. Text from the game is always set as text (textContent), never as markup; the board is
// the server's own SVG.
(function () {
  "use strict";
  var body = document.body;
  var token = body.getAttribute("data-token");
  var seat = body.getAttribute("data-seat") || "";
  var state = null;
  var boardShown = -1;
  var composing = null;  // cubes being composed for a draw: {concrete: n, ...}
  var CUBES = ["concrete", "wood", "steel"];
  var BOARD_ATTRS = ["data-site", "data-spot", "data-slot", "data-road"];

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function query(extra) {
    var q = "?t=" + encodeURIComponent(token);
    if (seat) { q += "&seat=" + encodeURIComponent(seat); }
    return q + (extra || "");
  }

  function showError(text) {
    var box = $("error");
    box.textContent = text || "";
    box.hidden = !text;
  }

  function post(what, data) {
    data.seat = seat;
    return fetch("/" + what, {
      method: "POST", headers: { "Content-Type": "application/json", "X-Grinivil-Token": token },
      body: JSON.stringify(data), cache: "no-store"
    }).then(function (r) {
      return r.json().catch(function () {  // not the server's JSON (a proxy's page, a crash)
        return { error: "the server answered " + r.status + " " + r.statusText };
      }).then(function (j) {
        if (!r.ok) { showError(j.error || ("refused (" + r.status + ")")); }
        else { showError(""); }
        if (j.state || j.version !== undefined) { show(j.state || j); }
      });
    }).catch(function () { showError("the server cannot be reached: is grinivil serve running?"); });
  }

  function load(again) {
    return fetch("/state" + query(), { cache: "no-store" }).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.json();
    }).then(function (s) { show(s, again); }).catch(function () { setLive(false); });
  }

  function setLive(on) {
    var live = $("live");
    live.textContent = on ? "live" : "reconnecting…";
    live.className = "live" + (on ? " on" : "");
  }

  function listen() {
    var source = new EventSource("/events" + query());
    source.onmessage = function (e) {
      setLive(true);
      var told = parseInt(e.data, 10);
      // a version below the one shown: the server was started again (its count starts anew)
      if (!state || told !== state.version) { load(state !== null && told < state.version); }
    };
    source.onerror = function () { setLive(false); };
  }

  // --- the board ---------------------------------------------------------------------------

  function loadBoard() {
    if (state.board === boardShown) { return Promise.resolve(); }
    var wanted = state.board;
    return fetch("/board.svg" + query("&b=" + wanted), { cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(function (svg) {
        if (wanted !== state.board) { return; }
        $("board").innerHTML = svg;  // the server's drawing (render --ids)
        boardShown = wanted;
        var drawn = $("board").querySelector("svg");
        var box = drawn && drawn.viewBox && drawn.viewBox.baseVal;
        if (box && box.width && box.height) {  // full screen fits the drawing whole
          $("board").style.setProperty("--aspect", String(box.width / box.height));
        }
        markBoard();
      });
  }

  // --- the board's size: fitted to its box, or larger to read its labels (it pans in its
  // box), or the whole screen; each device keeps its own choice (localStorage) ----------------

  var ZOOMS = [1, 1.5, 2, 3, 4];
  var READ_AT = 760;  // px: the board's width at which its labels read well on a phone
  var zoom = null;
  var full = false;

  function zoomKey() { return "grinivil-board-zoom-" + (seat ? "phone" : "table") + (full ? "-full" : ""); }

  function firstZoom() {
    try {
      var kept = parseFloat(window.localStorage.getItem(zoomKey()) || "");
      if (ZOOMS.indexOf(kept) >= 0) { return kept; }
    } catch (e) { /* storage refused (a private window): the default */ }
    if (full) { return 1; }
    var width = $("board").clientWidth || READ_AT;
    return ZOOMS.filter(function (z) { return z * width <= READ_AT * 1.1; }).pop() || 1;
  }

  function setZoom(z, kept) {  // kept: the person chose it (a default is found again)
    var box = $("board-box");
    var middle = [(box.scrollLeft + box.clientWidth / 2) / (box.scrollWidth || 1),
                  (box.scrollTop + box.clientHeight / 2) / (box.scrollHeight || 1)];
    zoom = z;
    $("board").style.setProperty("--zoom", String(z));
    $("zoom").textContent = Math.round(z * 100) + "%";
    $("zoom-out").disabled = z <= ZOOMS[0];
    $("zoom-in").disabled = z >= ZOOMS[ZOOMS.length - 1];
    box.scrollLeft = middle[0] * box.scrollWidth - box.clientWidth / 2;  // the same middle
    box.scrollTop = middle[1] * box.scrollHeight - box.clientHeight / 2;
    if (kept) {
      try { window.localStorage.setItem(zoomKey(), String(z)); } catch (e) { /* not kept */ }
    }
  }

  function zoomBy(step) {
    var at = ZOOMS.indexOf(zoom);
    var next = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, at + step))];
    if (next !== zoom) { setZoom(next, true); }
  }

  function setFull(on) {
    full = on;
    var box = $("board-box");
    // the browser's own full screen too where it has one (a tablet's address bar gone); the
    // page's own covers the screen where it has none (a phone's Safari)
    if (on && box.requestFullscreen && !document.fullscreenElement) {
      box.requestFullscreen().catch(function () { /* refused: the page's own is shown */ });
    } else if (!on && document.fullscreenElement && document.exitFullscreen) {
      document.exitFullscreen().catch(function () { /* already left */ });
    }
    box.classList.toggle("full", on);
    body.classList.toggle("board-full", on);
    $("full").textContent = on ? "Close" : "Full screen";
    $("full").setAttribute("aria-pressed", String(on));
    setZoom(firstZoom());
    boardSays();
  }

  function boardSays() {  // what the table is asked, above the board on the whole screen
    var q = state && !state.over && !state.sealed && state.question;
    $("board-says").textContent = !full || !state ? "" : state.over ? "The game is over."
      : state.player + " is on turn" + (q ? ": " + q.what : state.sealed ? ": secret " +
        state.sealed.kind + "s" : "");
  }

  $("zoom-in").onclick = function () { zoomBy(1); };
  $("zoom-out").onclick = function () { zoomBy(-1); };
  $("full").onclick = function () { setFull(!full); };
  setZoom(firstZoom());
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && full) { setFull(false); }
  });
  document.addEventListener("fullscreenchange", function () {  // left by Esc or the back key
    if (!document.fullscreenElement && full) { setFull(false); }
  });

  // Which drawn things answer the question: a tile of the ring (`data-tile`, the dual tile
  // #08's group naming both its actions: `explore build-road`), a Building Site, Planting
  // Spot, slot or road (`data-site`...), each named as the option's text names it.
  function boardTargets(svg, q) {
    var found = [];  // [node, [options it answers]]
    q.options.forEach(function (o) {
      var nodes = [];
      if (q.path === "tile") {
        nodes = svg.querySelectorAll("[data-tile~=\"" + CSS.escape(o.tile) + "\"]");
      } else {
        BOARD_ATTRS.forEach(function (attr) {
          if (!nodes.length) {
            nodes = svg.querySelectorAll("[" + attr + "=\"" + CSS.escape(o.text) + "\"]");
          }
        });
      }
      Array.prototype.forEach.call(nodes, function (node) {
        var entry = found.filter(function (f) { return f[0] === node; })[0];
        if (entry) { entry[1].push(o); } else { found.push([node, [o]]); }
      });
    });
    return found;
  }

  function markBoard() {
    var svg = $("board").querySelector("svg");
    if (!svg) { return; }
    svg.querySelectorAll(".tap, .tap-off").forEach(function (node) {
      node.classList.remove("tap", "tap-off");
      node.onclick = null;
    });
    var q = state && !state.over && !state.sealed && state.question;
    if (!q || !q.options || !mayAnswer(q)) { return; }
    boardTargets(svg, q).forEach(function (entry) {
      var node = entry[0];
      var open = entry[1].filter(function (o) { return o.eligible !== false; });
      node.classList.add(open.length ? "tap" : "tap-off");
      node.onclick = function () {
        if (open.length === 1) { choose(q, open[0]); }
        else if (!open.length) { choose(q, entry[1][0]); }  // says why not
        else { pickOneOf(open); }
      };
    });
  }

  function pickOneOf(options) {  // one drawn tile, two actions (#08a, #08b): their buttons
    var buttons = options.map(function (o) {
      return document.querySelector("#question button[data-i=\"" + o.i + "\"]");
    }).filter(Boolean);
    buttons.forEach(function (b) { b.classList.add("pick"); });
    showError("");
    var said = $("said");
    said.textContent = "";
    said.appendChild(el("p", "", options.map(function (o) { return o.label; }).join(" or ") +
      "? Tap one of the two below."));
    if (buttons.length) { buttons[0].scrollIntoView({ block: "center" }); }
  }

  // --- the question ------------------------------------------------------------------------

  function mayAnswer(q) { return !seat || q.who === seat; }

  // "Back one answer": the table's screen takes back the turn's last answer (or the secret
  // answers given); a phone only in its player's own turn, and never the secret answers
  // (those of the others too would go)
  function mayGoBack(s) {
    if (s.over) { return false; }
    if (s.sealed) { return !seat && s.sealed.players.some(function (p) { return p.done; }); }
    return s.answered > 0 && (!seat || s.player === seat);
  }

  var extras = { declined: false, buy_time: 0 };  // given with the tile, as record's `decline`

  function choose(q, o) {
    if (o.eligible === false) { showError(o.label + " is not eligible: " + o.why); return; }
    var data = { version: state.version, choice: o.i };
    if (q.path === "tile") {
      data.extras = {};
      if (extras.declined) { data.extras.declined = true; }
      if (extras.buy_time) { data.extras.buy_time = extras.buy_time; }
    }
    post("answer", data);
  }

  function tileExtras() {
    var row = el("div", "extras");
    var label = el("label", "check");
    var box = document.createElement("input");
    box.type = "checkbox";
    box.id = "decline";
    box.checked = extras.declined;
    box.onchange = function () { extras.declined = box.checked; };
    label.append(box, document.createTextNode(" decline the action (move only)"));
    var time = el("span", "time");
    var less = el("button", "step", "−");
    var shown = el("output", "value", String(extras.buy_time));
    var more = el("button", "step", "+");
    less.type = more.type = "button";
    less.setAttribute("aria-label", "buy less time");
    more.setAttribute("aria-label", "buy more time");
    less.onclick = function () {
      extras.buy_time = Math.max(0, extras.buy_time - 1); shown.textContent = String(extras.buy_time);
    };
    more.onclick = function () {
      extras.buy_time = Math.min(9, extras.buy_time + 1); shown.textContent = String(extras.buy_time);
    };
    time.append(document.createTextNode("time bought "), less, shown, more);
    row.append(label, time);
    return row;
  }

  function boundsText(ranges) {
    return ranges.map(function (r) { return r[0] === r[1] ? String(r[0]) : r[0] + " to " + r[1]; })
      .join(", or ");
  }

  function stepper(ranges, start, onOk, okText) {
    var values = [];
    ranges.forEach(function (r) { values.push([r[0], r[1]]); });
    var value = start;
    var box = el("div", "stepper");
    var minus = el("button", "step", "−");
    var shown = el("output", "value", String(value));
    var plus = el("button", "step", "+");
    var ok = el("button", "ok", okText || "OK");
    [minus, plus, ok].forEach(function (b) { b.type = "button"; });
    minus.setAttribute("aria-label", "less");
    plus.setAttribute("aria-label", "more");
    function allowed(v) { return values.some(function (r) { return r[0] <= v && v <= r[1]; }); }
    function move(dir, big) {
      var v = value;
      for (var k = 0; k < (big ? 10 : 1); k++) {
        var next = v + dir;
        if (!allowed(next)) {  // over a gap (0, then 10 to 70): to the next range's end
          var ends = values.map(function (r) { return dir > 0 ? r[0] : r[1]; })
            .filter(function (e) { return dir > 0 ? e > v : e < v; });
          if (!ends.length) { break; }
          next = dir > 0 ? Math.min.apply(null, ends) : Math.max.apply(null, ends);
        }
        v = next;
      }
      value = v;
      shown.textContent = String(value);
      bounds();
    }
    function bounds() {
      var low = values.every(function (r) { return r[0] >= value; });
      var high = values.every(function (r) { return r[1] <= value; });
      minus.disabled = minus10.disabled = low;
      plus.disabled = plus10.disabled = high;
    }
    minus.onclick = function () { move(-1, false); };
    plus.onclick = function () { move(1, false); };
    var minus10 = el("button", "step", "−10");
    var plus10 = el("button", "step", "+10");
    minus10.type = plus10.type = "button";
    minus10.onclick = function () { move(-1, true); };
    plus10.onclick = function () { move(1, true); };
    ok.onclick = function () { onOk(value); };
    box.append(minus10, minus, shown, plus, plus10, ok);
    bounds();
    return box;
  }

  function cubeComposer(q) {
    var size = 0;
    q.options.forEach(function (o) {
      if (o.cubes) {
        var n = CUBES.reduce(function (s, c) { return s + (o.cubes[c] || 0); }, 0);
        size = Math.max(size, n);
      }
    });
    if (!composing) { composing = { concrete: 0, wood: 0, steel: 0 }; }
    var box = el("div", "cubes");
    var shown = el("p", "cube-line");
    var done = el("button", "ok", "Done");
    done.type = "button";
    function matching() {
      return q.options.filter(function (o) {
        return o.cubes && CUBES.every(function (c) { return (o.cubes[c] || 0) === composing[c]; });
      })[0];
    }
    function refresh() {
      var total = CUBES.reduce(function (s, c) { return s + composing[c]; }, 0);
      shown.textContent = total ? CUBES.filter(function (c) { return composing[c]; })
        .map(function (c) { return composing[c] + " " + c; }).join(", ") + " (" + total + " of "
        + size + ")" : "tap the cubes drawn (" + size + ")";
      done.disabled = !matching();
    }
    CUBES.forEach(function (c) {
      var b = el("button", "cube " + c, c);
      b.type = "button";
      b.onclick = function () { composing[c] += 1; refresh(); };
      box.appendChild(b);
    });
    var clear = el("button", "quiet", "Clear");
    clear.type = "button";
    clear.onclick = function () { composing = { concrete: 0, wood: 0, steel: 0 }; refresh(); };
    done.onclick = function () {
      var o = matching();
      if (o) { composing = null; post("answer", { version: state.version, choice: o.i }); }
    };
    box.append(shown, clear, done);
    refresh();
    return box;
  }

  function drawQuestion() {
    var box = $("question");
    box.textContent = "";
    var q = state.question;
    if (state.over) {
      box.appendChild(el("h2", "", "The game is over"));
      var list = el("ol", "scores");
      (state.scores || []).forEach(function (s) {
        list.appendChild(el("li", "", s.player + " " + s.total));
      });
      box.appendChild(list);
      if (!seat && !state.ended) {
        var claim = el("button", "", "Enter the final scores the table counted");
        claim.type = "button";
        claim.onclick = function () {
          ask("The final scores, as: score Anna 76 Bruno 70", "score ", function (text) {
            post("claim", { version: state.version, text: text });
          });
        };
        box.appendChild(claim);
      }
      return;
    }
    if (state.sealed) { drawSealed(box, state.sealed); return; }
    if (!q) { return; }
    var head = el("h2", "", q.what);
    head.appendChild(el("span", "rule", " " + q.rule));
    box.appendChild(head);
    if (!mayAnswer(q)) {
      box.appendChild(el("p", "wait", (q.who || "the table") + " answers this one."));
      return;
    }
    if (q.kind === "count") {
      box.appendChild(el("p", "bounds", boundsText(q.ranges)));
      var start = q.default !== null && q.default !== undefined ? q.default : q.ranges[0][0];
      box.appendChild(stepper(q.ranges, start, function (v) {
        post("answer", { version: state.version, count: v });
      }));
      return;
    }
    if (q.options.length && q.options.every(function (o) { return o.cubes; })) {
      box.appendChild(cubeComposer(q));
      return;
    }
    var tile = q.path === "tile";
    var grid = el("div", tile ? "options tiles" : "options");
    var off = el("div", "options tiles off-tiles");
    q.options.forEach(function (o) {
      var b = el("button", "option" + (o.eligible === false ? " off" : "") +
        (q.default === o.i ? " default" : ""));
      b.type = "button";
      b.setAttribute("data-i", String(o.i));
      if (tile) {
        b.setAttribute("data-tile", o.tile);
        b.appendChild(el("span", "num", o.number));
        b.appendChild(el("span", "name", o.name));
        b.appendChild(el("span", "pos", "@" + o.position));
        if (o.eligible === false) { b.title = o.why; }
      } else { b.textContent = o.label; }
      b.onclick = function () { choose(q, o); };
      (o.eligible === false ? off : grid).appendChild(b);
    });
    box.appendChild(grid);
    if (off.childNodes.length) {
      var more = el("details", "not-eligible");
      more.appendChild(el("summary", "", "Not eligible (" + off.childNodes.length +
        "): tap one to see why"));
      more.appendChild(off);
      box.appendChild(more);
    }
    if (tile) { box.appendChild(tileExtras()); }
  }

  function drawSealed(box, sealed) {
    var head = el("h2", "", "Secret " + sealed.kind + "s, shown at once when all are in");
    head.appendChild(el("span", "rule", " " + sealed.rule));
    box.appendChild(head);
    var who = el("ul", "sealed");
    sealed.players.forEach(function (p) {
      who.appendChild(el("li", p.done ? "done" : "", p.name + (p.done ? ": given ✓" : ": waiting…")));
    });
    box.appendChild(who);
    (sealed.mine || []).forEach(function (m) {
      var given = m.value !== undefined;
      var part = el("div", "mine");
      var label = seat ? "Your " + sealed.kind + " (secret until all are in)"
        : m.name + "'s " + sealed.kind + " (pass the tablet, or " + m.name + " uses a phone)";
      part.appendChild(el("p", "", label + (given ? ": " + m.value + " given" : "")));
      part.appendChild(el("p", "bounds", boundsText(m.ranges)));
      var start = m.ranges[0][0];
      var ok = seat ? (given ? "Change my " + sealed.kind : "Give my " + sealed.kind + " in secret")
        : "Give " + m.name + "'s " + sealed.kind;
      if (!seat) {
        var open = el("button", "quiet", "Enter " + m.name + "'s " + sealed.kind);
        open.type = "button";
        open.onclick = function () {
          open.replaceWith(stepper(m.ranges, start, function (v) {
            post("seal", { player: m.name, count: v, round: sealed.round });
          }, ok));
        };
        part.appendChild(open);
      } else {
        part.appendChild(stepper(m.ranges, given ? m.value : start, function (v) {
          post("seal", { player: m.name, count: v, round: sealed.round });
        }, ok));
      }
      box.appendChild(part);
    });
  }

  function ask(text, start, then) {
    var dialog = $("ask");
    $("ask-text").textContent = text;
    var input = $("ask-input");
    input.value = start;
    dialog.onclose = function () {
      if (dialog.returnValue === "ok" && input.value.trim()) { then(input.value.trim()); }
    };
    dialog.returnValue = "";
    dialog.showModal();
  }

  // --- the rest of the page ----------------------------------------------------------------

  function yours(s) {  // whether this phone's player has something to answer in `s`
    if (!s || !seat || s.over) { return false; }
    if (s.sealed) {
      return s.sealed.players.some(function (p) { return p.name === seat && !p.done; });
    }
    return !!(s.question && s.question.who === seat);
  }

  function show(s, again) {
    if (!s || s.version === undefined) { return; }
    // two answers crossing (a load begun before a tap's answer came back): the newer stays
    if (state && s.version < state.version && !again) { return; }
    var moved = !state || state.version !== s.version;
    var mineBefore = yours(state);
    state = s;
    if (seat) {  // a phone: told when a question becomes its player's, as a player looks up
      var mine = yours(s);
      document.title = (mine ? "● your turn · " : "") + document.title.replace(/^● your turn · /, "");
      var touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (mine && !mineBefore && navigator.vibrate && touched) { navigator.vibrate(120); }
    }
    if (moved) { composing = null; extras = { declined: false, buy_time: 0 }; }
    if (again) { boardShown = -1; }  // a server started again counts its boards anew
    $("turn").textContent = s.over ? s.title + " · the game is over"
      : s.title + " · turn " + s.turn;
    $("who").textContent = s.over ? "" : s.player + " is on turn" +
      (seat ? (seat === s.player ? " (you)" : "") : "");
    var said = $("said");
    said.textContent = "";
    (s.said || []).forEach(function (line) { said.appendChild(el("p", "", line)); });
    var made = $("made");
    made.textContent = "";
    (s.made || []).forEach(function (line) { made.appendChild(el("li", "", line)); });
    $("back").disabled = !mayGoBack(s);
    if ($("undo")) { $("undo").disabled = !s.turns; }
    $("last").textContent = s.last || "";
    var players = $("players");
    players.textContent = "";
    s.players.forEach(function (p) {
      var li = el("li", "player " + p.colour, p.name + " · " + p.vp + " VP");
      if (p.money !== undefined) {  // this phone's own player: secret from the others
        li.appendChild(el("span", "secret", " · " + p.money + " G" +
          (p.residents && p.residents.length ? " · " + p.residents.join(", ") : "") +
          " (on your phone only)"));
      }
      players.appendChild(li);
    });
    var moves = $("moves");
    moves.textContent = "";
    s.moves.forEach(function (m) { moves.appendChild(el("li", "", m.replace(/^\d+\. /, ""))); });
    body.setAttribute("data-version", String(s.version));
    drawQuestion();
    boardSays();
    loadBoard().then(markBoard).catch(function () { setLive(false); });
  }

  $("back").onclick = function () { post("back", { version: state.version }); };
  if ($("undo")) {
    $("undo").onclick = function () {
      if (window.confirm("Take back " + (state.last || "the last turn") + "?")) {
        post("undo", { version: state.version });
      }
    };
    $("note").onclick = function () {
      ask("A note with this turn (what happened at the table):", "", function (text) {
        post("note", { version: state.version, text: text });
      });
    };
    $("claim").onclick = function () {
      ask("The score track (or money) after the last turn, as: score Anna 12 Bruno 9",
        "score ", function (text) { post("claim", { version: state.version, text: text }); });
    };
  }
  $("ask-cancel").onclick = function () { $("ask").close("cancel"); };
  load().then(listen);
}());
