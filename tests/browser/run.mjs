// Real-browser tests of the built site: headless Debian chromium driven by
// playwright-core, the Nu HTML checker (vnu.jar) and axe-core.
//
// Usage: node tests/browser/run.mjs <built-site-dir> <screenshot-dir>
// Exit status 0 when every check passed; failures are listed on stderr.

import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const [siteArg, shotsArg] = process.argv.slice(2);
if (!siteArg || !shotsArg) {
  console.error("usage: node run.mjs <site-dir> <screenshot-dir>");
  process.exit(2);
}
const site = path.resolve(siteArg);
const shots = path.resolve(shotsArg);
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const started = Date.now();
const failures = [];
let checks = 0;

let lap = Date.now();
function section(name) {
  console.log(`  ${name}: ${((Date.now() - lap) / 1000).toFixed(1)} s`);
  lap = Date.now();
}

function check(ok, message) {
  checks++;
  if (!ok) {
    failures.push(message);
    console.error(`FAIL ${message}`);
  }
}

const { chromium } = require("playwright-core");
const axePath = require.resolve("axe-core/axe.min.js");
const vnuJar = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");

// --- a tiny static server on 127.0.0.1 -------------------------------------
const types = {
  ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript",
  ".svg": "image/svg+xml", ".xml": "application/xml", ".csv": "text/csv; charset=utf-8",
  ".md": "text/markdown; charset=utf-8", ".sql": "text/plain; charset=utf-8",
};
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  let file = path.join(site, decodeURIComponent(url.pathname));
  if (!file.startsWith(site)) file = site;
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
  if (!fs.existsSync(file)) {
    res.writeHead(404, { "content-type": types[".html"] });
    res.end(fs.readFileSync(path.join(site, "404.html")));
    return;
  }
  res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
  res.end(fs.readFileSync(file));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

// --- page types ---------------------------------------------------------------
const firstIn = (dir) => fs.readdirSync(path.join(site, dir)).filter((f) => f.endsWith(".html") && f !== "index.html").sort()[0];
const newsPage = fs.readdirSync(path.join(site, "pages")).find((f) => f.startsWith("news-"));
const pageTypes = [
  ["index", "index.html"],
  ["ratings", "ratings.html"],
  ["ratings-filtered", `lists/${firstIn("lists")}`],
  ["archive-index", "archive/index.html"],
  ["archive-list", "archive/2003.html"],
  ["tournaments", "tournaments/index.html"],
  ["tournament", "tournaments/helsinki-open-2003.html"],
  ["round", "tournaments/helsinki-open-2006/round-3.html"],
  ["cards", "tournaments/helsinki-open-2006/cards.html"],
  ["player", "players/saarenpaa-samuli.html"],
  ["page", "pages/about.html"],
  ["news", `pages/${newsPage}`],
  ["rules", "rules.html"],
  ["search", "search.html"],
  ["downloads", "downloads.html"],
  ["list-of-its-own", "pools/ataxx-engines/ratings.html"],
  ["list-rules", "pools/ataxx-engines/rules.html"],
  ["list-player", "players/ataxx-depth-4.html"],
  ["list-tournament", "tournaments/ataxx-gauntlet-2026-01-01.html"],
  ["not-found", "no-such-page.html"],
  ["pairing-sheet", "printouts/pairings.html"],
  ["standings-sheet", "printouts/standings.html"],
  ["wall-chart", "printouts/wall-chart.html"],
  ["score-sheets", "printouts/score-sheets.html"],
];

const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});

async function openPage(context, url) {
  const page = await context.newPage();
  const problems = [];
  let bytes = 0;
  page.on("console", (m) => {
    // The 404 page itself is served with status 404, which Chromium logs.
    if (m.type() === "error" && !(url.endsWith("no-such-page.html") && m.text().includes("404"))) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith("file:") && !u.startsWith("data:")) problems.push(`external request: ${u}`);
  });
  page.on("response", async (r) => {
    const type = r.headers()["content-type"] || "";
    if (/html|css|javascript/.test(type)) {
      try { bytes += (await r.body()).length; } catch { /* navigation away */ }
    }
  });
  const response = await page.goto(url, { waitUntil: "load" });
  return { page, problems, response, bytes: () => bytes };
}

