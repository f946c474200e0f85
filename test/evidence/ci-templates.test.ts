// CI as users wire it, run without GitHub or GitLab (test/evidence/testing/ci-runners.ts plays
// their part): the GitHub Action (action.yml) and the GitLab job (docs/ci/gitlab-ci.yml), run
// from a fake service repository — a git repository holding .wirecheck/known-failures.yaml and a
// wirecheck.config.yaml — against the bundled resource API served on loopback with one
// deliberate fault (digest-as-string: RA-PREF-02 fails, nothing else). The baseline found in
// the service's repository keeps the listed failure from gating (exit 0, PASSED); without it
// the job fails (exit 1); a skipped MUST check gates (--fail-on-skipped-must, on by default);
// the outputs are written; no secret reaches a log or a report.
//
// npm is a stand-in that records its arguments (and, for `npm ci` in a fresh checkout, links
// this checkout's node_modules): installing is npm's business, and npm test stays fast. That
// `npm ci --omit=dev` installs what a run needs is test/package/packed-install.test.ts's proof.
// The GitLab job fetches wirecheck from this repository at the ref it pins (the release tag),
// and once at the tag's commit SHA: both are refs `git fetch` takes.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { verdictLabel } from '../../harness/report/verdict.ts';
import { PROJECT_ROOT, runWirecheck } from '../testing/run-wirecheck.ts';
import { serveReference, type Served } from '../testing/serve-reference.ts';
import { bash, readAction, runCompositeAction, runGitLabScript, runnerPath, type ActionRun } from './testing/ci-runners.ts';

const TOKEN = `ci-token-${randomBytes(12).toString('hex')}`;
const HEADER_SECRET = `ci-header-${randomBytes(12).toString('hex')}`;
/** The deliberate bug of the target: RA-PREF-02 (MUST) fails, and no other check. */
const FAULT = 'digest-as-string';
const QUICK = '--only RA-PREF-01,RA-PREF-02';
/** RA-DEL-04 is a MUST check that needs the probe: skipped without --probe. */
const WITH_SKIPPED_MUST = '--only RA-PREF-02,RA-DEL-04';
const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const dir = mkdtempSync(join(tmpdir(), 'wirecheck-ci-'));
const standIns = join(dir, 'bin');
const npmLog = join(dir, 'npm.log');
const PATH = runnerPath(standIns);
let served: Served | undefined;
let keys = '';

beforeAll(async () => {
  // npm's stand-in: records the call; `npm ci` in a checkout without node_modules links this one's.
  mkdirSync(standIns);
  writeFileSync(join(standIns, 'npm'), `#!/usr/bin/env bash\necho "$PWD npm $*" >> '${npmLog}'\nif [ "$1" = ci ] && [ ! -e node_modules ]; then ln -s '${join(PROJECT_ROOT, 'node_modules')}' node_modules; fi\n`);
  chmodSync(join(standIns, 'npm'), 0o755);
  // Never the real npm in this checkout (npm ci would replace its node_modules under the other tests).
  expect((await bash('command -v npm', dir, { PATH })).stdout.trim()).toBe(join(standIns, 'npm'));
  served = await serveReference('resource-api', { API_TOKENS: `${TOKEN}:alice`, CONFORMANCE_PROBE: '1', CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: FAULT });
  keys = join(dir, 'keys');
  expect((await runWirecheck(['keygen', '--out', keys])).exitCode).toBe(0);
}, 60_000);
afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The service's repository: its config file, and the baseline accepting RA-PREF-02 when asked. */
function serviceRepo(name: string, baseline: boolean): string {
  const repo = join(dir, name);
  mkdirSync(join(repo, '.wirecheck'), { recursive: true });
  // Found in the directory wirecheck runs in: the seed shows in summary.json that it was read.
  writeFileSync(join(repo, 'wirecheck.config.yaml'), 'other-user-id: bob\nseed: 4242\n');
  if (baseline) {
    writeFileSync(join(repo, '.wirecheck', 'known-failures.yaml'), [
      'schema: wirecheck.baseline/v1', 'entries:', '  - id: RA-PREF-02', '    reason: "PREF-7: weeklyDigest sent as a string; fix in 3.1"', '    expires: 2099-12-31', '',
    ].join('\n'));
  }
  execFileSync('bash', ['-ec', 'git init -q && git add -A && git -c user.name=ci -c user.email=ci@example.invalid commit -q -m service'], { cwd: repo });
  return repo;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  return readdirSync(path).flatMap((name) => (statSync(join(path, name)).isDirectory() ? filesUnder(join(path, name)) : [join(path, name)]));
}

