// The run's traffic rules in this process and for its suite processes: the extra
// headers, and under --rate-limit the run's one pacer, served to the other processes on
// a loopback socket (harness/http/rate-coordinator.ts) for as long as the run lasts.
import { startRateCoordinator, type RateCoordinator } from '../http/rate-coordinator.ts';
import { SendPacer } from '../http/send-pacer.ts';
import { setTargetTraffic, type TargetTraffic } from '../http/target-traffic.ts';
import type { RunConfig } from './run-config.ts';

export interface RunTraffic {
  /** For the SuiteRun: what the suite processes set (their pacer the coordinator). */
  readonly traffic: TargetTraffic;
  stop(): Promise<void>;
}

export async function startTargetTraffic(config: Pick<RunConfig, 'extraHeaders' | 'rateLimit'>): Promise<RunTraffic> {
  const headers = config.extraHeaders;
  if (!config.rateLimit) {
    setTargetTraffic({ headers });
    return { traffic: { headers }, stop: async () => setTargetTraffic(undefined) };
  }
  const pacer = new SendPacer(config.rateLimit);
  let coordinator: RateCoordinator | undefined = await startRateCoordinator(pacer);
  setTargetTraffic({ headers, rateLimit: config.rateLimit }, pacer);
  return {
    traffic: { headers, rateLimit: { ...config.rateLimit, coordinator: coordinator.address } },
    // The run is over: this process sends nothing more in its name.
    stop: async () => {
      setTargetTraffic(undefined);
      await coordinator?.close();
      coordinator = undefined;
    },
  };
}
