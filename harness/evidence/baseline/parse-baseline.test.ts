import { describe, expect, it } from 'vitest';
import { findCheck } from '../../systems/catalog.ts';
import { isCalendarDate, isExpired } from './baseline-entry.ts';
import { parseBaseline } from './parse-baseline.ts';

describe('parseBaseline', () => {
  it('reads YAML and JSON, with or without the schema wrapper', () => {
    const yaml = 'schema: wirecheck.baseline/v1\nentries:\n  - id: WH-SIG-02\n    reason: PAY-123 uppercase hex\n    expires: 2027-01-31\n';
    expect(parseBaseline(yaml, 'b.yaml', findCheck)).toEqual({ entries: [{ id: 'WH-SIG-02', reason: 'PAY-123 uppercase hex', expires: '2027-01-31' }], problems: [] });
    const json = JSON.stringify([{ id: 'WH-SIG-03', reason: 'r', expires: '2027-02-28' }]);
    expect(parseBaseline(json, 'b.json', findCheck).entries).toEqual([{ id: 'WH-SIG-03', reason: 'r', expires: '2027-02-28' }]);
  });

  it('lists every problem at once: unknown ids, bad dates, duplicates, missing reasons, unknown keys', () => {
    const yaml = [
      'entries:',
      '  - {id: WH-NOPE-01, reason: r, expires: 2027-01-31}',
      '  - {id: WH-SIG-02, reason: r, expires: 2027-02-30}',
      '  - {id: WH-SIG-02, reason: r, expires: 31.01.2027}',
      '  - {id: WH-SIG-04, reason: "", expires: 2027-01-31}',
      '  - {id: WH-SIG-05, reason: r, expires: 2027-01-31, owner: me}',
      '  - {id: WH-ACK-07, reason: r, expires: 2027-01-31}',
      '  - {id: WH-SIG-06, reason: r}',
    ].join('\n');
    const { entries, problems } = parseBaseline(yaml, 'known.yaml', findCheck);
    expect(entries).toBeUndefined();
    expect(problems).toEqual([
      '--baseline known.yaml: entry 1 (WH-NOPE-01): unknown check id "WH-NOPE-01" (`wirecheck list` shows every id)',
      '--baseline known.yaml: entry 2 (WH-SIG-02): "expires" "2027-02-30" is not a date: write YYYY-MM-DD, e.g. 2027-01-31',
      '--baseline known.yaml: entry 3 (WH-SIG-02): "expires" "31.01.2027" is not a date: write YYYY-MM-DD, e.g. 2027-01-31',
      '--baseline known.yaml: entry 4 (WH-SIG-04): "reason" must say why the failure is accepted (e.g. a ticket)',
      '--baseline known.yaml: entry 5 (WH-SIG-05): unknown key "owner" (an entry has id, reason, expires)',
      '--baseline known.yaml: entry 6 (WH-ACK-07): WH-ACK-07 is an INFO check, which never fails: it has no place in a baseline',
      '--baseline known.yaml: entry 7 (WH-SIG-06): "expires" is missing: write YYYY-MM-DD, e.g. 2027-01-31',
      '--baseline known.yaml: WH-SIG-02 is listed 2 times (entries 2, 3): keep one entry per check',
    ]);
  });

  it('names a file that is not YAML or JSON, or not a list of entries', () => {
    expect(parseBaseline('{"entries": [', 'b.json', findCheck).problems[0]).toMatch(/^--baseline b\.json: not valid JSON: /);
    expect(parseBaseline('entries: 3\nowner: me', 'b.yml', findCheck).problems).toEqual([
      '--baseline b.yml: unknown top-level key "owner": a baseline has "schema" and "entries"',
      '--baseline b.yml: expected a list of entries, or an object with "entries": [{id, reason, expires}]',
    ]);
  });
});

describe('baseline dates', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(['2027-01-31', '2028-02-29'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2027-02-29', '2027-13-01', '2027-1-31', 'tomorrow', ''].map(isCalendarDate)).toEqual([false, false, false, false, false]);
  });

  it('holds an entry through its expiry day and lapses it the day after', () => {
    const entry = { id: 'WH-SIG-02', reason: 'r', expires: '2026-11-21' };
    expect(isExpired(entry, '2026-11-21')).toBe(false);
    expect(isExpired(entry, '2026-11-22')).toBe(true);
  });
});
