// Where each bundled reference's program is, and how it is told its port. The
// harness runs these as processes — it never imports reference-impl/.
import type { SystemName } from '../checks/check-definition.ts';
import { projectPath } from '../project-paths.ts';

export interface ReferenceEntry {
  readonly entry: string;
  /** The port goes in this environment variable... */
  readonly portEnv?: string;
  /** ...or after this option. */
  readonly portOption?: string;
  readonly defaultPort: number;
}

export const REFERENCE_ENTRIES: Readonly<Record<SystemName, ReferenceEntry>> = {
  webhook: { entry: projectPath('reference-impl/webhook/server.ts'), portEnv: 'PORT', defaultPort: 3000 },
  'resource-api': { entry: projectPath('reference-impl/resource-api/server.ts'), portEnv: 'PORT', defaultPort: 3001 },
  'device-server': { entry: projectPath('reference-impl/device-server/cli.ts'), portOption: '--port', defaultPort: 4723 },
};
