// `wirecheck baseline write`: a baseline file from a run's gating failures, as YAML
// (.yaml/.yml) or JSON (anything else).
import { stringify } from 'yaml';
import { BASELINE_SCHEMA, type BaselineEntry } from './baseline-entry.ts';

/** One entry per failed check (the ones that gate or would gate without a baseline). */
export function entriesFromFailures(failed: readonly { id: string }[], reason: string, expires: string): BaselineEntry[] {
  return [...new Set(failed.map((f) => f.id))].sort().map((id) => ({ id, reason, expires }));
}

export function formatBaseline(entries: readonly BaselineEntry[], file: string, source: string): string {
  const document = { schema: BASELINE_SCHEMA, entries };
  if (/\.json$/i.test(file) || !/\.ya?ml$/i.test(file)) return `${JSON.stringify(document, null, 2)}\n`;
  const header = [
    '# wirecheck baseline: known failures that do not gate `wirecheck run --baseline` until they expire.',
    `# Written from ${source}. An entry holds through its expiry day (UTC), then gates again.`,
  ].join('\n');
  return `${header}\n${stringify(document, { lineWidth: 0 })}`;
}
