// Reading a reference server's environment: every problem collected, then reported at
// once, so an operator fixes a start-up in one go rather than one variable per try.
//
// The mutation run always gives a valid environment (PORT=0, the secret, no empty
// variable, none of the optional integers), so the validation branches are unreachable
// through the contract; env-config.test.ts proves the rules.

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  string(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value === '' ? undefined : value;
  }

  required(name: string, hint: string): string {
    const value = this.string(name);
    if (value === undefined) this.problems.push(`${name} is required: ${hint}`);
    // A value of blanks only is no value: a secret of spaces would sign with spaces.
    if (value !== undefined && value.trim() === '') this.problems.push(`${name} is blank (whitespace only), which counts as unset; it is required: ${hint}`);
    return value ?? '';
  }

  port(name: string, fallback: number): number {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    const port = Number(raw);
    if (!/^\d+$/.test(raw) || port > 65535) {
      this.problems.push(`${name} must be a port number 0-65535, got "${raw}"`);
      return fallback;
    }
    return port;
  }

  integer(name: string, fallback: number, min: number): number {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min) {
      this.problems.push(`${name} must be an integer of at least ${min}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  }

  flag(name: string): boolean {
    return this.string(name) === '1';
  }

  /** Throws ConfigError listing every problem found so far. */
  done(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}
