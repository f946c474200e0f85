// webdriverio, the W3C client users have, on the target: a session of its own through
// remote() (the target's URL, its base path included, and the same capabilities the raw
// checks send), or attached to a session the check created with a plain request — so
// the client's commands are judged without depending on the new-session body shape,
// which the spec does not show and remote() needs in W3C's form.
import { getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import type { remote } from 'webdriverio';
import { ExchangeCode, ExchangeError, type Transcript } from '../http/index.ts';
import { BudgetAgent } from '../http/undici-budget.ts';
import type { DeviceServerTarget } from './device-server-target.ts';
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
    connectionRetryTimeout: RETRY_TIMEOUT_MS,
  };
}

const RETRY_TIMEOUT_MS = 30_000;

/**
 * webdriverio reads every answer whole (fetch's text()), with a dispatcher of its own —
 * unless undici's global dispatcher is something other than a plain Agent, which it then
 * uses (the way its docs route it through a proxy). So this process's global dispatcher
 * becomes one within the response budget (with webdriverio's own time limits), and the
 * reason an answer fails it goes to the current check's transcript. Returns the reasons
 * noted from now on, for the caller to name in its error.
 */
function budgetWebdriverio(transcript: Transcript): string[] {
  const current = getGlobalDispatcher();
  const agent = current instanceof BudgetAgent ? current
    : new BudgetAgent({ connectTimeout: RETRY_TIMEOUT_MS, headersTimeout: RETRY_TIMEOUT_MS, bodyTimeout: RETRY_TIMEOUT_MS });
  if (agent !== current) setGlobalDispatcher(agent);
  const reasons: string[] = [];
  agent.onTooLarge = (reason) => {
    reasons.push(reason);
    transcript.note(`webdriverio: ${reason}`);
  };
  return reasons;
}

export async function wdioSession(target: DeviceServerTarget, transcript: Transcript): Promise<WdioBrowser> {
  const capabilities = { ...sessionCaps(target), 'wdio:enforceWebDriverClassic': true } as WebdriverIO.Capabilities;
  transcript.note(`webdriverio remote() → POST ${target.baseUrl}session with ${JSON.stringify(sessionCaps(target))}`);
  const tooLarge = budgetWebdriverio(transcript);
  // Imported when a check needs it: webdriverio takes seconds to load.
  const { remote: connect } = await import('webdriverio');
  try {
    const browser = await connect({ ...connection(target), capabilities });
    transcript.note(`webdriverio: session ${browser.sessionId} created`);
    return browser;
  } catch (error) {
    // webdriverio's own message names only the error code; the reason is the budget's.
    if (tooLarge[0] !== undefined) throw new ExchangeError(ExchangeCode.tooLarge, tooLarge[0], { cause: error });
    throw error;
  }
}

/** webdriverio attached to an existing session by its id: no request is sent until a command is. */
export async function wdioAttach(target: DeviceServerTarget, sessionId: string, transcript: Transcript): Promise<WebdriverIO.Browser> {
  transcript.note(`webdriverio attach() to session ${sessionId} at ${target.baseUrl}`);
  budgetWebdriverio(transcript);
  const { attach } = await import('webdriverio');
  const capabilities = { ...sessionCaps(target), 'wdio:enforceWebDriverClassic': true } as WebdriverIO.Capabilities;
  return attach({ sessionId, capabilities, requestedCapabilities: capabilities, isW3C: true, ...connection(target) });
}
