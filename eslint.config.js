import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';

const WEB_FEATURES = 'apps/web/src/features';
const features = readdirSync(new URL(`./${WEB_FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Boundaries (docs/product.md, "Code layout"): a web feature never imports another feature,
 * the web's shared components/ and lib/ never import a feature, the web app never imports the API, packages/schemas imports nothing but zod,
 * kebab-case file names. Import cycles, between files and between folders: tools/lint/import-cycles.ts. The rules are
 * proven to catch a violation by tools/lint/boundaries.test.ts.
 */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/api/.test-build/**',
      '**/node_modules/**',
      '**/coverage/**',
      'apps/web/e2e/.artifacts/**',
      'bench/.tmp/**',
      'tools/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api', 'apps/web', 'packages/schemas', 'bench', 'tools/lint'].map((dir) =>
            fileURLToPath(new URL(`./${dir}/tsconfig.json`, import.meta.url)),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            ...features.map((name) => ({
              target: `./${WEB_FEATURES}/${name}`,
              from: `./${WEB_FEATURES}`,
              except: [`./${name}`],
              message: 'A web feature never imports another feature: move the shared piece to components/ or lib/.',
            })),
            // One-way zones (bulletproof-react): shared code sits below the features and never reaches up into one.
            ...['components', 'lib'].map((shared) => ({
              target: `./apps/web/src/${shared}`,
              from: `./${WEB_FEATURES}`,
              message: `apps/web/src/${shared}/ never imports a feature: pass what it needs in as props or arguments, or move the piece out of the feature.`,
            })),
            // The one exception: the VAT journey starts the API test suite's fake HMRC (a test tool, not API code).
            {
              target: './apps/web',
              from: './apps/api',
              except: ['./test/fake-hmrc.ts'],
              message: 'The web app never imports the API: share through packages/schemas.',
            },
            { target: './packages', from: './apps', message: 'Packages never import the apps.' },
          ],
        },
      ],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,tools}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['packages/schemas/src/**/*.ts'],
    ignores: ['packages/schemas/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./)', message: 'packages/schemas imports nothing but zod and its own files.' }] }],
    },
  },
);
