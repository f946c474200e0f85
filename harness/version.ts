// The harness's own version, as recorded in every report.
import { readFileSync } from 'node:fs';
import { projectPath } from './project-paths.ts';

export const HARNESS_VERSION: string =
  (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
