// ESLint, flat config (`npm run lint:eslint`, run by `npm run lint` and first by `npm test`).
// typescript-eslint's type-aware recommended set over every TypeScript file of the project
// (src, scripts, tests, migrations, the vite/vitest configs), React's hook rules in src/client.
// Every rule switched off or changed below says why.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'var/', 'test-results/', 'node_modules/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.node },
      // One TypeScript program for the whole tsconfig.json, found per file by the project service.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An `async` function without `await` is how this code implements a Promise-returning
      // interface (test stubs such as `mapFor: async () => map`, legacy actions): it turns a
      // synchronous throw into a rejection, which is what the callers handle.
      '@typescript-eslint/require-await': 'off',
      // A leading underscore marks what is unused on purpose: a parameter an interface passes, a
      // field left out of a rest copy (`{ page_no: _, ...values }`), a loop that only counts.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Passing on an error caught as `unknown` (`.catch((error) => … Promise.reject(error))`) is
      // not making up a non-Error reason; rejecting with a string or an object still fails.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Chinese text uses the ideographic space U+3000 in strings, templates and JSX text; stray
      // irregular whitespace in the code itself is still reported.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
    },
  },
  {
    // Plain JavaScript outside tsconfig.json (this file, scripts/bootstrap.mjs): no type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
