// Fault switches: a reference implementation can run with named, deliberate bugs so
// the self-test can prove each conformance check able to fail. They are inert unless
// CONFORMANCE_FAULTS_ENABLED=1, and an unknown name stops the process at start-up —
// a misspelt fault must never yield a "clean" reference that quietly passes.

export type FaultSet<Name extends string> = ReadonlySet<Name>;

export class UnknownFaultError extends Error {
  override readonly name = 'UnknownFaultError';
}

export function readFaults<Name extends string>(
  env: NodeJS.ProcessEnv,
  known: readonly Name[],
): FaultSet<Name> {
  if (env['CONFORMANCE_FAULTS_ENABLED'] !== '1') return new Set();
  const requested = (env['WIRECHECK_FAULTS'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = requested.filter((name) => !(known as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new UnknownFaultError(
      `unknown fault(s) in WIRECHECK_FAULTS: ${unknown.join(', ')}; known faults: ${known.join(', ')}`,
    );
  }
  return new Set(requested as Name[]);
}
