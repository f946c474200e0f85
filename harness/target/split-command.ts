// `--server-cmd "npx appium"` → ['npx', 'appium']: whitespace-separated words, with
// single or double quotes grouping words that contain spaces. No shell is involved.
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let inWord = false;
  for (const char of command) {
    if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in "${command}"`);
  if (inWord) words.push(current);
  return words;
}

const URL_LIKE = /^[a-z][a-z0-9+.-]+:/i;

/** `word` made absolute against `cwd` when it names a file or folder there (a bare name only when it is a file). */
function pathFrom(cwd: string, word: string): string {
  if (word === '' || isAbsolute(word) || URL_LIKE.test(word)) return word;
  const full = resolve(cwd, word);
  const pathLike = word.startsWith('.') || /[/\\]/.test(word);
  try {
    const stat = statSync(full);
    return pathLike || stat.isFile() ? full : word;
  } catch {
    return word;
  }
}

/**
 * A command's words with its relative paths taken from `cwd`, so that it means the same
 * wherever it is started: the program when it is a path (`./bin/server`), and every word —
 * or the value of `--opt=value` — naming a file or folder that exists from `cwd`
 * (`reference-impl/device-server/cli.ts`, `cli.js`). A bare name that is not a file there
 * (`node`, `npx`, `appium`, a module such as `tsx`) stays as it is.
 */
export function commandFrom(cwd: string, words: readonly string[]): string[] {
  return words.map((word, i) => {
    if (i === 0) return /[/\\]/.test(word) && !isAbsolute(word) ? resolve(cwd, word) : word;
    if (!word.startsWith('-')) return pathFrom(cwd, word);
    const at = word.indexOf('=');
    return at > 0 ? `${word.slice(0, at + 1)}${pathFrom(cwd, word.slice(at + 1))}` : word;
  });
}

/**
 * The words of a command option (--server-cmd, --sender-cmd), its relative paths taken from
 * `cwd` (commandFrom); a problem for an empty command (naming `what` it must run) or an
 * unterminated quote.
 */
export function commandOptionOf(text: string | undefined, flag: string, what: string, cwd: string, problems: string[]): string[] | undefined {
  if (text === undefined) return undefined;
  try {
    const command = splitCommand(text);
    if (command.length === 0) problems.push(`${flag} is empty: give ${what}`);
    return commandFrom(cwd, command);
  } catch (error) {
    problems.push(`${flag}: ${(error as Error).message}`);
    return undefined;
  }
}
