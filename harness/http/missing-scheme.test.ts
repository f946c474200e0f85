// A URL option without its scheme is named as such, with the URL it most likely meant.
import { describe, expect, it } from 'vitest';
import { missingSchemeProblem } from './missing-scheme.ts';

describe('missingSchemeProblem', () => {
  it('suggests http:// for a host and port, also where new URL reads the host as a scheme (localhost:3000)', () => {
    expect(missingSchemeProblem('--base-url', '127.0.0.1:3000')).toBe('--base-url "127.0.0.1:3000" has no scheme: did you mean http://127.0.0.1:3000?');
    expect(new URL('localhost:3000').protocol).toBe('localhost:');
    expect(missingSchemeProblem('--base-url', 'localhost:3000')).toBe('--base-url "localhost:3000" has no scheme: did you mean http://localhost:3000?');
    expect(missingSchemeProblem('--url', 'localhost:3000/webhooks/payments')).toBe('--url "localhost:3000/webhooks/payments" has no scheme: did you mean http://localhost:3000/webhooks/payments?');
    expect(missingSchemeProblem('--base-url', '[::1]:4723/wd/hub/')).toBe('--base-url "[::1]:4723/wd/hub/" has no scheme: did you mean http://[::1]:4723/wd/hub/?');
    expect(missingSchemeProblem('--base-url', 'staging.example.com')).toBe('--base-url "staging.example.com" has no scheme: did you mean http://staging.example.com?');
  });

  it('suggests the scheme it is given, and shows user info redacted', () => {
    expect(missingSchemeProblem('--database-url', 'postgres:s3cret@127.0.0.1:5432/test', 'postgres'))
      .toBe('--database-url "[REDACTED]@127.0.0.1:5432/test" has no scheme: did you mean postgres://[REDACTED]@127.0.0.1:5432/test?');
  });

  it('says nothing of a URL with a scheme, or of a value that does not start like a host', () => {
    for (const raw of ['http://127.0.0.1:3000', 'ftp://h', 'HTTPS://h:1/', 'mailto:a@b', 'http:x', 'not a url', '/webhooks/payments', ':3000', '']) {
      expect(missingSchemeProblem('--base-url', raw), raw).toBeUndefined();
    }
  });
});