/** No secret in the text or in any file under the report directory. */
function expectNoSecret(text: string, reportDir: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    expect(text.includes(secret), 'a log holds a secret').toBe(false);
    for (const file of filesUnder(reportDir)) expect(readFileSync(file, 'latin1').includes(secret), `${file} holds a secret`).toBe(false);
  }
}

interface SummaryFile { seed: number; exitCode: number; checks: { id: string; outcome: string; baselined?: boolean }[] }
const summaryAt = (file: string): SummaryFile => JSON.parse(readFileSync(file, 'utf8')) as SummaryFile;

describe('the GitHub Action (action.yml)', () => {
  const action = readAction();
  const steps = action.runs.steps;
  const SECRET_INPUTS = ['webhook-secret', 'token', 'other-token', 'secret-headers', 'sign-key'];

  async function runAction(name: string, repo: string, inputs: Record<string, string>): Promise<ActionRun> {
    const runnerDir = join(dir, `${name}-runner`);
    mkdirSync(runnerDir);
    const result = await runCompositeAction({ system: 'resource-api', 'base-url': served?.baseUrl ?? '', token: TOKEN, 'user-id': 'alice', ...inputs }, { actionPath: PROJECT_ROOT, workspace: repo, runnerDir, path: PATH });
    // The verdict output is the word of wirecheck's own verdict line for that exit code.
    expect(result.outputs['verdict']).toBe(verdictLabel(Number(result.outputs['exit-code'])));
    return result;
  }

  it('is composite: installs from its own checkout, runs in the caller\'s workspace, uploads the report dir always, gates last', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'report-dir', 'summary', 'verdict']);
    expect(action.inputs['baseline']?.default).toBe('.wirecheck/known-failures.yaml');
    expect(action.inputs['fail-on-skipped-must']?.default).toBe('true');
    const install = steps.find((s) => s.id === 'install');
    expect(install?.run).toContain('$GITHUB_ACTION_PATH/action/install.sh');
    expect(readFileSync(join(PROJECT_ROOT, 'action', 'install.sh'), 'utf8')).toContain('npm ci --omit=dev');
    const run = steps.find((s) => s.id === 'run');
    expect(run?.['working-directory']).toBe('${{ inputs.working-directory }}');
    const upload = steps.findIndex((s) => s.uses === 'actions/upload-artifact@v4');
    expect(steps[upload]?.if).toMatch(/^always\(\)/);
    expect(steps[upload]?.with?.['path']).toBe('${{ steps.run.outputs.report-dir }}');
    const gate = steps.at(-1);
    expect(gate?.if).toBe('always()');
    expect(gate?.run).toContain('exit "$CODE"');
    expect(upload).toBeGreaterThan(steps.indexOf(run ?? {}));
    expect(upload).toBe(steps.length - 2);
    // Secrets reach the steps as environment variables, never as text of a script; nothing traces.
    for (const step of steps) {
      for (const input of SECRET_INPUTS) expect(step.run ?? '', `${step.name}: inputs.${input} in a script`).not.toContain(`inputs.${input}`);
      expect(step.run ?? '').not.toMatch(/set\s+-\w*x|set -o xtrace/);
    }
    expect(readFileSync(join(PROJECT_ROOT, 'action', 'install.sh'), 'utf8') + readFileSync(join(PROJECT_ROOT, 'action', 'run.mjs'), 'utf8')).not.toMatch(/set\s+-\w*x|set -o xtrace/);
  });

  it('(a) applies the service repository\'s baseline: the listed failure does not gate — exit 0, PASSED, a signed bundle, no secret anywhere', async () => {
    const repo = serviceRepo('gh-baseline', true);
    const pem = readFileSync(join(keys, 'wirecheck-signing.key.pem'), 'utf8');
    const result = await runAction('gh-baseline', repo, { 'secret-headers': `X-Api-Key: ${HEADER_SECRET}`, 'sign-key': pem, args: QUICK });
    expect(result.code, result.log).toBe(0);
    const reportDir = join(repo, 'wirecheck-report');
    expect(result.outputs).toEqual({ verdict: 'PASSED', 'exit-code': '0', 'report-dir': reportDir, summary: join(reportDir, 'summary.json') });
    const summary = summaryAt(result.outputs['summary'] ?? '');
    expect(summary.seed).toBe(4242); // the service's wirecheck.config.yaml was read
    expect(summary.checks.find((c) => c.id === 'RA-PREF-02')).toMatchObject({ outcome: 'failed', baselined: true });
    expect(result.log).toContain(`known failures from ${join(repo, '.wirecheck', 'known-failures.yaml')}`);
    expect(result.log).toContain('--fail-on-skipped-must');
    expect(result.log).toContain('--token ***');
    expect(result.log).toContain('manifest signed');
    expect(result.stepSummary).toContain('PASSED (exit 0)');
    // Installed from the action's own checkout, dev dependencies left out.
    expect(readFileSync(npmLog, 'utf8')).toContain(`${PROJECT_ROOT} npm ci --omit=dev`);
    // The upload would run, of the report directory; the gate ran last, with wirecheck's code.
    const upload = result.steps.find((s) => s.step.uses === 'actions/upload-artifact@v4');
    expect(upload).toMatchObject({ ran: true, with: { path: reportDir } });
    expect(result.steps.at(-1)).toMatchObject({ ran: true, code: 0 });
    const verified = await runWirecheck(['verify', join(reportDir, 'bundle.tar.gz'), '--pub', join(keys, 'wirecheck-signing.pub.pem')]);
    expect(verified.exitCode, verified.stdout + verified.stderr).toBe(0);
    // The key was a file for the run only; no secret in the log, the reports or the bundle.
    expect(readdirSync(join(dir, 'gh-baseline-runner', 'temp')).filter((name) => name.startsWith('wirecheck-key-'))).toEqual([]);
    const pemBody = pem.split('\n')[1] ?? '';
    expect(pemBody.length).toBeGreaterThan(20);
    expectNoSecret(result.log + result.stepSummary, reportDir, [TOKEN, HEADER_SECRET, pemBody]);
  }, 120_000);

  it('(b) without the baseline the same failure fails the job: exit 1, FAILED — the upload still before the gate', async () => {
    const repo = serviceRepo('gh-no-baseline', false);
    const result = await runAction('gh-no-baseline', repo, { args: QUICK });
    expect(result.code, result.log).toBe(1);
    expect(result.outputs['verdict']).toBe('FAILED');
    expect(result.outputs['exit-code']).toBe('1');
    expect(result.log).toContain('no .wirecheck/known-failures.yaml');
    expect(result.log).toContain('FAILED (exit 1): RA-PREF-02');
    expect(result.steps.find((s) => s.step.id === 'run')).toMatchObject({ ran: true, code: 0 });
    expect(result.steps.find((s) => s.step.uses === 'actions/upload-artifact@v4')?.ran).toBe(true);
    expect(result.steps.at(-1)).toMatchObject({ ran: true, code: 1 });
    expect(existsSync(join(repo, 'wirecheck-report', 'report.html'))).toBe(true);
  }, 120_000);

  it('(c) a skipped MUST check fails the job (fail-on-skipped-must, on by default); switched off, the same run passes', async () => {
    const repo = serviceRepo('gh-skipped', true);
    const gated = await runAction('gh-skipped', repo, { args: WITH_SKIPPED_MUST });
    expect(gated.code, gated.log).toBe(1);
    expect(gated.outputs['verdict']).toBe('FAILED');
    expect(gated.log).toContain('1 MUST check skipped (needs probe: 1), gating with --fail-on-skipped-must');
    const lenient = await runAction('gh-skipped-off', repo, { args: WITH_SKIPPED_MUST, 'fail-on-skipped-must': 'false', 'report-dir': 'lenient-report' });
    expect(lenient.code, lenient.log).toBe(0);
    expect(lenient.outputs).toMatchObject({ verdict: 'PASSED', 'exit-code': '0', 'report-dir': join(repo, 'lenient-report') });
  }, 120_000);

  it('a baseline it is told of that does not exist is a configuration error: exit 2 before any run', async () => {
    const repo = serviceRepo('gh-missing-baseline', false);
    const result = await runAction('gh-missing-baseline', repo, { baseline: 'ci/known-failures.yaml' });
    expect(result.code, result.log).toBe(2);
    expect(result.outputs['verdict']).toBe('ERROR');
    expect(result.log).toContain(`the baseline ${join(repo, 'ci', 'known-failures.yaml')} does not exist`);
  });
});

