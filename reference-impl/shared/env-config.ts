// Reading a reference server's environment: every problem collected, then reported at
// once, so an operator fixes a start-up in one go rather than one variable per try.
//
// The mutation run always gives a valid environment (PORT=0, the secret, no empty
// variable, none of the optional integers), so the validation branches are unreachable
// through the contract; env-config.test.ts proves the rules.

// Stryker disable all: unreachable through the contract: the error of an invalid environment, a run always gives a valid one (env-config.test.ts)
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
// Stryker restore all

export class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  string(name: string): string | undefined {
    const value = this.env[name];
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: equivalent in a run, its environment holds no empty variable (env-config.test.ts); the directive also hides the detected → true, which reads every variable as unset: WEBHOOK_SECRET missing, start-up fails, which every check sees
    return value === undefined || value === '' ? undefined : value;
  }

  required(name: string, hint: string): string {
    const value = this.string(name);
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent in a run, it always gives the required variables, so no problem is noted (→ false changes nothing, the message is never written; env-config.test.ts); the directive also hides the detected → true, which notes a problem for a variable that is set: start-up fails, which every check sees
    if (value === undefined) this.problems.push(`${name} is required: ${hint}`);
    // A value of blanks only is no value: a secret of spaces would sign with spaces.
    else if (value.trim() === '') this.problems.push(`${name} is blank (whitespace only), which counts as unset; it is required: ${hint}`);
    // Stryker disable next-line StringLiteral: unreachable through the contract, a run always gives the required variables (env-config.test.ts)
    return value ?? '';
  }

  // Stryker disable next-line BlockStatement: equivalent in a run, PORT=0 and no port both listen on a free port
  port(name: string, fallback: number): number {
    const raw = this.string(name);
    // Stryker disable next-line ConditionalExpression: equivalent in a run, it always sets PORT, so → false changes nothing (env-config.test.ts); the directive also hides the detected → true, which listens on the fallback 3000 instead of PORT=0: the run's second instance (and a concurrent run) cannot listen there, start-up fails
    if (raw === undefined) return fallback;
    const port = Number(raw);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,Regex,EqualityOperator,BlockStatement: equivalent in a run, it always gives a valid PORT (0), which the test lets through alike (→ false, && for ||, the pattern without ^, $ or +, port > 65535 → false or >=, the emptied block; env-config.test.ts); the directive also hides the detected mutants that refuse PORT=0 (→ true, \D for \d, <= for >): start-up fails, which every check sees
    if (!/^\d+$/.test(raw) || port > 65535) {
      // Stryker disable next-line all: unreachable through the contract, a run always gives a valid PORT (env-config.test.ts)
      this.problems.push(`${name} must be a port number 0-65535, got "${raw}"`);
      return fallback;
    }
    return port;
  }

  integer(name: string, fallback: number, min: number): number {
    const raw = this.string(name);
    // Stryker disable next-line ConditionalExpression: equivalent in a run, it sets none of the integers (the worker's tuning), so → true changes nothing (env-config.test.ts); the directive also hides the detected → false, which validates an unset integer as invalid: start-up fails, which every check sees
    if (raw === undefined) return fallback;
    // Stryker disable next-line all: unreachable through the contract, a run sets none of the integers (env-config.test.ts)
    if (!/^\d+$/.test(raw) || Number(raw) < min) {
      // Stryker disable next-line all: unreachable through the contract, a run sets none of the integers (env-config.test.ts)
      this.problems.push(`${name} must be an integer of at least ${min}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  }

  flag(name: string): boolean {
    // Stryker disable next-line ConditionalExpression: equivalent in a run, the one flag read (CONFORMANCE_PROBE) is on, so → true changes nothing (env-config.test.ts); the directive also hides the detected → false, which turns the probe off: every check that reads the probe fails
    return this.string(name) === '1';
  }

  /** Throws ConfigError listing every problem found so far. */
  // Stryker disable next-line BlockStatement: equivalent in a run, it always gives a valid environment, so there is no problem to throw (env-config.test.ts)
  done(): void {
    // Stryker disable next-line ConditionalExpression: equivalent in a run, it always gives a valid environment, so the test never holds (→ false changes nothing; env-config.test.ts); the directive also hides the detected → true, which throws with no problem noted: start-up fails, which every check sees
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}
