// The public API of harness/http: exact bytes out, strict framing in, redacted transcripts.

export { serializeRequest } from './raw-request.ts';
export type { RawRequest } from './raw-request.ts';
export { parseResponses, ResponseParser } from './response-parser.ts';
export type { ParseOptions, ParseResult } from './response-parser.ts';
export { ParsedResponse } from './parsed-response.ts';
export type { Framing, HeaderLines } from './parsed-response.ts';
export { exchange, request, resolveTarget } from './exchange.ts';
export type { ExchangeOptions, ExchangeResult, RequestOptions } from './exchange.ts';
export type { TlsOptions } from './connection.ts';
export { DEFAULT_REDACTED_HEADERS, REDACTED, Redactor } from './redactor.ts';
export type { RedactorOptions } from './redactor.ts';
export { formatEntry, Transcript } from './transcript.ts';
export type { TranscriptEntry, TranscriptExchange, TranscriptNote, TranscriptTextOptions } from './transcript.ts';
export { escapeBytes } from './escape-bytes.ts';
export { raceRequests } from './last-byte-race.ts';
export type { RaceEntry, RaceResult } from './last-byte-race.ts';
export { framingFaultOf, strayRange } from './framing-fault.ts';
export type { ByteRange, FramingFault } from './framing-fault.ts';
export { ExchangeCode, ExchangeError, FramingCode, FramingError, RedactorError } from './http-errors.ts';
export type { ExchangeErrorCode, FramingErrorCode } from './http-errors.ts';
