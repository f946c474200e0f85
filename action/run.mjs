#!/usr/bin/env node
// wirecheck in CI: builds `wirecheck run` from WIRECHECK_* environment variables, runs it in the
// current directory (the service's repository: its .wirecheck/known-failures.yaml and
// wirecheck.config.* are found there), writes the outputs and exits with wirecheck's code.
// The GitHub Action's step (action.yml maps each input to one variable) and the GitLab job
// (docs/ci/gitlab-ci.yml: CI/CD variables of the same names) both run it; docs/ci/README.md
// lists the variables. Plain Node, no dependency: it runs before anything is loaded.
//
// Secrets (WIRECHECK_WEBHOOK_SECRET or WEBHOOK_SECRET, WIRECHECK_TOKEN, WIRECHECK_OTHER_TOKEN,
// WIRECHECK_SECRET_HEADERS' values, WIRECHECK_SIGNING_KEY) are never printed: the webhook secret
// and the headers' values reach wirecheck through its environment, the tokens as arguments of
// the process started here (shown as *** in the command line printed), the signing key as a
// file only this user may read, removed when the run ends.
//
// Outputs, to $GITHUB_OUTPUT when it is set: verdict (PASSED, FAILED, NOTHING EXECUTED,
// INCONCLUSIVE, ERROR), exit-code, report-dir (absolute), summary (absolute path of
// summary.json, empty when the run wrote none). A short table goes to $GITHUB_STEP_SUMMARY.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const env = process.env;
const DEFAULT_BASELINE = '.wirecheck/known-failures.yaml';
const SECRET_OPTIONS = new Set(['--token', '--other-token', '--secret', '--sender-secret']);

/** The words of wirecheck's verdict line, by exit code (harness/report/verdict.ts). */
const VERDICTS = new Map([[0, 'PASSED'], [1, 'FAILED'], [3, 'NOTHING EXECUTED'], [4, 'INCONCLUSIVE']]);
const verdictOf = (code) => VERDICTS.get(code) ?? 'ERROR';

/** What the job's log says of each exit code. */
const MEANINGS = new Map([
  [0, 'every gating check passed (baselined failures excepted)'],
  [1, 'a gating check failed, or a MUST check was skipped under --fail-on-skipped-must: report.html names them'],
  [2, 'configuration error, or the target could not be reached or started (see the message above)'],
  [3, 'nothing was executed: every selected check was skipped or filtered out, and a vacuous run proves nothing'],
  [4, 'inconclusive: the harness could not judge a gating check (outcome error); run it again'],
]);

const problems = [];
const value = (name) => (env[name] ?? '').trim();

function flag(name, fallback) {
  const text = value(name).toLowerCase();
  if (text === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  problems.push(`${name} is "${text}": write true or false`);
  return fallback;
}

/**
 * Shell-like words of WIRECHECK_ARGS: split at white space, '…' and "…" quote (\ escapes in
 * "…" and outside quotes), nothing expanded — no variable, no glob, no command.
 */
function words(text) {
  const out = [];
  let word = '';
  let inWord = false;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote === "'") {
      if (ch === "'") quote = '';
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = '';
      else if (ch === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) word += text[++i];
      else word += ch;
    } else if (/\s/.test(ch)) {
      if (inWord) out.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      if (ch === "'" || ch === '"') quote = ch;
      else if (ch === '\\' && i + 1 < text.length) word += text[++i];
      else word += ch;
    }
  }
  if (quote !== '') problems.push(`WIRECHECK_ARGS has an unclosed ${quote} quote`);
  if (inWord) out.push(word);
  return out;
}

const cwd = process.cwd();
const here = dirname(fileURLToPath(import.meta.url));
const bin = value('WIRECHECK_BIN') || join(here, '..', 'bin', 'wirecheck.js');
const reportDir = resolve(cwd, value('WIRECHECK_REPORT_DIR') || 'wirecheck-report');
const childEnv = { ...env };
const args = ['run'];
let keyDir;

const system = value('WIRECHECK_SYSTEM');
if (system === '') problems.push('WIRECHECK_SYSTEM (the input system) is empty: name what to certify, webhook, webhook-sender, resource-api, device-server or all');
args.push(system);

const urls = value('WIRECHECK_BASE_URL').split(/\s+/).filter((url) => url !== '');
if (urls.length > 0) args.push('--target', 'external', ...urls.flatMap((url) => ['--base-url', url]));
args.push('--report-dir', reportDir);
if (flag('WIRECHECK_PROBE', false)) args.push('--probe');
if (flag('WIRECHECK_STRICT', false)) args.push('--strict');
if (flag('WIRECHECK_FAIL_ON_SKIPPED_MUST', true)) args.push('--fail-on-skipped-must');
if (!flag('WIRECHECK_ALLURE', false)) args.push('--no-allure');
if (value('WIRECHECK_SEED') !== '') args.push('--seed', value('WIRECHECK_SEED'));

// The baseline: the default file when the service has one, a file named otherwise must exist.
const baselineSetting = env['WIRECHECK_BASELINE'] === undefined ? DEFAULT_BASELINE : value('WIRECHECK_BASELINE');
if (baselineSetting !== '') {
  const baseline = resolve(cwd, baselineSetting);
  if (existsSync(baseline)) {
    args.push('--baseline', baseline);
    console.log(`wirecheck: known failures from ${baseline}: they are reported, and do not gate until their entry expires`);
  } else if (baselineSetting === DEFAULT_BASELINE) {
    console.log(`wirecheck: no ${DEFAULT_BASELINE} in ${cwd}: every failure gates`);
  } else {
    problems.push(`the baseline ${baseline} does not exist: commit it, or leave the baseline setting empty for none`);
  }
}

