// The resource API's service of docker/compose.yaml for `--target docker`: one
// container on the stack's PostgreSQL with this run's two users' tokens, the probe on.
import type { ResourceApiTarget } from '../../resource-api/resource-api-target.ts';
import type { ContainerPlan, StackInputs } from '../system-module.ts';
import type { ResourceApiOptions } from './resource-api-options.ts';
import { apiTokens, usersOf } from './run-users.ts';

export function resourceApiContainers(own: ResourceApiOptions, stack: StackInputs): ContainerPlan {
  const users = usersOf(own);
  return {
    specs: [{
      name: 'resource-api', command: ['resource-api'], port: 3001, serves: true,
      env: {
        DATABASE_URL: stack.databaseUrl, DATABASE_SCHEMA: 'resource_api', PORT: '3001',
        API_TOKENS: apiTokens(users), LOG_LEVEL: 'info', CONFORMANCE_PROBE: '1',
      },
    }],
    target: (urls): ResourceApiTarget => ({ system: 'resource-api', kind: 'reference', baseUrl: urls[0] ?? '', capabilities: ['probe'], ...users }),
  };
}
