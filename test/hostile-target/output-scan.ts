// Where a run's outputs carry a raw control character: C0 except tab and newline, DEL, C1,
// and the bidirectional and line-separator marks that reorder or break what a terminal or
// a browser shows. Every text the harness writes must have made them visible first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line no-control-regex -- matching control characters is this file's purpose
const FORBIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Files a run writes that are not text: their bytes are not shown to anyone as they are. */
const BINARY = /\.(?:gz|tgz|png|jpe?g|ico|woff2?|sig)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** "where: \x1b at 120" for each output that holds a forbidden character. */
export function rawControlsIn(outputs: Record<string, string>, reportDir: string): string[] {
  const texts: [string, string][] = [
    ...Object.entries(outputs),
    ...files(reportDir).filter((f) => !BINARY.test(f)).map((f): [string, string] => [f, readFileSync(f, 'utf8')]),
  ];
  return texts.flatMap(([where, text]) => {
    const found = FORBIDDEN.exec(text);
    if (!found) return [];
    const code = found[0].codePointAt(0)!.toString(16).padStart(2, '0');
    return [`${where}: \\u{${code}} at ${found.index}: …${JSON.stringify(text.slice(Math.max(0, found.index - 40), found.index + 20))}…`];
  });
}
