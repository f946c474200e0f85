// Every MUST and SHOULD check carries the words that make it so, and those words
// stand verbatim in the source they name: the spec (../shared/specs/, present in CI),
// CONTRACTS.md, or a passage of an RFC or of W3C WebDriver kept in docs/sources/.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingFragments, SHARED_DIR, sourceText } from '../checks/basis-source.ts';
import { allChecks } from './catalog.ts';
import { moduleOf } from './registry.ts';

const gated = allChecks().filter((c) => c.level !== 'INFO');
const shared = existsSync(SHARED_DIR);

describe('the basis of every MUST and SHOULD check', () => {
  it('is there: a quote of the spec, or of a document the spec relies on', () => {
    expect(gated.filter((c) => !c.basis?.quote).map((c) => c.id)).toEqual([]);
  });

  it.skipIf(!shared)(`occurs verbatim in its source${shared ? '' : ' (skipped: ../shared/ with the specs is not beside this clone)'}`, () => {
    const problems = gated.flatMap((c) => {
      if (!c.basis) return [];
      const source = sourceText(moduleOf(c.system).specFile, c.basis.source);
      if (!source) return [`${c.id}: its source "${c.basis.source ?? 'the spec'}" is missing`];
      return missingFragments(c.basis.quote, source.text).map((fragment) => `${c.id}: "${fragment}" is not in ${source.file}`);
    });
    expect(problems).toEqual([]);
  });

  it('quotes the spec where its own sentence states the rule: the concurrent DELETEs, CONTRACTS §5 deciding only their statuses', () => {
    for (const id of ['RA-CONC-01', 'RA-CONC-02', 'RA-CONC-03']) {
      const check = gated.find((c) => c.id === id);
      expect(check?.basis?.source, `${id} quotes the spec`).toBeUndefined();
      expect(check?.basis?.quote, id).toContain('Two concurrent DELETE requests for one label must end in one consistent absent state with no duplicated side effect.');
      expect(check?.allows, `${id}: the statuses 204 and 404 are CONTRACTS §5's`).toContain('CONTRACTS §5');
    }
  });

  it('names a source the project knows', () => {
    for (const c of gated) {
      if (c.basis?.source === undefined) continue;
      expect(() => sourceText(moduleOf(c.system).specFile, c.basis?.source), c.id).not.toThrow();
    }
  });
});