// resource-api's identities; the tokens are arguments of the child, never printed.
for (const [name, option] of [['WIRECHECK_TOKEN', '--token'], ['WIRECHECK_USER_ID', '--user-id'], ['WIRECHECK_OTHER_USER_ID', '--other-user-id'], ['WIRECHECK_OTHER_TOKEN', '--other-token']]) {
  if (value(name) !== '') args.push(option, value(name));
}

// webhook: the secret is read by wirecheck from WEBHOOK_SECRET.
const secret = env['WIRECHECK_WEBHOOK_SECRET'] || env['WEBHOOK_SECRET'] || '';
if (secret !== '') childEnv['WEBHOOK_SECRET'] = secret;
else delete childEnv['WEBHOOK_SECRET'];

// Secret headers: each value in a variable of the child's environment, named on the command line.
const headerLines = (env['WIRECHECK_SECRET_HEADERS'] ?? '').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
headerLines.forEach((line, index) => {
  const colon = line.indexOf(':');
  const name = colon > 0 ? line.slice(0, colon).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    problems.push(`WIRECHECK_SECRET_HEADERS line ${index + 1} is not "Name: value" (the value is not shown)`);
    return;
  }
  const variable = `WIRECHECK_SECRET_HEADER_${index + 1}`;
  childEnv[variable] = line.slice(colon + 1).trim();
  args.push('--secret-header', `${name}: env:${variable}`);
});

if (flag('WIRECHECK_BUNDLE', true)) {
  args.push('--bundle');
  // The signing key: the PEM itself (a GitHub secret), or a file holding it (GitLab's File variable).
  const key = env['WIRECHECK_SIGNING_KEY'] ?? '';
  if (key.trim().startsWith('-----BEGIN')) {
    keyDir = mkdtempSync(join(env['RUNNER_TEMP'] || tmpdir(), 'wirecheck-key-'));
    const file = join(keyDir, 'signing.key.pem');
    writeFileSync(file, `${key.trim()}\n`, { mode: 0o600 });
    args.push('--sign-key', file);
  } else if (key.trim() !== '') {
    if (existsSync(key.trim())) args.push('--sign-key', key.trim());
    else problems.push('WIRECHECK_SIGNING_KEY is neither a PEM private key nor the path of a file (its value is not shown)');
  }
}

args.push(...words(env['WIRECHECK_ARGS'] ?? ''));

/** The command line as the log shows it: the value of every secret option as ***. */
function shown(list) {
  return list.map((word, i) => (i > 0 && SECRET_OPTIONS.has(list[i - 1] ?? '') ? '***' : /[\s'"*?]/.test(word) ? `'${word}'` : word)).join(' ');
}

function runWirecheck() {
  console.log(`$ wirecheck ${shown(args)}`);
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: childEnv, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`wirecheck could not be started (${bin}): ${error.message}`);
      done(2);
    });
    child.once('exit', (code, signal) => {
      if (signal) console.error(`wirecheck was ended by ${signal}`);
      done(code ?? 2);
    });
  });
}

let code;
if (problems.length > 0) {
  for (const problem of problems) console.error(`wirecheck: ${problem}`);
  code = 2;
} else {
  try {
    code = await runWirecheck();
  } finally {
    if (keyDir) rmSync(keyDir, { recursive: true, force: true });
  }
}

const verdict = verdictOf(code);
const summaryFile = join(reportDir, 'summary.json');
const summary = existsSync(summaryFile) ? summaryFile : '';
const message = `wirecheck: ${verdict} (exit ${code}) — ${MEANINGS.get(code) ?? 'wirecheck did not finish'}`;
console.log(`\n${message}`);
if (code !== 0 && env['GITHUB_ACTIONS'] === 'true') console.log(`::error title=wirecheck ${verdict}::${message}`);

if (env['GITHUB_OUTPUT']) {
  appendFileSync(env['GITHUB_OUTPUT'], `verdict=${verdict}\nexit-code=${code}\nreport-dir=${reportDir}\nsummary=${summary}\n`);
}
if (env['GITHUB_STEP_SUMMARY']) {
  let totals = '';
  try {
    const data = JSON.parse(readFileSync(summaryFile, 'utf8'));
    const t = data.totals ?? {};
    totals = `\n| passed | failed | warned | skipped | info | error |\n|---|---|---|---|---|---|\n| ${t.passed ?? 0} | ${t.failed ?? 0} | ${t.warned ?? 0} | ${t.skipped ?? 0} | ${t.info ?? 0} | ${t.error ?? 0} |\n`;
  } catch {
    // no summary.json: the verdict alone
  }
  appendFileSync(env['GITHUB_STEP_SUMMARY'], `### wirecheck ${system}: ${verdict} (exit ${code})\n\n${MEANINGS.get(code) ?? ''}\n${totals}\nEvidence: the \`${reportDir}\` artifact (report.html, summary.json, junit.xml, bundle.tar.gz).\n`);
}
process.exitCode = code;
