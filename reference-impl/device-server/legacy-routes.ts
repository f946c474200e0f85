// Spec, Removed legacy routes: they answer `unknown command` and the log names them.
// The faults bring individual ones back, so the self-test can show each check failing.
import { unknownCommand, WebDriverError } from './errors.ts';
import type { DeviceServerFaults } from './faults.ts';
import type { RouteContext, RouteDef } from './route-table.ts';
import { sessionListing } from './routes.ts';

/** Removed routes and what to use instead (for the log line of an unknown command). */
export const REMOVED_LEGACY_ROUTES: readonly { pattern: RegExp; instead: string }[] = [
  { pattern: /^\/sessions\/?$/, instead: 'GET vendor/sessions with --allow-insecure=*:session_discovery' },
  { pattern: /^\/session\/[^/]+\/(accept_alert|dismiss_alert|alert_text)\/?$/, instead: 'POST .../alert/accept, .../alert/dismiss, GET .../alert/text' },
  { pattern: /^\/session\/[^/]+\/vendor\/app\/(launch|close|reset)\/?$/, instead: "execute methods 'mobile: launchApp', 'mobile: activateApp', 'mobile: terminateApp'" },
  { pattern: /^\/session\/[^/]+\/touch\//, instead: 'W3C Actions (POST .../actions)' },
];

export function legacyHint(relativePath: string): string | undefined {
  return REMOVED_LEGACY_ROUTES.find((r) => r.pattern.test(relativePath))?.instead;
}

/** The touch routes of the JSON Wire Protocol besides Appium's touch/perform and touch/multi/perform. */
const JSONWP_TOUCH_GESTURES = ['click', 'down', 'up', 'move', 'scroll', 'doubleclick', 'longclick', 'flick'] as const;
const sid = (ctx: RouteContext) => ctx.params['sessionId'] ?? '';
const mobile = (ctx: RouteContext, script: string) => ctx.service.run(sid(ctx), (s) => s.driver.execute(script, [{}]));

export function legacyRoutes(faults: DeviceServerFaults): RouteDef[] {
  const routes: RouteDef[] = [];
  if (faults.has('legacy-sessions-route')) {
    routes.push({ method: 'GET', url: '/sessions', handler: async (ctx) => sessionListing(ctx) });
  }
  if (faults.has('legacy-accept-alert')) {
    routes.push(
      { method: 'POST', url: '/session/:sessionId/accept_alert', handler: async (ctx) => { await ctx.service.run(sid(ctx), (s) => s.driver.acceptAlert()); return null; } },
      { method: 'POST', url: '/session/:sessionId/dismiss_alert', handler: async (ctx) => { await ctx.service.run(sid(ctx), (s) => s.driver.dismissAlert()); return null; } },
      { method: 'GET', url: '/session/:sessionId/alert_text', handler: (ctx) => ctx.service.run(sid(ctx), (s) => s.driver.getAlertText()) },
    );
  }
  if (faults.has('legacy-app-launch')) {
    routes.push(
      { method: 'POST', url: '/session/:sessionId/vendor/app/launch', handler: async (ctx) => { await mobile(ctx, 'mobile: launchApp'); return null; } },
      { method: 'POST', url: '/session/:sessionId/vendor/app/close', handler: async (ctx) => { await mobile(ctx, 'mobile: terminateApp'); return null; } },
      {
        method: 'POST',
        url: '/session/:sessionId/vendor/app/reset',
        handler: async (ctx) => { await mobile(ctx, 'mobile: terminateApp'); await mobile(ctx, 'mobile: launchApp'); return null; },
      },
    );
  }
  if (faults.has('legacy-alert-text-post')) {
    // JSONWP's send-alert-text: the alert is looked at (no alert → no such alert), the text goes nowhere.
    routes.push({ method: 'POST', url: '/session/:sessionId/alert_text', handler: async (ctx) => { await ctx.service.run(sid(ctx), (s) => s.driver.getAlertText()); return null; } });
  }
  if (faults.has('legacy-app-routes-unsupported')) {
    const unsupported = async (ctx: RouteContext) => {
      ctx.service.sessions.get(sid(ctx));
      throw new WebDriverError('unsupported operation', "this route is deprecated: use the execute method 'mobile: launchApp'");
    };
    for (const action of ['launch', 'close', 'reset']) routes.push({ method: 'POST', url: `/session/:sessionId/vendor/app/${action}`, handler: unsupported });
  }
  if (faults.has('legacy-touch-routes-session-checked')) {
    // Still routed: the session is looked up first, then the route claims to be unknown.
    const gone = async (ctx: RouteContext) => {
      ctx.service.sessions.get(sid(ctx));
      throw unknownCommand('POST', `/session/${sid(ctx)}/touch/...`);
    };
    for (const gesture of JSONWP_TOUCH_GESTURES) routes.push({ method: 'POST', url: `/session/:sessionId/touch/${gesture}`, handler: gone });
  }
  if (faults.has('legacy-touch-perform')) {
    const touch = async (ctx: RouteContext) => { ctx.service.sessions.get(sid(ctx)); return null; };
    routes.push(
      { method: 'POST', url: '/session/:sessionId/touch/perform', handler: touch },
      { method: 'POST', url: '/session/:sessionId/touch/multi/perform', handler: touch },
    );
  }
  return routes;
}
