/**
 * The bench's physical-limit reference: a bare uWebSockets.js server that answers a few fixed paths
 * (query strings ignored) with the exact status, headers and body the service sent for the matching
 * request, captured before the run, and nothing else. No routing beyond that, no auth, no metering,
 * no logs, so the service's CPU per request reads as a ratio to "what uWS costs to write the same
 * bytes on this box, in this run".
 *
 *   node --import tsx bench/baseline-server.ts <manifest.json>
 *
 * The manifest is `[{ "path": "/small", "headers": [[name, value], ...], "bodyFile": "..." }, ...]`
 * (written by bench/capture.ts). Listens on 127.0.0.1, port 0, and reports
 * `{"message":"listening","port":N}` on stderr, like the service.
 */
import { readFileSync } from 'node:fs';
import { App, type HttpResponse, type us_listen_socket, us_socket_local_port } from 'uWebSockets.js';

export interface BaselineRouteFile {
  path: string;
  headers: [string, string][];
  bodyFile: string;
}

function readManifest(argv: readonly string[]): BaselineRouteFile[] {
  const [manifest] = argv;
  if (manifest === undefined) {
    process.stderr.write('usage: node --import tsx bench/baseline-server.ts <manifest.json>\n');
    process.exit(2);
  }
  return JSON.parse(readFileSync(manifest, 'utf8')) as BaselineRouteFile[];
}

function answerWith(headers: readonly [string, string][], body: Buffer) {
  return function precomputed(res: HttpResponse): void {
    res.writeStatus('200 OK');
    for (const [name, value] of headers) res.writeHeader(name, value);
    res.end(body);
  };
}

function notFound(res: HttpResponse): void {
  res.writeStatus('404 Not Found').end();
}

function main(): void {
  let app = App();
  for (const route of readManifest(process.argv.slice(2))) app = app.get(route.path, answerWith(route.headers, readFileSync(route.bodyFile)));
  app.any('/*', notFound).listen('127.0.0.1', 0, function reportPort(listenSocket: us_listen_socket | false) {
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