describe('the GitHub Actions template (docs/ci/github-actions.yml)', () => {
  interface Step { uses?: string; with?: Record<string, unknown>; if?: string }
  const steps = (parse(readFileSync(join(PROJECT_ROOT, 'docs/ci/github-actions.yml'), 'utf8')) as { jobs: { certify: { steps: Step[] } } }).jobs.certify.steps;

  it('checks the service out at the workspace root and certifies with the action at the release tag, gating on skipped MUST checks', () => {
    const checkout = steps.find((s) => s.uses?.startsWith('actions/checkout'));
    expect(checkout?.with?.['path']).toBeUndefined();
    expect(checkout?.with?.['repository']).toBeUndefined();
    const certify = steps.find((s) => s.uses?.includes('/wirecheck@'));
    expect(certify?.uses).toBe(`<owner>/wirecheck@v${VERSION}`);
    expect(steps.indexOf(certify ?? {})).toBeGreaterThan(steps.indexOf(checkout ?? {}));
    expect(certify?.with?.['fail-on-skipped-must']).toBe(true);
    expect(certify?.with?.['baseline']).toBe('.wirecheck/known-failures.yaml');
    // Every input it gives is one the action has.
    expect(Object.keys(certify?.with ?? {}).filter((name) => !(name in readAction().inputs))).toEqual([]);
  });
});

