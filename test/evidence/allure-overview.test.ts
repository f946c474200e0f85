// Allure's report of a failing certification, opened from disk in headless Chromium
// (Debian's package, driven by playwright-core): its overview names the verdict and the
// reference fault, lists the failed MUST checks first and as failed, and keeps a warned
// SHOULD check apart from them (resolved "accepted", its own category). Screenshots of
// its first screen and its categories are kept in the report dir.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWirecheck, type WirecheckRun } from '../testing/run-wirecheck.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`skipping the Allure overview browser test: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run installs it)`);

const MUST_FAILED = ['RA-PREF-01', 'RA-AUTH-07'];
const SHOULD_WARNED = 'RA-COND-07';

/** Each test the tree shows: its id, status and whether Allure resolved it accepted. */
async function leaves(page: Page): Promise<{ id: string; status: string; accepted: boolean }[]> {
  return page.locator('[data-testid="tree-leaf"]').evaluateAll((nodes) => nodes.map((node) => ({
    id: (node.querySelector('[data-testid="tree-leaf-title"]')?.textContent ?? '').split(' ')[0] ?? '',
    status: (node.querySelector('[data-testid^="tree-leaf-status-"]')?.getAttribute('data-testid') ?? '').replace('tree-leaf-status-', ''),
    accepted: node.querySelector('[data-testid="tree-leaf-resolution-accepted"]') !== null,
  })));
}

describe('the Allure report of a failing certification', () => {
  let run: WirecheckRun;
  let browser: BrowserContext | undefined;

  beforeAll(async () => {
    run = await runWirecheck(['run', 'resource-api', '--reference-fault', 'crlf-after-204', '--only', `${MUST_FAILED.join(',')},${SHOULD_WARNED},RA-AUTH-01,RA-META-01`, '--seed', '7']);
    if (hasChromium) {
      browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'wirecheck-chromium-')), {
        executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 },
      });
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('is generated with the verdict and the fault in its results dir', () => {
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.summary?.checks.filter((c) => c.outcome === 'failed').map((c) => c.id).sort()).toEqual([...MUST_FAILED].sort());
    expect(run.summary?.checks.find((c) => c.id === SHOULD_WARNED)?.outcome).toBe('warned');
    expect(run.stdout).toContain(`allure   ${join(run.reportDir, 'allure-report', 'index.html')}`);
    const properties = readFileSync(join(run.reportDir, 'allure-results', 'environment.properties'), 'utf8');
    expect(properties).toContain('verdict=FAILED (exit 1): 2 gating failures · 1 SHOULD warning, not gating\n');
    expect(properties).toContain('reference.fault=crlf-after-204 ');
    expect(properties).toContain('seed=7\n');
  });

  it('shows FAILED, the fault and the failed MUST checks as failed on its overview, the SHOULD warning apart', async (ctx) => {
    if (!browser) return ctx.skip(`${CHROMIUM} is missing`);
    const page = await browser.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => { if (!/^(file|data|blob):/.test(request.url())) fetched.push(request.url()); });
    await page.goto(`file://${join(run.reportDir, 'allure-report', 'index.html')}`);
    await page.locator('[data-testid="tree-leaf"]').first().waitFor();

    expect(await page.locator('[data-testid="report-title"]').innerText()).toBe('wirecheck FAILED (exit 1) — resource-api — fault: crlf-after-204');
    const metadata = Object.fromEntries(await page.locator('[data-testid="metadata-item"]').evaluateAll((items) => items.map((item) => [
      item.querySelector('[data-testid="metadata-item-key"]')?.textContent ?? '', item.querySelector('[data-testid="metadata-item-value"]')?.textContent ?? '',
    ])));
    expect(metadata).toMatchObject({ verdict: expect.stringMatching(/^FAILED \(exit 1\)/), 'reference.fault': expect.stringContaining('crlf-after-204'), seed: '7', harness: expect.stringMatching(/^wirecheck /) });
    // Allure's failed is summary.json's failed plus warned (it has no warned).
    expect(await page.locator('[data-testid="metadata-item-failed"] [data-testid="metadata-value"]').innerText()).toBe('3');

    const tree = await leaves(page);
    expect(tree[0], 'the tree lists a failure first').toMatchObject({ status: 'failed', accepted: false });
    for (const id of MUST_FAILED) expect(tree.find((l) => l.id === id), id).toEqual({ id, status: 'failed', accepted: false });
    expect(tree.find((l) => l.id === SHOULD_WARNED), 'a SHOULD warning is resolved accepted: it does not gate').toEqual({ id: SHOULD_WARNED, status: 'failed', accepted: true });
    // The first screen (1280×800; Allure scrolls its first test into view): the verdict and a failed MUST check.
    const onFirstScreen = async (selector: string) => {
      const box = await page.locator(selector).first().boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 800;
    };
    expect(await onFirstScreen('[data-testid="metadata-item"]:has-text("verdict")'), 'the verdict on the first screen').toBe(true);
    expect(await onFirstScreen('[data-testid="metadata-item"]:has-text("reference.fault")'), 'the fault on the first screen').toBe(true);
    expect(await onFirstScreen(`[data-testid="tree-leaf"]:has([data-testid="tree-leaf-status-failed"]):has-text("${MUST_FAILED[1]}")`), 'a failed MUST check on the first screen').toBe(true);
    await page.screenshot({ path: join(run.reportDir, 'allure-first-screen.png') });
    // The whole overview, title to tree (Allure scrolls an inner pane, not the page).
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.locator('*').evaluateAll((nodes) => { for (const node of nodes) if (node.scrollTop > 0) node.scrollTop = 0; });
    await page.screenshot({ path: join(run.reportDir, 'allure-overview.png') });

    await page.locator('[data-testid="nav-tab-categories"]').click();
    await page.getByText('MUST failures', { exact: true }).waitFor();
    // Each category: its header (name, count) and, beside it, its tests.
    const sections = await page.locator('[data-testid="tree-section"]').evaluateAll((nodes) => nodes.map((node) => node.parentElement?.textContent ?? ''));
    const section = (name: string) => sections.find((text) => text.startsWith(name)) ?? '';
    for (const id of MUST_FAILED) expect(section('MUST failures')).toContain(id);
    expect(section('MUST failures')).not.toContain(SHOULD_WARNED);
    expect(section('SHOULD warnings (not gating)')).toContain(SHOULD_WARNED);
    await page.screenshot({ path: join(run.reportDir, 'allure-categories.png') });
    console.log(`Allure screenshots: ${join(run.reportDir, 'allure-first-screen.png')}, allure-overview.png, allure-categories.png`);
    expect(fetched).toEqual([]);
  }, 60_000);
});
