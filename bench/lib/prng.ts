// A small deterministic PRNG (mulberry32): fuzz cases and kill moments replay from a seed.
export type Random = () => number;

export function prng(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Picks a key by weight. */
export function weighted<K extends string>(random: Random, weights: Readonly<Record<K, number>>): K {
  const entries = Object.entries(weights) as [K, number][];
  let r = random() * entries.reduce((a, [, w]) => a + w, 0);
  for (const [key, w] of entries) if ((r -= w) < 0) return key;
  return (entries[entries.length - 1] as [K, number])[0];
}
