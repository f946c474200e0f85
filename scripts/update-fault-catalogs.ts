// `npm run faults`: regenerates the harness's copies of the fault catalogs
// (harness/systems/<system>/faults.ts) from the references' and the sender's own lists.
import { readFileSync, writeFileSync } from 'node:fs';
import { projectPath } from '../harness/project-paths.ts';
import { FAULT_CATALOGS, renderFaultCatalog } from './fault-catalogs.ts';

for (const spec of FAULT_CATALOGS) {
  writeFileSync(projectPath(spec.out), renderFaultCatalog(spec, (file) => readFileSync(projectPath(file), 'utf8')));
  console.log(`${spec.out} updated`);
}
