// A parent of a Pact process, for pact-process.test.ts: runs Pact against the target
// given as argv[2], prints `pact <pid>` once the Pact process is spawned, and waits for
// the test to kill it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPact } from '../pact-process.ts';

const baseUrl = process.argv[2] ?? '';
void runPact({ pactDir: mkdtempSync(join(tmpdir(), 'wirecheck-pact-orphan-')), target: { baseUrl, token: 'orphan-token-1234', userId: 'u1', otherUserId: 'u2' } }, {
  onSpawn: (pid) => process.stdout.write(`pact ${pid}\n`),
});
setInterval(() => {}, 60_000);
