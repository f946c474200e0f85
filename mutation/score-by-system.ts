// The mutation score of each system from its Stryker JSON report
// (reports/mutation/<system>/mutation.json): detected (killed or timed out) over valid
// mutants (detected, survived, no coverage), as Stryker counts it. Prints a markdown
// table, writes reports/mutation/scores.json; `--min N` exits 1 if a system is below.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MUTATION_SYSTEMS } from './systems.mjs';

interface Mutant { readonly status: string }
export interface StrykerReport { readonly files: Record<string, { readonly mutants: readonly Mutant[] }> }

export interface SystemScore {
  readonly system: string;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Equivalent or unobservable, each with its reason (fault switches, the exemption ledger). */
  readonly ignored: number;
  readonly errors: number;
  readonly score: number;
}

export function scoreOf(system: string, report: StrykerReport): SystemScore {
  const mutants = Object.values(report.files).flatMap((f) => f.mutants);
  const count = (status: string) => mutants.filter((m) => m.status === status).length;
  const detected = count('Killed') + count('Timeout');
  const valid = detected + count('Survived') + count('NoCoverage');
  return {
    system, killed: count('Killed'), timeout: count('Timeout'), survived: count('Survived'), noCoverage: count('NoCoverage'),
    ignored: count('Ignored'), errors: count('CompileError') + count('RuntimeError'),
    score: valid === 0 ? 100 : Math.floor((detected / valid) * 10_000) / 100,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'reports/mutation' }, min: { type: 'string' } } });
  const scores = Object.keys(MUTATION_SYSTEMS).flatMap((system) => {
    const file = join(values.dir, system, 'mutation.json');
    return existsSync(file) ? [scoreOf(system, JSON.parse(readFileSync(file, 'utf8')) as StrykerReport)] : [];
  });
  mkdirSync(values.dir, { recursive: true });
  writeFileSync(join(values.dir, 'scores.json'), `${JSON.stringify(scores, null, 2)}\n`);
  console.log('| system | mutation score | killed | timed out | survived | no coverage | ignored (with reason) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const s of scores) console.log(`| ${s.system} | ${s.score.toFixed(2)} % | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.ignored} |`);
  const min = values.min === undefined ? undefined : Number(values.min);
  const below = min === undefined ? [] : scores.filter((s) => s.score < min);
  if (below.length > 0) {
    console.error(`below ${min} %: ${below.map((s) => `${s.system} ${s.score} %`).join(', ')}`);
    process.exitCode = 1;
  }
}
