// A clock whose only way forward is the sender's own sleep: every delay the sender
// waits is observed exactly, and none takes real time. deliver() takes it through its
// injectable `sleep` and `now` (the sender's unit tests; WH-SEND-14/15, which deliver to
// the run's target, see the delays the sender chose without waiting them out).
export interface VirtualTime {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Every delay the sender slept, in order. */
  readonly sleeps: readonly number[];
}

export function virtualTime(start = Date.UTC(2026, 10, 21)): VirtualTime {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}
