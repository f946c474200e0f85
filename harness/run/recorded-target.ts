// What a run says its target is, on the terminal, in summary.json, report.html and the
// bundle: the bundled reference, or the vendor's. A system's own options can name the
// vendor's target whatever --target says (the webhook sender's --sender-cmd or --listen:
// `wirecheck run webhook-sender --sender-cmd ...` certifies the vendor's sender), and
// such a run is external wherever it is recorded, never "the bundled reference".
import type { SystemName } from '../checks/check-definition.ts';
import { moduleOf } from '../systems/registry.ts';
import type { TargetKind } from '../target/target-info.ts';
import type { RunConfig } from './run-config.ts';

/** The kind of one system's target in this run. */
export function systemTargetKind(config: RunConfig, system: SystemName): TargetKind {
  if (config.target === 'external') return 'external';
  return moduleOf(system).namesExternalTarget?.(config.own[system]) ? 'external' : 'reference';
}

/** The run's kind: external when any of its systems' targets is the vendor's. */
export function recordedTargetKind(config: RunConfig, systems: readonly SystemName[] = config.systems): TargetKind {
  return systems.some((s) => systemTargetKind(config, s) === 'external') ? 'external' : 'reference';
}

/** `against the bundled reference`, `against http://…`, or per system when the kinds differ. */
export function targetPhrase(config: RunConfig, systems: readonly SystemName[]): string {
  const phrase = (kind: TargetKind) => (kind === 'reference' ? 'the bundled reference' : config.baseUrl ?? 'the vendor\'s target (its command or --listen)');
  const kinds = systems.map((s) => systemTargetKind(config, s));
  if (kinds.every((k) => k === kinds[0])) return `${systems.join(', ')} against ${phrase(kinds[0] ?? config.target)}`;
  return systems.map((s, i) => `${s} against ${phrase(kinds[i] ?? config.target)}`).join(', ');
}
