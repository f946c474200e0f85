// The registered systems, in the order every list, help text and report shows them.
// Adding a system: a folder beside these with its SystemModule, and one line here.
import type { AnySystemModule } from './system-module.ts';
import { webhookSystem } from './webhook/webhook-system.ts';
import { webhookSenderSystem } from './webhook-sender/webhook-sender-system.ts';
import { resourceApiSystem } from './resource-api/resource-api-system.ts';
import { deviceServerSystem } from './device-server/device-server-system.ts';

const modules: AnySystemModule[] = [
  webhookSystem,
  webhookSenderSystem,
  resourceApiSystem,
  deviceServerSystem,
];

let version = 0;

/**
 * Adds a system at run time, after the built-in ones: for a test's in-test system, or a
 * program embedding wirecheck. Its name and id prefix must be new.
 */
export function registerSystem(module: AnySystemModule): void {
  if (modules.some((m) => m.name === module.name || m.prefix === module.prefix)) {
    throw new Error(`a system named "${module.name}" or with the id prefix ${module.prefix} is already registered`);
  }
  modules.push(module);
  version += 1;
}

export function systemModules(): readonly AnySystemModule[] {
  return modules;
}

/** Changes whenever the registry does: what is derived from it (the catalog) is rebuilt then. */
export function registryVersion(): number {
  return version;
}

export function systemNames(): string[] {
  return modules.map((m) => m.name);
}

export function systemModule(name: string): AnySystemModule | undefined {
  return modules.find((m) => m.name === name);
}

/** The module of a name already validated (a SystemCheck's, a target's). */
export function moduleOf(name: string): AnySystemModule {
  const module = systemModule(name);
  if (!module) throw new Error(`no system "${name}" is registered`);
  return module;
}
