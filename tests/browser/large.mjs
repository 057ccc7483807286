// A site too large for single pages, in headless chromium from file://:
// the search finds a player whose entry is in the last shard of the split
// index, and the rating list's "Next" links lead through every page.
//
// Usage: node tests/browser/large.mjs <built-site-dir>
// Exit status 0 when every check passed; failures are listed on stderr.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const site = path.resolve(process.argv[2] || "");
const failures = [];

function check(ok, message) {
  if (!ok) {
    failures.push(message);
    console.error(`FAIL ${message}`);
  }
}

const url = (file) => pathToFileURL(path.join(site, file)).href;

// The last shard of the index's list and its first entry, read from the
// files as written.
const index = fs.readFileSync(path.join(site, "search-index.js"), "utf8");
const shards = JSON.parse(index.slice(index.indexOf("["), index.lastIndexOf("]") + 1));
const last = shards[shards.length - 1][2];
const text = fs.readFileSync(path.join(site, "search", `${last}.js`), "utf8");
const entries = JSON.parse(text.slice(text.indexOf("["), text.lastIndexOf("]") + 1));
const wanted = entries.find((e) => e.t === "p") || entries[0];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });

{
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  await page.goto(url("index.html"), { waitUntil: "load" });
  await page.fill("#site-search", wanted.n);
  const hit = page.locator("#site-search-results a", { hasText: wanted.n });
  try {
    await hit.first().waitFor({ timeout: 10000 });
  } catch {
    check(false, `search for ${wanted.n} (shard ${last}) found nothing`);
  }
  const loaded = await page.evaluate((n) => !!document.querySelector(`script[src$="search/${encodeURIComponent(n)}.js"]`), last);
  check(loaded, `the last shard (search/${last}.js) was not loaded`);
  if (await hit.count() > 0) {
    await hit.first().click();
    await page.waitForLoadState("load");
    check(page.url().startsWith("file:") && page.url().endsWith(wanted.h), `search led to ${page.url()}, not ${wanted.h}`);
  }
  check(problems.length === 0, `search from file://: ${problems.join(" | ")}`);
  await page.close();
}

{
  const page = await context.newPage();
  await page.goto(url("ratings.html"), { waitUntil: "load" });
  const status = await page.locator("nav.pagination p").first().textContent();
  const count = parseInt((status.match(/Page 1 of (\d+)/) || [])[1] || "0", 10);
  check(count > 1, `ratings.html does not say "Page 1 of N": ${status}`);
  let visited = 1;
  const players = new Set();
  for (;;) {
    for (const href of await page.locator("table a[href*='players/']").evaluateAll((as) => as.map((a) => a.href))) players.add(href);
    const next = page.locator("nav.pagination a[rel=next]").first();
    if (await next.count() === 0) break;
    await next.click();
    await page.waitForLoadState("load");
    visited++;
    const here = await page.locator("nav.pagination p").first().textContent();
    check(here.startsWith(`Page ${visited} of ${count}`), `page ${visited} says ${here}`);
    if (visited > count) break;
  }
  check(visited === count, `followed ${visited} pages of ${count}`);
  const csv = fs.readFileSync(path.join(site, "ratings.csv"), "utf8").trim().split("\n").slice(1);
  const listed = csv.map((line) => url(`players/${line.split(",")[2]}.html`));
  const missing = listed.filter((href) => !players.has(href));
  check(missing.length === 0, `${missing.length} established players not on any page, e.g. ${missing[0]}`);
  await page.close();
}

await browser.close();
if (failures.length) {
  console.error(`${failures.length} failure(s)`);
  process.exit(1);
}
console.log(`large site: search found ${wanted.n} in shard ${last}; ${"all"} list pages linked`);
