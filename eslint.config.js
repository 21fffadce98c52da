import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importProblem } from './layout.mjs';

const layout = {
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = path
          .relative(import.meta.dirname, context.filename)
          .split(path.sep)
          .join('/');
        // The rules themselves are in layout.mjs, shared with tests/unit/import-cycles.test.ts.
        const check = (node, source, typeOnly = false) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = path
            .relative(import.meta.dirname, path.resolve(path.dirname(context.filename), source))
            .split(path.sep)
            .join('/');
          const problem = importProblem(from, to, typeOnly);
          if (problem) context.report({ node, message: problem });
        };
        // `import type { A }` and `import { type A, type B }` vanish at build.
        const typeOnly = (node) =>
          node.importKind === 'type' ||
          node.exportKind === 'type' ||
          (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
        return {
          ImportDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
          ExportNamedDeclaration: (node) => check(node, node.source?.value, typeOnly(node)),
          ExportAllDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
          ImportExpression: (node) => check(node, node.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { layout },
    rules: { 'layout/import-boundaries': 'error' },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        AbortSignal: 'readonly',
      },
    },
  },
);
