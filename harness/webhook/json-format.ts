// JSON text of a value in any valid formatting: whitespace between tokens, member
// order, \u escapes. Used to show a receiver authenticates bytes, not meaning.

export interface JsonStyle {
  /** Whitespace inserted at token boundaries, taken in turn. */
  readonly whitespace: readonly string[];
  /** Reverse member order of objects at these depths. */
  readonly reverseDepths: readonly number[];
  /** Characters of strings escaped as \uXXXX. */
  readonly escape: (char: string) => boolean;
}

export function formatJson(value: unknown, style: JsonStyle): string {
  let turn = 0;
  const ws = () => (style.whitespace.length === 0 ? '' : style.whitespace[turn++ % style.whitespace.length] ?? '');
  const str = (s: string) => `"${[...s].map((c) => {
    if (style.escape(c)) return [...c].map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    return JSON.stringify(c).slice(1, -1);
  }).join('')}"`;
  const walk = (v: unknown, depth: number): string => {
    if (v === null || typeof v !== 'object') return typeof v === 'string' ? str(v) : JSON.stringify(v);
    if (Array.isArray(v)) return `[${ws()}${v.map((item) => walk(item, depth + 1)).join(`${ws()},${ws()}`)}${ws()}]`;
    const entries = Object.entries(v as Record<string, unknown>);
    if (style.reverseDepths.includes(depth)) entries.reverse();
    return `{${ws()}${entries.map(([k, item]) => `${str(k)}${ws()}:${ws()}${walk(item, depth + 1)}`).join(`${ws()},${ws()}`)}${ws()}}`;
  };
  return `${ws()}${walk(value, 0)}${ws()}`;
}
