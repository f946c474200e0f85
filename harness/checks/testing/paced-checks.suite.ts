// Checks under --rate-limit 10/s, for check-rate-limit.test.ts: run through vitest's
// Node API against a local server. Not a *.test.ts file: `npm test` leaves it alone.
import { setTimeout as sleep } from 'node:timers/promises';
import { check } from '../check.ts';
import { raceRequests, request } from '../../http/index.ts';

// Four requests at 10/s wait some 300 ms for their slots: more than the check's limit,
// which leaves those waits out.
check('RA-FRAME-01', async (ctx) => {
  for (let i = 0; i < 4; i += 1) await request(ctx.target.baseUrl, { method: 'GET', target: `paced-${i}` });
}, { timeout: 200 });

// Eleven requests released together: more than 10/s allows at once.
check('RA-FRAME-02', async (ctx) => {
  await raceRequests(Array.from({ length: 11 }, () => ({ baseUrl: ctx.target.baseUrl, request: { method: 'GET', target: 'race' } })));
});

// Slow by itself, not for the limiter: its limit still holds.
check('RA-FRAME-03', async () => {
  await sleep(600);
}, { timeout: 200 });
