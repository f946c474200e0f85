// A tiny webhook receiver the evidence tests point `--target external` at: it
// verifies signatures like a correct receiver, and can be told to get one thing
// wrong — reject uppercase hex (WH-SIG-02 fails), accept unsigned deliveries
// (WH-SIG-03 fails), or alternate on unsigned ones (WH-SIG-03 flaky: right, wrong,
// right, ...). Empty bodies (the preflight and the bundle's fingerprint) always get 401.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeReceiverOptions {
  readonly secret: string;
  readonly rejectUppercase?: boolean;
  readonly unsigned?: 'reject' | 'accept' | 'alternate';
}

export interface FakeReceiver {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), server: 'fake-receiver/1.0' });
  res.end(text);
}

function judge(options: FakeReceiverOptions, req: IncomingMessage, body: Buffer, unsignedSeen: number): boolean {
  const signature = req.headers['x-webhook-signature'];
  if (typeof signature !== 'string') {
    if (options.unsigned === 'accept') return true;
    return options.unsigned === 'alternate' && unsignedSeen % 2 === 1;
  }
  if (!/^[0-9a-fA-F]{64}$/.test(signature) || (options.rejectUppercase && /[A-F]/.test(signature))) return false;
  return signature.toLowerCase() === createHmac('sha256', options.secret).update(body).digest('hex');
}

export async function startFakeReceiver(options: FakeReceiverOptions): Promise<FakeReceiver> {
  let unsignedSeen = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/webhooks/payments') return answer(res, 404, { error: 'not found' });
      const body = Buffer.concat(chunks);
      if (body.length === 0) return answer(res, 401, { error: 'invalid signature' });
      const unsigned = req.headers['x-webhook-signature'] === undefined;
      const ok = judge(options, req, body, unsigned ? unsignedSeen : 0);
      if (unsigned) unsignedSeen += 1;
      return ok ? answer(res, 202, { received: true }) : answer(res, 401, { error: 'invalid signature' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
