// Where the words of a check's basis stand, so a test can prove each quote occurs
// there verbatim. The specs and CONTRACTS.md live beside the project (../shared/, as
// in CI); the passages of the RFCs and of W3C WebDriver the checks quote are kept in
// docs/sources/, each file naming the published text it was taken from.
import { existsSync, readFileSync } from 'node:fs';
import { projectPath } from '../project-paths.ts';


/** Where quotes fragments are joined: space, U+2026, space. */
export const FRAGMENT_SEPARATOR = ' … ';

export const SHARED_DIR = projectPath('..', 'shared');

export interface SourceText {
  readonly file: string;
  readonly text: string;
}

/** The file a source names: the system's spec (`specFile`, in ../shared/specs/) when it names none. */
export function sourceFile(specFile: string, source: string | undefined): string {
  if (source === undefined) return projectPath('..', 'shared', 'specs', specFile);
  if (/^CONTRACTS §\d+$/.test(source)) return projectPath('..', 'shared', 'CONTRACTS.md');
  const rfc = /^RFC (\d+) §([\d.]*\d)(?: .*)?$/.exec(source);
  if (rfc) return projectPath('docs', 'sources', `rfc${rfc[1]}-${rfc[2]}.md`);
  const w3c = /^W3C WebDriver §([\d.]*\d)(?: .*)?$/.exec(source);
  if (w3c) return projectPath('docs', 'sources', `w3c-webdriver-${w3c[1]}.md`);
  throw new Error(`unknown basis source "${source}": the system's spec (no source), "CONTRACTS §N", "RFC N §x.y" or "W3C WebDriver §x.y", each optionally followed by the section's title`);
}

/** The text a source names, or undefined where it is not on this machine (a clone without ../shared). */
export function sourceText(specFile: string, source: string | undefined): SourceText | undefined {
  const file = sourceFile(specFile, source);
  if (!existsSync(file)) return undefined;
  let text = readFileSync(file, 'utf8');
  // A CONTRACTS quote must stand in the section it names.
  const section = /^CONTRACTS §(\d+)$/.exec(source ?? '')?.[1];
  if (section) text = text.split(/^## /m).find((part) => part.startsWith(`${section}. `)) ?? '';
  return { file, text };
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The fragments of a quote that do not occur in the text (whitespace runs compared as one space). */
export function missingFragments(quote: string, text: string): string[] {
  const haystack = collapse(text);
  return quote.split(FRAGMENT_SEPARATOR).map(collapse).filter((fragment) => fragment === '' || !haystack.includes(fragment));
}
