// A target that puts terminal control sequences in its answers (clear the screen, set
// the window title, a bare CR, C1 CSI, bidi overrides) must not reach the person who
// reads the harness's output with them: the real executable is run against a real
// local server, and its stdout, stderr and every report file it leaves (transcripts,
// summary.json, report.html, junit.xml, the Allure results, the bundle's manifest with
// the target's fingerprint) are read back for any raw control character. The status line and a header carry bytes too (the strict parser
// allows obs-text there), and stay escaped as they were before.
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawControlsIn, rawControlsInReport } from '../testing/raw-controls.ts';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';

/** In the body: ESC sequences (clear screen, window title ended by BEL), CR, NUL, DEL, C1 CSI, bidi, separators. */
const INJECTED = '\x1b[2J\x1b]0;pwned\x07 fake\rline \x00\x7f \u009b31m \u202eevil\u202c \u2066x\u2069 \u2028\u2029 \x08\t end';
/** obs-text only (bytes 0x80-0xFF), which the parser lets through in a reason phrase and a field value. */
const OBS_TEXT = Buffer.concat([Buffer.from(' obs '), Buffer.from([0x9b, 0x85]), Buffer.from('\u202e\u2028 end', 'utf8')]);

/** Answers every request with a 500 whose reason phrase, one header and body carry INJECTED / OBS_TEXT. */
function answer(socket: Socket): void {
  const body = Buffer.from(`{"error":"${INJECTED}"}\n${INJECTED}`, 'utf8');
  socket.write(Buffer.concat([
    Buffer.from('HTTP/1.1 500 Oops'), OBS_TEXT, Buffer.from('\r\nContent-Type: application/json\r\nX-Injected: a'), OBS_TEXT,
    Buffer.from(`\r\nContent-Length: ${body.length}\r\n\r\n`), body,
  ]));
}

/** Reads requests (head and Content-Length body) off one keep-alive connection and answers each. */
function serve(socket: Socket): void {
  let pending = Buffer.alloc(0);
  socket.on('error', () => socket.destroy());
  socket.on('data', (data: Buffer) => {
    pending = Buffer.concat([pending, data]);
    for (;;) {
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(pending.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (pending.length < end + 4 + length) return;
      pending = pending.subarray(end + 4 + length);
      answer(socket);
    }
  });
}

describe('a target answering with control bytes', () => {
  let server: Server;
  let run: WirecheckRun;
  beforeAll(async () => {
    server = createServer(serve);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    // RA-PREF-02 and RA-LABEL-01 quote the body in their reason, RA-PREF-01 shows it escaped
    // from the bytes, RA-LABEL-03 is an INFO check whose observation quotes it.
    run = await runWirecheck(['run', 'resource-api', '--target', 'external', '--base-url', `http://127.0.0.1:${port}/`,
      '--token', 'control-bytes-token', '--user-id', 'alice', '--other-user-id', 'bob', '--no-allure', '--bundle', '--seed', '7', '--only', 'RA-PREF-01,RA-PREF-02,RA-LABEL-01,RA-LABEL-03'], { timeoutMs: 60_000 });
  }, 90_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('fails the checks, quoting the body escaped in the reason', () => {
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const reason = run.summary?.checks.find((c) => c.id === 'RA-PREF-02')?.reason ?? '';
    expect(rawControlsIn(reason, { newline: false }), 'the reason').toEqual([]);
    expect(reason).toContain('\\x1b[2J\\x1b]0;pwned\\x07');
    expect(reason).toContain('\\u202Eevil');
    // The body's own line break is shown too: the reason goes on past it, on its one line.
    expect(reason).toContain('end"}\\n\\x1b[2J');
  });

  it('writes no raw control character to stdout or stderr', () => {
    expect(rawControlsIn(run.stdout), 'stdout').toEqual([]);
    expect(rawControlsIn(run.stderr), 'stderr').toEqual([]);
    // LF is the CLI's own line break, never the body's: no line starts with what followed one in the body.
    expect(run.stdout).not.toMatch(/^\\x1b\[2J/m);
  });

  it('leaves no raw control character in any report file: transcripts, summary.json, report.html, junit.xml, Allure results, manifest', () => {
    const { files, found } = rawControlsInReport(run.reportDir);
    for (const kind of ['transcripts/', 'summary.json', 'report.html', 'junit.xml', 'allure-results/', 'manifest.json']) {
      expect(files.some((f) => f.startsWith(kind)), `${kind} was written`).toBe(true);
    }
    expect(found).toEqual({});
  });

  it('keeps the status line and the header escaped in the transcript, as before', () => {
    const transcript = readFileSync(join(run.reportDir, 'transcripts', 'RA-PREF-02.txt'), 'utf8');
    expect(transcript).toContain('<<< HTTP/1.1 500 Oops obs \\x9b\\x85\\u202E\\u2028 end\\r\\n');
    expect(transcript).toContain('<<< X-Injected: a obs \\x9b\\x85\\u202E\\u2028 end\\r\\n');
  });
});
