// The README's table of `wirecheck run` options, generated from the option tables
// between its markers (`npm run docs`); test/docs/readme.test.ts keeps them identical.
import { runOptionsReadmeTable } from './run-options.ts';

const START = '<!-- options:run -->';
const END = '<!-- /options:run -->';

export function withRunOptionsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return readme;
  return `${readme.slice(0, start + START.length)}\n${runOptionsReadmeTable()}\n${readme.slice(end)}`;
}
