// An application package for the simulated device: a readable file inside the apps root
// (app-file.ts says which files may be read). A JSON file may name the app: {"appId":
// "com.example.app", "label": "Example", "alertText": "..."}; any other file gets appId
// `sim.<file name>` (e.g. `/x/Sample-App.apk` → `sim.sample_app`).
import path from 'node:path';
import { AppRefused, readAppFile, refusalText } from './app-file.ts';
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
  }
  catch {
    return {};
  }
}

export async function readSimApp(appPath: string, appsRoot: string, log: (message: string) => void, missing: DriverErrorCode = 'session not created'): Promise<SimApp> {
  if (!path.isAbsolute(appPath)) throw new DriverError('invalid argument', `the app path '${appPath}' must be absolute`);
  let text: string;
  try {
    text = (await readAppFile(appPath, appsRoot)).toString('utf8');
  } catch (error) {
    // The reason stays in the server log; the client gets one text for every refusal.
    log(`Refused the app '${appPath}': ${error instanceof AppRefused ? error.message : String(error)} (apps root ${appsRoot})`);
    throw new DriverError(missing, refusalText(appPath));
  }
  const meta = describeJson(text);
  const base = path.basename(appPath, path.extname(appPath));
  const appId = typeof meta['appId'] === 'string' ? meta['appId'] : `sim.${base.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  const label = typeof meta['label'] === 'string' ? meta['label'] : base;
  const alertText = typeof meta['alertText'] === 'string' ? meta['alertText'] : `${label} is running. Allow notifications?`;
  return { appId, label, alertText, path: appPath };
}
