// A webhook receiver that reads an event's version somewhere else than the reference
// does: the reference behind a proxy that hands it each valid delivery with data.version
// set to what `versionOf` reads from the event (removed where it reads none: the
// reference then orders by createdAt, CONTRACTS §5), signed again with the shared secret.
// Everything else passes unchanged. Seen from outside, a receiver whose producer carries
// the version at another place — what the preflight's discovery must find.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface VersionFieldReceiver {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

const DELIVERY_PATH = '/webhooks/payments';

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const sign = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('hex');

/** The body the reference gets: a correctly signed JSON event with its version moved to data.version; anything else as sent. */
function rewritten(body: Buffer, signature: string | undefined, secret: string, versionOf: (event: Record<string, unknown>) => unknown): { body: Buffer; signature?: string } {
  if (signature?.toLowerCase() !== sign(secret, body)) return { body, ...(signature === undefined ? {} : { signature }) };
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    return { body, signature };
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return { body, signature };
  const record = event as Record<string, unknown>;
  const data = typeof record['data'] === 'object' && record['data'] !== null && !Array.isArray(record['data']) ? { ...(record['data'] as Record<string, unknown>) } : {};
  const version = versionOf(record);
  if (version === undefined) delete data['version'];
  else data['version'] = version;
  const moved = Buffer.from(JSON.stringify({ ...record, data }), 'utf8');
  return { body: moved, signature: sign(secret, moved) };
}

export async function startVersionFieldReceiver(referenceUrl: string, secret: string, versionOf: (event: Record<string, unknown>) => unknown): Promise<VersionFieldReceiver> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const received = await bodyOf(request);
      const signatureHeader = request.headers['x-webhook-signature'];
      const signature = Array.isArray(signatureHeader) ? signatureHeader.join(', ') : signatureHeader;
      const isDelivery = request.method === 'POST' && request.url === DELIVERY_PATH;
      const sent = isDelivery ? rewritten(received, signature, secret, versionOf) : { body: received, signature };
      const headers: Record<string, string> = {};
      if (request.headers['content-type'] !== undefined) headers['content-type'] = request.headers['content-type'];
      if (sent.signature !== undefined) headers['x-webhook-signature'] = sent.signature;
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const answer = await fetch(new URL(request.url ?? '/', referenceUrl), { method: request.method ?? 'GET', headers, ...(hasBody ? { body: sent.body } : {}) });
      const answerBody = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', 'content-length': String(answerBody.length) });
      response.end(answerBody);
    })().catch((error: unknown) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`version-field receiver: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
