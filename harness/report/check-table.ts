// The checks of a system as a Markdown table — the README embeds one per system, and
// a test keeps them identical to the catalog.
import { checksOf } from '../systems/catalog.ts';
import type { SystemName } from '../checks/check-definition.ts';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function checkTableMarkdown(system: SystemName): string {
  const rows = checksOf(system).map((c) => {
    const notes = [c.alsoCovers?.length ? `also covers ${c.alsoCovers.join(', ')}` : '', c.needs?.length ? `needs ${c.needs.join(', ')}` : '', c.allows ? `allows: ${c.allows}` : ''].filter(Boolean).join('; ');
    return `| ${c.id} | ${c.level} | ${cell(c.title)} | ${cell(c.clause)} | ${cell(notes)} |`;
  });
  return ['| id | level | check | clause | notes |', '|---|---|---|---|---|', ...rows].join('\n');
}

const MARKER = (system: string, end = false) => `<!-- ${end ? '/' : ''}checks:${system} -->`;

/** README text with each system's table replaced between its markers. */
export function withCheckTables(readme: string, systems: readonly SystemName[]): string {
  let text = readme;
  for (const system of systems) {
    const start = text.indexOf(MARKER(system));
    const end = text.indexOf(MARKER(system, true));
    if (start < 0 || end < start) continue;
    text = `${text.slice(0, start + MARKER(system).length)}\n${checkTableMarkdown(system)}\n${text.slice(end)}`;
  }
  return text;
}
