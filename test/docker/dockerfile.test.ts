// docker/Dockerfile and .dockerignore, checked without a Docker engine: hadolint-style
// rules (each shown to fail on a broken file), the build context, and the image's
// contents against what `wirecheck serve` and the references actually load.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, projectPath } from '../../harness/project-paths.ts';
import { systemModules } from '../../harness/systems/registry.ts';
import { WEBHOOK_WORKER_ENTRYPOINT } from '../../harness/systems/webhook/webhook-containers.ts';
import { copyPaths, parseDockerfile } from './testing/dockerfile.ts';
import { DOCKERFILE_RULES, lintDockerfile, type LintContext } from './testing/dockerfile-lint.ts';
import { isExcluded, parseDockerignore } from './testing/dockerignore.ts';
import { importClosure } from './testing/import-closure.ts';

const DOCKERFILE = readFileSync(projectPath('docker/Dockerfile'), 'utf8');
const IGNORE = parseDockerignore(readFileSync(projectPath('.dockerignore'), 'utf8'));
const RUNTIME_PACKAGE = JSON.parse(readFileSync(projectPath('docker/runtime-package.json'), 'utf8')) as { dependencies: Record<string, string>; overrides?: unknown };
const PACKAGE = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { dependencies: Record<string, string>; overrides?: unknown };

const CONTEXT: LintContext = {
  allowedCopySources: ['package.json', 'bin/', 'harness/', 'reference-impl/'],
  exists: (path) => existsSync(projectPath(path)),
  entrypoint: ['node', 'bin/wirecheck.js', 'serve'],
  exposedPorts: [3000, 3001, 4723],
};

// Everything a rule forbids, once.
const BROKEN = `FROM node
ENV HOST=127.0.0.1 API_TOKEN=abc
COPY . .
WORKDIR app
ADD https://example.com/tool.tgz /tmp/
RUN npm install
EXPOSE 3000
HEALTHCHECK CMD curl -f http://localhost:3000/healthz
ENTRYPOINT node bin/wirecheck.js serve
CMD webhook
USER root
`;

describe('docker/Dockerfile lint', () => {
  it('passes every rule', () => {
    expect(lintDockerfile(DOCKERFILE, CONTEXT)).toEqual([]);
  });

  it('has rules that fail: a broken Dockerfile breaks each of them', () => {
    const broken = new Set(lintDockerfile(BROKEN, CONTEXT).map((p) => p.rule));
    expect(DOCKERFILE_RULES.map((r) => r.id).filter((id) => !broken.has(id))).toEqual([]);
    const latest = lintDockerfile('FROM node:latest AS a\nWORKDIR /a\nRUN npm ci\nFROM a\nWORKDIR /b\nCOPY --from=a /a /b\n', CONTEXT);
    expect(latest.filter((p) => p.rule === 'WC-DF-02')).toEqual([expect.objectContaining({ line: 1, message: expect.stringContaining('latest') })]);
  });
});

describe('docker/Dockerfile build context (.dockerignore)', () => {
  it('leaves out node_modules, reports, .git, tests and env files, wherever they are', () => {
    for (const path of ['node_modules/fastify/package.json', 'reports/run-1/summary.json', '.git/HEAD', 'harness/cli/main.test.ts',
      'reference-impl/device-server/testing/cli-runner.ts', 'suites/webhook/contract/ordering.test.ts', 'test/docker/dockerfile.test.ts',
      'fixtures/device-server/sample-app.json', '.env', 'reference-impl/.env.local', 'reference-impl/device-server/drivers/sim-android/node_modules/x.js']) {
      expect(isExcluded(IGNORE, path), path).toBe(true);
    }
  });

  it('keeps every path the Dockerfile copies', () => {
    const sources = parseDockerfile(DOCKERFILE).instructions
      .filter((i) => i.keyword === 'COPY' && i.flags['from'] === undefined)
      .flatMap((i) => copyPaths(i).sources);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      const probe = source.endsWith('/') ? `${source}x.ts` : source;
      expect(isExcluded(IGNORE, probe), source).toBe(false);
    }
  });
});

describe('docker/Dockerfile image contents', () => {
  // The programs the image runs: the CLI's serve path (main.ts loads each other command
  // on demand; only serve runs in the image, and bin/wirecheck.js loads vitest only for
  // the commands that run suites), every reference, the worker, the sim driver.
  const entries = [
    'bin/wirecheck.js',
    ...systemModules().flatMap((m) => (m.reference ? [m.reference.entry] : [])),
    WEBHOOK_WORKER_ENTRYPOINT.at(-1) ?? '',
    'reference-impl/device-server/drivers/sim-android/index.ts',
  ];
  const closure = importClosure(PROJECT_ROOT, entries,
    (from, specifier) => (from === 'harness/cli/main.ts' && specifier.startsWith('./commands/') && !specifier.endsWith('/serve-command.ts'))
      || (from === 'bin/wirecheck.js' && specifier === 'vitest/node'));

  it('holds every file the programs load (copied, not left out by .dockerignore)', () => {
    expect(closure.unresolved).toEqual([]);
    const copied = CONTEXT.allowedCopySources;
    const missing = [...closure.files].filter((file) => !copied.some((c) => file === c || file.startsWith(c)) || isExcluded(IGNORE, file));
    expect(missing).toEqual([]);
  });

  it('installs exactly the packages they import, at the ranges of package.json', () => {
    expect([...closure.packages.keys()].sort()).toEqual(Object.keys(RUNTIME_PACKAGE.dependencies).sort());
    for (const [name, range] of Object.entries(RUNTIME_PACKAGE.dependencies)) expect(range, name).toBe(PACKAGE.dependencies[name]);
    expect(RUNTIME_PACKAGE.overrides).toEqual(PACKAGE.overrides);
  });

  it("deps stage: npm ci accepts docker/runtime-package.json with the project's lockfile", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirecheck-image-deps-'));
    try {
      copyFileSync(projectPath('docker/runtime-package.json'), join(dir, 'package.json'));
      copyFileSync(projectPath('package-lock.json'), join(dir, 'package-lock.json'));
      // --dry-run --offline: the lockfile check of npm ci, no download, nothing installed.
      const result = await new Promise<{ code: number; output: string }>((done) => {
        execFile('npm', ['ci', '--omit=dev', '--dry-run', '--offline', '--no-audit', '--no-fund'], { cwd: dir, timeout: 60_000 }, (error, stdout, stderr) => {
          done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
        });
      });
      expect(result.output).not.toContain('in sync');
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/added \d+ packages/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
