// An application package for the simulated device: any readable file at an absolute
// path. A JSON file may name the app: {"appId": "com.example.app", "label": "Example",
// "alertText": "..."}; any other file gets appId `sim.<file name>` (e.g. `/x/Sample-App.apk`
// → `sim.sample_app`).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DriverError, type DriverErrorCode } from './driver-error.ts';

export interface SimApp {
  readonly appId: string;
  readonly label: string;
  readonly alertText: string;
  readonly path: string;
}

function describeJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function readSimApp(appPath: string, missing: DriverErrorCode = 'session not created'): SimApp {
  if (!path.isAbsolute(appPath)) throw new DriverError('invalid argument', `the app path '${appPath}' must be absolute`);
  let text: string;
  try {
    if (!statSync(appPath).isFile()) throw new Error('not a regular file');
    text = readFileSync(appPath, 'utf8');
  } catch (error) {
    throw new DriverError(missing, `The application at '${appPath}' does not exist or is not accessible: ${(error as Error).message}`);
  }
  const meta = describeJson(text);
  const base = path.basename(appPath, path.extname(appPath));
  const appId = typeof meta['appId'] === 'string' ? meta['appId'] : `sim.${base.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  const label = typeof meta['label'] === 'string' ? meta['label'] : base;
  const alertText = typeof meta['alertText'] === 'string' ? meta['alertText'] : `${label} is running. Allow notifications?`;
  return { appId, label, alertText, path: appPath };
}
