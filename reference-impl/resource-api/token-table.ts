// Bearer tokens of the reference (CONTRACTS §5): env API_TOKENS="token:user,token:user".
// Tokens are kept only as SHA-256 digests, so a lookup compares digests, never the
// secret itself, and no token can surface in a log or a heap dump of the table.
import { createHash } from 'node:crypto';

/** Documented development default, used (with a warning) when API_TOKENS is unset. */
export const DEVELOPMENT_TOKENS = 'dev-token-alice:alice,dev-token-bob:bob';

// RFC 6750 b64token: the characters a bearer token may hold.
const TOKEN_SYNTAX = /^[A-Za-z0-9\-._~+/]+=*$/;
// A user id appears as a path segment: unreserved URI characters only.
const USER_SYNTAX = /^[A-Za-z0-9\-._~]{1,64}$/;

export interface TokenTable {
  /** The user a token acts for, or undefined for an unknown token. */
  userFor(token: string): string | undefined;
  /** The distinct users (for start-up logs: never the tokens). */
  readonly users: readonly string[];
}

function digest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function tokenTable(pairs: ReadonlyMap<string, string>): TokenTable {
  const byDigest = new Map<string, string>();
  for (const [token, user] of pairs) byDigest.set(digest(token), user);
  return {
    userFor: (token) => byDigest.get(digest(token)),
    users: [...new Set(pairs.values())],
  };
}

export interface ParsedTokens {
  readonly table: TokenTable;
  readonly problems: readonly string[];
}

/** Parses "token:user,token:user"; every malformed entry is reported, none is skipped silently. */
export function parseApiTokens(value: string): ParsedTokens {
  const problems: string[] = [];
  const pairs = new Map<string, string>();
  const entries = value.split(',').map((entry) => entry.trim());
  entries.forEach((entry, index) => {
    const position = `entry ${index + 1}`;
    const colon = entry.lastIndexOf(':');
    if (colon <= 0 || colon === entry.length - 1) {
      problems.push(`API_TOKENS ${position} is not of the form token:user; write API_TOKENS="token1:alice,token2:bob"`);
      return;
    }
    const token = entry.slice(0, colon);
    const user = entry.slice(colon + 1);
    if (!TOKEN_SYNTAX.test(token)) problems.push(`API_TOKENS ${position}: the token holds characters a bearer token cannot hold (allowed: A-Z a-z 0-9 - . _ ~ + / and trailing =)`);
    if (!USER_SYNTAX.test(user)) problems.push(`API_TOKENS ${position}: user ${JSON.stringify(user)} must be 1-64 characters of A-Z a-z 0-9 - . _ ~`);
    if (pairs.has(token)) problems.push(`API_TOKENS ${position}: the same token is listed twice; each token acts for exactly one user`);
    pairs.set(token, user);
  });
  return { table: tokenTable(pairs), problems };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1];
}
