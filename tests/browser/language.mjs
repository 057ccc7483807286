// The site in each of its built-in languages, photographed: the front
// page, the rating list, a player and a tournament at a phone's width
// (390 px) and a desktop's (1280 px), each page's language checked.
//
// Usage: node tests/browser/language.mjs <screenshot-dir> <language>=<built-site-dir> ...
// Writes language-<language>-<page>-<width>.png; exit status 0 when every
// page opened in its language without a console error.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const [shotsArg, ...sites] = process.argv.slice(2);
if (!shotsArg || sites.length === 0) {
  console.error("usage: node language.mjs <screenshot-dir> <language>=<site-dir> ...");
  process.exit(2);
}
const shots = path.resolve(shotsArg);
fs.mkdirSync(shots, { recursive: true });
const pages = [
  ["home", "index.html"],
  ["ratings", "ratings.html"],
  ["player", "players/saarenpaa-samuli.html"],
  ["tournament", "tournaments/helsinki-open-2006.html"],
];
const widths = [[390, 844], [1280, 900]];
const failures = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
});
for (const pair of sites) {
  const [language, dir] = pair.split("=");
  for (const [width, height] of widths) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    for (const [name, file] of pages) {
      await page.goto(pathToFileURL(path.join(path.resolve(dir), file)).href);
      const lang = await page.evaluate(() => document.documentElement.lang);
      if (lang !== language) failures.push(`${language} ${file}: html lang is ${lang}`);
      await page.screenshot({ path: path.join(shots, `language-${language}-${name}-${width}.png`) });
    }
    if (errors.length) failures.push(`${language} at ${width} px: ${errors.join(" | ")}`);
    await context.close();
  }
}
await browser.close();
for (const f of failures) console.error(`FAIL ${f}`);
console.log(`language screenshots: ${sites.length * pages.length * widths.length} in ${shots}`);
process.exit(failures.length ? 1 : 0);
