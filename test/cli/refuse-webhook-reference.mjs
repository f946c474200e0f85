// Preloaded (NODE_OPTIONS=--import, which the harness hands on to the reference processes
// it starts) into every Node process of a wirecheck run: the bundled webhook reference
// writes one line and exits 3 before it listens, as a reference that cannot start does;
// every other process (the CLI, its vitest forks) is left alone.
if (process.argv[1]?.endsWith('reference-impl/webhook/server.ts')) {
  console.error('refuse-webhook-reference.mjs: this reference will not start');
  process.exit(3);
}
