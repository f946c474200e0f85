// The order `npm test` starts its files in. Two workers share the files, and a few of
// them take minutes (each runs whole certification runs as child processes): started
// last, one of them is the whole run's tail while the other worker idles. vitest puts
// the files that took longest first only where its cache of an earlier run holds their
// times; a fresh checkout (CI: `npm ci && npm test`) has no such cache, and vitest then
// starts the largest files first, which puts the short self-test files last. So the
// known long files start first, in this order, whatever the cache says; the rest
// follow in vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first (seconds alone on 2 cores, roughly): each starts a certification run or several. */
export const LONG_FILES: readonly string[] = [
  // npm run test:self
  'test/self-test/device-server.test.ts',
  'test/self-test/webhook.test.ts',
  'test/self-test/resource-api.test.ts',
  'test/appium/appium-certification.test.ts',
  'test/alternatives/alternatives.test.ts',
  'test/cli/webhook-sender-harness-limits.test.ts',
  'test/hostile-target/hostile-target.test.ts',
  'test/cli/version-field-discovery.test.ts',
  // npm test (measured 2026-11-29, 2 cores)
  'test/cli/external-webhook.test.ts',
  'test/cli/resource-api-external.test.ts',
  'reference-impl/device-server/cli-extensions.test.ts',
  'test/cli/staging-traffic.test.ts',
  'test/bench/crash.test.ts',
  'test/cli/run-options.test.ts',
  'reference-impl/webhook/crash-recovery.test.ts',
  'test/evidence/ci-templates.test.ts',
  'reference-impl/device-server/extension-hardening.test.ts',
  'test/cli/device-server-external.test.ts',
  'test/cli/serve-by-hand.test.ts',
  'test/bench/fuzz.test.ts',
  'test/cli/preflight.test.ts',
];

function rankOf(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll('\\', '/');
  const rank = LONG_FILES.findIndex((file) => path.endsWith(`/${file}`));
  return rank === -1 ? LONG_FILES.length : rank;
}

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return [...sorted].sort((a, b) => rankOf(a) - rankOf(b));
  }
}
