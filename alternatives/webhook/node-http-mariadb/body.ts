// Reads a request body up to a byte limit. A body declared or found to be larger is
// refused without buffering it; a client that goes away mid-body ends the read quietly.
import type { IncomingMessage } from 'node:http';

export type BodyResult =
  | { readonly kind: 'body'; readonly bytes: Buffer }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'aborted' };

export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    req.resume();
    return Promise.resolve({ kind: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        settle({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => settle({ kind: 'body', bytes: Buffer.concat(chunks, size) }));
    req.on('error', () => settle({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) settle({ kind: 'aborted' });
    });
  });
}
