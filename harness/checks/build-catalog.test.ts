import { describe, expect, it } from 'vitest';
import { buildCatalog, type CatalogSource } from './build-catalog.ts';
import type { CheckDefinition } from './check-definition.ts';

const toy = (check: Partial<CheckDefinition>): CatalogSource => ({
  name: 'toy', prefix: 'TY', clauses: [{ clause: 'Rule 1', text: 'one' }, { clause: 'Rule 2', text: 'two' }],
  checks: [{ id: 'TY-A-01', level: 'MUST', title: 'a toy check of rule 1', clause: 'Rule 1', ...check }],
});

describe('buildCatalog', () => {
  it('takes the further rules a check covers from the clause list, and refuses others', () => {
    expect(buildCatalog([toy({ alsoCovers: ['Rule 2'] })])[0]?.alsoCovers).toEqual(['Rule 2']);
    expect(() => buildCatalog([toy({ alsoCovers: ['Rule 3'] })])).toThrow('check TY-A-01 also covers clause "Rule 3", which is not in the toy clause list');
    expect(() => buildCatalog([toy({ alsoCovers: ['Rule 1'] })])).toThrow('check TY-A-01 names its own clause "Rule 1" in alsoCovers');
  });
});