async function axeViolations(page, rules) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async (only) => {
    const options = { resultTypes: ["violations"] };
    if (only) options.runOnly = { type: "rule", values: only };
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, options);
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")})`);
  }, rules || null);
  return result;
}

fs.mkdirSync(shots, { recursive: true });
const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "dark" });

// 1. Every page type: renders, no console errors, no external requests, weight, axe (light and dark), screenshots.
async function pageType(name, rel, label, context) {
  {
    const { page, problems, response, bytes } = await openPage(context, base + rel);
    const status = response ? response.status() : 0;
    check(name === "not-found" ? status === 404 : status === 200, `${rel} (${label}): HTTP ${status}`);
    const h1 = await page.locator("h1").first().textContent().catch(() => "");
    check(Boolean(h1 && h1.trim()), `${rel} (${label}): no h1`);
    if (label === "phone") {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 0, `${rel} (phone): the page is ${overflow} px wider than the screen`);
    }
    if (label !== "phone") {
      // Every rule in the light theme; the dark theme changes only colours.
      const violations = await axeViolations(page, label === "dark" ? ["color-contrast"] : null);
      check(violations.length === 0, `${rel} (${label}): axe: ${violations.join(" | ")}`);
    }
    if (label === "desktop") {
      check(bytes() < 100 * 1024, `${rel}: HTML+CSS+JS ${bytes()} bytes, over 100 KB`);
    }
    check(problems.length === 0, `${rel} (${label}): ${problems.join(" | ")}`);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: label !== "dark" });
    await page.close();
  }
}
// The three views of a page type load side by side.
for (const [name, rel] of pageTypes) {
  await Promise.all([["desktop", desktop], ["phone", phone], ["dark", dark]].map(([label, context]) => pageType(name, rel, label, context)));
}

section("page types, axe, screenshots");

