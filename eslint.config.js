import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const dirsIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Web import zones, after bulletproof-react: a feature imports no other feature (what two share
// moves to components/ or lib/, or is put together in the route); components/ and lib/ import no
// feature and nothing of app/.
const webFeatures = dirsIn('./apps/web/src/features/');
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message:
      'A feature imports no other feature: move what both need to components/ or lib/, or compose in the route.',
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'components/ and lib/ import no feature and nothing from app/.',
  },
];

// The engine imports of ours only the shared vocabulary (the eyes, distances and toggles) and the
// words of a refused edit, both zod-free and import-free, so it runs anywhere without the site's
// schemas (issue 42 item 2).
const engineZones = [
  {
    target: './packages/camo-engine',
    from: './packages/shared/src',
    except: ['./vocabulary.ts', './edit-refusal.ts', './states.ts', './shapes.ts'],
    message:
      'The engine imports only @camo/shared/vocabulary, edit-refusal, states and shapes (zod-free modules) of the shared package.',
  },
  {
    target: './packages/camo-engine',
    from: './apps',
    message: 'The engine imports nothing of the apps.',
  },
];

// Server: platform/ is the ground floor and imports no domain folder (nor app.ts or compose.ts).
const serverDomains = dirsIn('./apps/server/src/').filter((dir) => dir !== 'platform');
// What each server domain may import besides itself and platform/ (http/, which puts the app
// together, may import every domain). A new domain folder fails the lint until it is listed here.
// `node scripts/server-imports.mjs` lists the folder loops left and the imports that run back up a
// layer (designs' cards with concealment's and ground's figures, designs with generation's provider
// type, hunt's repository with concealment's eye rows).
const SERVER_IMPORTS = {
  breeding: ['concealment', 'designs', 'engine', 'ground', 'hunt'],
  comments: ['designs'],
  concealment: ['designs', 'engine', 'hunt'],
  contest: ['designs'],
  designs: ['concealment', 'engine', 'generation', 'ground'],
  // The engine's threads, its tasks and the photo as it and its observers see it: below every domain.
  engine: [],
  files: ['designs'],
  gallery: ['concealment', 'designs', 'votes'],
  generation: ['designs', 'engine'],
  ground: ['concealment', 'designs', 'engine'],
  hunt: ['concealment', 'designs', 'engine'],
  moderation: ['designs'],
  system: [],
  users: ['designs'],
  votes: ['designs'],
  web: ['designs'],
};
const serverZones = [
  {
    target: './apps/server/src/platform',
    from: [
      ...serverDomains.map((dir) => `./apps/server/src/${dir}`),
      './apps/server/src/app.ts',
      './apps/server/src/compose.ts',
    ],
    message: 'platform/ imports no domain: move what it needs into platform/.',
  },
  // http/ puts the app together (plugins, the route table, the API docs): a domain imports
  // nothing of it; a request helper that domains share lives in platform/.
  {
    target: serverDomains.filter((dir) => dir !== 'http').map((dir) => `./apps/server/src/${dir}`),
    from: './apps/server/src/http',
    message: 'A domain imports nothing from http/: shared request helpers live in platform/.',
  },
  // Which domain may import which (besides itself and platform/): SERVER_IMPORTS below.
  ...serverDomains
    .filter((dir) => dir !== 'http')
    .map((dir) => {
      const allowed = SERVER_IMPORTS[dir];
      if (!allowed) throw new Error(`apps/server/src/${dir}/ is not in SERVER_IMPORTS (eslint.config.js)`);
      return {
        target: `./apps/server/src/${dir}`,
        from: [
          ...serverDomains.filter((other) => other !== dir && other !== 'http' && !allowed.includes(other)),
          'app.ts',
          'compose.ts',
        ].map((other) => `./apps/server/src/${other}`),
        message: `${dir}/ may import ${allowed.map((other) => `${other}/, `).join('')}platform/ only (SERVER_IMPORTS in eslint.config.js): a new edge between domains is a decision.`,
      };
    }),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      'vitest.config.ts',
      '**/drizzle.config.ts',
      // The engine's scratch scripts (git-ignored).
      'packages/camo-engine/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // File and folder names are kebab-case; middle extensions (.test, .repository, .worker) are free.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  // Import boundaries: no cycles anywhere, and the zones above.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse imported TypeScript files too, so no-cycle follows imports past the linted file.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones, ...engineZones] }],
    },
  },
  // Files a reader can hold (issue 42): source files at most 450 lines; split by concern when one
  // grows (the reference data of counties is data, not code).
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/shared/src/counties-data.ts'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  // Web route files stay thin: a route puts features together, and what grows moves into a
  // feature (ARCHITECTURE.md). The longest, the gallery, is 139 lines. This block comes after the
  // 450-line one, which would otherwise set their bound (a planted 309-line route fails).
  {
    files: ['apps/web/src/app/routes/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 160 }] },
  },
  // No import cycles, in any workspace.
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  // Server: only repositories, platform/db and better-auth's adapter (platform/auth/auth.ts) touch
  // drizzle or the schema; row shapes for everyone else come from platform/db/types.ts or
  // @camo/shared. Tests and scripts are exempt.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/platform/db/**',
      'apps/server/src/platform/auth/auth.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repository.ts, platform/db/ and platform/auth/auth.ts use drizzle.',
            },
            {
              group: ['**/db/schema', '**/db/schema.js', './schema.js', '**/db/tables/*'],
              message: 'Only repositories read the schema; take row types from platform/db/types.ts.',
            },
          ],
        },
      ],
    },
  },
);
