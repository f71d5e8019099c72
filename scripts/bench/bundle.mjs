#!/usr/bin/env node
// Gzip size of the JS and CSS a browser needs to render a route, from Vite's build manifest,
// against the bars in DESIGN.md. Run after `pnpm build`:  node scripts/bench/bundle.mjs
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../packages/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const KB = 1024;
const BARS = { initialJs: 170 * KB, lazyChunk: 50 * KB, css: 50 * KB };

// Route files whose code (split by the router plugin) is needed to render each screen.
const ROUTES = {
  '/account': [/src\/routes\/account/],
  '/course': [/src\/routes\/_main\.tsx/, /src\/routes\/_main\/course/],
};

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** The chunk itself plus everything it imports statically. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const fmt = (n) => `${(n / KB).toFixed(1)} KB`;
const verdict = (n, bar) => (n <= bar ? 'ok' : 'OVER');
let over = false;

console.log(`entry: ${manifest[entryKey].file}`);
for (const [route, patterns] of Object.entries(ROUTES)) {
  const routeKeys = Object.keys(manifest).filter((k) => patterns.some((p) => p.test(k)));
  if (routeKeys.length === 0) {
    console.log(`${route}: no chunk found in the manifest for ${patterns.join(', ')}`);
    over = true;
    continue;
  }
  const keys = closure([entryKey, ...routeKeys]);
  const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = new Set([...keys].flatMap((k) => manifest[k].css ?? []));
  const jsSize = js.reduce((sum, f) => sum + gz(f), 0);
  const cssSize = [...css].reduce((sum, f) => sum + gz(f), 0);
  over ||= jsSize > BARS.initialJs || cssSize > BARS.css;
  console.log(
    `${route.padEnd(9)} initial JS ${fmt(jsSize).padStart(9)} gzip (bar ${fmt(BARS.initialJs)}: ${verdict(jsSize, BARS.initialJs)})` +
      `  CSS ${fmt(cssSize).padStart(8)} gzip (bar ${fmt(BARS.css)}: ${verdict(cssSize, BARS.css)})  in ${js.length} JS files`,
  );
}

const initial = closure([entryKey]);
const lazy = Object.keys(manifest)
  .filter((k) => !initial.has(k) && manifest[k].file.endsWith('.js'))
  .map((k) => ({ key: k, size: gz(manifest[k].file) }))
  .sort((a, b) => b.size - a.size);
const biggest = lazy[0];
if (biggest) {
  over ||= biggest.size > BARS.lazyChunk;
  console.log(
    `largest lazy chunk ${fmt(biggest.size)} gzip (bar ${fmt(BARS.lazyChunk)}: ${verdict(biggest.size, BARS.lazyChunk)})  ${biggest.key}`,
  );
}
console.log(`lazy chunks: ${lazy.length}`);
process.exit(over ? 1 : 0);
