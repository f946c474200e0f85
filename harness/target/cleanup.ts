// Whatever the harness starts, it stops: on normal completion, on failure and on
// Ctrl-C or SIGTERM. Stoppers register here; the CLI installs the signal handlers.

type Stopper = () => Promise<void>;
type SyncKiller = () => void;

const stoppers = new Set<Stopper>();
const killers = new Set<SyncKiller>();

/** Registers an async stopper and a last-resort synchronous kill for process exit. */
export function onCleanup(stop: Stopper, killNow: SyncKiller): () => void {
  stoppers.add(stop);
  killers.add(killNow);
  return () => {
    stoppers.delete(stop);
    killers.delete(killNow);
  };
}

export async function cleanupAll(): Promise<void> {
  const pending = [...stoppers];
  stoppers.clear();
  await Promise.allSettled(pending.map((stop) => stop()));
}

let installed = false;
export function installSignalCleanup(write: (text: string) => void): void {
  if (installed) return;
  installed = true;
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    write(`\nwirecheck: ${signal} received — stopping what the harness started\n`);
    void cleanupAll().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => onSignal('SIGINT', 130));
  process.once('SIGTERM', () => onSignal('SIGTERM', 143));
  process.once('exit', () => {
    for (const kill of killers) kill();
  });
}
