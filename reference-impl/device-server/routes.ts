// The W3C routes this server offers (paths relative to the base path), plus
// `GET vendor/sessions` while `*:session_discovery` is enabled.
import { validateActions } from './actions.ts';
import { isPlainObject } from './capabilities.ts';
import { invalidArgument } from './errors.ts';
import type { RouteContext, RouteDef } from './route-table.ts';

export interface RouteOptions {
  readonly version: string;
  readonly sessionDiscovery: boolean;
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

export function w3cRoutes(options: RouteOptions): RouteDef[] {
  const routes: RouteDef[] = [
    {
      method: 'GET',
      url: '/status',
      handler: async () => ({ ready: true, message: 'The server is ready to accept new connections', build: { version: options.version } }),
    },
    {
      method: 'POST',
      url: '/session',
      handler: async (ctx) => {
        const { sessionId, capabilities } = await ctx.service.create(ctx.body);
        return { capabilities, sessionId };
      },
    },
    { method: 'DELETE', url: '/session/:sessionId', handler: async (ctx) => { await ctx.service.delete(sid(ctx)); return null; } },
    { method: 'GET', url: '/session/:sessionId/alert/text', handler: (ctx) => ctx.service.run(sid(ctx), (s) => s.driver.getAlertText()) },
    {
      method: 'POST',
      url: '/session/:sessionId/alert/accept',
      handler: async (ctx) => { await ctx.service.run(sid(ctx), (s) => s.driver.acceptAlert()); return null; },
    },
    {
      method: 'POST',
      url: '/session/:sessionId/alert/dismiss',
      handler: async (ctx) => { await ctx.service.run(sid(ctx), (s) => s.driver.dismissAlert()); return null; },
    },
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
    { method: 'POST', url: '/session/:sessionId/execute/sync', handler: execute },
    { method: 'POST', url: '/session/:sessionId/execute/async', handler: execute },
  ];
  if (options.sessionDiscovery) {
    routes.push({ method: 'GET', url: '/vendor/sessions', handler: async (ctx) => sessionListing(ctx) });
  }
  return routes;
}
