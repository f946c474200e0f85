import { describe, expect, it } from 'vitest';
import { resolveWebhookSenderOptions } from './webhook-sender-options.ts';

function resolve(values: Record<string, unknown>): { own: ReturnType<typeof resolveWebhookSenderOptions>; problems: string[] } {
  const problems: string[] = [];
  const own = resolveWebhookSenderOptions({ values: values as never, env: {}, external: true, selected: true, cwd: '/tmp', faults: [], problems });
  return { own, problems };
}

describe('the webhook sender\'s options', () => {
  it('take any finite sender timeout the vendor states: the spec shows none ("Sender timeout …: not shown")', () => {
    // 120 s was the most it took before; a sender's timeout of 5 minutes is as correct.
    const { own, problems } = resolve({ senderCmd: 'my-sender {url} {event}', senderTimeoutMs: '300000' });
    expect(problems).toEqual([]);
    expect(own.senderTimeoutMs).toBe(300_000);
    expect(resolve({ senderCmd: 'my-sender', senderTimeoutMs: '0' }).problems).toEqual([expect.stringContaining('--sender-timeout-ms must be a whole number from 1')]);
  });

  it('state no timeout of their own when the vendor states none: an unanswered attempt then ends at the sender\'s close', () => {
    expect(resolve({ senderCmd: 'my-sender {url} {event}' }).own.senderTimeoutMs).toBeUndefined();
  });

  it('take --sender-start-timeout in seconds, for --sender-cmd only', () => {
    expect(resolve({ senderCmd: 'my-sender', senderStartTimeout: '90' }).own.startTimeoutMs).toBe(90_000);
    expect(resolve({ listen: true, senderSecret: 'sekrit-1', senderStartTimeout: '90' }).problems).toEqual([expect.stringContaining('--sender-start-timeout is for --sender-cmd')]);
  });
});
