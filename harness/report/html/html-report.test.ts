import { describe, expect, it } from 'vitest';
import type { Summary, SummaryCheck } from '../summary.ts';
import { signedAndSentLines } from '../../http/signed-and-sent.ts';
import { replayCommand } from './check-rows.ts';
import { renderHtmlReport } from './html-report.ts';
import type { CheckView } from './report-view.ts';

const check = (id: string, outcome: SummaryCheck['outcome'], extra: Partial<CheckView> = {}): CheckView => ({
  id, system: 'webhook', level: 'MUST', outcome, title: `title of ${id}`, clause: 'Processing order 1', durationMs: 3, area: id.split('-')[1] ?? '', ...extra,
});

function summary(checks: CheckView[], exitCode: number, extra: Partial<Summary> = {}): Summary {
  const totals = { passed: 0, failed: 0, warned: 0, skipped: 0, info: 0, error: 0 };
  for (const c of checks) totals[c.outcome] += 1;
  return { schema: 'wirecheck.summary/v1', systems: ['webhook'], target: { kind: 'external', baseUrl: 'http://127.0.0.1:3000/' }, startedAt: '2026-11-21T10:00:00.000Z', durationMs: 8123, seed: 99, exitCode, totals, checks, harnessVersion: '0.1.0', ...extra };
}

