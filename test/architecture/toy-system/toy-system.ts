// A fourth system, made for the architecture test: everything wirecheck needs to know
// about a system is this module (one folder: this file, its suite and nothing else in
// the harness). Its spec: GET {base}/hello answers 200 with the body "hello <greeting>".
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SystemTarget } from '../../../harness/target/target-info.ts';
import { defineSystem, type StartInputs } from '../../../harness/systems/system-module.ts';

export interface ToyOptions {
  readonly greeting: string;
}

/** The toy's target as its suite sees it. */
export interface ToyTarget {
  readonly system: 'toy';
  readonly kind: 'reference' | 'external';
  readonly baseUrl: string;
  readonly capabilities: readonly [];
  readonly greeting: string;
}

const targetOf = (kind: ToyTarget['kind'], baseUrl: string, own: ToyOptions): SystemTarget =>
  ({ system: 'toy', kind, baseUrl, capabilities: [], greeting: own.greeting } satisfies ToyTarget) as unknown as SystemTarget;

/** The toy's reference: a server in this process that follows its one-line spec. */
async function startToyReference({ own }: StartInputs<ToyOptions>) {
  const server = createServer((req, res) => {
    if (req.url === '/hello') res.end(`hello ${own.greeting}`);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { target: targetOf('reference', `http://127.0.0.1:${port}/`, own), stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export const toySystem = defineSystem<ToyOptions>({
  name: 'toy',
  prefix: 'TY',
  description: 'toy greeters',
  specFile: 'toy.md',
  checks: [{ id: 'TY-HELLO-01', level: 'MUST', title: 'answers GET /hello with hello and the greeting', clause: 'Hello 1', basis: { quote: 'GET /hello answers 200 with the body "hello <greeting>".' } }],
  clauses: [{ clause: 'Hello 1', text: 'GET /hello answers 200 with "hello <greeting>".' }],
  suites: { 'test/architecture/toy-system/toy.suite.ts': ['TY-HELLO-01'] },
  options: [{
    flag: 'greeting', type: 'string', usage: '--greeting WORD', help: ['the word the greeter adds (default world)'],
    readme: ['`--greeting WORD`', 'toy: the word the greeter adds'],
  }],
  resolve: ({ values, problems }) => {
    const greeting = (values['greeting'] as string | undefined) ?? 'world';
    if (!/^\w+$/.test(greeting)) problems.push(`--greeting "${greeting}" must be one word`);
    return { greeting };
  },
  reference: { entry: import.meta.filename, defaultPort: 0 },
  startReference: startToyReference,
  startExternal: async ({ run, own }) => ({ target: targetOf('external', run.baseUrls[0] ?? '', own), stop: async () => {} }),
  secrets: () => [],
  fingerprint: (target) => ({ method: 'GET', url: new URL('hello', target.baseUrl).toString(), headers: {} }),
});
