// The catalog of some systems' checks, validated when it is built: ids well-formed,
// unique and of the right system, clauses (cited and also covered) taken from the
// system's clause list.
import { CHECK_ID, type CheckDefinition, type SystemCheck, type SystemName } from './check-definition.ts';
import type { Clause } from './clause.ts';

/** What the catalog needs of a system (a SystemModule has it all). */
export interface CatalogSource {
  readonly name: SystemName;
  readonly prefix: string;
  readonly checks: readonly CheckDefinition[];
  readonly clauses: readonly Clause[];
}

export function buildCatalog(systems: readonly CatalogSource[]): readonly SystemCheck[] {
  const seen = new Set<string>();
  const all: SystemCheck[] = [];
  for (const system of systems) {
    const clauses = new Set(system.clauses.map((c) => c.clause));
    for (const def of system.checks) {
      const match = CHECK_ID.exec(def.id);
      if (!match || match[1] !== system.prefix) throw new Error(`check id ${def.id} is not of the form ${system.prefix}-AREA-NN`);
      if (seen.has(def.id)) throw new Error(`check id ${def.id} is declared twice`);
      if (!clauses.has(def.clause)) throw new Error(`check ${def.id} cites clause "${def.clause}", which is not in the ${system.name} clause list`);
      for (const also of def.alsoCovers ?? []) {
        if (!clauses.has(also)) throw new Error(`check ${def.id} also covers clause "${also}", which is not in the ${system.name} clause list`);
        if (also === def.clause) throw new Error(`check ${def.id} names its own clause "${also}" in alsoCovers`);
      }
      seen.add(def.id);
      all.push(Object.freeze({ ...def, system: system.name, area: match[2] ?? '' }));
    }
  }
  return Object.freeze(all);
}
