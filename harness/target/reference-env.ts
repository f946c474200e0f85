// The environment every reference process gets from the harness: the probe on, the
// self-test's faults when asked, and nothing of the harness's own environment but
// what a Node process needs to run. Made once, when the run's options are resolved.

const PASSED_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS', 'SYSTEMROOT'];

/** What a Node process needs to run, and nothing else of `env`. */
export function passedThrough(env: NodeJS.ProcessEnv): Record<string, string> {
  const base: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = env[name];
    if (value !== undefined) base[name] = value;
  }
  return base;
}

export function referenceEnvOf(env: NodeJS.ProcessEnv, referenceFaults: readonly string[]): Record<string, string> {
  return {
    ...passedThrough(env),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    CONFORMANCE_PROBE: '1',
    ...(referenceFaults.length > 0
      ? { CONFORMANCE_FAULTS_ENABLED: '1', WIRECHECK_FAULTS: referenceFaults.join(',') }
      : {}),
  };
}
