// fast-check arbitraries of valid HTTP/1.1 response sequences, with the exact bytes a
// server would send and what a correct parser must make of them. Used by this module's
// property tests (parse round trip, arbitrary chunking, stray bytes).

import fc from 'fast-check';

export type Line = readonly [string, string];

export interface ResponseSpec {
  method: 'GET' | 'HEAD' | 'POST' | 'DELETE';
  interim: { status: number; headers: Line[] }[];
  status: number;
  reason: string;
  /** every header line in wire order, framing headers included */
  headers: Line[];
  /** what the parser must return as the body */
  body: Buffer;
  framing: 'content-length' | 'chunked' | 'no-body' | 'until-close';
  trailers: Line[];
  /** the exact bytes of this response, interim responses included */
  bytes: Buffer;
}

const TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const token = fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 10 });
// VCHAR, SP, HTAB and obs-text; surrounding whitespace is not part of a value.
const fieldChar = fc.oneof(fc.integer({ min: 0x21, max: 0x7e }), fc.constantFrom(0x20, 0x09), fc.integer({ min: 0x80, max: 0xff }))
  .map((c) => String.fromCharCode(c));
const fieldValue = fc.string({ unit: fieldChar, maxLength: 16 }).map((v) => v.replace(/^[ \t]+|[ \t]+$/g, ''));
// Framing headers are placed by the generator; Connection could announce a close and end
// the stream (RFC 9112 §9.6), which the close tests exercise on their own.
const reservedNames = new Set(['content-length', 'transfer-encoding', 'connection']);
const headerLine = fc.tuple(token.filter((n) => !reservedNames.has(n.toLowerCase())), fieldValue);
const headerLines = fc.array(headerLine, { maxLength: 4 });

