// The Koa application, apart from listening: error bodies outermost, then CORS (whose
// preflight answers before authentication), the probe routes when enabled, and the
// API under /v1 — no-store and authentication first, then the routes.
import Koa from 'koa';
import type { Middleware } from 'koa';
import { authenticate, type AuthState } from './http/auth.ts';
import { noStore } from './http/cache.ts';
import { cors } from './http/cors.ts';
import { errorBodies } from './http/errors.ts';
import { labelRoutes } from './routes/labels.ts';
import { preferencesRoutes } from './routes/preferences.ts';
import { probeRoutes } from './routes/probe.ts';
import type { CommitSwitch } from './store/commit-switch.ts';
import type { EffectStore } from './store/effects.ts';
import type { LabelStore } from './store/labels.ts';
import type { PreferencesStore } from './store/preferences.ts';

export interface AppOptions {
  readonly tokenDigests: ReadonlyMap<string, string>;
  readonly probe: boolean;
}

export interface Stores {
  readonly preferences: PreferencesStore;
  readonly labels: LabelStore;
  readonly effects: EffectStore;
  readonly commitSwitch: CommitSwitch;
}

/** Runs `middleware` for paths under `prefix`, skips it for every other path. */
function under(prefix: string, ...middleware: Middleware<AuthState>[]): Middleware<AuthState> {
  return async (ctx, next) => {
    if (ctx.path !== prefix && !ctx.path.startsWith(`${prefix}/`)) return next();
    const run = async (i: number): Promise<void> => {
      const current = middleware[i];
      if (current === undefined) return next();
      await current(ctx, () => run(i + 1));
    };
    await run(0);
  };
}

export function buildApp(options: AppOptions, stores: Stores): Koa<AuthState> {
  const app = new Koa<AuthState>();
  app.use(errorBodies());
  app.use(cors());
  if (options.probe) {
    const probe = probeRoutes(stores.effects, stores.commitSwitch);
    app.use(probe.routes());
    app.use(probe.allowedMethods());
  }
  app.use(under('/v1', noStore(), authenticate(options.tokenDigests)));
  for (const router of [preferencesRoutes(stores.preferences), labelRoutes(stores.labels)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
