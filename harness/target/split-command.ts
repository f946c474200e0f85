// `--server-cmd "npx appium"` → ['npx', 'appium']: whitespace-separated words, with
// single or double quotes grouping words that contain spaces. No shell is involved.

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
