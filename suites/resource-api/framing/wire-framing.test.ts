// The wire under the 204s. 204 rules 6: 204s and 200s on one reused connection,
// sequential and pipelined, over raw sockets and through undici keep-alive clients
// as a user sees them. 204 rules 1-3: one of each kind of 204 (plain, conditional and
// Prefer: return=minimal PATCH, DELETE, and the preflight when it is a 204), each on
// a connection watched after the answer. Headers the spec allows are never judged.
// A server that announces "Connection: close" leaves no reused connection to judge:
// the rule 6 checks are then skipped, saying so; a close it does not announce fails.
import { check, type CheckContext } from '../../../harness/checks/check.ts';
import { notReused } from '../../../harness/resource-api/announced-close.ts';
import { createLabel, readPreferences } from '../../../harness/resource-api/api-state.ts';
import { expectNone } from '../../../harness/resource-api/expect-none.ts';
import { contentBytesViolation, contentEncodingViolation, contentLengthViolation, transferEncodingViolation } from '../../../harness/resource-api/no-content-rules.ts';
import { ACCEPT_ENCODING, sampleNoContent, type NoContentSample } from '../../../harness/resource-api/no-content-samples.ts';
import { apiPath, resourceApiClient } from '../../../harness/resource-api/resource-api-client.ts';
import { expectExactFraming } from '../../../harness/resource-api/reused-connection.ts';
import { staleReadProblems } from '../../../harness/resource-api/read-back.ts';
import { clientSession, judgeSession, poolSession, type ExpectedAnswer, type SessionVerdict } from '../../../harness/resource-api/undici-session.ts';

check('RA-FRAME-01', async (ctx) => {
  await expectExactFraming(ctx, 'sequential');
});

check('RA-FRAME-02', async (ctx) => {
  await expectExactFraming(ctx, 'pipelined');
});

/** Fails naming every problem of the sessions; skipped when every answer was right but the server announced its close. */
function judgeSessions(ctx: CheckContext, verdicts: readonly (readonly [headline: string, verdict: SessionVerdict])[]): void {
  for (const [headline, { problems, stale }] of verdicts) expectNone([...problems, ...stale], headline);
  const closedOn = verdicts.map(([, v]) => v.closedOn).find((answer) => answer !== undefined);
  if (closedOn) ctx.skip(notReused(`the answer to ${closedOn.what}`));
}

check('RA-FRAME-03', async (ctx) => {
  const client = resourceApiClient(ctx);
  const path = apiPath.preferences(client.userId);
  const value = !(await readPreferences(client)).weeklyDigest;
  const [first, second] = [await createLabel(client), await createLabel(client)];
  const verdicts: [string, SessionVerdict][] = [];
  const sequential = clientSession(ctx, 1);
  try {
    const answers = [await sequential.call('PATCH', path, { weeklyDigest: value }), await sequential.call('GET', path)];
    answers.push(await sequential.call('DELETE', apiPath.label(first)), await sequential.call('GET', path));
    const verdict = judgeSession(sequential, answers, [[204], [200, value], [204], [200, value]], 1);
    // A GET that missed the PATCH's value is a problem unless a late commit explains it (read-back.ts): told apart before the next PATCH.
    verdicts.push(['undici, one keep-alive connection, one request after another', { ...verdict, stale: await staleReadProblems(ctx, client, value, verdict.stale) }]);
  } finally {
    await sequential.close();
  }
  const pipelined = clientSession(ctx, 4);
  try {
    const answers = await Promise.all([
      pipelined.call('DELETE', apiPath.label(second)), pipelined.call('GET', path),
      pipelined.call('PATCH', path, { weeklyDigest: !value }), pipelined.call('GET', path),
    ]);
    // Pipelined, the GETs may be handled before the requests ahead of them are answered: any boolean is right.
    verdicts.push(['undici, one keep-alive connection, pipelining 4', judgeSession(pipelined, answers, [[204], [200, 'boolean'], [204], [200, 'boolean']], 1)]);
  } finally {
    await pipelined.close();
  }
  judgeSessions(ctx, verdicts);
});

check('RA-FRAME-04', async (ctx) => {
  const client = resourceApiClient(ctx);
  const path = apiPath.preferences(client.userId);
  const labels = await Promise.all(Array.from({ length: 6 }, () => createLabel(client)));
  const pool = poolSession(ctx, 2, 4);
  try {
    const answers = await Promise.all(labels.flatMap((id, i) => [
      pool.call('DELETE', apiPath.label(id)), pool.call('GET', path),
      pool.call('PATCH', path, { weeklyDigest: i % 2 === 0 }), pool.call('GET', path),
    ]));
    // The GETs race the PATCHes, so any boolean is right for them.
    const expected = answers.map((_, i): ExpectedAnswer => (i % 2 === 0 ? [204] : [200, 'boolean']));
    judgeSessions(ctx, [['undici Pool (2 keep-alive connections, pipelining 4), 24 concurrent requests', judgeSession(pool, answers, expected, 2)]]);
  } finally {
    await pool.close();
  }
});

/** Fails naming every 204 that breaks `rule`; `byFraming`: the rule is about bytes after the 204, so their framing fault is the cause. */
function violations(samples: readonly NoContentSample[], rule: (s: NoContentSample) => string | undefined, headline: string, byFraming = false): void {
  if (samples.length === 0) throw new Error('no request was answered with a 204, so there is no 204 to examine');
  const broken = samples.filter((s) => rule(s) !== undefined);
  const cause = byFraming ? broken.find((s) => s.fault)?.fault : undefined;
  expectNone(broken.map((s) => `${s.what}: ${rule(s) ?? ''}`), headline, cause);
}

check('RA-NOBODY-01', async (ctx) => {
  violations(await sampleNoContent(ctx), (s) => contentBytesViolation(s.response, s.after), 'content after a 204', true);
});

check('RA-NOBODY-02', async (ctx) => {
  violations(await sampleNoContent(ctx), (s) => contentLengthViolation(s.response), 'Content-Length on a 204');
});

check('RA-NOBODY-03', async (ctx) => {
  // Both ways: compression middleware labels (or compresses) an answer only for a client that asks for it.
  const samples = [...(await sampleNoContent(ctx)), ...(await sampleNoContent(ctx, { acceptEncoding: ACCEPT_ENCODING }))];
  violations(samples, (s) => contentEncodingViolation(s.response), 'Content-Encoding on a 204');
});

check('RA-NOBODY-04', async (ctx) => {
  violations(await sampleNoContent(ctx), (s) => transferEncodingViolation(s.response), 'Transfer-Encoding on a 204');
});

check('RA-META-01', async (ctx) => {
  // Names only (values such as request ids and dates differ on every run), plus Cache-Control.
  const seen = (await sampleNoContent(ctx)).map(({ what, response }) => {
    const names = [...new Set(response.headers.map(([name]) => name.toLowerCase()))].sort();
    const cacheControl = response.header('cache-control');
    return `${what}: ${names.join(', ')}${cacheControl ? ` (cache-control: ${cacheControl})` : ''}`;
  });
  ctx.observe(seen.join('; '));
});
