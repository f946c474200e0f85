// https: targets over a real TLS server with a throwaway self-signed certificate made by
// the openssl CLI (skipped, with the reason, where openssl is not installed).

import { execFileSync } from 'node:child_process';
import type net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from './exchange.ts';
import { ExchangeCode, ExchangeError } from './http-errors.ts';

function selfSigned(): { key: string; cert: string } | undefined {
  try {
    const pem = execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', '-', '-out', '-', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/.exec(pem)?.[0];
    const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/.exec(pem)?.[0];
    return key && cert ? { key, cert } : undefined;
  } catch {
    return undefined;
  }
}

const pair = selfSigned();
if (!pair) console.warn('exchange-tls: skipped, the openssl CLI is needed to make a test certificate');

describe.skipIf(!pair)('exchange over TLS', () => {
  let server: tls.Server;
  let port = 0;
  let servername: string | undefined;

  beforeAll(async () => {
    server = tls.createServer({ key: pair?.key, cert: pair?.cert }, (socket) => {
      servername = (socket as tls.TLSSocket & { servername?: string | false }).servername || undefined;
      socket.on('error', () => {});
      socket.once('data', () => socket.write('HTTP/1.1 204 No Content\r\n\r\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('exchanges over https: with a trusted CA and sends SNI for a host name', async () => {
    const result = await exchange(`https://127.0.0.1:${port}/`, [{ method: 'DELETE', target: 'x' }],
      { idleMs: 10, tls: { ca: pair?.cert ?? '', servername: 'localhost' } });
    expect(result.error).toBeUndefined();
    expect(result.responses.map((r) => r.statusCode)).toEqual([204]);
    expect(servername).toBe('localhost');
  });

  it('rejects an untrusted certificate by default, with an error naming the TLS failure and how to fix it', async () => {
    const error = await exchange(`https://127.0.0.1:${port}/`, [{ method: 'GET', target: '/' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).code).toBe(ExchangeCode.tls);
    expect((error as ExchangeError).message).toMatch(new RegExp(`TLS handshake with 127\\.0\\.0\\.1:${port} .*failed: .*self.signed`));
    expect((error as ExchangeError).message).toContain('tls.ca');
  });

  it('accepts an untrusted certificate only when rejectUnauthorized is false', async () => {
    const result = await exchange(`https://127.0.0.1:${port}/`, [{ method: 'GET', target: '/' }], { idleMs: 10, tls: { rejectUnauthorized: false } });
    expect(result.responses[0]?.statusCode).toBe(204);
  });
});
