// What a device-server check works with: its target, a W3C client recording into the
// check's transcript, and a keeper that deletes the check's sessions when it ends.
import type { CheckContext } from '../checks/check.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
import { SessionKeeper } from './session-keeper.ts';
import { W3cClient } from './w3c-client.ts';

export interface DeviceServerContext {
  readonly ctx: CheckContext;
  readonly target: DeviceServerTarget;
  readonly client: W3cClient;
  readonly sessions: SessionKeeper;
  /** A client of another server (an instance the harness started), same transcript. */
  clientOf(baseUrl: string): W3cClient;
}

export function deviceServerTarget(ctx: CheckContext): DeviceServerTarget {
  if (ctx.target.system !== 'device-server') throw new Error(`${ctx.check.id} is not a device-server check`);
  return ctx.target as DeviceServerTarget;
}

/** Runs `body` with the check's device-server context; its sessions are deleted afterwards. */
export async function withDeviceServer(ctx: CheckContext, body: (ds: DeviceServerContext) => Promise<void>): Promise<void> {
  const target = deviceServerTarget(ctx);
  const client = new W3cClient(target.baseUrl, ctx.transcript, target.vendor);
  const sessions = new SessionKeeper(client);
  const clientOf = (baseUrl: string) => new W3cClient(baseUrl, ctx.transcript, target.vendor);
  try {
    await body({ ctx, target, client, sessions, clientOf });
  } finally {
    await sessions.closeAll();
  }
}
