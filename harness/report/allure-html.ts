// The Allure HTML report, generated offline by the `allure` npm package (Allure 3,
// no Java) as one self-contained file that opens from disk and fetches nothing
// (allure-without-analytics.ts).
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectPath } from '../project-paths.ts';
import { withoutAnalytics } from './allure-without-analytics.ts';

const run = promisify(execFile);

export async function generateAllureHtml(resultsDir: string, outputDir: string, name: string): Promise<string> {
  const configFile = join(outputDir, '..', 'allurerc.mjs');
  writeFileSync(configFile, `export default ${JSON.stringify({
    name,
    output: outputDir,
    plugins: { awesome: { options: { singleFile: true, reportLanguage: 'en', reportName: name, groupBy: ['parentSuite', 'suite'] } } },
  })};\n`);
  const bin = projectPath('node_modules', 'allure', 'cli.js');
  await run(process.execPath, [bin, 'generate', resultsDir, '--config', configFile, '--output', outputDir], { timeout: 120_000 });
  const index = join(outputDir, 'index.html');
  try {
    writeFileSync(index, withoutAnalytics(readFileSync(index, 'utf8')));
  } catch (error) {
    rmSync(index, { force: true });
    throw error;
  }
  return index;
}
