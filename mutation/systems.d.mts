// Types of systems.mjs, for the TypeScript that reads it (vitest.config.ts, run.ts).
export interface MutationSystem {
  readonly name: string;
  readonly mutate: readonly string[];
  readonly suites: readonly string[];
  /** Suites whose reference runs on the embedded PGlite store even when DATABASE_URL is set. */
  readonly embeddedStore?: readonly string[];
}
export declare const MUTATION_SYSTEMS: Readonly<Record<string, Omit<MutationSystem, 'name'>>>;
export declare function mutationSystem(env?: NodeJS.ProcessEnv): MutationSystem;
