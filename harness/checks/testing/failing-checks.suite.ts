// Checks that fail as the suites' checks do, for check-failure.test.ts: an assertion in
// chai's words, an exchange broken by a framing fault (redacted: the target echoed a
// token), a check whose prerequisite the preflight found broken, and one that fails while
// the machine holds the harness longer than its limits stretch for. Not a *.test.ts
// file: `npm test` leaves it alone.
import { performance } from 'node:perf_hooks';
import { expect } from 'vitest';
import { check } from '../check.ts';
import { ExchangeCode, ExchangeError } from '../../http/http-errors.ts';

check('RA-PREF-01', () => {
  expect(401, 'PATCH preferences').toBe(204);
});

check('RA-PREF-02', () => {
  throw new ExchangeError(ExchangeCode.framing, 'PATCH v1/x: 2 stray byte(s) followed the 204 response', {
    rootCause: { kind: 'framing', description: 'stray bytes after a 204 response', bytes: 'tok_echoed_back_1' },
  });
});

check('RA-DEL-04', () => {
  throw new Error('never reached: the prerequisite failed first');
});

check('RA-PREF-03', () => {
  // Held as a busy machine holds it (bench:under-load saw 4.6 s), then a wait of its runs out.
  const until = performance.now() + 1_200;
  while (performance.now() < until) { /* held */ }
  expect(401, 'PATCH preferences').toBe(204);
});
