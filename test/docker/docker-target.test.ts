// `wirecheck run --target docker`. Without a container engine (as on this project's
// own machines) it must end at once with exit 2 and what to do; with one, it must
// start the stack, run the suites against the containers and report the run as the
// reference's. Whichever half cannot run here is skipped, and says so.
import { describe, expect, it } from 'vitest';
import { containerEngineAvailable, noEngineMessage } from '../../harness/target/docker/container-engine.ts';
import { outcomesById, runWirecheck } from '../testing/run-wirecheck.ts';

const engine = await containerEngineAvailable(process.env['DOCKER_HOST']);
if (engine) console.warn('[skipped] docker-target: a container engine answers here, so the no-engine path (exit 2) is not exercised');
else console.warn('[skipped] docker-target: no container engine (start Docker or set DOCKER_HOST): `run --target docker` against real containers is not exercised');

describe.skipIf(engine)('--target docker without a container engine', () => {
  it('exits 2 with what to do: start Docker, set DOCKER_HOST, or use --target reference or external', async () => {
    const run = await runWirecheck(['run', 'webhook', '--target', 'docker', '--no-allure'], { env: { DOCKER_HOST: undefined }, timeoutMs: 30_000 });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`wirecheck: ${noEngineMessage(undefined)}`);
    expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('names an unreachable DOCKER_HOST', async () => {
    const run = await runWirecheck(['run', 'all', '--target', 'docker', '--no-allure'], { env: { DOCKER_HOST: 'tcp://127.0.0.1:9' }, timeoutMs: 30_000 });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('DOCKER_HOST=tcp://127.0.0.1:9 does not answer');
  });
});

describe.skipIf(!engine)('--target docker with a container engine', () => {
  it('runs the suites against the containers and reports the run as the reference', async () => {
    const run = await runWirecheck(['run', 'all', '--target', 'docker', '--no-allure', '--seed', '7',
      '--only', 'WH-SIG-01,WH-ACK-03,WH-CONC-02,RA-DUR-01,DS-STATUS-01,DS-DISC-01,DS-CLI-01'], { timeoutMs: 900_000 });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.summary?.target.kind).toBe('reference');
    // One URL per system (the webhook's first receiver), each a port the engine published.
    expect(run.summary?.target.baseUrl.split(' ')).toHaveLength(3);
    const outcomes = outcomesById(run.summary);
    for (const id of ['WH-SIG-01', 'WH-ACK-03', 'WH-CONC-02', 'RA-DUR-01', 'DS-STATUS-01', 'DS-DISC-01']) expect(outcomes.get(id)?.outcome, id).toBe('passed');
    expect(outcomes.get('DS-CLI-01')).toMatchObject({ outcome: 'skipped', reason: expect.stringMatching(/server.command/) });
  }, 900_000);
});
