import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The reference server serves the API and /config.json; in dev Vite forwards both to it.
const apiTarget = process.env.DFRM_API || 'http://127.0.0.1:8080';

/** `@/x` is `src/x` (tsconfig paths, vitest.config.ts and eslint.config.js say the same). */
const srcAlias = { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` };

/**
 * Production only: TanStack Form's own `./useFormGroup.js` and `./useFieldGroup.js` resolve to
 * src/lib/no-form-groups.ts (why there). Only imports made inside @tanstack/react-form are
 * redirected, so nothing else named alike is touched.
 */
function withoutFormGroups(): Plugin {
  const stub = fileURLToPath(new URL('./src/lib/no-form-groups.ts', import.meta.url));
  return {
    name: 'dfrm:no-form-groups',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@tanstack[\\/]react-form[\\/]/.test(importer)) return null;
      return /^\.\/use(Form|Field)Group\.js$/.test(source) ? stub : null;
    },
  };
}

/**
 * Production only: a copy of the SDK's operations for each feature. A service's generated calls
 * (`sdk.gen.ts`, with their schemas in `zod.lazy.gen.ts`) are one module, and a bundler keeps a
 * module whole: the chunk holding it carries every call of that service made anywhere in the app.
 * So the first bundle held the admin pages' user-service calls and /course loaded every tms call
 * of every page. Here each feature (`src/features/<name>`), and the rest of the app, imports its
 * own copy of those two modules, tree-shaken to the calls it makes. Only they are copied: they
 * hold no state but memoised schemas; the configured clients and the SDK's runtime stay single.
 */
function sdkCallsPerFeature(): Plugin {
  const service = /^@dfrm\/sdk\/(user|tms|resource|support|cms|node)$/;
  const callModule = /^\.\/(sdk|zod\.lazy)\.gen\.js$/;
  return {
    name: 'dfrm:sdk-calls-per-feature',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const [path = '', query] = importer.split('?');
      let scope: string | undefined;
      if (service.test(source) && !/[\\/]node_modules[\\/]/.test(path)) {
        const match = /[\\/]src[\\/](features[\\/][^\\/]+|[^\\/]+)[\\/]/.exec(path);
        if (!match) return null;
        scope = match[1]!.replace(/[\\/]/g, '-');
      } else if (callModule.test(source) && query?.startsWith('sdk=')) {
        scope = query.slice(4);
      } else return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && !resolved.external
        ? { ...resolved, id: `${resolved.id.split('?')[0]}?sdk=${scope}` }
        : resolved;
    },
  };
}

/**
 * Production only: MantineProvider's `./MantineCssVariables/MantineCssVariables.mjs` resolves to
 * src/lib/no-css-variables.ts (why there). Only MantineProvider's import is redirected.
 */
function withoutMantineCssVariables(): Plugin {
  const stub = fileURLToPath(new URL('./src/lib/no-css-variables.ts', import.meta.url));
  return {
    name: 'dfrm:no-mantine-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        !importer ||
        !/[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$/.test(
          importer,
        )
      )
        return null;
      return source === './MantineCssVariables/MantineCssVariables.mjs' ? stub : null;
    },
  };
}

/**
 * Production only: what the entry needs before it can run is asked for by index.html itself,
 * not found one round trip later: the entry chunk's static imports and React's renderer (`modulepreload`), and
 * /config.json, which the entry fetches first thing (src/lib/runtime-config.ts). On a phone
 * network every round trip the first screen waits for is ~0.5 s.
 */
function earlyRequests(): Plugin {
  let base = '/';
  return {
    name: 'dfrm:early-requests',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The entry's static imports, and React's renderer, which the entry imports dynamically
        // so that it is evaluated in a task of its own (see the react-dom-client group below).
        const renderer = Object.values(ctx.bundle ?? {}).filter(
          (file) => file.type === 'chunk' && file.name === 'react-dom-client',
        );
        const imports = [...(ctx.chunk?.imports ?? []), ...renderer.map((file) => file.fileName)];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `${base}config.json`, as: 'fetch', crossorigin: '' },
            injectTo: 'head',
          },
          ...imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

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
      // React 19 has useSyncExternalStore: the selector helper without the shim that re-implements it.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
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
    withoutFormGroups(),
    withoutMantineCssVariables(),
    sdkCallsPerFeature(),
    earlyRequests(),
    // Brotli and gzip copies written next to each built file, so the server sends them as they
    // are (serveStatic's `precompressed`) instead of compressing on every request, and at the
    // highest levels (brotli 11, gzip 9) which would be too slow per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 0,
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
              // React's renderer (react-dom/client and its scheduler), ~40% of the code the first
              // screen runs. main.tsx imports it dynamically, so it is evaluated in a task of its own
              // and the entry's evaluation stays short enough not to hold up a tap on a phone.
              name: 'react-dom-client',
              test: /node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/,
              includeDependenciesRecursively: false,
            },
            {
              // Everything the entry imports statically loads on every first visit anyway; left to
              // automatic chunking it was cut into a dozen files (router, Mantine core, zod...) by
              // which lazy routes share them, and each file compresses on its own. One chunk
              // gzips ~7 KB smaller and saves the requests.
              name: 'initial',
              tags: ['$initial'],
            },
            {
              // What nearly every page renders, the login page included: Mantine's foundations (styles
              // API, ids, controlled state), its layout pieces, the brand mark and React Query's
              // mutation hook. Left to automatic chunking they became a dozen chunks of 0.2-0.9 KB
              // shared by different sets of routes, each compressed alone and fetched on its own; as
              // one chunk they cost ~3 KB less on /account.
              name: 'base',
              test: /(node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core[\\/]|components[\\/](Paper|Stack|Title|ActionIcon|CloseButton)[\\/])|@mantine[\\/]hooks[\\/]esm[\\/](use-id|use-uncontrolled|use-force-update)[\\/]|@tanstack[\\/](react-query[\\/].*[\\/](useMutation|mutationOptions)\.js$|query-core[\\/].*[\\/]mutationObserver\.js$))|[\\/]src[\\/]components[\\/]brand-mark\.(tsx|module\.css)$)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'signed-in',
              test: new RegExp(
                [
                  String.raw`[\/]src[\/]app[\/](shells[\/](page-outlet|shell-header|user-panel|role-switch|unread-notice-count|shell\.module)\.|ai-assistant-button\.)`,
                  String.raw`[\/]src[\/](components[\/](hint[\/]hint|data-table[\/]table-page-skeleton|feedback[\/]load-error)|lib[\/]small-screen|shared[\/](labels|format))\.`,
                  String.raw`@mantine[\/]core[\/]esm[\/]components[\/](VisuallyHidden|Skeleton|Badge|Container|Alert|EmptyState)[\/]`,
                  String.raw`@mantine[\/]core[\/]styles[\/](Skeleton|Badge)\.layer\.css`,
                  String.raw`@tanstack[\/]react-query[\/].*[\/](useQuery|useBaseQuery|useSuspenseQuery|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense)\.js$`,
                  String.raw`@tanstack[\/]query-core[\/].*[\/]queryObserver\.js$`,
                  String.raw`@tanstack[\/]react-router[\/].*[\/]useRouterState\.js$`,
                ].join('|'),
              ),
              includeDependenciesRecursively: false,
            },
            {
              // A page with a form loads TanStack Form and Mantine's inputs together: one chunk.
              name: 'form',
              test: /(node_modules[\\/](@tanstack[\\/](form-core|react-form|pacer-lite|(react-)?store[\\/]dist[\\/](useStore|store)\.js$)|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput)[\\/])|[\\/]src[\\/]lib[\\/](form|no-form-groups|no-devtools-event-client)\.tsx?$)/,
              includeDependenciesRecursively: false,
            },
            {
              // The rich-text editor (tiptap, ProseMirror) loads only when a notice is edited, but
              // in one piece it is ~140 KB gzip; sliced, each chunk stays under the lazy-chunk bar.
              // Its own modules only: with their dependencies (React...) the entry would import it.
              // use-sync-external-store (only @tiptap/react uses it) goes with them: left out, it
              // landed in the editor's own chunk, which imports the vendor chunks: a cycle in which
              // the vendor chunk ran first and found it undefined.
              name: 'rich-text-editor-vendor',
              test: /node_modules[\\/](@tiptap|prosemirror-|@mantine[\\/]tiptap|linkifyjs|fast-equals|orderedmap|rope-sequence|w3c-keyname|use-sync-external-store)/,
              maxSize: 140_000,
              includeDependenciesRecursively: false,
            },
            {
              // The statistics charts (Chart.js) load only when a page draws a chart: ChartFigure
              // imports its canvas lazily. Chart.js's helpers and colour module go in a chunk of
              // their own, so neither piece passes the lazy-chunk bar.
              name: 'charts-helpers',
              test: /node_modules[\\/](chart\.js[\\/]dist[\\/]chunks|@kurkle[\\/]color)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
