// The evidence docs match what the code does: the README shows an auditor the two
// commands, and the CI templates publish the reports and gate on every exit code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectPath } from '../../harness/project-paths.ts';

const read = (path: string) => readFileSync(projectPath(path), 'utf8');

interface Step { uses?: string; run?: string; if?: string; with?: Record<string, unknown> }

describe('evidence docs', () => {
  it('the README shows an auditor how to verify a bundle in two commands', () => {
    const readme = read('README.md');
    expect(readme).toContain('npx wirecheck verify bundle.tar.gz --pub vendor-signing.pub.pem');
    expect(readme).toContain('mkdir evidence && tar -xzf bundle.tar.gz -C evidence');
  });

  it('the GitHub workflow publishes JUnit, report.html and the bundle always, and gates on 0, 1, 2 and 3', () => {
    const workflow = parse(read('docs/ci/github-actions.yml')) as { jobs: { certify: { steps: Step[] } } };
    const steps = workflow.jobs.certify.steps;
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(upload?.if).toBe('always()');
    expect(String(upload?.with?.['path'])).toMatch(/report\.html[\s\S]*bundle\.tar\.gz/);
    expect(String(steps.find((s) => s.uses?.startsWith('mikepenz/action-junit-report'))?.with?.['report_paths'])).toContain('junit.xml');
    const gate = steps.at(-1);
    expect(gate?.if).toBe('always()');
    for (const code of ['0)', '1)', '2)', '3)']) expect(gate?.run).toContain(code);
  });

  it('the GitLab job keeps its artifacts when it fails, reports JUnit, and exits with wirecheck\'s code', () => {
    const job = (parse(read('docs/ci/gitlab-ci.yml')) as { wirecheck: { script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } } } }).wirecheck;
    expect(job.artifacts.when).toBe('always');
    expect(job.artifacts.reports.junit).toContain('junit.xml');
    expect(job.artifacts.paths.join(' ')).toMatch(/report\.html.*bundle\.tar\.gz/);
    expect(job.script.join('\n')).toContain('exit "$code"');
  });

  it('no template echoes a secret or traces its commands', () => {
    for (const file of ['docs/ci/github-actions.yml', 'docs/ci/gitlab-ci.yml']) {
      const text = read(file);
      expect(text).not.toMatch(/echo[^\n]*\$\{?(WEBHOOK_SECRET|WIRECHECK_SIGNING_KEY)/);
      expect(text).not.toMatch(/set -x|--secret "\$/);
    }
  });
});
