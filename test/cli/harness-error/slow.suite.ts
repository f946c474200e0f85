// TY-SLOW-01: asks the toy target again and again, each answer correct, past its 1 s
// limit — the harness's own limit, which says nothing of the target.
import { expect } from 'vitest';
import { check } from '../../../harness/checks/check.ts';
import { exchange } from '../../../harness/http/index.ts';

check('TY-SLOW-01', async (ctx) => {
  for (;;) {
    const { responses } = await exchange(ctx.target.baseUrl, [{ method: 'GET', target: 'hello' }], { transcript: ctx.transcript });
    expect(responses[0]?.statusCode).toBe(200);
  }
}, { timeout: 1_000 });
