// --header / --secret-header: what is accepted, every refusal naming the fix (and never
// a secret's value), and how extra headers join a request's own.
import { describe, expect, it } from 'vitest';
import { parseExtraHeader, parseExtraHeaders, secretHeaderArgument, withHeaderLinesAdded, withHeadersAdded, type ExtraHeader } from './extra-headers.ts';

const KEY: ExtraHeader = { name: 'X-Gateway-Key', value: 'k-123456', secret: true };
const TAG: ExtraHeader = { name: 'X-Client-Tag', value: 'wirecheck', secret: false };

describe('parseExtraHeader', () => {
  it('reads "Name: value", trimming the value\'s outer spaces and tabs', () => {
    expect(parseExtraHeader('X-Client-Tag:  wire check\t', false, {})).toEqual({ name: 'X-Client-Tag', value: 'wire check', secret: false });
    expect(parseExtraHeader('X-Empty:', false, {})).toEqual({ name: 'X-Empty', value: '', secret: false });
  });

  it('reads a secret\'s env:NAME from the environment, and names the variable when it is unset', () => {
    expect(parseExtraHeader('X-Gateway-Key: env:GW_KEY', true, { GW_KEY: 'from-env-1' })).toEqual({ name: 'X-Gateway-Key', value: 'from-env-1', secret: true, env: 'GW_KEY' });
    expect(parseExtraHeader('X-Gateway-Key: env:GW_KEY', true, {})).toMatch(/^--secret-header X-Gateway-Key: the environment variable GW_KEY \(from env:GW_KEY\) is not set or empty: export it/);
    // A plain header's value is what it says.
    expect(parseExtraHeader('X-Note: env:GW_KEY', false, { GW_KEY: 'x' })).toMatchObject({ value: 'env:GW_KEY' });
  });

  it.each([
    ['X-Gateway-Key abc', false, /^--header "X-Gateway-Key abc" has no colon: give it as "Name: value", e\.g\. --header "X-Api-Key: abc123"$/],
    [': abc', false, /has an empty name before its colon: give it as "Name: value"/],
    ['X Key: abc', false, /: "X Key" is not a header name \(letters, digits and .* no spaces\)/],
    ['X-Key: a\r\nInjected: 1', false, /its value holds \\x0d at character 2: a header value here is one line of visible ASCII characters/],
    ['X-Key: a\u0000b', false, /holds \\x00 at character 2/],
    ['X-Key: café', false, /holds a non-ASCII character at character 4/],
    ['Content-Length: 5', false, /^--header Content-Length: the harness does not add Content-Length, which frames the body/],
    ['transfer-encoding: chunked', false, /does not add transfer-encoding, which frames the body/],
    ['Host: evil.example', false, /does not add Host, which names the target/],
    ['Connection: close', false, /does not add Connection, which decides whether a connection is kept/],
    // Headers checks send or leave out on purpose: on every request they would fail a correct target.
    ['Authorization: Bearer abcd', true, /^--secret-header Authorization: the harness does not add Authorization to every request: the access checks send without it .* --token/],
    ['X-Webhook-Signature: 00ff', false, /does not add X-Webhook-Signature to every request: .* --secret$/],
    ['content-type: text/plain', false, /does not add content-type to every request: the parsing and input checks vary it/],
    ['Origin: https://a.example', false, /does not add Origin to every request: the CORS checks/],
    ['If-Match: "x"', false, /does not add If-Match to every request/],
    ['Prefer: return=minimal', false, /does not add Prefer to every request/],
  ])('refuses %j', (raw, secret, message) => {
    expect(parseExtraHeader(raw, secret, {})).toMatch(message);
  });

  it('never quotes a secret\'s value back, whatever is wrong with it', () => {
    for (const raw of ['s3cr3t-no-colon', 'X-Gateway-Key: s3cr3t\u0007', 'X-Gateway-Key: s3c']) {
      const problem = parseExtraHeader(raw, true, {});
      expect(typeof problem).toBe('string');
      expect(problem).not.toContain('s3c');
    }
    expect(parseExtraHeader('X-Gateway-Key: abc', true, {})).toMatch(/a secret value needs at least 4 characters/);
  });
});

describe('parseExtraHeaders', () => {
  it('lists every problem at once, a name given twice among them', () => {
    const problems: string[] = [];
    const headers = parseExtraHeaders(['X-Client-Tag: a', 'nocolon'], ['x-client-tag: abcd', 'X-Gateway-Key: k-123456'], {}, problems);
    expect(headers.map((h) => h.name)).toEqual(['X-Client-Tag', 'X-Gateway-Key']);
    expect(problems).toEqual([
      expect.stringMatching(/^--header "nocolon" has no colon/),
      'the header x-client-tag is given twice (--header, --secret-header): give each header once',
    ]);
  });
});

describe('secretHeaderArgument', () => {
  it('shows a secret as an environment reference: env:NAME as given, else named after the header', () => {
    expect(secretHeaderArgument('X-Gateway-Key: k-123456')).toBe('X-Gateway-Key: env:X_GATEWAY_KEY');
    expect(secretHeaderArgument('X-Gateway-Key: env:GW_KEY')).toBe('X-Gateway-Key: env:GW_KEY');
    expect(secretHeaderArgument('k-123456')).toBe('<secret-header>');
  });
});

describe('withHeadersAdded', () => {
  it('adds the extra headers after a request\'s own, its own winning whatever the spelling', () => {
    expect(withHeadersAdded([['content-type', 'application/json']], [TAG, { name: 'Content-Type', value: 'text/plain', secret: false }]))
      .toEqual([['content-type', 'application/json'], ['X-Client-Tag', 'wirecheck']]);
    expect(withHeadersAdded([], [])).toEqual([]);
  });
});

describe('withHeaderLinesAdded', () => {
  it('inserts the missing extra headers after the request line of pre-serialized bytes', () => {
    const bytes = Buffer.from('GET /x HTTP/1.1\r\nHost: a\r\nx-gateway-key: own\r\n\r\n');
    expect(withHeaderLinesAdded(bytes, [KEY, TAG]).toString()).toBe('GET /x HTTP/1.1\r\nX-Client-Tag: wirecheck\r\nHost: a\r\nx-gateway-key: own\r\n\r\n');
  });

  it('leaves bytes without a CRLF-ended request line as they are', () => {
    const bytes = Buffer.from('GET /x HTTP/1.1\n\n');
    expect(withHeaderLinesAdded(bytes, [TAG])).toBe(bytes);
  });
});
