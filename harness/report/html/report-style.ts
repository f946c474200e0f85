// The page's only style and script, inlined: report.html opens from disk, offline.
export const REPORT_CSS = `
:root { --passed:#1a7f37; --failed:#cf222e; --warned:#9a6700; --skipped:#6e7781; --info:#0969da; --error:#8250df;
  --passed-bg:#dafbe1; --failed-bg:#ffebe9; --warned-bg:#fff8c5; --skipped-bg:#eaeef2; --info-bg:#ddf4ff; --error-bg:#fbefff;
  --ink:#1f2328; --muted:#59636e; --line:#d1d9e0; --panel:#f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1280px; margin: 0 auto; padding: 0 24px 48px; }
code, pre, .id, .cmd { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
h1 { font-size: 15px; font-weight: 600; color: var(--muted); margin: 20px 0 8px; letter-spacing: .02em; }
h2 { font-size: 18px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 22px 0 8px; }
.sub { font-weight: 400; color: var(--muted); font-size: 13px; margin-left: 6px; }
a { color: var(--info); text-decoration: none; } a:hover { text-decoration: underline; }
.verdict { display: flex; align-items: baseline; gap: 18px; padding: 18px 22px; border-radius: 10px; color: #fff; }
.v-passed { background: var(--passed); } .v-failed { background: var(--failed); } .v-inconclusive { background: var(--error); } .v-nothing-executed, .v-error { background: #57606a; }
.verdict-word { font-size: 30px; font-weight: 800; letter-spacing: .04em; }
.verdict-why { font-size: 15px; opacity: .95; }
.meta { margin-top: 14px; }
.meta dl { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 8px 20px; margin: 0; padding: 14px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
.meta dt { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.meta dd { margin: 2px 0 0; overflow-wrap: anywhere; }
.totals { margin: 12px 0 0; display: flex; gap: 8px; flex-wrap: wrap; }
.chip, .badge { display: inline-block; border-radius: 999px; padding: 2px 10px; font-weight: 600; font-size: 12.5px; }
.o-passed.chip, .badge.o-passed { background: var(--passed-bg); color: var(--passed); }
.o-failed.chip, .badge.o-failed { background: var(--failed-bg); color: var(--failed); }
.o-warned.chip, .badge.o-warned { background: var(--warned-bg); color: var(--warned); }
.o-skipped.chip, .badge.o-skipped { background: var(--skipped-bg); color: var(--skipped); }
.o-info.chip, .badge.o-info { background: var(--info-bg); color: var(--info); }
.o-error.chip, .badge.o-error { background: var(--error-bg); color: var(--error); }
.chip.zero { opacity: .45; font-weight: 500; }
.gating { margin: 10px 0 0; } .gating a { font-family: ui-monospace, monospace; margin-right: 6px; color: var(--failed); font-weight: 600; } .gating.errors a { color: var(--error); }
nav.toc { margin: 14px 0 0; display: flex; gap: 16px; font-size: 13px; }
.notes { list-style: none; padding: 0; margin: 0; }
.note { padding: 7px 10px; border-left: 4px solid var(--line); background: var(--panel); margin: 6px 0; border-radius: 0 6px 6px 0; }
.note-kind { display: inline-block; min-width: 86px; font-weight: 700; text-transform: uppercase; font-size: 11px; letter-spacing: .05em; }
.n-flaky { border-color: var(--failed); } .n-expired { border-color: var(--failed); } .n-baselined { border-color: var(--warned); } .n-fixed { border-color: var(--passed); }
.matrix-row { display: grid; grid-template-columns: 140px 1fr; gap: 12px; align-items: start; margin: 8px 0; }
.matrix-system { font-weight: 700; padding-top: 8px; }
.matrix-tiles { display: flex; flex-wrap: wrap; gap: 8px; }
.tile { display: flex; flex-direction: column; min-width: 112px; padding: 7px 10px; border-radius: 8px; border: 1px solid var(--line); color: var(--ink); }
.tile:hover { text-decoration: none; filter: brightness(.97); }
.tile.o-passed { background: var(--passed-bg); border-color: #aceebb; } .tile.o-failed { background: var(--failed-bg); border-color: #ffcecb; }
.tile.o-warned { background: var(--warned-bg); border-color: #f5e0a0; } .tile.o-info { background: var(--info-bg); border-color: #b6e3ff; } .tile.o-skipped { background: var(--skipped-bg); } .tile.o-error { background: var(--error-bg); border-color: #e7d4ff; }
.tile-area { font-weight: 700; font-family: ui-monospace, monospace; }
.tile-counts { display: flex; flex-direction: column; font-size: 12px; }
.c-failed { color: var(--failed); font-weight: 600; } .c-warned { color: var(--warned); font-weight: 600; } .c-passed { color: var(--passed); } .c-info { color: var(--info); } .c-skipped { color: var(--skipped); } .c-error { color: var(--error); font-weight: 600; }
.filters { display: flex; gap: 6px; flex-wrap: wrap; margin: 0 0 10px; }
.filters button { font: inherit; font-size: 12.5px; padding: 3px 12px; border-radius: 999px; border: 1px solid var(--line); background: #fff; cursor: pointer; }
.filters button[aria-pressed="true"] { background: var(--ink); color: #fff; border-color: var(--ink); }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); padding: 6px 8px; border-bottom: 2px solid var(--line); background: #fff; position: sticky; top: 0; }
td { padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.id { white-space: nowrap; font-weight: 600; }
td.clause { color: var(--muted); min-width: 140px; }
blockquote.basis { margin: 4px 0 0; padding-left: 6px; border-left: 2px solid var(--muted); color: inherit; font-style: italic; max-width: 28em; }
blockquote.basis cite { display: block; font-style: normal; font-size: 0.85em; }
/* Fixed columns: the reason gets the widest, so a long one reads in a few lines, not 25 (long tokens wrap anywhere). */
table.checks { table-layout: fixed; }
col.c-outcome { width: 92px; } col.c-id { width: 122px; } col.c-level { width: 70px; } col.c-title { width: 15%; } col.c-clause { width: 15%; } col.c-duration { width: 78px; }
table.checks td { overflow-wrap: anywhere; } table.checks .badge, table.checks td.id { white-space: nowrap; overflow-wrap: normal; }
td.note-cell { color: var(--muted); overflow-wrap: anywhere; }
.cause-ref { margin-top: 4px; font-size: 12.5px; } .cause-ref a { color: var(--failed); }
tr.check.o-failed td:first-child { box-shadow: inset 4px 0 var(--failed); } tr.check.o-warned td:first-child { box-shadow: inset 4px 0 var(--warned); } tr.check.o-error td:first-child { box-shadow: inset 4px 0 var(--error); }
.level { font-size: 11px; font-weight: 700; padding: 1px 6px; border-radius: 4px; border: 1px solid var(--line); }
.l-MUST { color: var(--failed); border-color: #ffcecb; } .l-SHOULD { color: var(--warned); border-color: #f5e0a0; } .l-INFO { color: var(--info); border-color: #b6e3ff; }
.flag { display: inline-block; font-size: 11px; font-weight: 700; padding: 0 6px; border-radius: 4px; margin-left: 4px; }
.f-flaky, .f-expired { background: var(--failed); color: #fff; } .f-baselined { background: var(--warned-bg); color: var(--warned); border: 1px solid #f5e0a0; } .f-fixed { background: var(--passed); color: #fff; }
tr.evidence-row > td { background: var(--panel); padding: 4px 12px 12px; }
details > summary { cursor: pointer; color: var(--muted); font-size: 12px; padding: 4px 0; }
.kv { display: grid; grid-template-columns: 90px 1fr; gap: 8px; margin: 3px 0; } .kv > span:first-child { color: var(--muted); font-size: 12px; }
.cmd { background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: 1px 6px; overflow-wrap: anywhere; }
.transcript-label { margin: 10px 0 4px; font-size: 12px; color: var(--muted); }
mark.stray { background: #ffd33d; color: #1f2328; border-radius: 2px; padding: 0 2px; outline: 1px solid #bf8700; }
mark.differs { background: rgba(255, 129, 130, .35); color: #ffdcd7; border-radius: 2px; }
.transcript-label mark.differs { color: var(--failed); }
.cause { border: 1px solid #ffcecb; border-left: 4px solid var(--failed); border-radius: 0 8px 8px 0; padding: 8px 14px; margin: 10px 0; background: #fff; }
.cause h3 { margin: 4px 0 6px; font-size: 14.5px; }
.cause-kind { display: inline-block; font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; padding: 1px 6px; border-radius: 4px; background: var(--failed-bg); color: var(--failed); margin-right: 6px; }
.cause-bytes, .cause-count { margin: 4px 0; color: var(--muted); font-size: 12.5px; }
.cause-checks { list-style: none; margin: 4px 0 0; padding: 0; columns: 2 28em; }
.cause-checks li { padding: 2px 0; break-inside: avoid; } .cause-checks .id { font-weight: 600; font-family: ui-monospace, monospace; }
code.fault { background: var(--failed-bg); color: var(--failed); padding: 0 4px; border-radius: 4px; }
pre.transcript { margin: 0; padding: 10px 12px; background: #0d1117; color: #e6edf3; border-radius: 6px; max-height: 30em; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.4; }
.coverage td:nth-child(2) { max-width: 460px; }
.cbadge { display: inline-block; font-family: ui-monospace, monospace; font-size: 12px; padding: 1px 6px; border-radius: 4px; margin: 1px 2px 1px 0; border: 1px solid var(--line); white-space: nowrap; color: var(--ink); }
.cbadge small { font-family: system-ui, sans-serif; font-size: 10.5px; }
.cbadge.o-passed { background: var(--passed-bg); } .cbadge.o-failed { background: var(--failed-bg); color: var(--failed); } .cbadge.o-warned { background: var(--warned-bg); }
.cbadge.o-skipped { background: var(--skipped-bg); } .cbadge.o-info { background: var(--info-bg); } .cbadge.not-run { color: var(--muted); border-style: dashed; }
.cov { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; padding: 1px 6px; border-radius: 4px; white-space: nowrap; }
.cov-yes { color: var(--passed); } .cov-obs { background: var(--info-bg); color: var(--info); } .cov-unchk { background: var(--skipped-bg); color: var(--skipped); } .cov-gap { background: var(--warned-bg); color: var(--warned); }
tr.gap td { background: #fffbe6; } .why { color: var(--muted); font-size: 12.5px; }
.lead, .empty { color: var(--muted); }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 10px; }
@media print { .filters { display: none; } pre.transcript { max-height: none; } th { position: static; } }
`;

// Filter buttons: show the check rows (and their evidence rows) of one outcome or flag.
export const REPORT_JS = `
document.querySelectorAll('.filters button').forEach(function (button) {
  button.addEventListener('click', function () {
    var filter = button.getAttribute('data-filter');
    document.querySelectorAll('.filters button').forEach(function (b) { b.setAttribute('aria-pressed', String(b === button)); });
    document.querySelectorAll('table.checks tbody tr[data-outcome]').forEach(function (row) {
      var flags = (row.getAttribute('data-flags') || '').split(' ');
      row.hidden = !(filter === 'all' || row.getAttribute('data-outcome') === filter || flags.indexOf(filter) >= 0);
    });
  });
});
`;
