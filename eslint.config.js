// Lint: type-aware rules where they catch real bugs (floating promises), and the
// architectural rules of DESIGN.md: suites and the harness never import the
// reference implementation or the alternatives — every target is tested as a black
// box, like any external deployment — an alternative imports neither the harness
// nor the reference, so it stays an independent implementation of the spec, and no
// folders import each other (eslint/no-folder-cycles.mjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { noFolderCycles } from './eslint/no-folder-cycles.mjs';

const noReferenceImports = {
  'no-restricted-imports': ['error', {
    patterns: [{
      group: ['**/reference-impl', '**/reference-impl/**', '**/alternatives', '**/alternatives/**'],
      message: 'Suites and the harness test every target as a black box: reach it over HTTP or as a child process, never by import.',
    }],
  }],
};

const independentAlternative = {
  'no-restricted-imports': ['error', {
    patterns: [{
      group: ['**/reference-impl', '**/reference-impl/**', '**/harness', '**/harness/**', '**/suites/**'],
      message: 'An alternative is an independent implementation of the spec: it shares no code with the reference or the harness.',
    }],
  }],
};

const referenceStandsAlone = {
  'no-restricted-imports': ['error', {
    patterns: [{
      group: ['**/harness', '**/harness/**', '**/suites/**', '**/alternatives', '**/alternatives/**'],
      message: 'The references stand alone, their tests included: they import nothing of the harness that certifies them (DESIGN.md: dependencies point one way).',
    }],
  }],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'reports/**', '.proto/**', '.stryker-tmp/**', 'fixtures/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { process: 'readonly', console: 'readonly' } },
  },
  // Matching control characters is the point of these files (terminal colours, XML).
  { files: ['harness/report/**'], rules: { 'no-control-regex': 'off' } },
  { files: ['suites/**', 'harness/**', 'test/**', 'bench/**', 'scripts/**'], rules: noReferenceImports },
  { files: ['alternatives/**'], rules: independentAlternative },
  { files: ['reference-impl/**'], rules: referenceStandsAlone },
  // DESIGN.md: configuration is read in one place. The environment comes in at the entry
  // point (bin/wirecheck.js) and is read where options are resolved (each system's
  // resolve, run-config.ts), which receive it as a parameter: nowhere reads process.env.
  {
    files: ['harness/**', 'suites/**'],
    // A preload that runs inside the server under test: the environment it reads is that process's own.
    ignores: ['**/*.test.ts', 'harness/device-server/report-node-version.mjs'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment where options are resolved (SystemModule.resolve, run/run-config.ts), which get it as a parameter; pass the value on in the config.' }] },
  },
  // No folder-level import cycles (DESIGN.md).
  {
    files: ['harness/**', 'suites/**', 'reference-impl/**', 'bench/**', 'test/**', 'mutation/**', 'scripts/**'],
    ignores: ['**/*.test.ts'],
    plugins: { local: { rules: { 'no-folder-cycles': noFolderCycles } } },
    rules: { 'local/no-folder-cycles': 'error' },
  },
);
