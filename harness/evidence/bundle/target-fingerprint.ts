// What the target is, for the bundle's manifest: its kind, its URLs, and what it
// answered to the same request the preflight sends (status line, Server header) —
// so an auditor can tell which deployment a certification was made against. The
// requests have no side effect: an unsigned empty delivery (401), an authenticated
// read of preferences, GET status.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { escapeControls } from '../../http/escape-controls.ts';
import { awaitSendSlot, withExtraHeaders } from '../../http/target-traffic.ts';
import type { SystemTarget } from '../../target/target-info.ts';
import { moduleOf } from '../../systems/registry.ts';
import type { FingerprintRequest } from '../../systems/system-module.ts';

export interface PreflightAnswer {
  readonly method: string;
  readonly url: string;
  /** e.g. "HTTP/1.1 401 Unauthorized"; absent when the request failed. */
  readonly statusLine?: string;
  readonly server?: string;
  readonly poweredBy?: string;
  readonly contentType?: string;
  readonly error?: string;
}

export interface SystemFingerprint {
  readonly system: string;
  readonly kind: string;
  readonly baseUrl: string;
  readonly instanceUrls?: readonly string[];
  readonly preflight: PreflightAnswer;
}

/** The probe's headers, and the run's extra headers it does not set itself (--header): its own win. */
function headersOf(probe: FingerprintRequest): Record<string, string> {
  return Object.fromEntries(withExtraHeaders(Object.entries(probe.headers)));
}

async function ask(probe: FingerprintRequest): Promise<PreflightAnswer> {
  const send = probe.url.startsWith('https:') ? httpsRequest : httpRequest;
  const base = { method: probe.method, url: probe.url };
  await awaitSendSlot();
  return new Promise((resolve) => {
    const req = send(probe.url, { method: probe.method, headers: headersOf(probe), timeout: 5_000 }, (res) => {
      // The status line and headers are all the fingerprint keeps: the body is not read at
      // all, so a target answering without end costs nothing (the response budget's rule).
      res.destroy();
      // The target's own words (obs-text arrives as latin1, C1 controls among them): shown, not obeyed.
      const { server, 'x-powered-by': poweredBy, 'content-type': contentType } = res.headers;
      resolve({
        ...base,
        statusLine: escapeControls(`HTTP/${res.httpVersion} ${res.statusCode ?? 0} ${res.statusMessage ?? ''}`.trim()),
        ...(typeof server === 'string' ? { server: escapeControls(server) } : {}),
        ...(typeof poweredBy === 'string' ? { poweredBy: escapeControls(poweredBy) } : {}),
        ...(contentType ? { contentType: escapeControls(contentType) } : {}),
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', (error) => resolve({ ...base, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

/** A target reached otherwise than at a URL (the webhook sender) has nothing to ask: the record says so. */
function askIfAny(probe: FingerprintRequest | undefined, target: SystemTarget): Promise<PreflightAnswer> {
  return probe ? ask(probe) : Promise.resolve({ method: '', url: '', error: `not asked: ${target.system} has no URL` });
}

export async function fingerprintTargets(targets: readonly SystemTarget[]): Promise<SystemFingerprint[]> {
  return Promise.all(targets.map(async (target) => ({
    system: target.system,
    kind: target.kind,
    baseUrl: target.baseUrl,
    ...(target.instanceUrls && target.instanceUrls.length > 1 ? { instanceUrls: target.instanceUrls } : {}),
    preflight: await askIfAny(moduleOf(target.system).fingerprint(target), target),
  })));
}
