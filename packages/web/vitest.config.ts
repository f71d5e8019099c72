import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// No router plugin here: tests import the committed routeTree.gen.ts, whose
// routes load eagerly, so a test never waits on a split chunk.
export default defineConfig({
  plugins: [react()],
  // `@/x` is `src/x`, as in vite.config.ts and tsconfig.json.
  resolve: { alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
