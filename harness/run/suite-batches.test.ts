import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-paths.ts';
import { systemModules } from '../systems/registry.ts';
import { suiteBatches } from './suite-batches.ts';

const files = [
  'suites/webhook/concurrency/duplicate-races.test.ts',
  'suites/webhook/contract/durability.test.ts',
  'suites/webhook/contract/signature.test.ts',
  'suites/webhook/contract/validation.test.ts',
  'suites/webhook/property/deliveries.test.ts',
];

describe('suiteBatches', () => {
  it('runs the independent files of an external target side by side, the duplicate races and the fail switch alone', () => {
    expect(suiteBatches('webhook', files, 'external', 4)).toEqual({
      together: ['suites/webhook/contract/signature.test.ts', 'suites/webhook/contract/validation.test.ts', 'suites/webhook/property/deliveries.test.ts'],
      alone: ['suites/webhook/concurrency/duplicate-races.test.ts', 'suites/webhook/contract/durability.test.ts'],
    });
  });

  it('runs every file alone against a reference, with --workers 1, or when only one could go together', () => {
    expect(suiteBatches('webhook', files, 'reference', 4)).toEqual({ together: [], alone: files });
    expect(suiteBatches('webhook', files, 'external', 1)).toEqual({ together: [], alone: files });
    const oneIndependent = files.filter((f) => !f.includes('validation') && !f.includes('property'));
    expect(suiteBatches('webhook', oneIndependent, 'external', 4)).toEqual({ together: [], alone: oneIndependent });
  });

  it('runs a system that names no independent files one file after another', () => {
    const resourceApi = ['suites/resource-api/contract/access.test.ts', 'suites/resource-api/contract/requests.test.ts'];
    expect(suiteBatches('resource-api', resourceApi, 'external', 4)).toEqual({ together: [], alone: resourceApi });
  });

  // What would make a file interfere with the others: a duplicate race, whose identical
  // requests must reach the target at one instant (other traffic would spread them out), or
  // arming a probe switch that acts on whichever request comes next. No file named
  // independent does either. (The properties' batches judge only their own ids' answers,
  // records and versions, which other traffic cannot change.)
  it('names as independent no file that runs a duplicate race or arms the probe\'s fail switch', () => {
    for (const module of systemModules()) {
      for (const file of module.concurrentSuites ?? []) {
        expect(Object.keys(module.suites), `${file} is not one of ${module.name}'s suite files`).toContain(file);
        const source = readFileSync(join(PROJECT_ROOT, file), 'utf8');
        expect(source, `${file} arms the fail switch`).not.toMatch(/failNextCommit|fail-next-commit/);
        expect(source, `${file} runs a duplicate race`).not.toMatch(/raceRequests|\brace\(/);
      }
    }
  });
});
