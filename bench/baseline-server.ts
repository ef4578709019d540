/**
 * The bench's physical-limit reference: a bare uWebSockets.js server that answers GET /small and
 * GET /page (query strings ignored) with bodies precomputed from files, and nothing else. It does
 * no routing beyond that, no auth and no metering, so the service's req/s and CPU per request can be
 * read as a ratio to "what uWS costs for the same payload on this box, in this run".
 *
 *   node --import tsx bench/baseline-server.ts <small-body-file> <page-body-file>
 *
 * Listens on 127.0.0.1, port 0, and reports `{"message":"listening","port":N}` on stderr, like the service.
 */
import { readFileSync } from 'node:fs';
import { App, type HttpResponse, type us_listen_socket, us_socket_local_port } from 'uWebSockets.js';

/** The same Content-Type the service sends, so the only header difference is the service's extra headers. */
const CONTENT_TYPE = 'application/json; charset=utf-8';

function readBodies(argv: readonly string[]): { small: Buffer; page: Buffer } {
  const [smallFile, pageFile] = argv;
  if (smallFile === undefined || pageFile === undefined) {
    process.stderr.write('usage: node --import tsx bench/baseline-server.ts <small-body-file> <page-body-file>\n');
    process.exit(2);
  }
  return { small: readFileSync(smallFile), page: readFileSync(pageFile) };
}

function answerWith(body: Buffer) {
  return function precomputed(res: HttpResponse): void {
    res.writeStatus('200 OK').writeHeader('Content-Type', CONTENT_TYPE).end(body);
  };
}

function notFound(res: HttpResponse): void {
  res.writeStatus('404 Not Found').end();
}

function main(): void {
  const { small, page } = readBodies(process.argv.slice(2));
  App()
    .get('/small', answerWith(small))
    .get('/page', answerWith(page))
    .any('/*', notFound)
    .listen('127.0.0.1', 0, function reportPort(listenSocket: us_listen_socket | false) {
      if (!listenSocket) {
        process.stderr.write(`${JSON.stringify({ level: 'error', message: 'cannot listen on 127.0.0.1:0' })}\n`);
        process.exit(1);
      }
      // A listen socket is a socket as far as uSockets is concerned; the typings keep them apart.
      const port = us_socket_local_port(listenSocket as never);
      process.stderr.write(`${JSON.stringify({ level: 'info', message: 'listening', port })}\n`);
    });
}

main();
