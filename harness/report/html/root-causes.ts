// Before the checks: each cause several failures share (a framing fault of the target,
// a prerequisite the preflight could not prove, business work that stopped), said once,
// with the checks it explains under it — so a reader sees one stray CRLF, not twenty
// unrelated failures. Each check keeps its own outcome and row; its reason links here.
import { causeGroups, type CauseGroup } from '../root-cause-groups.ts';
import { anchor, esc } from './escape-html.ts';
import type { CheckView, ReportView } from './report-view.ts';

const KIND_LABEL: Readonly<Record<string, string>> = { framing: 'framing', prerequisite: 'prerequisite', 'stuck-work': 'stuck work' };

/** The page's anchor of the n-th cause (from 1). */
const causeAnchor = (n: number): string => anchor('cause', String(n));

/** Each grouped check's cause: its anchor and description, for the check's row. */
export function causeLinks(view: ReportView): Map<string, { readonly href: string; readonly description: string }> {
  const links = new Map<string, { href: string; description: string }>();
  causeGroups(view.checks).forEach((group, i) => {
    for (const c of group.results) links.set(c.id, { href: `#${causeAnchor(i + 1)}`, description: group.cause.description });
  });
  return links;
}

function checkItem(c: CheckView): string {
  return `<li><span class="badge o-${esc(c.outcome)}">${esc(c.outcome)}</span> <a href="#${anchor('check', c.id)}" class="id">${esc(c.id)}</a> <span class="level l-${esc(c.level)}">${esc(c.level)}</span> ${esc(c.title)}</li>`;
}

function causeArticle(group: CauseGroup<CheckView>, n: number): string {
  const { cause, bytes, results } = group;
  const seen = bytes.length > 0
    ? `<p class="cause-bytes">bytes: ${bytes.map((b) => `<code>"<mark class="stray">${esc(b)}</mark>"</code>`).join(' ')}</p>`
    : '';
  return `<article class="cause" id="${causeAnchor(n)}">
<h3><span class="cause-kind">${esc(KIND_LABEL[cause.kind] ?? cause.kind)}</span> ${esc(cause.description)}</h3>
${seen}<p class="cause-count">explains ${results.length} checks:</p>
<ul class="cause-checks">${results.map(checkItem).join('')}</ul>
</article>`;
}

export function rootCauses(view: ReportView): string {
  const groups = causeGroups(view.checks);
  if (groups.length === 0) return '';
  const explained = groups.reduce((n, g) => n + g.results.length, 0);
  return `<section id="causes"><h2>Root causes <span class="sub">${groups.length} cause${groups.length === 1 ? '' : 's'} · ${explained} checks</span></h2>
<p class="lead">Several failures share one cause: it is named once here, the checks it explains under it. Each check keeps its own outcome below.</p>
${groups.map((g, i) => causeArticle(g, i + 1)).join('\n')}</section>`;
}
