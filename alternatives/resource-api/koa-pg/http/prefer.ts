// Prefer: return=representation | return=minimal (RFC 7240) on PATCH preferences.
// Only the return preference is understood; any other is ignored.
export type ReturnPreference = 'representation' | 'minimal';

export function returnPreference(header: string | undefined): ReturnPreference | undefined {
  for (const preference of (header ?? '').split(',')) {
    const [token = ''] = preference.split(';');
    const [name = '', value = ''] = token.split('=').map((part) => part.trim().replace(/^"(.*)"$/, '$1'));
    if (name.toLowerCase() !== 'return') continue;
    const wanted = value.toLowerCase();
    if (wanted === 'representation' || wanted === 'minimal') return wanted;
  }
  return undefined;
}
