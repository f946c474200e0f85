// A correct sender (the bundled one, `wirecheck send`) that stays silent, without ever
// attempting, for one scenario: as a sender starved of its start on a loaded machine
// looks to wirecheck. Usage: node sender-silent-once.mjs SCENARIO {url} {event} {secret} {dead-letter-file}
import { spawn } from 'node:child_process';
import { setInterval } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';

const [silentFor, url = '', event = '', secret = '', deadLetter = ''] = process.argv.slice(2);
if (url.includes(`/${silentFor}/`)) {
  setInterval(() => {}, 60_000);
} else {
  const bin = fileURLToPath(new URL('../../../bin/wirecheck.js', import.meta.url));
  const child = spawn(process.execPath, [bin, 'send', '--url', url, '--event', event, '--secret', secret, '--dead-letter', deadLetter, '--timeout-ms', '2000'], { stdio: 'inherit' });
  child.on('close', (code) => process.exit(code ?? 1));
}
