// The provider side: Pact's verifier replays the consumer contract against a target —
// the bundled reference or an external deployment. State handlers set each state up
// through the API itself (a label of the user's own, created or created and deleted)
// and hand the ids back for injection into the paths; the request filter puts the
// target's bearer token in place of the contract's placeholder, adds the run's extra
// headers the interaction does not set itself, and holds each request for its slot
// under --rate-limit (harness/http/target-traffic.ts).
import type { ServerResponse } from 'node:http';
import { Verifier } from '@pact-foundation/pact';
import { budgetErrorIn } from '../../http/response-budget.ts';
import { awaitSendSlot, extraHeaders } from '../../http/target-traffic.ts';
import { createLabel, deleteOwnLabel } from '../api-state.ts';
import { untilShown } from '../read-back.ts';
import type { ResourceApiClient } from '../resource-api-client.ts';
import { AnswerBudget } from './answer-budget.ts';
import { STATES } from './consumer-contract.ts';

export interface VerificationResult {
  readonly passed: boolean;
  /** One line per mismatch: `interaction: what differs`. */
  readonly mismatches: readonly string[];
  /** Why answers (to the verifier, or to a state's set-up) were dropped as larger than the response budget: the target flooded. */
  readonly tooLarge?: readonly string[];
  /** Deleted-label states whose deletion a read right after its 204 missed, and which showed a moment later (a late commit). */
  readonly lateCommits?: readonly string[];
}

interface VerifierFailure {
  errors?: { interaction?: string; mismatch?: { mismatches?: { mismatch?: string }[]; message?: string } }[];
}

function mismatchesOf(error: unknown): string[] {
  const message = (error as Error).message ?? String(error);
  try {
    const failure = JSON.parse(message) as VerifierFailure;
    return (failure.errors ?? []).flatMap((e) => {
      const details = e.mismatch?.mismatches?.map((m) => m.mismatch ?? '') ?? [e.mismatch?.message ?? 'failed'];
      return details.map((d) => `${(e.interaction ?? '').replace(/^Verifying a pact between .* - /, '')}: ${d}`);
    });
  } catch {
    return [message.split('\n')[0] ?? message];
  }
}

/** Verifies the pact file against the client's target; never throws for a mismatch. */
export async function verifyPact(pactFile: string, client: ResourceApiClient): Promise<VerificationResult> {
  const { target } = client;
  const budget = new AnswerBudget(new URL(target.baseUrl).host);
  const lateCommits: string[] = [];
  // A deleted label is handed over once it reads absent: a deletion committed after its
  // 204 (204 rules 4, RA-DUR-01's) is waited for, so the interaction judges the contract, not the commit's timing.
  const settleDeletion = async (labelId: string) => {
    const absent = async () => (await client.getLabel(labelId)).statusCode === 404;
    if (await absent()) return;
    const { afterMs } = await untilShown(absent, (gone) => gone);
    if (afterMs !== undefined) lateCommits.push(`the deletion of label ${labelId} showed ${Math.max(1, Math.round(afterMs))} ms after its 204`);
  };
  const labelFor = async (deleted: boolean) => {
    try {
      const labelId = await createLabel(client);
      if (deleted) {
        await deleteOwnLabel(client, labelId);
        await settleDeletion(labelId);
      }
      return { labelId };
    } catch (error) {
      const tooLarge = budgetErrorIn(error);
      if (tooLarge) budget.exceeded.push(tooLarge.message);
      throw error;
    }
  };
  const verifier = new Verifier({
    provider: 'resource-api',
    providerBaseUrl: target.baseUrl.replace(/\/$/, ''),
    pactUrls: [pactFile],
    logLevel: 'error',
    stateHandlers: {
      [STATES.user]: async () => ({ userId: target.userId }),
      [STATES.label]: async () => labelFor(false),
      [STATES.deletedLabel]: async () => labelFor(true),
    },
    requestFilter: (req: { method: string; url: string; headers: Record<string, string | string[] | undefined> }, res: ServerResponse, next: () => void) => {
      budget.watch(req.method, req.url, res);
      if (req.headers['authorization'] !== undefined) req.headers['authorization'] = `Bearer ${target.token}`;
      for (const { name, value } of extraHeaders()) req.headers[name.toLowerCase()] ??= value;
      awaitSendSlot().then(next, (error: unknown) => {
        res.statusCode = 599;
        res.end(`wirecheck could not send this request: ${(error as Error).message}`);
      });
    },
  });
  const verified = await verifier.verifyProvider().then(
    (): VerificationResult => ({ passed: true, mismatches: [] }),
    (error: unknown): VerificationResult => ({ passed: false, mismatches: mismatchesOf(error) }),
  );
  const outcome = lateCommits.length === 0 ? verified : { ...verified, lateCommits };
  return budget.exceeded.length === 0 ? outcome : { ...outcome, passed: false, tooLarge: [...budget.exceeded] };
}
