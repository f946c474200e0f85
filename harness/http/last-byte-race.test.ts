import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceRequests } from './last-byte-race.ts';

describe('raceRequests', () => {
  let server: Server;
  let baseUrl = '';
  const arrivals: number[] = [];
  let partialBodiesSeen = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      req.on('end', () => {
        arrivals.push(performance.now());
        if (body.length !== 5) partialBodiesSeen += 1;
        res.writeHead(201, { 'content-type': 'text/plain' }).end(`got ${body}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers every request whole, answers each, and releases them within a small spread', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ baseUrl, request: { method: 'POST', target: 'x', body: `b${String(i).padStart(4, '0')}` } }));
    const { outcomes, releaseSpreadMs } = await raceRequests(entries);
    expect(outcomes).toHaveLength(50);
    outcomes.forEach((outcome, i) => {
      if (outcome instanceof Error) throw outcome;
      expect(outcome.statusCode).toBe(201);
      expect(outcome.text()).toBe(`got b${String(i).padStart(4, '0')}`);
    });
    expect(partialBodiesSeen).toBe(0);
    expect(arrivals).toHaveLength(50);
    expect(releaseSpreadMs).toBeGreaterThanOrEqual(0);
  });

  it('reports a refused connection as an error', async () => {
    await expect(raceRequests([{ baseUrl: 'http://127.0.0.1:1/', request: { method: 'GET', target: '/' } }])).rejects.toThrow('not reachable');
  });
});
