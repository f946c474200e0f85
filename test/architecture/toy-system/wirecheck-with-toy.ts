// `wirecheck` with the toy system registered: what a program embedding wirecheck with a
// system of its own does — one registration line, then the CLI as usual.
import { main } from '../../../harness/cli/main.ts';
import { processOutput } from '../../../harness/report/output.ts';
import { registerSystem } from '../../../harness/systems/registry.ts';
import { toySystem } from './toy-system.ts';

registerSystem(toySystem);
process.exitCode = await main(process.argv.slice(2), process.env, processOutput(process.env));
