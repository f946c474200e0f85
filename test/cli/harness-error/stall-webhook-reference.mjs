// Preloaded (NODE_OPTIONS=--import, which the harness hands on to the reference processes
// it starts) into every Node process of a wirecheck run: the bundled webhook reference
// stays alive and never listens, as a reference on a machine too busy to start it within
// the harness's limit does; every other process (the CLI, its vitest forks) is left alone.
import { setInterval } from 'node:timers';

if (process.argv[1]?.endsWith('reference-impl/webhook/server.ts')) {
  setInterval(() => undefined, 60_000);
  await new Promise(() => undefined);
}