// 2. Search: an unaccented query finds the player and navigates there.
{
  const { page, problems } = await openPage(desktop, base + "tournaments/index.html");
  await page.fill("#site-search", "saarenpaa");
  const hit = page.locator("#site-search-results a", { hasText: "Saarenpää Samuli" });
  check(await hit.count() === 1, "search: 'saarenpaa' does not list Saarenpää Samuli");
  await page.screenshot({ path: path.join(shots, "search-dropdown-desktop.png") });
  await hit.first().click();
  await page.waitForLoadState("load");
  check(page.url().endsWith("/players/saarenpaa-samuli.html"), `search: navigated to ${page.url()}`);
  check((await page.locator("h1").textContent()) === "Saarenpää Samuli", "search: wrong player page");
  // Enter goes to the first hit, here a tournament found by a folded query.
  await page.fill("#site-search", "HELSINKI open 2003");
  await page.press("#site-search", "Enter");
  await page.waitForURL(/helsinki-open-2003\.html$/);
  check(problems.length === 0, `search: ${problems.join(" | ")}`);
  await page.close();
}
// A club's name finds its players too: names first, then the club's players;
// the box shows a dozen and links the search page, which lists them all.
{
  const { page, problems } = await openPage(desktop, base + "index.html");
  await page.fill("#site-search", "helsinki");
  const more = page.locator("#site-search-results a", { hasText: /^All \d+ found$/ });
  await more.waitFor();
  const first = await page.locator("#site-search-results a").first().textContent();
  check(/Helsinki/.test(first), `search 'helsinki': the first hit ${first} does not have the word in its name`);
  await more.click();
  await page.waitForURL(/search\.html\?q=helsinki$/);
  const listed = await page.locator("#search-all li").allTextContents();
  const player = listed.find((t) => t.startsWith("Saarenpää Samuli"));
  check(Boolean(player) && /player, Helsinki, FIN · rating \d+$/.test(player), `search page for 'helsinki': Saarenpää Samuli shown as ${player}`);
  check(listed.some((t) => t.startsWith("Helsinki Open 2003")), "search page for 'helsinki': no Helsinki Open 2003");
  check(problems.length === 0, `search by club: ${problems.join(" | ")}`);
  await page.close();
}
// On a phone every item of the menu is on screen, without sideways scrolling.
{
  const { page, problems } = await openPage(phone, base + "ratings.html");
  const items = await page.locator(".site-header nav a").evaluateAll((links) => links.map((a) => {
    const r = a.getBoundingClientRect();
    return { text: a.textContent.trim(), left: r.left, right: r.right, width: r.width };
  }));
  check(items.length >= 7, `phone menu: only ${items.length} items`);
  const off = items.filter((i) => i.width === 0 || i.left < 0 || i.right > 390);
  check(off.length === 0, `phone menu: off screen: ${off.map((i) => i.text).join(", ")}`);
  check(problems.length === 0, `phone menu: ${problems.join(" | ")}`);
  await page.close();
}
// ... and from file://, without a server.
{
  const { page, problems } = await openPage(desktop, pathToFileURL(path.join(site, "index.html")).href);
  await page.fill("#site-search", "saarenpaa");
  const hit = page.locator("#site-search-results a", { hasText: "Saarenpää Samuli" });
  check(await hit.count() === 1, "search from file://: no hit");
  await hit.first().click();
  await page.waitForLoadState("load");
  check(page.url().startsWith("file:") && page.url().endsWith("players/saarenpaa-samuli.html"), `file:// search navigated to ${page.url()}`);
  check(problems.length === 0, `file:// search: ${problems.join(" | ")}`);
  await page.close();
}
// ... the script folds names exactly as text::search_key did for the index.
{
  const { page } = await openPage(desktop, base + "index.html");
  const mismatches = await page.evaluate(() => window.RATINGBOOK_INDEX
    .filter((e) => !e.k.startsWith(window.ratingbookFold(e.n) + " "))
    .map((e) => `${e.n} -> ${window.ratingbookFold(e.n)} vs ${e.k}`));
  check(mismatches.length === 0, `JS fold differs from search_key: ${mismatches.join("; ")}`);
  const folded = await page.evaluate(() => window.ratingbookFold("Işık İlker ÇAĞLAR Öztürk Straße Ærø Łódź"));
  check(folded === "isik ilker caglar ozturk strasse aero lodz", `fold of hostile names: ${folded}`);
  await page.close();
}
// ... and the search page filters by ?q=.
{
  const { page } = await openPage(desktop, base + "search.html?q=saarenpaa");
  const visible = await page.locator("#search-all li:visible").allTextContents();
  check(visible.length === 1 && visible[0].includes("Saarenpää Samuli"), `search.html?q=saarenpaa shows ${JSON.stringify(visible)}`);
  await page.close();
}

section("search");

// 3. Sortable tables: click a header, the rows sort; click again, reversed.
{
  const { page } = await openPage(desktop, base + "ratings.html#all");
  const table = page.locator("#all table.sortable");
  const ratings = async () => (await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Number(r.cells[4].textContent))));
  const before = await ratings();
  const header = table.locator("thead th").nth(4);
  await header.locator("button").click();
  const ascending = await ratings();
  check(JSON.stringify(ascending) === JSON.stringify([...before].sort((a, b) => a - b)), `sort ascending: ${ascending}`);
  check((await header.getAttribute("aria-sort")) === "ascending", "sort: aria-sort not set");
  await header.locator("button").click();
  const descending = await ratings();
  check(JSON.stringify(descending) === JSON.stringify([...before].sort((a, b) => b - a)), `sort descending: ${descending}`);
  // Names sort alphabetically.
  await table.locator("thead th").nth(1).locator("button").click();
  const names = await table.locator("tbody tr td:nth-child(2)").allTextContents();
  check(JSON.stringify(names) === JSON.stringify([...names].sort((a, b) => a.localeCompare(b))), "sort by name");
  await page.screenshot({ path: path.join(shots, "ratings-sorted-desktop.png") });
  await page.close();
}

