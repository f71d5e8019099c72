// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = './packages/web/src/features';
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      // features never import each other; a screen that needs two composes them in routes/ or app/
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((name) => ({
            target: `${featuresDir}/${name}`,
            from: featuresDir,
            except: [`./${name}`],
            message: '功能模块之间不能互相导入：请在 routes/ 或 app/ 中组合。',
          })),
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
      // the hand-written upload routes' guard and limit, until uploads are registered like every operation
      'packages/server/src/lib/auth.ts',
      'packages/server/src/lib/xlsx-upload.ts',
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
