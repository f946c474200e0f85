// What a webhook run relies on, proven before any check (exit 2 with the fix when it
// does not hold, never a pile of false failures):
// 1. The delivery route is where --base-url says, and --secret is the receiver's: a
//    correctly signed body that is not JSON must be answered 400 (a 401 means the
//    signature did not verify). It creates no side effect.
// 2. With the probe: its routes answer in CONTRACTS §4's shape, and it sees what it
//    must — the record of a valid event the preflight itself delivered (to the last
//    instance, read through the first: the instances share one store).
// 3. With the probe: that event's business work completes. When it does not, the run
//    goes on; the ledger carries the root cause, and every check waiting for work
//    fails at once naming it.
// 4. With the probe: the record's statuses are the spec's ("Operators distinguish
//    `accepted`, `processing`, `completed`, `failed`."). Another name is the target's
//    failure, not a set-up mistake: a finding, which every check that needs the probe
//    fails on at once (WH-PROC-04 among them, the check of that rule).
// 5. With the probe, no --version-field and a selected check that needs one: where the
//    receiver reads an event's version (version-field-discovery.ts). Found, the target's
//    capabilities get event-version and its versionField (the run merges them in before any
//    check: preflight-targets.ts); not found, the checks that need it are skipped, saying
//    what was tried. Either way a line on the terminal and in preflight.txt says so.
import { ERROR_CODES, WirecheckError } from '../errors.ts';
import { request, type Transcript } from '../http/index.ts';
import { brokenExchange } from '../target/preflight.ts';
import type { WebhookTarget } from './webhook-target.ts';
import { eventBytes, paymentEvent } from './payment-event.ts';
import { signatureOf } from './sign.ts';
import { deliveryRequest, DELIVERY_PATH } from './webhook-client.ts';
import { ProbeContractError, RECORD_VISIBLE_MS, recordAppears, UnknownRecordStatus, WebhookProbe } from './webhook-probe.ts';
import { waitUntilSettled, WorkStuckError } from './wait-for-work.ts';
import { workLedger } from './work-ledger.ts';
import type { CheckNeed, SystemFindings } from '../target/target-info.ts';
import { discoverVersionField, versionFieldNotFound } from './version-field-discovery.ts';


export interface WebhookPreflightOptions {
  /** The secret came from the user (--secret, WEBHOOK_SECRET): a 401 then means it is wrong. */
  readonly secretGiven: boolean;
  readonly scratchDir: string;
  readonly workTimeoutMs: number;
  readonly transcript: Transcript;
  /** What the selected checks need: event-version among them, the preflight looks for where a version is read. */
  readonly needs?: ReadonlySet<CheckNeed>;
  /** A line for the terminal (and preflight.txt) about what the preflight found out. */
  readonly say?: (line: string) => void;
}

/** probe: why the checks that need the probe cannot rely on it, though it answers (they fail naming this); discovered, unmet: where a version is read. */
export type WebhookFindings = SystemFindings;

function failed(message: string): WirecheckError {
  return new WirecheckError(ERROR_CODES.preflightFailed, message);
}

async function proveRouteAndSecret(target: WebhookTarget, url: string, options: WebhookPreflightOptions): Promise<void> {
  const body = 'wirecheck preflight: a signed body that is not JSON';
  const headers: [string, string][] = [['Content-Type', 'application/json'], ['x-webhook-signature', signatureOf(target.secret, body)]];
  const response = await request(url, { method: 'POST', target: DELIVERY_PATH, headers, body: Buffer.from(body) }, { transcript: options.transcript });
  const at = new URL(DELIVERY_PATH, url).href;
  if (response.statusCode === 404 || response.statusCode === 405) {
    throw failed(`no delivery route at ${at} (POST answered ${response.statusCode}): --base-url must be the service root under which the receiver serves webhooks/payments`);
  }
  if (response.statusCode === 401 && options.secretGiven) {
    throw failed(`the receiver at ${at} answered 401 to a body signed with the given secret, where a correct signature over a body that is not JSON must get 400: `
      + 'the secret is not the receiver\'s WEBHOOK_SECRET. Pass the receiver\'s secret with --secret S or env WEBHOOK_SECRET '
      + '(if it is right, the receiver does not verify HMAC-SHA256 over the raw bytes as the spec says).');
  }
}

