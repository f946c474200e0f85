// `wirecheck list [<system>] [--json]`: the catalog, no target needed; with --faults,
// the self-test's deliberate bugs instead (list-faults.ts).
import { allChecks } from '../../systems/catalog.ts';
import { systemModules, systemNames } from '../../systems/registry.ts';
import { OptionsError } from '../../errors.ts';
import { LIST_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { listFaults } from './list-faults.ts';
import { unknownSystemProblem } from '../../systems/unknown-system-problem.ts';

export function listCommand(args: readonly string[], io: Output): number {
  const { positionals, values } = parseCommandLine(args, { json: { type: 'boolean' }, faults: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, 'wirecheck list --help');
  if (values['help']) {
    io.out(LIST_HELP);
    return 0;
  }
  const system = positionals[0];
  const names = systemNames();
  if (system !== undefined && system !== 'all' && !names.includes(system)) {
    throw new OptionsError([unknownSystemProblem(system, [...names, 'all'])], 'wirecheck list --help');
  }
  if (values['faults']) {
    return listFaults(systemModules().filter((m) => system === undefined || system === 'all' || m.name === system), values['json'] === true, io);
  }
  const checks = allChecks().filter((c) => system === undefined || system === 'all' || c.system === system);
  if (values['json']) {
    io.out(JSON.stringify(checks.map(({ id, system: s, level, title, clause, alsoCovers, basis, allows, needs }) => ({ id, system: s, level, title, clause, alsoCovers, basis, allows, needs })), null, 2));
    return 0;
  }
  for (const c of checks) {
    const needs = c.needs?.length ? `  [needs ${c.needs.join(', ')}]` : '';
    io.out(`${c.id.padEnd(12)} ${c.level.padEnd(6)} ${c.title}  (${c.clause})${needs}`);
  }
  io.out(`\n${checks.length} checks`);
  return 0;
}
