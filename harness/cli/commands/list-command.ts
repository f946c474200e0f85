// `wirecheck list [<system>] [--json]`: the catalog, no target needed.
import { ALL_CHECKS } from '../../checks/catalog.ts';
import { SYSTEMS } from '../../checks/check-definition.ts';
import { OptionsError } from '../../errors.ts';
import { LIST_HELP } from '../help.ts';
import type { Output } from '../../report/output.ts';
import { parseCommandLine } from '../parse-command-line.ts';

export function listCommand(args: readonly string[], io: Output): number {
  const { positionals, values } = parseCommandLine(args, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, 'wirecheck list --help');
  if (values['help']) {
    io.out(LIST_HELP);
    return 0;
  }
  const system = positionals[0];
  if (system !== undefined && system !== 'all' && !(SYSTEMS as readonly string[]).includes(system)) {
    throw new OptionsError([`unknown system "${system}": use one of ${[...SYSTEMS, 'all'].join(', ')}`], 'wirecheck list --help');
  }
  const checks = ALL_CHECKS.filter((c) => system === undefined || system === 'all' || c.system === system);
  if (values['json']) {
    io.out(JSON.stringify(checks.map(({ id, system: s, level, title, clause, basis, allows, needs }) => ({ id, system: s, level, title, clause, basis, allows, needs })), null, 2));
    return 0;
  }
  for (const c of checks) {
    const needs = c.needs?.length ? `  [needs ${c.needs.join(', ')}]` : '';
    io.out(`${c.id.padEnd(12)} ${c.level.padEnd(6)} ${c.title}  (${c.clause})${needs}`);
  }
  io.out(`\n${checks.length} checks`);
  return 0;
}
