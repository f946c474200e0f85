// Every check and clause of the registered systems, built and validated once (again
// only when the registry changes).
import { buildCatalog } from '../checks/build-catalog.ts';
import type { SystemCheck, SystemName } from '../checks/check-definition.ts';
import type { Clause } from '../checks/clause.ts';
import { moduleOf, registryVersion, systemModules } from './registry.ts';

let built: { version: number; checks: readonly SystemCheck[]; byId: Map<string, SystemCheck> } | undefined;

function catalog() {
  if (built?.version !== registryVersion()) {
    const checks = buildCatalog(systemModules());
    built = { version: registryVersion(), checks, byId: new Map(checks.map((c) => [c.id, c])) };
  }
  return built;
}

export function allChecks(): readonly SystemCheck[] {
  return catalog().checks;
}

export function findCheck(id: string): SystemCheck | undefined {
  return catalog().byId.get(id);
}

export function checksOf(system: SystemName): readonly SystemCheck[] {
  return allChecks().filter((c) => c.system === system);
}

export function clausesOf(system: SystemName): readonly Clause[] {
  return moduleOf(system).clauses;
}

/**
 * The files of a system's suite index that implement any of these checks (a run forks
 * only those; a check no file implements is still judged, as missing, from the catalog).
 */
export function suiteFilesOf(system: SystemName, ids: readonly string[]): string[] {
  const wanted = new Set(ids);
  return Object.entries(moduleOf(system).suites).filter(([, implemented]) => implemented.some((id) => wanted.has(id))).map(([file]) => file);
}
