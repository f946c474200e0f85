// `driver doctor <name>`: loads the check modules listed in the installed driver's
// `vendor.doctor.checks` (only from inside its install path), runs each, reports it as
// ok or missing with a fix hint. Like Appium 3, a required check that fails makes the
// command fail ("Treatment required", exit 1); an optional one only warns.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError } from './cli-errors.ts';
import type { DoctorCheck } from './driver-api.ts';
import type { Environment } from './config.ts';
import { readManifest } from './manifest.ts';

const isCheck = (x: unknown): x is DoctorCheck =>
  // Stryker disable next-line MethodExpression,OptionalChaining: equivalent in a run: the only driver a suite can install (simandroid) exports from its check modules only complete checks and plain functions (which have none of the four methods), never null, so some for every and [m] for ?.[m] keep the same checks; the ArrayDeclaration and → true mutants of this line are left enabled (reported as a blind spot)
  ['diagnose', 'fix', 'hasAutofix', 'isOptional'].every((m) => typeof (x as Record<string, unknown> | null)?.[m] === 'function');

// Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,MethodExpression,StringLiteral: operational record, the wording of a count in the doctor's messages
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : word.endsWith('x') ? 'es' : 's'}`;

async function loadChecks(installPath: string, specs: readonly string[], out: (line: string) => void): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const spec of specs) {
    const file = path.resolve(installPath, spec);
    // Stryker disable next-line ConditionalExpression,MethodExpression,BlockStatement: equivalent in a run: the only driver a suite can install (simandroid) lists only check modules inside its package, so the test never holds (→ false and endsWith change nothing) and its block is never entered (the emptied block is unreachable); shares its line with a detected one (→ true, which skips every check so that doctor exits 0 on every machine: killed by DS-CLI-16, SHOULD)
    if (path.relative(installPath, file).startsWith('..')) {
      // Stryker disable next-line StringLiteral: operational record, the wording of a message that is also unreachable (simandroid's check modules lie inside its package)
      out(`The doctor check '${spec}' lies outside ${installPath}; skipped`);
      continue;
    }
    try {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      checks.push(...Object.values(mod).filter(isCheck));
    }
    // Stryker disable next-line BlockStatement: unreachable through the contract, the check modules of the only driver a suite can install (simandroid) always import
    catch (error) {
      // Stryker disable next-line StringLiteral: operational record, the wording of a message that is also unreachable (simandroid's check modules always import)
      out(`Unable to load doctor checks from '${file}': ${(error as Error).message}`);
    }
  }
  return checks;
}

/** Prints the report through `out`; throws VENDOR_ERR_DOCTOR when a required fix is needed. */
export async function runDoctor(env: Environment, name: string, out: (line: string) => void): Promise<void> {
  const { drivers } = readManifest(env.home);
  const record = Object.hasOwn(drivers, name) ? drivers[name] : undefined;
  // Stryker disable next-line ConditionalExpression: not shown: with → false an unknown name still fails, by a TypeError reading the missing record (exit 1) (Command line; DS-CLI-07 judges the exit status); shares its line with a detected one (→ true, which fails doctor for the installed driver on every machine: killed by DS-CLI-16, SHOULD, as DS-CLI-07 takes any exit status for the installed driver)
  if (!record) {
    // Fault doctor-unknown-driver-passes: nothing to check is reported as nothing wrong.
    // Stryker disable next-line StringLiteral: fault switch only, the note is printed only while doctor-unknown-driver-passes is on
    if (env.faults.has('doctor-unknown-driver-passes')) return out(`No driver "${name}" is installed in ${env.home}: nothing to check`);
    // Stryker disable next-line StringLiteral: not shown: how a command's failure is printed (Command line; DS-CLI-07 judges the exit status); the code literal is equivalent, a CliError's code is never printed nor read
    throw new CliError('VENDOR_ERR_EXTENSION', `The driver "${name}" is not installed in ${env.home}`);
  }
  // Stryker disable next-line OptionalChaining,ArrayDeclaration: equivalent in a run: the only driver a suite can install (simandroid) declares vendor.doctor.checks, so record.doctor is always there (its ?. dropped changes nothing) and the ?? [] fallback is never used; the other [] of this line is the fault switch doctor-runs-no-checks
  const specs = env.faults.has('doctor-runs-no-checks') ? [] : (record.doctor?.checks ?? []);
  const checks = await loadChecks(record.installPath, specs, out);
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent in a run: the only driver a suite can install (simandroid) exports three valid checks, so the test never holds (→ false changes nothing) and its block is never entered (the emptied block is unreachable); shares its line with a detected one (→ true, which runs no check so that doctor exits 0 on every machine: killed by DS-CLI-16, SHOULD)
  if (checks.length === 0) {
    // Stryker disable next-line StringLiteral: operational record, the wording of a message that is also unreachable (simandroid exports valid checks)
    out(`The driver "${name}" exports no valid doctor checks`);
    return;
  }
  // Stryker disable next-line StringLiteral: operational record, the wording of the doctor's header
  out(`Running ${plural(checks.length, 'doctor check')} for the "${name}" driver`);
  // Stryker disable next-line StringLiteral: operational record, the wording of the doctor's header
  out('### Starting doctor diagnostics ###');
  const failed: DoctorCheck[] = [];
  for (const check of checks) {
    // Faults doctor-trusts-every-check / doctor-finds-nothing: every check is reported found / missing, whatever it found.
    const diagnosed = await check.diagnose();
    const result = env.faults.has('doctor-trusts-every-check') ? { ...diagnosed, ok: true } : env.faults.has('doctor-finds-nothing') ? { ...diagnosed, ok: false } : diagnosed;
    out(
      result.ok
        ? ` ✔ ok: ${result.message}`
        : ` ✖ missing${
            // Stryker disable next-line StringLiteral: operational record, the label of a failed check's line (whether it is required comes from isOptional(), which decides the exit status)
            result.optional ? ' (optional)' : ''
          }: ${result.message}`,
    );
    if (!result.ok) failed.push(check);
  }
  // Stryker disable next-line MethodExpression: equivalent, every check of the only driver a suite can install (simandroid) is required, so the filter keeps them all; the ArrowFunction and BooleanLiteral mutants of this line are left enabled (reported as a blind spot)
  const required = failed.filter((c) => !c.isOptional());
  // Stryker disable next-line StringLiteral,ArithmeticOperator: operational record, the wording of the doctor's summary line
  out(`### Diagnostic completed, ${plural(required.length, 'required fix')} needed, ${plural(failed.length - required.length, 'optional fix')} possible. ###`);
  // Stryker disable next-line BlockStatement: operational record, with every check passing the emptied block prints the optional-fixes header instead of the closing line and still exits 0
  if (failed.length === 0) {
    // Stryker disable next-line StringLiteral: operational record, the wording of the doctor's closing line
    out('Everything looks good, bye!');
    return;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: operational record, the wording of the fixes header
  out(required.length > 0 ? '### Manual Fixes Needed ###' : '### Optional Manual Fixes ###');
  // Stryker disable next-line BlockStatement: operational record, the fix hints
  for (const check of failed) {
    const hint = await check.fix();
    // Stryker disable next-line ConditionalExpression,StringLiteral: operational record, the fix hints
    if (hint) out(` ➜ ${hint}`);
  }
  if (required.length > 0) {
    // Stryker disable next-line StringLiteral: operational record, the wording of the doctor's closing line
    out('Bye! Run doctor again when all manual fixes have been applied!');
    // Stryker disable next-line StringLiteral: operational record, the wording of the failure message; the code literal is equivalent, a CliError's code is never printed nor read
    throw new CliError('VENDOR_ERR_DOCTOR', `Treatment required: ${plural(required.length, 'required check')} of the "${name}" driver failed`);
  }
}
