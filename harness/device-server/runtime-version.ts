// The runtime version a server started through the server command sees. No other
// Node.js can be installed here, so the version is presented instead: a module
// preloaded through NODE_OPTIONS (report-node-version.mjs) sets process.version and
// process.versions.node, which is where a Node.js server reads its runtime's version.
import { pathToFileURL } from 'node:url';
import { projectPath } from '../project-paths.ts';

const PRELOAD = pathToFileURL(projectPath('harness/device-server/report-node-version.mjs')).href;

/** Environment additions that make the server see `version`, keeping preloads already in `base`. */
export function reportedNodeVersionEnv(base: Readonly<Record<string, string>>, version: string): Record<string, string> {
  return {
    NODE_OPTIONS: [base['NODE_OPTIONS'], `--import=${PRELOAD}`].filter(Boolean).join(' '),
    WIRECHECK_REPORTED_NODE_VERSION: version,
  };
}
