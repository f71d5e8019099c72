import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each worker keeps one migrated + seeded database for all its test files
    // (src/testing/test-database.ts); opening one costs seconds, restoring it
    // between tests milliseconds. That needs the module state to survive
    // across files, hence no per-file isolation.
    isolate: false,
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
