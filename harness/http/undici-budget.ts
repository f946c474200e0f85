// undici within the response budget, for the clients that are not the raw layer: the
// resource API's keep-alive session (undici's request()) and webdriverio (undici's
// fetch). Each request's handler is wrapped: a head that declares a Content-Length
// above the budget fails at once, and a body that grows past it fails at the read that
// crosses it. Either way the request is aborted, which makes undici destroy the socket,
// so nothing more is read. The body's bytes are counted (undici limits the head itself).
//
// The wrapper speaks both handler styles undici dispatchers are given: the one of
// request() and fetch() (onConnect, onHeaders, onData) — also that of another undici
// copy, such as webdriverio's own — and the newer one (onRequestStart, onResponseStart,
// onResponseData). Everything else goes to the wrapped handler untouched.
//
// Being the dispatchers every undici client of the harness goes through, they also
// apply the run's traffic rules: extra headers and --rate-limit (undici-traffic.ts).
import { Agent, Client, Pool, type Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { responseBudget, tooLargeError, tooLargeReason } from './response-budget.ts';
import { dispatchAsTraffic } from './undici-traffic.ts';

/** Told the reason when a request fails the budget (e.g. to note it in a transcript). */
export type TooLargeListener = (reason: string) => void;

function declaredLength(value: unknown): number | undefined {
  const text = Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
  return text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
}

/** Content-Length of a raw header list [name, value, name, value, ...]. */
function rawContentLength(raw: ReadonlyArray<Buffer | string>): number | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (String(raw[i]).toLowerCase() === 'content-length') return declaredLength(String(raw[i + 1]));
  }
  return undefined;
}

/** `GET /v1/labels from host:port`: the request's origin, or else the dispatcher's own (a Client's, a Pool's). */
function what(options: Dispatcher.DispatchOptions, dispatcherOrigin?: string): string {
  const origin = options.origin ?? dispatcherOrigin;
  return `${options.method} ${options.path}${origin === undefined ? '' : ` from ${new URL(String(origin)).host}`}`;
}

/** `handler`, failing its request (`what`) past `limit` body bytes or at a larger declared length. */
export function withinBudget(handler: Dispatcher.DispatchHandler, what: string, limit: number, onTooLarge?: TooLargeListener): Dispatcher.DispatchHandler {
  let abort: ((reason: Error) => void) | undefined;
  let received = 0;
  const refuse = (declared?: number): false => {
    const reason = tooLargeReason(what, limit, declared);
    onTooLarge?.(reason);
    abort?.(tooLargeError(reason));
    return false;
  };
  const tooLong = (status: number, declared: number | undefined) => status >= 200 && declared !== undefined && declared > limit;
  const overrides: Dispatcher.DispatchHandler = {
    onConnect: (abortRequest) => { abort = (reason) => abortRequest(reason); received = 0; handler.onConnect?.(abortRequest); },
    onRequestStart: (controller, context) => { abort = (reason) => controller.abort(reason); received = 0; handler.onRequestStart?.(controller, context); },
    onHeaders: (status, raw, resume, text) => (tooLong(status, rawContentLength(raw)) ? refuse(rawContentLength(raw)) : handler.onHeaders?.(status, raw, resume, text) ?? true),
    onResponseStart: (controller, status, headers: IncomingHttpHeaders, text) => {
      const declared = declaredLength(headers['content-length']);
      if (tooLong(status, declared)) refuse(declared);
      else handler.onResponseStart?.(controller, status, headers, text);
    },
    onData: (chunk) => {
      received += chunk.length;
      return received > limit ? refuse() : handler.onData?.(chunk) ?? true;
    },
    onResponseData: (controller, chunk) => {
      received += chunk.length;
      if (received > limit) refuse();
      else handler.onResponseData?.(controller, chunk);
    },
  };
  return new Proxy(handler, {
    get(target, key) {
      const own = Reflect.get(target, key) as unknown;
      // Only what the handler has is replaced: undici tells the styles apart by which methods exist.
      if (typeof own === 'function' && Object.hasOwn(overrides, key)) return Reflect.get(overrides, key) as unknown;
      return typeof own === 'function' ? (own as (...args: unknown[]) => unknown).bind(target) : own;
    },
  });
}

export interface BudgetOptions {
  /** default: the process's budget (--max-response-bytes) */
  readonly maxResponseBytes?: number;
  readonly onTooLarge?: TooLargeListener;
}

type HandlerWrapper = (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => Dispatcher.DispatchHandler;

/** How a dispatcher of one origin (a Client, a Pool) wraps each of its requests' handlers. */
function budgetWrapper(origin: string, { maxResponseBytes, onTooLarge }: BudgetOptions): HandlerWrapper {
  return (options, handler) => withinBudget(handler, what(options, origin), maxResponseBytes ?? responseBudget(), onTooLarge);
}

/** One keep-alive connection (undici's Client) within the budget. */
export class BudgetClient extends Client {
  readonly #wrap: HandlerWrapper;
  constructor(origin: string, { maxResponseBytes, onTooLarge, ...options }: Client.Options & BudgetOptions = {}) {
    super(origin, options);
    this.#wrap = budgetWrapper(origin, { maxResponseBytes, onTooLarge });
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return dispatchAsTraffic(options, handler, (o, h) => super.dispatch(o, this.#wrap(o, h)));
  }
}

/** A pool of keep-alive connections (undici's Pool) within the budget. */
export class BudgetPool extends Pool {
  readonly #wrap: HandlerWrapper;
  constructor(origin: string, { maxResponseBytes, onTooLarge, ...options }: Pool.Options & BudgetOptions = {}) {
    super(origin, options);
    this.#wrap = budgetWrapper(origin, { maxResponseBytes, onTooLarge });
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return dispatchAsTraffic(options, handler, (o, h) => super.dispatch(o, this.#wrap(o, h)));
  }
}

/**
 * Any origin (undici's Agent) within the budget. A class of its own name: webdriverio
 * uses a global dispatcher only when it is not a plain Agent (see device-server/wdio-session.ts).
 */
export class BudgetAgent extends Agent {
  readonly #limit: number | undefined;
  /** Who is told when a request fails the budget (a check's transcript). */
  onTooLarge: TooLargeListener | undefined;
  constructor({ maxResponseBytes, onTooLarge, ...options }: Agent.Options & BudgetOptions = {}) {
    super(options);
    this.#limit = maxResponseBytes;
    this.onTooLarge = onTooLarge;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return dispatchAsTraffic(options, handler, (o, h) => super.dispatch(o, withinBudget(h, what(o), this.#limit ?? responseBudget(), (reason) => this.onTooLarge?.(reason))));
  }
}
