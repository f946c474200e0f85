// The resource-api system: REST APIs whose mutations answer 204 No Content
// (../shared/specs/resource-api-204.md).
import type { ResourceApiTarget } from '../../resource-api/resource-api-target.ts';
import { preflightResourceApi } from '../../resource-api/resource-api-preflight.ts';
import { defineSystem } from '../system-module.ts';
import { resourceApiChecks } from './checks.ts';
import { resourceApiClauses } from './clauses.ts';
import { resourceApiFaults } from './faults.ts';
import { resourceApiContainers } from './resource-api-containers.ts';
import { RESOURCE_API_OPTION_ROWS, resolveResourceApiOptions, type ResourceApiOptions } from './resource-api-options.ts';
import { RESOURCE_API_REFERENCE, startResourceApiExternal, startResourceApiReference } from './resource-api-reference.ts';
import { resourceApiSuites } from './suites.ts';

export const resourceApiSystem = defineSystem<ResourceApiOptions>({
  name: 'resource-api',
  prefix: 'RA',
  description: '204-style REST APIs',
  specFile: 'resource-api-204.md',
  checks: resourceApiChecks,
  clauses: resourceApiClauses,
  suites: resourceApiSuites,
  options: RESOURCE_API_OPTION_ROWS,
  ownPath: { pattern: /\/v1\/?$/, what: 'the API version prefix', added: 'v1/...' },
  resolve: resolveResourceApiOptions,
  faults: resourceApiFaults,
  reference: RESOURCE_API_REFERENCE,
  startReference: startResourceApiReference,
  startExternal: startResourceApiExternal,
  containers: { plan: resourceApiContainers, usesPostgres: true },
  preflight: (target, inputs) => preflightResourceApi(target as ResourceApiTarget, inputs.transcript),
  // The options' tokens, and those a started reference made for its users.
  secrets: (own, target) => {
    const api = target as ResourceApiTarget | undefined;
    return [own.token, own.otherToken, api?.token, api?.otherToken].filter((s): s is string => Boolean(s));
  },
  fingerprint: (target) => {
    const api = target as ResourceApiTarget;
    return { method: 'GET', url: new URL(`v1/users/${encodeURIComponent(api.userId)}/preferences`, api.baseUrl).toString(), headers: { authorization: `Bearer ${api.token}` } };
  },
});
