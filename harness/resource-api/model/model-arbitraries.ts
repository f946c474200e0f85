// The command arbitraries of RA-MODEL-01, for a run with `users` users holding tokens.
import fc from 'fast-check';
import type { ApiModel, ApiReal } from './api-model.ts';
import { CreateLabel, DeleteLabel, ReadLabel, Unauthenticated } from './label-commands.ts';
import { ActForOther, GetPreferences, PatchPreferences } from './preference-commands.ts';

export function apiCommands(users: number, maxCommands: number): fc.Arbitrary<Iterable<fc.AsyncCommand<ApiModel, ApiReal>>> {
  const user = fc.nat({ max: users - 1 });
  const condition = fc.constantFrom('none', 'current', 'stale' as const);
  const label = fc.nat({ max: 7 });
  return fc.commands<ApiModel, ApiReal, false>([
    fc.tuple(user, fc.boolean(), condition).map(([u, v, c]) => new PatchPreferences(u, v, c)),
    user.map((u) => new GetPreferences(u)),
    fc.tuple(user, fc.boolean(), fc.boolean()).map(([u, w, v]) => new ActForOther(u, w, v)),
    user.map((u) => new CreateLabel(u)),
    fc.tuple(user, label).map(([u, l]) => new ReadLabel(u, l)),
    fc.tuple(user, label, condition).map(([u, l, c]) => new DeleteLabel(u, l, c)),
    fc.tuple(fc.constantFrom('patch', 'delete', 'post', 'get' as const), fc.constantFrom('none', 'unknown' as const), label)
      .map(([r, c, l]) => new Unauthenticated(r, c, l)),
  ], { maxCommands });
}
