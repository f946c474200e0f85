// What a preflight found out about a target reaches the checks with it (withDiscoveries):
// the needs it now meets and the fields its options would have set; nothing else changes.
import { describe, expect, it } from 'vitest';
import type { SystemTarget } from '../target/target-info.ts';
import { withDiscoveries } from './preflight-targets.ts';

const webhook: SystemTarget & { versionField?: string } = { system: 'webhook', kind: 'external', baseUrl: 'http://127.0.0.1:3000/', capabilities: ['probe'] };
const api: SystemTarget = { system: 'resource-api', kind: 'external', baseUrl: 'http://127.0.0.1:3001/', capabilities: [] };

describe('withDiscoveries', () => {
  it('merges a target\'s discovered needs and fields into it, once each', () => {
    const targets = withDiscoveries({ webhook, 'resource-api': api }, {
      webhook: { discovered: { capabilities: ['event-version', 'probe'], fields: { versionField: 'sequence' } } },
    });
    expect(targets.webhook).toEqual({ ...webhook, capabilities: ['probe', 'event-version'], versionField: 'sequence' });
    expect(targets['resource-api']).toBe(api);
  });

  it('leaves the targets as they are where nothing was discovered (a finding, an unmet need)', () => {
    const targets = withDiscoveries({ webhook }, { webhook: { probe: 'broken', unmet: { 'event-version': 'none found' } } });
    expect(targets.webhook).toBe(webhook);
  });
});
