// Which checks a run executes: those of its systems, narrowed by --only.
import type { SystemCheck } from '../checks/check-definition.ts';
import { checksOf } from '../systems/catalog.ts';
import { matchesAny } from '../checks/id-pattern.ts';
import type { RunConfig } from './run-config.ts';

export function selectChecks(config: RunConfig): SystemCheck[] {
  const all = config.systems.flatMap((system) => checksOf(system));
  return config.only ? all.filter((c) => matchesAny(c.id, config.only?.patterns ?? [])) : all;
}
