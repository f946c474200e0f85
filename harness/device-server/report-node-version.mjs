// Preloaded into the server under test (NODE_OPTIONS=--import, see runtime-version.ts):
// the runtime reports the version in WIRECHECK_REPORTED_NODE_VERSION, as process.version
// and process.versions.node, before the server's own code reads either. It leaves marks
// in WIRECHECK_REPORTED_NODE_VERSION_MARK — "loaded <pid>" once it runs, "read <pid>" the
// first time either is read — so a check can tell a server that never read the version
// it was shown (and so was not tested) from one that read it and went on.
import { appendFileSync } from 'node:fs';

const version = process.env.WIRECHECK_REPORTED_NODE_VERSION;
const markFile = process.env.WIRECHECK_REPORTED_NODE_VERSION_MARK;

function mark(what) {
  if (!markFile) return;
  try {
    appendFileSync(markFile, `${what} ${process.pid}\n`);
  } catch {
    // A mark that cannot be written must not change what the server does.
  }
}

if (version) {
  mark('loaded');
  let read = false;
  const reported = (value) => {
    if (!read) {
      read = true;
      mark('read');
    }
    return value;
  };
  const versions = { ...process.versions };
  Object.defineProperty(versions, 'node', { get: () => reported(version), enumerable: true });
  Object.defineProperty(process, 'version', { get: () => reported(`v${version}`), configurable: true, enumerable: true });
  Object.defineProperty(process, 'versions', { value: Object.freeze(versions), configurable: true, enumerable: true });
}
