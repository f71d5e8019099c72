import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The config is evaluated again in every worker: keep one data folder and port for the whole run.
process.env.DFRM_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'dfrm-e2e-'));
const port = Number(process.env.DFRM_E2E_PORT ?? 18_765);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // One server and data folder for the run. The first-day journeys start from the demo school
  // alone (they count its students and find its classes empty); the later ones add to whatever
  // is there and only ever look for what they created.
  projects: [
    { name: 'first-day', testMatch: ['session.spec.ts', 'teaching-core.spec.ts'] },
    {
      name: 'journeys',
      testIgnore: ['session.spec.ts', 'teaching-core.spec.ts', 'exam-attempt.spec.ts'],
      dependencies: ['first-day'],
    },
    // last: it moves the server's clock past an exam's deadline, which the others must not see
    { name: 'clock', testMatch: ['exam-attempt.spec.ts'], dependencies: ['journeys'] },
  ],
  webServer: {
    command: 'npx tsx src/main.ts',
    cwd: join(import.meta.dirname, '..', 'server'),
    url: `${baseURL}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.DFRM_E2E_DATA,
      WEB_DIST: join(import.meta.dirname, 'dist'),
      // the server's stdout is shown in the test output: one access-log line per request would bury it
      ACCESS_LOG: '0',
      // the journeys start from the demo school alone, without the demo course `npm start` adds
      SEED_DEMO_TEACHING: '0',
      // the exam journey moves the server's clock past a deadline (POST /__test__/clock/advance)
      TEST_CLOCK: '1',
    },
  },
});
