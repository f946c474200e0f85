// The webhook certifies the target, and only the target (issue 29): WH-SEND-01..13 judged
// wirecheck's own bundled sender against a simulated receiver, so they are retired — the
// sender's unit tests now (harness/webhook/sender/delivery-rules.test.ts) — and its rules
// of the sender alone leave the webhook's clause list for webhook-sender's. WH-SEND-14/15,
// which deliver to the target, stay.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../project-paths.ts';
import { checksOf, clausesOf } from '../catalog.ts';
import { webhookSuites } from './suites.ts';

const RETIRED = Array.from({ length: 13 }, (_, i) => `WH-SEND-${String(i + 1).padStart(2, '0')}`);

describe('the webhook\'s retired sender checks', () => {
  it('are in neither the catalog nor the suite index; WH-SEND-14/15 are', () => {
    const ids = checksOf('webhook').map((c) => c.id);
    expect(ids.filter((id) => RETIRED.includes(id))).toEqual([]);
    expect(Object.values(webhookSuites).flat().filter((id) => RETIRED.includes(id))).toEqual([]);
    expect(ids.filter((id) => id.startsWith('WH-SEND-'))).toEqual(['WH-SEND-14', 'WH-SEND-15']);
  });

  it('leave the sender\'s own rules to webhook-sender: each webhook rule of the sender is cited by a webhook check', () => {
    const cited = new Set(checksOf('webhook').flatMap((c) => [c.clause, ...(c.alsoCovers ?? [])]));
    const senderRules = clausesOf('webhook').filter((c) => /^(Sender|Limits): /.test(c.clause)).map((c) => c.clause);
    expect(senderRules.filter((clause) => !cited.has(clause))).toEqual([]);
    const webhookSender = clausesOf('webhook-sender').map((c) => c.clause);
    for (const rule of ['Sender: retry', 'Sender: cap reached', 'Sender: delay', 'Limits: attempt cap']) {
      expect(senderRules, rule).not.toContain(rule);
      expect(webhookSender, rule).toContain(rule);
    }
  });

  it('are recorded as retired on the webhook\'s page, where its checks are listed', () => {
    const page = readFileSync(projectPath('docs', 'systems', 'webhook.md'), 'utf8');
    expect(page).toContain('retired in issue 29: they judged wirecheck\'s own sender, now its unit tests; senders are certified by the webhook-sender system');
  });
});
