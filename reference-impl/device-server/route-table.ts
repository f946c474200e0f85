// Route definitions independent of Fastify: the app registers them under the base path,
// and the not-found handler uses the same table to tell `unknown method` (known path,
// other method) from `unknown command`.
import type { SessionService } from './session-service.ts';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface RouteContext {
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly service: SessionService;
}

export interface RouteDef {
  readonly method: HttpMethod;
  /** Relative to the base path, Fastify syntax: `/session/:sessionId/alert/accept`. */
  readonly url: string;
  readonly handler: (ctx: RouteContext) => Promise<unknown>;
}

function toRegExp(url: string): RegExp {
  const escaped = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const pattern = escaped.join('/');
  return new RegExp(`^${pattern}/?$`);
}

/** Methods the table serves for a concrete path (relative to the base path). */
export function methodsFor(routes: readonly RouteDef[], path: string): HttpMethod[] {
  return routes.filter((r) => toRegExp(r.url).test(path)).map((r) => r.method);
}
