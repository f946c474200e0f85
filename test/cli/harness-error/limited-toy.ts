// The toy system (test/architecture/toy-system/) with one more check, whose limit of the
// harness's own runs out while the target keeps answering: `wirecheck` with it registered.
import { main } from '../../../harness/cli/main.ts';
import { processOutput } from '../../../harness/report/output.ts';
import { registerSystem } from '../../../harness/systems/registry.ts';
import { toySystem } from '../../architecture/toy-system/toy-system.ts';

registerSystem({
  ...toySystem,
  checks: [
    ...toySystem.checks,
    { id: 'TY-SLOW-01', level: 'MUST', title: 'answers GET /hello a great many times', clause: 'Hello 1', basis: { quote: 'GET /hello answers 200 with the body "hello <greeting>".' } },
  ],
  suites: { ...toySystem.suites, 'test/cli/harness-error/slow.suite.ts': ['TY-SLOW-01'] },
});
process.exitCode = await main(process.argv.slice(2), process.env, processOutput(process.env));
