// junit.xml for CI systems: one testsuite per system, one testcase per check.
// failed → <failure>; error (the harness could not judge it) → <error>; skipped → <skipped>; warned and info pass, with the warning or
// observation in <system-out> so a CI dashboard shows it without failing the build.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SystemName } from '../checks/check-definition.ts';
import { escapeControls } from '../http/escape-controls.ts';
import type { CheckResult } from './check-result.ts';

/**
 * Text as XML character data or an attribute value. XML 1.0 cannot carry most control
 * characters, not even as references, and a CI dashboard shows this text to a person:
 * every control is shown escaped (escapeControls), line breaks kept, then markup escaped.
 */
function xml(text: string): string {
  return escapeControls(text, { keepNewlines: true })
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** --repeat and --baseline marks, as properties a CI dashboard can show or filter on. */
function evidenceProperties(result: CheckResult): string {
  return [
    ...(result.flaky ? [`<property name="flaky" value="true"/><property name="attempts" value="${(result.attempts ?? []).join(',')}"/>`] : []),
    ...(result.baseline ? [`<property name="baseline" value="${result.baseline.status}"/><property name="baselineExpires" value="${xml(result.baseline.expires)}"/>`] : []),
  ].join('');
}

function evidencePrefix(result: CheckResult): string {
  const flaky = result.flaky ? `[flaky: ${(result.attempts ?? []).join(', ')}] ` : '';
  const mark = result.baseline;
  const baseline = mark?.status === 'baselined' ? `[baselined until ${mark.expires}, does not gate: ${mark.reason}] `
    : mark?.status === 'expired' ? `[baseline entry expired ${mark.expires}, gates again] ` : '';
  return `${flaky}${baseline}`;
}

function testcase(result: CheckResult): string {
  const { check } = result;
  const open = `    <testcase classname="${xml(`${check.system}.${check.area}`)}" name="${xml(`${check.id} ${check.title}`)}" time="${(result.durationMs / 1000).toFixed(3)}">`;
  const props = `      <properties><property name="level" value="${check.level}"/><property name="clause" value="${xml(check.clause)}"/><property name="outcome" value="${result.outcome}"/>${evidenceProperties(result)}</properties>`;
  const parts = [open, props];
  if (result.outcome === 'failed') {
    const body = [result.detail ?? result.reason ?? '', result.reproduce ? `reproduce: ${result.reproduce}` : '', result.transcript ?? ''].filter(Boolean).join('\n\n');
    parts.push(`      <failure message="${xml(`${evidencePrefix(result)}${result.reason ?? 'failed'}`)}" type="${check.level}">${xml(body)}</failure>`);
  } else if (result.outcome === 'error') {
    const body = [result.detail ?? result.reason ?? '', result.transcript ?? ''].filter(Boolean).join('\n\n');
    parts.push(`      <error message="${xml(`${evidencePrefix(result)}${result.reason ?? 'the harness could not judge this check'}`)}" type="harness">${xml(body)}</error>`);
  } else if (result.outcome === 'skipped') {
    parts.push(`      <skipped message="${xml(result.reason ?? 'skipped')}"/>`);
  } else if (result.outcome === 'warned') {
    parts.push(`      <system-out>${xml(`WARNED (SHOULD): ${evidencePrefix(result)}${result.detail ?? result.reason ?? ''}`)}</system-out>`);
  } else if (result.outcome === 'info') {
    parts.push(`      <system-out>${xml(`INFO observed: ${result.flaky ? `[flaky: ${(result.attempts ?? []).join(', ')}] ` : ''}${result.observed ?? ''}`)}</system-out>`);
  } else if (result.baseline?.status === 'fixed') {
    parts.push(`      <system-out>${xml(`fixed — remove from baseline (entry: ${result.baseline.reason})`)}</system-out>`);
  }
  parts.push('    </testcase>');
  return parts.join('\n');
}

export function junitXml(results: readonly CheckResult[], timestamp: string): string {
  const systems = [...new Set(results.map((r) => r.check.system))] as SystemName[];
  const suites = systems.map((system) => {
    const mine = results.filter((r) => r.check.system === system);
    const count = (o: string) => mine.filter((r) => r.outcome === o).length;
    const time = mine.reduce((t, r) => t + r.durationMs, 0) / 1000;
    return [
      `  <testsuite name="wirecheck ${system}" tests="${mine.length}" failures="${count('failed')}" errors="${count('error')}" skipped="${count('skipped')}" timestamp="${timestamp}" time="${time.toFixed(3)}">`,
      ...mine.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="wirecheck">\n${suites.join('\n')}\n</testsuites>\n`;
}

export function writeJunit(reportDir: string, results: readonly CheckResult[], timestamp: string): string {
  const file = join(reportDir, 'junit.xml');
  writeFileSync(file, junitXml(results, timestamp));
  return file;
}