function head(status: number, reason: string, headers: readonly Line[]): string {
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

const chunkedShape = fc.record({
  cuts: fc.array(fc.nat({ max: 300 }), { maxLength: 5 }),
  upper: fc.boolean(),
  zeros: fc.nat({ max: 2 }),
  ext: fc.option(fc.tuple(token, fc.option(token, { nil: undefined })), { nil: undefined }),
  trailers: headerLines,
});

type ChunkedShape = typeof chunkedShape extends fc.Arbitrary<infer T> ? T : never;

function chunkedBytes(body: Buffer, shape: ChunkedShape): Buffer {
  const cuts = [...new Set(shape.cuts.map((c) => c % (body.length + 1)))].sort((a, b) => a - b);
  const bounds = [0, ...cuts, body.length].filter((c, i, all) => i === 0 || c !== all[i - 1]);
  const ext = shape.ext ? `;${shape.ext[0]}${shape.ext[1] === undefined ? '' : `=${shape.ext[1]}`}` : '';
  const size = (n: number) => '0'.repeat(shape.zeros) + (shape.upper ? n.toString(16).toUpperCase() : n.toString(16));
  const parts: Buffer[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const chunk = body.subarray(bounds[i - 1], bounds[i]);
    if (chunk.length > 0) parts.push(latin1(`${size(chunk.length)}${ext}\r\n`), chunk, latin1('\r\n'));
  }
  const trailers = shape.trailers.map(([n, v]) => `${n}: ${v}\r\n`).join('');
  parts.push(latin1(`0${ext}\r\n${trailers}\r\n`));
  return Buffer.concat(parts);
}

const interim = fc.record({ status: fc.constantFrom(100, 102, 103), headers: headerLines });

const baseResponse = fc.record({
  method: fc.constantFrom('GET' as const, 'HEAD' as const, 'POST' as const, 'DELETE' as const),
  interim: fc.array(interim, { maxLength: 2 }),
  status: fc.oneof(fc.constantFrom(200, 201, 204, 304, 404), fc.integer({ min: 200, max: 599 })),
  reason: fieldValue,
  headers: headerLines,
  body: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  framing: fc.constantFrom('content-length' as const, 'chunked' as const),
  framingAt: fc.nat(),
  chunked: chunkedShape,
});

type Base = typeof baseResponse extends fc.Arbitrary<infer T> ? T : never;

function build(r: Base, untilClose: boolean): ResponseSpec {
  const noBody = r.method === 'HEAD' || r.status === 204 || r.status === 304;
  const framing = untilClose && !noBody ? 'until-close' : r.framing;
  const headers: Line[] = [...r.headers];
  // A no-body response may still carry framing headers (HEAD and 304 describe the GET answer).
  const framingHeader: Line | undefined = framing === 'until-close' ? undefined
    : framing === 'chunked' ? ['Transfer-Encoding', 'chunked'] : ['Content-Length', String(r.body.length)];
  if (framingHeader) headers.splice(r.framingAt % (headers.length + 1), 0, framingHeader);
  const content = noBody ? Buffer.alloc(0) : framing === 'chunked' ? chunkedBytes(r.body, r.chunked) : r.body;
  const interimBytes = r.interim.map((i) => head(i.status, 'Info', i.headers)).join('');
  return {
    method: r.method, interim: r.interim, status: r.status, reason: r.reason, headers,
    body: noBody ? Buffer.alloc(0) : r.body,
    framing: noBody ? 'no-body' : framing,
    trailers: !noBody && framing === 'chunked' ? r.chunked.trailers : [],
    bytes: Buffer.concat([latin1(interimBytes + head(r.status, r.reason, headers)), content]),
  };
}

/** One valid response (Content-Length or chunked, or bodyless by status or HEAD). */
export const responseSpec: fc.Arbitrary<ResponseSpec> = baseResponse.map((r) => build(r, false));

/** A sequence of valid responses; with `untilClose`, the last may be delimited by the end of the stream. */
export function responseSequence(options: { minLength?: number; maxLength?: number; untilClose?: boolean } = {}): fc.Arbitrary<ResponseSpec[]> {
  return fc.tuple(fc.array(baseResponse, { minLength: options.minLength ?? 1, maxLength: options.maxLength ?? 5 }), fc.boolean())
    .map(([rs, close]) => rs.map((r, i) => build(r, options.untilClose === true && close && i === rs.length - 1)));
}

/** A response that must have no body: 204 or 304, or any status answering HEAD. */
export const noBodySpec: fc.Arbitrary<ResponseSpec> = fc.tuple(baseResponse, fc.constantFrom('204', '304', 'HEAD'))
  .map(([r, kind]) => build(kind === 'HEAD' ? { ...r, method: 'HEAD' } : { ...r, status: Number(kind) }, false));

/** What a parsed response is compared on. */
export function expected(spec: ResponseSpec) {
  return {
    statusCode: spec.status, reason: spec.reason, headers: spec.headers, body: spec.body, framing: spec.framing,
    trailers: spec.trailers, interim: spec.interim.map((i) => ({ statusCode: i.status, headers: i.headers })),
  };
}

/** The same view of a parsed response. */
export function observed(r: { statusCode: number; reason: string; headers: readonly Line[]; body: Buffer; framing: string; trailers: readonly Line[]; interim: readonly { statusCode: number; headers: readonly Line[] }[] }) {
  return {
    statusCode: r.statusCode, reason: r.reason, headers: r.headers, body: r.body, framing: r.framing,
    trailers: r.trailers, interim: r.interim.map((i) => ({ statusCode: i.statusCode, headers: i.headers })),
  };
}

/** Cut `bytes` into pieces at the given points (taken modulo its length). */
export function split(bytes: Buffer, points: readonly number[]): Buffer[] {
  const cuts = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const bounds = [0, ...cuts, bytes.length];
  const pieces: Buffer[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const piece = bytes.subarray(bounds[i - 1], bounds[i]);
    if (piece.length > 0) pieces.push(piece);
  }
  return pieces;
}

// Bytes that are wrong at every position of a status line or field line: the prefix
// "HTTP/1.", a digit, SP, a reason, a field name, a value, CR (not the reason's end
// then) and LF (a CR before it becomes a bare CR) all exclude them.
const BAD_HEAD_BYTES = [...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)), 0x7f];

export interface CorruptedHead {
  /** valid responses, then one whose head (interim heads included) has one byte replaced by a bad one */
  stream: Buffer;
  methods: ResponseSpec['method'][];
  /** offset of the bad byte: the first one no valid stream can have there */
  badAt: number;
  /** responses complete before the corrupted one */
  answered: number;
}

/** A stream of valid responses whose last head holds a bad byte at a random position. */
export const corruptedHead: fc.Arbitrary<CorruptedHead> = fc.tuple(
  responseSequence({ minLength: 0, maxLength: 3 }), responseSpec, fc.nat(), fc.constantFrom(...BAD_HEAD_BYTES),
).map(([before, target, position, bad]) => {
  const start = before.reduce((n, s) => n + s.bytes.length, 0);
  // The head ends at the first empty line after the last interim head.
  const interimLength = target.interim.reduce((n, i) => n + head(i.status, 'Info', i.headers).length, 0);
  const headLength = interimLength + head(target.status, target.reason, target.headers).length;
  const badAt = start + (position % headLength);
  const stream = Buffer.concat([...before.map((s) => s.bytes), target.bytes]);
  stream[badAt] = bad;
  return { stream, methods: [...before, target].map((s) => s.method), badAt, answered: before.length };
});
