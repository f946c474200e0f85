// What one mutation run covers: a system's reference code (or the code its references
// share) and the suites that certify it. `npm run mutation -- <name>` runs one; each
// has its own incremental file and report, so a change re-tests only its own system.
// Plain JS: Stryker's config (stryker.config.mjs) reads it before any TypeScript loads.

/** Tests and test helpers of the references are not the references. */
const NOT_REFERENCE = ['!reference-impl/**/*.test.ts', '!reference-impl/**/testing/**'];

export const MUTATION_SYSTEMS = {
  webhook: {
    mutate: [
      'reference-impl/webhook/**/*.ts',
      // The fault catalog: names only, inert unless CONFORMANCE_FAULTS_ENABLED=1.
      '!reference-impl/webhook/faults.ts',
      // Process entry points: the run starts the same composition (receiver.ts) in the
      // worker; the worker as its own process is not part of a conformance run.
      '!reference-impl/webhook/server.ts',
      '!reference-impl/webhook/worker-main.ts',
    ],
    suites: ['webhook'],
  },
  'resource-api': {
    mutate: [
      'reference-impl/resource-api/**/*.ts',
      '!reference-impl/resource-api/faults.ts',
      // The entry point: the run starts the same composition (serve.ts) in the worker.
      '!reference-impl/resource-api/server.ts',
    ],
    suites: ['resource-api'],
  },
  'device-server': {
    mutate: ['reference-impl/device-server/**/*.ts', '!reference-impl/device-server/faults.ts'],
    suites: ['device-server'],
  },
  shared: {
    // The switch reader in shared/faults.ts is the self-test's; the stores are exercised
    // through the webhook and resource API suites.
    mutate: [
      'reference-impl/shared/**/*.ts', '!reference-impl/shared/faults.ts', 'reference-impl/store/**/*.ts',
      // How a reference process starts and exits: the run starts the references in-process
      // instead (as it does for the entry points excluded above).
      '!reference-impl/shared/process-entry.ts',
    ],
    suites: ['webhook', 'resource-api'],
    // Both store adapters under test: the webhook on PostgreSQL (its race check needs two
    // instances on one database), the resource API on the embedded PGlite adapter.
    embeddedStore: ['resource-api'],
  },
};

export function mutationSystem(env = process.env) {
  const name = env.WIRECHECK_MUTATION_SYSTEM ?? '';
  const system = MUTATION_SYSTEMS[name];
  if (!system) throw new Error(`WIRECHECK_MUTATION_SYSTEM must be one of ${Object.keys(MUTATION_SYSTEMS).join(', ')} (got "${name}"): run npm run mutation -- <system>`);
  return { name, ...system, mutate: [...system.mutate, ...NOT_REFERENCE] };
}
