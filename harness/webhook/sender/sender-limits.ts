// Bounds of the sender's options, shared by deliver() and the CLI so both refuse the
// same values with the same words.
import { missingSchemeProblem } from '../../http/missing-scheme.ts';

export const MAX_ATTEMPTS_RANGE = { min: 1, max: 100 } as const;
export const TIMEOUT_MS_RANGE = { min: 1, max: 600_000 } as const;

export function integerProblem(name: string, value: number, range: { min: number; max: number }): string | undefined {
  if (Number.isInteger(value) && value >= range.min && value <= range.max) return undefined;
  return `${name} must be an integer from ${range.min} to ${range.max}, got ${String(value)}`;
}

/** The delivery URL, or a problem: http(s) only, and no credentials (the URL is written to the dead-letter file). */
export function deliveryUrlOf(text: string, name = 'url'): URL | string {
  const noScheme = missingSchemeProblem(name, text);
  if (noScheme) return noScheme;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${name} "${text}" is not a URL: give the receiver's full delivery URL, e.g. http://127.0.0.1:3000/webhooks/payments`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${name} "${text}" must be an http:// or https:// URL`;
  if (url.username || url.password) return `${name} must not carry credentials (user:password@): the URL is written to the dead-letter file`;
  return url;
}
