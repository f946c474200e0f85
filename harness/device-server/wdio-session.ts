// A session through webdriverio's remote(), the W3C client users have: the target's
// URL (its base path included) and the same capabilities the raw checks send.
import type { remote } from 'webdriverio';
import type { Transcript } from '../http/index.ts';
import type { DeviceServerTarget } from '../target/target-info.ts';
import { sessionCaps } from './session-capabilities.ts';

export type WdioBrowser = Awaited<ReturnType<typeof remote>>;

export async function wdioSession(target: DeviceServerTarget, transcript: Transcript): Promise<WdioBrowser> {
  const url = new URL(target.baseUrl);
  const capabilities = { ...sessionCaps(target), 'wdio:enforceWebDriverClassic': true } as WebdriverIO.Capabilities;
  transcript.note(`webdriverio remote() → POST ${target.baseUrl}session with ${JSON.stringify(sessionCaps(target))}`);
  // Imported when a check needs it: webdriverio takes seconds to load.
  const { remote: connect } = await import('webdriverio');
  const browser = await connect({
    protocol: url.protocol.replace(':', ''),
    hostname: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    path: url.pathname,
    capabilities,
    logLevel: 'silent',
    connectionRetryCount: 0,
    connectionRetryTimeout: 30_000,
  });
  transcript.note(`webdriverio: session ${browser.sessionId} created`);
  return browser;
}
