import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceDriver } from './driver-api.ts';
import { SessionRegistry, type ActiveSession } from './session-registry.ts';

const session = (id: string, timeoutMs: number): ActiveSession => ({
  id, driver: {} as DeviceDriver, driverName: 'simandroid', capabilities: {}, created: 0, timeoutMs,
});

describe('session registry', () => {
  afterEach(() => vi.useRealTimers());

  it('an unknown id is invalid session id (404)', () => {
    expect(() => new SessionRegistry(() => undefined).get('nope')).toThrow(expect.objectContaining({ error: 'invalid session id', status: 404 }));
  });

  it('expires a session idle for newCommandTimeout; a command resets the clock; 0 never expires', () => {
    vi.useFakeTimers();
    const expired: string[] = [];
    const registry = new SessionRegistry((s) => expired.push(s.id));
    registry.add(session('a', 1000));
    registry.add(session('never', 0));
    vi.advanceTimersByTime(900);
    registry.get('a');
    vi.advanceTimersByTime(900);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(expired).toEqual(['a']);
    vi.advanceTimersByTime(1_000_000);
    expect(expired).toEqual(['a']);
    registry.remove('never');
    expect(registry.list().map((s) => s.id)).toEqual(['a']);
  });
});