describe('report.html', () => {
  it('escapes everything a target sent: a transcript cannot inject markup', () => {
    const failed = check('WH-SIG-02', 'failed', { reason: 'got <b>401</b>', transcript: 'transcripts/WH-SIG-02.txt', transcriptText: '<<< <script>alert(1)</script>\n', reproduce: 'npx wirecheck run webhook --seed 99 --only WH-SIG-02' });
    const html = renderHtmlReport({ summary: summary([failed], 1), checks: [failed] });
    expect(html).toContain('&lt;&lt;&lt; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('got &lt;b&gt;401&lt;/b&gt;');
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain('npx wirecheck replay WH-SIG-02 --seed 99');
  });

  it('shows the control characters a target sent instead of passing them to the page, in the reason and the transcript', () => {
    const injected = '\x1b]0;pwned\x07\r\u009b\u202eevil\u2066';
    const failed = check('WH-SIG-02', 'failed', { reason: `got ${injected}`, transcript: 'transcripts/WH-SIG-02.txt', transcriptText: `### ${injected}\n<<< ok\n` });
    const html = renderHtmlReport({ summary: summary([failed], 1), checks: [failed] });
    expect(html).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/u);
    expect(html).toContain('got \\x1b]0;pwned\\x07\\r\\u009B\\u202Eevil\\u2066');
    expect(html).toContain('### \\x1b]0;pwned\\x07\\r\\u009B\\u202Eevil\\u2066\n&lt;&lt;&lt; ok\n');
  });

  it('states the verdict with the exit code, for each exit code', () => {
    const verdict = (exitCode: number) => /<div class="verdict-word">([^<]+)<\/div>\s*<div class="verdict-why">exit (\d)/.exec(renderHtmlReport({ summary: summary([], exitCode), checks: [] }))?.slice(1);
    expect([0, 1, 3].map(verdict)).toEqual([['PASSED', '0'], ['FAILED', '1'], ['NOTHING EXECUTED', '3']]);
  });

  it('says beside the verdict how many MUST checks were skipped and why, and whether they gate', () => {
    const checks = [
      check('WH-SIG-01', 'passed'),
      check('WH-ACK-03', 'skipped', { reason: 'needs probe' }),
      check('WH-ORD-01', 'skipped', { reason: 'needs --version-field: where the receiver reads an event\'s version' }),
      check('WH-ORD-04', 'skipped', { level: 'INFO', reason: 'needs probe' }),
    ];
    const why = (html: string) => /<div class="verdict-why">([^<]*)<\/div>/.exec(html)?.[1];
    const passed = renderHtmlReport({ summary: summary(checks, 0), checks });
    expect(why(passed)).toBe('exit 0 — every MUST check that ran passed — 2 MUST checks skipped (needs probe: 1, needs --version-field: 1)');
    expect(passed).toContain('MUST checks skipped, they do not gate (--fail-on-skipped-must would fail the run): <a href="#check-wh-ack-03" title="needs probe">WH-ACK-03</a> <a href="#check-wh-ord-01"');
    const failed = renderHtmlReport({ summary: summary(checks, 1, { failOnSkippedMust: true }), checks });
    expect(why(failed)).toBe('exit 1 — 2 MUST checks skipped (needs probe: 1, needs --version-field: 1), and --fail-on-skipped-must makes a skipped MUST check fail the run');
    expect(failed).toContain('MUST checks skipped, they fail the run (--fail-on-skipped-must)');
    expect(why(renderHtmlReport({ summary: summary([checks[0] as CheckView], 0), checks: [checks[0] as CheckView] }))).toBe('exit 0 — every MUST check that ran passed');
  });

  it('marks flaky, baselined, expired and fixed checks, and lists the clause gaps', () => {
    const checks = [
      check('WH-SIG-03', 'failed', { flaky: true, attempts: ['passed', 'failed'] }),
      check('WH-SIG-02', 'failed', { baselined: true, baselineReason: 'PAY-1', baselineExpires: '2027-01-31' }),
      check('WH-SIG-04', 'failed', { baselineExpired: true, baselineReason: 'PAY-2', baselineExpires: '2026-01-31' }),
      check('WH-SIG-01', 'passed', { baselineFixed: true, baselineReason: 'PAY-3', baselineExpires: '2027-01-31' }),
    ];
    const html = renderHtmlReport({ summary: summary(checks, 1, { repeat: 2 }), checks });
    expect(html).toContain('outcome varied over 2 attempts (passed, failed)');
    expect(html).toContain('known failure, does not gate until 2027-01-31 — PAY-1');
    expect(html).toContain('baseline entry expired 2026-01-31: gates again — PAY-2');
    expect(html).toContain('fixed — remove from baseline (passes now; entry: PAY-3)');
    expect(html).toMatch(/Gating failures: <a href="#check-wh-sig-03">WH-SIG-03<\/a> <a href="#check-wh-sig-04">WH-SIG-04<\/a><\/p>/);
    expect(html).toMatch(/<tr class="gap"><td class="clause">Authentication 7<\/td>/);
    expect(html).toMatch(/<tr class="uncheckable"><td class="clause">Authentication 2<\/td>.*constant-time comparison/);
  });

  it('names a cause several failures share once, before the checks, the checks under it, and links each check\'s reason to it', () => {
    const stray = { kind: 'framing' as const, description: 'stray bytes after a 204 response, which has no body and ends at its empty line (RFC 9112 §6.3)', bytes: '\\r\\n' };
    const checks = [
      check('RA-PREF-01', 'failed', { reason: 'PATCH … 2 stray byte(s) followed the 204 response: "\\r\\n"', cause: stray }),
      check('RA-CORS-01', 'failed', { reason: 'PATCH … 2 stray byte(s)', cause: stray }),
      check('RA-LABEL-01', 'failed', { reason: 'expected 201, got 200' }),
      check('RA-AUTH-01', 'passed'),
    ];
    const html = renderHtmlReport({ summary: summary(checks, 1), checks });
    const section = /<section id="causes">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(html.indexOf('<section id="causes">')).toBeLessThan(html.indexOf('<section id="checks">'));
    expect(section.match(/<article class="cause"/g)).toHaveLength(1);
    expect(section).toContain('<span class="cause-kind">framing</span> stray bytes after a 204 response, which has no body and ends at its empty line (RFC 9112 §6.3)</h3>');
    expect(section).toContain('bytes: <code>"<mark class="stray">\\r\\n</mark>"</code>');
    expect([...section.matchAll(/href="#check-([a-z0-9-]+)"/g)].map((m) => m[1])).toEqual(['ra-pref-01', 'ra-cors-01']);
    expect(html).toMatch(/<tr id="check-ra-pref-01"[\s\S]*?<div class="cause-ref">cause: <a href="#cause-1">stray bytes after a 204 response/);
    expect(html).not.toMatch(/<tr id="check-ra-label-01"[^]*?cause-ref[^]*?<tr id="check-ra-auth-01"/);
    expect(renderHtmlReport({ summary: summary([checks[2] as CheckView], 1), checks: [checks[2] as CheckView] })).not.toContain('<section id="causes">');
  });

  it('marks the stray bytes of a transcript, escaped, and says what the mark means', () => {
    const failed = check('RA-PREF-01', 'failed', {
      reason: 'stray', transcript: 'transcripts/RA-PREF-01.txt', transcriptText: '=== http://h/\n<<< HTTP/1.1 204 No Content\\r\\n\n<<< \\r\\n\n<<! <b>\\r\\n\n',
    });
    const html = renderHtmlReport({ summary: summary([failed], 1), checks: [failed] });
    expect(html).toContain('&lt;&lt;&lt; \\r\\n\n&lt;&lt;! <mark class="stray">&lt;b&gt;\\r\\n</mark>\n');
    expect(html.match(/<mark class="stray">/g)).toHaveLength(2);
    expect(html).toContain('<mark class="stray">marked</mark> (<code>&lt;&lt;!</code>): bytes that belong to no response (stray)');
  });

  it('marks where the signed and the sent bytes of a check differ, the JSON escapes as on the wire', () => {
    const note = [
      '### signed over other bytes than it sends: the body was changed after signing (the exchange below sends the second)',
      ...signedAndSentLines(Buffer.from('{"id":"evt_1","a":"<b>"}'), Buffer.from('{"id":"\\u0065vt_1","a":"<b>"}')).map((l) => `### ${l}`),
      '=== http://h/', '>>> {"id":"\\u0065vt_1","a":"<b>"}',
    ].join('\n');
    const failed = check('WH-SIG-12', 'failed', { reason: 'got 202', transcript: 'transcripts/WH-SIG-12.txt', transcriptText: `${note}\n` });
    const html = renderHtmlReport({ summary: summary([failed], 1), checks: [failed] });
    expect(html).toContain('### signed bytes: {&quot;id&quot;:&quot;<mark class="differs">evt_1&quot;,&quot;a&quot;:&quot;&lt;b&gt;&quot;}</mark>\n');
    expect(html).toContain('### sent bytes:   {&quot;id&quot;:&quot;<mark class="differs">\\u0065vt_1&quot;,&quot;a&quot;:&quot;&lt;b&gt;&quot;}</mark>\n###');
    expect(html).toContain(' ^ first difference: byte 7 (signed 24 bytes, sent 29)\n=== http://h/');
    expect(html).toContain('<mark class="differs">marked</mark>: the signed and the sent bytes, from the first byte where they differ');
    expect(html).not.toContain('\\\\u0065');
  });

  it('shows an active --reference-fault in the header, and names each URL\'s system when a run had several', () => {
    const checks = [check('WH-SIG-01', 'passed')];
    const setup = {
      targets: [{ system: 'webhook', baseUrl: 'http://127.0.0.1:4001/' }, { system: 'resource-api', baseUrl: 'http://127.0.0.1:4002/' }, { system: 'device-server', baseUrl: 'http://127.0.0.1:4003/' }],
      faults: ['crlf-after-204', 'post-label-200'],
    };
    const html = renderHtmlReport({ summary: summary(checks, 0, { target: { kind: 'reference', baseUrl: setup.targets.map((t) => t.baseUrl).join(' ') } }), checks, setup });
    expect(html).toContain('<dt>Target</dt><dd>reference · webhook: <code>http://127.0.0.1:4001/</code>, resource-api: <code>http://127.0.0.1:4002/</code>, device-server: <code>http://127.0.0.1:4003/</code></dd>');
    expect(html).toMatch(/<dt>Reference fault<\/dt><dd><code class="fault">crlf-after-204<\/code>, <code class="fault">post-label-200<\/code>/);
    const plain = renderHtmlReport({ summary: summary(checks, 0), checks, setup: { targets: [setup.targets[0] as (typeof setup.targets)[0]], faults: [] } });
    expect(plain).toContain('<dt>Target</dt><dd>external · <code>http://127.0.0.1:3000/</code></dd>');
    expect(plain).not.toContain('Reference fault');
  });

  it('lists failures first — gating, then baselined — then warnings, checks not judged, skipped, passed and info, and the checks before the systems × areas overview', () => {
    const checks = [
      check('WH-SIG-01', 'passed'), check('WH-ORD-04', 'info', { level: 'INFO' }), check('WH-SIG-02', 'failed', { baselined: true }), check('WH-ACK-03', 'skipped'),
      check('WH-SIG-03', 'warned', { level: 'SHOULD' }), check('WH-ACK-07', 'error'), check('WH-SIG-04', 'failed'), check('WH-SIG-05', 'passed'), check('WH-SIG-06', 'failed'),
    ];
    const html = renderHtmlReport({ summary: summary(checks, 1), checks });
    const rows = [...html.matchAll(/<tr id="check-([a-z0-9-]+)" class="check o-(\w+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toEqual([
      'wh-sig-04 failed', 'wh-sig-06 failed', 'wh-sig-02 failed', 'wh-sig-03 warned', 'wh-ack-07 error', 'wh-ack-03 skipped', 'wh-sig-01 passed', 'wh-sig-05 passed', 'wh-ord-04 info',
    ]);
    expect(html.indexOf('<section id="checks">')).toBeLessThan(html.indexOf('<section id="matrix">'));
    expect(html).toMatch(/<nav class="toc"><a href="#checks">Checks<\/a><a href="#matrix">/);
  });

  it('derives the replay command from a reproduction command', () => {
    expect(replayCommand("npx wirecheck run webhook --target external --seed 5 --secret \"$WEBHOOK_SECRET\" --only WH-SIG-02", 'WH-SIG-02'))
      .toBe('npx wirecheck replay WH-SIG-02 --target external --seed 5 --secret "$WEBHOOK_SECRET"');
  });
});
