// `ratingbook serve` in a real browser: headless Debian chromium through
// playwright-core, against a running preview of a copy of the sample data.
//
// Usage: node tests/browser/serve.mjs <config.json>
// The config (written by tests/browser/main.rs) names the server's URL, the page to
// open, the crosstable to edit, its edited and broken versions and the
// ratings the page must show. Exit status 0 when every check passed.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const [configArg] = process.argv.slice(2);
if (!configArg) {
  console.error("usage: node serve.mjs <config.json>");
  process.exit(2);
}
const config = JSON.parse(fs.readFileSync(configArg, "utf8"));
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const started = Date.now();
const failures = [];
let checks = 0;
const WAIT = 30000;

function check(ok, message) {
  checks++;
  if (!ok) {
    failures.push(message);
    console.error(`FAIL ${message}`);
  }
}

const { chromium } = require("playwright-core");
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
fs.mkdirSync(config.shots, { recursive: true });

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  let loads = 0;
  page.on("load", () => { loads++; });
  const rating = () => page.locator("dd.rating").first().textContent().then((t) => t.trim());
  const banner = page.locator("#ratingbook-serve-errors");
  // The live script's event stream is open before anything changes.
  const streaming = () => page.waitForResponse((r) => r.url().endsWith("/__ratingbook/events") && r.status() === 200, { timeout: WAIT });

  // 1. The page as served: the old rating, no banner, the stream open.
  let stream = streaming();
  const response = await page.goto(config.url + config.page, { waitUntil: "load" });
  check(response && response.status() === 200, `${config.page}: HTTP ${response && response.status()}`);
  await stream;
  check(await rating() === config.oldRating, `before the edit the page shows ${await rating()}, expected ${config.oldRating}`);
  check(await banner.count() === 0, "an error banner before any error");
  await page.evaluate(() => { window.ratingbookServeTest = "not reloaded"; });

  // 2. A result changes on both sides: the open page shows the new rating by itself.
  stream = streaming();
  fs.writeFileSync(config.csv, config.edited);
  await page.waitForFunction((expected) => {
    const dd = document.querySelector("dd.rating");
    return dd && dd.textContent.trim() === expected;
  }, config.newRating, { timeout: WAIT });
  check(await rating() === config.newRating, `after the edit the page shows ${await rating()}, expected ${config.newRating}`);
  check(await page.evaluate(() => window.ratingbookServeTest) === undefined, "the page was not reloaded");
  check(loads === 2, `${loads} loads after one edit, expected 2`);
  check(await banner.count() === 0, "an error banner after a good edit");
  await stream;
  await page.screenshot({ path: path.join(config.shots, "serve-reloaded.png") });

  // 3. Broken data: the banner lists the error, over the last good site.
  stream = streaming();
  fs.writeFileSync(config.csv, config.broken);
  await banner.waitFor({ state: "visible", timeout: WAIT });
  const text = await banner.textContent();
  check(text.includes(config.errorLocation), `the banner does not name ${config.errorLocation}: ${text}`);
  check(text.includes("1 error"), `the banner does not count one error: ${text}`);
  check(await rating() === config.newRating, `under the banner the page shows ${await rating()}, not the last good ${config.newRating}`);
  const box = await banner.boundingBox();
  check(box && box.y <= 0 && box.width >= 1200, `the banner is not across the top: ${JSON.stringify(box)}`);
  await stream;
  await page.screenshot({ path: path.join(config.shots, "serve-error-banner.png") });

  // 4. Fixed: the banner goes.
  fs.writeFileSync(config.csv, config.edited);
  await banner.waitFor({ state: "detached", timeout: WAIT });
  check(await rating() === config.newRating, `after the fix the page shows ${await rating()}`);
  // The banner goes as the reload starts; its load event follows.
  const deadline = Date.now() + WAIT;
  while (loads < 4 && Date.now() < deadline) await page.waitForTimeout(50);
  await page.waitForTimeout(300);
  check(loads === 4, `${loads} loads after three changes, expected 4`);
  check(problems.length === 0, `console: ${problems.join(" | ")}`);
  await page.close();
  await context.close();
} catch (e) {
  check(false, `stopped: ${e && e.stack ? e.stack : e}`);
} finally {
  await browser.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length) {
  console.error(`serve browser test: ${failures.length} of ${checks} checks failed (${seconds} s)`);
  process.exit(1);
}
console.log(`serve browser test: all ${checks} checks passed in ${seconds} s; screenshots in ${config.shots}`);
