import type { CheckDefinition } from '../check-definition.ts';

// The resource-api checks: declared here, implemented in suites/resource-api/.
export const resourceApiChecks: readonly CheckDefinition[] = [];
