// For tests of option resolvers: the problems an OptionsError lists (all at once, as
// the user sees them), or none when the options resolve.
import { OptionsError } from '../errors.ts';

export function optionsProblems(resolve: () => unknown): readonly string[] {
  try {
    resolve();
  } catch (error) {
    if (error instanceof OptionsError) return error.problems;
    throw error;
  }
  return [];
}
