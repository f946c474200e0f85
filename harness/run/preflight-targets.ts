// The preflight of every started target, before any check: what the run relies on
// (secret, token, probe, base URL) is proven, or the run ends with exit 2 and the fix.
// What it found that is the target's failure rather than a set-up mistake comes back
// as findings: the checks that depend on it fail at once, naming it. Its exchanges go
// to <report-dir>/preflight.txt, redacted like every transcript.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SystemName } from '../checks/check-definition.ts';
import { Redactor, Transcript } from '../http/index.ts';
import { moduleOf } from '../systems/registry.ts';
import type { SystemFindings, SystemTarget } from '../target/target-info.ts';
import type { RunConfig } from './run-config.ts';
import { selectChecks } from './select-checks.ts';

export interface PreflightInputs {
  readonly config: RunConfig;
  readonly secrets: readonly string[];
  readonly scratchDir: string;
  /** Where a line about what a preflight found out goes (the terminal); preflight.txt has it as well. */
  readonly out?: (line: string) => void;
}

async function preflightOne(target: SystemTarget, inputs: PreflightInputs, transcript: Transcript): Promise<SystemFindings> {
  const { preflight } = moduleOf(target.system);
  const needs = new Set(selectChecks(inputs.config).filter((c) => c.system === target.system).flatMap((c) => c.needs ?? []));
  const say = (line: string) => {
    transcript.note(line);
    inputs.out?.(line);
  };
  return preflight ? preflight(target, { scratchDir: inputs.scratchDir, workTimeoutMs: inputs.config.workTimeoutMs, transcript, needs, say }) : {};
}

/** The targets with what their preflight found out about them (SystemFindings.discovered) merged in: the checks see them so. */
export function withDiscoveries<T extends Partial<Record<SystemName, SystemTarget>>>(targets: T, findings: Partial<Record<SystemName, SystemFindings>>): T {
  const merged: Partial<Record<SystemName, SystemTarget>> = { ...targets };
  for (const [system, target] of Object.entries(targets) as [SystemName, SystemTarget | undefined][]) {
    const discovered = findings[system]?.discovered;
    if (!target || !discovered) continue;
    merged[system] = { ...target, ...discovered.fields, capabilities: [...new Set([...target.capabilities, ...discovered.capabilities])] };
  }
  return merged as T;
}

export async function preflightTargets(targets: readonly SystemTarget[], inputs: PreflightInputs): Promise<Partial<Record<SystemName, SystemFindings>>> {
  const transcript = new Transcript(new Redactor({ secrets: [...inputs.secrets] }));
  try {
    const found = await Promise.all(targets.map(async (target) => [target.system, await preflightOne(target, inputs, transcript)] as const));
    return Object.fromEntries(found.filter(([, findings]) => Object.keys(findings).length > 0));
  } finally {
    mkdirSync(inputs.config.reportDir, { recursive: true });
    writeFileSync(join(inputs.config.reportDir, 'preflight.txt'), transcript.toText());
  }
}
