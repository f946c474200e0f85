// The Allure HTML report, generated offline by the `allure` npm package (Allure 3,
// no Java) as one self-contained file that opens from disk and fetches nothing
// (allure-without-analytics.ts). Its name states the verdict, its categories and
// resolutions tell MUST failures from SHOULD warnings and the harness's own trouble,
// and its tree lists failures first (allure-overview.ts).
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scaledLimit } from '../target/machine-pace.ts';
import { withoutAnalytics } from './allure-without-analytics.ts';
import { ALLURE_CATEGORIES, ALLURE_RESOLUTIONS } from './allure-overview.ts';

const run = promisify(execFile);

export async function generateAllureHtml(resultsDir: string, outputDir: string, name: string): Promise<string> {
  const configFile = join(outputDir, '..', 'allurerc.mjs');
  writeFileSync(configFile, `export default ${JSON.stringify({
    name,
    output: outputDir,
    categories: ALLURE_CATEGORIES,
    // Allure writes the failures resolved `issue` to this file: kept beside the report,
    // never in the directory wirecheck runs in (its default).
    resolutions: { ...ALLURE_RESOLUTIONS, knownIssuesPath: join(outputDir, 'known-issues.json') },
    plugins: { awesome: { options: { singleFile: true, reportLanguage: 'en', reportName: name, groupBy: ['parentSuite', 'suite'], defaultSortBy: 'status,asc' } } },
  })};\n`);
  // Where the package is, in a clone or hoisted into an installing project's node_modules
  // (its `exports` offer no path to cli.js: found beside its entry, dist/index.js).
  const bin = join(dirname(fileURLToPath(import.meta.resolve('allure'))), '..', 'cli.js');
  // The harness's own limit on its report tool, stretched for a busy machine.
  await run(process.execPath, [bin, 'generate', resultsDir, '--config', configFile, '--output', outputDir], { timeout: scaledLimit(120_000) });
  const index = join(outputDir, 'index.html');
  try {
    writeFileSync(index, withoutAnalytics(readFileSync(index, 'utf8')));
  } catch (error) {
    rmSync(index, { force: true });
    throw error;
  }
  return index;
}
