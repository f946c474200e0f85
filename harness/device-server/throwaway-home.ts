// An extension home that exists for one part of a run and is removed afterwards, so
// no check touches the home of the server under test (spec: a separate home per
// environment avoids shared mutable extension state).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayHome {
  readonly path: string;
  remove(): void;
}

export function throwawayHome(label: string): ThrowawayHome {
  const path = mkdtempSync(join(tmpdir(), `wirecheck-home-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
