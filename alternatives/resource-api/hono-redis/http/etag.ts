// Entity tags of this service: weak, W/"<revision>", the revision of the preferences
// (bumped by every applied PATCH, so the tag changes with every change). Labels carry
// none. If-Match is compared with the weak comparison: W/"3" and "3" both name
// revision 3; "*" matches any current representation.
import type { Precondition } from '../store/precondition.ts';

export function revisionTag(revision: number): string {
  return `W/"${revision}"`;
}

/** The precondition an If-Match header states, in terms of revisions. */
export function ifMatchPrecondition(header: string | undefined): Precondition {
  if (header === undefined || header.trim() === '') return { kind: 'none' };
  if (header.trim() === '*') return { kind: 'any' };
  const revisions: string[] = [];
  for (const tag of header.match(/(?:W\/)?"[^"]*"/g) ?? []) {
    const opaque = tag.replace(/^W\//, '').slice(1, -1);
    if (/^(0|[1-9][0-9]{0,15})$/.test(opaque)) revisions.push(opaque);
  }
  return { kind: 'revisions', revisions };
}
