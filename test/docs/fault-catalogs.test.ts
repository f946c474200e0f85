// The harness's copies of the fault catalogs (harness/systems/<system>/faults.ts) are the
// references' own lists: regenerated from their sources they are unchanged, and each
// reference program, asked for a fault it does not have, names exactly the catalog's
// reference faults as the ones it knows — the program's word, not a parse of its source.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath, tsxNodeArgs } from '../../harness/project-paths.ts';
import { systemModules } from '../../harness/systems/registry.ts';
import type { AnySystemModule } from '../../harness/systems/system-module.ts';
import { SENDER_FAULTS } from '../../harness/webhook/sender/sender-faults.ts';
import { declaredFaultsOf } from '../../scripts/declared-faults.ts';
import { FAULT_CATALOGS, renderFaultCatalog } from '../../scripts/fault-catalogs.ts';

const read = (file: string) => readFileSync(projectPath(file), 'utf8');

/** What the reference program says it knows when started with an unknown fault. */
function knownFaultsOfReference(module: AnySystemModule): Promise<string[]> {
  const { entry, portEnv, portOption } = module.reference ?? { entry: '' };
  const home = mkdtempSync(join(tmpdir(), 'wirecheck-fault-catalog-'));
  const env = {
    PATH: process.env['PATH'] ?? '', HOME: home, CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: 'no-such-fault',
    WEBHOOK_SECRET: 'fault-catalog-test', DATA_DIR: home, ...(portEnv ? { [portEnv]: '0' } : {}),
  };
  const args = [...tsxNodeArgs(entry), ...(portOption ? [portOption, '0'] : [])];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env, timeout: 30_000 }, (error, stdout, stderr) => {
      rmSync(home, { recursive: true, force: true });
      const known = /unknown fault\(s\) in WIRECHECK_FAULTS: no-such-fault; known faults: (.*)$/m.exec(`${stdout}${stderr}`)?.[1];
      if (!error || known === undefined) reject(new Error(`${module.name}: the reference did not refuse the unknown fault:\n${stdout}${stderr}`));
      else resolve(known.split(', '));
    });
  });
}

describe('fault catalogs', () => {
  it('are what `npm run faults` makes of the references\' and the sender\'s lists', () => {
    for (const spec of FAULT_CATALOGS) expect(read(spec.out), `${spec.out} is stale: run npm run faults`).toBe(renderFaultCatalog(spec, read));
  });

  it('are each registered system\'s, and the webhook\'s sender faults are the sender\'s', () => {
    expect(FAULT_CATALOGS.map((c) => c.system)).toEqual(systemModules().map((m) => m.name));
    const webhook = systemModules().find((m) => m.name === 'webhook');
    expect(webhook?.faults?.filter((f) => f.of === 'sender').map((f) => f.name)).toEqual([...SENDER_FAULTS]);
    // The webhook sender's reference is that sender, run as `wirecheck send` (sender-cli-options.ts reads the faults).
    expect(systemModules().find((m) => m.name === 'webhook-sender')?.faults?.map((f) => `${f.of} ${f.name}`)).toEqual(SENDER_FAULTS.map((f) => `reference ${f}`));
  });

  it('name, of each reference, exactly the faults the reference program knows, in its order', async () => {
    // The webhook sender has no server: its faults are the bundled sender's, checked above.
    const modules = systemModules().filter((m) => m.faults && m.reference);
    const known = await Promise.all(modules.map(knownFaultsOfReference));
    modules.forEach((module, i) => {
      expect(module.faults?.filter((f) => f.of === 'reference').map((f) => f.name), module.name).toEqual(known[i]);
    });
  }, 60_000);

  it('refuse a fault without its one-line description', () => {
    const source = "export const FAULTS = [\n  'a', // breaks a\n  // --- a heading ---\n  'b', // breaks b,\n  // and more\n  'c',\n] as const;\n";
    expect(() => declaredFaultsOf(source, 'x.ts')).toThrow("x.ts:6: not a fault with its description (`'name', // what it breaks`): 'c',");
    expect(declaredFaultsOf(source.replace("  'c',\n", ''), 'x.ts')).toEqual([{ name: 'a', description: 'breaks a' }, { name: 'b', description: 'breaks b, and more' }]);
  });
});
