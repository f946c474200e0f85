// The Pact contract of a typed consumer of the API (What the service does 2): the
// consumer interactions write the pact into the report dir (`<report-dir>/pacts/`),
// then Pact's verifier replays it against the run's target. Its 204 interactions
// declare an empty body, so a 204 with content fails verification like a wrong status.
// Pact runs in a process of its own, so its printed report becomes evidence here.
import { join } from 'node:path';
import { check } from '../../../harness/checks/check.ts';
import { HarnessError } from '../../../harness/checks/harness-error.ts';
import { expectNone } from '../../../harness/resource-api/expect-none.ts';
import { runPact } from '../../../harness/resource-api/pact/pact-process.ts';
import { resourceApiTarget } from '../../../harness/resource-api/resource-api-target.ts';
import { LATE_COMMIT_RULE } from '../../../harness/resource-api/read-back.ts';

const PACT_ADVICE = 'not a finding about the target; if a module is missing, reinstall wirecheck (its dependencies include @pact-foundation/pact), otherwise run again, and report it if it persists';

check('RA-PACT-01', async (ctx) => {
  const { baseUrl, token, userId, otherUserId } = resourceApiTarget(ctx);
  const run = await runPact({ pactDir: join(ctx.run.reportDir, 'pacts'), target: { baseUrl, token, userId, otherUserId } });
  if (run.transcript) ctx.transcript.note(`provider-state set-up:\n${run.transcript}`);
  if (run.output) ctx.transcript.note(`Pact's report:\n${run.output}`);
  if (run.lateCommits?.length) {
    ctx.observe(`provider-state set-up: ${run.lateCommits.join('; ')}: a 204 before the change was committed (${LATE_COMMIT_RULE}; RA-DUR-01 judges that); `
      + 'each state was handed over once its change showed, so the contract is judged, not the commit\'s timing');
  }
  if (run.error) {
    ctx.transcript.note(`the Pact run failed:\n${run.error}`);
    const why = run.error.replace(/\s+/g, ' ').slice(0, 400);
    // Pact's verifier could not run (a module missing from the install, its process dying): the harness's trouble, never the target's.
    if (run.harnessError) throw new HarnessError('machinery', `Pact's verifier could not run: ${why}`, PACT_ADVICE);
    throw new Error(`the Pact run failed: ${why}`);
  }
  expectNone(run.mismatches, `the target does not honour the consumer contract ${run.pactFile ?? ''}`);
  if (!run.passed) throw new Error(`Pact verification of ${run.pactFile ?? 'the pact'} failed without naming a mismatch`);
});
