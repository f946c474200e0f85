// The runtime version a server started through the server command sees. No other
// Node.js can be installed here, so the version is presented instead: a module
// preloaded through NODE_OPTIONS (report-node-version.mjs) sets process.version and
// process.versions.node, which is where a Node.js server reads its runtime's version,
// and marks in a file whether it was loaded and whether either was read.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { projectPath } from '../project-paths.ts';

const PRELOAD = pathToFileURL(projectPath('harness/device-server/report-node-version.mjs')).href;

/** Environment additions that make the server see `version`, keeping preloads already in `base`; marks go to `markFile`. */
export function reportedNodeVersionEnv(base: Readonly<Record<string, string>>, version: string, markFile: string): Record<string, string> {
  return {
    NODE_OPTIONS: [base['NODE_OPTIONS'], `--import=${PRELOAD}`].filter(Boolean).join(' '),
    WIRECHECK_REPORTED_NODE_VERSION: version,
    WIRECHECK_REPORTED_NODE_VERSION_MARK: markFile,
  };
}

/** What the preload left in `markFile`: whether any process loaded it, and whether any read the version it presents. */
export function versionMarks(markFile: string): { loaded: boolean; read: boolean } {
  const text = existsSync(markFile) ? readFileSync(markFile, 'utf8') : '';
  return { loaded: /^loaded /m.test(text), read: /^read /m.test(text) };
}
