// A TCP proxy in front of a target that records every request passing through it, byte
// for byte, with the time its first byte arrived — what an API gateway sees. It forwards
// bytes unchanged both ways, so the framing checks see the target as it is.
import net from 'node:net';

export interface RecordedRequest {
  /** The request head: request line and header lines, without the empty line. */
  readonly head: string;
  /** performance.now() when its first byte arrived. */
  readonly at: number;
}

export interface RecordingProxy {
  readonly url: string;
  /** Every request head seen, over all connections, in order of arrival. */
  requests(): RecordedRequest[];
  close(): Promise<void>;
}

interface Stream { bytes: Buffer; times: { offset: number; at: number }[] }

function timeAt(stream: Stream, offset: number): number {
  let at = stream.times[0]?.at ?? 0;
  for (const mark of stream.times) if (mark.offset <= offset) at = mark.at;
  return at;
}

/** The request heads of one connection's client-to-target bytes (bodies skipped by Content-Length). */
function headsOf(stream: Stream): RecordedRequest[] {
  const heads: RecordedRequest[] = [];
  for (let pos = 0; pos < stream.bytes.length;) {
    const end = stream.bytes.indexOf('\r\n\r\n', pos);
    if (end < 0) break;
    const head = stream.bytes.subarray(pos, end).toString('latin1');
    heads.push({ head, at: timeAt(stream, pos) });
    pos = end + 4 + Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? '0');
  }
  return heads;
}

export async function startRecordingProxy(targetUrl: string): Promise<RecordingProxy> {
  const target = new URL(targetUrl);
  const streams: Stream[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port) });
    const stream: Stream = { bytes: Buffer.alloc(0), times: [] };
    streams.push(stream);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => { client.destroy(); upstream.destroy(); });
    }
    client.on('data', (chunk: Buffer) => {
      stream.times.push({ offset: stream.bytes.length, at: performance.now() });
      stream.bytes = Buffer.concat([stream.bytes, chunk]);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests: () => streams.flatMap(headsOf).sort((a, b) => a.at - b.at),
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