async function proveProbe(target: WebhookTarget, options: WebhookPreflightOptions): Promise<WebhookFindings> {
  const first = new WebhookProbe(target.baseUrl, options.transcript);
  const deliverTo = target.instanceUrls.at(-1) ?? target.baseUrl;
  const event = paymentEvent();
  const answer = await request(deliverTo, deliveryRequest(target, { body: eventBytes(event) }), { transcript: options.transcript });
  if (answer.statusCode < 200 || answer.statusCode > 299) {
    return { probe: `the preflight's own valid delivery (event ${event.id}) was answered ${answer.statusCode}, so the probe could not be shown to see a record (see WH-ACK-01)` };
  }
  workLedger(options.scratchDir).acknowledge([event.id]);
  if (!(await recordAppears(first, event.id))) {
    const elsewhere = deliverTo !== target.baseUrl && (await new WebhookProbe(deliverTo, options.transcript).event(event.id)) !== undefined;
    throw failed(elsewhere
      ? `the instances do not share one store: the event delivered to ${deliverTo} is recorded there but not seen through ${target.baseUrl}. Give --base-url only for instances of one deployment.`
      : `--probe was given, but the probe does not see the event it was just acknowledged (GET ${new URL(`__probe/events/${encodeURIComponent(event.id)}`, target.baseUrl).href} answered 404 for ${RECORD_VISIBLE_MS / 1000} s). `
        + 'Either the target serves no probe routes (start it with its probe on — CONTRACTS.md §4 — or drop --probe), or it records nothing before it acknowledges.');
  }
  try {
    await waitUntilSettled({ probe: first, ledger: workLedger(options.scratchDir), budgetMs: options.workTimeoutMs }, event.id, `the preflight's control event ${event.id}`);
  } catch (error) {
    // Stuck work is the target's failure, not a set-up mistake: the ledger now names it for every dependent check.
    if (!(error instanceof WorkStuckError)) throw error;
  }
  return {};
}

export async function preflightWebhook(target: WebhookTarget, options: WebhookPreflightOptions): Promise<WebhookFindings> {
  for (const url of target.instanceUrls) {
    try {
      await proveRouteAndSecret(target, url, options);
    } catch (error) {
      if (brokenExchange(error) === undefined) throw error;
    }
  }
  if (!target.capabilities.includes('probe')) return {};
  try {
    const findings = await proveProbe(target, options);
    return findings.probe === undefined ? await findVersionField(target, options) : findings;
  } catch (error) {
    if (error instanceof ProbeContractError) throw failed(`--probe was given, but ${error.message}. Fix the probe routes (CONTRACTS.md §4) or drop --probe.`);
    // The spec names the statuses: a record with another is the target's, judged (WH-PROC-04).
    if (error instanceof UnknownRecordStatus) return { probe: error.finding };
    const broken = brokenExchange(error);
    if (broken !== undefined) return { probe: `an exchange of the preflight's positive control broke: ${broken}` };
    throw error;
  }
}

/** Step 5: where the receiver reads an event's version, when a selected check needs it and no --version-field said. */
async function findVersionField(target: WebhookTarget, options: WebhookPreflightOptions): Promise<WebhookFindings> {
  if (target.capabilities.includes('event-version') || !options.needs?.has('event-version')) return {};
  const watch = { probe: new WebhookProbe(target.baseUrl, options.transcript), ledger: workLedger(options.scratchDir), budgetMs: options.workTimeoutMs };
  let found;
  try {
    found = await discoverVersionField(target, watch.probe, watch, options.transcript);
  } catch (error) {
    // Only where a version is read is at stake here: the probe was proven above.
    const broken = brokenExchange(error);
    if (broken === undefined) throw error;
    found = versionFieldNotFound(`an exchange broke: ${broken}`);
  }
  options.say?.(found.line);
  if (found.field === undefined) return { unmet: { 'event-version': found.why } };
  return { discovered: { capabilities: ['event-version'], fields: { versionField: found.field } } };
}
