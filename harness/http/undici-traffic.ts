// The run's traffic rules (target-traffic.ts) for undici's dispatchers — the resource
// API's keep-alive sessions, webdriverio, the harness's fetch() calls: each request gets
// the extra headers it does not set itself, and, under --rate-limit, is handed to the
// dispatcher only once its slot has come. dispatch() cannot wait, so the request is
// held and dispatched later; undici times a request from its dispatch, so the wait
// counts against none of its timeouts.
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { ExtraHeader } from './extra-headers.ts';
import { awaitSendSlot, extraHeaders, rateLimit } from './target-traffic.ts';

type Headers = Dispatcher.DispatchOptions['headers'];
type Pairs = [string, string | string[] | undefined][];

function isPlainObject(value: object): value is Record<string, string | string[] | undefined> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Every shape undici takes headers in (an object, a flat list, pairs, an iterable), with `extra` added where absent. */
export function undiciHeadersWith(headers: Headers, extra: readonly ExtraHeader[]): Headers {
  if (extra.length === 0) return headers;
  const missing = (names: Iterable<string>) => {
    const present = new Set([...names].map((n) => n.toLowerCase()));
    return extra.filter((h) => !present.has(h.name.toLowerCase()));
  };
  if (headers === undefined || headers === null) return Object.fromEntries(extra.map((h) => [h.name, h.value]));
  if (Array.isArray(headers) && headers.every((item) => typeof item === 'string')) {
    const flat = headers as string[];
    return [...flat, ...missing(flat.filter((_, i) => i % 2 === 0)).flatMap((h) => [h.name, h.value])];
  }
  if (!Array.isArray(headers) && isPlainObject(headers)) {
    const object = headers as IncomingHttpHeaders;
    return { ...object, ...Object.fromEntries(missing(Object.keys(object)).map((h) => [h.name, h.value])) };
  }
  const pairs = [...(headers as Iterable<[string, string | string[] | undefined]>)] as Pairs;
  return [...pairs, ...missing(pairs.map(([name]) => name)).map((h) => [h.name, h.value] as [string, string])];
}

/** Tells a handler that its request failed before it was dispatched, in whichever style it speaks. */
function fail(handler: Dispatcher.DispatchHandler, error: Error): void {
  if (handler.onError) {
    handler.onError(error);
    return;
  }
  const controller: Dispatcher.DispatchController = {
    aborted: true, paused: false, reason: error, abort: () => {}, pause: () => {}, resume: () => {},
  };
  handler.onResponseError?.(controller, error);
}

/** `dispatch(options, handler)` with the run's extra headers, once the request's slot has come. */
export function dispatchAsTraffic(
  options: Dispatcher.DispatchOptions,
  handler: Dispatcher.DispatchHandler,
  dispatch: (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => boolean,
): boolean {
  const extra = extraHeaders();
  const withHeaders = extra.length === 0 ? options : { ...options, headers: undiciHeadersWith(options.headers, extra) };
  if (rateLimit() === undefined) return dispatch(withHeaders, handler);
  awaitSendSlot(1).then(() => dispatch(withHeaders, handler), (error: unknown) => fail(handler, error as Error));
  return true;
}
