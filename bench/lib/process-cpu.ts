// CPU time of a process (user + system), from /proc: how much of the machine a
// phase cost the process, which holds still on a busy machine when rates do not.
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SEC = 100;

/** CPU seconds used so far by the process (Linux only; undefined elsewhere). */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after "pid (comm) ": state is field 3, utime 14, stime 15 → indexes 11 and 12 here
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SEC;
  } catch {
    return undefined;
  }
}
