// Stryker's own instrumenter over some reference files, as `npm run mutation` runs it
// (2-mutant-instrumenter-executor in @stryker-mutator/core: default mutator options, the
// configured ignorers), without running any test. What the exemption tools compare and
// check: which mutants there are and why each ignored one is ignored.
import type { Ignorer } from '@stryker-mutator/api/ignore';
import type { Logger } from '@stryker-mutator/api/logging';
import type { Mutant } from '@stryker-mutator/api/core';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { strykerPlugins as exemptionPlugins } from './exemption-ignorer.mjs';
import { strykerPlugins as faultSwitchPlugins } from './fault-switch-ignorer.mjs';

export interface SourceFile { readonly name: string; readonly content: string }

/** The ignorers of stryker.config.mjs, in its order. */
export const CONFIGURED_IGNORERS: readonly Ignorer[] = [...exemptionPlugins, ...faultSwitchPlugins].map((plugin) => plugin.value as Ignorer);

export interface Instrumented {
  readonly mutants: readonly Mutant[];
  /** The instrumented code, by file name. */
  readonly code: ReadonlyMap<string, string>;
  /** Stryker's warnings, e.g. a directive naming a mutator that does not exist. */
  readonly warnings: readonly string[];
}

export async function instrumentLikeStryker(files: readonly SourceFile[], ignorers: readonly Ignorer[] = CONFIGURED_IGNORERS): Promise<Instrumented> {
  const warnings: string[] = [];
  const quiet = (): boolean => false;
  const logger: Logger = {
    isTraceEnabled: quiet, isDebugEnabled: quiet, isInfoEnabled: quiet, isWarnEnabled: () => true, isErrorEnabled: () => true, isFatalEnabled: () => true,
    trace() {}, debug() {}, info() {},
    warn(message: string) { warnings.push(message); },
    error(message: string) { warnings.push(message); },
    fatal(message: string) { warnings.push(message); },
  };
  const result = await new Instrumenter(logger).instrument(
    files.map((file) => ({ ...file, mutate: true })),
    { plugins: null, excludedMutations: [], ignorers: [...ignorers] },
  );
  return { mutants: result.mutants, code: new Map(result.files.map((f) => [f.name, f.content])), warnings };
}
