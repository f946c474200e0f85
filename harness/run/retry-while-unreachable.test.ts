import { describe, expect, it } from 'vitest';
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { retryWhileUnreachable, type RetryWatcher } from './retry-while-unreachable.ts';

const unreachable = () => new WirecheckError(ERROR_CODES.targetUnreachable, 'the webhook receiver at http://h:1 is not reachable (ECONNREFUSED).');

function watched() {
  const seen: string[] = [];
  const watcher: RetryWatcher = { waiting: () => seen.push('waiting'), reached: () => seen.push('reached'), gaveUp: () => seen.push('gaveUp') };
  return { seen, watcher };
}

describe('retryWhileUnreachable', () => {
  it('tries again while the target is unreachable, until it answers', async () => {
    const { seen, watcher } = watched();
    let attempts = 0;
    const value = await retryWhileUnreachable(async () => {
      attempts += 1;
      if (attempts < 3) throw unreachable();
      return 'started';
    }, 5_000, watcher, 10);
    expect([value, attempts]).toEqual(['started', 3]);
    expect(seen).toEqual(['waiting', 'waiting', 'reached']);
  });

  it('does not retry any other failure: an answer the preflight judges wrong is not waited away', async () => {
    const { seen, watcher } = watched();
    let attempts = 0;
    const wrongPath = new WirecheckError(ERROR_CODES.preflightFailed, 'the status route does not answer at the base path given');
    await expect(retryWhileUnreachable(async () => { attempts += 1; throw wrongPath; }, 5_000, watcher, 10)).rejects.toBe(wrongPath);
    expect([attempts, seen]).toEqual([1, []]);
  });

  it('with no wait (0, the default), throws the unreachable error as it is, after one attempt', async () => {
    const { watcher } = watched();
    const error = unreachable();
    await expect(retryWhileUnreachable(async () => { throw error; }, 0, watcher, 10)).rejects.toBe(error);
  });

  it('once the time is up, throws the usual message and how long it waited', async () => {
    const { seen, watcher } = watched();
    const failure = retryWhileUnreachable(async () => { throw unreachable(); }, 120, watcher, 20);
    await expect(failure).rejects.toMatchObject({
      code: ERROR_CODES.targetUnreachable,
      message: expect.stringMatching(/^the webhook receiver at http:\/\/h:1 is not reachable \(ECONNREFUSED\)\. Waited [\d.]+ s for it to answer \(--wait-for 0\.12\); if it takes longer to start, give a larger --wait-for\.$/),
    });
    expect(seen.at(-1)).toBe('gaveUp');
    expect(seen.filter((s) => s === 'waiting').length).toBeGreaterThanOrEqual(3);
  });
});
