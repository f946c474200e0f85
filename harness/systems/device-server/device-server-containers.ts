// The device server's service of docker/compose.yaml for `--target docker`: one
// container with session discovery on and the sample app copied in. Its CLI runs on
// the host, not in the container: the CLI checks are the reference target's (`needs
// server command` here), the HTTP checks run as usual.
import type { DeviceServerTarget } from '../../device-server/device-server-target.ts';
import type { ContainerPlan } from '../system-module.ts';
import { REFERENCE_APP, REFERENCE_SESSION_TARGET } from './device-server-reference.ts';

/** Where the device-server container finds the app its sessions install (copied in at start). */
export const CONTAINER_APP_PATH = '/opt/wirecheck/apps/sample-app.json';
export const DEVICE_SERVER_COMMAND = ['device-server', '--port', '4723', '--', '--address', '0.0.0.0', '--allow-insecure=*:session_discovery'] as const;

export function deviceServerContainers(): ContainerPlan {
  return {
    specs: [{
      name: 'device-server', command: DEVICE_SERVER_COMMAND, port: 4723, serves: true,
      env: { PORT: '4723' },
      files: [{ source: REFERENCE_APP, target: CONTAINER_APP_PATH }],
    }],
    target: (urls): DeviceServerTarget => ({
      system: 'device-server', kind: 'reference', baseUrl: urls[0] ?? '', capabilities: ['session-discovery'],
      ...REFERENCE_SESSION_TARGET, app: CONTAINER_APP_PATH, commandEnv: {},
    }),
  };
}
