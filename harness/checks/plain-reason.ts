// A failed check's reason is read by people who never wrote a vitest assertion: it says
// what was expected and what came, in words — "expected 202, got 401" — not chai's
// "expected 401 to be 202 // Object.is equality". Most checks give their assertion a
// message that says so already ("expected 202 (accepted), got 401"), and chai appends
// its own text to it; the rest get chai's text alone. Both are rewritten here, on the
// first line of the message (the reason): the check's own words stay, chai's tail is
// put as "expected …, got …", or dropped when the check's words already say what came.
// What a check asserts is not touched: only how its failure reads.

/**
 * One of chai's texts, `expected <actual><phrase><rest>`, and how it reads in words:
 * `expected` gets what `rest` matched (the expected value, as chai showed it).
 */
interface Shape {
  readonly phrase: string;
  readonly rest: RegExp;
  readonly expected: (value: string) => string;
}

const shape = (phrase: string, rest: RegExp, expected: (value: string) => string): Shape => ({ phrase, rest, expected });
const VALUE = /^(.+)$/;
const NOTHING = /^$/;
const IDENTITY = /^(.+) \/\/ Object\.is equality$/;

// Negated phrases before the phrases they contain ("not to be" holds "to be"), longer
// before shorter ("to be greater than or equal to" before "to be greater than").
const SHAPES: readonly Shape[] = [
  shape(' not to be ', IDENTITY, (e) => `anything but ${e}`),
  shape(' to be ', IDENTITY, (e) => e),
  shape(' to not deeply equal ', VALUE, (e) => `anything but ${e}`),
  shape(' to deeply equal ', VALUE, (e) => e),
  shape(' to not strictly equal ', VALUE, (e) => `anything but ${e}`),
  shape(' to strictly equal ', VALUE, (e) => e),
  shape(' to not match object ', VALUE, (e) => `an object not matching ${e}`),
  shape(' to match object ', VALUE, (e) => `an object matching ${e}`),
  shape(' not to match ', VALUE, (e) => `text not matching ${e}`),
  shape(' to match ', VALUE, (e) => `text matching ${e}`),
  shape(' to not deep equally contain ', VALUE, (e) => `no item equal to ${e}`),
  shape(' to deep equally contain ', VALUE, (e) => `an item equal to ${e}`),
  shape(' not to contain ', VALUE, (e) => `nothing containing ${e}`),
  shape(' to contain ', VALUE, (e) => `something containing ${e}`),
  shape(' to not include ', VALUE, (e) => `nothing including ${e}`),
  shape(' to include ', VALUE, (e) => `something including ${e}`),
  shape(' to be not greater than or equal to ', VALUE, (e) => `less than ${e}`),
  shape(' to be greater than or equal to ', VALUE, (e) => `at least ${e}`),
  shape(' to be not greater than ', VALUE, (e) => `at most ${e}`),
  shape(' to be greater than ', VALUE, (e) => `more than ${e}`),
  shape(' to be not less than or equal to ', VALUE, (e) => `more than ${e}`),
  shape(' to be less than or equal to ', VALUE, (e) => `at most ${e}`),
  shape(' to be not less than ', VALUE, (e) => `at least ${e}`),
  shape(' to be less than ', VALUE, (e) => `less than ${e}`),
  shape(' not to be type of ', VALUE, (e) => `a value not of type ${e}`),
  shape(' to be type of ', VALUE, (e) => `a value of type ${e}`),
  shape(' not to be undefined', NOTHING, () => 'a value'),
  shape(' to be undefined', NOTHING, () => 'no value (undefined)'),
  shape(' to be defined', NOTHING, () => 'a value'),
  shape(' not to be nullish', NOTHING, () => 'a value'),
  shape(' to be nullish', NOTHING, () => 'null or undefined'),
  shape(' not to be null', NOTHING, () => 'a value other than null'),
  shape(' to be null', NOTHING, () => 'null'),
  shape(' not to be NaN', NOTHING, () => 'a number'),
  shape(' to be NaN', NOTHING, () => 'NaN'),
  shape(' to not be truthy', NOTHING, () => 'a false value'),
  shape(' to be truthy', NOTHING, () => 'a true value'),
  shape(' to not be falsy', NOTHING, () => 'a true value'),
  shape(' to be falsy', NOTHING, () => 'a false value'),
  shape(' to not have property ', /^("[^"]*"(?: with value .+)?)$/, (e) => `no property ${e}`),
  shape(' to have property ', /^("[^"]*"(?: with value .+)?)$/, (e) => `a property ${e}`),
];

/** chai's `expected A to have a length of N but got M`: the length is what came. */
const LENGTH = /^expected (.+) to have a length of (\S+) but got (\S+)$/;

/** How a value chai prints (loupe) begins: a quote, bracket, regex, number, keyword, or a class name before its contents. */
const VALUE_START = /^(?:['"[{/]|[-+]?\d|[-+]?Infinity\b|NaN\b|undefined\b|null\b|true\b|false\b|[A-Z][\w$]*(?:\s?[[{(:]|$))/;

/**
 * Whether `text` can be one value as chai prints it (loupe): it begins as one, its quotes
 * are closed and its brackets balanced. It tells chai's own "expected " from one inside a
 * quoted value, and a check's own words ("expected the answer to contain an ETag") from chai's.
 */
function isValue(text: string): boolean {
  if (!VALUE_START.test(text)) return false;
  const open: string[] = [];
  const pairs: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '\'' || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{') open.push(c);
    else if (c in pairs && open.pop() !== pairs[c]) return false;
  }
  return quote === undefined && open.length === 0;
}

/** `body` (chai's text after its "expected ") as `shape`, trying each place the phrase occurs: the actual value is whole before it. */
function asShape(body: string, { phrase, rest, expected }: Shape): string | undefined {
  for (let at = body.indexOf(phrase); at !== -1; at = body.indexOf(phrase, at + 1)) {
    const actual = body.slice(0, at);
    const match = rest.exec(body.slice(at + phrase.length));
    if (!match || !isValue(actual)) continue;
    const value = match[1] ?? '';
    // toBe on two equal objects: the same text either side, so say what differs.
    const same = phrase === ' to be ' && value === actual ? ' (equal, but not the same object)' : '';
    return `expected ${expected(value)}, got ${actual}${same}`;
  }
  return undefined;
}

/** chai's text (from its "expected ") in words, or undefined when it is not one of its shapes. */
function rewriteChai(text: string): string | undefined {
  const length = LENGTH.exec(text);
  if (length && isValue(length[1] ?? '')) return `expected length ${length[2] ?? ''}, got ${length[3] ?? ''}`;
  const body = text.slice('expected '.length);
  for (const s of SHAPES) {
    const words = asShape(body, s);
    if (words !== undefined) return words;
  }
  return undefined;
}

/** Where chai's text starts: "expected " at the start or after the check's "message: ", the last place that parses. */
function chaiStarts(line: string): number[] {
  const starts: number[] = [];
  for (let i = line.indexOf('expected '); i !== -1; i = line.indexOf('expected ', i + 1)) {
    if (i === 0 || line.slice(i - 2, i) === ': ') starts.push(i);
  }
  return starts.reverse();
}

/** One line of a failure in words: the check's own prefix kept, chai's tail rewritten (or dropped when the prefix says what came). */
export function plainReason(line: string): string {
  for (const start of chaiStarts(line)) {
    const words = rewriteChai(line.slice(start));
    if (words === undefined) continue;
    if (start === 0) return words;
    const prefix = line.slice(0, start - 2);
    // "expected 202 (accepted), got 401: expected 401 to be 202": the check said it already.
    return /\bgot\b/.test(prefix) ? prefix : `${prefix}: ${words}`;
  }
  return line;
}

/** A failure's message with its first line (the reason) in words; the lines after it as they were. */
export function plainMessage(message: string): string {
  const newline = message.indexOf('\n');
  return newline === -1 ? plainReason(message) : `${plainReason(message.slice(0, newline))}${message.slice(newline)}`;
}

/**
 * The error a check threw, its message (and the stack that repeats it) in words: the
 * same object, so its class and chai's actual and expected still tell vitest how to
 * draw the diff. An error whose message cannot be changed is left as it is.
 */
export function plainWords(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const target = error as { message?: unknown; stack?: unknown };
  if (typeof target.message !== 'string') return error;
  const message = target.message;
  const plain = plainMessage(message);
  if (plain === message) return error;
  try {
    if (typeof target.stack === 'string') target.stack = target.stack.replace(message, () => plain);
    target.message = plain;
  } catch {
    // A frozen error, or a message with a getter only: its words stay chai's.
  }
  return error;
}
