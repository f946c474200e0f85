// The Pact run as a process of its own: Pact's native core prints its verification
// report straight to stdout, which would land in the middle of wirecheck's progress
// lines. Run here, its output is captured by the parent (pact-process.ts) and kept as
// evidence instead. Input (stdin, one line of JSON — never argv or env, where tokens
// could be seen): the pact dir, the target, the response budget and the run's traffic
// rules (extra headers, which may be secret, and the rate limit); stdin then stays
// open until the parent goes. Output: Pact's report, then one line `RESULT_MARKER {json}`.
// Never import this file: it runs on load.
import { Redactor, Transcript } from '../../http/index.ts';
import { setResponseBudget } from '../../http/response-budget.ts';
import { setTargetTraffic } from '../../http/target-traffic.ts';
import type { ResourceApiTarget } from '../resource-api-target.ts';
import { ResourceApiClient } from '../resource-api-client.ts';
import { join } from 'node:path';
import { PACT_FILE_NAME, writeConsumerPact } from './consumer-contract.ts';
import { verifyPact } from './provider-verification.ts';
import { RESULT_MARKER, type PactRunInput, type PactRunResult } from './pact-protocol.ts';

/**
 * The input's one line. stdin stays open after it: its end means the parent is gone
 * (ended by a check's time limit, say), and this process goes too.
 */
function readInput(): Promise<PactRunInput> {
  return new Promise((resolve, reject) => {
    let text = '';
    let read = false;
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end < 0) return;
      read = true;
      process.stdin.off('data', onData);
      try {
        resolve(JSON.parse(text.slice(0, end)) as PactRunInput);
      } catch (error) {
        reject(error as Error);
      }
    };
    process.stdin.on('data', onData);
    process.stdin.once('end', () => {
      // Not process.exit(): its clean-up waits for Pact's native threads, which may be
      // waiting on a request to this very process, a wait that never ends.
      if (read) process.kill(process.pid, 'SIGKILL');
      else reject(new Error('the Pact process got no input line on stdin'));
    });
  });
}

async function main(): Promise<PactRunResult> {
  const input = await readInput();
  if (input.maxResponseBytes !== undefined) setResponseBudget(input.maxResponseBytes);
  // The run's extra headers and rate limit (its pacer the run's, through the coordinator).
  setTargetTraffic(input.traffic);
  const transcript = new Transcript(new Redactor({ secrets: [input.target?.token] }));
  try {
    const pactFile = input.verifyOnly ? join(input.pactDir, PACT_FILE_NAME) : await writeConsumerPact(input.pactDir);
    if (!input.target) return { pactFile, verified: false, passed: true, mismatches: [], transcript: '' };
    const target: ResourceApiTarget = { system: 'resource-api', kind: 'external', capabilities: [], ...input.target };
    const { tooLarge, ...result } = await verifyPact(pactFile, new ResourceApiClient(target, transcript));
    // A flooding target is the run's failure to name, before any mismatch it caused.
    return { pactFile, verified: true, ...result, transcript: transcript.toText(), ...(tooLarge?.[0] === undefined ? {} : { error: tooLarge[0] }) };
  } catch (error) {
    // verifyPact never throws for the target (a mismatch, a flood are results): what gets here is Pact's or ours.
    return { verified: false, passed: false, mismatches: [], transcript: transcript.toText(), error: (error as Error).message ?? String(error), harnessError: true };
  }
}

const result = await main();
process.stdout.write(`\n${RESULT_MARKER} ${JSON.stringify(result)}\n`);
process.exit(0);
