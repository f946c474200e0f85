// Names and ids unique to this run, so checks never collide with each other, with
// earlier runs, or with anything else living on an external target.
import { randomBytes } from 'node:crypto';

const runTag = randomBytes(4).toString('hex');
let counter = 0;

/** `wirecheck-<run>-<n>[-label]`: a label name no other check or run uses. */
export function uniqueName(label = ''): string {
  counter += 1;
  return `wirecheck-${runTag}-${counter}${label ? `-${label}` : ''}`;
}

/** A label id no service issued (path-safe), for the 404 checks. */
export function neverIssuedLabelId(): string {
  counter += 1;
  return `wirecheck-never-issued-${runTag}-${counter}`;
}

/** An entity-tag that is not the current one of anything. */
export function unknownEtag(): string {
  counter += 1;
  return `"wirecheck-stale-${runTag}-${counter}"`;
}
