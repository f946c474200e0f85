// What a run knows about the business work it set off: the events the receiver
// acknowledged (in order), those seen settled, and — once a wait found nothing moving —
// why the work counts as stuck. Suite files run in processes of their own, so the
// ledger lives in the run's scratch folder (append-only files); without one (a unit
// test) it is kept in memory.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StuckWork {
  readonly reason: string;
  /** The statuses seen when the work was found stuck: a later wait compares against them. */
  readonly statuses: Readonly<Record<string, string>>;
}

export interface WorkLedger {
  acknowledge(ids: readonly string[]): void;
  settle(ids: readonly string[]): void;
  /** Acknowledged and not yet seen settled, oldest first. */
  pending(): string[];
  stuck(): StuckWork | undefined;
  markStuck(stuck: StuckWork | undefined): void;
}

function lines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

class FileLedger implements WorkLedger {
  constructor(private readonly dir: string) {}

  private file(name: string): string {
    return join(this.dir, name);
  }

  acknowledge(ids: readonly string[]): void {
    // JSON-quoted: an event id may hold any character, a newline too.
    if (ids.length > 0) appendFileSync(this.file('acknowledged'), unique(ids).map((id) => `${JSON.stringify(id)}\n`).join(''));
  }

  settle(ids: readonly string[]): void {
    if (ids.length > 0) appendFileSync(this.file('settled'), unique(ids).map((id) => `${JSON.stringify(id)}\n`).join(''));
  }

  pending(): string[] {
    const settled = new Set(lines(this.file('settled')));
    return unique(lines(this.file('acknowledged')).filter((line) => !settled.has(line))).map((line) => JSON.parse(line) as string);
  }

  stuck(): StuckWork | undefined {
    const file = this.file('stuck.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StuckWork) : undefined;
  }

  markStuck(stuck: StuckWork | undefined): void {
    if (stuck) writeFileSync(this.file('stuck.json'), JSON.stringify(stuck));
    else rmSync(this.file('stuck.json'), { force: true });
  }
}

class MemoryLedger implements WorkLedger {
  private readonly acknowledged: string[] = [];
  private readonly settled = new Set<string>();
  private stuckWork: StuckWork | undefined;

  acknowledge(ids: readonly string[]): void {
    this.acknowledged.push(...ids);
  }

  settle(ids: readonly string[]): void {
    for (const id of ids) this.settled.add(id);
  }

  pending(): string[] {
    return unique(this.acknowledged.filter((id) => !this.settled.has(id)));
  }

  stuck(): StuckWork | undefined {
    return this.stuckWork;
  }

  markStuck(stuck: StuckWork | undefined): void {
    this.stuckWork = stuck;
  }
}

const memory = new MemoryLedger();

/** A ledger of its own, in memory (tests). */
export function memoryLedger(): WorkLedger {
  return new MemoryLedger();
}

/** The run's ledger: in its scratch folder when it has one, else the process's own. */
export function workLedger(scratchDir: string | undefined): WorkLedger {
  return scratchDir ? new FileLedger(scratchDir) : memory;
}
