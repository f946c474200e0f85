// A target deployed under a base path (`http://host:4723/wd/hub/`) must see every
// suite's request under that path, so suites write relative targets (`status`) and the
// base URL decides. The base path always counts as a directory, with or without its
// trailing slash: `/wd/hub` + `status` is `/wd/hub/status`, unlike WHATWG URL resolution.

import { ExchangeCode, ExchangeError } from './http-errors.ts';

/** The base URL as a URL object; only absolute http: and https: URLs are accepted. */
export function parseBaseUrl(baseUrl: string | URL): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ExchangeError(ExchangeCode.url, `invalid base URL ${JSON.stringify(String(baseUrl))}: expected an absolute URL such as http://127.0.0.1:8080/`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExchangeError(ExchangeCode.url, `unsupported base URL ${JSON.stringify(url.href)}: the scheme must be http: or https:, got ${url.protocol}`);
  }
  return url;
}

/**
 * The request-target to send for `target` under `baseUrl`: origin-form targets (`/x`),
 * `*` and absolute-form targets (`http://...`) are used as given; anything else is
 * appended to the base URL's path. Nothing is normalized or percent-encoded.
 */
export function resolveTarget(baseUrl: string | URL, target: string): string {
  if (target.startsWith('/') || target === '*' || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(target)) return target;
  const base = parseBaseUrl(baseUrl).pathname;
  return (base.endsWith('/') ? base : `${base}/`) + target;
}
