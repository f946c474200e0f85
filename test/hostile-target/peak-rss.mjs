// Preloaded (NODE_OPTIONS=--import) into every Node process of a wirecheck run — the CLI,
// the vitest forks that run its checks, the Pact verifier — so the hostile-target suite
// can read each process's peak resident memory afterwards. resourceUsage().maxRSS is the
// kernel's high-water mark, so no spike between two readings is missed; it is written
// every 100 ms as well as at exit, because a fork may be killed without an exit event.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setInterval } from 'node:timers';

const dir = process.env.WIRECHECK_PEAK_RSS_DIR;
if (dir) {
  const file = join(dir, `${process.pid}.json`);
  // Written aside and renamed: a process killed mid-write leaves its last whole reading.
  const record = () => {
    writeFileSync(`${file}.part`, JSON.stringify({ argv: process.argv.slice(1, 3), maxRssKiB: process.resourceUsage().maxRSS }));
    renameSync(`${file}.part`, file);
  };
  setInterval(record, 100).unref();
  process.on('exit', record);
}
