// `wirecheck list --faults [<system>] [--json]`: the deliberate bugs the self-test
// switches on with --reference-fault, each with what it breaks — the reference's and
// those a system keeps itself (the webhook's bundled sender) — from the systems'
// catalogs (harness/systems/<system>/faults.ts), no target needed.
import type { Output } from '../../report/output.ts';
import type { AnySystemModule } from '../../systems/system-module.ts';

export function listFaults(modules: readonly AnySystemModule[], json: boolean, io: Output): number {
  const faults = modules.flatMap((m) => (m.faults ?? []).map(({ name, of, description }) => ({ system: m.name, of, name, description })));
  if (json) {
    io.out(JSON.stringify(faults, null, 2));
    return 0;
  }
  const width = Math.max(0, ...faults.map((f) => f.name.length)) + 2;
  let heading = '';
  for (const f of faults) {
    if (`${f.system} ${f.of}` !== heading) {
      io.out(`${heading === '' ? '' : '\n'}${f.system} ${f.of}:`);
      heading = `${f.system} ${f.of}`;
    }
    io.out(`  ${f.name.padEnd(width)}${f.description}`);
  }
  io.out(`\n${faults.length} faults: wirecheck run <system> --reference-fault NAME[,NAME] (the self-test; reference target only)`);
  return 0;
}
