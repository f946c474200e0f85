// The requests of an exchange that no response can answer any more, because the server
// ended the connection (or HTTP on it) after an earlier response: said plainly, so a
// check reading the result or the transcript sees that they were not sent (sequential
// mode), or were sent and left unanswered (pipelined mode), and why.

export interface WireLabel {
  readonly bytes: Buffer;
  /** request line or method, as the transcript names the request */
  readonly label: string;
}

function list(group: readonly number[], wire: readonly WireLabel[]): string {
  const first = (group[0] ?? 0) + 1;
  const last = (group.at(-1) ?? 0) + 1;
  const which = group.length === 1 ? `request ${first}` : `requests ${first}-${last}`;
  return `${which} of ${wire.length} (${group.map((i) => wire[i]?.label ?? '?').join(', ')})`;
}

/**
 * Requests after the first `answered` ones, when parsing `ended` (ResponseParser.ended):
 * `sentBytes` tells which of them went out. Undefined when every request was answered.
 */
export function unansweredRequests(wire: readonly WireLabel[], answered: number, sentBytes: number, ended: string | undefined): string | undefined {
  if (ended === undefined || answered >= wire.length) return undefined;
  const sent: number[] = [];
  const unsent: number[] = [];
  let offset = 0;
  wire.forEach((w, i) => {
    offset += w.bytes.length;
    if (i >= answered) (offset <= sentBytes ? sent : unsent).push(i);
  });
  const parts = [];
  if (sent.length > 0) parts.push(`sent but left unanswered: ${list(sent, wire)}`);
  if (unsent.length > 0) parts.push(`not sent: ${list(unsent, wire)}`);
  return `${parts.join('; ')}: ${ended}`;
}
