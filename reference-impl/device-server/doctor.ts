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
  ['diagnose', 'fix', 'hasAutofix', 'isOptional'].every((m) => typeof (x as Record<string, unknown> | null)?.[m] === 'function');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : word.endsWith('x') ? 'es' : 's'}`;

async function loadChecks(installPath: string, specs: readonly string[], out: (line: string) => void): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const spec of specs) {
    const file = path.resolve(installPath, spec);
    if (path.relative(installPath, file).startsWith('..')) {
      out(`The doctor check '${spec}' lies outside ${installPath}; skipped`);
      continue;
    }
    try {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      checks.push(...Object.values(mod).filter(isCheck));
    }
    catch (error) {
      out(`Unable to load doctor checks from '${file}': ${(error as Error).message}`);
    }
  }
  return checks;
}

/** Prints the report through `out`; throws VENDOR_ERR_DOCTOR when a required fix is needed. */
export async function runDoctor(env: Environment, name: string, out: (line: string) => void): Promise<void> {
  const { drivers } = readManifest(env.home);
  const record = Object.hasOwn(drivers, name) ? drivers[name] : undefined;
  if (!record) {
    // Fault doctor-unknown-driver-passes: nothing to check is reported as nothing wrong.
    if (env.faults.has('doctor-unknown-driver-passes')) return out(`No driver "${name}" is installed in ${env.home}: nothing to check`);
    throw new CliError('VENDOR_ERR_EXTENSION', `The driver "${name}" is not installed in ${env.home}`);
  }
  const specs = env.faults.has('doctor-runs-no-checks') ? [] : (record.doctor?.checks ?? []);
  const checks = await loadChecks(record.installPath, specs, out);
  if (checks.length === 0) {
    out(`The driver "${name}" exports no valid doctor checks`);
    return;
  }
  out(`Running ${plural(checks.length, 'doctor check')} for the "${name}" driver`);
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
            result.optional ? ' (optional)' : ''
          }: ${result.message}`,
    );
    if (!result.ok) failed.push(check);
  }
  const required = failed.filter((c) => !c.isOptional());
  out(`### Diagnostic completed, ${plural(required.length, 'required fix')} needed, ${plural(failed.length - required.length, 'optional fix')} possible. ###`);
  if (failed.length === 0) {
    out('Everything looks good, bye!');
    return;
  }
  out(required.length > 0 ? '### Manual Fixes Needed ###' : '### Optional Manual Fixes ###');
  for (const check of failed) {
    const hint = await check.fix();
    if (hint) out(` ➜ ${hint}`);
  }
  if (required.length > 0) {
    out('Bye! Run doctor again when all manual fixes have been applied!');
    throw new CliError('VENDOR_ERR_DOCTOR', `Treatment required: ${plural(required.length, 'required check')} of the "${name}" driver failed`);
  }
}
