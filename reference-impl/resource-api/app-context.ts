// What every route module receives from buildApp.
import type { ResourceFault, ResourceFaults } from './faults.ts';
import type { StoreGateway } from './store-gateway.ts';
import type { TokenTable } from './token-table.ts';

export interface AppContext {
  readonly db: StoreGateway;
  readonly tokens: TokenTable;
  readonly faults: ResourceFaults;
  /** Delay of the deferred commit under the fault ack-before-commit. */
  readonly ackDelayMs: number;
  /** How long after its 204 was sent the fault commit-after-204 commits. */
  readonly lateCommitMs: number;
  has(fault: ResourceFault): boolean;
}
