// Property-based checks run with the run's seed, so a failure is replayable: the
// error leads with what went wrong on the smallest counterexample, then names the
// seed and the one-line command that reruns just this check.
import fc from 'fast-check';
import type { CheckContext } from './check.ts';

export async function assertProperty<Ts>(
  ctx: CheckContext,
  property: fc.IAsyncPropertyWithHooks<Ts> | fc.IPropertyWithHooks<Ts>,
  options: { numRuns: number },
): Promise<void> {
  try {
    await fc.assert(property, { seed: ctx.seed, numRuns: options.numRuns, interruptAfterTimeLimit: 45_000 });
  } catch (error) {
    const report = (error as Error).message;
    const cause = (error as { cause?: Error }).cause?.message.split('\n')[0];
    const counterexample = /Counterexample: (.*)/.exec(report)?.[1] ?? '';
    const headline = `${report.split('\n')[0]}${cause ? `: ${cause}` : ''}`;
    throw new Error(
      `${headline}\ncounterexample: ${counterexample.slice(0, 500)}\nseed ${ctx.seed} — replay: ${ctx.run.reproduce} --only ${ctx.check.id}\n\n${report}`,
      { cause: error },
    );
  }
}
