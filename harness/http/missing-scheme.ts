// A URL option given without its scheme — `127.0.0.1:3000`, or `localhost:3000`, which
// `new URL` even accepts, as the scheme `localhost:` — is the commonest slip in a URL
// option. Every URL option (--base-url, --database-url, the sender's --url) names it the
// same way, with the URL the user most likely meant.

const HOST = String.raw`(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)`;
/**
 * Starts like an authority, then the path or the end: a host name, IPv4 or [IPv6] with an
 * optional numeric port; or user info before a host with a port (a database URL's
 * `user:password@host:5432/db` — `mailto:a@b` is no host).
 */
const AUTHORITY_FIRST = new RegExp(String.raw`^(?:${HOST}(?::\d+)?|[^\s/@]*@${HOST}:\d+)(?:[/?#]|$)`, 'i');
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The problem with `raw` as the value of `option` when it has no scheme, with the URL it
 * most likely meant (`scheme://raw`); undefined when it has one or does not look like a
 * host. User info is shown redacted (a database URL may carry a password).
 */
export function missingSchemeProblem(option: string, raw: string, scheme = 'http'): string | undefined {
  if (HAS_SCHEME.test(raw) || !AUTHORITY_FIRST.test(raw)) return undefined;
  try {
    new URL(`${scheme}://${raw}`);
  } catch {
    return undefined;
  }
  const shown = raw.replace(/^[^\s/@]*@/, '[REDACTED]@');
  return `${option} "${shown}" has no scheme: did you mean ${scheme}://${shown}?`;
}
