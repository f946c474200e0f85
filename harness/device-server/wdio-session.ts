// webdriverio, the W3C client users have, on the target: a session of its own through
// remote() (the target's URL, its base path included, and the same capabilities the raw
// checks send), or attached to a session the check created with a plain request — so
// the client's commands are judged without depending on the new-session body shape,
// which the spec does not show and remote() needs in W3C's form.
import type { remote } from 'webdriverio';
import type { Transcript } from '../http/index.ts';
import type { DeviceServerTarget } from '../target/target-info.ts';
import { sessionCaps } from './session-capabilities.ts';

export type WdioBrowser = Awaited<ReturnType<typeof remote>>;

/** Where webdriverio finds the target: protocol, host, port and base path. */
function connection(target: DeviceServerTarget) {
  const url = new URL(target.baseUrl);
  return {
    protocol: url.protocol.replace(':', ''),
    hostname: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    path: url.pathname,
    logLevel: 'silent' as const,
    connectionRetryCount: 0,
    connectionRetryTimeout: 30_000,
  };
}

export async function wdioSession(target: DeviceServerTarget, transcript: Transcript): Promise<WdioBrowser> {
  const capabilities = { ...sessionCaps(target), 'wdio:enforceWebDriverClassic': true } as WebdriverIO.Capabilities;
  transcript.note(`webdriverio remote() → POST ${target.baseUrl}session with ${JSON.stringify(sessionCaps(target))}`);
  // Imported when a check needs it: webdriverio takes seconds to load.
  const { remote: connect } = await import('webdriverio');
  const browser = await connect({ ...connection(target), capabilities });
  transcript.note(`webdriverio: session ${browser.sessionId} created`);
  return browser;
}

/** webdriverio attached to an existing session by its id: no request is sent until a command is. */
export async function wdioAttach(target: DeviceServerTarget, sessionId: string, transcript: Transcript): Promise<WebdriverIO.Browser> {
  transcript.note(`webdriverio attach() to session ${sessionId} at ${target.baseUrl}`);
  const { attach } = await import('webdriverio');
  const capabilities = { ...sessionCaps(target), 'wdio:enforceWebDriverClassic': true } as WebdriverIO.Capabilities;
  return attach({ sessionId, capabilities, requestedCapabilities: capabilities, isW3C: true, ...connection(target) });
}