// 4. Inactive players: hidden by default, one click shows them (no script involved).
for (const js of [true, false]) {
  const context = js ? desktop : await browser.newContext({ javaScriptEnabled: false });
  const { page } = await openPage(context, base + "ratings.html");
  const inactive = page.locator("tr.inactive");
  const total = await inactive.count();
  check(total > 0, "ratings: the sample list has inactive players");
  check(await page.locator("tr.inactive:visible").count() === 0, `ratings (js ${js}): inactive rows visible by default`);
  await page.locator("a.show-inactive").click();
  check(await page.locator("tr.inactive:visible").count() === total, `ratings (js ${js}): show inactive did not show all ${total}`);
  await page.locator("a.hide-inactive").click();
  check(await page.locator("tr.inactive:visible").count() === 0, `ratings (js ${js}): hide inactive`);
  if (!js) {
    // Without script: the table is a plain table and the search page lists everything.
    check(await page.locator("button.sort").count() === 0, "no-js: sort buttons present");
    const search = await context.newPage();
    await search.goto(base + "search.html?q=x");
    const all = await search.locator("#search-all li:visible").count();
    check(all > 50, `no-js: search page lists ${all} entries`);
    await context.close();
  } else {
    await page.close();
  }
}

section("sorting, inactive toggle, no-js");

// 5. Charts: one point per rated tournament on every player page; the list chart exists.
{
  let players = 0;
  let points = 0;
  // In the browser for the players with the longest histories (and one without
  // any chart); every page's markup is counted the same way below.
  const files = fs.readdirSync(path.join(site, "players")).sort();
  const rows = (f) => (fs.readFileSync(path.join(site, "players", f), "utf8").match(/data-charted="1"/g) || []).length;
  for (const file of files) {
    const html = fs.readFileSync(path.join(site, "players", file), "utf8");
    const circles = (html.match(/<circle class="pt"/g) || []).length;
    check(circles === rows(file), `${file}: ${circles} chart points in the markup for ${rows(file)} rated tournaments`);
  }
  const chosen = [...files].sort((a, b) => rows(b) - rows(a) || a.localeCompare(b)).slice(0, 6);
  chosen.push(files.find((f) => rows(f) === 0));
  for (const file of chosen.filter(Boolean)) {
    const { page, problems } = await openPage(desktop, `${base}players/${file}`);
    const circles = await page.locator("svg.chart circle.pt").count();
    const rated = await page.locator("table.history tr[data-charted]").count();
    check(circles === rated, `${file}: ${circles} chart points for ${rated} rated tournaments`);
    const titles = await page.locator("svg.chart circle.pt title").count();
    check(titles === circles, `${file}: points without hover titles`);
    // Touch screens have no hover: the last point is named in visible text.
    const labels = await page.locator("svg.chart text.pt-label").count();
    check(labels === (circles > 0 ? 1 : 0), `${file}: ${labels} visible point labels`);
    check(problems.length === 0, `${file}: ${problems.join(" | ")}`);
    if (circles > 0) players++;
    points += circles;
    await page.close();
  }
  check(players >= 5, `only ${players} of the checked players have a chart`);
  const { page } = await openPage(desktop, base + "players/saarenpaa-samuli.html");
  check(await page.locator("svg.chart rect.provisional").count() === 1, "player chart: provisional band missing");
  const chart = page.locator("svg.chart").first();
  await chart.scrollIntoViewIfNeeded();
  await chart.screenshot({ path: path.join(shots, "player-chart.png") });
  await page.close();
  // Touch: tapping the first point (not the labelled last one) leads to its
  // row in the history table, on a phone-sized screen.
  const touch = await openPage(phone, base + "players/saarenpaa-samuli.html");
  const first = touch.page.locator("svg.chart a").first();
  const target = await first.getAttribute("href");
  await first.locator("circle.hit").tap();
  await touch.page.waitForFunction((h) => location.hash === h, target, { timeout: 5000 });
  const row = await touch.page.evaluate((h) => {
    const el = document.querySelector(h);
    return el ? el.tagName + " " + el.textContent : "";
  }, target);
  check(row.startsWith("TR "), `tap on the first chart point leads to ${target}, which is ${row || "missing"}`);
  const hit = await first.locator("circle.hit").boundingBox();
  check(hit && hit.width >= 24, `chart tap target only ${hit && hit.width} px across on a phone`);
  await touch.page.close();
  const list = await openPage(phone, base + "ratings.html");
  check(await list.page.locator("svg.chart g.s0").count() === 1, "rating list: top players chart missing");
  const box = await list.page.locator("svg.chart").first().boundingBox();
  check(box && box.width <= 390, `rating list chart wider than the phone: ${box && box.width}`);
  await list.page.close();
  console.log(`charts: ${points} points on ${players} player pages checked in the browser`);
}

