// The Pact run as a process of its own: Pact's native core prints its verification
// report straight to stdout, which would land in the middle of wirecheck's progress
// lines. Run here, its output is captured by the parent (pact-process.ts) and kept as
// evidence instead. Input (stdin, one JSON object — never argv or env, where tokens
// could be seen): the pact dir and the target. Output: Pact's report, then one line
// `RESULT_MARKER {json}`. Never import this file: it runs on load.
import { Redactor, Transcript } from '../../http/index.ts';
import type { ResourceApiTarget } from '../../target/target-info.ts';
import { ResourceApiClient } from '../resource-api-client.ts';
import { join } from 'node:path';
import { PACT_FILE_NAME, writeConsumerPact } from './consumer-contract.ts';
import { verifyPact } from './provider-verification.ts';
import { RESULT_MARKER, type PactRunInput, type PactRunResult } from './pact-protocol.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<PactRunResult> {
  const input = JSON.parse(await readStdin()) as PactRunInput;
  const transcript = new Transcript(new Redactor({ secrets: [input.target?.token] }));
  try {
    const pactFile = input.verifyOnly ? join(input.pactDir, PACT_FILE_NAME) : await writeConsumerPact(input.pactDir);
    if (!input.target) return { pactFile, verified: false, passed: true, mismatches: [], transcript: '' };
    const target: ResourceApiTarget = { system: 'resource-api', kind: 'external', capabilities: [], ...input.target };
    const result = await verifyPact(pactFile, new ResourceApiClient(target, transcript));
    return { pactFile, verified: true, ...result, transcript: transcript.toText() };
  } catch (error) {
    return { verified: false, passed: false, mismatches: [], transcript: transcript.toText(), error: (error as Error).message ?? String(error) };
  }
}

const result = await main();
process.stdout.write(`\n${RESULT_MARKER} ${JSON.stringify(result)}\n`);
process.exit(0);
