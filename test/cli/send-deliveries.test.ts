// `wirecheck send` and `wirecheck deliveries` as an operator runs them, against a real
// loopback receiver answering a scripted sequence: exit codes, the lines printed, the
// dead-letter file, listing and replay — and the secret nowhere in what is left behind.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signatureOf } from '../../harness/webhook/sign.ts';
import { scriptedReceiver, type ScriptedAnswer, type ScriptedReceiver } from '../../harness/webhook/sender/testing/scripted-receiver.ts';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';

const SECRET = 'cli-secret-9f8e7d6c5b4a';
const EVENT = '{\n  "id": "evt_cli_1",\n  "type": "payment.succeeded",\n  "createdAt": "2026-11-21T10:00:00.000Z"\n}\n';

const receivers: ScriptedReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(script: readonly ScriptedAnswer[]): Promise<ScriptedReceiver> {
  const r = await scriptedReceiver(script);
  receivers.push(r);
  return r;
}

function workDir(): { dir: string; event: string; deadLetter: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wirecheck-send-cli-'));
  writeFileSync(join(dir, 'event.json'), EVENT);
  return { dir, event: join(dir, 'event.json'), deadLetter: join(dir, 'dead-letters.jsonl') };
}

function expectNoSecret(run: WirecheckRun, ...files: string[]): void {
  expect(run.stdout).not.toContain(SECRET);
  expect(run.stderr).not.toContain(SECRET);
  for (const file of files) if (existsSync(file)) expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
}

interface Listing { entries: { deliveryId: string; eventId: string; body: string; attempts: { status?: number }[]; replays?: unknown[] }[]; corrupt: { line: number }[] }

async function listJson(deadLetter: string): Promise<Listing> {
  const run = await runWirecheck(['deliveries', 'list', '--dead-letter', deadLetter, '--json']);
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Listing;
}

describe('wirecheck send', () => {
  it('delivers at the first 2xx: exit 0, one line per attempt, no dead letter', async () => {
    const { event, deadLetter } = workDir();
    const r = await receiver([202]);
    const run = await runWirecheck(['send', '--url', r.url, '--event', event, '--dead-letter', deadLetter], { env: { WEBHOOK_SECRET: SECRET } });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/attempt 1\/4: 202 after \d+ ms\n/);
    expect(run.stdout).toContain('delivered: 202 {"status":202,"attempt":1} (1 attempt)');
    expect(r.requests[0]?.body.toString()).toBe(EVENT);
    expect(r.requests[0]?.headers['x-webhook-signature']).toBe(signatureOf(SECRET, EVENT));
    expect(existsSync(deadLetter)).toBe(false);
    expectNoSecret(run);
  });

  it('stops at a 4xx with exit 1', async () => {
    const { event, deadLetter } = workDir();
    const r = await receiver([422, 202]);
    const run = await runWirecheck(['send', '--url', r.url, '--secret', SECRET, '--event', event, '--dead-letter', deadLetter]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('rejected: 422');
    expect(r.requests).toHaveLength(1);
    expect(existsSync(deadLetter)).toBe(false);
    expectNoSecret(run);
  });

  it('exhausts the cap with exit 1, writes the dead letter, which lists and replays', async () => {
    const { event, deadLetter } = workDir();
    const r = await receiver([503, 503, 202]);
    const sent = await runWirecheck(['send', '--url', r.url, '--secret', SECRET, '--event', event, '--dead-letter', deadLetter, '--max-attempts', '2']);
    expect(sent.exitCode, sent.stderr).toBe(1);
    expect(sent.stdout).toMatch(/attempt 1\/2: 503 after \d+ ms — next attempt in 250 ms\nattempt 2\/2: 503 after \d+ ms\nexhausted: 2 attempts; last attempt: 503/);
    const { entries, corrupt } = await listJson(deadLetter);
    expect(corrupt).toEqual([]);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(sent.stdout).toContain(`dead letter ${entry?.deliveryId} written to ${deadLetter}`);
    expect(entry).toMatchObject({ eventId: 'evt_cli_1', body: Buffer.from(EVENT).toString('base64'), attempts: [{ status: 503 }, { status: 503 }] });
    expect(readFileSync(deadLetter, 'utf8')).not.toContain(signatureOf(SECRET, EVENT));
    const listed = await runWirecheck(['deliveries', 'list', '--dead-letter', deadLetter]);
    expect(listed.stdout).toContain(`${entry?.deliveryId}  event evt_cli_1  ${r.url}  2 attempts, last 503`);

    const replayed = await runWirecheck(['deliveries', 'replay', entry?.deliveryId ?? '', '--dead-letter', deadLetter], { env: { WEBHOOK_SECRET: SECRET } });
    expect(replayed.exitCode, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain('delivered: 202');
    expect(replayed.stdout).toContain(`removed ${entry?.deliveryId}`);
    expect(r.requests[2]?.body.toString()).toBe(EVENT);
    expect(r.requests[2]?.headers['x-webhook-signature']).toBe(signatureOf(SECRET, EVENT));
    expect((await listJson(deadLetter)).entries).toEqual([]);
    expectNoSecret(sent, deadLetter);
    expectNoSecret(replayed);
  });

  it('keeps an entry whose replay fails, with the replay recorded, and exits 1', async () => {
    const { event, deadLetter } = workDir();
    const r = await receiver([503]);
    await runWirecheck(['send', '--url', r.url, '--secret', SECRET, '--event', event, '--dead-letter', deadLetter, '--max-attempts', '1']);
    const run = await runWirecheck(['deliveries', 'replay', '--all', '--secret', SECRET, '--dead-letter', deadLetter, '--max-attempts', '1']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('stays in');
    const { entries } = await listJson(deadLetter);
    expect(entries[0]?.replays).toHaveLength(1);
    expectNoSecret(run, deadLetter);
  });

  it('lists every usage problem at once with exit 2, and never echoes the secret', async () => {
    const run = await runWirecheck(['send', '--url', 'ftp://h/x', '--max-attempts', '0', '--timeout-ms', 'x'], { env: { WEBHOOK_SECRET: '' } });
    expect(run.exitCode).toBe(2);
    for (const problem of ['must be an http:// or https:// URL', '--secret S or env WEBHOOK_SECRET', '--event FILE is required', '--max-attempts must be', '--timeout-ms must be', 'wirecheck send --help']) {
      expect(run.stderr).toContain(problem);
    }
    const missing = await runWirecheck(['deliveries', 'replay', 'dl_0123456789abcdef', '--secret', SECRET, '--dead-letter', workDir().deadLetter]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('no dead letter dl_0123456789abcdef');
    expectNoSecret(missing);
  });

  it('reports a corrupt line of the dead-letter file without failing', async () => {
    const { deadLetter } = workDir();
    appendFileSync(deadLetter, '{"not": "an entry"}\n');
    const run = await runWirecheck(['deliveries', 'list', '--dead-letter', deadLetter]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain('line 1 is not a dead-letter entry');
    expect(run.stdout).toContain('no dead-lettered deliveries');
  });

  it('appears in wirecheck --help, with help of its own', async () => {
    const help = await runWirecheck(['--help']);
    expect(help.stdout).toContain('wirecheck send');
    expect(help.stdout).toContain('wirecheck deliveries');
    const send = await runWirecheck(['send', '--help']);
    expect(send.exitCode).toBe(0);
    for (const option of ['--url', '--secret', '--event', '--max-attempts', '--timeout-ms', '--jitter', '--dead-letter']) expect(send.stdout).toContain(option);
    expect((await runWirecheck(['help', 'deliveries'])).stdout).toContain('deliveries replay');
  });
});
