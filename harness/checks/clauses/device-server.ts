import type { Clause } from '../clauses.ts';

// Rules of ../shared/specs/ for the device-server system.
export const deviceServerClauses: readonly Clause[] = [];
