// The CI templates (docs/ci/) run as written: their shell steps, taken from the YAML and
// run with bash in a fake CI environment (the variables GitHub or GitLab would set)
// against the reference webhook served on loopback, certify it — with the signing key
// and without it (signing is optional) — and the gate passes on the exit code.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT, runWirecheck } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';

const SECRET = 'ci-template-secret-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'wirecheck-ci-'));
let served: Served | undefined;

beforeAll(async () => {
  served = await serveReference('webhook', { WEBHOOK_SECRET: SECRET, CONFORMANCE_PROBE: '1' });
}, 60_000);
afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Step { readonly id?: string; readonly run?: string; readonly env?: Record<string, string> }

function bash(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-e', '-c', script], { cwd: PROJECT_ROOT, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env }, timeout: 240_000 }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr });
    });
  });
}

/** A quick certification: the run's options narrowed to two checks, so the template's command is the one that runs. */
function quick(script: string): string {
  expect(script).toContain('--seed 20261121');
  return script.replace('--seed 20261121', '--seed 20261121 --only WH-SIG-01,WH-SIG-03');
}

describe('the GitHub Actions template', () => {
  const steps = (parse(readFileSync(join(PROJECT_ROOT, 'docs/ci/github-actions.yml'), 'utf8')) as { jobs: { certify: { steps: Step[] } } }).jobs.certify.steps;
  const certify = steps.find((s) => s.id === 'wirecheck')?.run ?? '';
  const gate = steps.at(-1)?.run ?? '';

  async function runCertify(name: string, signingKey: string) {
    const workspace = join(dir, name);
    const env = {
      GITHUB_WORKSPACE: workspace, RUNNER_TEMP: join(dir, `${name}-tmp`), GITHUB_OUTPUT: join(dir, `${name}.output`),
      REPORT_DIR: 'wirecheck-report', WEBHOOK_SECRET: SECRET, WIRECHECK_SIGNING_KEY: signingKey, BASE_URL: served?.baseUrl ?? '',
    };
    await bash(`mkdir -p "${workspace}" "${env.RUNNER_TEMP}"`, {});
    const run = await bash(quick(certify), env);
    return { run, output: readFileSync(env.GITHUB_OUTPUT, 'utf8'), reportDir: join(workspace, 'wirecheck-report'), keyFile: join(env.RUNNER_TEMP, 'wirecheck-signing.key.pem') };
  }

  it('certifies without a signing key: the bundle is written unsigned, the gate passes', async () => {
    const { run, output, reportDir } = await runCertify('unsigned', '');
    expect(run.code, run.stderr).toBe(0);
    expect(output).toContain('exit-code=0');
    expect(run.stdout).toContain('manifest UNSIGNED');
    expect(existsSync(join(reportDir, 'bundle.tar.gz'))).toBe(true);
    const gated = await bash(gate, { CODE: '0' });
    expect(gated.code).toBe(0);
    expect((await bash(gate, { CODE: '1' })).code).toBe(1);
  }, 240_000);

  it('certifies with a signing key: the bundle verifies, and the key file is gone afterwards', async () => {
    const keys = join(dir, 'keys');
    expect((await runWirecheck(['keygen', '--out', keys])).exitCode).toBe(0);
    const { run, output, reportDir, keyFile } = await runCertify('signed', readFileSync(join(keys, 'wirecheck-signing.key.pem'), 'utf8'));
    expect(run.code, run.stderr).toBe(0);
    expect(output).toContain('exit-code=0');
    expect(run.stdout).toContain('manifest signed');
    expect(existsSync(keyFile)).toBe(false);
    const verified = await runWirecheck(['verify', join(reportDir, 'bundle.tar.gz'), '--pub', join(keys, 'wirecheck-signing.pub.pem')]);
    expect(verified.exitCode, verified.stdout + verified.stderr).toBe(0);
  }, 240_000);
});

describe('the GitLab CI template', () => {
  const job = (parse(readFileSync(join(PROJECT_ROOT, 'docs/ci/gitlab-ci.yml'), 'utf8')) as { wirecheck: { script: string[]; variables: Record<string, string> } }).wirecheck;
  // The first two lines fetch wirecheck and install it; this checkout is that clone.
  const certify = job.script.slice(2).join('\n');

  it('names a branch that exists, and certifies without a signing key, exiting with wirecheck\'s code', async () => {
    expect(job.variables['WIRECHECK_REF']).toBe('main');
    const project = join(dir, 'gitlab');
    const run = await bash(quick(certify), {
      CI_PROJECT_DIR: project, REPORT_DIR: join(project, 'wirecheck-report'), WEBHOOK_SECRET: SECRET, WIRECHECK_SIGNING_KEY: '', WIRECHECK_BASE_URL: served?.baseUrl ?? '',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('wirecheck: PASSED');
    expect(existsSync(join(project, 'wirecheck-report', 'bundle.tar.gz'))).toBe(true);
  }, 240_000);
});
