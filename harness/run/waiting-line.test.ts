import { describe, expect, it } from 'vitest';
import type { Output } from '../report/output.ts';
import { waitingLine } from './waiting-line.ts';

function output(terminal: boolean) {
  const lines: string[] = [];
  const statuses: string[] = [];
  const io: Output = { out: (text) => lines.push(text), err: (text) => lines.push(`err: ${text}`), color: false, ...(terminal ? { status: (text: string) => statuses.push(text) } : {}) };
  return { io, lines, statuses };
}

describe('waitingLine', () => {
  it('on a terminal, rewrites one status line for every waiting system, and clears it before saying one answered', () => {
    const { io, lines, statuses } = output(true);
    const line = waitingLine(io, 30_000);
    const webhook = line.watcher('webhook', 'http://h:1/');
    const api = line.watcher('resource-api', 'http://h:2/');
    webhook.waiting(0);
    api.waiting(10);
    webhook.waiting(1_020);
    webhook.reached(1_480);
    api.gaveUp();
    expect(statuses).toEqual([
      'waiting for webhook to answer: 0 s of 30 s (--wait-for)',
      'waiting for webhook, resource-api to answer: 0 s of 30 s (--wait-for)',
      'waiting for webhook, resource-api to answer: 1 s of 30 s (--wait-for)',
      '',
      'waiting for resource-api to answer: 0 s of 30 s (--wait-for)',
      '',
    ]);
    expect(lines).toEqual(['webhook: http://h:1/ answered after 1.5 s']);
  });

  it('in a log, writes one line when a system starts waiting and one when it answers, none per attempt', () => {
    const { io, lines } = output(false);
    const webhook = waitingLine(io, 2_500).watcher('webhook', 'http://h:1/');
    for (const elapsed of [0, 500, 1_000, 1_500]) webhook.waiting(elapsed);
    webhook.reached(1_700);
    expect(lines).toEqual([
      'webhook: nothing answers at http://h:1/ yet; waiting up to 2.5 s for it (--wait-for)',
      'webhook: http://h:1/ answered after 1.7 s',
    ]);
  });

  it('says nothing of a target that answered at once', () => {
    const { io, lines, statuses } = output(true);
    waitingLine(io, 30_000).watcher('webhook', 'http://h:1/').reached(3);
    expect([...lines, ...statuses]).toEqual([]);
  });
});
