import type { Clause } from '../clauses.ts';

// Rules of ../shared/specs/ for the resource-api system.
export const resourceApiClauses: readonly Clause[] = [];
