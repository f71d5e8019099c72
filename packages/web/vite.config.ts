import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The reference server serves the API and /config.json; in dev Vite forwards both to it.
const apiTarget = process.env.DFRM_API || 'http://127.0.0.1:8080';

/** `@/x` is `src/x` (tsconfig paths, vitest.config.ts and eslint.config.js say the same). */
const srcAlias = { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` };

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      srcAlias,
      // TanStack Form's devtools reporting does nothing without devtools; the build ships a no-op.
      ...(command === 'build'
        ? [
            {
              find: '@tanstack/devtools-event-client',
              replacement: fileURLToPath(new URL('./src/lib/no-devtools-event-client.ts', import.meta.url)),
            },
          ]
        : []),
    ],
  },
  plugins: [
    // Must run before the React plugin so split route chunks get the React transform too.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's pending skeleton travels with its page instead of the first bundle.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
      // Scratch files of the generator, kept out of the work tree.
      tmpDir: 'node_modules/.tanstack-router',
    }),
    react(),
    // Brotli and gzip copies written next to each built file, so the server sends them as they
    // are (serveStatic's `precompressed`) instead of compressing on every request, and at the
    // highest levels (brotli 11, gzip 9) which would be too slow per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      exclude: [/\.vite\//],
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    // No preload list of every lazy chunk's dependencies in the entry (~3 KB gzip on every first
    // load, growing with each route). A route chunk's imports are then fetched when it arrives;
    // with 60 ms latency the login page and the student table appeared as fast either way
    // (medians 1.55 s vs 1.61 s and 2.45 s vs 2.44 s, 7 cold loads each). Stylesheets of lazy
    // chunks are still loaded with them.
    modulePreload: false,
    // scripts/bench reads it to add up what each route loads.
    manifest: true,
    // Chunk sizes are checked against the bars in DESIGN.md by scripts/bench, not here.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The SDK's generated zod schemas are built by top-level z.* calls; marking them pure lets
      // the bundler drop the schemas of operations a page never calls.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically loads on every first visit anyway; left to
              // automatic chunking it was cut into a dozen files (router, Mantine core, zod...) by
              // which lazy routes share them, and each file compresses on its own. One chunk
              // gzips ~7 KB smaller and saves the requests.
              name: 'initial',
              tags: ['$initial'],
            },
            {
              // The rich-text editor (tiptap, ProseMirror) loads only when a notice is edited, but
              // in one piece it is ~140 KB gzip; sliced, each chunk stays under the lazy-chunk bar.
              // Its own modules only: with their dependencies (React...) the entry would import it.
              name: 'rich-text-editor-vendor',
              test: /node_modules[\\/](@tiptap|prosemirror-|@mantine[\\/]tiptap|linkifyjs|fast-equals|orderedmap|rope-sequence|w3c-keyname)/,
              maxSize: 140_000,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
