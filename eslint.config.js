import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** The layout's arrows (ARCHITECTURE): which imports break them, and why. Import cycles: tests/unit/import-cycles.test.ts. */
const moduleOf = (file) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];
const BOUNDARIES = [
  {
    breaks: (from, to) => from.startsWith('client/') && to.startsWith('server/'),
    message: 'The browser app talks to the server over HTTP only; shared types come from core/.',
  },
  {
    breaks: (from, to) => from.startsWith('core/') && !to.startsWith('core/'),
    message: 'core/ is the pure domain, imported by both sides; it imports neither.',
  },
  {
    breaks: (from, to) => from.startsWith('client/ui/') && to.startsWith('client/features/'),
    message: 'ui/ holds building blocks; features compose them, not the other way round.',
  },
  {
    breaks: (from, to) => {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      return Boolean(a && b && a !== b && !/\/(service|queries)(\.ts)?$/.test(to));
    },
    message: 'Another module is reached only through its exported service.ts and queries.ts functions.',
  },
];

const layout = {
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = path
          .relative(import.meta.dirname, context.filename)
          .split(path.sep)
          .join('/');
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = path
            .relative(import.meta.dirname, path.resolve(path.dirname(context.filename), source))
            .split(path.sep)
            .join('/');
          const broken = BOUNDARIES.find((b) => b.breaks(from, to));
          if (broken) context.report({ node, message: broken.message });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => check(node, node.source?.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
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