describe('the GitLab CI template (docs/ci/gitlab-ci.yml)', () => {
  const job = (parse(readFileSync(join(PROJECT_ROOT, 'docs/ci/gitlab-ci.yml'), 'utf8')) as { wirecheck: { script: string[]; variables: Record<string, string> } }).wirecheck;
  const ref = job.variables['WIRECHECK_REF'] ?? '';
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  const tags = git('tag', '--list').split('\n').filter((tag) => tag !== '');
  const pinned = tags.includes(ref);
  /** The pinned ref's commit here; HEAD's in a checkout fetched without tags. */
  const sha = pinned ? git('rev-parse', `${ref}^{commit}`) : git('rev-parse', 'HEAD');

  function runJob(name: string, repo: string, variables: Record<string, string>) {
    return runGitLabScript(job.script, {
      ...job.variables, CI_PROJECT_DIR: repo, WIRECHECK_DIR: join(dir, `${name}-wirecheck`), WIRECHECK_REPOSITORY: PROJECT_ROOT,
      WIRECHECK_REF: pinned ? ref : sha, WIRECHECK_BASE_URL: served?.baseUrl ?? '', WIRECHECK_SYSTEM: 'resource-api',
      WIRECHECK_PROBE: 'false', WIRECHECK_TOKEN: TOKEN, WIRECHECK_USER_ID: 'alice', ...variables,
    }, PATH);
  }

  it('pins the release tag and fetches that exact ref (a tag or a SHA), never clone --branch; gates on skipped MUST checks', () => {
    expect(ref).toBe(`v${VERSION}`);
    const script = job.script.join('\n');
    expect(script).not.toContain('--branch');
    expect(script).toContain('fetch --quiet --depth 1 "$WIRECHECK_REPOSITORY" "$WIRECHECK_REF"');
    expect(script).toContain('checkout --quiet FETCH_HEAD');
    expect(script).toContain('npm ci --omit=dev');
    expect(job.script.at(-1)).toBe('cd "$CI_PROJECT_DIR" && node "$WIRECHECK_DIR/action/run.mjs"');
    expect(job.variables['WIRECHECK_FAIL_ON_SKIPPED_MUST']).toBe('true');
    expect(job.variables['WIRECHECK_BASELINE']).toBe('.wirecheck/known-failures.yaml');
  });

  it.skipIf(tags.length === 0)(`the tag it pins exists, on a commit holding the action at package version ${VERSION}`, () => {
    expect(tags).toContain(ref);
    expect(JSON.parse(git('show', `${ref}:package.json`)) as { version: string }).toMatchObject({ version: VERSION });
    expect(git('show', `${ref}:action/run.mjs`)).toContain('WIRECHECK_FAIL_ON_SKIPPED_MUST');
  });

  it('(a) fetched at the tag and run from the project, applies its baseline: exit 0, PASSED, signed with the File variable\'s key', async () => {
    const repo = serviceRepo('gl-baseline', true);
    const run = await runJob('gl-baseline', repo, { WIRECHECK_ARGS: QUICK, WIRECHECK_SIGNING_KEY: join(keys, 'wirecheck-signing.key.pem') });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('wirecheck: PASSED (exit 0)');
    expect(run.stdout).toContain('manifest signed');
    expect(git('-C', join(dir, 'gl-baseline-wirecheck'), 'rev-parse', 'HEAD')).toBe(sha);
    expect(readFileSync(npmLog, 'utf8')).toContain(`${join(dir, 'gl-baseline-wirecheck')} npm ci --omit=dev`);
    const summary = summaryAt(join(repo, 'wirecheck-report', 'summary.json'));
    expect(summary.seed).toBe(20261121); // the job's WIRECHECK_SEED wins over the project's config file
    expect(summary.checks.find((c) => c.id === 'RA-PREF-02')).toMatchObject({ outcome: 'failed', baselined: true });
    for (const file of ['report.html', 'summary.json', 'junit.xml', 'bundle.tar.gz']) expect(existsSync(join(repo, 'wirecheck-report', file)), file).toBe(true);
    expectNoSecret(run.stdout + run.stderr, join(repo, 'wirecheck-report'), [TOKEN]);
  }, 120_000);

  it('(b) fetched at the commit SHA, without the baseline: the failure fails the job, exit 1', async () => {
    const repo = serviceRepo('gl-no-baseline', false);
    const run = await runJob('gl-no-baseline', repo, { WIRECHECK_ARGS: QUICK, WIRECHECK_REF: sha });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain('wirecheck: FAILED (exit 1)');
    expect(git('-C', join(dir, 'gl-no-baseline-wirecheck'), 'rev-parse', 'HEAD')).toBe(sha);
  }, 120_000);

  it('(c) a skipped MUST check fails the job, exit 1', async () => {
    const repo = serviceRepo('gl-skipped', true);
    const run = await runJob('gl-skipped', repo, { WIRECHECK_ARGS: WITH_SKIPPED_MUST });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain('gating with --fail-on-skipped-must');
  }, 120_000);
});
