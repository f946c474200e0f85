// The faults a catalog file declares, read from its text: the reference's own
// (reference-impl/<system>/faults.ts, which nothing of the harness may import) and the
// bundled sender's. Each is a line `'name', // what it breaks`; a comment line after it
// continues the description, a `// --- section ---` line is a heading. Any other line in
// the list is refused, so a fault without its one-line description cannot slip through.

export interface DeclaredFault {
  readonly name: string;
  readonly description: string;
}

const ENTRY = /^\s*'([a-z0-9-]+)',\s*\/\/\s*(.*?)\s*$/;
const SECTION = /^\s*\/\/\s*---.*---\s*$/;
const CONTINUATION = /^\s*\/\/\s*(.*?)\s*$/;

/** The faults of the one `export const NAME = [ ... ] as const;` list in `source`; `file` names it in errors. */
export function declaredFaultsOf(source: string, file: string): DeclaredFault[] {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => /^export const \w+ = \[$/.test(line));
  const end = lines.findIndex((line, i) => i > start && /^\] as const;$/.test(line));
  if (start < 0 || end < 0) throw new Error(`${file}: no \`export const NAME = [ ... ] as const;\` list of faults`);
  const faults: { name: string; description: string }[] = [];
  for (let i = start + 1; i < end; i++) {
    const line = lines[i] ?? '';
    const entry = ENTRY.exec(line);
    const last = faults.at(-1);
    if (entry) faults.push({ name: entry[1] ?? '', description: entry[2] ?? '' });
    else if (line.trim() === '' || SECTION.test(line)) continue;
    else if (CONTINUATION.test(line) && last) last.description = `${last.description} ${CONTINUATION.exec(line)?.[1] ?? ''}`.trim();
    else throw new Error(`${file}:${i + 1}: not a fault with its description (\`'name', // what it breaks\`): ${line.trim()}`);
  }
  const bare = faults.filter((f) => f.description === '');
  if (bare.length > 0) throw new Error(`${file}: fault(s) without a description: ${bare.map((f) => f.name).join(', ')}`);
  return faults;
}