section("charts");

// 6. Responsive layout: at a phone's and a desktop's width the page never
// overflows the viewport, no visible table cell is cut off outside a scroll
// container, and each page's key columns are on screen.
{
  // Key columns by page: [table selector, header texts that must be visible].
  const layouts = [
    ["player", "players/saarenpaa-samuli.html", [["table.history", ["Date", "Tournament", "Δ", "Rating"]], ["table.h2h", ["Opponent", "Score"]]]],
    ["ratings", "ratings.html", [["#all table", ["#", "Player", "Rating"]], ["#international-heading ~ .scroll table", ["Player", "International rating"]]]],
    ["tournament", "tournaments/helsinki-open-2003.html", [["table.standings", ["#", "Player", "Pts"]], ["table.crosstable", ["Player"]]]],
    ["round", "tournaments/helsinki-open-2006/round-3.html", [["table.pairings", ["Board", "Result"]], ["table.standings", ["#", "Player", "Pts"]]]],
    ["pairing-sheet", "printouts/pairings.html", [["table", ["Board", "White"]]]],
  ];
  for (const width of [390, 1280]) {
    const context = await browser.newContext(width === 390
      ? { viewport: { width, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width, height: 900 } });
    for (const [name, rel, keys] of layouts) {
      const { page, problems } = await openPage(context, base + rel);
      const where = `${rel} at ${width} px`;
      const result = await page.evaluate((keys) => {
        const out = { overflow: document.documentElement.scrollWidth - window.innerWidth, cut: [], missing: [], clipped: [] };
        const scroller = (el) => {
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const o = getComputedStyle(p).overflowX;
            if (o === "auto" || o === "scroll" || o === "hidden") return p;
          }
          return null;
        };
        const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
        // Every visible cell: inside the viewport, or inside a scroll container.
        for (const cell of document.querySelectorAll("th, td")) {
          if (!visible(cell)) continue;
          const r = cell.getBoundingClientRect();
          if (scroller(cell)) continue;
          if (r.left < -0.5 || r.right > window.innerWidth + 0.5) out.cut.push(`${cell.textContent.trim().slice(0, 20)} (${Math.round(r.left)}..${Math.round(r.right)})`);
        }
        // Key columns: displayed, and within the viewport without scrolling.
        for (const [selector, heads] of keys) {
          const table = document.querySelector(selector);
          if (!table) { out.missing.push(`${selector}: no such table`); continue; }
          const ths = [...table.querySelectorAll("thead th")];
          for (const head of heads) {
            const th = ths.find((t) => t.textContent.trim().replace(/[▲▼]/g, "").trim() === head);
            if (!th) { out.missing.push(`${selector}: no column ${head}`); continue; }
            const r = th.getBoundingClientRect();
            if (getComputedStyle(th).display === "none" || !visible(th)) out.missing.push(`${selector}: ${head} hidden`);
            else if (r.left < -0.5 || r.right > window.innerWidth + 0.5) out.missing.push(`${selector}: ${head} off-screen (${Math.round(r.left)}..${Math.round(r.right)})`);
          }
        }
        // Scroll containers that need scrolling (cut-off content).
        for (const s of document.querySelectorAll(".scroll")) {
          if (visible(s) && s.scrollWidth > s.clientWidth + 1) out.clipped.push(s.querySelector("table")?.className || "table");
        }
        return out;
      }, keys);
      check(result.overflow <= 0, `${where}: the page is ${result.overflow} px wider than the viewport`);
      check(result.cut.length === 0, `${where}: table cells cut off outside a scroll container: ${result.cut.slice(0, 5).join("; ")}`);
      check(result.missing.length === 0, `${where}: key columns not visible: ${result.missing.join("; ")}`);
      if (width === 1280) {
        // On a desktop nothing on these pages needs sideways scrolling.
        check(result.clipped.length === 0, `${where}: tables that need sideways scrolling: ${result.clipped.join(", ")}`);
      }
      if (width === 390) {
        // A table wider than the phone says that it scrolls: every box
        // that needs scrolling shows the hint and fades at the edge still
        // to come; scrolled to the end, the fade goes.
        const hints = await page.evaluate(() => [...document.querySelectorAll(".scroll")]
          .filter((s) => s.getClientRects().length > 0 && s.scrollWidth > s.clientWidth + 1)
          .map((s) => ({
            table: s.querySelector("table")?.className || "table",
            marked: s.hasAttribute("data-overflows"),
            hint: getComputedStyle(s, "::before").content,
            mask: getComputedStyle(s).maskImage || getComputedStyle(s).webkitMaskImage,
          })));
        for (const h of hints) {
          check(h.marked && h.hint.includes("\u2192"), `${where}: ${h.table} scrolls without the hint (${h.hint})`);
          check(h.mask && h.mask !== "none", `${where}: ${h.table} scrolls without a fade at the edge`);
        }
        if (name === "tournament") {
          check(hints.length > 0, `${where}: no table needs scrolling, so the hint is not checked`);
          await page.locator("section[aria-labelledby=standings-heading]").screenshot({ path: path.join(shots, "standings-390.png") });
          const end = await page.evaluate(() => {
            const s = [...document.querySelectorAll(".scroll[data-overflows]")][0];
            s.scrollLeft = s.scrollWidth;
            s.dispatchEvent(new Event("scroll"));
            return getComputedStyle(s).maskImage || getComputedStyle(s).webkitMaskImage;
          });
          check(end === "none", `${where}: scrolled to the end, the fade stays (${end})`);
        }
        // The header takes well under a fifth of a phone screen.
        // (A printed sheet has no site header.)
        if (await page.locator(".site-header").count() > 0) {
          const header = await page.locator(".site-header").boundingBox();
          check(header && header.height < 844 / 5, `${where}: the header is ${header && header.height} px tall`);
        }
      }
      check(problems.length === 0, `${where}: ${problems.join(" | ")}`);
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
      if (name === "tournament" && width === 1280) {
        await page.locator("section[aria-labelledby=standings-heading]").screenshot({ path: path.join(shots, "standings-1280.png") });
      }
      await page.close();
    }
    await context.close();
  }
  // A player with a single rated tournament: a labelled point, not a lone dot.
  const single = fs.readdirSync(path.join(site, "players")).sort()
    .find((f) => (fs.readFileSync(path.join(site, "players", f), "utf8").match(/<circle class="pt"/g) || []).length === 1);
  if (single) {
    const { page } = await openPage(desktop, `${base}players/${single}`);
    const label = await page.locator("svg.chart text.pt-label").textContent();
    check(/^\d+ after one rated tournament \([A-Z][a-z]+ \d{1,2}, \d{4}\)$/.test(label), `${single}: single-point label ${label}`);
    await page.locator("svg.chart").first().screenshot({ path: path.join(shots, "player-chart-single.png") });
    await page.close();
  }
}

section("responsive layout");
await browser.close();
server.close();

// 7. The Nu HTML checker over every HTML page.
{
  const htmlFiles = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(".html")) htmlFiles.push(p);
    }
  };
  walk(site);
  let out = "";
  try {
    execFileSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...htmlFiles], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    out = (e.stderr || "") + (e.stdout || "");
    if (!out) out = JSON.stringify({ messages: [{ type: "error", message: String(e) }] });
  }
  const messages = out ? JSON.parse(out).messages.filter((m) => m.type === "error" || m.subType === "fatal") : [];
  for (const m of messages.slice(0, 20)) console.error(`vnu: ${m.url}:${m.lastLine}: ${m.message}`);
  check(messages.length === 0, `vnu: ${messages.length} errors in ${htmlFiles.length} pages`);
  console.log(`vnu: ${htmlFiles.length} pages checked, ${messages.length} errors`);
  section("vnu");
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length) {
  console.error(`browser tests: ${failures.length} of ${checks} checks failed (${seconds} s)`);
  process.exit(1);
}
console.log(`browser tests: all ${checks} checks passed in ${seconds} s; screenshots in ${shots}`);
void here;
