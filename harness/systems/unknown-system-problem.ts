// A system name that is none of the registered ones: a usage error (exit 2) naming them
// all, and the one meant where the name is a slip of it ("webhok": did you mean webhook?).
import { nearestName } from './nearest-name.ts';

export function unknownSystemProblem(given: string, known: readonly string[]): string {
  const nearest = nearestName(given, known);
  return nearest ? `unknown system "${given}": did you mean ${nearest}? (the systems: ${known.join(', ')})` : `unknown system "${given}": use one of ${known.join(', ')}`;
}
