// `wirecheck reports prune --keep N [--dir reports] [--dry-run]`: report retention. Keeps
// the N newest wirecheck run dirs of a folder and removes the older ones — nothing that is
// not a wirecheck run's (run/prune-reports.ts says how one is recognised).
import { resolve } from 'node:path';
import { OptionsError } from '../../errors.ts';
import { keepCountOf, pruneLine, pruneReports } from '../../run/prune-reports.ts';
import { REPORTS_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine } from '../parse-command-line.ts';

const HELP = 'wirecheck reports --help';

export function reportsCommand(args: readonly string[], io: Output): number {
  const { positionals, values } = parseCommandLine(args, {
    keep: { type: 'string' }, dir: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  }, HELP);
  if (values['help']) {
    io.out(REPORTS_HELP);
    return 0;
  }
  const problems: string[] = [];
  const [action, extra] = positionals;
  if (action !== 'prune') problems.push(action === undefined ? 'missing action: wirecheck reports prune --keep N' : `unknown action "${action}": reports has prune`);
  if (extra !== undefined) problems.push(`unexpected argument "${extra}": reports prune takes --keep N [--dir DIR] [--dry-run]`);
  const keep = keepCountOf('--keep', typeof values['keep'] === 'string' ? values['keep'] : undefined, problems);
  if (values['keep'] === undefined) problems.push('missing --keep N: how many of the newest run dirs to keep');
  if (values['dir'] === '') problems.push('--dir needs a folder, e.g. --dir reports');
  if (problems.length > 0 || keep === undefined) throw new OptionsError(problems, HELP);
  const folder = resolve(typeof values['dir'] === 'string' ? values['dir'] : 'reports');
  const dryRun = values['dryRun'] === true;
  const result = pruneReports(folder, keep, { dryRun });
  io.out(pruneLine(result, dryRun));
  return 0;
}
