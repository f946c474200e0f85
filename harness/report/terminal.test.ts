import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SystemCheck } from '../checks/check-definition.ts';
import type { CheckResult } from './check-result.ts';
import { progressLine, terminalText } from './terminal.ts';

const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/u;
const INJECTED = '\x1b[2J\x1b]0;pwned\x07\rok\u009b31m\u202e\n';
const check: SystemCheck = { id: 'RA-PREF-02', level: 'MUST', title: 'GET preferences', clause: 'Endpoints', system: 'resource-api', area: 'PREF' };

describe('progressLine', () => {
  it('shows the controls of a reason and an observation, line breaks too, and paints only its own colours', () => {
    const failed: CheckResult = { check, outcome: 'failed', reason: `answered ${INJECTED}`, durationMs: 4 };
    expect(progressLine(failed, false)).toBe('✗ RA-PREF-02  MUST   GET preferences (4 ms) — answered \\x1b[2J\\x1b]0;pwned\\x07\\rok\\u009B31m\\u202E\\n');
    const coloured = progressLine({ check, outcome: 'info', observed: INJECTED, durationMs: 4 }, true);
    expect(coloured.replace(/\u001b\[(?:0|36|90)m/g, '')).not.toMatch(RAW_CONTROL);
    expect(coloured).toContain('— \\x1b[2J');
  });

  it('names the transcript file of a check that kept one', () => {
    const failed: CheckResult = { check, outcome: 'failed', reason: 'expected 202', transcript: '> POST /', durationMs: 4 };
    expect(progressLine(failed, false, '/r')).toBe('✗ RA-PREF-02  MUST   GET preferences (4 ms) — expected 202 [transcript: /r/transcripts/RA-PREF-02.txt]');
    expect(progressLine({ ...failed, transcript: undefined }, false, '/r')).not.toContain('transcript');
  });
});

describe('terminalText', () => {
  it('escapes every control but the line breaks, and the colours the CLI paints when colour is on', () => {
    expect(terminalText(`a\nb${INJECTED}`, false)).toBe('a\nb\\x1b[2J\\x1b]0;pwned\\x07\\rok\\u009B31m\\u202E\n');
    expect(terminalText('\x1b[31m✗\x1b[0m \x1b[8mhidden\x1b[2J', true)).toBe('\x1b[31m✗\x1b[0m \\x1b[8mhidden\\x1b[2J');
    expect(terminalText('\x1b[31m✗\x1b[0m', false)).toBe('\\x1b[31m✗\\x1b[0m');
  });

  it('lets nothing through but LF and its own colours, and keeps JSON the same JSON (wirecheck list --json)', () => {
    const unit = fc.oneof(fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)), fc.constantFrom('\x1b', '[', '3', '1', 'm', '\n', '\x7f', '\u009b', '\u2028'));
    fc.assert(fc.property(fc.string({ unit }), fc.boolean(), (text, color) => {
      const shown = terminalText(text, color);
      expect(shown.replace(/\u001b\[(?:0|31|32|33|35|36|90)m/g, '')).not.toMatch(RAW_CONTROL);
      expect(terminalText(shown, color)).toBe(shown);
    }), { numRuns: 1000 });
    fc.assert(fc.property(fc.jsonValue({ stringUnit: unit }), (value) => {
      const json = JSON.stringify(value, null, 2);
      expect(JSON.parse(terminalText(json, false))).toEqual(JSON.parse(json));
    }), { numRuns: 500 });
  });
});
