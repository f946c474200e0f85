// The files each mutation system mutates, resolved from its `mutate` globs (systems.mjs)
// the way Stryker does: the patterns in order, a `!` pattern taking files out again.
// The exemption ledger is kept per system, so its tools need to know whose file is whose.
import { execFileSync } from 'node:child_process';
import { projectPath } from '../harness/project-paths.ts';
import { MUTATION_SYSTEMS, mutationSystem } from './systems.mjs';

/** The reference files of a system, relative to the project root, sorted. */
export function mutatedFiles(system: string): string[] {
  const { mutate } = mutationSystem({ WIRECHECK_MUTATION_SYSTEM: system });
  const candidates = execFileSync('git', ['ls-files', 'reference-impl'], { cwd: projectPath('.'), encoding: 'utf8' }).split('\n').filter(Boolean);
  const chosen = new Set<string>();
  for (const pattern of mutate) {
    const negated = pattern.startsWith('!');
    for (const file of candidates.filter((f) => globRegExp(negated ? pattern.slice(1) : pattern).test(f))) {
      if (negated) chosen.delete(file);
      else chosen.add(file);
    }
  }
  return [...chosen].sort();
}

/** The glob forms systems.mjs uses: `**` for any folders, `*` within one name. */
function globRegExp(glob: string): RegExp {
  const source = glob.split(/(\*\*\/|\/\*\*$|\*)/).map((part) => {
    if (part === '**/') return '(?:.*/)?';
    if (part === '/**') return '/.*';
    if (part === '*') return '[^/]*';
    return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }).join('');
  return new RegExp(`^${source}$`);
}

export const SYSTEM_NAMES: readonly string[] = Object.keys(MUTATION_SYSTEMS);
