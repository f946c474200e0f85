// What --repeat and --baseline changed, said once near the top: flaky checks, known
// failures that did not gate, expired entries that did, entries to remove.
import { anchor, esc } from './escape-html.ts';
import type { CheckView, ReportView } from './report-view.ts';

const link = (c: CheckView) => `<a href="#${anchor('check', c.id)}">${esc(c.id)}</a>`;

function item(kind: string, c: CheckView, text: string): string {
  return `<li class="note n-${kind}"><span class="note-kind">${esc(kind)}</span> ${link(c)} ${text}</li>`;
}

export function reportNotes(view: ReportView): string {
  const items: string[] = [];
  for (const c of view.checks) {
    if (c.flaky) items.push(item('flaky', c, `outcome varied over ${esc(c.attempts?.length)} attempts (${esc(c.attempts?.join(', '))}) — reported <b>${esc(c.outcome)}</b>, never passed`));
    if (c.baselined) items.push(item('baselined', c, `known failure, does not gate until ${esc(c.baselineExpires)} — ${esc(c.baselineReason)}`));
    if (c.baselineExpired) items.push(item('expired', c, `baseline entry expired ${esc(c.baselineExpires)}: gates again — ${esc(c.baselineReason)}`));
    if (c.baselineFixed) items.push(item('fixed', c, `fixed — remove from baseline (passes now; entry: ${esc(c.baselineReason)})`));
  }
  const notJudged = view.summary.baseline?.notJudged ?? [];
  if (notJudged.length > 0) items.push(`<li class="note"><span class="note-kind">not judged</span> baseline entries this run did not judge: ${esc(notJudged.join(', '))}</li>`);
  if (items.length === 0) return '';
  return `<section id="notes"><h2>Repeat and baseline</h2><ul class="notes">${items.join('\n')}</ul></section>`;
}
