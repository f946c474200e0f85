// The Hono application, apart from serving: compression (Hono's own, for a client that
// asks), CORS (its preflight answers before authentication), the probe routes when
// enabled, then the API under /v1 — Cache-Control and authentication first, then the routes.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { authenticate } from './http/auth.ts';
import { privateAnswers } from './http/cache.ts';
import { browserAccess } from './http/cors.ts';
import type { ApiEnv } from './http/env.ts';
import { onError } from './http/errors.ts';
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

export function buildApp(options: AppOptions, stores: Stores): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.onError(onError);
  app.use('*', compress());
  app.use('*', browserAccess);
  if (options.probe) app.route('/', probeRoutes(stores.effects, stores.commitSwitch));
  app.use('/v1/*', privateAnswers);
  app.use('/v1/*', authenticate(options.tokenDigests));
  app.route('/', preferencesRoutes(stores.preferences));
  app.route('/', labelRoutes(stores.labels));
  return app;
}
