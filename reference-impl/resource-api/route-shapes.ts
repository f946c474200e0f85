// The paths this service answers and their methods, for 405 + Allow (Fastify itself
// answers 404 for a known path with an unknown method) and for CORS preflights.

export interface RouteShape {
  readonly pattern: RegExp;
  readonly methods: readonly string[];
}

const SEGMENT = '[^/]+';

export const V1_SHAPES: readonly RouteShape[] = [
  { pattern: new RegExp(`^/v1/users/${SEGMENT}/preferences$`), methods: ['GET', 'HEAD', 'PATCH', 'OPTIONS'] },
  { pattern: /^\/v1\/labels$/, methods: ['POST', 'OPTIONS'] },
  { pattern: new RegExp(`^/v1/labels/${SEGMENT}$`), methods: ['GET', 'HEAD', 'DELETE', 'OPTIONS'] },
];

const HEALTH_SHAPE: RouteShape = { pattern: /^\/healthz$/, methods: ['GET', 'HEAD'] };

const PROBE_SHAPES: readonly RouteShape[] = [
  { pattern: /^\/__probe\/effects$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/__probe\/fail-next-commit$/, methods: ['POST'] },
];

export function routeShapes(probe: boolean): readonly RouteShape[] {
  return [...V1_SHAPES, HEALTH_SHAPE, ...(probe ? PROBE_SHAPES : [])];
}

/** The methods of the path of url, or undefined when no route has that path. */
export function allowedMethods(shapes: readonly RouteShape[], url: string): readonly string[] | undefined {
  const path = url.split('?', 1)[0] ?? '';
  return shapes.find((shape) => shape.pattern.test(path))?.methods;
}
