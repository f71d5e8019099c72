#!/usr/bin/env node
// The built app under the server's Content-Security-Policy in Chromium: the login page, then every
// route without parameters as teacher1 and as student01, and a notice opened in the rich-text
// editor. Prints every CSP refusal, console error and uncaught exception; exits 1 if there is one.
// Run after `pnpm build`:  node scripts/bench/csp.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, loginThroughPage, root, startServer, watchPage } from './lib.mjs';

// the app's own addresses, from the generated route tree
const tree = readFileSync(join(root, 'packages/web/src/routeTree.gen.ts'), 'utf8');
const byTo = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
const paths = [...byTo.matchAll(/'([^']+)':/g)].map((m) => m[1]).filter((p) => !p.includes('$'));
const teacherPaths = paths.filter((p) => !p.includes('/student'));
const studentPaths = paths.filter((p) => !p.includes('/teacher'));

const server = await startServer();
let browser;
let failures = 0;
try {
  browser = await launchChromium();
  const csp = (await fetch(`${server.base}/`)).headers.get('content-security-policy');
  console.log(`Content-Security-Policy: ${csp}`);

  for (const [account, list] of [
    ['teacher1', teacherPaths],
    ['student01', studentPaths],
  ]) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = await watchPage(page);
    await loginThroughPage(page, server.base, account);
    for (const path of list) {
      await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
    }
    if (account === 'teacher1') {
      // the rich-text editor (tiptap, ProseMirror) and a notice's HTML
      await page.goto(`${server.base}/teaching/teacher/notice/edit`, { waitUntil: 'networkidle' });
      await page.locator('.ProseMirror').first().click();
      await page.keyboard.type('内容安全策略检查');
    }
    console.log(`${account}: ${list.length} pages, ${problems.length} problems`);
    for (const problem of problems) console.log(`  ${problem}`);
    failures += problems.length;
    await page.close();
  }
} finally {
  await browser?.close();
  await server.stop();
}
console.log(
  failures === 0 ? 'no CSP violation, console error or uncaught exception' : `${failures} problems`,
);
process.exit(failures === 0 ? 0 : 1);
