// Sends deliveries in batches, each batch released together (last-byte sync), and
// returns every answer in order — the building block of the concurrent property checks.
import type { CheckContext } from '../checks/check.ts';
import { raceRequests, type ParsedResponse } from '../http/index.ts';
import { webhookTarget } from './webhook-target.ts';
import { deliveryRequest, noteAcknowledgedDeliveries, type Delivery } from './webhook-client.ts';


export async function raceInBatches(ctx: CheckContext, deliveries: readonly Delivery[], batchSize: number): Promise<ParsedResponse[]> {
  const target = webhookTarget(ctx);
  const answers: ParsedResponse[] = [];
  for (let start = 0; start < deliveries.length; start += batchSize) {
    const batch = deliveries.slice(start, start + batchSize);
    const entries = batch.map((delivery, i) => ({
      baseUrl: target.instanceUrls[(start + i) % target.instanceUrls.length] ?? target.baseUrl,
      request: deliveryRequest(target, delivery),
    }));
    const { outcomes } = await raceRequests(entries, { transcript: ctx.transcript });
    noteAcknowledgedDeliveries(ctx, batch, outcomes);
    for (const outcome of outcomes) {
      if (outcome instanceof Error) throw outcome;
      answers.push(outcome);
    }
  }
  return answers;
}
