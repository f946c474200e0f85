// report.html's clause-coverage table, read back from the HTML and held against the
// catalog: every rule of every system has the status the README's rule gives it, and
// lists exactly the checks that cite it.
import { describe, expect, it } from 'vitest';
import { checksOf, clausesOf } from '../../systems/catalog.ts';
import { systemNames } from '../../systems/registry.ts';
import type { Summary } from '../summary.ts';
import { clauseCoverage } from './clause-coverage.ts';
import type { CheckView } from './report-view.ts';

interface Row { readonly status: string; readonly ids: readonly string[]; readonly label: string }

function summaryOf(systems: readonly string[]): Summary {
  return { schema: 'wirecheck.summary/v1', systems, target: { kind: 'reference', baseUrl: '' }, startedAt: '2026-11-21T10:00:00.000Z', durationMs: 1, seed: 1, exitCode: 0, totals: { passed: 0, failed: 0, warned: 0, skipped: 0, info: 0, error: 0 }, checks: [] };
}

/** The table of one system, row by row, as the page shows it. */
function tableOf(system: string, checks: readonly CheckView[] = []): Map<string, Row> {
  const html = clauseCoverage({ summary: summaryOf([system]), checks });
  const rows = new Map<string, Row>();
  for (const [, status = '', clause = '', cells = ''] of html.matchAll(/<tr class="(\w+)"><td class="clause">([^<]*)<\/td><td>[^<]*<\/td>(.*?)<\/tr>/g)) {
    const ids = [...cells.matchAll(/class="cbadge[^"]*"[^>]*>([A-Z]+-[A-Z]+-\d{2})/g)].map((m) => m[1] ?? '');
    const label = /<span class="cov [\w-]+">([^<]+)<\/span>/.exec(cells)?.[1] ?? '';
    rows.set(clause.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, '\''), { status, ids, label });
  }
  return rows;
}

const LABEL: Readonly<Record<string, string>> = { covered: 'covered', observed: 'observed only', uncheckable: 'uncheckable', gap: 'no check' };

describe('the clause-coverage table', () => {
  it.each(systemNames())('gives every rule of %s the status the catalog gives it: covered by a MUST or SHOULD check, observed only by INFO checks', (system) => {
    const table = tableOf(system);
    const checks = checksOf(system);
    expect([...table.keys()]).toEqual(clausesOf(system).map((c) => c.clause));
    for (const clause of clausesOf(system)) {
      const citing = checks.filter((c) => c.clause === clause.clause || (c.alsoCovers ?? []).includes(clause.clause));
      const expected = citing.some((c) => c.level === 'MUST' || c.level === 'SHOULD') ? 'covered'
        : citing.length > 0 ? 'observed' : clause.uncheckable ? 'uncheckable' : 'gap';
      const row = table.get(clause.clause);
      expect({ clause: clause.clause, status: row?.status, label: row?.label, ids: [...(row?.ids ?? [])].sort() })
        .toEqual({ clause: clause.clause, status: expected, label: LABEL[expected], ids: citing.map((c) => c.id).sort() });
    }
  });

  it('counts a rule the spec states twice as covered by the checks testing it (Processing order 4/5, newer version)', () => {
    const table = tableOf('webhook');
    expect(table.get('Processing order 4')).toMatchObject({ status: 'covered', ids: expect.arrayContaining(['WH-ACK-03', 'WH-ACK-04']) });
    expect(table.get('Processing order 5')).toMatchObject({ status: 'covered', ids: expect.arrayContaining(['WH-ACK-01']) });
    expect(table.get('States and transitions: newer version')).toMatchObject({ status: 'covered', ids: expect.arrayContaining(['WH-ORD-03']) });
  });

  it('marks a rule only INFO checks cite as observed only, never covered', () => {
    const table = tableOf('webhook');
    expect(table.get('Payment state')).toEqual({ status: 'observed', label: 'observed only', ids: ['WH-ORD-04', 'WH-ORD-05'] });
    expect(table.get('Operational records')).toMatchObject({ status: 'observed', ids: ['WH-OPS-01'] });
    expect(table.get('Authentication 7')).toMatchObject({ status: 'gap', label: 'no check', ids: [] });
  });

  it('sums its rules in the heading: covered, observed only, uncheckable, without a check', () => {
    const html = clauseCoverage({ summary: summaryOf(['webhook']), checks: [] });
    const table = tableOf('webhook');
    const count = (status: string) => [...table.values()].filter((r) => r.status === status).length;
    expect(html).toContain(`${table.size} rules · ${count('covered')} covered · ${count('observed')} observed only · ${count('uncheckable')} uncheckable · ${count('gap')} without a check`);
    expect(count('observed')).toBeGreaterThan(0);
  });

  it('shows the outcome of each check that ran in this report', () => {
    const ran: CheckView = { id: 'WH-ACK-03', system: 'webhook', level: 'MUST', outcome: 'passed', title: 't', clause: 'States and transitions: new event', durationMs: 1, area: 'ACK' };
    const html = clauseCoverage({ summary: summaryOf(['webhook']), checks: [ran] });
    expect(html).toMatch(/<td class="clause">Processing order 4<\/td>.*<a class="cbadge o-passed" href="#check-wh-ack-03"/);
  });
});
