// Everything a report shows came from a target or a spec: it is text, never markup,
// and its controls are shown, not obeyed (escapeControls: a bidi override would
// reorder a reason or a transcript line as the page renders it).
import { escapeControls } from '../../http/escape-controls.ts';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Line breaks stay: they are whitespace in a cell and the lines of a transcript's <pre>. */
export function esc(text: string | number | undefined): string {
  return escapeControls(String(text ?? ''), { keepNewlines: true }).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** An id usable in an HTML id attribute and a #fragment. */
export function anchor(...parts: string[]): string {
  return parts.join('-').toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}
