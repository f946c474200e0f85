// Everything a report shows came from a target or a spec: it is text, never markup.
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(text: string | number | undefined): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** An id usable in an HTML id attribute and a #fragment. */
export function anchor(...parts: string[]): string {
  return parts.join('-').toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}
