// `vendor:app` from a hostile client (issue 17, finding 5): only files under the apps root
// are read, never more than the size cap and never whole into memory at once; every
// refusal reads alike, so a client learns nothing of files outside the root; and no error
// body carries a stack trace or a source path.
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toWebDriverError } from './errors.ts';
import { testApp, W3C_BASE_CAPS, type TestApp } from './testing/test-app.ts';

const MiB = 1024 * 1024;
const appsRoot = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'vendor-apps-root-')));
const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'vendor-apps-outside-')));
const GOOD_APP = path.join(appsRoot, 'good.json');
writeFileSync(GOOD_APP, JSON.stringify({ appId: 'com.example.good', label: 'Good' }));

/** A mode-600 JSON file outside the root whose alert text must never reach a client. */
const SECRET = path.join(outside, 'secret.json');
writeFileSync(SECRET, JSON.stringify({ appId: 'com.example.secret', alertText: 'SECRET-VALUE-42' }));
chmodSync(SECRET, 0o600);

function sparseFile(file: string, bytes: number): string {
  closeSync(openSync(file, 'w'));
  execFileSync('truncate', ['-s', String(bytes), file]);
  return file;
}

function fifo(file: string): string {
  execFileSync('mkfifo', [file]);
  return file;
}

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appsRoot });
});

const newSession = (app: unknown, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/session', { capabilities: { alwaysMatch: { ...W3C_BASE_CAPS, 'vendor:deviceName': `d-${Math.random()}`, 'vendor:app': app, ...extra } } });

/** The refusal's message with the path the client sent taken out: what it tells about that path. */
const shapeOf = (message: string, sent: string) => message.split(sent).join('<sent path>');

describe('vendor:app size cap', () => {
  // First in the file: the process's peak RSS must not have been raised by another test.
  it('refuses a 200 MiB app (over the 16 MiB cap) without reading it into memory', async () => {
    const big = sparseFile(path.join(appsRoot, 'big.apk'), 200 * MiB);
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const answers = await Promise.all([newSession(big), newSession(big), newSession(big)]);
    const peakGrowth = process.resourceUsage().maxRSS * 1024 - peakBefore;
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.body.value.error).toBe('session not created');
      expect(answer.body.value.message).toContain('at most 16 MiB');
    }
    expect(peakGrowth).toBeLessThan(48 * MiB);
  });
});

describe('vendor:app outside the apps root', () => {
  it('is refused with one text whether the file exists, is readable, is a directory or a FIFO', async () => {
    const candidates = [
      SECRET,
      path.join(outside, 'no-such-app.apk'),
      outside,
      fifo(path.join(outside, 'pipe.apk')),
      '/etc/passwd',
      path.join(appsRoot, '..', path.basename(outside), 'secret.json'),
    ];
    const shapes = new Set<string>();
    for (const app of candidates) {
      const answer = await newSession(app);
      expect(answer.status, app).toBe(500);
      expect(answer.body.value.error).toBe('session not created');
      expect(JSON.stringify(answer.body)).not.toContain('SECRET-VALUE-42');
      shapes.add(shapeOf(answer.body.value.message as string, app));
    }
    expect([...shapes]).toHaveLength(1);
  });

  it('is refused through a link inside the root that points out of it', async () => {
    const link = path.join(appsRoot, 'link-to-secret.json');
    symlinkSync(SECRET, link);
    const answer = await newSession(link);
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('SECRET-VALUE-42');
    const missing = await newSession(path.join(outside, 'nothing-here'));
    expect(shapeOf(answer.body.value.message, link)).toBe(shapeOf(missing.body.value.message, path.join(outside, 'nothing-here')));
  });

  it('is refused by mobile: installApp too, alike for a file that exists and one that does not', async () => {
    const id = await t.session({ 'vendor:app': GOOD_APP });
    const install = (appPath: string) => t.call('POST', `/session/${id}/execute/sync`, { script: 'mobile: installApp', args: [{ appPath }] });
    const secret = await install(SECRET);
    const missing = await install(path.join(outside, 'no-such-app.apk'));
    expect(secret.status).toBe(400);
    expect(shapeOf(secret.body.value.message, SECRET)).toBe(shapeOf(missing.body.value.message, path.join(outside, 'no-such-app.apk')));
    await t.call('DELETE', `/session/${id}`);
  });
});

describe('vendor:app inside the apps root', () => {
  it('is installed and launched, its alert text read from it', async () => {
    const id = await t.session({ 'vendor:app': GOOD_APP });
    expect((await t.call('GET', `/session/${id}/alert/text`)).body.value).toContain('Good');
    await t.call('DELETE', `/session/${id}`);
  });

  it('refuses a FIFO or a directory inside the root at once, with the same text', async () => {
    const sub = path.join(appsRoot, 'sub');
    mkdirSync(sub);
    const pipe = fifo(path.join(appsRoot, 'pipe.apk'));
    const [a, b] = [await newSession(pipe), await newSession(sub)];
    expect([a.status, b.status]).toEqual([500, 500]);
    expect(shapeOf(a.body.value.message, pipe)).toBe(shapeOf(b.body.value.message, sub));
  });
});

describe('error bodies', () => {
  it('carry an empty stacktrace and no source path', async () => {
    const id = await t.session({ 'vendor:app': GOOD_APP, 'vendor:autoLaunch': false });
    const answers = [
      await t.call('GET', '/no/such/route'),
      await t.call('GET', '/session/not-a-session/alert/text'),
      await t.call('GET', `/session/${id}/alert/text`),
      await t.call('POST', `/session/${id}/execute/sync`, { script: 'mobile: shell', args: [{ command: 'whoami' }] }),
      await newSession('relative/app.apk'),
      await newSession(path.join(outside, 'nothing-here')),
    ];
    await t.call('DELETE', `/session/${id}`);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body.value.stacktrace).toBe('');
      const text = JSON.stringify(answer.body);
      expect(text).not.toMatch(/\.[jt]s:\d+|reference-impl|node_modules|\\n\s+at /);
    }
  });

  it('name a driver\'s system error by its code only, never by the file it names', () => {
    const error = Object.assign(new Error("ENOENT: no such file or directory, open '/srv/secret/x'"), { code: 'ENOENT', syscall: 'open', path: '/srv/secret/x' });
    const body = toWebDriverError(error).toBody();
    expect(JSON.stringify(body)).not.toContain('/srv/secret');
    expect(body.value).toMatchObject({ error: 'unknown error', message: expect.stringContaining('ENOENT'), stacktrace: '' });
  });

  it('answer an unexpected server failure with a plain text, its details in the log only', async () => {
    const fresh = await testApp({ appsRoot });
    fresh.app.get('/boom', async () => {
      throw new Error("cannot open '/srv/secret/config.json'");
    });
    const answer = await fresh.call('GET', '/boom');
    expect(answer.status).toBe(500);
    expect(answer.body.value).toMatchObject({ error: 'unknown error', stacktrace: '' });
    expect(JSON.stringify(answer.body)).not.toContain('/srv/secret');
    expect(fresh.lines.join('\n')).toContain('/srv/secret/config.json');
  });
});
