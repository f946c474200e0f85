// The W3C routes this server offers (paths relative to the base path), plus
// `GET vendor/sessions` while `*:session_discovery` is enabled.
import { validateActions } from './actions.ts';
import { isPlainObject } from './capabilities.ts';
import { invalidArgument } from './errors.ts';
import type { DeviceServerFaults } from './faults.ts';
import type { RouteContext, RouteDef } from './route-table.ts';
import type { ActiveSession } from './session-registry.ts';

export interface RouteOptions {
  readonly version: string;
  readonly sessionDiscovery: boolean;
  readonly faults: DeviceServerFaults;
}

const sid = (ctx: RouteContext) => ctx.params['sessionId'] ?? '';

async function execute(ctx: RouteContext): Promise<unknown> {
  const body = ctx.body;
  if (!isPlainObject(body) || typeof body['script'] !== 'string') throw invalidArgument('the body must be {"script": string, "args": array}');
  if (!Array.isArray(body['args'])) throw invalidArgument('"args" must be an array, e.g. [{"appId": "..."}]');
  const { script, args } = body as { script: string; args: unknown[] };
  return ctx.service.run(sid(ctx), (s) => s.driver.execute(script, args));
}

export function sessionListing(ctx: RouteContext): { id: string; created: number; capabilities: Record<string, unknown> }[] {
  return ctx.service.sessions.list().map((s) => ({ id: s.id, created: s.created, capabilities: s.capabilities }));
}

/** W3C Actions: what replaces the removed touch routes. */
function actionRoutes(): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/session/:sessionId/actions',
      handler: async (ctx) => {
        ctx.service.sessions.get(sid(ctx));
        const actions = validateActions(ctx.body);
        await ctx.service.run(sid(ctx), (s) => s.driver.performActions(actions));
        return null;
      },
    },
    {
      method: 'DELETE',
      url: '/session/:sessionId/actions',
      handler: async (ctx) => { await ctx.service.run(sid(ctx), (s) => s.driver.releaseActions()); return null; },
    },
  ];
}

export function w3cRoutes(options: RouteOptions): RouteDef[] {
  const routes: RouteDef[] = [
    {
      method: 'GET',
      url: '/status',
      handler: async () => ({
        // Fault status-never-ready: false although a new session would be created.
        ready: options.faults.has('status-ready-string') ? 'true' : !options.faults.has('status-never-ready'),
        message: 'The server is ready to accept new connections',
        build: { version: options.version },
      }),
    },
    {
      method: 'POST',
      url: '/session',
      handler: async (ctx) => {
        const { sessionId, capabilities } = await ctx.service.create(ctx.body);
        return options.faults.has('session-id-missing') ? { capabilities } : { capabilities, sessionId };
      },
    },
    { method: 'DELETE', url: '/session/:sessionId', handler: async (ctx) => { await ctx.service.delete(sid(ctx)); return null; } },
    { method: 'GET', url: '/session/:sessionId/alert/text', handler: (ctx) => ctx.service.run(sid(ctx), (s) => s.driver.getAlertText()) },
    {
      method: 'POST',
      url: '/session/:sessionId/alert/accept',
      handler: async (ctx) => {
        // Fault alert-accept-ignored: the alert is looked at (no alert → 404 as usual) but left open.
        const accept = options.faults.has('alert-accept-ignored')
          ? async (s: ActiveSession) => void (await s.driver.getAlertText())
          : (s: ActiveSession) => s.driver.acceptAlert();
        await ctx.service.run(sid(ctx), accept);
        return null;
      },
    },
    {
      method: 'POST',
      url: '/session/:sessionId/alert/dismiss',
      handler: async (ctx) => { await ctx.service.run(sid(ctx), (s) => s.driver.dismissAlert()); return null; },
    },
    { method: 'POST', url: '/session/:sessionId/execute/sync', handler: execute },
    { method: 'POST', url: '/session/:sessionId/execute/async', handler: execute },
  ];
  if (!options.faults.has('w3c-actions-unsupported')) routes.push(...actionRoutes());
  if (options.sessionDiscovery) {
    routes.push({ method: 'GET', url: '/vendor/sessions', handler: async (ctx) => sessionListing(ctx) });
  }
  // Fault delete-route-missing: no W3C deletion route (the spec shows none); sessions end by idle expiry only.
  return options.faults.has('delete-route-missing') ? routes.filter((r) => !(r.method === 'DELETE' && r.url === '/session/:sessionId')) : routes;
}
