// One reading of "application/json" in each system (harness/checks/json-content-types.ts):
// a charset parameter and other letter case or whitespace are the same media type under
// RFC 9110, so their checks stand at one level, on the spec's words, and say so.
import { describe, expect, it } from 'vitest';
import { JSON_MEDIA_TYPE_READING } from '../checks/json-media-type-reading.ts';
import { allChecks } from './catalog.ts';

const PAIRS = [
  { system: 'webhook', charset: 'WH-SIG-16', spellings: 'WH-SIG-20', words: 'Must match `application/json`.' },
  { system: 'resource-api', charset: 'RA-INPUT-06', spellings: 'RA-INPUT-09', words: 'JSON bodies use `Content-Type: application/json`.' },
];

const byId = (id: string) => allChecks().find((c) => c.id === id);

describe.each(PAIRS)('the media-type checks of $system', ({ charset, spellings, words }) => {
  it(`hold a charset parameter (${charset}) and letter case and whitespace (${spellings}) at one level`, () => {
    expect(byId(spellings)?.level).toBe(byId(charset)?.level);
  });

  it('quote the spec\'s own words, and state the one reading in allows', () => {
    for (const id of [charset, spellings]) {
      expect(byId(id)?.basis?.source, id).toBeUndefined();
      expect(byId(id)?.basis?.quote, id).toContain(words);
      expect(byId(id)?.allows, id).toContain(JSON_MEDIA_TYPE_READING);
    }
  });
});
