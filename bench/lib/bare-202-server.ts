// Limit (b) of the throughput bench: the cheapest HTTP server Node can be — read the
// body, answer 202 {"received":true}. No framework, no signature, no database: what
// a receiver would do if everything it must do took no time. Any path answers (also
// /healthz, which is how the bench sees it ready).
import { createServer } from 'node:http';

const BODY = Buffer.from('{"received":true}');
const server = createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(202, { 'content-type': 'application/json; charset=utf-8', 'content-length': BODY.length });
    response.end(BODY);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env['PORT'] ?? 0), process.env['HOST'] ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
