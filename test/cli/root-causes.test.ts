// One stray CRLF after every 204 of the resource-API reference (--reference-fault
// crlf-after-204) fails checks across FRAME, NOBODY, PREF, CORS and CACHE, each in its
// own words. The real CLI names that cause once — on the terminal after the table, and
// in report.html before the checks — with the checks it explains under it, while every
// check keeps its own outcome and reason in summary.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { outcomesById, runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';

const BROKEN = ['RA-FRAME-01', 'RA-NOBODY-01', 'RA-PREF-01', 'RA-CORS-01', 'RA-CACHE-01'];
const UNTOUCHED = ['RA-AUTH-01', 'RA-LABEL-01'];
const CAUSE = 'stray bytes after a 204 response, which has no body and ends at its empty line (RFC 9112 §6.3)';
/** summary.json's per-check fields: CONTRACTS §3's, and the optional evidence fields summary.ts adds. */
const SUMMARY_CHECK_FIELDS = new Set(['id', 'system', 'level', 'outcome', 'title', 'clause', 'basis', 'reason', 'durationMs', 'observed', 'transcript', 'reproduce']);

describe('a framing fault of the resource-API reference', () => {
  let run: WirecheckRun;

  beforeAll(async () => {
    run = await runWirecheck(['run', 'resource-api', '--reference-fault', 'crlf-after-204', '--only', [...BROKEN, ...UNTOUCHED].join(','), '--seed', '19', '--no-allure']);
  }, 180_000);

  it('leaves every check its own outcome and reason in summary.json, with no field beyond its own', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    const checks = outcomesById(run.summary);
    expect(Object.fromEntries([...checks].map(([id, c]) => [id, c.outcome]))).toEqual({
      ...Object.fromEntries(BROKEN.map((id) => [id, 'failed'])), ...Object.fromEntries(UNTOUCHED.map((id) => [id, 'passed'])),
    });
    expect(checks.get('RA-PREF-01')?.reason).toMatch(/: 2 stray byte\(s\) followed the 204 response: "\\r\\n"$/);
    expect(checks.get('RA-NOBODY-01')?.reason).toMatch(/^content after a 204: /);
    for (const c of checks.values()) expect(Object.keys(c).filter((k) => !SUMMARY_CHECK_FIELDS.has(k)), c.id).toEqual([]);
  });

  it('names the cause once on the terminal, after the table, the checks it explains under it', () => {
    const lines = run.stdout.split('\n');
    const heading = lines.findIndex((l) => l.startsWith('▶ framing: '));
    expect(lines.filter((l) => l.startsWith('root causes: '))).toEqual(['root causes: one fault explains several failures (each check\'s own outcome stands)']);
    expect(lines.filter((l) => l.startsWith('▶ '))).toEqual([`▶ framing: ${CAUSE} — bytes "\\r\\n" — ${BROKEN.length} checks:`]);
    expect(heading).toBeGreaterThan(lines.findIndex((l) => l.startsWith('total ')));
    const explained = lines.slice(heading + 1, heading + 1 + BROKEN.length).map((l) => /^ {4}✗ (\S+)/.exec(l)?.[1]);
    expect(explained.sort()).toEqual([...BROKEN].sort());
    expect(lines[heading + 1 + BROKEN.length]).not.toMatch(/^ {4}/);
  });

  it('names it once in report.html, before the checks, with its bytes marked, the checks under it, and the fault in the header', () => {
    const html = readFileSync(join(run.reportDir, 'report.html'), 'utf8');
    const section = /<section id="causes">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(section.match(/<article class="cause"/g)).toHaveLength(1);
    expect(section).toContain(`<span class="cause-kind">framing</span> ${CAUSE}</h3>`);
    expect(section).toContain('<mark class="stray">\\r\\n</mark>');
    expect([...section.matchAll(/href="#check-([a-z0-9-]+)"/g)].map((m) => m[1]?.toUpperCase()).sort()).toEqual([...BROKEN].sort());
    expect(html.indexOf('<section id="causes">')).toBeLessThan(html.indexOf('<section id="checks">'));
    expect(html).toMatch(/<dt>Reference fault<\/dt><dd><code class="fault">crlf-after-204<\/code>/);
    // In the evidence: the stray CRLF after the 204's header section, marked.
    expect(html).toMatch(/<tr id="check-ra-pref-01"[\s\S]*?&lt;&lt;&lt; \\r\\n\n&lt;&lt;! <mark class="stray">\\r\\n<\/mark>/);
  });
});
