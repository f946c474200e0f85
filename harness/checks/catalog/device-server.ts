import type { CheckDefinition } from '../check-definition.ts';

// The device-server checks: declared here, implemented in suites/device-server/.
export const deviceServerChecks: readonly CheckDefinition[] = [];
