// The Pact contract of a typed consumer of the API (What the service does 2): the
// consumer interactions write the pact into the report dir (`<report-dir>/pacts/`),
// then Pact's verifier replays it against the run's target. Its 204 interactions
// declare an empty body, so a 204 with content fails verification like a wrong status.
// Pact runs in a process of its own, so its printed report becomes evidence here.
import { join } from 'node:path';
import { check } from '../../../harness/checks/check.ts';
import { expectNone } from '../../../harness/resource-api/expect-none.ts';
import { runPact } from '../../../harness/resource-api/pact/pact-process.ts';
import { resourceApiTarget } from '../../../harness/resource-api/resource-api-target.ts';

check('RA-PACT-01', async (ctx) => {
  const { baseUrl, token, userId, otherUserId } = resourceApiTarget(ctx);
  const run = await runPact({ pactDir: join(ctx.run.reportDir, 'pacts'), target: { baseUrl, token, userId, otherUserId } });
  if (run.transcript) ctx.transcript.note(`provider-state set-up:\n${run.transcript}`);
  if (run.output) ctx.transcript.note(`Pact's report:\n${run.output}`);
  if (run.error) {
    ctx.transcript.note(`the Pact run failed:\n${run.error}`);
    throw new Error(`the Pact run failed: ${run.error.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
  expectNone(run.mismatches, `the target does not honour the consumer contract ${run.pactFile ?? ''}`);
  if (!run.passed) throw new Error(`Pact verification of ${run.pactFile ?? 'the pact'} failed without naming a mismatch`);
});
