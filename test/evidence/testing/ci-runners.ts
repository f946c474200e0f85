// GitHub's and GitLab's part of running the CI files, played without them, for the subset the
// action and the templates use.
//
// runCompositeAction: action.yml's steps in order, as the runner runs a composite action —
// inputs resolved against their defaults, `${{ inputs.x }}`, `${{ github.action_path }}`,
// `${{ github.workspace }}`, `${{ runner.temp }}` and `${{ steps.id.outputs.x }}` substituted,
// each `run:` in `bash --noprofile --norc -eo pipefail` (GitHub's bash) in its working
// directory with its `env:`, GITHUB_OUTPUT a file per step whose `name=value` lines become the
// step's outputs, a step run only if none failed before it unless its `if:` says always().
// `uses:` steps are not run (there is no GitHub): they are returned with whether their
// condition held, for the test to judge. runGitLabScript: a job's `script:` lines, one after
// another in one shell stopping at the first failure, as GitLab's runner does.
//
// The environment is a runner's, not this test's: PATH (a directory of stand-ins first), HOME,
// the CI's own variables — no DATABASE_URL, no WEBHOOK_SECRET, nothing vitest set.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../testing/run-wirecheck.ts';

export interface ActionStep {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
  readonly shell?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
  readonly 'working-directory'?: string;
}

export interface ActionFile {
  readonly name: string;
  readonly inputs: Record<string, { readonly description?: string; readonly required?: boolean; readonly default?: string }>;
  readonly outputs: Record<string, { readonly description?: string; readonly value: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly ActionStep[] };
}

export interface StepRun {
  readonly step: ActionStep;
  /** Whether its condition held: a `run:` step ran, a `uses:` step would have. */
  readonly ran: boolean;
  readonly code?: number;
  /** `with:`, expressions substituted (uses: steps). */
  readonly with?: Record<string, string>;
}

export interface ActionRun {
  /** The job's result: 0, or the exit code of the last step that failed. */
  readonly code: number;
  readonly outputs: Record<string, string>;
  readonly log: string;
  readonly steps: readonly StepRun[];
  readonly stepSummary: string;
}

export interface Shell {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const readAction = (): ActionFile => parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as ActionFile;

/** PATH of a runner: the stand-ins' directory first, then the system's, without this checkout's node_modules/.bin. */
export function runnerPath(standIns: string): string {
  const system = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '' && !resolve(dir).startsWith(PROJECT_ROOT + sep));
  return [standIns, ...system].join(delimiter);
}

export function bash(script: string, cwd: string, env: Record<string, string>, timeoutMs = 180_000): Promise<Shell> {
  return new Promise((done) => {
    execFile('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

function outputsOf(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  if (!existsSync(file)) return outputs;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return outputs;
}

export interface ActionContext {
  /** The directory the action was downloaded to ($GITHUB_ACTION_PATH). */
  readonly actionPath: string;
  /** $GITHUB_WORKSPACE: the caller's checkout. */
  readonly workspace: string;
  /** A directory for this run's runner files (RUNNER_TEMP, the output files). */
  readonly runnerDir: string;
  /** PATH of the runner. */
  readonly path: string;
}

export async function runCompositeAction(given: Record<string, string>, context: ActionContext): Promise<ActionRun> {
  const action = readAction();
  if (action.runs.using !== 'composite') throw new Error(`action.yml runs ${action.runs.using}, not composite`);
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    const input = given[name] ?? spec.default ?? '';
    if (spec.required && input === '') throw new Error(`input ${name} is required`);
    inputs[name] = input;
  }
  const unknown = Object.keys(given).filter((name) => !(name in action.inputs));
  if (unknown.length > 0) throw new Error(`action.yml has no input ${unknown.join(', ')}`);

  const temp = join(context.runnerDir, 'temp');
  mkdirSync(temp, { recursive: true });
  const stepSummaryFile = join(context.runnerDir, 'step-summary.md');
  writeFileSync(stepSummaryFile, '');
  const stepOutputs: Record<string, Record<string, string>> = {};

  const evaluate = (expression: string): string => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) {
      const name = input[1] ?? '';
      if (!(name in inputs)) throw new Error(`action.yml refers to input ${name}, which it does not declare`);
      return inputs[name] ?? '';
    }
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return stepOutputs[output[1] ?? '']?.[output[2] ?? ''] ?? '';
    if (expression === 'github.action_path') return context.actionPath;
    if (expression === 'github.workspace') return context.workspace;
    if (expression === 'runner.temp') return temp;
    throw new Error(`the test's interpreter does not know the expression ${expression}`);
  };
  const substitute = (text: string): string => text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => evaluate(expression));

  /** always(), `X != ''`, `X == ''` and their conjunctions; no status function means success(). */
  const condition = (text: string | undefined, failed: boolean): boolean => {
    if (text === undefined) return !failed;
    const terms = text.split('&&').map((term) => term.trim());
    let result = terms.includes('always()') ? true : !failed;
    for (const term of terms) {
      if (term === 'always()') continue;
      const comparison = /^(.+?)\s*(!=|==)\s*''$/.exec(term);
      if (!comparison) throw new Error(`the test's interpreter does not know the condition ${term}`);
      const empty = evaluate(comparison[1] ?? '') === '';
      result &&= comparison[2] === '==' ? empty : !empty;
    }
    return result;
  };

  const steps: StepRun[] = [];
  let failed = false;
  let code = 0;
  let log = '';
  for (const [index, step] of action.runs.steps.entries()) {
    const runs = condition(step.if, failed);
    if (step.uses !== undefined) {
      steps.push({ step, ran: runs, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v))])) });
      continue;
    }
    if (!runs) {
      steps.push({ step, ran: false });
      continue;
    }
    if (step.shell !== 'bash') throw new Error(`step ${step.name ?? index}: shell ${String(step.shell)}; the interpreter runs bash`);
    const outputFile = join(context.runnerDir, `output-${index}`);
    writeFileSync(outputFile, '');
    const env: Record<string, string> = {
      PATH: context.path, HOME: process.env['HOME'] ?? '', CI: 'true', GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: context.workspace, GITHUB_ACTION_PATH: context.actionPath, RUNNER_TEMP: temp,
      GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: stepSummaryFile, NO_COLOR: '1',
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v))])),
    };
    const cwd = resolve(context.workspace, substitute(step['working-directory'] ?? '.'));
    const shell = await bash(substitute(step.run ?? ''), cwd, env);
    log += `--- step ${step.name ?? index} (exit ${shell.code})\n${shell.stdout}${shell.stderr}`;
    if (step.id) stepOutputs[step.id] = outputsOf(outputFile);
    if (shell.code !== 0) {
      failed = true;
      code = shell.code;
    }
    steps.push({ step, ran: true, code: shell.code });
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, spec]) => [name, substitute(spec.value)]));
  return { code, outputs, log, steps, stepSummary: readFileSync(stepSummaryFile, 'utf8') };
}

/** A GitLab job's script lines in one shell, stopping at the first that fails, in CI_PROJECT_DIR. */
export function runGitLabScript(lines: readonly string[], variables: Record<string, string>, path: string): Promise<Shell> {
  const projectDir = variables['CI_PROJECT_DIR'] ?? mkdtempSync('gitlab-');
  const env = { PATH: path, HOME: process.env['HOME'] ?? '', CI: 'true', GITLAB_CI: 'true', NO_COLOR: '1', ...variables };
  return bash(lines.join('\n'), projectDir, env);
}
