// A client that goes away mid-request, or that a server deadline drops, or that sends
// bytes no HTTP parser accepts, is the client's doing, not a fault of the server: each
// is one log line with a short code, never an error-level entry with a stack trace
// (issue 17: every aborted delivery logged a level-50 stack).
//
// Two places see these failures. Node's 'clientError' (Fastify's clientErrorHandler)
// sees the connection: a deadline missed, a header section too large, malformed HTTP.
// A route's error handler sees the request whose body stream ended early, because the
// client closed the connection or because the server closed it on a deadline; the
// second case was already logged as REQUEST_TIMEOUT, so it is not logged again.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { redactQuery } from './request-log.ts';

export type ClientFailure = 'CLIENT_ABORTED' | 'REQUEST_TIMEOUT' | 'HEADERS_TOO_LARGE' | 'MALFORMED_REQUEST';

/** What a log line says of a failure, after its code. */
export const CLIENT_FAILURE_TEXT: Readonly<Record<ClientFailure, string>> = {
  CLIENT_ABORTED: 'the client closed the connection before its request was complete',
  REQUEST_TIMEOUT: 'the request was not received within its deadline: answered 408, connection closed',
  HEADERS_TOO_LARGE: 'the request header section is too large: answered 431, connection closed',
  MALFORMED_REQUEST: 'the request is not valid HTTP/1.1: answered 400, connection closed',
};

const STATUS: Readonly<Record<Exclude<ClientFailure, 'CLIENT_ABORTED'>, number>> = {
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  MALFORMED_REQUEST: 400,
};

/** Where a failure happened, for the log line (never headers or a body). */
export interface ClientFailureFacts {
  readonly remoteAddress?: string | undefined;
  readonly method?: string;
  /** The request target, its query already redacted (request-log.ts). */
  readonly url?: string;
}

export type ClientFailureLog = (failure: ClientFailure, facts: ClientFailureFacts) => void;

/** The line through a pino-style logger (the webhook's, the resource API's): info, with the code. */
export function logClientFailure(log: { info(fields: object, message: string): void }, failure: ClientFailure, facts: ClientFailureFacts): void {
  log.info({ code: failure, ...facts }, CLIENT_FAILURE_TEXT[failure]);
}

/** Sockets whose request the server dropped on a deadline: their request's abort is that timeout. */
const timedOut = new WeakSet<Socket>();

export function clientFailureOf(error: { code?: string }): Exclude<ClientFailure, 'CLIENT_ABORTED'> {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  return 'MALFORMED_REQUEST';
}

/** A plain JSON answer (the webhook's and the device server's); Connection: close, as the socket is closed after it. */
export function plainClientErrorAnswer(status: number): string {
  const title = STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify({ error: title, statusCode: status });
  return `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

export interface ClientErrorOptions {
  readonly log: ClientFailureLog;
  /** The raw HTTP/1.1 answer for a status (408, 431 or 400). */
  readonly answer?: (status: number) => string;
}

/** How long a connection answered 400 or 431 stays half open for the client to read the answer. */
export const LINGER_MS = 1000;

/** Sockets already answered: Node reports every later chunk on them again. */
const answered = new WeakSet<Socket>();

/** Ends the socket after `bytes` and destroys it after LINGER_MS unless the client has closed it by then. */
function endAndLinger(socket: Socket, bytes: string): void {
  socket.end(bytes);
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

/** Fastify's clientErrorHandler option: answer if the socket still can, log one line, close. */
export function clientErrorHandler(options: ClientErrorOptions): (error: Error & { code?: string }, socket: Socket) => void {
  const answer = options.answer ?? plainClientErrorAnswer;
  return (error, socket) => {
    // A reset connection is gone: nobody to answer, and a request it carried logs its own abort.
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const failure = clientFailureOf(error);
    if (failure === 'REQUEST_TIMEOUT') timedOut.add(socket);
    options.log(failure, { remoteAddress: socket.remoteAddress });
    // An answer already under way cannot be followed by another one.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
    } else if (failure === 'REQUEST_TIMEOUT') {
      // A client past its deadline may still be trickling bytes: closed now, not half open.
      socket.write(answer(STATUS[failure]));
      socket.destroy();
    } else {
      // A client that sent bad bytes reads the answer before the close (a reset could discard it).
      endAndLinger(socket, answer(STATUS[failure]));
    }
  };
}

/**
 * For a route's error handler: true when `error` is the request's body stream ending
 * because its connection closed (Node's "aborted", ECONNRESET). A client abort is
 * logged here; a deadline the server enforced was logged by clientErrorHandler.
 * There is nobody left to answer; whatever the caller sends goes nowhere.
 */
export function isClientAbort(error: unknown, request: FastifyRequest, log: ClientFailureLog): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ECONNRESET' || !request.raw.destroyed) return false;
  if (!timedOut.has(request.raw.socket)) log('CLIENT_ABORTED', { remoteAddress: request.ip, method: request.method, url: redactQuery(request.url) });
  return true;
}
