// report.html of a failing certification, opened from disk in headless Chromium
// (Debian's package, driven by playwright-core): the verdict, a failed check's
// transcript and the clause-coverage table are visible, nothing is fetched from the
// network, and a screenshot is kept in the report dir as report.png.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`skipping the report.html browser test: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run installs it)`);

describe('report.html of a failing certification', () => {
  let run: WirecheckRun;
  let browser: BrowserContext | undefined;

  beforeAll(async () => {
    run = await runWirecheck(['run', 'webhook', '--only', 'WH-SIG-01,WH-SIG-02,WH-ACK-07', '--reference-fault', 'lowercase-only-hex', '--seed', '4711', '--no-allure']);
    if (hasChromium) {
      browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'wirecheck-chromium-')), {
        executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 },
      });
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('is written next to summary.json, one self-contained file with the transcript escaped', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toContain(`html     ${join(run.reportDir, 'report.html')}`);
    const html = readFileSync(join(run.reportDir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<(link|img|iframe)\b|src=|https?:\/\/(?!127\.0\.0\.1)/);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('&lt;&lt;&lt; HTTP/1.1 401 Unauthorized');
  });

  it('shows the verdict, a failed check\'s transcript and the clause coverage in Chromium', async (ctx) => {
    if (!browser) return ctx.skip(`${CHROMIUM} is missing`);
    const page = await browser.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => { if (!request.url().startsWith('file://')) fetched.push(request.url()); });
    await page.goto(`file://${join(run.reportDir, 'report.html')}`);

    await expect.poll(() => page.locator('.verdict-word').innerText()).toBe('FAILED');
    expect(await page.locator('.verdict-why').innerText()).toContain('exit 1');
    expect(await page.locator('.meta').innerText()).toMatch(/SEED\s+4711/i);

    const transcript = page.locator('#check-wh-sig-02 + tr pre.transcript');
    expect(await transcript.isVisible()).toBe(true);
    expect(await transcript.innerText()).toContain('<<< HTTP/1.1 401 Unauthorized');
    expect(await transcript.innerText()).toContain('x-webhook-signature: [REDACTED]');
    expect(await page.locator('#check-wh-sig-02 + tr').innerText()).toContain('npx wirecheck replay WH-SIG-02 --seed 4711');
    // Beside the verdict, the spec's own words that make the check MUST.
    const basis = page.locator('#check-wh-sig-02 blockquote.basis');
    expect(await basis.isVisible()).toBe(true);
    expect(await basis.innerText()).toContain('64 hexadecimal characters (either case)');
    const summary = JSON.parse(readFileSync(join(run.reportDir, 'summary.json'), 'utf8')) as { checks: { id: string; basis?: { quote: string } }[] };
    expect(summary.checks.find((c) => c.id === 'WH-SIG-02')?.basis?.quote).toContain('64 hexadecimal characters (either case)');

    const coverage = page.locator('#coverage table.coverage').first();
    expect(await coverage.isVisible()).toBe(true);
    expect(await coverage.locator('tr', { hasText: 'Authentication 2' }).innerText()).toContain('UNCHECKABLE');
    expect(await coverage.locator('tr', { hasText: 'Request headers: x-webhook-signature' }).innerText()).toMatch(/WH-SIG-02\s+failed/);

    await page.locator('.filters button[data-filter="failed"]').click();
    expect(await page.locator('#check-wh-sig-01').isVisible()).toBe(false);
    expect(await page.locator('#check-wh-sig-02').isVisible()).toBe(true);
    await page.locator('.filters button[data-filter="all"]').click();

    await page.screenshot({ path: join(run.reportDir, 'report.png'), fullPage: true });
    console.log(`report.html screenshot: ${join(run.reportDir, 'report.png')}`);
    expect(fetched).toEqual([]);
  }, 60_000);

  it('shows a failed check on its first screen (1280×800): failures are listed before the passes', async (ctx) => {
    if (!browser) return ctx.skip(`${CHROMIUM} is missing`);
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`file://${join(run.reportDir, 'report.html')}`);
    await expect.poll(() => page.locator('.verdict-word').innerText()).toBe('FAILED');
    const rows = await page.locator('table.checks tr.check').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-outcome')));
    expect(rows.indexOf('failed')).toBe(0);
    expect(rows.lastIndexOf('failed')).toBeLessThan(rows.indexOf('passed'));
    const failed = page.locator('table.checks tr.check.o-failed').first();
    expect(await failed.locator('td.id').innerText()).toBe('WH-SIG-02');
    const box = await failed.boundingBox();
    expect(box, 'the failed row is laid out').not.toBeNull();
    expect((box?.y ?? -1) >= 0 && (box?.y ?? Infinity) + (box?.height ?? 0) <= 800, `the failed row (y ${box?.y}, height ${box?.height}) is inside the first 800 px`).toBe(true);
    expect(await failed.isVisible()).toBe(true);
    await page.screenshot({ path: join(run.reportDir, 'report-first-screen.png') });
    console.log(`report.html first screen: ${join(run.reportDir, 'report-first-screen.png')}`);
  }, 60_000);
});
