// Request headers: Content-Type must match application/json; parameters such as
// charset are allowed. Any other type (or none) means the body is treated as empty.
import type { WebhookFault } from './faults.ts';

export function isJsonContentType(header: string | undefined, faults: ReadonlySet<WebhookFault>): boolean {
  if (header === undefined) return false;
  if (faults.has('content-type-substring-match')) return header.toLowerCase().includes('json');
  const essence = header.split(';', 1)[0]?.trim().toLowerCase();
  // Flask's request.is_json: application/json, or any application/*+json.
  if (faults.has('json-suffix-accepted')) return essence === 'application/json' || (essence?.startsWith('application/') === true && essence.endsWith('+json'));
  return essence === 'application/json';
}
