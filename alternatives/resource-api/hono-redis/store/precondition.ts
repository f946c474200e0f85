// What an If-Match asks of the stored state, in the store's own terms.
export type Precondition =
  | { readonly kind: 'none' } //                                            no If-Match
  | { readonly kind: 'any' } //                                             If-Match: *
  | { readonly kind: 'revisions'; readonly revisions: readonly string[] }; // the revisions its tags name

/** The mode argument of the Lua scripts, then the revisions (for 'tags'). */
export function modeArgs(precondition: Precondition): [string, string[]] {
  return precondition.kind === 'revisions' ? ['tags', [...precondition.revisions]] : [precondition.kind, []];
}
