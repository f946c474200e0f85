import { describe, expect, it } from 'vitest';
import type { SystemCheck } from './check-definition.ts';
import { unmetNeed } from './check.ts';
import type { SystemTarget, TargetKind } from '../target/target-info.ts';

const race: SystemCheck = { id: 'WH-CONC-02', level: 'MUST', title: 'races across instances', clause: 'c', needs: ['probe', 'multi-instance'], system: 'webhook', area: 'CONC' };
const target = (kind: TargetKind, capabilities: SystemTarget['capabilities']): SystemTarget => ({ system: 'webhook', kind, baseUrl: 'http://127.0.0.1:3000/', capabilities });

describe('unmetNeed', () => {
  it('says what would give an external target several instances: --base-url once per instance, not DATABASE_URL', () => {
    const reason = unmetNeed(race, target('external', ['probe']));
    expect(reason).toMatch(/^needs multi-instance: .*--base-url once per instance/);
    expect(reason).not.toContain('DATABASE_URL');
  });

  it('says what would give the reference several instances: PostgreSQL (DATABASE_URL or --database-url)', () => {
    const reason = unmetNeed(race, target('reference', ['probe', 'event-version']));
    expect(reason).toMatch(/^needs multi-instance: .*DATABASE_URL or --database-url/);
    expect(reason).not.toContain('--base-url');
  });

  it('says, after the need\'s own reason, why the preflight found nothing where it looked for the need', () => {
    const ordering: SystemCheck = { id: 'WH-ORD-01', level: 'MUST', title: 'stale version', clause: 'c', needs: ['probe', 'event-version'], system: 'webhook', area: 'ORD' };
    const found = { unmet: { 'event-version': 'the preflight looked through the probe and found none: …' } } as const;
    expect(unmetNeed(ordering, target('external', ['probe']), found)).toMatch(/^needs --version-field: .*; the preflight looked through the probe and found none: …$/);
    expect(unmetNeed(ordering, target('external', ['probe']), {})).not.toContain(';  ');
    expect(unmetNeed(ordering, target('external', ['probe', 'event-version']), found)).toBeUndefined();
  });

  it('names the first need the target lacks, and none when it has them all', () => {
    expect(unmetNeed(race, target('external', []))).toBe('needs probe');
    expect(unmetNeed(race, target('external', ['probe', 'multi-instance']))).toBeUndefined();
  });
});
