/**
 * The bench's physical-limit reference: a bare uWebSockets.js server that answers a few fixed paths
 * with the exact status, headers and body the service sent for the matching request, captured before
 * the run, and nothing else. A route answers either every query string with one response (`/small`,
 * `/page`, `/page-br`), or each query string with the response the service gave for that very query
 * string (`/same`, for scenario e's distinct searches, whose pages differ in size; an unknown query
 * string gets 404). No routing beyond that, no auth, no metering, no logs, so the service's CPU per
 * request reads as a ratio to "what uWS costs to write the same bytes on this box, in this run".
 *
 *   node --import tsx bench/baseline-server.ts <manifest.json>
 *
 * The manifest is a list of responses (written by bench/capture.ts):
 * `[{ "path": "/small", "status": "200 OK", "headers": [[name, value], ...], "bodyFile": "...",
 * "bodyOffset": 0, "bodyLength": 2400 }, { "path": "/same", "query": "q=curl&limit=20", ... }, ...]`.
 * An entry without `query` answers every query string on its path. Listens on 127.0.0.1, port 0, and
 * reports `{"message":"listening","port":N}` on stderr, like the service.
 */
import { readFileSync } from 'node:fs';
import { App, type HttpRequest, type HttpResponse, type us_listen_socket, us_socket_local_port } from 'uWebSockets.js';

export interface BaselineResponseFile {
  path: string;
  /** The raw query string (no '?') this response answers; absent: every query string on `path`. */
  query?: string;
  /** Status line as the service sent it, e.g. "200 OK". */
  status: string;
  headers: [string, string][];
  /** The body is bytes [bodyOffset, bodyOffset + bodyLength) of bodyFile. */
  bodyFile: string;
  bodyOffset: number;
  bodyLength: number;
}

interface Replay {
  status: string;
  headers: readonly [string, string][];
  body: Buffer;
}

function readManifest(argv: readonly string[]): BaselineResponseFile[] {
  const [manifest] = argv;
  if (manifest === undefined) {
    process.stderr.write('usage: node --import tsx bench/baseline-server.ts <manifest.json>\n');
    process.exit(2);
  }
  return JSON.parse(readFileSync(manifest, 'utf8')) as BaselineResponseFile[];
}

function write(res: HttpResponse, replay: Replay): void {
  res.writeStatus(replay.status);
  for (const [name, value] of replay.headers) res.writeHeader(name, value);
  res.end(replay.body);
}

function answerWith(replay: Replay) {
  return function precomputed(res: HttpResponse): void {
    write(res, replay);
  };
}

function answerByQuery(replays: ReadonlyMap<string, Replay>) {
  return function sameBytes(res: HttpResponse, req: HttpRequest): void {
    const replay = replays.get(req.getQuery() ?? '');
    if (replay === undefined) notFound(res);
    else write(res, replay);
  };
}

function notFound(res: HttpResponse): void {
  res.writeStatus('404 Not Found').end();
}

function main(): void {
  const files = new Map<string, Buffer>();
  const fixed = new Map<string, Replay>();
  const byQuery = new Map<string, Map<string, Replay>>();
  for (const entry of readManifest(process.argv.slice(2))) {
    let file = files.get(entry.bodyFile);
    if (file === undefined) {
      file = readFileSync(entry.bodyFile);
      files.set(entry.bodyFile, file);
    }
    const replay: Replay = {
      status: entry.status,
      headers: entry.headers,
      body: file.subarray(entry.bodyOffset, entry.bodyOffset + entry.bodyLength),
    };
    if (entry.query === undefined) fixed.set(entry.path, replay);
    else {
      let replays = byQuery.get(entry.path);
      if (replays === undefined) {
        replays = new Map();
        byQuery.set(entry.path, replays);
      }
      replays.set(entry.query, replay);
    }
  }
  let app = App();
  for (const [path, replay] of fixed) app = app.get(path, answerWith(replay));
  for (const [path, replays] of byQuery) app = app.get(path, answerByQuery(replays));
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
