// A real loopback receiver for the sender's own tests and the CLI tests: answers the
// attempts in turn from a script (the last answer repeated), resets or hangs on cue,
// and keeps every request's exact bytes and headers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedAnswer = number | 'reset' | 'hang';

export interface ScriptedRequest {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface ScriptedReceiver {
  /** http://127.0.0.1:<port>/webhooks/payments */
  readonly url: string;
  readonly requests: readonly ScriptedRequest[];
  close(): Promise<void>;
}

export async function scriptedReceiver(script: readonly ScriptedAnswer[], options: { body?: (status: number, n: number) => string } = {}): Promise<ScriptedReceiver> {
  const requests: ScriptedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
      const answer = script[Math.min(requests.length - 1, script.length - 1)] ?? 500;
      if (answer === 'reset') return req.socket.destroy();
      if (answer === 'hang') return;
      res.writeHead(answer, { 'Content-Type': 'application/json' });
      res.end(options.body ? options.body(answer, requests.length) : JSON.stringify({ status: answer, attempt: requests.length }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/payments`,
    requests,
    close: () => new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
