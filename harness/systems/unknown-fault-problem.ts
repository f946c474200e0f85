// --reference-fault names are checked against the system's catalog when the options are
// read, so a misspelt name is a usage error (exit 2) that lists every name the system
// knows — its reference's and those it keeps itself, such as the bundled sender's — not a
// reference that exits at start-up naming only its own.
import type { AnySystemModule } from './system-module.ts';

/** The problem with `names` for `module`, or undefined when it knows them all (or keeps no catalog: its reference decides). */
export function unknownFaultProblem(module: AnySystemModule, names: readonly string[]): string | undefined {
  const known = module.faults?.map((f) => f.name);
  if (!known) return undefined;
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  return `--reference-fault: unknown fault(s) ${unknown.join(', ')} for ${module.name}; known: ${known.join(', ')} (\`wirecheck list --faults ${module.name}\` says what each breaks)`;
}
