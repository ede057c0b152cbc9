// ESLint 9 flat config. `npm run lint` runs it over the whole web/ folder.
//
// The point of this file is the import boundaries (after bulletproof-react's
// `import/no-restricted-paths` zones), see `boundaryZones` below:
//   - a feature (src/features/<f>/) imports only from itself and the shared folders,
//     never from another feature;
//   - the shared folders never import from src/features or src/app;
//   - src/features never imports from src/app;
//   - src/app may import from everything (it composes the features).
// Imports are resolved (the `@/*` alias through tsconfig.json, relative paths as
// well) before the zones are checked, so `../../other-feature/x` is caught too.
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Folders any layer may import from; they import only from each other. */
const SHARED_FOLDERS = ['components', 'config', 'hooks', 'lib', 'testing', 'types', 'utils'];

/** Every folder under src/features, read when the config loads, so a new feature is covered at once. */
const featureNames = () =>
  readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const boundaryZones = () => [
  // One zone per feature: no file under another folder of src/features may import it.
  // The importing side is a pattern, so even a feature folder created after this
  // config loaded (or a file not yet on disk) is held to the rule.
  ...featureNames().map((feature) => ({
    target: `src/features/!(${feature})/**`,
    from: `src/features/${feature}`,
    message: `Features never import each other: move the shared piece to a shared folder (${SHARED_FOLDERS.join(', ')}) or compose the features in src/app.`,
  })),
  {
    target: 'src/features',
    from: 'src/app',
    message: 'Features never import from src/app (the app composes the features, not the other way round).',
  },
  {
    target: SHARED_FOLDERS.map((folder) => `src/${folder}`),
    from: ['src/features', 'src/app'],
    message: 'Shared folders never import from src/features or src/app.',
  },
];

export default defineConfig(
  {
    // `src/types/generated/` will hold the types generated from the Rust code.
    ignores: ['dist/', 'node_modules/', 'test-artifacts/', 'coverage/', 'src/types/generated/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    // Node scripts: this file, vite.config.ts, scripts/ and the end-to-end runner.
    files: ['*.{js,mjs,ts}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // The end-to-end cases also hand functions to `page.evaluate`, which run in Chromium.
    files: ['e2e/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json'), alwaysTryTypes: true }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // An import the resolver cannot follow would slip past the boundary zones; fail it instead.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones() }],
    },
  },
);
