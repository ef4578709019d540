/**
 * The bench's physical-limit reference: a bare uWebSockets.js server that answers GET /small and
 * GET /page (query strings ignored) with bodies precomputed from files, and, given a third file,
 * GET /same?<query> with the very body the service gave for that query string (so a scenario whose
 * responses vary in size, such as distinct searches, is compared for the same bytes). It does no
 * routing beyond that, no auth and no metering, so the service's req/s and CPU per request can be
 * read as a ratio to "what uWS costs for the same payload on this box, in this run".
 *
 *   node --import tsx bench/baseline-server.ts <small-body-file> <page-body-file> [<same-bodies-file>]
 *
 * The same-bodies file is JSON: an array of [query string, base64 body].
 *
 * Listens on 127.0.0.1, port 0, and reports `{"message":"listening","port":N}` on stderr, like the service.
 */
import { readFileSync } from 'node:fs';
import { App, type HttpRequest, type HttpResponse, type us_listen_socket, us_socket_local_port } from 'uWebSockets.js';

/** The same Content-Type the service sends, so the only header difference is the service's extra headers. */
const CONTENT_TYPE = 'application/json; charset=utf-8';

function readBodies(argv: readonly string[]): { small: Buffer; page: Buffer; same: Map<string, Buffer> } {
  const [smallFile, pageFile, sameFile] = argv;
  if (smallFile === undefined || pageFile === undefined) {
    process.stderr.write('usage: node --import tsx bench/baseline-server.ts <small-body-file> <page-body-file>\n');
    process.exit(2);
  }
  const same = new Map<string, Buffer>();
  if (sameFile !== undefined) {
    for (const [query, body] of JSON.parse(readFileSync(sameFile, 'utf8')) as [string, string][]) same.set(query, Buffer.from(body, 'base64'));
  }
  return { small: readFileSync(smallFile), page: readFileSync(pageFile), same };
}

function answerWith(body: Buffer) {
  return function precomputed(res: HttpResponse): void {
    res.writeStatus('200 OK').writeHeader('Content-Type', CONTENT_TYPE).end(body);
  };
}

function answerFrom(bodies: ReadonlyMap<string, Buffer>) {
  return function sameBytes(res: HttpResponse, req: HttpRequest): void {
    const body = bodies.get(req.getQuery() ?? '');
    if (body === undefined) notFound(res);
    else res.writeStatus('200 OK').writeHeader('Content-Type', CONTENT_TYPE).end(body);
  };
}

function notFound(res: HttpResponse): void {
  res.writeStatus('404 Not Found').end();
}

function main(): void {
  const { small, page, same } = readBodies(process.argv.slice(2));
  App()
    .get('/small', answerWith(small))
    .get('/page', answerWith(page))
    .get('/same', answerFrom(same))
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
