// ratingbook: search from every page and sortable tables. Progressive
// enhancement only: every page works without this script.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";

  // The same fold as text::search_key on the Rust side: lowercase, accents
  // dropped, and the letters Unicode does not decompose spelled out.
  var SPECIAL = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
    "ð": "d", "ı": "i", "þ": "th", "ŀ": "l" };
  function fold(text) {
    var s = text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return s.replace(/[ßæœøłđðıþŀ]/g, function (c) { return SPECIAL[c]; });
  }

  window.ratingbookFold = fold;

  function matches(entry, words) {
    for (var i = 0; i < words.length; i++) {
      if (entry.k.indexOf(words[i]) < 0) return false;
    }
    return true;
  }

  // A large index is split into shards (see render/search.rs), each a
  // script search/<name>.js that hands its entries to RATINGBOOK_SHARD; they
  // are loaded with script tags, which also work from file://, when a query
  // needs them.
  var shardEntries = {};
  var shardWaiting = {};
  window.RATINGBOOK_SHARD = function (name, entries) {
    shardEntries[name] = entries;
    var waiting = shardWaiting[name] || [];
    delete shardWaiting[name];
    waiting.forEach(function (done) { done(); });
  };

  function loadShard(name, done) {
    if (shardEntries[name]) { done(); return; }
    if (shardWaiting[name]) { shardWaiting[name].push(done); return; }
    shardWaiting[name] = [done];
    var script = document.createElement("script");
    script.src = root + "search/" + encodeURIComponent(name) + ".js";
    script.onerror = function () { window.RATINGBOOK_SHARD(name, []); };
    document.head.appendChild(script);
  }

  function startsWord(key, word) {
    var words = key.split(/\s+/);
    for (var i = 0; i < words.length; i++) {
      if (words[i].indexOf(word) === 0) return true;
    }
    return false;
  }

  // Calls found(entries) with the entries matching query: at once for a
  // single index; for a split one, once the shards it needs are loaded.
  function search(query, answer) {
    var words = fold(query).split(/\s+/).filter(Boolean);
    // Entries whose name has every word come first; then those found by
    // club, country, city or address (a club's name finds its players).
    function found(entries) {
      var named = [];
      var others = [];
      entries.forEach(function (e) {
        (matches({ k: fold(e.n) }, words) ? named : others).push(e);
      });
      answer(named.concat(others));
    }
    var shards = window.RATINGBOOK_SHARDS;
    if (!words.length) { found([]); return; }
    if (!shards) {
      var index = window.RATINGBOOK_INDEX || [];
      found(index.filter(function (e) { return matches(e, words); }));
      return;
    }
    var longest = words.reduce(function (a, b) { return b.length > a.length ? b : a; });
    var needed = [];
    shards.forEach(function (shard) {
      var prefix = shard[0];
      if (prefix.indexOf(longest) === 0 || (!shard[1] && longest.indexOf(prefix) === 0)) needed.push(shard[2]);
    });
    var left = needed.length;
    if (!left) { found([]); return; }
    function collect() {
      if (--left > 0) return;
      var seen = {};
      var out = [];
      needed.forEach(function (name) {
        shardEntries[name].forEach(function (e) {
          if (!seen[e.h] && startsWord(e.k, longest) && matches(e, words)) {
            seen[e.h] = true;
            out.push(e);
          }
        });
      });
      out.sort(function (a, b) {
        if (a.t !== b.t) return a.t === "p" ? -1 : 1;
        return a.n < b.n ? -1 : a.n > b.n ? 1 : (a.h < b.h ? -1 : 1);
      });
      found(out);
    }
    needed.forEach(function (name) { loadShard(name, collect); });
  }

  function setupBox() {
    var input = document.getElementById("site-search");
    var list = document.getElementById("site-search-results");
    if (!input || !list) return;
    var asked = 0;
    function show() {
      var question = ++asked;
      search(input.value, function (all) {
        if (question === asked) showFound(all);
      });
    }
    function showFound(all) {
      list.textContent = "";
      var found = all.slice(0, 12);
      found.forEach(function (e) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = root + e.h;
        a.textContent = e.n;
        li.appendChild(a);
        if (e.d) {
          var d = document.createElement("span");
          d.className = "note";
          d.textContent = " " + e.d;
          li.appendChild(d);
        }
        list.appendChild(li);
      });
      if (all.length > found.length) {
        // More than the box shows: the search page lists them all.
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = root + "search.html?q=" + encodeURIComponent(input.value);
        // The words come from the page, in the site's language.
        a.textContent = (list.getAttribute("data-all-found") || "%n").replace("%n", all.length);
        li.appendChild(a);
        list.appendChild(li);
      }
      list.hidden = found.length === 0;
    }
    input.addEventListener("input", show);
    input.form.addEventListener("submit", function (ev) {
      var first = list.querySelector("a");
      if (first) {
        ev.preventDefault();
        window.location.href = first.href;
      }
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") list.hidden = true;
    });
  }

  // search.html?q=: the list shows what the search finds (from the whole
  // index, whichever page of the list this is).
  function setupSearchPage() {
    var all = document.getElementById("search-all");
    if (!all) return;
    var params = new URLSearchParams(window.location.search);
    var q = params.get("q") || "";
    var input = document.getElementById("site-search");
    if (input) input.value = q;
    if (!fold(q).split(/\s+/).filter(Boolean).length) return;
    var status = document.getElementById("search-status");
    search(q, function (found) {
      all.textContent = "";
      found.forEach(function (e) {
        var li = document.createElement("li");
        li.setAttribute("data-key", e.k);
        var a = document.createElement("a");
        a.href = root + e.h;
        a.textContent = e.n;
        li.appendChild(a);
        var note = document.createElement("span");
        note.className = "note";
        var kind = all.getAttribute(e.t === "p" ? "data-player" : "data-tournament") || "";
        note.textContent = kind + (e.d ? ", " + e.d : "");
        li.appendChild(document.createTextNode(" "));
        li.appendChild(note);
        all.appendChild(li);
      });
      Array.prototype.forEach.call(document.querySelectorAll("nav.pagination"), function (nav) {
        nav.hidden = true;
      });
      if (status) {
        status.textContent = (all.getAttribute("data-found-for") || "%n")
          .replace("%n", found.length)
          .replace("%q", q);
      }
    });
  }

  function cellValue(cell) {
    var raw = cell.getAttribute("data-sort");
    var text = raw !== null ? raw : cell.textContent.trim();
    var num = text.replace("\u2212", "-").replace("\u00bd", ".5").replace(/\s.*$/, "");
    if (/^[+-]?\d+(\.\d+)?$/.test(num)) return { n: parseFloat(num), t: text };
    if (/^\d+\/\d+$/.test(num)) return { n: parseFloat(num), t: text };
    return { n: null, t: text.toLowerCase() };
  }

  function compare(a, b) {
    if (a.t === "" && b.t !== "") return 1;
    if (b.t === "" && a.t !== "") return -1;
    if (a.n !== null && b.n !== null) return a.n - b.n;
    return a.t.localeCompare(b.t, document.documentElement.lang || undefined);
  }

  function setupSorting() {
    var tables = document.querySelectorAll("table.sortable");
    Array.prototype.forEach.call(tables, function (table) {
      var heads = table.querySelectorAll("thead th");
      Array.prototype.forEach.call(heads, function (th, col) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "sort";
        while (th.firstChild) button.appendChild(th.firstChild);
        th.appendChild(button);
        button.addEventListener("click", function () {
          var asc = th.getAttribute("aria-sort") !== "ascending";
          Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
          th.setAttribute("aria-sort", asc ? "ascending" : "descending");
          var body = table.tBodies[0];
          var rows = Array.prototype.slice.call(body.rows);
          var keyed = rows.map(function (row, i) {
            return { row: row, i: i, v: cellValue(row.cells[col] || row.cells[0]) };
          });
          keyed.sort(function (x, y) {
            var c = compare(x.v, y.v);
            if (x.v.t !== "" && y.v.t !== "" && !asc) c = -c;
            return c || x.i - y.i;
          });
          keyed.forEach(function (k) { body.appendChild(k.row); });
        });
      });
    });
  }

  // Wide tables on a narrow screen: a scroll box that needs scrolling says
  // so, with a hint above the table and a fade at the edge still to come.
  // The hint's words come from the page, in the site's language.
  function setupScrollHints() {
    var boxes = document.querySelectorAll(".scroll");
    var main = document.getElementById("content");
    var hint = (main && main.getAttribute("data-scroll-hint")) || "Scroll sideways for more";
    function update(box) {
      var over = box.scrollWidth > box.clientWidth + 1;
      var end = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
      if (over) box.setAttribute("data-overflows", hint);
      else box.removeAttribute("data-overflows");
      box.toggleAttribute("data-at-end", !over || end);
    }
    function updateAll() {
      for (var i = 0; i < boxes.length; i++) update(boxes[i]);
    }
    Array.prototype.forEach.call(boxes, function (box) {
      box.addEventListener("scroll", function () { update(box); }, { passive: true });
    });
    window.addEventListener("resize", updateAll);
    updateAll();
  }

  setupBox();
  setupSearchPage();
  setupSorting();
  setupScrollHints();
})();
