// What a hostile target writes on the socket instead of an HTTP answer: each one aims at
// a way a certification tool can be made to buffer without end, hang, or carry a
// target's bytes raw into a terminal or a report.
import type { Socket } from 'node:net';

export type HostileAnswer = (socket: Socket) => void;

/** Control bytes and markup, as a target could put them in any field it answers with. */
export const INJECTED = '\x1b[2J\x1b]0;pwned\x07\x9b31m\r\u202e<script>alert(1)</script>\x00';

/** Writes `chunk` for as long as the peer reads, honouring backpressure, until it goes away. */
function writeForever(socket: Socket, chunk: Buffer): void {
  const pump = (): void => {
    while (!socket.destroyed && socket.write(chunk));
    if (!socket.destroyed) socket.once('drain', pump);
  };
  pump();
}

const MEGABYTE_OF_X = Buffer.alloc(1 << 20, 'x');

export const HOSTILE_ANSWERS = {
  /** A chunked body that never ends: 1 MiB chunks for as long as the harness reads. */
  'endless-chunked-body': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    writeForever(socket, Buffer.concat([Buffer.from('100000\r\n'), MEGABYTE_OF_X, Buffer.from('\r\n')]));
  },
  /** 2 GiB announced, then streamed: the length alone must be enough to refuse it. */
  'huge-content-length': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2147483648\r\n\r\n');
    writeForever(socket, MEGABYTE_OF_X);
  },
  /** A head that never ends: one more header field line for as long as the harness reads. */
  'endless-headers': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\n');
    writeForever(socket, Buffer.from(`X-Filler: ${'y'.repeat(1000)}\r\n`.repeat(1000)));
  },
  /** Accepts the request and never answers. */
  'stall': () => {},
  /** A well-framed 200 with control bytes and markup in the reason phrase, a header and the body. */
  'control-bytes': (socket) => {
    // The head keeps its framing: no CR, LF or NUL there (those would end the line, not inject).
    const inHead = INJECTED.replace(/[\r\n]/g, '').replace('\x00', '');
    // Raw in the JSON strings, not JSON-escaped: a check that quotes the body must escape it itself.
    const body = Buffer.from(`{"id":"${INJECTED}","weeklyDigest":"${INJECTED}","value":{"error":"${INJECTED}"}}`);
    socket.write(Buffer.concat([
      Buffer.from(`HTTP/1.1 200 ${inHead}\r\nContent-Type: application/json\r\nX-Injected: ${inHead}\r\nContent-Length: ${body.length}\r\n\r\n`, 'latin1'),
      body,
    ]));
  },
} satisfies Record<string, HostileAnswer>;

export type HostileBehaviour = keyof typeof HOSTILE_ANSWERS;
