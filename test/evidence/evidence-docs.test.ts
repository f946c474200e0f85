// The evidence docs match what the code does: docs/evidence.md shows an auditor the two
// commands, and the CI templates publish the reports and gate on every exit code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectPath } from '../../harness/project-paths.ts';

const read = (path: string) => readFileSync(projectPath(path), 'utf8');

interface Step { uses?: string; run?: string; if?: string; with?: Record<string, unknown> }

describe('evidence docs', () => {
  it('docs/evidence.md shows an auditor how to verify a bundle in two commands', () => {
    const evidence = read('docs/evidence.md');
    expect(evidence).toContain('npx wirecheck verify bundle.tar.gz --pub vendor-signing.pub.pem');
    expect(evidence).toContain('mkdir evidence && tar -xzf bundle.tar.gz -C evidence');
  });

  it('the GitHub workflow certifies with the action, which uploads the evidence always and gates last on the exit code; JUnit is published always', () => {
    const workflow = parse(read('docs/ci/github-actions.yml')) as { jobs: { certify: { steps: Step[] } } };
    const steps = workflow.jobs.certify.steps;
    expect(steps.some((s) => /\/wirecheck@v\d+\.\d+\.\d+$/.test(s.uses ?? ''))).toBe(true);
    const junit = steps.find((s) => s.uses?.startsWith('mikepenz/action-junit-report'));
    expect(junit?.if).toMatch(/^always\(\)/);
    expect(String(junit?.with?.['report_paths'])).toContain('junit.xml');
    const action = (parse(read('action.yml')) as { runs: { steps: Step[] } }).runs.steps;
    const upload = action.findIndex((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(action[upload]?.if).toMatch(/^always\(\)/);
    const gate = action.at(-1);
    expect(gate?.if).toBe('always()');
    expect(gate?.run).toContain('exit "$CODE"');
    expect(upload).toBe(action.length - 2);
    for (const code of [0, 1, 2, 3, 4]) expect(read('action/run.mjs')).toContain(`[${code}, '`);
  });

  it('the GitLab job keeps its artifacts when it fails, reports JUnit, and exits with wirecheck\'s code', () => {
    const job = (parse(read('docs/ci/gitlab-ci.yml')) as { wirecheck: { script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } } } }).wirecheck;
    expect(job.artifacts.when).toBe('always');
    expect(job.artifacts.reports.junit).toContain('junit.xml');
    expect(job.artifacts.paths.join(' ')).toMatch(/report\.html.*bundle\.tar\.gz/);
    // action/run.mjs ends with wirecheck's exit code, the job's.
    expect(job.script.at(-1)).toContain('node "$WIRECHECK_DIR/action/run.mjs"');
    expect(read('action/run.mjs')).toContain('process.exitCode = code;');
  });

  it('no template echoes a secret or traces its commands', () => {
    for (const file of ['docs/ci/github-actions.yml', 'docs/ci/gitlab-ci.yml', 'action.yml', 'action/install.sh', 'action/run.mjs']) {
      const text = read(file);
      expect(text).not.toMatch(/echo[^\n]*\$\{?(WEBHOOK_SECRET|WIRECHECK_SIGNING_KEY)/);
      expect(text).not.toMatch(/set\s+-\w*x|set -o xtrace|--secret "\$/);
    }
  });
});
