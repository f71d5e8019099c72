// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = './packages/web/src';
const featuresDir = `${webSrc}/features`;
const features = (() => {
  try {
    return readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/src/gen/**',
      '**/routeTree.gen.ts',
      '**/src/db/migrations/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: '不要用 export * 桶文件：请逐个具名导出。' },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    settings: {
      // `@/x` is packages/web/src/x (tsconfig paths, vite and vitest say the same), resolved here so
      // the layer zones below see through it.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [fileURLToPath(new URL(webSrc, import.meta.url))] },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Shared code flows one way: lib, components and shared → features → app; routes may import all.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['lib', 'components', 'shared'].map((layer) => ({
              target: `${webSrc}/${layer}`,
              from: [featuresDir, `${webSrc}/app`, `${webSrc}/routes`],
              message: '共享层（lib、components、shared）不能导入 features、app 或 routes：依赖只能单向流动。',
            })),
            {
              target: featuresDir,
              from: [`${webSrc}/app`, `${webSrc}/routes`],
              message: '功能模块不能导入 app 或 routes：会话、错误提示等共享内容在 shared/ 中。',
            },
            // features never import each other; a screen that needs two composes them in routes/ or app/
            ...features.map((name) => ({
              target: `${featuresDir}/${name}`,
              from: featuresDir,
              except: [`./${name}`],
              message: '功能模块之间不能互相导入：请在 routes/ 或 app/ 中组合。',
            })),
          ],
        },
      ],
    },
  },
  {
    // server layers: lib → contract → services → routes. Services never see Hono; routes never touch the database
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/**/*.test.ts',
      'packages/server/src/**/*.fixtures.ts',
      'packages/server/src/testing/**',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/server/src/services',
              from: './packages/server/src/routes',
              message: '服务层不能导入路由层：依赖方向是 lib → services → routes。',
            },
            {
              target: './packages/server/src/contract',
              from: [
                './packages/server/src/services',
                './packages/server/src/routes',
                './packages/server/src/db',
              ],
              message: 'contract 只描述接口（由 specs 生成）：不能导入 services、routes 或 db。',
            },
            {
              target: './packages/server/src/lib',
              from: [
                './packages/server/src/services',
                './packages/server/src/routes',
                './packages/server/src/contract',
              ],
              message: 'lib 是最底层：不能导入 services 或 routes。',
            },
            {
              target: './packages/server/src/routes',
              from: './packages/server/src/db',
              message: '路由层不能直接访问数据库：请调用服务动词。',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/services/**/*.ts'],
    ignores: ['packages/server/src/services/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['hono', 'hono/*', '@hono/*'], message: '服务层不依赖 Hono：它只接收 { ctx, input }。' },
          ],
        },
      ],
    },
  },
  ...pluginQuery.configs['flat/recommended'],
);
