// RFC 7240 Prefer: only the `return` preference is honoured (on PATCH preferences).
// Several Prefer fields arrive joined by commas; the first `return` wins.

export type ReturnPreference = 'representation' | 'minimal';

export function returnPreference(header: string | string[] | undefined): ReturnPreference | undefined {
  if (header === undefined) return undefined;
  for (const item of [header].flat().join(',').split(',')) {
    const [pair = ''] = item.split(';');
    const [name = '', value = ''] = pair.split('=').map((s) => s.trim().replace(/^"(.*)"$/, '$1'));
    if (name.toLowerCase() !== 'return') continue;
    const wanted = value.toLowerCase();
    if (wanted === 'representation' || wanted === 'minimal') return wanted;
  }
  return undefined;
}
