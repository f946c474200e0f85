// What a log line may say of a request target: its path, and the names of its query
// parameters, never their values. A client may put a token in the query
// (`?access_token=`, RFC 6750 §2.3): a reference refuses it, and must not then write
// it to its log (issue 17).

const REDACTED = '[REDACTED]';
// A parameter's name is kept when it looks like a name; a bare part (`?abc`) or an odd
// name may itself be the secret.
const PLAIN_NAME = /^[A-Za-z0-9_.\-[\]]{1,64}$/;

function redactParameter(part: string): string {
  const equals = part.indexOf('=');
  const name = part.slice(0, equals);
  return equals > 0 && PLAIN_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
}

/** `/v1/x?access_token=abc&a=1` → `/v1/x?access_token=[REDACTED]&a=[REDACTED]`; a target without a query is unchanged. */
export function redactQuery(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url.slice(question + 1);
  const parts = query === '' ? [] : query.split('&').map((part) => (part === '' ? part : redactParameter(part)));
  return `${url.slice(0, question)}?${parts.join('&')}`;
}

/** pino's `req` serializer with the query redacted: the fields Fastify's own serializer logs. */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}): Record<string, unknown> {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
