// Preloaded into the server under test (NODE_OPTIONS=--import, see runtime-version.ts):
// the runtime reports the version in WIRECHECK_REPORTED_NODE_VERSION, as process.version
// and process.versions.node, before the server's own code reads either.
const version = process.env.WIRECHECK_REPORTED_NODE_VERSION;
if (version) {
  Object.defineProperty(process, 'version', { value: `v${version}` });
  Object.defineProperty(process, 'versions', { value: Object.freeze({ ...process.versions, node: version }) });
}
