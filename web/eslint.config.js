// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Every feature folder: src/features/<name>/. A new one is covered without touching this file. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The shared layers: anything may use them, and they use nothing above them (features, app). */
const shared = ['./src/components', './src/config', './src/lib', './src/shared', './src/types', './src/styles'];

/**
 * The console's import boundaries (docs/console.md, "Layout of the code"):
 * - a feature never imports another feature: what two features need goes to src/shared (or components/,
 *   lib/), and they are composed in src/app;
 * - features never import src/app (the app imports them);
 * - the shared layers import no feature and nothing of src/app.
 * Type-only imports count too. src/app, src/testing and src/main.tsx may import anything.
 */
const zones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: `Features do not import each other: move what both need to src/shared (or components/, lib/), or compose them in src/app.`,
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import src/app: the app imports the features.',
  },
  {
    target: shared,
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, config, lib, shared, types) imports no feature and nothing of src/app.',
  },
];

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', '*.config.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Resolves '@/…' through tsconfig.json's paths, as Vite and tsc do.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.json` })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An import the resolver cannot follow would escape the boundary rule silently: fail on it instead.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
);
