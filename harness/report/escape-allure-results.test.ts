import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeAllureResults } from './escape-allure-results.ts';

const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/u;
const INJECTED = '\x1b]0;pwned\x07\rover\u009b\u202e';

describe('escapeAllureResults', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('escapes every string of the results, steps included, and the text attachments, and leaves the rest', () => {
    dir = mkdtempSync(join(tmpdir(), 'wirecheck-allure-'));
    const result = {
      name: 'RA-PREF-02', status: 'failed',
      statusDetails: { message: `answered ${INJECTED}\nline two`, trace: `AssertionError: ${INJECTED}` },
      steps: [{ name: 'expect(500).toBe(200)', statusDetails: { message: INJECTED } }],
    };
    writeFileSync(join(dir, 'a-result.json'), JSON.stringify(result));
    writeFileSync(join(dir, 'b-attachment.txt'), `### ${INJECTED}\n<<< ok`);
    writeFileSync(join(dir, 'c-attachment.png'), Buffer.from([0x89, 0x50, 0x1b]));
    writeFileSync(join(dir, 'd-result.json'), JSON.stringify({ name: 'RA-PREF-01', status: 'passed' }));
    mkdirSync(join(dir, 'sub'));
    expect(escapeAllureResults(dir).sort()).toEqual(['a-result.json', 'b-attachment.txt']);
    const escaped = JSON.parse(readFileSync(join(dir, 'a-result.json'), 'utf8')) as typeof result;
    expect(JSON.stringify(escaped)).not.toMatch(RAW_CONTROL);
    expect(escaped.statusDetails.message).toBe('answered \\x1b]0;pwned\\x07\\rover\\u009B\\u202E\nline two');
    expect(escaped.steps[0]?.statusDetails.message).toBe('\\x1b]0;pwned\\x07\\rover\\u009B\\u202E');
    expect(readFileSync(join(dir, 'b-attachment.txt'), 'utf8')).toBe('### \\x1b]0;pwned\\x07\\rover\\u009B\\u202E\n<<< ok');
    expect(readFileSync(join(dir, 'c-attachment.png'))).toEqual(Buffer.from([0x89, 0x50, 0x1b]));
  });

  it('does nothing where no results were written', () => {
    dir = join(tmpdir(), 'wirecheck-allure-none');
    expect(escapeAllureResults(dir)).toEqual([]);
  });
});
