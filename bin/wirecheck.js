#!/usr/bin/env node
// The `wirecheck` executable: registers tsx so the TypeScript sources run without a
// build step, then hands over to the CLI. Exits explicitly: a target's lingering
// keep-alive socket must not keep a finished run alive — but only once stdout and
// stderr are flushed, or a pipe (`wirecheck list --json | jq`) loses all past 64 KiB.
import { register } from 'tsx/esm/api';

// Commands that run the suites load vitest and vite (some 20 MB of JavaScript). Loaded
// before tsx's hooks are registered, they bypass tsx's loader thread, which would
// otherwise hold on to their sources: the run's peak memory drops from ~290 to ~160 MiB
// (test/hostile-target measures it; bench/README.md).
const SUITE_COMMANDS = new Set(['run', 'replay', 'baseline']);
if (SUITE_COMMANDS.has(process.argv[2] ?? '')) await import('vitest/node');

register();
const { main } = await import('../harness/cli/main.ts');
const { processOutput } = await import('../harness/report/output.ts');
const code = await main(process.argv.slice(2), process.env, processOutput(process.env));
const flushed = (stream) => new Promise((resolve) => stream.write('', resolve));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
