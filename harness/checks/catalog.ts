// Every check of every system, validated at load: ids well-formed, unique and of
// the right system, clauses taken from the system's clause list.
import { CHECK_ID, SYSTEM_PREFIX, SYSTEMS, type CheckDefinition, type SystemCheck, type SystemName } from './check-definition.ts';
import { webhookChecks } from './catalog/webhook.ts';
import { resourceApiChecks } from './catalog/resource-api.ts';
import { deviceServerChecks } from './catalog/device-server.ts';
import { clausesOf } from './clauses.ts';

const declared: Readonly<Record<SystemName, readonly CheckDefinition[]>> = {
  webhook: webhookChecks,
  'resource-api': resourceApiChecks,
  'device-server': deviceServerChecks,
};

function build(): readonly SystemCheck[] {
  const seen = new Set<string>();
  const all: SystemCheck[] = [];
  for (const system of SYSTEMS) {
    const clauses = new Set(clausesOf(system).map((c) => c.clause));
    for (const def of declared[system]) {
      const match = CHECK_ID.exec(def.id);
      if (!match || match[1] !== SYSTEM_PREFIX[system]) throw new Error(`check id ${def.id} is not of the form ${SYSTEM_PREFIX[system]}-AREA-NN`);
      if (seen.has(def.id)) throw new Error(`check id ${def.id} is declared twice`);
      if (!clauses.has(def.clause)) throw new Error(`check ${def.id} cites clause "${def.clause}", which is not in the ${system} clause list`);
      seen.add(def.id);
      all.push(Object.freeze({ ...def, system, area: match[2] ?? '' }));
    }
  }
  return Object.freeze(all);
}

export const ALL_CHECKS: readonly SystemCheck[] = build();

const byId = new Map(ALL_CHECKS.map((c) => [c.id, c]));

export function findCheck(id: string): SystemCheck | undefined {
  return byId.get(id);
}

export function checksOf(system: SystemName): readonly SystemCheck[] {
  return ALL_CHECKS.filter((c) => c.system === system);
}
